// The facts of the hardware that arguments in spec/ rest on (DIV-TGT-D3),
// evaluated on the target this binary runs on: x86-64 natively, AArch64
// and s390x under qemu-user (tests/targets/CMakeLists.txt). Each test
// asserts what the architecture's manual says its target does, and records
// it as a property, so that the results of the three targets side by side
// are spec/targets.md's table.
#include <gtest/gtest.h>

#include <cfenv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "../../src/core/fp_environment.hpp"
#include "sonnx/div.hpp"
#if defined(SONNX_FP_ENV_MXCSR)
#include <xmmintrin.h>
#endif

namespace sonnx::test {
namespace {

std::string hex(std::uint64_t value) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%llX", static_cast<unsigned long long>(value));
    return text;
}

// Values the compiler cannot fold: the conversions below must be the
// target's instructions, as in the core.
volatile double g_two_to_the_31 = 2147483648.0;
volatile double g_below_int32 = -2147483649.0;
volatile double g_nan = __builtin_nan("");
volatile std::uint32_t g_two_to_the_31_u32 = 0x80000000U;
volatile std::uint32_t g_one_u32 = 1U;

// The conversion the core's divide_unsigned_through makes (FP64 to int32),
// on values out of int32's range: undefined in C++, which is why MUT-050's
// argument rests on what x86-64's cvttsd2si gives.
#if defined(__clang__)
__attribute__((no_sanitize("float-cast-overflow")))
#endif
std::uint32_t
convert_to_int32(double value) {
    return static_cast<std::uint32_t>(static_cast<std::int32_t>(value));
}

// MUT-050's mutant of divide_unsigned_through (div_element.hpp): `high`
// with > where the core has >=, for U = uint32, F = double, S = int32.
// Not inlined, and called with operands the compiler cannot see: gcc folds
// the out-of-range conversion of a constant to a saturated value, which is
// not what the instruction gives.
__attribute__((noinline)) std::uint32_t mutant_050(std::uint32_t a, std::uint32_t b) {
    const double quotient = static_cast<double>(a) / static_cast<double>(b);
    const double half_range = 2147483648.0;
    const bool high = quotient > half_range;
    const double shifted = high ? (quotient - half_range) : quotient;
    const std::uint32_t low_part = convert_to_int32(shifted);
    return static_cast<std::uint32_t>(low_part + (high ? 0x80000000U : 0U));
}

// [utest->req~div-tgt-d3~1]
TEST(PlatformFacts, OutOfRangeConversionToInt32) {
    RecordProperty("requirements", "DIV-TGT-D3");
    const std::uint32_t above = convert_to_int32(g_two_to_the_31);
    const std::uint32_t below = convert_to_int32(g_below_int32);
    const std::uint32_t nan = convert_to_int32(g_nan);
    RecordProperty("fp64_2^31_to_int32", hex(above));
    RecordProperty("fp64_nan_to_int32", hex(nan));
    RecordProperty("mut050_2^31_over_1", hex(mutant_050(g_two_to_the_31_u32, g_one_u32)));
    EXPECT_EQ(below, 0x80000000U);
#if defined(__x86_64__)
    // cvttsd2si: the integer indefinite 0x80000000 for every out-of-range
    // value and NaN; MUT-050's mutant then still gives 2^31: equivalent.
    EXPECT_EQ(above, 0x80000000U);
    EXPECT_EQ(nan, 0x80000000U);
    EXPECT_EQ(mutant_050(g_two_to_the_31_u32, g_one_u32), 0x80000000U);
#elif defined(__aarch64__) || defined(__s390x__)
    // FCVTZS (AArch64) and CONVERT TO FIXED (s390x) saturate: 2^31 gives
    // INT32_MAX, so MUT-050's mutant gives 2^31 - 1: not equivalent there.
    EXPECT_EQ(above, 0x7FFFFFFFU);
    EXPECT_EQ(mutant_050(g_two_to_the_31_u32, g_one_u32), 0x7FFFFFFFU);
#if defined(__aarch64__)
    EXPECT_EQ(nan, 0U);
#else
    EXPECT_EQ(nan, 0x80000000U);
#endif
#endif
    // The core itself: 2^31 / 1 and its neighbours as UINT32, on every target.
    const std::uint32_t a[3] = {0x80000000U, 0x7FFFFFFFU, 0xFFFFFFFFU};
    const std::uint32_t b[3] = {1U, 1U, 1U};
    std::uint32_t y[3] = {0U, 0U, 0U};
    Shape shape{};
    shape.rank = 1U;
    shape.dims[0] = 3U;
    ASSERT_TRUE(div(ConstTensorView{ElementType::uint32, shape, a, sizeof a},
                    ConstTensorView{ElementType::uint32, shape, b, sizeof b},
                    TensorView{ElementType::uint32, shape, y, sizeof y}, DivOptions{}, nullptr)
                    .is_ok());
    EXPECT_EQ(y[0], 0x80000000U);
    EXPECT_EQ(y[1], 0x7FFFFFFFU);
    EXPECT_EQ(y[2], 0xFFFFFFFFU);
}

std::uint32_t fp32_bits(float value) {
    std::uint32_t bits = 0U;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

float fp32_of(std::uint32_t bits) {
    float value = 0.0F;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

volatile float g_a = 0.0F;
volatile float g_b = 0.0F;

std::uint32_t hardware_divide(std::uint32_t a, std::uint32_t b) {
    g_a = fp32_of(a);
    g_b = fp32_of(b);
    return fp32_bits(g_a / g_b);
}

// [utest->req~div-tgt-d3~1]
TEST(PlatformFacts, Fp32DivisionNanResultsAreQuiet) {
    RecordProperty("requirements", "DIV-TGT-D3");
    const std::uint32_t snan = 0x7F800001U;
    const std::uint32_t snan2 = 0x7FA00002U;
    const std::uint32_t qnan = 0x7FC00003U;
    const std::uint32_t cases[][2] = {
        {snan, 0x3F800000U},        {0x3F800000U, snan}, {qnan, snan2}, {snan2, qnan}, {0U, 0U},
        {0x7F800000U, 0xFF800000U}, {qnan, 0x3F800000U}};
    for (const auto& c : cases) {
        const std::uint32_t q = hardware_divide(c[0], c[1]);
        EXPECT_GE(q & 0x7FFFFFFFU, 0x7FC00000U) << hex(c[0]) << " / " << hex(c[1]) << " = " << hex(q);
    }
    const std::uint32_t default_nan = hardware_divide(0U, 0U);
    const std::uint32_t both = hardware_divide(qnan, snan2);
    RecordProperty("fp32_0/0", hex(default_nan));
    RecordProperty("fp32_qnan/snan", hex(both));
#if defined(__x86_64__)
    EXPECT_EQ(default_nan, 0xFFC00000U);
    EXPECT_EQ(both, qnan);  // the first operand
#else
    EXPECT_EQ(default_nan, 0x7FC00000U);
    EXPECT_EQ(both, snan2 | 0x00400000U);  // the signalling operand, quieted
#endif
}

// The rounding mode the core's arithmetic runs in: on x86-64 MXCSR's (the
// core's path there sets MXCSR alone; glibc's fegetround reads the x87
// control word), elsewhere fegetround's.
int rounding_mode() {
#if defined(SONNX_FP_ENV_MXCSR)
    return static_cast<int>((_mm_getcsr() & 0x6000U) >> 3U);  // RC, bits 13-14, as FE_* values
#else
    return std::fegetround();
#endif
}

// Entering and restoring the core's environment succeeds whatever the
// caller's rounding mode (and, on x86-64 and AArch64, its flush-to-zero
// controls): environment_failure (COV-02) is never reached.
// [utest->req~div-tgt-d3~1]
TEST(PlatformFacts, EnteringAndRestoringTheEnvironmentSucceeds) {
    RecordProperty("requirements", "DIV-TGT-D3");
#if defined(SONNX_FP_ENV_MXCSR)
    RecordProperty("environment", "MXCSR");
#elif defined(SONNX_FP_ENV_FPCR)
    RecordProperty("environment", "FPCR");
#else
    RecordProperty("environment", "cfenv");
#endif
    std::fenv_t caller{};
    ASSERT_EQ(std::fegetenv(&caller), 0);
    for (const int mode : {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO}) {
        ASSERT_EQ(std::fesetround(mode), 0);
#if defined(SONNX_FP_ENV_FPCR)
        __builtin_aarch64_set_fpcr64(__builtin_aarch64_get_fpcr64() | (1ULL << 24U) | (1ULL << 25U));
#endif
        core::SavedFpEnvironment saved{};
        EXPECT_TRUE(core::enter_default_fp_environment(saved)) << mode;
        EXPECT_EQ(rounding_mode(), FE_TONEAREST);
        EXPECT_TRUE(core::restore_fp_environment(saved)) << mode;
        EXPECT_EQ(rounding_mode(), mode);
    }
    ASSERT_EQ(std::fesetenv(&caller), 0);
}

// [utest->req~div-tgt-d3~1]
TEST(PlatformFacts, ByteOrder) {
    RecordProperty("requirements", "DIV-TGT-D3");
    const std::uint32_t word = 0x01020304U;
    unsigned char bytes[4];
    std::memcpy(bytes, &word, sizeof bytes);
    RecordProperty("byte_order", (bytes[0] == 4U) ? "little" : "big");
#if defined(__s390x__)
    EXPECT_EQ(bytes[0], 1U);
#else
    EXPECT_EQ(bytes[0], 4U);
#endif
}

}  // namespace
}  // namespace sonnx::test
