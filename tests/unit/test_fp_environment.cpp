// The caller's floating-point environment changes nothing and is restored
// (DIV-FLOAT-D5); the IEEE flags of the division are reported (DIV-FLOAT-D6).
#include <gtest/gtest.h>

#include <cfenv>
#include <cstdint>
#include <cstring>
#include <vector>
#include <xmmintrin.h>

#include "test_support.hpp"

namespace sonnx::test {
namespace {

constexpr std::uint32_t kFlushToZero = 0x8000U;
constexpr std::uint32_t kDenormalsAreZero = 0x0040U;

std::uint32_t bits32(float value) {
    std::uint32_t bits = 0U;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

float fp32(std::uint32_t bits) {
    float value = 0.0F;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

// Cases whose result a rounding mode, FTZ or DAZ would change; expected
// values derived by hand (round to nearest even, subnormals kept).
struct Case {
    float a;
    float b;
    std::uint32_t expected;
};

const std::vector<Case>& fp32_cases() {
    static const std::vector<Case> cases = {
        {1.0F, 3.0F, 0x3EAAAAABU},                      // rounds up under RNE, down toward zero
        {-1.0F, 3.0F, 0xBEAAAAABU},
        {fp32(0x00000003U), 2.0F, 0x00000002U},         // subnormal operand, 1.5 ulp -> tie to even 2
        {fp32(0x00800000U), 4.0F, 0x00200000U},         // normal operand, subnormal result
        {fp32(0x00000001U), 1.0F, 0x00000001U},         // DAZ would make this 0
        {1.0F, fp32(0x00400000U), 0x7F000000U},         // 1 / 2^-127 = 2^127; DAZ would make it inf
    };
    return cases;
}

void expect_round_to_nearest_results() {
    std::vector<float> a;
    std::vector<float> b;
    for (const Case& c : fp32_cases()) {
        a.push_back(c.a);
        b.push_back(c.b);
    }
    std::vector<float> y(a.size());
    ASSERT_TRUE(divide(ElementType::fp32, a, b, y).is_ok());
    for (std::size_t i = 0; i < y.size(); ++i) {
        EXPECT_EQ(bits32(y[i]), fp32_cases()[i].expected) << "case " << i;
    }
    // FP16: 1/3 rounds up to 0x3555 under RNE only; 2^-24 * 3 / 2 ties to 0x0002.
    const std::vector<std::uint16_t> ha{0x3C00U, 0x0003U};
    const std::vector<std::uint16_t> hb{0x4200U, 0x4000U};
    std::vector<std::uint16_t> hy(2U);
    ASSERT_TRUE(divide(ElementType::fp16, ha, hb, hy).is_ok());
    EXPECT_EQ(hy[0], 0x3555U);
    EXPECT_EQ(hy[1], 0x0002U);
    // INT32 goes through FP inside the core: the caller's mode must not matter.
    const std::vector<std::int32_t> ia{-7, 2147483647};
    const std::vector<std::int32_t> ib{2, 3};
    std::vector<std::int32_t> iy(2U);
    ASSERT_TRUE(divide(ElementType::int32, ia, ib, iy).is_ok());
    EXPECT_EQ(iy[0], -4);
    EXPECT_EQ(iy[1], 715827882);
}

class CallerEnvironment : public ::testing::Test {
protected:
    void SetUp() override {
        saved_csr_ = _mm_getcsr();
        std::feclearexcept(FE_ALL_EXCEPT);
    }
    void TearDown() override { _mm_setcsr(saved_csr_); }
    std::uint32_t saved_csr_{0U};
};

// [utest->req~div-float-d5~1]
TEST_F(CallerEnvironment, RoundingModesChangeNothingAndAreRestored) {
    RecordProperty("requirements", "DIV-FLOAT-D5");
    for (const int mode : {FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO, FE_TONEAREST}) {
        ASSERT_EQ(std::fesetround(mode), 0);
        expect_round_to_nearest_results();
        EXPECT_EQ(std::fegetround(), mode);
    }
}

// [utest->req~div-float-d5~1]
TEST_F(CallerEnvironment, FlushToZeroAndDenormalsAreZeroChangeNothingAndAreRestored) {
    RecordProperty("requirements", "DIV-FLOAT-D5");
    const std::uint32_t caller = _mm_getcsr() | kFlushToZero | kDenormalsAreZero | 0x6000U;  // + toward zero
    _mm_setcsr(caller);
    expect_round_to_nearest_results();
    EXPECT_EQ(_mm_getcsr() & ~0x3FU, caller & ~0x3FU);  // control bits restored exactly
}

// [utest->req~div-float-d5~1]
TEST_F(CallerEnvironment, CallersFlagsAreKeptAndTheDivisionsFlagsDoNotLeak) {
    RecordProperty("requirements", "DIV-FLOAT-D5");
    const std::vector<float> a{1.0F, 0.0F, 1.0F};
    const std::vector<float> b{3.0F, 0.0F, 0.0F};  // inexact, invalid, divide-by-zero
    std::vector<float> y(3U);
    ASSERT_TRUE(divide(ElementType::fp32, a, b, y).is_ok());
    EXPECT_EQ(std::fetestexcept(FE_ALL_EXCEPT), 0);
    std::feraiseexcept(FE_OVERFLOW);
    ASSERT_TRUE(divide(ElementType::fp32, a, b, y).is_ok());
    EXPECT_EQ(std::fetestexcept(FE_ALL_EXCEPT), FE_OVERFLOW);
}

// --- flags -----------------------------------------------------------------

template <typename T>
std::uint8_t flags_of(ElementType type, T a, T b) {
    const std::vector<T> va{a};
    const std::vector<T> vb{b};
    std::vector<T> vy(1U);
    DivReport report{};
    EXPECT_TRUE(divide(type, va, vb, vy, IntRounding::floor, &report).is_ok());
    return report.fp_flags;
}

constexpr std::uint8_t kInexact = fp_flag_inexact;
constexpr std::uint8_t kOverflowInexact = fp_flag_overflow | fp_flag_inexact;
constexpr std::uint8_t kUnderflowInexact = fp_flag_underflow | fp_flag_inexact;

// [utest->req~div-float-d6~1]
TEST(DivFloatFlags, Fp32FlagsPerCase) {
    RecordProperty("requirements", "DIV-FLOAT-D6");
    EXPECT_EQ(flags_of(ElementType::fp32, 1.0F, 3.0F), kInexact);
    EXPECT_EQ(flags_of(ElementType::fp32, 2.0F, 1.0F), fp_flag_none);
    EXPECT_EQ(flags_of(ElementType::fp32, 1.0F, 0.0F), fp_flag_divide_by_zero);
    EXPECT_EQ(flags_of(ElementType::fp32, 0.0F, 0.0F), fp_flag_invalid);
    EXPECT_EQ(flags_of(ElementType::fp32, fp32(0x7F7FFFFFU), 0.5F), kOverflowInexact);
    EXPECT_EQ(flags_of(ElementType::fp32, fp32(0x00800000U), 3.0F), kUnderflowInexact);
    EXPECT_EQ(flags_of(ElementType::fp32, fp32(0x00000001U), 2.0F), kUnderflowInexact);
    EXPECT_EQ(flags_of(ElementType::fp32, fp32(0x00800000U), 2.0F), fp_flag_none);  // exact subnormal
}

// [utest->req~div-float-d6~1]
TEST(DivFloatFlags, Fp16AndBf16FlagsAreThoseOfTheirOwnFormat) {
    RecordProperty("requirements", "DIV-FLOAT-D6,DIV-FLOAT-D7");
    const ElementType h = ElementType::fp16;
    const ElementType bf = ElementType::bf16;
    EXPECT_EQ(flags_of<std::uint16_t>(h, 0x3C00U, 0x4200U), kInexact);          // 1/3
    EXPECT_EQ(flags_of<std::uint16_t>(h, 0x4000U, 0x3C00U), fp_flag_none);      // 2/1
    EXPECT_EQ(flags_of<std::uint16_t>(h, 0x7BFFU, 0x3800U), kOverflowInexact);  // 65504/0.5
    EXPECT_EQ(flags_of<std::uint16_t>(h, 0x0001U, 0x4000U), kUnderflowInexact); // 2^-24/2 -> 0
    EXPECT_EQ(flags_of<std::uint16_t>(h, 0x0400U, 0x4000U), fp_flag_none);      // exact subnormal
    EXPECT_EQ(flags_of<std::uint16_t>(h, 0x3C00U, 0x0000U), fp_flag_divide_by_zero);
    EXPECT_EQ(flags_of<std::uint16_t>(h, 0x0000U, 0x0000U), fp_flag_invalid);
    // FP32 would round 1.0001 (FP16 0x3C01 / 1) exactly; FP16 too: no flag.
    EXPECT_EQ(flags_of<std::uint16_t>(h, 0x3C01U, 0x3C00U), fp_flag_none);
    EXPECT_EQ(flags_of<std::uint16_t>(bf, 0x3F80U, 0x4040U), kInexact);         // 1/3
    EXPECT_EQ(flags_of<std::uint16_t>(bf, 0x7F7FU, 0x3F00U), kOverflowInexact); // max/0.5
    EXPECT_EQ(flags_of<std::uint16_t>(bf, 0x0001U, 0x4000U), kUnderflowInexact);// 2^-133/2
    EXPECT_EQ(flags_of<std::uint16_t>(bf, 0x0001U, 0x4980U), kUnderflowInexact);// 2^-133/2^20: FP32 flushes
    EXPECT_EQ(flags_of<std::uint16_t>(bf, 0x0080U, 0x4000U), fp_flag_none);     // 2^-126/2 exact subnormal
    // A quotient exact in FP32 but not in BF16: 1 / (1 + 2^-7) rounds.
    EXPECT_EQ(flags_of<std::uint16_t>(bf, 0x3F80U, 0x3F81U), kInexact);
}

// [utest->req~div-float-d6~1]
TEST(DivFloatFlags, FlagsAreTheOrOverAllElementsAndZeroForIntegers) {
    RecordProperty("requirements", "DIV-FLOAT-D6");
    const std::vector<float> a{2.0F, 1.0F, 1.0F};
    const std::vector<float> b{1.0F, 3.0F, 0.0F};
    std::vector<float> y(3U);
    DivReport report{};
    ASSERT_TRUE(divide(ElementType::fp32, a, b, y, IntRounding::floor, &report).is_ok());
    EXPECT_EQ(report.fp_flags, fp_flag_inexact | fp_flag_divide_by_zero);
    EXPECT_EQ(report.elements, 3U);
    const std::vector<std::int32_t> ia{1};
    const std::vector<std::int32_t> ib{3};
    std::vector<std::int32_t> iy(1U);
    ASSERT_TRUE(divide(ElementType::int32, ia, ib, iy, IntRounding::floor, &report).is_ok());
    EXPECT_EQ(report.fp_flags, fp_flag_none);
}

}  // namespace
}  // namespace sonnx::test
