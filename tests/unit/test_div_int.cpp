// Integer division: floor (default) and truncation, exhaustively for the
// 4- and 8-bit types, by boundary tables and seeded samples for the others.
// Every quotient is checked against the defining inequalities of floor and
// truncation in int64 arithmetic, not recomputed the way the core does it.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "test_support.hpp"

namespace sonnx::test {
namespace {

// 128-bit products hold every product of two 64-bit operands exactly.
__extension__ typedef __int128 Wide;

// q is floor(a / b): b*q <= a < b*(q+1) for b > 0, reversed for b < 0.
bool is_floor_quotient(Wide a, Wide b, Wide q) {
    return (b > 0) ? ((b * q <= a) && (a < b * (q + 1))) : ((b * q >= a) && (a > b * (q + 1)));
}

// q is trunc(a / b): |b|*|q| <= |a| < |b|*(|q|+1) and q has the sign of a/b (or is 0).
bool is_truncated_quotient(Wide a, Wide b, Wide q) {
    const Wide abs_a = (a < 0) ? -a : a;
    const Wide abs_b = (b < 0) ? -b : b;
    const Wide abs_q = (q < 0) ? -q : q;
    const bool magnitude_ok = (abs_b * abs_q <= abs_a) && (abs_a < abs_b * (abs_q + 1));
    const bool sign_ok = (q == 0) || ((q < 0) == ((a < 0) != (b < 0)));
    return magnitude_ok && sign_ok;
}

bool is_quotient(IntRounding rounding, Wide a, Wide b, Wide q) {
    return (rounding == IntRounding::floor) ? is_floor_quotient(a, b, q) : is_truncated_quotient(a, b, q);
}

// Every pair (a, b) with a in [lo, hi] and b in [lo, hi] \ {0}, minus the
// one unrepresentable quotient lo / -1 of signed types.
template <typename T>
void exhaustive(ElementType type, std::int64_t lo, std::int64_t hi, IntRounding rounding) {
    std::vector<T> a;
    std::vector<T> b;
    for (std::int64_t x = lo; x <= hi; ++x) {
        for (std::int64_t z = lo; z <= hi; ++z) {
            if ((z == 0) || ((lo < 0) && (x == lo) && (z == -1))) {
                continue;
            }
            a.push_back(static_cast<T>(x));
            b.push_back(static_cast<T>(z));
        }
    }
    std::vector<T> y(a.size());
    ASSERT_TRUE(divide(type, a, b, y, rounding).is_ok());
    int failures = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (!is_quotient(rounding, a[i], b[i], y[i]) || (y[i] < lo) || (y[i] > hi)) {
            if (++failures <= 5) {
                ADD_FAILURE() << static_cast<std::int64_t>(a[i]) << " / " << static_cast<std::int64_t>(b[i]) << " gave "
                              << static_cast<std::int64_t>(y[i]);
            }
        }
    }
    EXPECT_EQ(failures, 0);
}

// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
// [utest->req~div-int-d4~1]
// [utest->req~div-int-acc1~1]
TEST(DivIntExhaustive, Int4AndUint4AllPairsBothRoundings) {
    RecordProperty("requirements", "DIV-INT-F1,DIV-INT-D1,DIV-INT-D4,DIV-INT-ACC1");
    for (const IntRounding r : {IntRounding::floor, IntRounding::toward_zero}) {
        exhaustive<std::int8_t>(ElementType::int4, -8, 7, r);
        exhaustive<std::uint8_t>(ElementType::uint4, 0, 15, r);
    }
}

// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
// [utest->req~div-int-acc1~1]
TEST(DivIntExhaustive, Int8AndUint8AllPairsBothRoundings) {
    RecordProperty("requirements", "DIV-INT-F1,DIV-INT-D1,DIV-INT-ACC1");
    for (const IntRounding r : {IntRounding::floor, IntRounding::toward_zero}) {
        exhaustive<std::int8_t>(ElementType::int8, -128, 127, r);
        exhaustive<std::uint8_t>(ElementType::uint8, 0, 255, r);
    }
}

// Boundary table: MIN, MIN+1, -2, -1, 0, 1, 2, MAX-1, MAX and a few odd
// values, all pairs (zero divisors and MIN / -1 excluded).
template <typename T>
void boundary(ElementType type) {
    using L = std::numeric_limits<T>;
    std::vector<T> values = {L::min(), static_cast<T>(L::min() + 1), static_cast<T>(L::max() - 1), L::max(), 0, 1, 2, 3,
                             7};
    if constexpr (std::is_signed<T>::value) {
        for (const T v : {static_cast<T>(-1), static_cast<T>(-2), static_cast<T>(-3), static_cast<T>(-7)}) {
            values.push_back(v);
        }
    }
    for (const IntRounding rounding : {IntRounding::floor, IntRounding::toward_zero}) {
        std::vector<T> a;
        std::vector<T> b;
        for (const T x : values) {
            for (const T z : values) {
                const bool overflow = std::is_signed<T>::value && (x == L::min()) && (z == static_cast<T>(-1));
                if ((z != 0) && !overflow) {
                    a.push_back(x);
                    b.push_back(z);
                }
            }
        }
        std::vector<T> y(a.size());
        ASSERT_TRUE(divide(type, a, b, y, rounding).is_ok());
        for (std::size_t i = 0; i < a.size(); ++i) {
            EXPECT_TRUE(is_quotient(rounding, a[i], b[i], y[i]))
                << static_cast<long long>(a[i]) << " / " << static_cast<long long>(b[i]) << " gave "
                << static_cast<long long>(y[i]);
        }
    }
}

// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
// [utest->req~div-int-acc1~1]
TEST(DivIntBoundary, EveryWidthMinMaxMinusOneOneBothRoundings) {
    RecordProperty("requirements", "DIV-INT-F1,DIV-INT-D1,DIV-INT-ACC1");
    boundary<std::int16_t>(ElementType::int16);
    boundary<std::int32_t>(ElementType::int32);
    boundary<std::int64_t>(ElementType::int64);
    boundary<std::uint16_t>(ElementType::uint16);
    boundary<std::uint32_t>(ElementType::uint32);
    boundary<std::uint64_t>(ElementType::uint64);
}

template <typename T>
void sampled(ElementType type, std::uint64_t seed) {
    std::mt19937_64 generator(seed);
    const std::size_t count = 100003U;
    std::vector<T> a(count);
    std::vector<T> b(count);
    for (std::size_t i = 0; i < count; ++i) {
        a[i] = static_cast<T>(generator());
        // Divisors of every magnitude: shift a random word right by 0..(bits-1).
        T divisor = static_cast<T>(generator() >> (generator() % (8U * sizeof(T))));
        if (divisor == 0) {
            divisor = 1;
        }
        if (std::is_signed<T>::value && (a[i] == std::numeric_limits<T>::min()) && (divisor == static_cast<T>(-1))) {
            divisor = 1;
        }
        b[i] = divisor;
    }
    for (const IntRounding rounding : {IntRounding::floor, IntRounding::toward_zero}) {
        std::vector<T> y(count);
        ASSERT_TRUE(divide(type, a, b, y, rounding).is_ok());
        int failures = 0;
        for (std::size_t i = 0; i < count; ++i) {
            if (!is_quotient(rounding, a[i], b[i], y[i]) && (++failures <= 5)) {
                ADD_FAILURE() << static_cast<long long>(a[i]) << " / " << static_cast<long long>(b[i]);
            }
        }
        EXPECT_EQ(failures, 0);
    }
}

// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
TEST(DivIntSampled, WiderTypesSeededRandomPairs) {
    RecordProperty("requirements", "DIV-INT-F1,DIV-INT-D1");
    sampled<std::int16_t>(ElementType::int16, 1U);
    sampled<std::uint16_t>(ElementType::uint16, 2U);
    sampled<std::int32_t>(ElementType::int32, 3U);
    sampled<std::uint32_t>(ElementType::uint32, 4U);
    sampled<std::int64_t>(ElementType::int64, 5U);
    sampled<std::uint64_t>(ElementType::uint64, 6U);
}

// Hand-derived: the four sign combinations of 7 / 2.
// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
TEST(DivIntSigns, SevenOverTwoInAllSignCombinations) {
    RecordProperty("requirements", "DIV-INT-F1,DIV-INT-D1");
    const std::vector<std::int32_t> a{7, -7, 7, -7};
    const std::vector<std::int32_t> b{2, 2, -2, -2};
    std::vector<std::int32_t> y(4U);
    ASSERT_TRUE(divide(ElementType::int32, a, b, y, IntRounding::floor).is_ok());
    EXPECT_EQ(y, (std::vector<std::int32_t>{3, -4, -4, 3}));
    ASSERT_TRUE(divide(ElementType::int32, a, b, y, IntRounding::toward_zero).is_ok());
    EXPECT_EQ(y, (std::vector<std::int32_t>{3, -3, -3, 3}));
}

// UINT32 quotients at and around 2^31, where divide_uint32 switches from
// truncating q to truncating q - 2^31 and adding the high bit back;
// expected quotients derived by hand.
// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
// [utest->req~div-int-acc1~1]
TEST(DivIntBoundary, Uint32QuotientsAroundTwoToThe31) {
    RecordProperty("requirements", "DIV-INT-F1,DIV-INT-D1,DIV-INT-ACC1");
    const std::vector<std::uint32_t> a{0x80000000U, 0x7FFFFFFFU, 0x80000001U, 0xFFFFFFFFU,
                                       0xFFFFFFFFU, 0xFFFFFFFEU, 0xFFFFFFFFU};
    const std::vector<std::uint32_t> b{1U, 1U, 1U, 1U, 2U, 2U, 0xFFFFFFFFU};
    const std::vector<std::uint32_t> expected{0x80000000U, 0x7FFFFFFFU, 0x80000001U, 0xFFFFFFFFU,
                                              0x7FFFFFFFU, 0x7FFFFFFFU, 1U};
    for (const IntRounding rounding : {IntRounding::floor, IntRounding::toward_zero}) {
        std::vector<std::uint32_t> y(a.size());
        ASSERT_TRUE(divide(ElementType::uint32, a, b, y, rounding).is_ok());
        EXPECT_EQ(y, expected);
    }
}

// DIV-INT-D4: a nibble outside its range is refused with the operand (A
// before B) and the lowest offending index (the first, the last, or after
// the range's ends), and nothing is written.
// [utest->req~div-int-d4~1]
TEST(DivIntNibbles, OutOfRangeValuesAreRefusedAtTheLowestIndex) {
    RecordProperty("requirements", "DIV-INT-D4");
    const auto expect_refused = [](ElementType type, const auto& a, const auto& b, Operand operand,
                                   std::uint64_t index) {
        using T = typename std::decay_t<decltype(a)>::value_type;
        std::vector<T> y(a.size(), static_cast<T>(5));
        const Status status = divide(type, a, b, y);
        EXPECT_EQ(status.code, StatusCode::value_out_of_range);
        EXPECT_STREQ(requirement_name(status.requirement), "DIV-INT-D4");
        EXPECT_EQ(status.operand, operand);
        EXPECT_EQ(status.index, index);
        EXPECT_EQ(y, std::vector<T>(a.size(), static_cast<T>(5)));
    };
    const std::vector<std::int8_t> good{1, 2, 3};
    expect_refused(ElementType::int4, std::vector<std::int8_t>{8, 2, 3}, good, Operand::a, 0U);
    expect_refused(ElementType::int4, std::vector<std::int8_t>{-9, 2, 3}, good, Operand::a, 0U);
    expect_refused(ElementType::int4, good, std::vector<std::int8_t>{8, 2, 3}, Operand::b, 0U);
    expect_refused(ElementType::int4, good, std::vector<std::int8_t>{1, 2, -9}, Operand::b, 2U);
    const std::vector<std::uint8_t> good_u{1U, 2U, 3U};
    expect_refused(ElementType::uint4, std::vector<std::uint8_t>{16U, 2U, 3U}, good_u, Operand::a, 0U);
    expect_refused(ElementType::uint4, good_u, std::vector<std::uint8_t>{16U, 2U, 3U}, Operand::b, 0U);
    expect_refused(ElementType::uint4, good_u, std::vector<std::uint8_t>{1U, 2U, 255U}, Operand::b, 2U);
    // The range's own ends are inside it: the first offending index is after them.
    expect_refused(ElementType::int4, std::vector<std::int8_t>{-8, 7, 8}, good, Operand::a, 2U);
    expect_refused(ElementType::uint4, std::vector<std::uint8_t>{0U, 15U, 16U}, good_u, Operand::a, 2U);
}

// DIV-INT-C3 and DIV-INT-D2: a zero divisor or MIN / -1 is refused at the
// lowest offending index, including index 0, and nothing is written.
// [utest->req~div-int-c3~1]
// [utest->req~div-int-d2~1]
TEST(DivIntDivisors, ZeroDivisorsAndOverflowAreRefusedAtTheLowestIndex) {
    RecordProperty("requirements", "DIV-INT-C3,DIV-INT-D2");
    const auto expect_refused = [](ElementType type, const auto& a, const auto& b, StatusCode code,
                                   const char* requirement, Operand operand, std::uint64_t index) {
        using T = typename std::decay_t<decltype(a)>::value_type;
        std::vector<T> y(a.size(), static_cast<T>(5));
        const Status status = divide(type, a, b, y);
        EXPECT_EQ(status.code, code);
        EXPECT_STREQ(requirement_name(status.requirement), requirement);
        EXPECT_EQ(status.operand, operand);
        EXPECT_EQ(status.index, index);
        EXPECT_EQ(y, std::vector<T>(a.size(), static_cast<T>(5)));
    };
    using I32 = std::vector<std::int32_t>;
    using I8 = std::vector<std::int8_t>;
    using U32 = std::vector<std::uint32_t>;
    expect_refused(ElementType::int32, I32{7, 7, 7}, I32{0, 1, 0}, StatusCode::zero_divisor, "DIV-INT-C3", Operand::b,
                   0U);
    expect_refused(ElementType::int32, I32{7, 7, 7}, I32{1, -1, 0}, StatusCode::zero_divisor, "DIV-INT-C3", Operand::b,
                   2U);
    expect_refused(ElementType::uint32, U32{7U, 7U}, U32{0U, 1U}, StatusCode::zero_divisor, "DIV-INT-C3", Operand::b,
                   0U);
    expect_refused(ElementType::int8, I8{-128, 1, 1}, I8{-1, 1, 0}, StatusCode::overflow, "DIV-INT-D2", Operand::a, 0U);
    expect_refused(ElementType::int8, I8{-127, -128, -128}, I8{-1, 1, -1}, StatusCode::overflow, "DIV-INT-D2",
                   Operand::a, 2U);
    expect_refused(ElementType::int4, I8{-8, -7, -8}, I8{-1, -1, 0}, StatusCode::overflow, "DIV-INT-D2", Operand::a,
                   0U);
    expect_refused(ElementType::int4, I8{-7, -8, -8}, I8{-1, 1, -1}, StatusCode::overflow, "DIV-INT-D2", Operand::a,
                   2U);
}

// The kernels write exactly Y's elements: views of the first four elements
// of longer buffers, both roundings; the fifth element of Y keeps its value.
// Quotients by hand: 7/2, -7/2, 9/-4, 5/5.
// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
TEST(DivIntBoundary, KernelsWriteNothingPastY) {
    RecordProperty("requirements", "DIV-INT-F1,DIV-INT-D1");
    const std::vector<std::int16_t> a{7, -7, 9, 5, 1};
    const std::vector<std::int16_t> b{2, 2, -4, 5, 1};
    for (const IntRounding rounding : {IntRounding::floor, IntRounding::toward_zero}) {
        std::vector<std::int16_t> y(5U, static_cast<std::int16_t>(12345));
        const ConstTensorView va{ElementType::int16, shape_1d(4U), a.data(), 4U * sizeof(std::int16_t)};
        const ConstTensorView vb{ElementType::int16, shape_1d(4U), b.data(), 4U * sizeof(std::int16_t)};
        const TensorView vy{ElementType::int16, shape_1d(4U), y.data(), 4U * sizeof(std::int16_t)};
        ASSERT_TRUE(div(va, vb, vy, DivOptions{rounding}, nullptr).is_ok());
        const std::vector<std::int16_t> expected = (rounding == IntRounding::floor)
                                                       ? std::vector<std::int16_t>{3, -4, -3, 1, 12345}
                                                       : std::vector<std::int16_t>{3, -3, -2, 1, 12345};
        EXPECT_EQ(y, expected);
    }
}

}  // namespace
}  // namespace sonnx::test
