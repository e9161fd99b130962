// The caller's floating-point environment changes nothing and is restored
// (DIV-FLOAT-D5); the IEEE flags of the division are reported (DIV-FLOAT-D6).
#include <gtest/gtest.h>

#include <cfenv>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>
#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

#include "test_support.hpp"

namespace sonnx::test {
namespace {

#if defined(__x86_64__)
constexpr std::uint32_t kFlushToZero = 0x8000U;
constexpr std::uint32_t kDenormalsAreZero = 0x0040U;
#endif

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

// Results whose bits an environment could change beyond the values: NaN
// operands (a signalling NaN quieted, two NaNs), 0/0 and inf/inf, in every
// float format. The expected bits are those of the same call in the
// default environment (the fixture's), so that the test holds on every
// target whatever NaN its hardware makes (DIV-FLOAT-D3 leaves that open)
// and fails if the caller's environment changes any bit (DIV-FLOAT-D5).
struct NanResults {
    std::vector<std::uint16_t> fp16;
    std::vector<std::uint16_t> bf16;
    std::vector<float> fp32;
    std::vector<double> fp64;
};

NanResults nan_results() {
    NanResults out;
    const std::vector<std::uint16_t> ha{0x7D01U, 0x7E01U, 0x3C00U, 0x0000U, 0x7C00U, 0x7D01U};
    const std::vector<std::uint16_t> hb{0x3C00U, 0x7D02U, 0x7E03U, 0x8000U, 0xFC00U, 0x7E04U};
    out.fp16.resize(ha.size());
    EXPECT_TRUE(divide(ElementType::fp16, ha, hb, out.fp16).is_ok());
    const std::vector<std::uint16_t> ba{0x7F81U, 0x7FC1U, 0x3F80U, 0x0000U, 0x7F80U, 0x7F81U};
    const std::vector<std::uint16_t> bb{0x3F80U, 0x7F82U, 0x7FC3U, 0x8000U, 0xFF80U, 0x7FC4U};
    out.bf16.resize(ba.size());
    EXPECT_TRUE(divide(ElementType::bf16, ba, bb, out.bf16).is_ok());
    const std::vector<float> fa{fp32(0x7FA00001U), fp32(0x7FC00005U), 1.0F, 0.0F, fp32(0x7F800000U), fp32(0x7FA00001U)};
    const std::vector<float> fb{1.0F,  fp32(0x7FA00002U), fp32(0x7FC00003U),
                                -0.0F, fp32(0xFF800000U), fp32(0x7FC00004U)};
    out.fp32.resize(fa.size());
    EXPECT_TRUE(divide(ElementType::fp32, fa, fb, out.fp32).is_ok());
    std::vector<double> da;
    std::vector<double> db;
    for (const std::uint64_t bits : {0x7FF4000000000001ULL, 0x7FF8000000000005ULL, 0x3FF0000000000000ULL, 0ULL,
                                     0x7FF0000000000000ULL, 0x7FF4000000000001ULL}) {
        double value = 0.0;
        std::memcpy(&value, &bits, sizeof value);
        da.push_back(value);
    }
    for (const std::uint64_t bits : {0x3FF0000000000000ULL, 0x7FF4000000000002ULL, 0x7FF8000000000003ULL,
                                     0x8000000000000000ULL, 0xFFF0000000000000ULL, 0x7FF8000000000004ULL}) {
        double value = 0.0;
        std::memcpy(&value, &bits, sizeof value);
        db.push_back(value);
    }
    out.fp64.resize(da.size());
    EXPECT_TRUE(divide(ElementType::fp64, da, db, out.fp64).is_ok());
    return out;
}

void expect_same_bits(const NanResults& got, const NanResults& expected) {
    EXPECT_EQ(got.fp16, expected.fp16);
    EXPECT_EQ(got.bf16, expected.bf16);
    ASSERT_EQ(got.fp32.size(), expected.fp32.size());
    for (std::size_t i = 0U; i < got.fp32.size(); ++i) {
        EXPECT_EQ(bits32(got.fp32[i]), bits32(expected.fp32[i])) << "FP32 case " << i;
    }
    ASSERT_EQ(got.fp64.size(), expected.fp64.size());
    for (std::size_t i = 0U; i < got.fp64.size(); ++i) {
        std::uint64_t g = 0U;
        std::uint64_t e = 0U;
        std::memcpy(&g, &got.fp64[i], sizeof g);
        std::memcpy(&e, &expected.fp64[i], sizeof e);
        EXPECT_EQ(g, e) << "FP64 case " << i;
    }
}

#if defined(__aarch64__)
// FPCR and FPSR, read and written by the test itself (gcc's builtins).
std::uint64_t read_fpcr() { return __builtin_aarch64_get_fpcr64(); }
void write_fpcr(std::uint64_t value) { __builtin_aarch64_set_fpcr64(value); }
std::uint64_t read_fpsr() { return __builtin_aarch64_get_fpsr64(); }
void write_fpsr(std::uint64_t value) { __builtin_aarch64_set_fpsr64(value); }
#endif

// Each test starts in the default environment, flags clear, and leaves the
// environment as it found it.
class CallerEnvironment : public ::testing::Test {
protected:
    void SetUp() override {
#if defined(__x86_64__)
        saved_csr_ = _mm_getcsr();
#elif defined(__aarch64__)
        saved_fpcr_ = read_fpcr();
        saved_fpsr_ = read_fpsr();
#endif
        ASSERT_EQ(std::fegetenv(&saved_env_), 0);
        ASSERT_EQ(std::fesetenv(FE_DFL_ENV), 0);
#if defined(__aarch64__)
        write_fpcr(0U);  // glibc's FE_DFL_ENV keeps DN, FZ16 and AHP
#endif
        std::feclearexcept(FE_ALL_EXCEPT);
    }
    void TearDown() override {
        static_cast<void>(std::fesetenv(&saved_env_));
#if defined(__x86_64__)
        _mm_setcsr(saved_csr_);
#elif defined(__aarch64__)
        write_fpcr(saved_fpcr_);
        write_fpsr(saved_fpsr_);
#endif
    }
    std::fenv_t saved_env_{};
#if defined(__x86_64__)
    std::uint32_t saved_csr_{0U};
#elif defined(__aarch64__)
    std::uint64_t saved_fpcr_{0U};
    std::uint64_t saved_fpsr_{0U};
#endif
};

// [utest->req~div-float-d5~1]
TEST_F(CallerEnvironment, RoundingModesChangeNothingAndAreRestored) {
    RecordProperty("requirements", "DIV-FLOAT-D5");
    const NanResults reference = nan_results();
    for (const int mode : {FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO, FE_TONEAREST}) {
        ASSERT_EQ(std::fesetround(mode), 0);
        expect_round_to_nearest_results();
        expect_same_bits(nan_results(), reference);
        EXPECT_EQ(std::fegetround(), mode);
    }
}

#if defined(__x86_64__)
// [utest->req~div-float-d5~1]
TEST_F(CallerEnvironment, FlushToZeroAndDenormalsAreZeroChangeNothingAndAreRestored) {
    RecordProperty("requirements", "DIV-FLOAT-D5");
    const NanResults reference = nan_results();
    const std::uint32_t caller = _mm_getcsr() | kFlushToZero | kDenormalsAreZero | 0x6000U;  // + toward zero
    _mm_setcsr(caller);
    expect_round_to_nearest_results();
    expect_same_bits(nan_results(), reference);
    EXPECT_EQ(_mm_getcsr() & ~0x3FU, caller & ~0x3FU);  // control bits restored exactly
}
#endif

#if defined(__aarch64__)
// The caller's FPCR: flush-to-zero (FZ, and FZ16 for half precision), the
// default-NaN mode (DN), the alternative half-precision format (AHP),
// rounding toward zero (RMode 3), and FEAT_AFP's FIZ, AH and NEP (which
// qemu 7.2 does not implement: they read back as 0 there). Neither the
// values nor any NaN's bits change, the caller's FPCR is restored exactly
// and its FPSR flags are kept. glibc's fesetenv(FE_DFL_ENV) alone (the
// <cfenv> path) keeps DN, and with it 0/0 and a signalling NaN operand
// give other NaNs: this test fails on that path.
// [utest->req~div-float-d5~1]
// [utest->req~div-tgt-d2~1]
TEST_F(CallerEnvironment, FpcrControlsChangeNothingAndAreRestored) {
    RecordProperty("requirements", "DIV-FLOAT-D5,DIV-TGT-D2");
    const NanResults reference = nan_results();
    constexpr std::uint64_t kFz = 1ULL << 24U;
    constexpr std::uint64_t kDn = 1ULL << 25U;
    constexpr std::uint64_t kAhp = 1ULL << 26U;
    constexpr std::uint64_t kFz16 = 1ULL << 19U;
    constexpr std::uint64_t kTowardZero = 3ULL << 22U;
    constexpr std::uint64_t kAfp = 0x7U;  // FIZ, AH, NEP
    for (const std::uint64_t controls : {kFz, kDn, kFz | kDn | kAhp | kFz16 | kTowardZero | kAfp}) {
        write_fpcr(controls);
        const std::uint64_t caller = read_fpcr();
        EXPECT_EQ(caller & ~kAfp, controls & ~kAfp);  // every control but FEAT_AFP's took
        write_fpsr(0x04U);                            // the caller's own overflow flag
        expect_round_to_nearest_results();
        expect_same_bits(nan_results(), reference);
        EXPECT_EQ(read_fpcr(), caller) << std::hex << controls;
        EXPECT_EQ(read_fpsr() & 0x9FU, 0x04U) << std::hex << controls;
        write_fpcr(0U);
    }
}
#endif

// The caller's enabled traps: every exception happens inside the call (1/0,
// 0/0, overflow, underflow, inexact), none may trap. Where the target
// cannot trap at all (most AArch64 cores, and qemu's), feenableexcept fails
// and there is nothing to show; x86-64 and s390x trap.
// [utest->req~div-float-d5~1]
TEST_F(CallerEnvironment, EnabledTrapsChangeNothing) {
    RecordProperty("requirements", "DIV-FLOAT-D5");
    const std::vector<float> a{1.0F, 0.0F, fp32(0x7F7FFFFFU), fp32(0x00800000U), 1.0F};
    const std::vector<float> b{0.0F, 0.0F, 0.5F, 3.0F, 3.0F};
    std::vector<float> y(a.size());
    DivReport report{};
    constexpr int kAll = FE_DIVBYZERO | FE_INVALID | FE_OVERFLOW | FE_UNDERFLOW | FE_INEXACT;
    const bool enabled = feenableexcept(kAll) != -1;
    RecordProperty("traps", enabled ? "enabled" : "not supported by this target");
    const Status status = divide(ElementType::fp32, a, b, y, IntRounding::floor, &report);
    if (enabled) {
        EXPECT_EQ(fegetexcept(), kAll);  // still enabled after the call
        static_cast<void>(fedisableexcept(kAll));
    }
    ASSERT_TRUE(status.is_ok());
    EXPECT_EQ(report.fp_flags,
              fp_flag_invalid | fp_flag_divide_by_zero | fp_flag_overflow | fp_flag_underflow | fp_flag_inexact);
    EXPECT_EQ(bits32(y[0]), 0x7F800000U);
    EXPECT_EQ(bits32(y[2]), 0x7F800000U);
    EXPECT_EQ(bits32(y[4]), 0x3EAAAAABU);
}

// [utest->req~div-float-d5~1]
TEST_F(CallerEnvironment, CallersFlagsAreKeptAndTheDivisionsFlagsDoNotLeak) {
    RecordProperty("requirements", "DIV-FLOAT-D5");
    const std::vector<float> a{1.0F, 0.0F, 1.0F};
    const std::vector<float> b{3.0F, 0.0F, 0.0F};  // inexact, invalid, divide-by-zero
    std::vector<float> y(3U);
    ASSERT_TRUE(divide(ElementType::fp32, a, b, y).is_ok());
    EXPECT_EQ(std::fetestexcept(FE_ALL_EXCEPT), 0);
    // glibc raises FE_OVERFLOW by an operation on AArch64 and s390x, which
    // raises inexact too: the caller's flags are whatever that left.
    std::feraiseexcept(FE_OVERFLOW);
    const int caller = std::fetestexcept(FE_ALL_EXCEPT);
    EXPECT_NE(caller & FE_OVERFLOW, 0);
    EXPECT_EQ(caller & (FE_INVALID | FE_DIVBYZERO), 0);
    ASSERT_TRUE(divide(ElementType::fp32, a, b, y).is_ok());
    EXPECT_EQ(std::fetestexcept(FE_ALL_EXCEPT), caller);
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

template <typename Storage>
Storage storage_of(std::uint64_t bits) {
    Storage value{};
    if constexpr (sizeof(Storage) == 2U) {
        value = static_cast<Storage>(bits);
    } else if constexpr (sizeof(Storage) == 4U) {
        const auto narrow = static_cast<std::uint32_t>(bits);
        std::memcpy(&value, &narrow, sizeof value);
    } else {
        std::memcpy(&value, &bits, sizeof value);
    }
    return value;
}

// Every lane of the vector loops reports the flags of its own division: each
// call holds `lanes` (16 unless told) elements that divide exactly (3 / 1.5) except one or two
// lanes with random bit patterns (every 50th call with a signed zero
// divisor, every third with a power-of-two divisor), whose exponents spread over the whole range so that overflow,
// underflow (after rounding), inexact, invalid and divide-by-zero all occur; the expected flags come from the IEEE model of
// ieee_flags (MPFR), never from the core.
template <typename Storage>
void flags_match_ieee_in_every_lane(const Format& f, ElementType type, std::uint64_t seed, std::size_t lanes = 16U) {
    constexpr std::size_t kCalls = 20000U;
    const std::uint64_t mask = (f.total_bits == 64) ? ~std::uint64_t{0}
                                                    : ((std::uint64_t{1} << static_cast<unsigned>(f.total_bits)) - 1U);
    const unsigned fraction_bits = static_cast<unsigned>(f.precision - 1);
    const std::uint64_t three = three_bits(f);
    const std::uint64_t one_and_half = one_and_half_bits(f);
    std::mt19937_64 generator(seed);
    std::size_t mismatches = 0U;
    std::uint32_t seen = 0U;
    for (std::size_t call = 0U; call < kCalls; ++call) {
        std::vector<std::uint64_t> a_bits(lanes, three);
        std::vector<std::uint64_t> b_bits(lanes, one_and_half);
        std::uint32_t expected = fp_flag_none;
        const std::size_t random_lanes = ((call % 3U) == 0U) ? 2U : 1U;
        for (std::size_t k = 0U; k < random_lanes; ++k) {
            const std::size_t lane = (call + (k * 7U)) % lanes;
            a_bits[lane] = generator() & mask;
            b_bits[lane] = generator() & mask;
            const std::uint64_t sign = std::uint64_t{1} << static_cast<unsigned>(f.total_bits - 1);
            if ((call % 50U) == 1U) {
                b_bits[lane] &= sign;  // a signed zero divisor
            } else if ((call % 3U) == 2U) {
                // A power of two chosen so that the quotient (a's significand,
                // exact in FP32, so the 16-bit rounding alone decides the
                // flags) lands near the subnormal range or near overflow.
                const std::int64_t all_ones = (std::int64_t{1} << static_cast<unsigned>(f.exponent_bits)) - 1;
                const std::int64_t a_field = static_cast<std::int64_t>((a_bits[lane] >> fraction_bits) &
                                                                       static_cast<std::uint64_t>(all_ones));
                const std::int64_t near_tiny = 2 - static_cast<std::int64_t>(generator() % (fraction_bits + 4U));
                const std::int64_t near_huge = all_ones - static_cast<std::int64_t>(generator() % 3U);
                const std::int64_t q_field = ((generator() & 1U) != 0U) ? near_tiny : near_huge;
                const std::int64_t b_field = a_field + f.bias - q_field;
                if ((b_field >= 1) && (b_field < all_ones)) {
                    b_bits[lane] = (b_bits[lane] & sign) | (static_cast<std::uint64_t>(b_field) << fraction_bits);
                }
            } else {
                // keep the random pattern
            }
            expected |= ieee_flags(f, a_bits[lane], b_bits[lane]);
        }
        std::vector<Storage> a;
        std::vector<Storage> b;
        for (std::size_t i = 0U; i < lanes; ++i) {
            a.push_back(storage_of<Storage>(a_bits[i]));
            b.push_back(storage_of<Storage>(b_bits[i]));
        }
        std::vector<Storage> y(lanes);
        DivReport report{};
        ASSERT_TRUE(divide(type, a, b, y, IntRounding::floor, &report).is_ok());
        seen |= expected;
        if (report.fp_flags != expected) {
            ++mismatches;
            if (mismatches <= 5U) {
                ADD_FAILURE() << "call " << call << ": flags " << static_cast<unsigned>(report.fp_flags)
                              << ", expected " << expected;
            }
        }
    }
    EXPECT_EQ(mismatches, 0U);
    // The operands did reach every flag.
    EXPECT_EQ(seen, static_cast<std::uint32_t>(fp_flag_invalid | fp_flag_divide_by_zero | fp_flag_overflow |
                                               fp_flag_underflow | fp_flag_inexact));
}

// [utest->req~div-float-d6~1]
TEST(DivFloatFlags, Bf16FlagsMatchTheIeeeModelInEveryLane) {
    RecordProperty("requirements", "DIV-FLOAT-D6");
    flags_match_ieee_in_every_lane<std::uint16_t>(kBf16, ElementType::bf16, 31U);
}

// [utest->req~div-float-d6~1]
TEST(DivFloatFlags, Fp16FlagsMatchTheIeeeModelInEveryLane) {
    RecordProperty("requirements", "DIV-FLOAT-D6");
    flags_match_ieee_in_every_lane<std::uint16_t>(kFp16, ElementType::fp16, 32U);
}

// [utest->req~div-float-d6~1]
TEST(DivFloatFlags, Fp32FlagsMatchTheIeeeModelInEveryLane) {
    RecordProperty("requirements", "DIV-FLOAT-D6");
    flags_match_ieee_in_every_lane<float>(kFp32, ElementType::fp32, 33U);
}

// [utest->req~div-float-d6~1]
TEST(DivFloatFlags, Fp64FlagsMatchTheIeeeModelInEveryLane) {
    RecordProperty("requirements", "DIV-FLOAT-D6");
    flags_match_ieee_in_every_lane<double>(kFp64, ElementType::fp64, 34U);
}

// Tensors of 15 elements never enter the 16-lane BF16 loop: the scalar loop
// (divide_half, also the FP16 loop without F16C) derives every flag, against
// the same IEEE model as above.
// [utest->req~div-float-d6~1]
// [utest->req~div-float-d7~1]
TEST(DivFloatFlags, SixteenBitScalarLoopFlagsMatchTheIeeeModel) {
    RecordProperty("requirements", "DIV-FLOAT-D6,DIV-FLOAT-D7");
    flags_match_ieee_in_every_lane<std::uint16_t>(kBf16, ElementType::bf16, 35U, 15U);
    flags_match_ieee_in_every_lane<std::uint16_t>(kFp16, ElementType::fp16, 36U, 15U);
}

// Zero, infinite and NaN operands give exact quotients: no flag but the
// ones IEEE 754 (7.2, 7.3) names; one element, so the scalar loop decides.
// Expected values by hand.
// [utest->req~div-float-d6~1]
// [utest->req~div-float-d7~1]
TEST(DivFloatFlags, SixteenBitExactSpecialQuotientsRaiseOnlyTheirOwnFlags) {
    RecordProperty("requirements", "DIV-FLOAT-D6,DIV-FLOAT-D7");
    struct Special {
        std::uint16_t a;
        std::uint16_t b;
        std::uint8_t flags;
    };
    // BF16: 0 = 0x0000, 2 = 0x4000, 1 = 0x3F80, inf = 0x7F80, smallest subnormal 0x0001, qNaN 0x7FC0.
    const std::vector<Special> bf16_cases = {
        {0x0000U, 0x4000U, fp_flag_none},  // 0 / 2 = 0
        {0x8000U, 0x0001U, fp_flag_none},  // -0 / 2^-133 = -0
        {0x3F80U, 0x7F80U, fp_flag_none},  // 1 / inf = 0
        {0x0001U, 0xFF80U, fp_flag_none},  // 2^-133 / -inf = -0
        {0x0000U, 0x7F80U, fp_flag_none},  // 0 / inf = 0
        {0x7F80U, 0x4000U, fp_flag_none},  // inf / 2 = inf, exact
        {0x7F80U, 0x0000U, fp_flag_none},  // inf / 0 = inf, exact
        {0x4000U, 0x0000U, fp_flag_divide_by_zero},  // 2 / 0
        {0x7FC0U, 0x4000U, fp_flag_none},  // qNaN / 2
        {0x4000U, 0x7FC0U, fp_flag_none},  // 2 / qNaN
    };
    // FP16: 0 = 0x0000, 2 = 0x4000, 1 = 0x3C00, inf = 0x7C00, smallest subnormal 0x0001, qNaN 0x7E00.
    const std::vector<Special> fp16_cases = {
        {0x0000U, 0x4000U, fp_flag_none},  // 0 / 2 = 0
        {0x8000U, 0x0001U, fp_flag_none},  // -0 / 2^-24 = -0
        {0x3C00U, 0x7C00U, fp_flag_none},  // 1 / inf = 0
        {0x0001U, 0xFC00U, fp_flag_none},  // 2^-24 / -inf = -0
        {0x0000U, 0x7C00U, fp_flag_none},  // 0 / inf = 0
        {0x7C00U, 0x4000U, fp_flag_none},  // inf / 2 = inf, exact
        {0x7C00U, 0x0000U, fp_flag_none},  // inf / 0 = inf, exact
        {0x4000U, 0x0000U, fp_flag_divide_by_zero},  // 2 / 0
        {0x7E00U, 0x4000U, fp_flag_none},  // qNaN / 2
        {0x4000U, 0x7E00U, fp_flag_none},  // 2 / qNaN
    };
    for (const Special& c : bf16_cases) {
        EXPECT_EQ(flags_of<std::uint16_t>(ElementType::bf16, c.a, c.b), c.flags) << "BF16 " << c.a << " / " << c.b;
    }
    for (const Special& c : fp16_cases) {
        EXPECT_EQ(flags_of<std::uint16_t>(ElementType::fp16, c.a, c.b), c.flags) << "FP16 " << c.a << " / " << c.b;
    }
}

// A BF16 quotient that is exact in FP32 as its smallest subnormal, 2^-149
// (2^-133 / 2^16; BF16 2^16 = 0x4780), is tiny and rounds to +-0 in BF16
// (grid 2^-133): underflow and inexact, though the FP32 division raises
// nothing; its 16 dropped bits are exactly 0x0001. By hand; one element, so
// the scalar loop decides. 2^-148 (2^-133 / 2^15, 0x4700) likewise.
// [utest->req~div-float-d6~1]
// [utest->req~div-float-d7~1]
TEST(DivFloatFlags, Bf16QuotientsOfTheSmallestFp32SubnormalsUnderflow) {
    RecordProperty("requirements", "DIV-FLOAT-D6,DIV-FLOAT-D7");
    struct TinyCase {
        std::uint16_t a;
        std::uint16_t b;
        std::uint16_t y;
    };
    const std::vector<TinyCase> cases = {
        {0x0001U, 0x4780U, 0x0000U},  // 2^-133 / 2^16 = 2^-149 -> +0
        {0x8001U, 0x4780U, 0x8000U},  // -2^-133 / 2^16 = -2^-149 -> -0
        {0x0001U, 0xC780U, 0x8000U},  // 2^-133 / -2^16 = -2^-149 -> -0
        {0x0001U, 0x4700U, 0x0000U},  // 2^-133 / 2^15 = 2^-148 -> +0
    };
    for (const TinyCase& c : cases) {
        const std::vector<std::uint16_t> va{c.a};
        const std::vector<std::uint16_t> vb{c.b};
        std::vector<std::uint16_t> vy(1U, 0x1234U);
        DivReport report{};
        ASSERT_TRUE(divide(ElementType::bf16, va, vb, vy, IntRounding::floor, &report).is_ok());
        EXPECT_EQ(report.fp_flags, kUnderflowInexact) << "BF16 " << c.a << " / " << c.b;
        EXPECT_EQ(vy[0], c.y) << "BF16 " << c.a << " / " << c.b;
    }
}

// From 2^21 elements the BF16 loop writes Y with streaming stores and its
// own flag lanes (div_float.cpp, kStreamFromElements): one element whose
// quotient is exact in FP32 but tiny and inexact in BF16 (2^-133 / 2 =
// 2^-134, rounded to 0), among quotients 3 / 1.5 = 2 that raise nothing,
// must report underflow and inexact; the hardware raises nothing for it.
// [utest->req~div-float-d6~1]
// [utest->req~div-float-d7~1]
TEST(DivFloatFlags, Bf16LargeOutputsReportTheFlagsOfEveryElement) {
    RecordProperty("requirements", "DIV-FLOAT-D6,DIV-FLOAT-D7");
    constexpr std::size_t kElements = (std::size_t{1} << 21U) + 40U;
    std::vector<std::uint16_t> a(kElements, 0x4040U);  // 3
    std::vector<std::uint16_t> b(kElements, 0x3FC0U);  // 1.5
    std::vector<std::uint16_t> y(kElements);
    DivReport report{};
    ASSERT_TRUE(divide(ElementType::bf16, a, b, y, IntRounding::floor, &report).is_ok());
    EXPECT_EQ(report.fp_flags, fp_flag_none);
    constexpr std::size_t kTiny = 1000003U;  // inside the 16-lane loop for any alignment of Y
    a[kTiny] = 0x0001U;  // 2^-133
    b[kTiny] = 0x4000U;  // 2
    ASSERT_TRUE(divide(ElementType::bf16, a, b, y, IntRounding::floor, &report).is_ok());
    EXPECT_EQ(report.fp_flags, kUnderflowInexact);
    EXPECT_EQ(y[kTiny], 0x0000U);
    EXPECT_EQ(y[kTiny + 1U], 0x4000U);
}

}  // namespace
}  // namespace sonnx::test
