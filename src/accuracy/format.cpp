// Exact rounding into the modelled formats, ulp of DIV-FLOAT-D8, encodings.
// Rounding works at the quantum 2^Q of x's binade (the subnormal quantum
// below emin): x 2^-Q is rounded to an integer with mpfr_roundeven or
// mpfr_trunc, both exact here (at most p + 1 bits), and scaled back. This is
// an independent implementation of IEEE rounding, cross-checked against the
// MPFR oracle of src/oracle/ by tests/accuracy.
#include "sonnx/accuracy/format.hpp"

#include <mpfr.h>

#include <stdexcept>

namespace sonnx::accuracy {

namespace {

// [impl->req~div-uv-d3~1]
long quantum_exponent(long floor_log2_magnitude, const FormatSpec& format) {
    const long e = (floor_log2_magnitude < static_cast<long>(format.emin)) ? static_cast<long>(format.emin)
                                                                           : floor_log2_magnitude;
    return e - static_cast<long>(format.precision) + 1L;
}

// [impl->req~div-uv-d3~1]
int exponent_bits(const FormatSpec& format) {
    int bits = 0;
    for (long range = 2L * static_cast<long>(format.emax) + 1L; range > 0L; range >>= 1L) {
        ++bits;
    }
    return bits;
}

// A rounded value at or beyond 2^(emax+1): an infinity when rounding to
// nearest, the largest finite value when rounding toward zero (IEEE 754-2019 §7.4).
// [impl->req~div-uv-d3~1]
Rounded beyond_range(Rounded rounded, bool negative, const FormatSpec& format, Rounding rounding) {
    if (abs(rounded.value) < power_of_two(static_cast<long>(format.emax) + 1L)) {
        return rounded;
    }
    if (rounding == Rounding::to_nearest_even) {
        rounded.infinite = true;
        mpfr_set_inf(rounded.value.backend().data(), negative ? -1 : 1);
    } else {
        rounded.value = negative ? Bound(-largest_finite(format)) : largest_finite(format);
    }
    return rounded;
}

}  // namespace

// [impl->req~div-uv-d3~1]
Rounded round_to_format(const Bound& x, const FormatSpec& format, Rounding rounding) {
    if (mpfr_number_p(x.backend().data()) == 0) {
        throw std::invalid_argument("round_to_format: not finite");
    }
    Rounded result;
    if (format.exact || (mpfr_zero_p(x.backend().data()) != 0)) {
        result.value = x;
        return result;
    }
    const long q = quantum_exponent(floor_log2(x), format);
    Bound scaled;
    mpfr_mul_2si(scaled.backend().data(), x.backend().data(), -q, MPFR_RNDN);  // exact
    Bound integer;
    if (rounding == Rounding::to_nearest_even) {
        mpfr_roundeven(integer.backend().data(), scaled.backend().data());
    } else {
        mpfr_trunc(integer.backend().data(), scaled.backend().data());
    }
    // A zero keeps the sign of x (MPFR's integer rounding does).
    mpfr_mul_2si(result.value.backend().data(), integer.backend().data(), q, MPFR_RNDN);
    return beyond_range(result, mpfr_signbit(x.backend().data()) != 0, format, rounding);
}

// The same rounding on an exact rational (a sum no MPFR number of the
// working precision holds): x 2^-Q split into its integer floor and a
// fraction, which decides the rounding exactly.
// [impl->req~div-uv-d3~1]
Rounded round_to_format(const Rational& x, const FormatSpec& format, Rounding rounding) {
    if (format.exact) {
        throw std::invalid_argument("round_to_format: a rational has no exact-format value in general");
    }
    Rounded result;
    if (x == 0) {
        result.value = Bound(0);
        return result;
    }
    const long q = quantum_exponent(floor_log2(x), format);
    const Rational scaled = x / rational_power_of_two(q);
    boost::multiprecision::mpz_int floor_integer;
    mpz_fdiv_q(floor_integer.backend().data(), mpq_numref(scaled.backend().data()),
               mpq_denref(scaled.backend().data()));
    const Rational fraction = scaled - Rational(floor_integer);  // in [0, 1)
    boost::multiprecision::mpz_int integer = floor_integer;
    if (rounding == Rounding::to_nearest_even) {
        const bool odd = mpz_odd_p(floor_integer.backend().data()) != 0;
        if ((fraction > Rational(1, 2)) || ((fraction == Rational(1, 2)) && odd)) {
            integer += 1;
        }
    } else if ((x < 0) && (fraction != 0)) {
        integer += 1;  // toward zero: the ceiling of a negative value
    }
    // At most p + 1 bits: exact in a Bound. A zero keeps the sign of x.
    mpfr_set_z_2exp(result.value.backend().data(), integer.backend().data(), q, MPFR_RNDN);
    if ((integer == 0) && (x < 0)) {
        mpfr_neg(result.value.backend().data(), result.value.backend().data(), MPFR_RNDN);
    }
    return beyond_range(result, x < 0, format, rounding);
}

// [impl->req~div-uv-d3~1]
bool is_format_value(const Bound& x, const FormatSpec& format) {
    if (mpfr_number_p(x.backend().data()) == 0) {
        return false;
    }
    if (format.exact) {
        return true;
    }
    const Rounded r = round_to_format(x, format, Rounding::toward_zero);
    return (!r.infinite) && (r.value == x) && (abs(x) <= largest_finite(format));
}

// [impl->req~div-float-d8~1]
// [impl->req~div-uv-d3~1]
long ulp_exponent(const Bound& q, const FormatSpec& format) {
    if (mpfr_zero_p(q.backend().data()) != 0) {
        return quantum_exponent(static_cast<long>(format.emin), format);
    }
    long e = floor_log2(q);
    if (e > static_cast<long>(format.emax)) {
        e = static_cast<long>(format.emax);  // q' = the largest finite value
    }
    return quantum_exponent(e, format);
}

// [impl->req~div-float-d8~1]
// [impl->req~div-uv-d3~1]
long ulp_exponent(const Rational& q, const FormatSpec& format) {
    if (q == 0) {
        return quantum_exponent(static_cast<long>(format.emin), format);
    }
    long e = floor_log2(q);
    if (e > static_cast<long>(format.emax)) {
        e = static_cast<long>(format.emax);
    }
    return quantum_exponent(e, format);
}

// [impl->req~div-uv-d3~1]
Bound largest_finite(const FormatSpec& format) {
    // (2 - 2^(1-p)) 2^emax
    const Bound two = power_of_two(static_cast<long>(format.emax) + 1L);
    return Bound(two - power_of_two(static_cast<long>(format.emax) - static_cast<long>(format.precision) + 1L));
}

// [impl->req~div-uv-d3~1]
Bound smallest_subnormal(const FormatSpec& format) {
    return power_of_two(static_cast<long>(format.emin) - static_cast<long>(format.precision) + 1L);
}

// [impl->req~div-uv-d3~1]
Bound smallest_normal(const FormatSpec& format) { return power_of_two(static_cast<long>(format.emin)); }

// [impl->req~div-uv-d3~1]
Decoded decode(std::uint64_t bits, const FormatSpec& format) {
    const int fraction_bits = format.precision - 1;
    const int e_bits = exponent_bits(format);
    const std::uint64_t fraction_mask = (std::uint64_t{1} << static_cast<unsigned>(fraction_bits)) - 1U;
    const std::uint64_t exponent_mask = (std::uint64_t{1} << static_cast<unsigned>(e_bits)) - 1U;
    const bool negative = ((bits >> static_cast<unsigned>(fraction_bits + e_bits)) & 1U) != 0U;
    const std::uint64_t exponent = (bits >> static_cast<unsigned>(fraction_bits)) & exponent_mask;
    const std::uint64_t fraction = bits & fraction_mask;
    Decoded result;
    if (exponent == exponent_mask) {
        if (fraction != 0U) {
            result.kind = Decoded::Kind::nan;
            mpfr_set_nan(result.value.backend().data());
        } else {
            result.kind = Decoded::Kind::infinity;
            mpfr_set_inf(result.value.backend().data(), negative ? -1 : 1);
        }
        return result;
    }
    std::uint64_t significand = fraction;
    long scale = static_cast<long>(format.emin) - static_cast<long>(fraction_bits);
    if (exponent != 0U) {
        significand |= std::uint64_t{1} << static_cast<unsigned>(fraction_bits);
        scale += static_cast<long>(exponent) - 1L;
    }
    mpfr_set_uj(result.value.backend().data(), significand, MPFR_RNDN);
    mpfr_mul_2si(result.value.backend().data(), result.value.backend().data(), scale, MPFR_RNDN);
    if (negative) {
        mpfr_neg(result.value.backend().data(), result.value.backend().data(), MPFR_RNDN);
    }
    return result;
}

// [impl->req~div-uv-d3~1]
std::uint64_t encode(const Bound& value, const FormatSpec& format) {
    const int fraction_bits = format.precision - 1;
    const int e_bits = exponent_bits(format);
    const std::uint64_t exponent_mask = (std::uint64_t{1} << static_cast<unsigned>(e_bits)) - 1U;
    const std::uint64_t sign = mpfr_signbit(value.backend().data())
                                   ? (std::uint64_t{1} << static_cast<unsigned>(fraction_bits + e_bits))
                                   : 0U;
    if (mpfr_nan_p(value.backend().data()) != 0) {
        return (exponent_mask << static_cast<unsigned>(fraction_bits)) |
               (std::uint64_t{1} << static_cast<unsigned>(fraction_bits - 1));
    }
    if (mpfr_inf_p(value.backend().data()) != 0) {
        return sign | (exponent_mask << static_cast<unsigned>(fraction_bits));
    }
    if (mpfr_zero_p(value.backend().data()) != 0) {
        return sign;
    }
    if (!is_format_value(value, format)) {
        throw std::invalid_argument("encode: not a value of " + std::string(format.name));
    }
    const long e = floor_log2(value);
    const long q = quantum_exponent(e, format);
    Bound scaled;
    mpfr_mul_2si(scaled.backend().data(), value.backend().data(), -q, MPFR_RNDN);
    mpfr_abs(scaled.backend().data(), scaled.backend().data(), MPFR_RNDN);
    std::uint64_t significand = static_cast<std::uint64_t>(mpfr_get_uj(scaled.backend().data(), MPFR_RNDN));
    std::uint64_t biased = 0U;
    if (e >= static_cast<long>(format.emin)) {
        biased = static_cast<std::uint64_t>(e - static_cast<long>(format.emin) + 1L);
        significand &= (std::uint64_t{1} << static_cast<unsigned>(fraction_bits)) - 1U;
    }
    return sign | (biased << static_cast<unsigned>(fraction_bits)) | significand;
}

}  // namespace sonnx::accuracy
