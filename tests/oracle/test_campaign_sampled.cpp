// The core against the oracle on a strided sample of all 16-bit float pairs
// and on every 4- and 8-bit integer pair, in the default suite.
#include <gtest/gtest.h>

#include "campaign.hpp"

namespace sonnx::test {
namespace {

void expect_clean(const CampaignResult& r) {
    EXPECT_EQ(r.mismatches, 0U);
    for (const std::string& example : r.examples) {
        ADD_FAILURE() << example;
    }
}

// Numerators 0, 251, 502, ...: 262 of them, each against all 65536 divisors.
// [utest->req~div-float-f1~1]
// [utest->req~div-float-d7~1]
TEST(CampaignSampled, Fp16EveryDivisorForEvery251stNumerator) {
    RecordProperty("requirements", "DIV-FLOAT-F1,DIV-FLOAT-D7");
    const CampaignResult r = float16_campaign(ElementType::fp16, 0U, 251U, 2U);
    EXPECT_EQ(r.pairs, 262U * 65536U);
    expect_clean(r);
}

// [utest->req~div-float-f1~1]
// [utest->req~div-float-d7~1]
TEST(CampaignSampled, Bf16EveryDivisorForEvery251stNumerator) {
    RecordProperty("requirements", "DIV-FLOAT-F1,DIV-FLOAT-D7");
    const CampaignResult r = float16_campaign(ElementType::bf16, 0U, 251U, 2U);
    EXPECT_EQ(r.pairs, 262U * 65536U);
    expect_clean(r);
}

// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
// [utest->req~div-int-d2~1]
// [utest->req~div-int-c3~1]
TEST(CampaignSampled, AllFourAndEightBitIntegerPairsBothRoundings) {
    RecordProperty("requirements", "DIV-INT-F1,DIV-INT-D1,DIV-INT-D2,DIV-INT-C3");
    for (const ElementType type : {ElementType::int4, ElementType::uint4, ElementType::int8, ElementType::uint8}) {
        for (const IntRounding rounding : {IntRounding::floor, IntRounding::toward_zero}) {
            expect_clean(small_int_campaign(type, rounding));
        }
    }
}

}  // namespace
}  // namespace sonnx::test
