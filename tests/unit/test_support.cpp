#include "test_support.hpp"

#include <mpfr.h>

#include <cmath>
#include <limits>

namespace sonnx::test {

namespace {

std::uint64_t field(std::uint64_t bits, int shift, int width) {
    return (bits >> static_cast<unsigned>(shift)) & ((std::uint64_t{1} << static_cast<unsigned>(width)) - 1U);
}

}  // namespace

bool sign_bit(const Format& format, std::uint64_t bits) { return field(bits, format.total_bits - 1, 1) != 0U; }

bool is_nan_bits(const Format& format, std::uint64_t bits) {
    const int fraction_bits = format.precision - 1;
    const std::uint64_t exponent = field(bits, fraction_bits, format.exponent_bits);
    const std::uint64_t all_ones = (std::uint64_t{1} << static_cast<unsigned>(format.exponent_bits)) - 1U;
    return (exponent == all_ones) && (field(bits, 0, fraction_bits) != 0U);
}

bool is_quiet_nan_bits(const Format& format, std::uint64_t bits) {
    return is_nan_bits(format, bits) && (field(bits, format.precision - 2, 1) != 0U);
}

double decode(const Format& format, std::uint64_t bits) {
    const int fraction_bits = format.precision - 1;
    const std::uint64_t exponent = field(bits, fraction_bits, format.exponent_bits);
    const std::uint64_t fraction = field(bits, 0, fraction_bits);
    const std::uint64_t all_ones = (std::uint64_t{1} << static_cast<unsigned>(format.exponent_bits)) - 1U;
    const double sign = sign_bit(format, bits) ? -1.0 : 1.0;
    if (exponent == all_ones) {
        return (fraction == 0U) ? sign * std::numeric_limits<double>::infinity()
                                : std::numeric_limits<double>::quiet_NaN();
    }
    if (exponent == 0U) {  // zero or subnormal: fraction * 2^(1 - bias - (p-1))
        return sign * std::ldexp(static_cast<double>(fraction), 1 - format.bias - fraction_bits);
    }
    const std::uint64_t significand = fraction | (std::uint64_t{1} << static_cast<unsigned>(fraction_bits));
    return sign *
           std::ldexp(static_cast<double>(significand), static_cast<int>(exponent) - format.bias - fraction_bits);
}

std::uint64_t three_bits(const Format& format) {
    const int fraction_bits = format.precision - 1;
    return (static_cast<std::uint64_t>(format.bias + 1) << static_cast<unsigned>(fraction_bits)) |
           (std::uint64_t{1} << static_cast<unsigned>(fraction_bits - 1));
}

std::uint64_t one_and_half_bits(const Format& format) {
    const int fraction_bits = format.precision - 1;
    return (static_cast<std::uint64_t>(format.bias) << static_cast<unsigned>(fraction_bits)) |
           (std::uint64_t{1} << static_cast<unsigned>(fraction_bits - 1));
}

double mpfr_divide(const Format& format, double a, double b) {
    const mpfr_exp_t saved_emin = mpfr_get_emin();
    const mpfr_exp_t saved_emax = mpfr_get_emax();
    mpfr_t x, y, q;
    mpfr_init2(x, 53);
    mpfr_init2(y, 53);
    mpfr_init2(q, format.precision);
    mpfr_set_d(x, a, MPFR_RNDN);  // exact: 53 bits hold every operand
    mpfr_set_d(y, b, MPFR_RNDN);
    // MPFR writes x = m * 2^e with 1/2 <= m < 1: the largest finite value
    // has e = bias + 1, the smallest subnormal e = 3 - bias - p.
    mpfr_set_emin(3 - format.bias - format.precision);
    mpfr_set_emax(format.bias + 1);
    const int ternary = mpfr_div(q, x, y, MPFR_RNDN);
    mpfr_subnormalize(q, ternary, MPFR_RNDN);
    mpfr_set_emin(saved_emin);
    mpfr_set_emax(saved_emax);
    const double result = mpfr_get_d(q, MPFR_RNDN);  // exact: the format's values are doubles
    mpfr_clears(x, y, q, static_cast<mpfr_ptr>(nullptr));
    return result;
}

std::uint8_t ieee_flags(const Format& format, std::uint64_t a_bits, std::uint64_t b_bits) {
    const bool a_nan = is_nan_bits(format, a_bits);
    const bool b_nan = is_nan_bits(format, b_bits);
    if (a_nan || b_nan) {
        const bool signalling = (a_nan && !is_quiet_nan_bits(format, a_bits)) ||
                                (b_nan && !is_quiet_nan_bits(format, b_bits));
        return signalling ? fp_flag_invalid : fp_flag_none;
    }
    const double a = decode(format, a_bits);
    const double b = decode(format, b_bits);
    if (std::isinf(a) || std::isinf(b)) {
        return (std::isinf(a) && std::isinf(b)) ? fp_flag_invalid : fp_flag_none;
    }
    if (b == 0.0) {
        return (a == 0.0) ? fp_flag_invalid : fp_flag_divide_by_zero;
    }
    if (a == 0.0) {
        return fp_flag_none;
    }
    mpfr_t x, y, unbounded, back;
    mpfr_inits2(128, x, y, back, static_cast<mpfr_ptr>(nullptr));
    mpfr_init2(unbounded, format.precision);
    mpfr_set_d(x, a, MPFR_RNDN);  // exact
    mpfr_set_d(y, b, MPFR_RNDN);
    mpfr_div(unbounded, x, y, MPFR_RNDN);  // MPFR's default exponent range is unbounded for these formats
    // In MPFR's m * 2^e (1/2 <= m < 1): overflow from e > bias + 1, tiny below e = 2 - bias.
    const mpfr_exp_t e = mpfr_get_exp(unbounded);
    const bool overflow = e > static_cast<mpfr_exp_t>(format.bias + 1);
    const bool tiny = e < static_cast<mpfr_exp_t>(2 - format.bias);
    bool inexact = overflow;
    if (!overflow) {
        // The correctly rounded result in the format times b equals a exactly
        // (128 bits hold the product of two 53-bit values) iff the division is exact.
        mpfr_set_d(back, mpfr_divide(format, a, b), MPFR_RNDN);
        mpfr_mul(back, back, y, MPFR_RNDN);
        inexact = mpfr_cmp(back, x) != 0;
    }
    mpfr_clears(x, y, unbounded, back, static_cast<mpfr_ptr>(nullptr));
    std::uint32_t flags = inexact ? static_cast<std::uint32_t>(fp_flag_inexact) : 0U;
    flags |= overflow ? static_cast<std::uint32_t>(fp_flag_overflow) : 0U;
    flags |= (tiny && inexact) ? static_cast<std::uint32_t>(fp_flag_underflow) : 0U;
    return static_cast<std::uint8_t>(flags);
}

Shape shape_1d(std::uint64_t n) {
    Shape shape{};
    shape.rank = 1U;
    shape.dims[0] = n;
    return shape;
}

}  // namespace sonnx::test
