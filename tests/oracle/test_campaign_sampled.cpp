// The core against the oracle in the default suite: a strided sample of all
// 16-bit float pairs, every 4- and 8-bit integer pair in both roundings, and
// boundary tables plus 10^6 seeded random pairs for the wider types.
#include <gtest/gtest.h>

#include <string>

#include "sonnx/oracle/campaign.hpp"

namespace sonnx::oracle {
namespace {

void expect_clean(const CampaignResult& r) {
    EXPECT_EQ(r.mismatches, 0U);
    for (const std::string& example : r.examples) {
        ADD_FAILURE() << example;
    }
}

CampaignResult sampled(ElementType type, std::uint64_t random_pairs, std::uint64_t seed,
                       IntRounding rounding = IntRounding::floor, unsigned threads = 2U) {
    CampaignPlan plan;
    plan.type = type;
    plan.mode = CampaignMode::sampled;
    plan.random_pairs = random_pairs;
    plan.seed = seed;
    plan.rounding = rounding;
    plan.threads = threads;
    return run_campaign(plan);
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
            CampaignPlan plan;
            plan.type = type;
            plan.mode = CampaignMode::exhaustive;
            plan.rounding = rounding;
            plan.threads = 2U;
            const CampaignResult r = run_campaign(plan);
            const std::uint64_t values = (type == ElementType::int4 || type == ElementType::uint4) ? 16U : 256U;
            EXPECT_EQ(r.pairs, values * values) << element_type_name(type);
            expect_clean(r);
        }
    }
}

// Boundary tables (specials, subnormals, the largest values) and 10^6
// random pairs per float type, seeded.
// [utest->req~div-float-f1~1]
// [utest->req~div-float-d1~1]
// [utest->req~div-float-d2~1]
// [utest->req~div-float-d3~1]
// [utest->req~div-float-d4~1]
TEST(CampaignSampled, FloatBoundariesAndAMillionRandomPairsPerType) {
    RecordProperty("requirements", "DIV-FLOAT-F1,DIV-FLOAT-D1,DIV-FLOAT-D2,DIV-FLOAT-D3,DIV-FLOAT-D4");
    for (const ElementType type : {ElementType::fp16, ElementType::bf16, ElementType::fp32, ElementType::fp64}) {
        const CampaignResult r = sampled(type, 1000000U, 20261122U);
        // 20 positive boundary values and their negatives: 40 x 40 pairs.
        EXPECT_EQ(r.pairs, 1600U + 1000000U) << element_type_name(type);
        expect_clean(r);
    }
}

// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
// [utest->req~div-int-d2~1]
// [utest->req~div-int-c3~1]
// [utest->req~div-int-acc1~1]
TEST(CampaignSampled, WideIntegerBoundariesAndRandomPairsBothRoundings) {
    RecordProperty("requirements", "DIV-INT-F1,DIV-INT-D1,DIV-INT-D2,DIV-INT-C3,DIV-INT-ACC1");
    for (const ElementType type : {ElementType::int16, ElementType::int32, ElementType::int64, ElementType::uint16,
                                   ElementType::uint32, ElementType::uint64}) {
        for (const IntRounding rounding : {IntRounding::floor, IntRounding::toward_zero}) {
            const CampaignResult r = sampled(type, 200000U, 7U, rounding);
            EXPECT_GT(r.pairs, 200000U) << element_type_name(type);
            expect_clean(r);
        }
    }
}

// The pairs are a function of the seed alone: the same count on 1 and 2
// threads, and the plan's count is what runs.
// [utest->req~div-cli-d8~1]
TEST(CampaignSampled, PlannedPairsRunOnAnyThreadCount) {
    RecordProperty("requirements", "DIV-CLI-D8");
    CampaignPlan plan;
    plan.type = ElementType::int32;
    plan.random_pairs = 10000U;
    plan.seed = 99U;
    plan.threads = 1U;
    const CampaignResult one = run_campaign(plan);
    plan.threads = 2U;
    const CampaignResult two = run_campaign(plan);
    EXPECT_EQ(one.pairs, planned_pairs(plan));
    EXPECT_EQ(two.pairs, planned_pairs(plan));
    EXPECT_TRUE(supports_exhaustive(ElementType::uint16));
    EXPECT_FALSE(supports_exhaustive(ElementType::fp32));
    plan.mode = CampaignMode::exhaustive;
    EXPECT_THROW(run_campaign(plan), std::invalid_argument);
    plan.type = ElementType::int4;
    EXPECT_EQ(planned_pairs(plan), 256U);
}

}  // namespace
}  // namespace sonnx::oracle
