// The oracle itself: hand-derived quotients, the ulp definition, and negative
// controls that show a check against it catches what it must.
#include <gtest/gtest.h>

#include "sonnx/oracle/float_oracle.hpp"
#include "sonnx/oracle/int_oracle.hpp"

namespace sonnx::oracle {
namespace {

// [utest->req~div-float-f1~1]
TEST(Oracle, HandDerivedCorrectlyRoundedQuotients) {
    RecordProperty("requirements", "DIV-FLOAT-F1");
    FloatOracle fp16(float_format(ElementType::fp16));
    FloatOracle bf16(float_format(ElementType::bf16));
    FloatOracle fp32(float_format(ElementType::fp32));
    FloatOracle fp64(float_format(ElementType::fp64));
    EXPECT_EQ(fp32.quotient(0x3F800000U, 0x40400000U), 0x3EAAAAABU);                    // 1/3
    EXPECT_EQ(fp64.quotient(0x3FF0000000000000U, 0x4008000000000000U), 0x3FD5555555555555U);
    EXPECT_EQ(fp16.quotient(0x3C00U, 0x4200U), 0x3555U);
    EXPECT_EQ(bf16.quotient(0x3F80U, 0x4040U), 0x3EABU);
    EXPECT_EQ(fp16.quotient(0x0003U, 0x4000U), 0x0002U);  // 1.5 * 2^-24: tie to even
    EXPECT_EQ(fp16.quotient(0x0001U, 0x4000U), 0x0000U);  // 0.5 * 2^-24: tie to even (zero)
    EXPECT_EQ(fp16.quotient(0x8001U, 0x4000U), 0x8000U);  // and its sign
    EXPECT_EQ(fp16.quotient(0x7BFFU, 0x3800U), 0x7C00U);  // 65504 / 0.5 overflows
    EXPECT_EQ(fp32.quotient(0x3F800000U, 0x80000000U), 0xFF800000U);  // 1 / -0 = -inf
    EXPECT_EQ(classify(float_format(ElementType::fp32), fp32.quotient(0U, 0U)).value_class, ValueClass::nan);
}

// [utest->req~div-float-d8~1]
TEST(Oracle, UlpAtPowersOfTwoAndSubnormals) {
    RecordProperty("requirements", "DIV-FLOAT-D8");
    FloatOracle fp32(float_format(ElementType::fp32));
    EXPECT_EQ(fp32.ulp_exponent(0x3F800000U), -23);   // ulp(1) = 2^-23, the spacing above 1
    EXPECT_EQ(fp32.ulp_exponent(0x3F7FFFFFU), -24);   // just below 1
    EXPECT_EQ(fp32.ulp_exponent(0x00000001U), -149);  // subnormals: the smallest subnormal
    EXPECT_EQ(fp32.ulp_exponent(0x00800000U), -149);  // smallest normal: same spacing
    EXPECT_EQ(fp32.ulp_exponent(0x00000000U), -149);  // ulp(0)
    FloatOracle fp16(float_format(ElementType::fp16));
    EXPECT_EQ(fp16.ulp_exponent(0x3C00U), -10);
    EXPECT_EQ(fp16.ulp_exponent(0x0001U), -24);
    // A quotient just below 1 is measured with the spacing below 1: 1 / (1 + 2^-23)
    // = 1 - 2^-23 + ..., correctly rounded to 0x3F7FFFFE; the candidate 1.0 is
    // 2^-23 - ... above the exact value, i.e. just under 2 ulps of 2^-24.
    const Measure m = fp32.measure(0x3F800000U, 0x3F800001U, 0x3F800000U);
    EXPECT_EQ(m.expected, 0x3F7FFFFEU);
    EXPECT_FALSE(m.within_one_ulp);
    EXPECT_GT(m.ulps, 1.9);
    EXPECT_LT(m.ulps, 2.0);
}

// [utest->req~div-float-acc1~1]
// [utest->req~div-float-d8~1]
TEST(OracleNegativeControls, OffByOneUlpIsCaughtAtExactAndHalfUlpButPassesOneUlp) {
    RecordProperty("requirements", "DIV-FLOAT-ACC1,DIV-FLOAT-D8");
    FloatOracle fp32(float_format(ElementType::fp32));
    // 1/3: exact 0x1.5555555...p-2; correct 0x3EAAAAAB is 1/3 ulp above, 0x3EAAAAAA 2/3 ulp below.
    const Measure right = fp32.measure(0x3F800000U, 0x40400000U, 0x3EAAAAABU);
    EXPECT_TRUE(right.exact_match);
    EXPECT_TRUE(right.within_half_ulp);
    const Measure off = fp32.measure(0x3F800000U, 0x40400000U, 0x3EAAAAAAU);
    EXPECT_FALSE(off.exact_match);
    EXPECT_FALSE(off.within_half_ulp);
    EXPECT_TRUE(off.within_one_ulp);
    EXPECT_NEAR(off.ulps, 2.0 / 3.0, 1e-6);
}

// [utest->req~div-float-d7~1]
// [utest->req~div-float-f1~1]
TEST(OracleNegativeControls, FlushedSubnormalIsCaught) {
    RecordProperty("requirements", "DIV-FLOAT-D7,DIV-FLOAT-F1");
    // BF16: 3 * 2^-133 / 2 = 1.5 * 2^-133 -> 2 * 2^-133 (0x0002). A converter that
    // flushes subnormals (AVX512-BF16 vcvtneps2bf16) gives +0.
    FloatOracle bf16(float_format(ElementType::bf16));
    const Measure flushed = bf16.measure(0x0003U, 0x4000U, 0x0000U);
    EXPECT_EQ(flushed.expected, 0x0002U);
    EXPECT_TRUE(flushed.special_mismatch);
    EXPECT_FALSE(flushed.within_one_ulp);
}

// [utest->req~div-float-d2~1]
// [utest->req~div-float-d1~1]
TEST(OracleNegativeControls, LostSignOfZeroAndNanForInfinityAreCaught) {
    RecordProperty("requirements", "DIV-FLOAT-D2,DIV-FLOAT-D1");
    FloatOracle fp32(float_format(ElementType::fp32));
    const Measure zero = fp32.measure(0x00000000U, 0xC0A00000U, 0x00000000U);  // 0 / -5 is -0, not +0
    EXPECT_EQ(zero.expected, 0x80000000U);
    EXPECT_TRUE(zero.special_mismatch);
    EXPECT_FALSE(zero.within_one_ulp);
    const Measure infinity = fp32.measure(0x3F800000U, 0x00000000U, 0x7FC00000U);  // 1/0: inf, not NaN
    EXPECT_EQ(infinity.expected, 0x7F800000U);
    EXPECT_TRUE(infinity.special_mismatch);
    const Measure any_nan = fp32.measure(0x00000000U, 0x00000000U, 0xFFC00001U);  // any NaN matches NaN
    EXPECT_TRUE(any_nan.exact_match);
}

// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
// [utest->req~div-int-d2~1]
// [utest->req~div-int-c3~1]
TEST(OracleNegativeControls, FloorWhereTruncationWasAskedIsCaught) {
    RecordProperty("requirements", "DIV-INT-F1,DIV-INT-D1,DIV-INT-D2,DIV-INT-C3");
    EXPECT_EQ(int_quotient(ElementType::int32, -7, 2, IntRounding::floor).signed_value, -4);
    EXPECT_EQ(int_quotient(ElementType::int32, -7, 2, IntRounding::toward_zero).signed_value, -3);
    EXPECT_NE(int_quotient(ElementType::int32, -7, 2, IntRounding::floor).signed_value,
              int_quotient(ElementType::int32, -7, 2, IntRounding::toward_zero).signed_value);
    EXPECT_EQ(int_quotient(ElementType::int4, -8, -1, IntRounding::floor).verdict, IntVerdict::overflow);
    EXPECT_EQ(int_quotient(ElementType::int8, -8, -1, IntRounding::floor).verdict, IntVerdict::ok);
    EXPECT_EQ(int_quotient(ElementType::int64, 5, 0, IntRounding::floor).verdict, IntVerdict::zero_divisor);
    EXPECT_EQ(uint_quotient(ElementType::uint64, 0xFFFFFFFFFFFFFFFFULL, 2).unsigned_value, 0x7FFFFFFFFFFFFFFFULL);
}

}  // namespace
}  // namespace sonnx::oracle
