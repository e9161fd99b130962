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
                ADD_FAILURE() << static_cast<std::int64_t>(a[i]) << " / " << static_cast<std::int64_t>(b[i])
                              << " gave " << static_cast<std::int64_t>(y[i]);
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
    std::vector<T> values = {L::min(), static_cast<T>(L::min() + 1), static_cast<T>(L::max() - 1), L::max(),
                             0, 1, 2, 3, 7};
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
        if (divisor == 0) { divisor = 1; }
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

}  // namespace
}  // namespace sonnx::test
