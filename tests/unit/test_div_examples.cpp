// The examples of sonnx-div-spec.md, float and int sections. The spec prints
// float results to four decimals; each is checked against the exact value
// (hand-derived) and the printed decimal within half a unit of its last digit.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "test_support.hpp"

namespace sonnx::test {
namespace {

const std::vector<float> kFloatA1{3.0F, 4.5F, 16.0F, 1.0F, 25.5F, 24.25F};
const std::vector<float> kFloatB1{3.0F, 2.0F, 4.0F, 0.0F, 5.0F, 4.0F};
const std::vector<float> kFloatA2{3.25F, 4.5F, 16.0F, 0.0F, 25.5F, 24.25F};
const std::vector<float> kFloatB2{3.0F, 2.0F, 4.0F, 0.0F, 5.0F, 4.0F};

// Float example 1 (3x2, division by zero gives inf): Y = [1.0 2.25; 4.0 inf; 5.1 6.0625].
// [utest->req~div-float-f1~1]
// [utest->req~div-float-d1~1]
// [utest->req~div-float-c3~1]
TEST(SpecExamples, FloatExample1DivisionByZeroGivesInfinity) {
    RecordProperty("requirements", "DIV-FLOAT-F1,DIV-FLOAT-D1,DIV-FLOAT-C3");
    std::vector<float> y(6U);
    ASSERT_TRUE(divide(ElementType::fp32, kFloatA1, kFloatB1, y).is_ok());
    EXPECT_EQ(y[0], 1.0F);
    EXPECT_EQ(y[1], 2.25F);
    EXPECT_EQ(y[2], 4.0F);
    EXPECT_TRUE(std::isinf(y[3]) && !std::signbit(y[3]));  // spec "inf": 1 / +0 = +inf
    EXPECT_EQ(y[4], 5.1F);  // 25.5 / 5 = 5.1 exactly in the reals; FP32 gives the nearest float, as 5.1F is
    EXPECT_EQ(y[5], 6.0625F);
    // The same example in the other float types (all operands are exact in each).
    std::vector<double> y64(6U);
    ASSERT_TRUE(divide(ElementType::fp64, std::vector<double>(kFloatA1.begin(), kFloatA1.end()),
                       std::vector<double>(kFloatB1.begin(), kFloatB1.end()), y64)
                    .is_ok());
    EXPECT_EQ(y64[4], 5.1);
    EXPECT_TRUE(std::isinf(y64[3]));
    // FP16 bit patterns: 3=0x4200 4.5=0x4480 16=0x4C00 1=0x3C00 25.5=0x4E60 24.25=0x4E10;
    // 2=0x4000 4=0x4400 0=0x0000 5=0x4500. Results: 1=0x3C00 2.25=0x4080 4=0x4400 inf=0x7C00
    // 5.1 -> 0x451A (5.1 = 1.275 * 4; 0.275 * 1024 = 281.6 -> 282 = 0x11A) 6.0625=0x4610.
    const std::vector<std::uint16_t> ha{0x4200U, 0x4480U, 0x4C00U, 0x3C00U, 0x4E60U, 0x4E10U};
    const std::vector<std::uint16_t> hb{0x4200U, 0x4000U, 0x4400U, 0x0000U, 0x4500U, 0x4400U};
    std::vector<std::uint16_t> hy(6U);
    ASSERT_TRUE(divide(ElementType::fp16, ha, hb, hy).is_ok());
    EXPECT_EQ(hy, (std::vector<std::uint16_t>{0x3C00U, 0x4080U, 0x4400U, 0x7C00U, 0x451AU, 0x4610U}));
}

// Float example 2 (0 / 0 gives NaN): Y = [1.0833 2.25; 4.0 NaN; 5.1 6.0625].
// [utest->req~div-float-f1~1]
// [utest->req~div-float-d3~2]
// [utest->req~div-float-c3~1]
TEST(SpecExamples, FloatExample2ZeroOverZeroGivesNan) {
    RecordProperty("requirements", "DIV-FLOAT-F1,DIV-FLOAT-D3,DIV-FLOAT-C3");
    std::vector<float> y(6U);
    ASSERT_TRUE(divide(ElementType::fp32, kFloatA2, kFloatB2, y).is_ok());
    // 3.25 / 3 = 13/12 = 1.08333...; the spec prints 1.0833. FP32 RNE of 13/12
    // is 0x3F8AAAAB (13/12 = 1.000101010..._2, the pattern 10 repeats, round up).
    std::uint32_t bits = 0U;
    std::memcpy(&bits, &y[0], sizeof bits);
    EXPECT_EQ(bits, 0x3F8AAAABU);
    EXPECT_NEAR(y[0], 1.0833, 0.00005);
    EXPECT_EQ(y[1], 2.25F);
    EXPECT_EQ(y[2], 4.0F);
    EXPECT_TRUE(std::isnan(y[3]));
    EXPECT_EQ(y[4], 5.1F);
    EXPECT_EQ(y[5], 6.0625F);
}

// Int example 1: [6 9 35] / [3 3 5] = [2 3 7], in every integer type that holds the values.
// [utest->req~div-int-f1~1]
TEST(SpecExamples, IntExample1InEveryWideEnoughType) {
    RecordProperty("requirements", "DIV-INT-F1");
    const std::vector<std::int64_t> expected{2, 3, 7};
    {
        std::vector<std::int8_t> y(3U);
        ASSERT_TRUE(divide(ElementType::int8, std::vector<std::int8_t>{6, 9, 35}, std::vector<std::int8_t>{3, 3, 5}, y)
                        .is_ok());
        EXPECT_EQ(y, (std::vector<std::int8_t>{2, 3, 7}));
    }
    {
        std::vector<std::uint8_t> y(3U);
        ASSERT_TRUE(
            divide(ElementType::uint8, std::vector<std::uint8_t>{6, 9, 35}, std::vector<std::uint8_t>{3, 3, 5}, y)
                .is_ok());
        EXPECT_EQ(y, (std::vector<std::uint8_t>{2, 3, 7}));
    }
    {
        std::vector<std::int32_t> y(3U);
        ASSERT_TRUE(
            divide(ElementType::int32, std::vector<std::int32_t>{6, 9, 35}, std::vector<std::int32_t>{3, 3, 5}, y)
                .is_ok());
        EXPECT_EQ(y, (std::vector<std::int32_t>{2, 3, 7}));
    }
    {
        std::vector<std::uint64_t> y(3U);
        ASSERT_TRUE(
            divide(ElementType::uint64, std::vector<std::uint64_t>{6, 9, 35}, std::vector<std::uint64_t>{3, 3, 5}, y)
                .is_ok());
        EXPECT_EQ(y, (std::vector<std::uint64_t>{2, 3, 7}));
    }
}

// Int example 2 (3x2): [10 10; 21 1; 30 9] / [3 2; 4 1; 5 4] = [3 5; 5 1; 6 2].
// [utest->req~div-int-f1~1]
TEST(SpecExamples, IntExample2AsA3x2Tensor) {
    RecordProperty("requirements", "DIV-INT-F1");
    const std::vector<std::int16_t> a{10, 10, 21, 1, 30, 9};
    const std::vector<std::int16_t> b{3, 2, 4, 1, 5, 4};
    std::vector<std::int16_t> y(6U);
    const std::uint64_t dims[2] = {3U, 2U};
    Shape shape{};
    ASSERT_TRUE(make_shape(dims, 2U, shape));
    ASSERT_TRUE(div(ConstTensorView{ElementType::int16, shape, a.data(), 12U},
                    ConstTensorView{ElementType::int16, shape, b.data(), 12U},
                    TensorView{ElementType::int16, shape, y.data(), 12U}, DivOptions{}, nullptr)
                    .is_ok());
    EXPECT_EQ(y, (std::vector<std::int16_t>{3, 5, 5, 1, 6, 2}));
}

}  // namespace
}  // namespace sonnx::test
