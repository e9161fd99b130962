// Every one of the 2^32 operand pairs of FP16 and of BF16: the core's result
// is the oracle's correctly rounded quotient, bit for bit. Label: exhaustive.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "sonnx/oracle/campaign.hpp"

namespace sonnx::oracle {
namespace {

void run_all_pairs(ElementType type, const char* name) {
    const CampaignResult r = float16_campaign(type, 0U, 1U, 2U);
    std::printf("%s: %llu pairs, %llu mismatches, %.0f s on 2 threads\n", name,
                static_cast<unsigned long long>(r.pairs), static_cast<unsigned long long>(r.mismatches), r.seconds);
    ::testing::Test::RecordProperty("pairs", std::to_string(r.pairs));
    ::testing::Test::RecordProperty("seconds", std::to_string(r.seconds));
    EXPECT_EQ(r.pairs, 65536ULL * 65536ULL);
    EXPECT_EQ(r.mismatches, 0U);
    for (const std::string& example : r.examples) {
        ADD_FAILURE() << example;
    }
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

}  // namespace
}  // namespace sonnx::oracle
