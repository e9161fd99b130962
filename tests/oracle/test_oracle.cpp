// The oracle itself: hand-derived quotients, the ulp definition, and negative
// controls that show a check against it catches what it must.
#include <gtest/gtest.h>

#include <cmath>

#include <cstdint>
#include <limits>
#include <string>

#include "sonnx/oracle/element_words.hpp"
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

// A NaN quotient is the default quiet NaN: exponent all ones, only the top
// fraction bit (the quiet bit) set, positive.
// [utest->req~div-float-d3~2]
TEST(Oracle, NanQuotientIsTheDefaultQuietNan) {
    RecordProperty("requirements", "DIV-FLOAT-D3");
    FloatOracle fp16(float_format(ElementType::fp16));
    FloatOracle bf16(float_format(ElementType::bf16));
    FloatOracle fp32(float_format(ElementType::fp32));
    FloatOracle fp64(float_format(ElementType::fp64));
    EXPECT_EQ(fp16.quotient(0x7C00U, 0xFC00U), 0x7E00U);  // inf / -inf
    EXPECT_EQ(bf16.quotient(0x0000U, 0x8000U), 0x7FC0U);  // 0 / -0
    EXPECT_EQ(fp32.quotient(0x00000000U, 0x00000000U), 0x7FC00000U);
    EXPECT_EQ(fp64.quotient(0xFFF0000000000001U, 0x3FF0000000000000U), 0x7FF8000000000000U);  // -sNaN / 1
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

// The error in ulps where the quotient rounds up, at a power of two, across
// the smallest normal, and far from the quotient; each value derived by hand.
// [utest->req~div-float-d8~1]
// [utest->req~div-float-acc1~1]
TEST(Oracle, UlpErrorsDerivedByHand) {
    RecordProperty("requirements", "DIV-FLOAT-D8,DIV-FLOAT-ACC1");
    FloatOracle fp32(float_format(ElementType::fp32));
    // (3 * 2^22 - 1) / (2^24 - 1) = 0.75 (1 - e), e = 1 / (3 (2^24 - 1)) < 2^-25:
    // rounds up to 0.75 (0x3F400000), whose ulp is 2^-24. |0.75 - q| / 2^-24 =
    // 2^22 / (2^24 - 1) = 2^-2 (1 + 2^-24 + 2^-48 + ...), rounded up to 53 bits.
    const Measure up = fp32.measure(0x4B3FFFFFU, 0x4B7FFFFFU, 0x3F400000U);
    EXPECT_EQ(up.expected, 0x3F400000U);
    EXPECT_TRUE(up.exact_match);
    EXPECT_TRUE(up.within_half_ulp);
    EXPECT_EQ(up.ulps, 0x1.0000010000011p-2);
    // 0.75 - 2^-24 is 1 - 0.25000001... ulps away (the same ulp: 0.75 is no power of two).
    const Measure below = fp32.measure(0x4B3FFFFFU, 0x4B7FFFFFU, 0x3F3FFFFFU);
    EXPECT_FALSE(below.within_half_ulp);
    EXPECT_TRUE(below.within_one_ulp);
    EXPECT_GT(below.ulps, 0.7499);
    EXPECT_LT(below.ulps, 0.75);
    // -2 / 1 = -2 exactly, ulp(-2) = 2^-22 (the spacing above |2|): -(2 - 2^-23)
    // is half an ulp away, -(2 + 2^-22) one ulp.
    const Measure half = fp32.measure(0xC0000000U, 0x3F800000U, 0xBFFFFFFFU);
    EXPECT_EQ(half.ulps, 0.5);
    EXPECT_TRUE(half.within_half_ulp);
    const Measure one = fp32.measure(0xC0000000U, 0x3F800000U, 0xC0000001U);
    EXPECT_EQ(one.ulps, 1.0);
    EXPECT_FALSE(one.within_half_ulp);
    EXPECT_FALSE(one.within_one_ulp);
    // 2^100 / 1 against -2^-149: |c - q| = 2^100 + 2^-149 (250 bits), over
    // ulp(2^100) = 2^77: 2^23 + 2^-226, rounded up to 53 bits 2^23 (1 + 2^-52).
    const Measure far = fp32.measure(0x71800000U, 0x3F800000U, 0x80000001U);
    EXPECT_EQ(far.expected, 0x71800000U);
    EXPECT_EQ(far.ulps, 0x1.0000000000001p+23);
    EXPECT_FALSE(far.within_one_ulp);
    FloatOracle fp16(float_format(ElementType::fp16));
    // FP16, u = 2^-24: 2047u / 2 = 1023.5u, a tie rounded up to 1024u = 2^-14
    // (0x0400, the smallest normal), whose ulp is u: 1026u is 2.5 ulps away,
    // 1023u half an ulp.
    const Measure tie = fp16.measure(0x07FFU, 0x4000U, 0x0402U);
    EXPECT_EQ(tie.expected, 0x0400U);
    EXPECT_EQ(tie.ulps, 2.5);
    EXPECT_EQ(fp16.measure(0x07FFU, 0x4000U, 0x03FFU).ulps, 0.5);
    // 65504 / 65504 = 1, against 1 + 2^-10 = one ulp; c * b is 65568 > 2^16,
    // beyond FP16's range, so the oracle must measure outside it.
    const Measure big = fp16.measure(0x7BFFU, 0x7BFFU, 0x3C01U);
    EXPECT_EQ(big.expected, 0x3C00U);
    EXPECT_EQ(big.ulps, 1.0);
    // u / 2^-10 = 2^-14 (0x0400), against u: (2^-14 - 2^-24) / u = 1023 ulps;
    // c * b = 2^-34 is far below FP16's smallest subnormal.
    const Measure small = fp16.measure(0x0001U, 0x1400U, 0x0001U);
    EXPECT_EQ(small.expected, 0x0400U);
    EXPECT_EQ(small.ulps, 1023.0);
    // A special value matched exactly is within every level, at 0 ulps.
    const Measure infinity = fp32.measure(0x3F800000U, 0x00000000U, 0x7F800000U);
    EXPECT_TRUE(infinity.exact_match);
    EXPECT_FALSE(infinity.special_mismatch);
    EXPECT_TRUE(infinity.within_half_ulp);
    EXPECT_TRUE(infinity.within_one_ulp);
    EXPECT_EQ(infinity.ulps, 0.0);
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
// [utest->req~div-cli-d16~1]
TEST(OracleNegativeControls, FlushedSubnormalIsCaught) {
    RecordProperty("requirements", "DIV-FLOAT-D7,DIV-FLOAT-F1,DIV-CLI-D16");
    // BF16: 3 * 2^-133 / 2 = 1.5 * 2^-133 -> 2 * 2^-133 (0x0002). A converter that
    // flushes subnormals (AVX512-BF16 vcvtneps2bf16) gives +0: 1.5 ulps from
    // the exact quotient (ulp 2^-133), a flush to zero, not a special value.
    FloatOracle bf16(float_format(ElementType::bf16));
    const Measure flushed = bf16.measure(0x0003U, 0x4000U, 0x0000U);
    EXPECT_EQ(flushed.expected, 0x0002U);
    EXPECT_FALSE(flushed.special_mismatch);
    EXPECT_TRUE(flushed.flush_explained);
    EXPECT_EQ(flushed.ulps, 1.5);
    EXPECT_FALSE(flushed.within_one_ulp);
    // -0 instead: the wrong sign, a special mismatch whatever the distance.
    const Measure negative = bf16.measure(0x0003U, 0x4000U, 0x8000U);
    EXPECT_TRUE(negative.special_mismatch);
    EXPECT_TRUE(std::isinf(negative.ulps));
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

// The width, storage and class of every type, from the formats' definitions
// (IEEE 754 binary16/32/64, bfloat16 as the top half of binary32, ONNX's
// 4-bit types stored one per byte). The campaign's exhaustive plans and
// check's 4-bit range test read the width.
// [utest->req~div-cli-d8~2]
// [utest->req~div-cli-d7~3]
TEST(ElementWords, WidthStorageAndClassOfEveryType) {
    RecordProperty("requirements", "DIV-CLI-D8,DIV-CLI-D7");
    struct Expected {
        ElementType type;
        unsigned bits;
        std::size_t size;
        bool is_float;
        bool is_signed;
    };
    const Expected all[] = {{ElementType::fp16, 16U, 2U, true, true},     {ElementType::bf16, 16U, 2U, true, true},
                            {ElementType::fp32, 32U, 4U, true, true},     {ElementType::fp64, 64U, 8U, true, true},
                            {ElementType::int4, 4U, 1U, false, true},     {ElementType::int8, 8U, 1U, false, true},
                            {ElementType::int16, 16U, 2U, false, true},   {ElementType::int32, 32U, 4U, false, true},
                            {ElementType::int64, 64U, 8U, false, true},   {ElementType::uint4, 4U, 1U, false, false},
                            {ElementType::uint8, 8U, 1U, false, false},   {ElementType::uint16, 16U, 2U, false, false},
                            {ElementType::uint32, 32U, 4U, false, false}, {ElementType::uint64, 64U, 8U, false, false}};
    for (const Expected& e : all) {
        const ElementTraits t = element_traits(e.type);
        EXPECT_EQ(t.bits, e.bits) << element_type_name(e.type);
        EXPECT_EQ(t.size, e.size) << element_type_name(e.type);
        EXPECT_EQ(t.is_float, e.is_float) << element_type_name(e.type);
        if (!e.is_float) {
            EXPECT_EQ(t.is_signed, e.is_signed) << element_type_name(e.type);
        }
    }
}

// The integer oracle reports a quotient outside the type as overflow
// whatever the operands: for the unsigned types 2^n / 1 is one above the
// largest value 2^n - 1 (UINT64's operands cannot exceed it).
// [utest->req~div-int-d2~1]
TEST(IntOracle, UnsignedQuotientsBeyondTheTypeAreOverflow) {
    RecordProperty("requirements", "DIV-INT-D2");
    EXPECT_EQ(uint_quotient(ElementType::uint4, 16U, 1U).verdict, IntVerdict::overflow);
    EXPECT_EQ(uint_quotient(ElementType::uint4, 15U, 1U).verdict, IntVerdict::ok);
    EXPECT_EQ(uint_quotient(ElementType::uint8, 256U, 1U).verdict, IntVerdict::overflow);
    EXPECT_EQ(uint_quotient(ElementType::uint8, 255U, 1U).verdict, IntVerdict::ok);
    EXPECT_EQ(uint_quotient(ElementType::uint16, 65536U, 1U).verdict, IntVerdict::overflow);
    EXPECT_EQ(uint_quotient(ElementType::uint16, 131071U, 2U).verdict, IntVerdict::ok);  // 65535
    EXPECT_EQ(uint_quotient(ElementType::uint32, 0x100000000ULL, 1U).verdict, IntVerdict::overflow);
    EXPECT_EQ(uint_quotient(ElementType::uint32, 0x1FFFFFFFFULL, 2U).verdict, IntVerdict::ok);  // 2^32 - 1
}

// The ranges the boundary tables and the precondition checks start from:
// -2^(n-1) .. 2^(n-1) - 1 signed, 0 .. 2^n - 1 unsigned.
// [utest->req~div-cli-d8~2]
// [utest->req~div-cli-d7~3]
TEST(ElementWords, IntegerRangesOfEveryWidth) {
    RecordProperty("requirements", "DIV-CLI-D8,DIV-CLI-D7");
    EXPECT_EQ(int_min(element_traits(ElementType::int4)), -8);
    EXPECT_EQ(int_max(element_traits(ElementType::int4)), 7U);
    EXPECT_EQ(int_min(element_traits(ElementType::int8)), -128);
    EXPECT_EQ(int_max(element_traits(ElementType::int8)), 127U);
    EXPECT_EQ(int_min(element_traits(ElementType::int16)), -32768);
    EXPECT_EQ(int_max(element_traits(ElementType::int16)), 32767U);
    EXPECT_EQ(int_min(element_traits(ElementType::int32)), -2147483648LL);
    EXPECT_EQ(int_max(element_traits(ElementType::int32)), 2147483647U);
    EXPECT_EQ(int_min(element_traits(ElementType::int64)), std::numeric_limits<std::int64_t>::min());
    EXPECT_EQ(int_max(element_traits(ElementType::int64)), 0x7FFFFFFFFFFFFFFFULL);
    EXPECT_EQ(int_min(element_traits(ElementType::uint4)), 0);
    EXPECT_EQ(int_max(element_traits(ElementType::uint4)), 15U);
    EXPECT_EQ(int_min(element_traits(ElementType::uint8)), 0);
    EXPECT_EQ(int_max(element_traits(ElementType::uint8)), 255U);
    EXPECT_EQ(int_max(element_traits(ElementType::uint16)), 65535U);
    EXPECT_EQ(int_max(element_traits(ElementType::uint32)), 4294967295U);
    EXPECT_EQ(int_min(element_traits(ElementType::uint64)), 0);
    EXPECT_EQ(int_max(element_traits(ElementType::uint64)), 0xFFFFFFFFFFFFFFFFULL);
}

// Flush to zero recognised exactly (DIV-CLI-D16), FP32 by hand:
//   -2^-149 / 1 given -0: A read as -0 (DAZ), 1 ulp away;
//   2^-149 / 2^-148 = 0.5 given NaN: both read as zero, 0/0 (DAZ); given
//   +inf: nobody's result; 2^-149 / 1 given NaN: DAZ gives +0, not NaN;
//   2^-126 / 2 = 2^-127 given 2^-149: a wrong non-zero value, no flush;
//   1.5 * 2^-126 / 1 and 2^-126 / 1 given +0: normal quotients (the second
//   exactly the smallest normal), so a zero is no flush to zero;
//   1 / inf = +0 exactly: 2^-149 is 1 ulp (the smallest subnormal) away,
//   and -1 / inf given +0 has the wrong sign.
// [utest->req~div-cli-d16~1]
// [utest->req~div-cli-d5~3]
TEST(Oracle, FlushToZeroIsRecognisedExactly) {
    RecordProperty("requirements", "DIV-CLI-D16,DIV-CLI-D5");
    FloatOracle fp32(float_format(ElementType::fp32));
    Measure m = fp32.measure(0x80000001U, 0x3F800000U, 0x80000000U);
    EXPECT_TRUE(m.flush_explained);
    EXPECT_FALSE(m.special_mismatch);
    EXPECT_EQ(m.ulps, 1.0);
    m = fp32.measure(0x00000001U, 0x00000002U, 0x7FC00000U);
    EXPECT_EQ(m.expected, 0x3F000000U);
    EXPECT_TRUE(m.flush_explained);
    EXPECT_TRUE(m.special_mismatch);
    m = fp32.measure(0x00000001U, 0x00000002U, 0x7F800000U);
    EXPECT_FALSE(m.flush_explained);
    EXPECT_TRUE(m.special_mismatch);
    m = fp32.measure(0x00000001U, 0x3F800000U, 0x7FC00000U);
    EXPECT_FALSE(m.flush_explained);
    m = fp32.measure(0x00800000U, 0x40000000U, 0x00000001U);
    EXPECT_EQ(m.expected, 0x00400000U);
    EXPECT_FALSE(m.flush_explained);
    m = fp32.measure(0x00C00000U, 0x3F800000U, 0x00000000U);
    EXPECT_FALSE(m.flush_explained);
    m = fp32.measure(0x00800000U, 0x3F800000U, 0x00000000U);
    EXPECT_FALSE(m.flush_explained);
    EXPECT_EQ(m.ulps, 8388608.0);  // 2^-126 / 2^-149 = 2^23
    m = fp32.measure(0x00800000U, 0x40000000U, 0x80000000U);
    EXPECT_FALSE(m.flush_explained);  // the wrong sign: no flush to zero gives it
    EXPECT_TRUE(m.special_mismatch);
    m = fp32.measure(0x3F800000U, 0x7F800000U, 0x00000001U);
    EXPECT_EQ(m.expected, 0x00000000U);
    EXPECT_EQ(m.ulps, 1.0);
    EXPECT_FALSE(m.within_one_ulp);
    EXPECT_FALSE(m.within_half_ulp);
    EXPECT_FALSE(m.special_mismatch);
    EXPECT_TRUE(fp32.measure(0x3F800000U, 0x7F800000U, 0x00000000U).exact_match);
    EXPECT_TRUE(fp32.measure(0xBF800000U, 0x7F800000U, 0x00000000U).special_mismatch);
}

}  // namespace
}  // namespace sonnx::oracle
