// Every one of the 2^32 operand pairs of FP16, of BF16, of INT16 (floor and
// truncation) and of UINT16: the core's result is the oracle's quotient, bit
// for bit, and every rejected pair is rejected as the requirements say.
// Label: exhaustive. The integer campaigns also record every pair that
// reaches the division, so that "2^32 pairs" is shown pair by pair: each of
// them, once (DIV-TQ-D1; the fault controls are test_campaign_controls.cpp).
#include <gtest/gtest.h>

#include <atomic>
#include <bitset>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "sonnx/oracle/campaign.hpp"

namespace sonnx::oracle {
namespace {

void report_and_check(const CampaignResult& r, const char* name, const char* type, const char* rounding) {
    std::printf("%s: %llu pairs, %llu mismatches, %.0f s on 2 threads\n", name,
                static_cast<unsigned long long>(r.pairs), static_cast<unsigned long long>(r.mismatches), r.seconds);
    ::testing::Test::RecordProperty("type", type);
    if (rounding[0] != '\0') {
        ::testing::Test::RecordProperty("int_rounding", rounding);
    }
    ::testing::Test::RecordProperty("pairs", std::to_string(r.pairs));
    ::testing::Test::RecordProperty("mismatches", std::to_string(r.mismatches));
    ::testing::Test::RecordProperty("seconds", std::to_string(r.seconds));
    EXPECT_EQ(r.pairs, 65536ULL * 65536ULL);
    EXPECT_EQ(r.mismatches, 0U);
    for (const std::string& example : r.examples) {
        ADD_FAILURE() << example;
    }
}

void run_all_pairs(ElementType type, const char* name) {
    report_and_check(float16_campaign(type, 0U, 1U, 2U), name, name, "");
}

// ---- the 16-bit integers: every pair, and each pair seen by the division once ----

// One bit per pair (the 16-bit patterns of A and B side by side: 2^32 bits,
// 512 MiB), set by the recording division from the engine's threads.
constexpr std::uint64_t kWords = (std::uint64_t{1} << 32U) / 64U;
std::unique_ptr<std::atomic<std::uint64_t>[]> seen;
std::atomic<std::uint64_t> seen_twice{0U};

void mark(std::uint64_t word, std::uint64_t bits) {
    const std::uint64_t before = seen[word].fetch_or(bits, std::memory_order_relaxed);
    seen_twice += std::bitset<64>(before & bits).count();
}

// sonnx::div, after marking the pairs it is given.
Status recording(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y, const DivOptions& options,
                 DivReport* report) noexcept {
    const auto* as = static_cast<const std::uint16_t*>(a.data);  // INT16 and UINT16 alike: the bit pattern
    const auto* bs = static_cast<const std::uint16_t*>(b.data);
    std::uint64_t word = 0U;
    std::uint64_t bits = 0U;
    for (std::uint64_t i = 0U; i < a.shape.dims[0]; ++i) {
        const std::uint64_t pair = (std::uint64_t{as[i]} << 16U) | bs[i];
        if (((pair / 64U) != word) && (bits != 0U)) {
            mark(word, bits);
            bits = 0U;
        }
        word = pair / 64U;
        const std::uint64_t bit = std::uint64_t{1} << (pair % 64U);
        seen_twice += ((bits & bit) != 0U) ? 1U : 0U;  // twice in one call
        bits |= bit;
    }
    if (bits != 0U) {
        mark(word, bits);
    }
    return div(a, b, y, options, report);
}

void run_all_int16_pairs(ElementType type, IntRounding rounding, const char* name, const char* type_name,
                         const char* rounding_name) {
    seen.reset(new std::atomic<std::uint64_t>[kWords]());
    seen_twice = 0U;
    CampaignPlan plan;
    plan.type = type;
    plan.mode = CampaignMode::exhaustive;
    plan.rounding = rounding;
    plan.threads = 2U;
    plan.subject = &recording;
    report_and_check(run_campaign(plan), name, type_name, rounding_name);
    std::uint64_t missed = 0U;
    for (std::uint64_t w = 0U; w < kWords; ++w) {
        missed += 64U - std::bitset<64>(seen[w].load(std::memory_order_relaxed)).count();
    }
    EXPECT_EQ(missed, 0U) << "pairs that never reached the division";
    EXPECT_EQ(seen_twice.load(), 0U) << "pairs given to the division more than once";
    seen.reset();
}

// [utest->req~div-float-f1~1]
// [utest->req~div-float-d7~1]
TEST(CampaignExhaustive, Fp16AllPairs) {
    RecordProperty("requirements", "DIV-FLOAT-F1,DIV-FLOAT-D7");
    run_all_pairs(ElementType::fp16, "FP16");
}

// [utest->req~div-float-f1~1]
// [utest->req~div-float-d7~1]
TEST(CampaignExhaustive, Bf16AllPairs) {
    RecordProperty("requirements", "DIV-FLOAT-F1,DIV-FLOAT-D7");
    run_all_pairs(ElementType::bf16, "BF16");
}

// [utest->req~div-int-f1~1]
// [utest->req~div-int-d2~1]
// [utest->req~div-int-c3~1]
// [utest->req~div-tq-d1~3]
TEST(CampaignExhaustive, Int16FloorAllPairs) {
    RecordProperty("requirements", "DIV-INT-F1,DIV-INT-D2,DIV-INT-C3,DIV-TQ-D1");
    run_all_int16_pairs(ElementType::int16, IntRounding::floor, "INT16 floor", "INT16", "floor");
}

// [utest->req~div-int-d1~1]
// [utest->req~div-int-d2~1]
// [utest->req~div-int-c3~1]
// [utest->req~div-tq-d1~3]
TEST(CampaignExhaustive, Int16TruncAllPairs) {
    RecordProperty("requirements", "DIV-INT-D1,DIV-INT-D2,DIV-INT-C3,DIV-TQ-D1");
    run_all_int16_pairs(ElementType::int16, IntRounding::toward_zero, "INT16 trunc", "INT16", "trunc");
}

// [utest->req~div-int-f1~1]
// [utest->req~div-int-c3~1]
// [utest->req~div-tq-d1~3]
TEST(CampaignExhaustive, Uint16AllPairs) {
    RecordProperty("requirements", "DIV-INT-F1,DIV-INT-C3,DIV-TQ-D1");
    run_all_int16_pairs(ElementType::uint16, IntRounding::floor, "UINT16", "UINT16", "");
}

}  // namespace
}  // namespace sonnx::oracle
