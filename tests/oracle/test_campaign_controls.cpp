// Negative controls of the campaign engine (tool qualification, issue #12):
// the engine is run against deliberately wrong divisions and must report
// exactly the mismatches that an independent computation predicts, never
// zero; with the true division, a recording subject shows that every pair
// of the plan reaches the division once per kernel path. FP16 and BF16 on a
// strided plan, INT8 on every pair, INT16 (both roundings) and UINT16 on a
// seeded sample.
//
// The predictions do not use MPFR, GMP or the core: FP16 quotients come from
// fp16_reference.hpp, integer quotients from int64 arithmetic.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "fp16_reference.hpp"
#include "plan_size.hpp"
#include "sonnx/oracle/campaign.hpp"

namespace sonnx::oracle {
namespace {

using namespace test;  // NOLINT: the FP16 reference

// ---- the wrong divisions: the true one, then Y changed element by element ----

template <Fault fault>
Status faulty_fp16(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y, const DivOptions& options,
                   DivReport* report) noexcept {
    const Status status = div(a, b, y, options, report);
    if (status.is_ok()) {
        const auto* as = static_cast<const std::uint16_t*>(a.data);
        const auto* bs = static_cast<const std::uint16_t*>(b.data);
        auto* ys = static_cast<std::uint16_t*>(y.data);
        for (std::uint64_t i = 0U; i < a.shape.dims[0]; ++i) {
            ys[i] = fault(as[i], bs[i], ys[i], i);
        }
    }
    return status;
}

// What the engine must report for a fault over the strided FP16 plan: the
// pairs where the faulty result does not conform to the reference quotient.
std::uint64_t predicted_mismatches(Fault fault) {
    std::uint64_t count = 0U;
    for (std::uint32_t k = 0U; k < kNumerators; ++k) {
        const auto a = static_cast<std::uint16_t>(k * kStride);
        for (std::uint32_t d = 0U; d < 65536U; ++d) {
            const auto b = static_cast<std::uint16_t>(d);
            const std::uint16_t expected = reference_quotient(a, b);
            count += conforms(expected, fault(a, b, expected, d)) ? 0U : 1U;
        }
    }
    return count;
}

struct FaultCase {
    const char* name;
    Fault fault;
    DivFunction subject;
};

// [utest->req~div-tq-d1~3]
// [utest->req~div-cli-d8~2]
TEST(CampaignControls, EveryFp16FaultIsCountedExactly) {
    RecordProperty("requirements", "DIV-TQ-D1,DIV-CLI-D8");
    const std::vector<FaultCase> cases = {
        {"one ulp off", &one_ulp_off, &faulty_fp16<&one_ulp_off>},
        {"round toward zero", &toward_zero, &faulty_fp16<&toward_zero>},
        {"ties away from zero", &ties_away, &faulty_fp16<&ties_away>},
        {"flush subnormal results to zero", &flush_to_zero, &faulty_fp16<&flush_to_zero>},
        {"wrong sign of zero", &wrong_zero_sign, &faulty_fp16<&wrong_zero_sign>},
        {"signalling NaN for NaN", &signalling_nan, &faulty_fp16<&signalling_nan>},
        {"every 1000th index skipped", &skipped_index, &faulty_fp16<&skipped_index>},
    };
    for (const FaultCase& fault : cases) {
        const std::uint64_t predicted = predicted_mismatches(fault.fault);
        const CampaignResult r = float16_campaign(ElementType::fp16, 0U, kStride, 2U, {}, fault.subject);
        EXPECT_GT(predicted, 0U) << fault.name << ": the fault changes nothing here";
        EXPECT_EQ(r.mismatches, predicted) << fault.name;
        EXPECT_EQ(r.pairs, std::uint64_t{kNumerators} * 65536U) << fault.name;
        EXPECT_FALSE(r.examples.empty()) << fault.name;
    }
    // The reference itself agrees with the engine's oracle on every pair of the plan.
    EXPECT_EQ(float16_campaign(ElementType::fp16, 0U, kStride, 2U).mismatches, 0U);
}

// A fault of one kernel path only (with or without deriving the flags): the engine runs both.
template <bool with_flags>
Status wrong_on_one_path(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y,
                         const DivOptions& options, DivReport* report) noexcept {
    const Status status = div(a, b, y, options, report);
    if (status.is_ok() && ((report != nullptr) == with_flags)) {
        auto* ys = static_cast<std::uint16_t*>(y.data);
        ys[0] = static_cast<std::uint16_t>(ys[0] ^ 0x0001U);
    }
    return status;
}

// [utest->req~div-tq-d1~3]
// [utest->req~div-cli-d8~2]
TEST(CampaignControls, BothKernelPathsAreChecked) {
    RecordProperty("requirements", "DIV-TQ-D1,DIV-CLI-D8");
    // Element 0 of each block: the BF16 pattern k * 251 over divisor +0. A
    // NaN numerator or 0 / 0 gives a quiet NaN, which stays a quiet NaN with
    // its low bit flipped; any other numerator gives an infinity, which the
    // flip turns into a signalling NaN: a mismatch.
    std::uint64_t predicted = 0U;
    for (std::uint32_t k = 0U; k < kNumerators; ++k) {
        const std::uint32_t a = k * kStride;
        const bool nan = ((a & 0x7F80U) == 0x7F80U) && ((a & 0x007FU) != 0U);
        const bool zero = (a & 0x7FFFU) == 0U;
        predicted += (nan || zero) ? 0U : 1U;
    }
    EXPECT_GT(predicted, kNumerators / 2U);
    EXPECT_EQ(float16_campaign(ElementType::bf16, 0U, kStride, 2U, {}, &wrong_on_one_path<true>).mismatches, predicted);
    EXPECT_EQ(float16_campaign(ElementType::bf16, 0U, kStride, 2U, {}, &wrong_on_one_path<false>).mismatches,
              predicted);
    EXPECT_EQ(float16_campaign(ElementType::bf16, 0U, kStride, 2U).mismatches, 0U);
}

// ---- integers: every INT8 pair, predictions in int64 ----

// The integer fault every type shares: floor where truncation is due, and back.
Status divide_with_swapped_rounding(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y,
                                    const DivOptions& options, DivReport* report) noexcept {
    DivOptions swapped = options;
    swapped.int_rounding = (options.int_rounding == IntRounding::floor) ? IntRounding::toward_zero : IntRounding::floor;
    return div(a, b, y, swapped, report);
}

template <bool floor_rounding>
std::int64_t quotient(std::int64_t a, std::int64_t b) {
    std::int64_t q = a / b;  // C++: toward zero
    if (floor_rounding && ((a % b) != 0) && ((a < 0) != (b < 0))) {
        q -= 1;
    }
    return q;
}

// The rejection faults each get one field of the status wrong (the engine checks code, requirement,
// operand and index one by one); spurious_rejection rejects any call holding the valid pair 3 / 1, so
// that a batch fails and the engine must judge its other pairs one by one.
enum class IntFault : std::uint8_t {
    swapped_rounding,
    one_off,
    write_on_error,
    wrong_rejection,
    wrong_operand,
    wrong_requirement,
    wrong_index,
    spurious_rejection
};

template <IntFault fault>
Status faulty_int8(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y, const DivOptions& options,
                   DivReport* report) noexcept {
    const auto* as = static_cast<const std::int8_t*>(a.data);
    const auto* bs = static_cast<const std::int8_t*>(b.data);
    auto* ys = static_cast<std::int8_t*>(y.data);
    const std::uint64_t n = a.shape.dims[0];
    if (fault == IntFault::swapped_rounding) {
        return divide_with_swapped_rounding(a, b, y, options, report);
    }
    if (fault == IntFault::spurious_rejection) {
        for (std::uint64_t i = 0U; i < n; ++i) {
            if ((as[i] == 3) && (bs[i] == 1)) {
                return Status{StatusCode::zero_divisor, RequirementId::div_int_c3, Operand::b, i};
            }
        }
    }
    const Status status = div(a, b, y, options, report);
    if ((fault == IntFault::wrong_operand) && (status.code == StatusCode::zero_divisor)) {
        return Status{StatusCode::zero_divisor, RequirementId::div_int_c3, Operand::a, status.index};
    }
    if ((fault == IntFault::wrong_requirement) && !status.is_ok()) {  // each rejection names the other's
        const RequirementId other = (status.code == StatusCode::overflow) ? RequirementId::div_int_c3
                                                                          : RequirementId::div_int_d2;
        return Status{status.code, other, status.operand, status.index};
    }
    if ((fault == IntFault::wrong_index) && !status.is_ok()) {
        return Status{status.code, status.requirement, status.operand, status.index + 1U};
    }
    if ((fault == IntFault::one_off) && status.is_ok()) {
        for (std::uint64_t i = 0U; i < n; ++i) {
            if (ys[i] == 3) {
                ys[i] = 4;  // one quotient value off by one
            }
        }
    }
    if ((fault == IntFault::write_on_error) && !status.is_ok() && (n > 0U)) {
        ys[0] = 0;
    }
    if ((fault == IntFault::wrong_rejection) && (status.code == StatusCode::overflow)) {
        return Status{StatusCode::zero_divisor, RequirementId::div_int_c3, Operand::b, 0U};
    }
    return status;
}

// The mismatches each integer fault must give over all 65536 INT8 pairs under floor rounding.
std::uint64_t predicted_int8(IntFault fault) {
    std::uint64_t count = 0U;
    for (int a = -128; a <= 127; ++a) {
        for (int b = -128; b <= 127; ++b) {
            const bool zero = (b == 0);
            const bool overflow = (a == -128) && (b == -1);
            if (zero || overflow) {
                // Rejected pairs: a write on error or a wrong rejection (of an overflow) is a mismatch.
                count += (fault == IntFault::write_on_error) ? 1U : 0U;
                count += ((fault == IntFault::wrong_rejection) && overflow) ? 1U : 0U;
                count += ((fault == IntFault::wrong_operand) && zero) ? 1U : 0U;
                count += (fault == IntFault::wrong_requirement) ? 1U : 0U;
                count += (fault == IntFault::wrong_index) ? 1U : 0U;
                continue;
            }
            count += ((fault == IntFault::spurious_rejection) && (a == 3) && (b == 1)) ? 1U : 0U;
            const std::int64_t floor_q = quotient<true>(a, b);
            const std::int64_t trunc_q = quotient<false>(a, b);
            count += ((fault == IntFault::swapped_rounding) && (floor_q != trunc_q)) ? 1U : 0U;
            count += ((fault == IntFault::one_off) && (floor_q == 3)) ? 1U : 0U;
        }
    }
    return count;
}

// [utest->req~div-tq-d1~3]
TEST(CampaignControls, EveryIntegerFaultIsCountedExactly) {
    RecordProperty("requirements", "DIV-TQ-D1");
    const std::vector<std::pair<IntFault, DivFunction>> cases = {
        {IntFault::swapped_rounding, &faulty_int8<IntFault::swapped_rounding>},
        {IntFault::one_off, &faulty_int8<IntFault::one_off>},
        {IntFault::write_on_error, &faulty_int8<IntFault::write_on_error>},
        {IntFault::wrong_rejection, &faulty_int8<IntFault::wrong_rejection>},
        {IntFault::wrong_operand, &faulty_int8<IntFault::wrong_operand>},
        {IntFault::wrong_requirement, &faulty_int8<IntFault::wrong_requirement>},
        {IntFault::wrong_index, &faulty_int8<IntFault::wrong_index>},
        {IntFault::spurious_rejection, &faulty_int8<IntFault::spurious_rejection>},
    };
    for (const auto& [fault, subject] : cases) {
        CampaignPlan plan;
        plan.type = ElementType::int8;
        plan.mode = CampaignMode::exhaustive;
        plan.rounding = IntRounding::floor;
        plan.threads = 2U;
        plan.subject = subject;
        const CampaignResult r = run_campaign(plan);
        const std::uint64_t predicted = predicted_int8(fault);
        EXPECT_GT(predicted, 0U) << static_cast<int>(fault);
        EXPECT_EQ(r.mismatches, predicted) << static_cast<int>(fault);
        EXPECT_EQ(r.pairs, 65536U);
    }
}

// ---- what the engine reports besides the count: the examples, progress, threads ----

// INT8, every pair: four faults in the first two blocks (numerators -128 and
// -127), each of another kind, and the first ten mismatches as DIV-CLI-D8
// prints them, derived by hand: -128 / -128 = 1 given as 2; -128 / -1
// rejected as a zero divisor (DIV-INT-D2 due); -128 / 0 rejected rightly but
// with Y[0] written (0); every call holding -127 / 1 rejected as an
// overflow, so that the engine judges that pair alone.
Status faulty_examples(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y,
                       const DivOptions& options, DivReport* report) noexcept {
    const auto* as = static_cast<const std::int8_t*>(a.data);
    const auto* bs = static_cast<const std::int8_t*>(b.data);
    auto* ys = static_cast<std::int8_t*>(y.data);
    const std::uint64_t n = a.shape.dims[0];
    for (std::uint64_t i = 0U; i < n; ++i) {
        if ((as[i] == -127) && (bs[i] == 1)) {
            return Status{StatusCode::overflow, RequirementId::div_int_d2, Operand::a, i};
        }
    }
    const Status status = div(a, b, y, options, report);
    if ((n == 1U) && (as[0] == -128) && (bs[0] == -1)) {
        return Status{StatusCode::zero_divisor, RequirementId::div_int_c3, Operand::b, 0U};
    }
    if ((n == 1U) && (as[0] == -128) && (bs[0] == 0)) {
        ys[0] = 0;
        return status;
    }
    for (std::uint64_t i = 0U; i < n; ++i) {
        if ((as[i] == -128) && (bs[i] == -128)) {
            ys[i] = 2;
        }
    }
    return status;
}

// [utest->req~div-cli-d8~2]
// [utest->req~div-tq-d1~3]
TEST(CampaignControls, IntegerExamplesNameOperandsCoreAndOracle) {
    RecordProperty("requirements", "DIV-CLI-D8,DIV-TQ-D1");
    CampaignPlan plan;
    plan.type = ElementType::int8;
    plan.mode = CampaignMode::exhaustive;
    plan.threads = 1U;
    plan.subject = &faulty_examples;
    const CampaignResult r = run_campaign(plan);
    EXPECT_EQ(r.pairs, 65536U);
    EXPECT_EQ(r.mismatches, 4U);
    EXPECT_EQ(r.examples,
              (std::vector<std::string>{
                  "INT8 -128 / -128: core 2, oracle 1",
                  "INT8 -128 / -1: core zero_divisor DIV-INT-C3 (DIV-INT-R3) operand B index 0, oracle overflow "
                  "(DIV-INT-D2)",
                  "INT8 -128 / 0: core zero_divisor DIV-INT-C3 (DIV-INT-R3) operand B index 0, Y written, oracle "
                  "zero divisor (DIV-INT-C3)",
                  "INT8 -127 / 1: core overflow DIV-INT-D2 operand A index 0, oracle -127",
              }));
}

// FP16 1 over every divisor (one block), three faults: 1 / +0 = +inf
// (0x7c00) given as 0x7c01 (a signalling NaN) on both kernel paths; 1 / 1 =
// 0x3c00 given as 0x3c01 without a report only; 1 / 2 = 0.5 (0x3800) given
// as 0x3801 with a report only, which the example names "with flags".
Status faulty_fp16_examples(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y,
                            const DivOptions& options, DivReport* report) noexcept {
    const Status status = div(a, b, y, options, report);
    const auto* bs = static_cast<const std::uint16_t*>(b.data);
    auto* ys = static_cast<std::uint16_t*>(y.data);
    for (std::uint64_t i = 0U; i < a.shape.dims[0]; ++i) {
        const bool flip = (bs[i] == 0x0000U) || ((bs[i] == 0x3C00U) && (report == nullptr)) ||
                          ((bs[i] == 0x4000U) && (report != nullptr));
        if (flip) {
            ys[i] = static_cast<std::uint16_t>(ys[i] ^ 0x0001U);
        }
    }
    return status;
}

// [utest->req~div-cli-d8~2]
// [utest->req~div-tq-d1~3]
TEST(CampaignControls, FloatExamplesNameTheKernelPathThatFailed) {
    RecordProperty("requirements", "DIV-CLI-D8,DIV-TQ-D1");
    // Numerators 0x3c00, 0x3c00 + 65536, ...: 1.0 alone.
    const CampaignResult r = float16_campaign(ElementType::fp16, 0x3C00U, 65536U, 1U, {}, &faulty_fp16_examples);
    EXPECT_EQ(r.pairs, 65536U);
    EXPECT_EQ(r.mismatches, 3U);
    EXPECT_EQ(r.examples, (std::vector<std::string>{
                              "FP16 0x3c00 (1) / 0x0000 (0): core 0x7c01, oracle 0x7c00",
                              "FP16 0x3c00 (1) / 0x3c00 (1): core 0x3c01, oracle 0x3c00",
                              "FP16 0x3c00 (1) / 0x4000 (2): core 0x3800 (with flags: 0x3801), oracle 0x3800",
                          }));
}

// Examples come in pair order, whatever the threads do: on two threads, the
// call of block 0 (numerator -128) waits until block 2 (-126) has reached
// the division (the other worker takes blocks 1 and 2 while block 0 is
// held), so block 1's examples are found first. Faults: -128 / 1
// and -128 / 2 given one more (-127, -63), -127 / 1 given one more (-126).
std::atomic<bool> third_block_seen{false};

Status late_first_block(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y,
                        const DivOptions& options, DivReport* report) noexcept {
    const auto* as = static_cast<const std::int8_t*>(a.data);
    const auto* bs = static_cast<const std::int8_t*>(b.data);
    auto* ys = static_cast<std::int8_t*>(y.data);
    const std::uint64_t n = a.shape.dims[0];
    if ((n > 0U) && (as[0] == -126)) {
        third_block_seen = true;
    }
    if ((n > 1U) && (as[0] == -128)) {
        while (!third_block_seen) {  // no time limit: the verdict must not depend on load
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    }
    const Status status = div(a, b, y, options, report);
    for (std::uint64_t i = 0U; status.is_ok() && (i < n); ++i) {
        if (((as[i] == -128) && ((bs[i] == 1) || (bs[i] == 2))) || ((as[i] == -127) && (bs[i] == 1))) {
            ys[i] = static_cast<std::int8_t>(ys[i] + 1);
        }
    }
    return status;
}

// [utest->req~div-cli-d8~2]
TEST(CampaignControls, ExamplesComeInPairOrderOnAnyThread) {
    RecordProperty("requirements", "DIV-CLI-D8");
    third_block_seen = false;
    CampaignPlan plan;
    plan.type = ElementType::int8;
    plan.mode = CampaignMode::exhaustive;
    plan.threads = 2U;
    plan.subject = &late_first_block;
    const CampaignResult r = run_campaign(plan);
    EXPECT_TRUE(third_block_seen.load());
    EXPECT_EQ(r.mismatches, 3U);
    EXPECT_EQ(r.examples,
              (std::vector<std::string>{"INT8 -128 / 1: core -127, oracle -128", "INT8 -128 / 2: core -63, oracle -64",
                                        "INT8 -127 / 1: core -126, oracle -127"}));
}

// Of many mismatches, the first ten in pair order: one quotient value off
// (3 given as 4) over every INT8 pair; the first pairs with quotient 3 are
// -128 / b for b = -42 ... -33 (-128 / -42 = 3.05, -128 / -43 = 2.98,
// -128 / -32 = 4), ten of them.
// [utest->req~div-cli-d8~2]
TEST(CampaignControls, TheFirstTenMismatchesAreTheExamples) {
    RecordProperty("requirements", "DIV-CLI-D8");
    CampaignPlan plan;
    plan.type = ElementType::int8;
    plan.mode = CampaignMode::exhaustive;
    plan.threads = 2U;
    plan.subject = &faulty_int8<IntFault::one_off>;
    const CampaignResult r = run_campaign(plan);
    EXPECT_EQ(r.mismatches, predicted_int8(IntFault::one_off));
    std::vector<std::string> expected;
    for (int b = -42; b <= -33; ++b) {
        expected.push_back("INT8 -128 / " + std::to_string(b) + ": core 4, oracle 3");
    }
    EXPECT_EQ(r.examples, expected);
}

// Shards (DIV-CLI-D20): INT8 every pair in 3 and in 7 shards (256 blocks,
// one per numerator: 86/85/85 and 37 or 36 each), with the one-off fault:
// the shards' pairs sum to 65536, their mismatches to the predicted count,
// and the first ten of their examples in (block, index) order are the
// single run's ten, -128 / -42 ... -33 (all in block 0, so in shard 0).
// A sampled FP32 campaign's shards cover its pairs exactly too.
// [utest->req~div-cli-d20~2]
TEST(CampaignControls, ShardsCoverThePairsOnceAndMergeTheirExamples) {
    RecordProperty("requirements", "DIV-CLI-D20");
    CampaignPlan plan;
    plan.type = ElementType::int8;
    plan.mode = CampaignMode::exhaustive;
    plan.threads = 2U;
    plan.subject = &faulty_int8<IntFault::one_off>;
    const CampaignResult whole = run_campaign(plan);
    for (const std::uint64_t count : {std::uint64_t{3}, std::uint64_t{7}}) {
        std::uint64_t pairs = 0U;
        std::uint64_t mismatches = 0U;
        std::vector<std::pair<std::pair<std::uint64_t, std::uint64_t>, std::string>> examples;
        for (std::uint64_t k = 0U; k < count; ++k) {
            plan.shard_index = k;
            plan.shard_count = count;
            const CampaignResult part = run_campaign(plan);
            EXPECT_EQ(part.pairs, planned_pairs(plan));
            EXPECT_EQ(part.pairs, 256U * ((k < 256U % count) ? (256U / count + 1U) : (256U / count)));
            pairs += part.pairs;
            mismatches += part.mismatches;
            ASSERT_EQ(part.examples.size(), part.example_positions.size());
            for (std::size_t e = 0U; e < part.examples.size(); ++e) {
                examples.emplace_back(part.example_positions[e], part.examples[e]);
            }
        }
        EXPECT_EQ(pairs, 65536U);
        EXPECT_EQ(mismatches, whole.mismatches);
        EXPECT_EQ(mismatches, predicted_int8(IntFault::one_off));
        std::sort(examples.begin(), examples.end());
        ASSERT_GE(examples.size(), 10U);
        for (std::size_t e = 0U; e < 10U; ++e) {
            EXPECT_EQ(examples[e].second, whole.examples[e]) << count << " shards, example " << e;
            EXPECT_EQ(examples[e].first, whole.example_positions[e]);
        }
    }
    CampaignPlan sampled;
    sampled.type = ElementType::fp32;
    sampled.mode = CampaignMode::sampled;
    sampled.random_pairs = 10007U;
    sampled.seed = 5U;
    const std::uint64_t all = planned_pairs(sampled);
    std::uint64_t covered = 0U;
    for (std::uint64_t k = 0U; k < 5U; ++k) {
        sampled.shard_index = k;
        sampled.shard_count = 5U;
        const CampaignResult part = run_campaign(sampled);
        EXPECT_EQ(part.mismatches, 0U);
        covered += part.pairs;
    }
    EXPECT_EQ(covered, all);
    sampled.shard_index = 5U;
    EXPECT_THROW((void)run_campaign(sampled), std::invalid_argument);
}

// Valid pairs are judged before invalid ones, yet the examples are the
// first mismatches in pair order: numerator -128, every positive divisor's
// quotient one too large (indices 129 ... 255) and both rejections of the
// block (-1 at index 127, 0 at 128) with index 1 for 0. Floor quotients by
// hand: -128 / 1 ... 8 = -128, -64, -43, -32, -26, -22, -19, -16.
Status late_rejections(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y,
                       const DivOptions& options, DivReport* report) noexcept {
    const auto* as = static_cast<const std::int8_t*>(a.data);
    const auto* bs = static_cast<const std::int8_t*>(b.data);
    auto* ys = static_cast<std::int8_t*>(y.data);
    const std::uint64_t n = a.shape.dims[0];
    const Status status = div(a, b, y, options, report);
    if ((n == 0U) || (as[0] != -128)) {
        return status;
    }
    if (!status.is_ok()) {
        return Status{status.code, status.requirement, status.operand, status.index + 1U};
    }
    for (std::uint64_t i = 0U; i < n; ++i) {
        if (bs[i] > 0) {
            ys[i] = static_cast<std::int8_t>(ys[i] + 1);
        }
    }
    return status;
}

// [utest->req~div-cli-d8~2]
TEST(CampaignControls, RejectionsComeInPairOrderAmongTheExamples) {
    RecordProperty("requirements", "DIV-CLI-D8");
    CampaignPlan plan;
    plan.type = ElementType::int8;
    plan.mode = CampaignMode::exhaustive;
    plan.threads = 1U;
    plan.subject = &late_rejections;
    const CampaignResult r = run_campaign(plan);
    EXPECT_EQ(r.mismatches, 129U);
    EXPECT_EQ(r.examples,
              (std::vector<std::string>{
                  "INT8 -128 / -1: core overflow DIV-INT-D2 operand A index 1, oracle overflow (DIV-INT-D2)",
                  "INT8 -128 / 0: core zero_divisor DIV-INT-C3 (DIV-INT-R3) operand B index 1, oracle zero "
                  "divisor (DIV-INT-C3)",
                  "INT8 -128 / 1: core -127, oracle -128",
                  "INT8 -128 / 2: core -63, oracle -64",
                  "INT8 -128 / 3: core -42, oracle -43",
                  "INT8 -128 / 4: core -31, oracle -32",
                  "INT8 -128 / 5: core -25, oracle -26",
                  "INT8 -128 / 6: core -21, oracle -22",
                  "INT8 -128 / 7: core -18, oracle -19",
                  "INT8 -128 / 8: core -15, oracle -16",
              }));
}

// Progress: called from the caller's thread while the workers run, about ten
// times a second, with the pairs done so far and the plan's total. The
// division's first call waits until progress has been reported twice, so at
// least two reports come while no pair is done. The wait has no time limit,
// so that no load can change the verdict: an engine that stopped reporting
// would hang here, and ctest's hang guard fails it.
std::mutex progress_lock;
std::condition_variable progress_signal;
std::vector<std::pair<std::uint64_t, std::uint64_t>> progress_calls;
std::atomic<bool> progress_awaited{false};

Status waits_for_progress(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y,
                          const DivOptions& options, DivReport* report) noexcept {
    if (!progress_awaited.exchange(true)) {
        std::unique_lock<std::mutex> guard(progress_lock);
        progress_signal.wait(guard, [] { return progress_calls.size() >= 2U; });
    }
    return div(a, b, y, options, report);
}

// [utest->req~div-cli-d8~2]
TEST(CampaignControls, ProgressIsReportedWhileTheWorkersRun) {
    RecordProperty("requirements", "DIV-CLI-D8");
    progress_calls.clear();
    progress_awaited = false;
    const std::thread::id caller = std::this_thread::get_id();
    bool on_caller_thread = true;
    CampaignPlan plan;
    plan.type = ElementType::int8;
    plan.mode = CampaignMode::exhaustive;
    plan.threads = 1U;
    plan.subject = &waits_for_progress;
    const CampaignResult r = run_campaign(plan, [&](std::uint64_t done, std::uint64_t total) {
        on_caller_thread = on_caller_thread && (std::this_thread::get_id() == caller);
        const std::lock_guard<std::mutex> guard(progress_lock);
        progress_calls.emplace_back(done, total);
        progress_signal.notify_all();
    });
    EXPECT_EQ(r.mismatches, 0U);
    EXPECT_EQ(r.pairs, 65536U);
    EXPECT_TRUE(on_caller_thread);
    ASSERT_GE(progress_calls.size(), 2U);
    EXPECT_EQ(progress_calls[0], (std::pair<std::uint64_t, std::uint64_t>{0U, 65536U}));
    EXPECT_EQ(progress_calls[1], (std::pair<std::uint64_t, std::uint64_t>{0U, 65536U}));
    for (std::size_t k = 1U; k < progress_calls.size(); ++k) {
        EXPECT_LE(progress_calls[k - 1U].first, progress_calls[k].first);
        EXPECT_LE(progress_calls[k].first, 65536U);
        EXPECT_EQ(progress_calls[k].second, 65536U);
    }
    // The strided plan: numerators 65534 and 65535 (NaNs), 2 x 65536 pairs.
    progress_calls.clear();
    progress_awaited = false;
    const CampaignResult strided = float16_campaign(
        ElementType::fp16, 65534U, 1U, 1U,
        [&](std::uint64_t done, std::uint64_t total) {
            const std::lock_guard<std::mutex> guard(progress_lock);
            progress_calls.emplace_back(done, total);
            progress_signal.notify_all();
        },
        &waits_for_progress);
    EXPECT_EQ(strided.pairs, 131072U);
    ASSERT_GE(progress_calls.size(), 2U);
    for (const auto& [done, total] : progress_calls) {
        EXPECT_LE(done, 131072U);
        EXPECT_EQ(total, 131072U);
    }
}

// The plan's thread count is what runs: on one thread (and on zero, taken
// as one) no two calls of the division overlap; on two, two do. The first
// call waits for a second one to overlap it: without a time limit on two
// threads (the other worker must take the next block while this one is
// held, so the verdict cannot depend on load), for a quarter of a second on
// one (no second call can come, whatever the timing).
std::atomic<unsigned> active_calls{0U};
std::atomic<unsigned> most_active{0U};
std::atomic<bool> waited_once{false};
std::atomic<bool> overlap_expected{false};

Status counts_overlap(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y,
                      const DivOptions& options, DivReport* report) noexcept {
    const unsigned now = ++active_calls;
    unsigned seen = most_active.load();
    while ((now > seen) && !most_active.compare_exchange_weak(seen, now)) {}
    if (!waited_once.exchange(true)) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(250);
        while ((most_active.load() < 2U) && (overlap_expected.load() || (std::chrono::steady_clock::now() < until))) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    }
    const Status status = div(a, b, y, options, report);
    --active_calls;
    return status;
}

// [utest->req~div-cli-d8~2]
TEST(CampaignControls, OneThreadMeansNoOverlap) {
    RecordProperty("requirements", "DIV-CLI-D8");
    for (const unsigned threads : {1U, 0U, 2U}) {
        active_calls = 0U;
        most_active = 0U;
        waited_once = false;
        overlap_expected = (threads == 2U);
        CampaignPlan plan;
        plan.type = ElementType::int4;
        plan.mode = CampaignMode::exhaustive;
        plan.threads = threads;
        plan.subject = &counts_overlap;
        const CampaignResult r = run_campaign(plan);
        EXPECT_EQ(r.pairs, 256U) << threads;
        EXPECT_EQ(r.mismatches, 0U) << threads;
        EXPECT_EQ(most_active.load(), (threads == 2U) ? 2U : 1U) << threads << " threads";
    }
}

// ---- 16-bit integers: a seeded sample, predictions in int64 ----
//
// The exhaustive INT16 and UINT16 campaigns take minutes, and the engine
// offers no strided integer plan, so the controls run the engine's sampled
// plan: the boundary table and kSample16 seeded random pairs (small
// divisors, zero among them, operands near MIN and MAX against ±1 and ±2,
// uniform and log-uniform values). The pairs are those the true division
// receives (recorded); what each fault must give on them is predicted in
// int64 arithmetic. That every one of the 2^32 pairs of the exhaustive
// plans reaches the division exactly once is checked during those
// campaigns (test_campaign_exhaustive.cpp).

#if defined(SONNX_LIGHT_PLANS)
constexpr std::uint64_t kSample16 = std::uint64_t{1} << 16U;
#else
constexpr std::uint64_t kSample16 = std::uint64_t{1} << 20U;
#endif
constexpr std::uint64_t kSeed16 = 20261125U;

enum class Fault16 : std::uint8_t {
    swapped_rounding,  // floor where truncation is due, and back
    one_off,  // one quotient value off by one: -3 given as -4 (INT16), 3 as 4 (UINT16)
    high_byte_lost,  // only the low 8 bits of the quotient kept (sign-extended for INT16)
    other_signedness,  // the operands' bit patterns divided as the other signedness
    write_on_error,  // Y[0] written on a rejected pair
    wrong_rejection,  // MIN / -1 rejected as a zero divisor
};

const char* fault16_name(Fault16 fault) {
    switch (fault) {
        case Fault16::swapped_rounding:
            return "swapped rounding";
        case Fault16::one_off:
            return "one quotient off by one";
        case Fault16::high_byte_lost:
            return "high byte lost";
        case Fault16::other_signedness:
            return "other signedness";
        case Fault16::write_on_error:
            return "Y written on rejection";
        case Fault16::wrong_rejection:
            return "wrong rejection of MIN / -1";
    }
    return "?";
}

template <typename T, Fault16 fault>
Status faulty_16(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y, const DivOptions& options,
                 DivReport* report) noexcept {
    using Other = std::conditional_t<std::is_signed_v<T>, std::uint16_t, std::int16_t>;
    const auto* as = static_cast<const T*>(a.data);
    const auto* bs = static_cast<const T*>(b.data);
    auto* ys = static_cast<T*>(y.data);
    const std::uint64_t n = a.shape.dims[0];
    if (fault == Fault16::swapped_rounding) {
        return divide_with_swapped_rounding(a, b, y, options, report);
    }
    const Status status = div(a, b, y, options, report);
    if (status.is_ok()) {
        for (std::uint64_t i = 0U; i < n; ++i) {
            // -3: a quotient whose pairs differ between floor and truncation
            if ((fault == Fault16::one_off) && (ys[i] == (std::is_signed_v<T> ? -3 : 3))) {
                ys[i] = std::is_signed_v<T> ? static_cast<T>(-4) : static_cast<T>(4);
            }
            if (fault == Fault16::high_byte_lost) {
                ys[i] = std::is_signed_v<T> ? static_cast<T>(static_cast<std::int8_t>(ys[i] & 0xFF))
                                            : static_cast<T>(ys[i] & 0xFF);
            }
            if (fault == Fault16::other_signedness) {  // b != 0: the core accepted every pair
                const auto q = static_cast<std::int64_t>(static_cast<Other>(as[i])) /
                               static_cast<std::int64_t>(static_cast<Other>(bs[i]));
                ys[i] = static_cast<T>(q);
            }
        }
    }
    if ((fault == Fault16::write_on_error) && !status.is_ok() && (n > 0U)) {
        ys[0] = 0;
    }
    if ((fault == Fault16::wrong_rejection) && (status.code == StatusCode::overflow)) {
        return Status{StatusCode::zero_divisor, RequirementId::div_int_c3, Operand::b, 0U};
    }
    return status;
}

// The pairs the true division receives, as values, in the order received.
std::mutex pairs16_lock;
std::vector<std::pair<std::int32_t, std::int32_t>> pairs16;

template <typename T>
Status recording_16(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y, const DivOptions& options,
                    DivReport* report) noexcept {
    const auto* as = static_cast<const T*>(a.data);
    const auto* bs = static_cast<const T*>(b.data);
    {
        const std::lock_guard<std::mutex> guard(pairs16_lock);
        for (std::uint64_t i = 0U; i < a.shape.dims[0]; ++i) {
            pairs16.emplace_back(as[i], bs[i]);
        }
    }
    return div(a, b, y, options, report);
}

// A value of 16 bits, from its low 16 bits: two's complement for INT16.
std::int64_t wrap16(std::int64_t v, bool is_signed) {
    const std::int64_t low = v & 0xFFFF;
    return (is_signed && (low >= 0x8000)) ? (low - 0x10000) : low;
}

// What a fault must give over the recorded pairs of a 16-bit plan.
std::uint64_t predicted_16(Fault16 fault, bool is_signed, bool floor_rounding) {
    std::uint64_t count = 0U;
    for (const auto& [a, b] : pairs16) {
        const bool zero = (b == 0);
        const bool overflow = is_signed && (a == -32768) && (b == -1);
        if (zero || overflow) {
            count += (fault == Fault16::write_on_error) ? 1U : 0U;
            count += ((fault == Fault16::wrong_rejection) && overflow) ? 1U : 0U;
            continue;
        }
        const std::int64_t floor_q = quotient<true>(a, b);
        const std::int64_t trunc_q = quotient<false>(a, b);
        const std::int64_t q = floor_rounding ? floor_q : trunc_q;
        // The low byte of q as an 8-bit value of the same signedness.
        const std::int64_t low = is_signed ? (((q & 0xFF) ^ 0x80) - 0x80) : (q & 0xFF);
        // The bit patterns read with the other signedness, divided (truncation), written back.
        const std::int64_t other = wrap16(quotient<false>(wrap16(a, !is_signed), wrap16(b, !is_signed)), is_signed);
        switch (fault) {
            case Fault16::swapped_rounding:
                count += (floor_q != trunc_q) ? 1U : 0U;
                break;
            case Fault16::one_off:
                count += (q == (is_signed ? -3 : 3)) ? 1U : 0U;
                break;
            case Fault16::high_byte_lost:
                count += (q != low) ? 1U : 0U;
                break;
            case Fault16::other_signedness:
                count += (q != other) ? 1U : 0U;
                break;
            default:
                break;
        }
    }
    return count;
}

template <typename T>
void expect_16bit_faults_counted(ElementType type, IntRounding rounding, const std::vector<Fault16>& faults) {
    const bool floor_rounding = (rounding == IntRounding::floor);
    SCOPED_TRACE(std::string(element_type_name(type)) + (floor_rounding ? " floor" : " trunc"));
    CampaignPlan plan;
    plan.type = type;
    plan.mode = CampaignMode::sampled;
    plan.random_pairs = kSample16;
    plan.seed = kSeed16;
    plan.rounding = rounding;
    plan.threads = 2U;
    const std::uint64_t planned = planned_pairs(plan);
    EXPECT_GT(planned, kSample16);  // the boundary table too

    // The true division: no mismatch, and each planned pair given to it once.
    pairs16.clear();
    plan.subject = &recording_16<T>;
    const CampaignResult clean = run_campaign(plan);
    EXPECT_EQ(clean.mismatches, 0U);
    EXPECT_EQ(clean.pairs, planned);
    ASSERT_EQ(pairs16.size(), planned);

    for (const Fault16 fault : faults) {
        DivFunction subject = nullptr;
        switch (fault) {
            case Fault16::swapped_rounding:
                subject = &faulty_16<T, Fault16::swapped_rounding>;
                break;
            case Fault16::one_off:
                subject = &faulty_16<T, Fault16::one_off>;
                break;
            case Fault16::high_byte_lost:
                subject = &faulty_16<T, Fault16::high_byte_lost>;
                break;
            case Fault16::other_signedness:
                subject = &faulty_16<T, Fault16::other_signedness>;
                break;
            case Fault16::write_on_error:
                subject = &faulty_16<T, Fault16::write_on_error>;
                break;
            case Fault16::wrong_rejection:
                subject = &faulty_16<T, Fault16::wrong_rejection>;
                break;
        }
        plan.subject = subject;
        const CampaignResult r = run_campaign(plan);
        const std::uint64_t predicted = predicted_16(fault, std::is_signed_v<T>, floor_rounding);
        std::printf("%s %s, %s: %llu of %llu pairs predicted, %llu reported\n", element_type_name(type),
                    floor_rounding ? "floor" : "trunc", fault16_name(fault), static_cast<unsigned long long>(predicted),
                    static_cast<unsigned long long>(planned), static_cast<unsigned long long>(r.mismatches));
        EXPECT_GT(predicted, 0U) << fault16_name(fault) << ": the fault changes nothing here";
        EXPECT_EQ(r.mismatches, predicted) << fault16_name(fault);
        EXPECT_EQ(r.pairs, planned) << fault16_name(fault);
        EXPECT_FALSE(r.examples.empty()) << fault16_name(fault);
    }
    pairs16.clear();
}

// [utest->req~div-tq-d1~3]
TEST(CampaignControls, EveryInt16FaultIsCountedExactlyBothRoundings) {
    RecordProperty("requirements", "DIV-TQ-D1");
    const std::vector<Fault16> faults = {Fault16::swapped_rounding, Fault16::one_off,        Fault16::high_byte_lost,
                                         Fault16::other_signedness, Fault16::write_on_error, Fault16::wrong_rejection};
    expect_16bit_faults_counted<std::int16_t>(ElementType::int16, IntRounding::floor, faults);
    expect_16bit_faults_counted<std::int16_t>(ElementType::int16, IntRounding::toward_zero, faults);
}

// [utest->req~div-tq-d1~3]
TEST(CampaignControls, EveryUint16FaultIsCountedExactly) {
    RecordProperty("requirements", "DIV-TQ-D1");
    // No rounding fault (floor and truncation agree on UINT16) and no MIN / -1.
    expect_16bit_faults_counted<std::uint16_t>(
        ElementType::uint16, IntRounding::floor,
        {Fault16::one_off, Fault16::high_byte_lost, Fault16::other_signedness, Fault16::write_on_error});
}

// ---- coverage of the operand space: every pair reaches the division ----

// Counts per pair, filled by the recording subject from the engine's threads.
std::unique_ptr<std::array<std::atomic<std::uint8_t>, 65536U>[]> seen;  // [numerator slot][divisor]
bool fp16_plan = true;

Status recording(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y, const DivOptions& options,
                 DivReport* report) noexcept {
    const std::uint64_t n = a.shape.dims[0];
    for (std::uint64_t i = 0U; i < n; ++i) {
        std::uint32_t numerator = 0U;
        std::uint32_t divisor = 0U;
        if (fp16_plan) {
            numerator = static_cast<const std::uint16_t*>(a.data)[i] / kStride;
            divisor = static_cast<const std::uint16_t*>(b.data)[i];
        } else {
            numerator = static_cast<std::uint8_t>(static_cast<const std::int8_t*>(a.data)[i]);
            divisor = static_cast<std::uint8_t>(static_cast<const std::int8_t*>(b.data)[i]);
        }
        ++seen[numerator][divisor];
    }
    return div(a, b, y, options, report);
}

// [utest->req~div-tq-d1~3]
TEST(CampaignControls, EveryPairOfThePlanIsVisited) {
    RecordProperty("requirements", "DIV-TQ-D1");
    // Rows: the FP16 plan's numerators, then INT8's 256 values.
    seen.reset(new std::array<std::atomic<std::uint8_t>, 65536U>[std::max(kNumerators, 256U)]);
    for (std::uint32_t k = 0U; k < kNumerators; ++k) {
        for (std::atomic<std::uint8_t>& count : seen[k]) {
            count = 0U;
        }
    }
    fp16_plan = true;
    EXPECT_EQ(float16_campaign(ElementType::fp16, 0U, kStride, 2U, {}, &recording).mismatches, 0U);
    std::uint64_t wrong = 0U;
    for (std::uint32_t k = 0U; k < kNumerators; ++k) {
        for (const std::atomic<std::uint8_t>& count : seen[k]) {
            wrong += (count.load() == 2U) ? 0U : 1U;  // once without, once with a report
        }
    }
    EXPECT_EQ(wrong, 0U) << "FP16 pairs not visited exactly twice";

    // INT8, exhaustive: valid pairs in one call, rejected ones alone: each once.
    for (std::uint32_t k = 0U; k < 256U; ++k) {
        for (std::atomic<std::uint8_t>& count : seen[k]) {
            count = 0U;
        }
    }
    fp16_plan = false;
    CampaignPlan plan;
    plan.type = ElementType::int8;
    plan.mode = CampaignMode::exhaustive;
    plan.threads = 2U;
    plan.subject = &recording;
    EXPECT_EQ(run_campaign(plan).mismatches, 0U);
    wrong = 0U;
    for (std::uint32_t k = 0U; k < 256U; ++k) {
        for (std::uint32_t d = 0U; d < 256U; ++d) {
            wrong += (seen[k][d].load() == 1U) ? 0U : 1U;
        }
    }
    EXPECT_EQ(wrong, 0U) << "INT8 pairs not visited exactly once";
    seen.reset();
}

}  // namespace
}  // namespace sonnx::oracle
