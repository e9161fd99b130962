// check_conformance: acceptance levels, the report's counts, histogram,
// worst elements and failed requirements, and the operator's preconditions.
// Expected values are derived by hand in the comments.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "sonnx/oracle/conformance.hpp"
#include "test_support.hpp"

namespace sonnx::oracle {
namespace {

using sonnx::test::in_view;  // a 1-D view over a vector (tests/unit/test_support.hpp)

std::vector<std::uint32_t> fp32(std::initializer_list<std::uint32_t> bits) { return bits; }

ConformanceReport check_fp32(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b,
                             const std::vector<std::uint32_t>& y, Acceptance accept, unsigned threads = 1U) {
    CheckOptions options;
    options.accept = accept;
    options.threads = threads;
    return check_conformance(in_view(ElementType::fp32, a), in_view(ElementType::fp32, b),
                             in_view(ElementType::fp32, y), options);
}

// 1/3 in FP32: exact 0x1.555...p-2; 0x3EAAAAAB is 1/3 ulp above it (correct),
// 0x3EAAAAAA is 2/3 ulp below, 0x3EAAAAAC is 4/3 ulp above.
// [utest->req~div-cli-d5~1]
// [utest->req~div-float-acc1~1]
TEST(Conformance, AcceptanceLevelsOnOneThird) {
    RecordProperty("requirements", "DIV-CLI-D5,DIV-FLOAT-ACC1");
    const auto a = fp32({0x3F800000U, 0x3F800000U, 0x3F800000U});
    const auto b = fp32({0x40400000U, 0x40400000U, 0x40400000U});
    const auto y = fp32({0x3EAAAAABU, 0x3EAAAAAAU, 0x3EAAAAACU});
    const ConformanceReport exact = check_fp32(a, b, y, Acceptance::exact);
    ASSERT_TRUE(exact.precondition.is_ok());
    EXPECT_EQ(exact.elements, 3U);
    EXPECT_EQ(exact.conforming, 1U);
    EXPECT_EQ(exact.exact_matches, 1U);
    EXPECT_EQ(check_fp32(a, b, y, Acceptance::half_ulp).conforming, 1U);
    EXPECT_EQ(check_fp32(a, b, y, Acceptance::one_ulp).conforming, 2U);
    EXPECT_NEAR(exact.max_ulps, 4.0 / 3.0, 1e-6);
    // Histogram: 1/3 in (0, 0.5], 2/3 in (0.5, 1), 4/3 in [1, 2).
    EXPECT_EQ(exact.histogram[1], 1U);
    EXPECT_EQ(exact.histogram[2], 1U);
    EXPECT_EQ(exact.histogram[3], 1U);
    EXPECT_EQ(exact.special_mismatches, 0U);
    // Worst first: index 2 (4/3), index 1 (2/3), index 0 (1/3).
    ASSERT_EQ(exact.worst.size(), 3U);
    EXPECT_EQ(exact.worst[0].index, 2U);
    EXPECT_EQ(exact.worst[1].index, 1U);
    EXPECT_EQ(exact.worst[2].index, 0U);
    EXPECT_EQ(exact.worst[0].expected, 0x3EAAAAABU);
    EXPECT_FALSE(exact.worst[0].conforming);
    EXPECT_TRUE(exact.worst[2].conforming);
    EXPECT_EQ(exact.failed_requirements, (std::vector<std::string>{"DIV-FLOAT-ACC1", "DIV-FLOAT-F1"}));
}

// A tie: FP32 3 * 2^-149 / 2 = 1.5 * 2^-149, halfway between the subnormals
// 0x00000001 and 0x00000002; ties to even gives 0x00000002. The odd neighbour
// is exactly half an ulp (2^-149) away: it passes half-ulp but not exact.
// [utest->req~div-cli-d5~1]
TEST(Conformance, TieToOddPassesHalfUlpButNotExact) {
    RecordProperty("requirements", "DIV-CLI-D5");
    const auto a = fp32({0x00000003U});
    const auto b = fp32({0x40000000U});
    const auto y = fp32({0x00000001U});
    EXPECT_EQ(check_fp32(a, b, y, Acceptance::exact).conforming, 0U);
    const ConformanceReport half = check_fp32(a, b, y, Acceptance::half_ulp);
    EXPECT_EQ(half.conforming, 1U);
    EXPECT_EQ(half.max_ulps, 0.5);
    EXPECT_TRUE(half.failed_requirements.empty());
}

// Each special case names its requirement: 1/0 given NaN (D1), 0/-5 given +0
// (D2), NaN/1 given 1 (D3), inf/2 given 0 (D4); specials fail at every level.
// [utest->req~div-cli-d6~1]
// [utest->req~div-float-d1~1]
// [utest->req~div-float-d2~1]
// [utest->req~div-float-d3~1]
// [utest->req~div-float-d4~1]
TEST(Conformance, SpecialValueMismatchesNameTheirRequirement) {
    RecordProperty("requirements", "DIV-CLI-D6,DIV-FLOAT-D1,DIV-FLOAT-D2,DIV-FLOAT-D3,DIV-FLOAT-D4");
    struct Case {
        std::uint32_t a, b, y;
        const char* requirement;
    };
    const Case cases[] = {{0x3F800000U, 0x00000000U, 0x7FC00000U, "DIV-FLOAT-D1"},
                          {0x00000000U, 0xC0A00000U, 0x00000000U, "DIV-FLOAT-D2"},
                          {0x7FC00000U, 0x3F800000U, 0x3F800000U, "DIV-FLOAT-D3"},
                          {0x7F800000U, 0x40000000U, 0x00000000U, "DIV-FLOAT-D4"}};
    for (const Case& c : cases) {
        const ConformanceReport r = check_fp32(fp32({c.a}), fp32({c.b}), fp32({c.y}), Acceptance::one_ulp);
        EXPECT_EQ(r.conforming, 0U) << c.requirement;
        EXPECT_EQ(r.special_mismatches, 1U) << c.requirement;
        EXPECT_EQ(r.histogram[8], 1U) << c.requirement;
        EXPECT_TRUE(std::isinf(r.max_ulps)) << c.requirement;
        EXPECT_EQ(r.failed_requirements, std::vector<std::string>{c.requirement});
    }
}

// Many elements on several threads: the same report as on one. Element i
// holds (i+1)/3 with a wrong last bit at every 1000th element.
// [utest->req~div-cli-d6~1]
TEST(Conformance, ThreadsDoNotChangeTheReport) {
    RecordProperty("requirements", "DIV-CLI-D6");
    const std::size_t n = 300000U;
    std::vector<double> a(n), b(n, 3.0), y(n);
    for (std::size_t i = 0; i < n; ++i) {
        a[i] = static_cast<double>(i + 1U);
        y[i] = static_cast<double>(i + 1U) / 3.0;  // test data only; the oracle decides
        if (i % 1000U == 999U) {
            y[i] = std::nextafter(y[i], 1e9);
        }
    }
    CheckOptions options;
    options.threads = 1U;
    const ConformanceReport one = check_conformance(in_view(ElementType::fp64, a), in_view(ElementType::fp64, b),
                                                    in_view(ElementType::fp64, y), options);
    options.threads = 2U;
    const ConformanceReport two = check_conformance(in_view(ElementType::fp64, a), in_view(ElementType::fp64, b),
                                                    in_view(ElementType::fp64, y), options);
    EXPECT_EQ(one.elements, n);
    EXPECT_EQ(one.conforming, two.conforming);
    EXPECT_EQ(one.conforming, n - 300U);  // the 300 perturbed elements
    EXPECT_EQ(one.histogram, two.histogram);
    ASSERT_EQ(one.worst.size(), two.worst.size());
    for (std::size_t i = 0; i < one.worst.size(); ++i) {
        EXPECT_EQ(one.worst[i].index, two.worst[i].index);
    }
}

// Integers are exact at every level; floor or truncation as asked.
// -7 / 2: floor -4, truncation -3.
// [utest->req~div-cli-d5~1]
// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
TEST(Conformance, IntegersAreExactWithTheAskedRounding) {
    RecordProperty("requirements", "DIV-CLI-D5,DIV-INT-F1,DIV-INT-D1");
    const std::vector<std::int32_t> a = {-7, 7, 6};
    const std::vector<std::int32_t> b = {2, 2, 3};
    const std::vector<std::int32_t> floor_result = {-4, 3, 2};
    CheckOptions options;
    options.accept = Acceptance::one_ulp;  // no effect on integers
    options.rounding = IntRounding::toward_zero;
    const ConformanceReport r = check_conformance(in_view(ElementType::int32, a), in_view(ElementType::int32, b),
                                                  in_view(ElementType::int32, floor_result), options);
    EXPECT_EQ(r.conforming, 2U);
    EXPECT_EQ(r.max_ulps, 1.0);
    ASSERT_FALSE(r.worst.empty());
    EXPECT_EQ(r.worst[0].index, 0U);
    EXPECT_EQ(static_cast<std::int64_t>(r.worst[0].expected), -3);
    EXPECT_EQ(r.failed_requirements, (std::vector<std::string>{"DIV-INT-ACC1", "DIV-INT-D1"}));
    options.rounding = IntRounding::floor;
    EXPECT_EQ(check_conformance(in_view(ElementType::int32, a), in_view(ElementType::int32, b),
                                in_view(ElementType::int32, floor_result), options)
                  .conforming,
              3U);
}

// INT64 extremes: |Y - Q| is exact across the whole range.
// [utest->req~div-cli-d6~1]
TEST(Conformance, Int64DistanceAcrossTheRange) {
    RecordProperty("requirements", "DIV-CLI-D6");
    const std::vector<std::int64_t> a = {INT64_MIN};
    const std::vector<std::int64_t> b = {1};
    const std::vector<std::int64_t> y = {INT64_MAX};  // 2^64 - 1 away
    const ConformanceReport r = check_conformance(in_view(ElementType::int64, a), in_view(ElementType::int64, b),
                                                  in_view(ElementType::int64, y), CheckOptions{});
    EXPECT_EQ(r.max_ulps, 18446744073709551615.0);
    EXPECT_EQ(r.histogram[7], 1U);
}

// Preconditions as sonnx::div reports them, first offending element.
// [utest->req~div-cli-d7~1]
// [utest->req~div-int-c3~1]
// [utest->req~div-int-d2~1]
// [utest->req~div-int-d4~1]
TEST(Conformance, PreconditionsReportTheRequirementAndFirstElement) {
    RecordProperty("requirements", "DIV-CLI-D7,DIV-INT-C3,DIV-INT-D2,DIV-INT-D4");
    const std::vector<std::int8_t> a = {1, -128, 3, 4};
    const std::vector<std::int8_t> b = {1, -1, 0, 0};
    const std::vector<std::int8_t> y = {1, 0, 0, 0};
    ConformanceReport r = check_conformance(in_view(ElementType::int8, a), in_view(ElementType::int8, b),
                                            in_view(ElementType::int8, y), CheckOptions{});
    EXPECT_EQ(r.precondition.code, StatusCode::overflow);
    EXPECT_EQ(r.precondition.requirement, RequirementId::div_int_d2);
    EXPECT_EQ(r.precondition.operand, Operand::a);
    EXPECT_EQ(r.precondition.index, 1U);
    // A zero divisor far into a big tensor, found across threads and chunks.
    std::vector<std::int16_t> big_a(200000U, 5), big_b(200000U, 1), big_y(200000U, 5);
    big_b[150001U] = 0;
    big_b[199999U] = 0;
    CheckOptions two;
    two.threads = 2U;
    r = check_conformance(in_view(ElementType::int16, big_a), in_view(ElementType::int16, big_b),
                          in_view(ElementType::int16, big_y), two);
    EXPECT_EQ(r.precondition.code, StatusCode::zero_divisor);
    EXPECT_EQ(r.precondition.requirement, RequirementId::div_int_c3);
    EXPECT_EQ(r.precondition.operand, Operand::b);
    EXPECT_EQ(r.precondition.index, 150001U);
    // INT4 elements outside [-8, 7] in B.
    const std::vector<std::int8_t> a4 = {1, 2};
    const std::vector<std::int8_t> b4 = {1, 9};
    r = check_conformance(in_view(ElementType::int4, a4), in_view(ElementType::int4, b4),
                          in_view(ElementType::int4, a4), CheckOptions{});
    EXPECT_EQ(r.precondition.code, StatusCode::value_out_of_range);
    EXPECT_EQ(r.precondition.requirement, RequirementId::div_int_d4);
    EXPECT_EQ(r.precondition.operand, Operand::b);
    EXPECT_EQ(r.precondition.index, 1U);
}

// [utest->req~div-cli-d7~1]
// [utest->req~div-float-c1~1]
// [utest->req~div-float-c2~1]
TEST(Conformance, ShapeAndTypeMismatches) {
    RecordProperty("requirements", "DIV-CLI-D7,DIV-FLOAT-C1,DIV-FLOAT-C2");
    const auto three = fp32({0x3F800000U, 0x3F800000U, 0x3F800000U});
    const auto two = fp32({0x3F800000U, 0x3F800000U});
    ConformanceReport r = check_fp32(three, three, two, Acceptance::exact);
    EXPECT_EQ(r.precondition.code, StatusCode::shape_mismatch);
    EXPECT_EQ(r.precondition.requirement, RequirementId::div_float_c1);
    EXPECT_EQ(r.precondition.operand, Operand::y);
    EXPECT_EQ(r.precondition.index, 0U);
    const std::vector<double> wide = {1.0, 1.0, 1.0};
    r = check_conformance(in_view(ElementType::fp32, three), in_view(ElementType::fp64, wide),
                          in_view(ElementType::fp32, three), CheckOptions{});
    EXPECT_EQ(r.precondition.code, StatusCode::type_mismatch);
    EXPECT_EQ(r.precondition.requirement, RequirementId::div_float_c2);
    EXPECT_EQ(r.precondition.operand, Operand::b);
}

// [utest->req~div-cli-d5~1]
TEST(Conformance, AcceptanceNames) {
    RecordProperty("requirements", "DIV-CLI-D5");
    Acceptance level = Acceptance::exact;
    EXPECT_TRUE(parse_acceptance("half-ulp", level));
    EXPECT_EQ(level, Acceptance::half_ulp);
    EXPECT_TRUE(parse_acceptance("one-ulp", level));
    EXPECT_EQ(level, Acceptance::one_ulp);
    EXPECT_FALSE(parse_acceptance("two-ulp", level));
    EXPECT_STREQ(acceptance_name(Acceptance::exact), "exact");
    EXPECT_STREQ(histogram_bucket_name(8U), "special");
}

}  // namespace
}  // namespace sonnx::oracle
