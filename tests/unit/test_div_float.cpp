// Float division against MPFR (boundary tables and seeded random operands)
// and the special-value rules, per format.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace sonnx::test {
namespace {

template <typename Storage>
Storage from_bits(std::uint64_t bits) {
    if constexpr (sizeof(Storage) == 2U) {
        return static_cast<Storage>(bits);
    } else if constexpr (sizeof(Storage) == 4U) {
        const auto narrow = static_cast<std::uint32_t>(bits);
        Storage value{};
        std::memcpy(&value, &narrow, sizeof value);
        return value;
    } else {
        Storage value{};
        std::memcpy(&value, &bits, sizeof value);
        return value;
    }
}

template <typename Storage>
std::uint64_t to_bits(Storage value) {
    if constexpr (sizeof(Storage) == 2U) {
        return static_cast<std::uint64_t>(value);
    } else if constexpr (sizeof(Storage) == 4U) {
        std::uint32_t narrow = 0U;
        std::memcpy(&narrow, &value, sizeof narrow);
        return narrow;
    } else {
        std::uint64_t wide = 0U;
        std::memcpy(&wide, &value, sizeof wide);
        return wide;
    }
}

// Bit patterns of the boundary values of a format, both signs.
std::vector<std::uint64_t> boundary_bits(const Format& f) {
    const int fraction_bits = f.precision - 1;
    const std::uint64_t exponent_one = std::uint64_t{1} << static_cast<unsigned>(fraction_bits);
    const std::uint64_t fraction_mask = exponent_one - 1U;
    const std::uint64_t all_ones = (std::uint64_t{1} << static_cast<unsigned>(f.exponent_bits)) - 1U;
    const std::uint64_t infinity = all_ones << static_cast<unsigned>(fraction_bits);
    const std::uint64_t one = static_cast<std::uint64_t>(f.bias) << static_cast<unsigned>(fraction_bits);
    const std::vector<std::uint64_t> magnitudes = {
        0U,                                   // zero
        1U,                                   // smallest subnormal
        2U,
        3U,                               // small subnormals
        fraction_mask,                        // largest subnormal
        exponent_one,                         // smallest normal
        exponent_one | 1U,                    // just above it
        one,                                  // 1
        one + exponent_one,                   // 2
        one + exponent_one + (exponent_one >> 1U),  // 3
        one - 1U,                             // largest below 1
        one + 1U,                             // smallest above 1
        infinity - 1U,                        // largest finite
        infinity - exponent_one,              // a power of two near the top
        infinity,                             // infinity
        infinity | (exponent_one >> 1U),      // quiet NaN
        infinity | 1U,                        // signalling NaN
    };
    const std::uint64_t sign = std::uint64_t{1} << static_cast<unsigned>(f.total_bits - 1);
    std::vector<std::uint64_t> bits;
    for (const std::uint64_t m : magnitudes) {
        bits.push_back(m);
        bits.push_back(m | sign);
    }
    return bits;
}

// Checks every element of y against MPFR; returns the number of mismatches
// and records the first few.
template <typename Storage>
int check_against_mpfr(const Format& f, const std::vector<Storage>& a, const std::vector<Storage>& b,
                       const std::vector<Storage>& y) {
    int mismatches = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const std::uint64_t ab = to_bits(a[i]);
        const std::uint64_t bb = to_bits(b[i]);
        const std::uint64_t yb = to_bits(y[i]);
        const double expected = mpfr_divide(f, decode(f, ab), decode(f, bb));
        bool ok = false;
        if (std::isnan(expected)) {
            ok = is_quiet_nan_bits(f, yb);
        } else {
            const double actual = decode(f, yb);
            ok = !std::isnan(actual) && (actual == expected) && (sign_bit(f, yb) == std::signbit(expected));
        }
        if (!ok) {
            ++mismatches;
            if (mismatches <= 5) {
                ADD_FAILURE() << "a=0x" << std::hex << ab << " b=0x" << bb << " y=0x" << yb << std::dec << " expected "
                              << expected;
            }
        }
    }
    return mismatches;
}

// The kernels may skip deriving the flags when the caller passes no report;
// the results must be the correctly rounded ones either way.
template <typename Storage>
void divide_both_ways_against_mpfr(const Format& f, ElementType type, const std::vector<Storage>& a,
                                   const std::vector<Storage>& b) {
    std::vector<Storage> y(a.size());
    ASSERT_TRUE(divide(type, a, b, y).is_ok());
    EXPECT_EQ(check_against_mpfr(f, a, b, y), 0);
    std::vector<Storage> y_reported(a.size());
    DivReport report{};
    ASSERT_TRUE(divide(type, a, b, y_reported, IntRounding::floor, &report).is_ok());
    EXPECT_EQ(check_against_mpfr(f, a, b, y_reported), 0);
}

template <typename Storage>
void boundary_table(const Format& f, ElementType type) {
    const std::vector<std::uint64_t> bits = boundary_bits(f);
    std::vector<Storage> a;
    std::vector<Storage> b;
    for (const std::uint64_t x : bits) {
        for (const std::uint64_t z : bits) {
            a.push_back(from_bits<Storage>(x));
            b.push_back(from_bits<Storage>(z));
        }
    }
    divide_both_ways_against_mpfr(f, type, a, b);
}

template <typename Storage>
void random_pairs(const Format& f, ElementType type, std::size_t count, std::uint64_t seed) {
    std::mt19937_64 generator(seed);
    const std::uint64_t mask = (f.total_bits == 64) ? ~std::uint64_t{0}
                                                    : ((std::uint64_t{1} << static_cast<unsigned>(f.total_bits)) - 1U);
    std::vector<Storage> a(count);
    std::vector<Storage> b(count);
    for (std::size_t i = 0; i < count; ++i) {
        a[i] = from_bits<Storage>(generator() & mask);
        b[i] = from_bits<Storage>(generator() & mask);
    }
    divide_both_ways_against_mpfr(f, type, a, b);
}

constexpr std::size_t kRandomPairs = 200003U;  // not a multiple of any vector width

// [utest->req~div-float-f1~1]
// [utest->req~div-float-d7~1]
// [utest->req~div-float-acc1~1]
TEST(DivFloatBoundary, Fp16AllPairsOfBoundaryValuesMatchMpfr) {
    RecordProperty("requirements", "DIV-FLOAT-F1,DIV-FLOAT-D7,DIV-FLOAT-ACC1");
    boundary_table<std::uint16_t>(kFp16, ElementType::fp16);
}

// [utest->req~div-float-f1~1]
// [utest->req~div-float-d7~1]
// [utest->req~div-float-acc1~1]
TEST(DivFloatBoundary, Bf16AllPairsOfBoundaryValuesMatchMpfr) {
    RecordProperty("requirements", "DIV-FLOAT-F1,DIV-FLOAT-D7,DIV-FLOAT-ACC1");
    boundary_table<std::uint16_t>(kBf16, ElementType::bf16);
}

// [utest->req~div-float-f1~1]
// [utest->req~div-float-acc1~1]
TEST(DivFloatBoundary, Fp32AllPairsOfBoundaryValuesMatchMpfr) {
    RecordProperty("requirements", "DIV-FLOAT-F1,DIV-FLOAT-ACC1");
    boundary_table<float>(kFp32, ElementType::fp32);
}

// [utest->req~div-float-f1~1]
// [utest->req~div-float-acc1~1]
TEST(DivFloatBoundary, Fp64AllPairsOfBoundaryValuesMatchMpfr) {
    RecordProperty("requirements", "DIV-FLOAT-F1,DIV-FLOAT-ACC1");
    boundary_table<double>(kFp64, ElementType::fp64);
}

// [utest->req~div-float-f1~1]
// [utest->req~div-float-d7~1]
TEST(DivFloatRandom, Fp16RandomBitPatternsMatchMpfr) {
    RecordProperty("requirements", "DIV-FLOAT-F1,DIV-FLOAT-D7");
    random_pairs<std::uint16_t>(kFp16, ElementType::fp16, kRandomPairs, 16U);
}

// [utest->req~div-float-f1~1]
// [utest->req~div-float-d7~1]
TEST(DivFloatRandom, Bf16RandomBitPatternsMatchMpfr) {
    RecordProperty("requirements", "DIV-FLOAT-F1,DIV-FLOAT-D7");
    random_pairs<std::uint16_t>(kBf16, ElementType::bf16, kRandomPairs, 17U);
}

// [utest->req~div-float-f1~1]
TEST(DivFloatRandom, Fp32RandomBitPatternsMatchMpfr) {
    RecordProperty("requirements", "DIV-FLOAT-F1");
    random_pairs<float>(kFp32, ElementType::fp32, kRandomPairs, 32U);
}

// [utest->req~div-float-f1~1]
TEST(DivFloatRandom, Fp64RandomBitPatternsMatchMpfr) {
    RecordProperty("requirements", "DIV-FLOAT-F1");
    random_pairs<double>(kFp64, ElementType::fp64, kRandomPairs, 64U);
}

// BF16 quotients that land in FP32's subnormal range exercise the double
// rounding argument of the core; all pairs of small BF16 values.
// [utest->req~div-float-f1~1]
// [utest->req~div-float-d7~1]
TEST(DivFloatBoundary, Bf16TinyQuotientsMatchMpfr) {
    RecordProperty("requirements", "DIV-FLOAT-F1,DIV-FLOAT-D7");
    std::vector<std::uint16_t> a;
    std::vector<std::uint16_t> b;
    for (std::uint32_t x = 0x0001U; x < 0x0400U; x += 3U) {      // subnormals and the lowest normals
        for (std::uint32_t z = 0x3F00U; z < 0x4200U; z += 5U) {  // 0.5 .. 32
            a.push_back(static_cast<std::uint16_t>(x));
            b.push_back(static_cast<std::uint16_t>(z));
        }
    }
    std::vector<std::uint16_t> y(a.size());
    ASSERT_TRUE(divide(ElementType::bf16, a, b, y).is_ok());
    EXPECT_EQ(check_against_mpfr(kBf16, a, b, y), 0);
}

// Tensors shorter than a vector run entirely in the scalar loop (the tail of
// longer ones): every pair of operand classes there, in tensors of length 3.
// [utest->req~div-float-f1~1]
// [utest->req~div-float-d7~1]
// [utest->req~div-float-d6~1]
TEST(DivFloatBoundary, SixteenBitScalarTailsMatchMpfr) {
    RecordProperty("requirements", "DIV-FLOAT-F1,DIV-FLOAT-D7,DIV-FLOAT-D6");
    for (const auto& [format, type] : {std::pair{kFp16, ElementType::fp16}, std::pair{kBf16, ElementType::bf16}}) {
        const std::vector<std::uint64_t> bits = boundary_bits(format);
        for (const std::uint64_t x : bits) {
            const std::vector<std::uint16_t> a(3U, static_cast<std::uint16_t>(x));
            for (std::size_t j = 0; j + 3U <= bits.size(); j += 3U) {
                const std::vector<std::uint16_t> b{static_cast<std::uint16_t>(bits[j]),
                                                   static_cast<std::uint16_t>(bits[j + 1U]),
                                                   static_cast<std::uint16_t>(bits[j + 2U])};
                std::vector<std::uint16_t> y(3U);
                ASSERT_TRUE(divide(type, a, b, y).is_ok());
                EXPECT_EQ(check_against_mpfr(format, a, b, y), 0);
            }
        }
    }
}

// Y may be A or B (in place): the 16-bit kernels read ahead of and one
// element behind the block they write; random patterns, every length from
// 0 to 70 (below, at and across the vector widths), with and without flags.
// [utest->req~div-float-f1~1]
// [utest->req~div-float-d7~1]
// [utest->req~div-api-d1~1]
TEST(DivFloatBoundary, SixteenBitInPlaceMatchesMpfr) {
    RecordProperty("requirements", "DIV-FLOAT-F1,DIV-FLOAT-D7,DIV-API-D1");
    std::mt19937 generator(41U);
    for (const auto& [format, type] : {std::pair{kFp16, ElementType::fp16}, std::pair{kBf16, ElementType::bf16}}) {
        for (std::size_t n = 0U; n <= 70U; ++n) {
            std::vector<std::uint16_t> a(n);
            std::vector<std::uint16_t> b(n);
            for (std::size_t i = 0; i < n; ++i) {
                a[i] = static_cast<std::uint16_t>(generator());
                b[i] = static_cast<std::uint16_t>(generator());
            }
            for (const bool with_report : {false, true}) {
                DivReport report{};
                DivReport* wanted = with_report ? &report : nullptr;
                std::vector<std::uint16_t> on_a = a;
                ASSERT_TRUE(
                    div(in_view(type, on_a), in_view(type, b), out_view(type, on_a), DivOptions{}, wanted).is_ok());
                EXPECT_EQ(check_against_mpfr(format, a, b, on_a), 0) << "Y = A, n = " << n;
                std::vector<std::uint16_t> on_b = b;
                ASSERT_TRUE(
                    div(in_view(type, a), in_view(type, on_b), out_view(type, on_b), DivOptions{}, wanted).is_ok());
                EXPECT_EQ(check_against_mpfr(format, a, b, on_b), 0) << "Y = B, n = " << n;
            }
        }
    }
}

// Large BF16 outputs are written with streaming stores from Y's first
// 32-byte boundary (div_float.cpp, kStreamFromElements = 2^21): Y at every
// even offset from a boundary, with and without flags, against MPFR.
// [utest->req~div-float-f1~1]
// [utest->req~div-float-d7~1]
TEST(DivFloatBoundary, Bf16LargeOutputsAtEveryAlignmentMatchMpfr) {
    RecordProperty("requirements", "DIV-FLOAT-F1,DIV-FLOAT-D7");
    constexpr std::size_t kElements = (std::size_t{1} << 21U) + 37U;
    std::mt19937 generator(43U);
    std::vector<std::uint16_t> a(kElements);
    std::vector<std::uint16_t> b(kElements);
    for (std::size_t i = 0; i < kElements; ++i) {
        a[i] = static_cast<std::uint16_t>(generator());
        b[i] = static_cast<std::uint16_t>(generator());
    }
    // Room for any offset: Y starts `offset` elements after a 32-byte boundary.
    std::vector<std::uint16_t> storage(kElements + 16U);
    const std::size_t misalignment = (reinterpret_cast<std::uintptr_t>(storage.data()) % 32U) / 2U;
    const std::size_t boundary = (16U - misalignment) % 16U;
    for (const std::size_t offset : {std::size_t{0}, std::size_t{1}, std::size_t{15}}) {
        for (const bool with_report : {false, true}) {
            std::uint16_t* y = &storage[boundary + offset];
            DivReport report{};
            ASSERT_TRUE(div(in_view(ElementType::bf16, a), in_view(ElementType::bf16, b),
                            TensorView{ElementType::bf16, shape_1d(kElements), y, kElements * 2U}, DivOptions{},
                            with_report ? &report : nullptr)
                            .is_ok());
            const std::vector<std::uint16_t> result(y, y + kElements);
            EXPECT_EQ(check_against_mpfr(kBf16, a, b, result), 0) << "offset " << offset;
        }
    }
}

// --- special values, hand-derived, FP32 and FP16 ---------------------------

float fp32(std::uint32_t bits) { return from_bits<float>(bits); }
std::uint32_t bits32(float value) { return static_cast<std::uint32_t>(to_bits(value)); }

std::uint32_t fp32_quotient(float a, float b) {
    const std::vector<float> va{a};
    const std::vector<float> vb{b};
    std::vector<float> vy{0.0F};
    EXPECT_TRUE(divide(ElementType::fp32, va, vb, vy).is_ok());
    return bits32(vy[0]);
}

std::uint16_t fp16_quotient(std::uint16_t a, std::uint16_t b) {
    const std::vector<std::uint16_t> va{a};
    const std::vector<std::uint16_t> vb{b};
    std::vector<std::uint16_t> vy{0U};
    EXPECT_TRUE(divide(ElementType::fp16, va, vb, vy).is_ok());
    return vy[0];
}

constexpr std::uint32_t kPlusInf32 = 0x7F800000U;
constexpr std::uint32_t kMinusInf32 = 0xFF800000U;

// [utest->req~div-float-d1~1]
// [utest->req~div-float-c3~1]
TEST(DivFloatSpecial, NonZeroOverSignedZeroIsInfinityWithXorSign) {
    RecordProperty("requirements", "DIV-FLOAT-D1,DIV-FLOAT-C3");
    EXPECT_EQ(fp32_quotient(1.0F, 0.0F), kPlusInf32);
    EXPECT_EQ(fp32_quotient(1.0F, -0.0F), kMinusInf32);
    EXPECT_EQ(fp32_quotient(-1.0F, 0.0F), kMinusInf32);
    EXPECT_EQ(fp32_quotient(-1.0F, -0.0F), kPlusInf32);
    EXPECT_EQ(fp32_quotient(fp32(1U), 0.0F), kPlusInf32);  // smallest subnormal
    EXPECT_EQ(fp32_quotient(fp32(kMinusInf32), 0.0F), kMinusInf32);
    EXPECT_EQ(fp16_quotient(0x3C00U, 0x8000U), 0xFC00U);  // 1 / -0 = -inf
    EXPECT_EQ(fp16_quotient(0x8001U, 0x0000U), 0xFC00U);  // -tiny / +0 = -inf
}

// [utest->req~div-float-d2~1]
TEST(DivFloatSpecial, ZeroResultsCarryTheXorSign) {
    RecordProperty("requirements", "DIV-FLOAT-D2");
    EXPECT_EQ(fp32_quotient(0.0F, 5.0F), 0x00000000U);
    EXPECT_EQ(fp32_quotient(0.0F, -5.0F), 0x80000000U);
    EXPECT_EQ(fp32_quotient(-0.0F, 5.0F), 0x80000000U);
    EXPECT_EQ(fp32_quotient(-0.0F, -5.0F), 0x00000000U);
    EXPECT_EQ(fp32_quotient(3.0F, fp32(kMinusInf32)), 0x80000000U);
    EXPECT_EQ(fp32_quotient(-3.0F, fp32(kMinusInf32)), 0x00000000U);
    // Underflow to zero: smallest subnormal / 4 rounds to zero, sign kept.
    EXPECT_EQ(fp32_quotient(fp32(0x80000001U), 4.0F), 0x80000000U);
    EXPECT_EQ(fp16_quotient(0x0001U, 0xC400U), 0x8000U);  // 2^-24 / -4 -> -0
}

// [utest->req~div-float-d3~2]
// [utest->req~div-float-c3~1]
TEST(DivFloatSpecial, NanOperandsZeroOverZeroAndInfOverInfGiveQuietNan) {
    RecordProperty("requirements", "DIV-FLOAT-D3,DIV-FLOAT-C3");
    const std::uint32_t quiet = 0x7FC00000U;
    const std::uint32_t signalling = 0x7F800001U;
    const std::vector<std::pair<float, float>> cases = {{0.0F, 0.0F},
                                                        {-0.0F, 0.0F},
                                                        {fp32(kPlusInf32), fp32(kMinusInf32)},
                                                        {fp32(kPlusInf32), fp32(kPlusInf32)},
                                                        {fp32(quiet), 1.0F},
                                                        {1.0F, fp32(quiet)},
                                                        {fp32(signalling), 1.0F},
                                                        {1.0F, fp32(signalling)},
                                                        {fp32(quiet), 0.0F},
                                                        {0.0F, fp32(signalling)}};
    for (const auto& [a, b] : cases) {
        EXPECT_TRUE(is_quiet_nan_bits(kFp32, fp32_quotient(a, b))) << bits32(a) << " / " << bits32(b);
    }
    EXPECT_TRUE(is_quiet_nan_bits(kFp16, fp16_quotient(0x0000U, 0x8000U)));  // 0 / -0
    EXPECT_TRUE(is_quiet_nan_bits(kFp16, fp16_quotient(0x7D00U, 0x3C00U)));  // sNaN / 1
    EXPECT_TRUE(is_quiet_nan_bits(kFp16, fp16_quotient(0xFC00U, 0x7C00U)));  // -inf / inf
}

// [utest->req~div-float-d4~1]
TEST(DivFloatSpecial, InfinityOverFiniteIsInfinityWithXorSign) {
    RecordProperty("requirements", "DIV-FLOAT-D4");
    EXPECT_EQ(fp32_quotient(fp32(kPlusInf32), 2.0F), kPlusInf32);
    EXPECT_EQ(fp32_quotient(fp32(kPlusInf32), -2.0F), kMinusInf32);
    EXPECT_EQ(fp32_quotient(fp32(kMinusInf32), fp32(0x00000001U)), kMinusInf32);
    EXPECT_EQ(fp32_quotient(fp32(kMinusInf32), -0.0F), kPlusInf32);
    EXPECT_EQ(fp16_quotient(0x7C00U, 0xBC00U), 0xFC00U);  // inf / -1
}

// The spec's DIV-FLOAT-F1 case "A and B different from 0", rounded.
// [utest->req~div-float-f1~1]
TEST(DivFloatSpecial, HandDerivedCorrectlyRoundedQuotients) {
    RecordProperty("requirements", "DIV-FLOAT-F1");
    EXPECT_EQ(fp32_quotient(1.0F, 3.0F), 0x3EAAAAABU);           // 0x1.555556p-2
    EXPECT_EQ(fp32_quotient(2.0F, 3.0F), 0x3F2AAAABU);           // 0x1.555556p-1
    EXPECT_EQ(fp16_quotient(0x3C00U, 0x4200U), 0x3555U);         // 1/3 in FP16
    EXPECT_EQ(fp32_quotient(fp32(0x7F7FFFFFU), 0.5F), kPlusInf32);  // overflow
    EXPECT_EQ(fp16_quotient(0x7BFFU, 0x3800U), 0x7C00U);         // 65504 / 0.5 overflows
    EXPECT_EQ(fp16_quotient(0x0003U, 0x4000U), 0x0002U);         // 3*2^-24 / 2: tie -> even
    EXPECT_EQ(fp16_quotient(0x0001U, 0x4000U), 0x0000U);         // 2^-24 / 2: tie -> even (0)
    EXPECT_EQ(fp16_quotient(0x0400U, 0x4000U), 0x0200U);         // 2^-14 / 2 = 2^-15, subnormal
}

}  // namespace
}  // namespace sonnx::test
