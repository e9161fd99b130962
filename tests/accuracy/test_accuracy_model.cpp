// The SymbolicDomainError model itself: its rounding against the MPFR oracle
// (an independent implementation), hand-derived enclosures, IEEE special
// cases, and the integer semantics the core's templates rely on.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "sonnx/accuracy/symbolic_domain_error.hpp"
#include "sonnx/oracle/float_oracle.hpp"

namespace sonnx::accuracy {
namespace {

Bound value_of(std::uint64_t bits, const FormatSpec& format) { return decode(bits, format).value; }

template <typename Format>
Sde<Format> exact_operand(std::uint64_t bits) {
    return Sde<Format>::input(ComputedSet::finite_point(value_of(bits, Format::spec)), point(Bound(0)));
}

bool contains(const Interval& enclosure, const Rational& x) {
    return (to_rational(low(enclosure)) <= x) && (x <= to_rational(high(enclosure)));
}

// The encoding of the single value of a result set (NaN: the quiet NaN).
std::uint64_t result_bits(const ComputedSet& c, const FormatSpec& format) {
    if (c.only_nan()) {
        return encode(Bound(std::numeric_limits<double>::quiet_NaN()), format);
    }
    if (c.only_infinite()) {
        Bound inf;
        mpfr_set_inf(inf.backend().data(), c.may_be_negative_infinity() ? -1 : 1);
        return encode(inf, format);
    }
    EXPECT_TRUE(c.is_single_finite()) << c.to_text();
    Bound value = low(c.finite());
    if ((value == 0) && c.may_be_negative_zero()) {
        // MPFI keeps no sign on a zero endpoint; the set's flags carry it.
        mpfr_neg(value.backend().data(), Bound(0).backend().data(), MPFR_RNDN);
    }
    return encode(value, format);
}

template <typename Format>
void compare_with_oracle(ElementType type, int total_bits, std::uint64_t seed) {
    oracle::FloatOracle reference(oracle::float_format(type));
    const oracle::FloatFormat& f = oracle::float_format(type);
    std::mt19937_64 random(seed);
    const std::uint64_t mask = (total_bits == 64) ? ~std::uint64_t{0} : ((std::uint64_t{1} << total_bits) - 1U);
    int compared = 0;
    for (int n = 0; n < 20000; ++n) {
        std::uint64_t a = random() & mask;
        std::uint64_t b = random() & mask;
        if (n % 4 == 1) {  // small exponents: subnormal and tiny quotients
            a &= ~(std::uint64_t{0x3} << (total_bits - 3));
        }
        if (n % 4 == 2) {  // close significands: quotients near 1 and ties in the subnormal range
            b = (a ^ (random() & 0xFU)) & mask;
        }
        const oracle::Classified ca = oracle::classify(f, a);
        const oracle::Classified cb = oracle::classify(f, b);
        if ((ca.value_class == oracle::ValueClass::nan) || (cb.value_class == oracle::ValueClass::nan) ||
            (ca.value_class == oracle::ValueClass::infinity) || (cb.value_class == oracle::ValueClass::infinity)) {
            continue;
        }
        const Sde<Format> sa = Sde<Format>::input(ComputedSet::finite_point(value_of(a, Format::spec)),
                                                  point(Bound(0)));
        const Sde<Format> sb = Sde<Format>::input(ComputedSet::finite_point(value_of(b, Format::spec)),
                                                  point(Bound(0)));
        const Sde<Format> c = sa / sb;
        const std::uint64_t expected = reference.quotient(a, b);
        if (oracle::classify(f, expected).value_class == oracle::ValueClass::nan) {
            EXPECT_TRUE(c.computed().only_nan()) << std::hex << a << " / " << b;
        } else {
            EXPECT_EQ(result_bits(c.computed(), Format::spec), expected) << std::hex << a << " / " << b;
        }
        if (c.computed().is_single_finite() && !mpfr_zero_p(low(c.computed().finite()).backend().data())) {
            EXPECT_EQ(ulp_exponent(low(c.computed().finite()), Format::spec), reference.ulp_exponent(expected));
        }
        ++compared;
    }
    EXPECT_GT(compared, 15000);
}

// [utest->req~div-uv-d3~1]
TEST(AccuracyModel, RoundingAgreesWithTheMpfrOracleOnEveryFormat) {
    RecordProperty("requirements", "DIV-UV-D3");
    compare_with_oracle<Fp16>(ElementType::fp16, 16, 1U);
    compare_with_oracle<Bf16>(ElementType::bf16, 16, 2U);
    compare_with_oracle<Fp32>(ElementType::fp32, 32, 3U);
    compare_with_oracle<Fp64>(ElementType::fp64, 64, 4U);
}

// [utest->req~div-uv-d3~1]
// [utest->req~div-float-d8~1]
TEST(AccuracyModel, HandDerivedRoundingUlpAndEncodings) {
    RecordProperty("requirements", "DIV-UV-D3,DIV-FLOAT-D8");
    const FormatSpec& fp16 = Fp16::spec;
    // 1.5 * 2^-24 (between the two smallest FP16 subnormals) ties to even: 2^-23.
    EXPECT_EQ(round_to_format(Bound(3 * power_of_two(-25)), fp16, Rounding::to_nearest_even).value, power_of_two(-23));
    // Toward zero: 2^-24.
    EXPECT_EQ(round_to_format(Bound(3 * power_of_two(-25)), fp16, Rounding::toward_zero).value, power_of_two(-24));
    // 65520 = (2 - 2^-11) 2^15 rounds to infinity; RZ saturates at 65504.
    EXPECT_TRUE(round_to_format(Bound(65520), fp16, Rounding::to_nearest_even).infinite);
    EXPECT_EQ(round_to_format(Bound(65520), fp16, Rounding::toward_zero).value, Bound(65504));
    EXPECT_EQ(round_to_format(Bound(65519), fp16, Rounding::to_nearest_even).value, Bound(65504));
    // ulp of DIV-FLOAT-D8 (FP32): 2^-23 at 1, 2^-24 just below, 2^-149 at 0 and subnormals.
    EXPECT_EQ(ulp_exponent(Bound(1), Fp32::spec), -23);
    EXPECT_EQ(ulp_exponent(Rational(Rational(1) - rational_power_of_two(-30)), Fp32::spec), -24);
    EXPECT_EQ(ulp_exponent(Bound(0), Fp32::spec), -149);
    EXPECT_EQ(ulp_exponent(power_of_two(-140), Fp32::spec), -149);
    EXPECT_EQ(ulp_exponent(power_of_two(200), Fp32::spec), 104);  // beyond the range: the largest value's
    EXPECT_EQ(encode(value_of(0x3EAAAAABU, Fp32::spec), Fp32::spec), 0x3EAAAAABU);
    EXPECT_EQ(encode(value_of(0x8001U, fp16), fp16), 0x8001U);
    EXPECT_EQ(encode(value_of(0x0000000000000001U, Fp64::spec), Fp64::spec), 0x0000000000000001U);
}

// The scalar steps of the float scenario's proofs round upward (issue #19):
// where rounding to nearest loses a tiny addend, add_up and subtract_up stay
// at or above the exact result, checked in exact rationals.
// [utest->req~div-uv-d1~1]
TEST(AccuracyModel, ScalarProofStepsRoundUpward) {
    RecordProperty("requirements", "DIV-UV-D1");
    const Bound one(1);
    const Bound tiny = power_of_two(-400);
    ASSERT_EQ(Bound(one + tiny), one);  // to nearest: below the exact sum
    const Rational exact_sum = to_rational(one) + to_rational(tiny);
    const Rational exact_difference = to_rational(one) - to_rational(tiny);
    EXPECT_GE(to_rational(add_up(one, tiny)), exact_sum);
    EXPECT_GT(add_up(one, tiny), one);
    EXPECT_GE(to_rational(subtract_up(one, Bound(-tiny))), exact_sum);
    EXPECT_GE(to_rational(subtract_up(one, tiny)), exact_difference);
    EXPECT_GE(to_rational(add_up(Bound(-one), Bound(-tiny))), -exact_sum);
    EXPECT_LT(add_up(Bound(-one), Bound(-tiny)), Bound(0));
    // Exact results stay exact.
    EXPECT_EQ(add_up(one, one), Bound(2));
    EXPECT_EQ(subtract_up(one, one), Bound(0));
}

// [utest->req~div-uv-d1~1]
// [utest->req~div-uv-d2~1]
TEST(AccuracyModel, FieldsOfOneThirdInFp32) {
    RecordProperty("requirements", "DIV-UV-D1,DIV-UV-D2");
    const Sde<Fp32> c = exact_operand<Fp32>(0x3F800000U) / exact_operand<Fp32>(0x40400000U);
    // RN(1/3) = 11184811 * 2^-25; err = 11184811/33554432 - 1/3 = 1/100663296.
    ASSERT_TRUE(c.computed().is_single_finite());
    EXPECT_EQ(to_rational(low(c.computed().finite())), Rational(11184811, 33554432));
    EXPECT_TRUE(contains(c.real(), Rational(1, 3)));
    EXPECT_TRUE(contains(c.err(), Rational(1, 100663296)));
    EXPECT_TRUE(contains(c.rel_err(), Rational(3, 100663296)));
    EXPECT_TRUE(contains(c.introduced(), Rational(1, 100663296)));
    EXPECT_TRUE(contains(c.propagated(), Rational(0)));
    // The enclosures are thin: at most 2^-150 relative.
    EXPECT_LT(Bound(high(c.err()) - low(c.err())), power_of_two(-180));
}

// [utest->req~div-uv-d2~1]
// [utest->req~div-float-acc2~1]
TEST(AccuracyModel, PropagatedErrorEnclosesTheExactFormulaAtEveryCorner) {
    RecordProperty("requirements", "DIV-UV-D2,DIV-FLOAT-ACC2");
    // A' = 5, err in [-1/8, 1/16]; B' = 3, err in [-1/4, 1/32]: the fields
    // must hold (A'/B' - A/B) and RN(A'/B') - A/B at every corner.
    const Sde<Fp64> a = Sde<Fp64>::input(ComputedSet::finite_point(Bound(5)), span(Bound(-0.125), Bound(0.0625)));
    const Sde<Fp64> b = Sde<Fp64>::input(ComputedSet::finite_point(Bound(3)), span(Bound(-0.25), Bound(0.03125)));
    const Sde<Fp64> c = a / b;
    const Rational computed = to_rational(low(c.computed().finite()));
    for (const Rational& ea : {Rational(-1, 8), Rational(1, 16)}) {
        for (const Rational& eb : {Rational(-1, 4), Rational(1, 32)}) {
            const Rational ideal = (5 - ea) / (3 - eb);
            EXPECT_TRUE(contains(c.real(), ideal));
            EXPECT_TRUE(contains(c.propagated(), Rational(Rational(5, 3) - ideal)));
            EXPECT_TRUE(contains(c.err(), Rational(computed - ideal)));
            EXPECT_TRUE(contains(c.rel_err(), Rational((computed - ideal) / ideal)));
        }
    }
    EXPECT_TRUE(contains(c.introduced(), Rational(computed - Rational(5, 3))));
}

// [utest->req~div-uv-d2~1]
// [utest->req~div-float-d1~1]
// [utest->req~div-float-d2~1]
// [utest->req~div-float-d3~2]
// [utest->req~div-float-d4~1]
TEST(AccuracyModel, IeeeSpecialCases) {
    RecordProperty("requirements", "DIV-UV-D2,DIV-FLOAT-D1,DIV-FLOAT-D2,DIV-FLOAT-D3,DIV-FLOAT-D4");
    const Sde<Fp32> one = exact_operand<Fp32>(0x3F800000U);
    const Sde<Fp32> minus_one = exact_operand<Fp32>(0xBF800000U);
    const Sde<Fp32> plus_zero = exact_operand<Fp32>(0x00000000U);
    const Sde<Fp32> minus_zero = exact_operand<Fp32>(0x80000000U);
    const Sde<Fp32> inf(make_input(Fp32::spec, ComputedSet::infinity(false), point(Bound(0))));
    EXPECT_TRUE((one / plus_zero).is_inf());
    EXPECT_TRUE((one / plus_zero).computed().may_be_positive_infinity());
    EXPECT_TRUE((one / minus_zero).computed().may_be_negative_infinity());
    EXPECT_FALSE((one / minus_zero).computed().may_be_positive_infinity());
    EXPECT_TRUE((minus_one / minus_zero).computed().may_be_positive_infinity());
    EXPECT_TRUE((plus_zero / plus_zero).is_nan());
    EXPECT_TRUE((inf / inf).is_nan());
    EXPECT_TRUE((inf / minus_one).computed().may_be_negative_infinity());
    const ComputedSet zero = (minus_one / inf).computed();
    EXPECT_TRUE(zero.is_single_finite());
    EXPECT_TRUE(zero.may_be_negative_zero());
    EXPECT_FALSE(zero.may_be_positive_zero());
    EXPECT_TRUE((plus_zero / minus_one).computed().may_be_negative_zero());
    // Overflow and underflow in FP16: 65504 / 0.5 = inf; 2^-24 / 2 ties to +0.
    const Sde<Fp16> big = exact_operand<Fp16>(0x7BFFU);
    const Sde<Fp16> half = exact_operand<Fp16>(0x3800U);
    EXPECT_TRUE((big / half).is_inf());
    EXPECT_FALSE((big / half).errors_defined());
    const Sde<Fp16> tiny = exact_operand<Fp16>(0x0001U);
    const Sde<Fp16> two = exact_operand<Fp16>(0x4000U);
    const ComputedSet underflow = (tiny / two).computed();
    ASSERT_TRUE(underflow.is_single_finite());
    EXPECT_EQ(low(underflow.finite()), Bound(0));
    EXPECT_TRUE(underflow.may_be_positive_zero());
    EXPECT_TRUE(contains((tiny / two).err(), Rational(Rational(0) - rational_power_of_two(-25))));
}

// [utest->req~div-uv-d2~1]
TEST(AccuracyModel, RangesGiveHullsAndTheRoundingBound) {
    RecordProperty("requirements", "DIV-UV-D2");
    // A' in [1, 2] (FP32 values), B' = 3: computed in [RN(1/3), RN(2/3)],
    // introduced error within half an ulp of 2/3's binade.
    const Sde<Fp32> a = Sde<Fp32>::input(ComputedSet::finite_range(Bound(1), Bound(2)), point(Bound(0)));
    const Sde<Fp32> c = a / exact_operand<Fp32>(0x40400000U);
    EXPECT_EQ(to_rational(low(c.computed().finite())), Rational(11184811, 33554432));
    EXPECT_EQ(to_rational(high(c.computed().finite())), Rational(11184811, 16777216));
    EXPECT_LE(magnitude_high(c.introduced()), power_of_two(-25));
    // A range crossing zero divided by a range holding zero: every kind of result.
    const Sde<Fp32> across = Sde<Fp32>::input(ComputedSet::finite_range(Bound(-1), Bound(1)), point(Bound(0)));
    const ComputedSet all = (across / across).computed();
    EXPECT_TRUE(all.may_be_nan());
    EXPECT_TRUE(all.may_be_positive_infinity());
    EXPECT_TRUE(all.may_be_negative_infinity());
    EXPECT_TRUE(all.has_finite());
}

// [utest->req~div-uv-d2~1]
// [utest->req~div-float-d7~1]
TEST(AccuracyModel, WideningIsExactNarrowingRounds) {
    RecordProperty("requirements", "DIV-UV-D2,DIV-FLOAT-D7");
    const Sde<Fp16> x = exact_operand<Fp16>(0x3555U);  // RN16(1/3)
    const Sde<Fp32> wide = convert_to<Fp32>(x);
    EXPECT_EQ(low(wide.computed().finite()), low(x.computed().finite()));
    EXPECT_TRUE(contains(wide.introduced(), Rational(0)));
    EXPECT_EQ(magnitude_high(wide.introduced()), Bound(0));
    // FP32 1/3 narrowed to FP16 is 0x3555 = 1365 * 2^-12.
    const Sde<Fp32> third = exact_operand<Fp32>(0x3F800000U) / exact_operand<Fp32>(0x40400000U);
    const Sde<Fp16> narrow = convert_to<Fp16>(third);
    EXPECT_EQ(to_rational(low(narrow.computed().finite())), Rational(1365, 4096));
    EXPECT_TRUE(contains(narrow.err(), Rational(Rational(1365, 4096) - Rational(1, 3))));
}

// The bits of a built-in float or double.
std::uint64_t bits_of(float x) {
    std::uint32_t bits = 0U;
    std::memcpy(&bits, &x, sizeof bits);
    return bits;
}
std::uint64_t bits_of(double x) {
    std::uint64_t bits = 0U;
    std::memcpy(&bits, &x, sizeof bits);
    return bits;
}

// A NaN compares by kind only (the model has one NaN).
bool same_result(std::uint64_t model, std::uint64_t hardware, const FormatSpec& format) {
    const bool model_nan = decode(model, format).kind == Decoded::Kind::nan;
    const bool hardware_nan = decode(hardware, format).kind == Decoded::Kind::nan;
    return (model_nan || hardware_nan) ? (model_nan == hardware_nan) : (model == hardware);
}

// Operands for the hardware comparison: the special values, values whose
// sums cancel or tie, products that overflow or underflow, and seeded
// random bit patterns (a third of them with small exponents).
template <typename Native>
std::vector<Native> comparison_operands(std::uint64_t seed) {
    using limits = std::numeric_limits<Native>;
    std::vector<Native> values{Native(0),
                               -Native(0),
                               Native(1),
                               -Native(1),
                               Native(3),
                               Native(1) / Native(3),
                               limits::max(),
                               -limits::max(),
                               limits::min(),
                               limits::denorm_min(),
                               -limits::denorm_min(),
                               limits::infinity(),
                               -limits::infinity(),
                               limits::quiet_NaN(),
                               limits::epsilon() / Native(2)};
    std::mt19937_64 random(seed);
    while (values.size() < 60U) {
        std::uint64_t bits = random();
        if constexpr (sizeof(Native) == 4U) {
            bits &= 0xFFFFFFFFU;
            if (values.size() % 3U == 0U) {
                bits &= 0x8FFFFFFFU;
            }
        } else {
            if (values.size() % 3U == 0U) {
                bits &= 0x80FFFFFFFFFFFFFFU;
            }
        }
        Native x{};
        std::memcpy(&x, &bits, sizeof x);
        values.push_back(x);
    }
    return values;
}

// +, -, * and fma of the model against the processor's IEEE 754 arithmetic
// (an independent implementation; std::fma is correctly rounded in glibc),
// on every pair and on a sample of triples: same value, same signed zero,
// same infinity, NaN where it gives NaN.
template <typename Format, typename Native>
void compare_with_hardware(std::uint64_t seed) {
    const FormatSpec& format = Format::spec;
    const std::vector<Native> values = comparison_operands<Native>(seed);
    const auto model = [](Native x) {
        const Decoded d = decode(bits_of(x), Format::spec);
        const ComputedSet set = (d.kind == Decoded::Kind::nan)        ? ComputedSet::not_a_number()
                                : (d.kind == Decoded::Kind::infinity) ? ComputedSet::infinity(std::signbit(x))
                                                                      : ComputedSet::finite_point(d.value);
        return Sde<Format>(make_input(Format::spec, set, point(Bound(0))));
    };
    int compared = 0;
    for (const Native x : values) {
        for (const Native y : values) {
            const Sde<Format> a = model(x);
            const Sde<Format> b = model(y);
            EXPECT_TRUE(same_result(result_bits((a + b).computed(), format), bits_of(x + y), format))
                << x << " + " << y << ": " << (a + b).computed().to_text();
            EXPECT_TRUE(same_result(result_bits((a - b).computed(), format), bits_of(x - y), format))
                << x << " - " << y << ": " << (a - b).computed().to_text();
            EXPECT_TRUE(same_result(result_bits((a * b).computed(), format), bits_of(x * y), format))
                << x << " * " << y << ": " << (a * b).computed().to_text();
            EXPECT_TRUE(same_result(result_bits((-a).computed(), format), bits_of(-x), format)) << "-" << x;
            compared += 4;
        }
    }
    std::mt19937_64 random(seed + 1U);
    for (int n = 0; n < 4000; ++n) {
        const Native x = values[random() % values.size()];
        const Native y = values[random() % values.size()];
        // A third of the addends cancel the product to within a few ulps.
        const Native z = (n % 3 == 0) ? Native(-(x * y)) : values[random() % values.size()];
        const Sde<Format> c = fma(model(x), model(y), model(z));
        EXPECT_TRUE(same_result(result_bits(c.computed(), format), bits_of(std::fma(x, y, z)), format))
            << "fma(" << x << ", " << y << ", " << z << "): " << c.computed().to_text();
        ++compared;
    }
    EXPECT_GT(compared, 10000);
}

// [utest->req~div-uv-d2~1]
// [utest->req~div-uv-d3~1]
TEST(AccuracyModel, SumProductAndFmaAgreeWithTheProcessorOnFp32AndFp64) {
    RecordProperty("requirements", "DIV-UV-D2,DIV-UV-D3");
    compare_with_hardware<Fp32, float>(11U);
    compare_with_hardware<Fp64, double>(12U);
}

// [utest->req~div-uv-d2~1]
TEST(AccuracyModel, HandDerivedSumProductAndFma) {
    RecordProperty("requirements", "DIV-UV-D2");
    const Sde<Fp32> three = exact_operand<Fp32>(0x40400000U);
    const Sde<Fp32> third = exact_operand<Fp32>(0x3EAAAAABU);  // RN(1/3) = 11184811 * 2^-25
    // 3 * 11184811 * 2^-25 = 1 + 2^-25, below the midpoint 1 + 2^-24: rounds to 1.
    const Sde<Fp32> product = three * third;
    ASSERT_TRUE(product.computed().is_single_finite());
    EXPECT_EQ(low(product.computed().finite()), Bound(1));
    EXPECT_TRUE(contains(product.introduced(), Rational(Rational(0) - rational_power_of_two(-25))));
    // fma rounds once: 3 * RN(1/3) - 1 = 2^-25 exactly, where 3 * RN(1/3) - 1 gives 0.
    const Sde<Fp32> one(1);
    const Sde<Fp32> residual = fma(three, third, -one);
    EXPECT_EQ(to_rational(low(residual.computed().finite())), rational_power_of_two(-25));
    EXPECT_EQ(low((product - one).computed().finite()), Bound(0));
    // 1 + 3 * 2^-24 = 1 + 1.5 ulp: a tie, to even 1 + 2^-22.
    const Sde<Fp32> tie = one + exact_operand<Fp32>(0x34400000U);  // 3 * 2^-24
    EXPECT_EQ(to_rational(low(tie.computed().finite())), Rational(1) + rational_power_of_two(-22));
    // Signed zeros: -0 + -0 = -0, +0 + -0 = +0, x - x = +0, -(+0) = -0.
    const Sde<Fp32> plus_zero = exact_operand<Fp32>(0x00000000U);
    const Sde<Fp32> minus_zero = exact_operand<Fp32>(0x80000000U);
    EXPECT_TRUE((minus_zero + minus_zero).computed().may_be_negative_zero());
    EXPECT_FALSE((minus_zero + minus_zero).computed().may_be_positive_zero());
    EXPECT_FALSE((plus_zero + minus_zero).computed().may_be_negative_zero());
    EXPECT_FALSE((third - third).computed().may_be_negative_zero());
    EXPECT_TRUE((-plus_zero).computed().may_be_negative_zero());
    // Infinities: inf - inf and inf * 0 are NaN; FP16 65504 * 2 overflows; 2^-24 * 2^-1 ties to +0.
    const Sde<Fp32> inf(make_input(Fp32::spec, ComputedSet::infinity(false), point(Bound(0))));
    EXPECT_TRUE((inf - inf).is_nan());
    EXPECT_TRUE((inf * plus_zero).is_nan());
    EXPECT_TRUE((inf + one).computed().may_be_positive_infinity());
    EXPECT_TRUE(fma(inf, one, -inf).is_nan());
    EXPECT_TRUE((exact_operand<Fp16>(0x7BFFU) * exact_operand<Fp16>(0x4000U)).is_inf());
    const ComputedSet underflow = (exact_operand<Fp16>(0x0001U) * exact_operand<Fp16>(0x3800U)).computed();
    ASSERT_TRUE(underflow.is_single_finite());
    EXPECT_TRUE(underflow.may_be_positive_zero());
    // Errors: A' = 3 with error in [0, 2^-30] (A in [3 - 2^-30, 3]), times B' = 2 exact: the
    // product is exact, propagated = 2 Aerr, introduced = 0.
    const Sde<Fp32> a = Sde<Fp32>::input(ComputedSet::finite_point(Bound(3)), span(Bound(0), power_of_two(-30)));
    const Sde<Fp32> doubled = a * Sde<Fp32>(2);
    EXPECT_TRUE(contains(doubled.propagated(), rational_power_of_two(-29)));
    EXPECT_TRUE(contains(doubled.propagated(), Rational(0)));
    EXPECT_LE(magnitude_high(doubled.propagated()), Bound(power_of_two(-29) * Bound(1.0001)));
    EXPECT_EQ(magnitude_high(doubled.introduced()), Bound(0));
    // A sum keeps the parts: (A' + A') err = 2 Aerr, and fma(A', 2, A') = 3 Aerr.
    EXPECT_TRUE(contains((a + a).err(), rational_power_of_two(-29)));
    EXPECT_TRUE(contains(fma(a, Sde<Fp32>(2), a).err(), Rational(3) * rational_power_of_two(-30)));
    EXPECT_LE(magnitude_high(fma(a, Sde<Fp32>(2), a).err()), Bound(Bound(3) * power_of_two(-30) * Bound(1.0001)));
}

// [utest->req~div-uv-d2~1]
TEST(AccuracyModel, ConstantsAndCastsAsInCpp) {
    RecordProperty("requirements", "DIV-UV-D2");
    // float(0.1) = 13421773 * 2^-27 (0.1 * 2^27 = 13421772.8).
    EXPECT_EQ(to_rational(low(Sde<Fp32>(0.1).computed().finite())), Rational(13421773, 134217728));
    EXPECT_EQ(magnitude_high(Sde<Fp32>(0.1).err()), Bound(0));  // a constant has no error
    EXPECT_EQ(low(Sde<Fp16>(7).computed().finite()), Bound(7));
    // 65520 is the FP16 midpoint between 65504 and 2^16: it rounds to infinity, undefined in C++.
    EXPECT_THROW(static_cast<void>(Sde<Fp16>(65520.0)), NotModelled);
    EXPECT_THROW(static_cast<void>(Sde<Fp32>(std::numeric_limits<double>::infinity())), NotModelled);
    // static_cast narrows with rounding to nearest (FP32 RN(1/3) to BF16 = 171 * 2^-9) and widens exactly.
    const Sde<Fp32> third = exact_operand<Fp32>(0x3EAAAAABU);
    const auto narrow = static_cast<Sde<Bf16>>(third);
    EXPECT_EQ(to_rational(low(narrow.computed().finite())), Rational(171, 512));
    const auto wide = static_cast<Sde<Fp64>>(third);
    EXPECT_EQ(to_rational(low(wide.computed().finite())), Rational(11184811, 33554432));
    EXPECT_EQ(magnitude_high(wide.introduced()), Bound(0));
}

// [utest->req~div-uv-d4~1]
// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
TEST(AccuracyModel, IntegerSemanticsOfCpp) {
    RecordProperty("requirements", "DIV-UV-D4,DIV-INT-F1,DIV-INT-D1");
    using I = SdeInt<std::int32_t>;
    const I seven(7);
    const I minus_seven(-7);
    const I two(2);
    const I minus_two(-2);
    EXPECT_EQ(to_rational(low((minus_seven / two).computed())), Rational(-3));  // C++ truncates
    EXPECT_EQ(to_rational(low((minus_seven % two).computed())), Rational(-1));
    EXPECT_EQ(to_rational(low((seven % minus_two).computed())), Rational(1));
    EXPECT_EQ(to_rational(low(int_divide_floor(minus_seven.value(), two.value()).computed)), Rational(-4));
    EXPECT_TRUE(minus_seven < two);
    EXPECT_TRUE(seven != two);
    // INT32 -> FP32 rounds 2^24 + 1 to 2^24 (introduced error -1); -> FP64 is exact.
    const I big(16777217);
    const Sde<Fp32> as_fp32 = static_cast<Sde<Fp32>>(big);
    EXPECT_EQ(to_rational(low(as_fp32.computed().finite())), Rational(16777216));
    EXPECT_TRUE(contains(as_fp32.err(), Rational(-1)));
    const Sde<Fp64> as_fp64 = static_cast<Sde<Fp64>>(big);
    EXPECT_EQ(to_rational(low(as_fp64.computed().finite())), Rational(16777217));
    // FP -> int truncates; out of range and MIN / -1 are not modelled (UB in C++).
    const SdeInt<std::int8_t> truncated(Sde<Fp32>::exact(Bound(-2.75)));
    EXPECT_EQ(to_rational(low(truncated.computed())), Rational(-2));
    EXPECT_THROW(SdeInt<std::int8_t>(Sde<Fp32>::exact(Bound(200))), NotModelled);
    using L = SdeInt<std::int64_t>;
    EXPECT_THROW(static_cast<void>(L(std::numeric_limits<std::int64_t>::min()) / L(-1)), NotModelled);
    EXPECT_THROW(static_cast<void>(I(1) / I(0)), NotModelled);
    // A comparison that differs across a range is undecided.
    const I range = I::input(span(Bound(-1), Bound(1)), point(Bound(0)));
    EXPECT_THROW(static_cast<void>(range < I(0)), UndecidedBranch);
}

}  // namespace
}  // namespace sonnx::accuracy
