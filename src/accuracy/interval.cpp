// Interval and exact-number helpers over MPFI, MPFR and GMP.
#include "sonnx/accuracy/interval.hpp"

#include <mpfr.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace sonnx::accuracy {

namespace {

// [impl->req~div-uv-d1~1]
std::string mpfr_text(mpfr_srcptr value) {
    char* raw = nullptr;
    if (mpfr_asprintf(&raw, "%.17Rg", value) < 0) {
        throw std::runtime_error("mpfr_asprintf failed");
    }
    std::string text(raw);
    mpfr_free_str(raw);
    return text;
}

}  // namespace

// [impl->req~div-uv-d1~1]
Bound to_bound(const Dyadic& value) {
    Bound result;
    mpfr_set_si(result.backend().data(), static_cast<long>(value.mantissa), MPFR_RNDN);  // exact: 60 digits > 64 bits
    mpfr_mul_2si(result.backend().data(), result.backend().data(), static_cast<long>(value.exponent), MPFR_RNDN);
    return result;
}

// [impl->req~div-uv-d1~1]
Rational to_rational(const Bound& value) {
    if (mpfr_number_p(value.backend().data()) == 0) {
        throw std::invalid_argument("to_rational: not a finite number");
    }
    Rational result;
    mpfr_get_q(result.backend().data(), value.backend().data());
    return result;
}

// [impl->req~div-uv-d1~1]
Rational to_rational(const Dyadic& value) {
    Rational result(static_cast<long long>(value.mantissa));
    const Rational scale = rational_power_of_two(static_cast<long>(value.exponent));
    return result * scale;
}

// [impl->req~div-uv-d1~1]
Interval point(const Bound& value) { return Interval(value, value); }

// [impl->req~div-uv-d1~1]
Interval span(const Bound& low_end, const Bound& high_end) {
    if (low_end > high_end) {
        throw std::invalid_argument("span: low > high");
    }
    return Interval(low_end, high_end);
}

// [impl->req~div-uv-d1~1]
Interval entire() {
    Bound low_end;
    Bound high_end;
    mpfr_set_inf(low_end.backend().data(), -1);
    mpfr_set_inf(high_end.backend().data(), 1);
    return Interval(low_end, high_end);
}

// [impl->req~div-uv-d1~1]
Bound low(const Interval& x) { return Bound(boost::multiprecision::lower(x)); }

// [impl->req~div-uv-d1~1]
Bound high(const Interval& x) { return Bound(boost::multiprecision::upper(x)); }

// MPFI rounds the upper end of a sum of point intervals upward.
// [impl->req~div-uv-d1~1]
Bound add_up(const Bound& x, const Bound& y) { return high(Interval(point(x) + point(y))); }

// [impl->req~div-uv-d1~1]
Bound subtract_up(const Bound& x, const Bound& y) { return high(Interval(point(x) - point(y))); }

// [impl->req~div-uv-d1~1]
Bound magnitude_low(const Interval& x) {
    if (contains_zero(x)) {
        return Bound(0);
    }
    const Bound a = abs(low(x));
    const Bound b = abs(high(x));
    return (a < b) ? a : b;
}

// [impl->req~div-uv-d1~1]
Bound magnitude_high(const Interval& x) {
    const Bound a = abs(low(x));
    const Bound b = abs(high(x));
    return (a > b) ? a : b;
}

// [impl->req~div-uv-d1~1]
bool contains_zero(const Interval& x) { return boost::multiprecision::zero_in(x); }

// [impl->req~div-uv-d1~1]
bool is_point(const Interval& x) { return low(x) == high(x); }

// [impl->req~div-uv-d1~1]
bool is_bounded(const Interval& x) {
    return (mpfr_number_p(x.backend().left_data()) != 0) && (mpfr_number_p(x.backend().right_data()) != 0);
}

// [impl->req~div-uv-d1~1]
Interval hull(const Interval& x, const Interval& y) { return boost::multiprecision::hull(x, y); }

// Two enclosures of one unknown value always meet; an empty meet means a
// modelling error, which must not pass silently.
// [impl->req~div-uv-d1~1]
Interval meet(const Interval& x, const Interval& y) {
    const Interval result = boost::multiprecision::intersect(x, y);
    if (boost::multiprecision::empty(result)) {
        throw std::logic_error("disjoint enclosures of one value: " + to_text(x) + " and " + to_text(y));
    }
    return result;
}

// [impl->req~div-uv-d1~1]
Interval magnitude(const Interval& x) { return abs(x); }

// [impl->req~div-uv-d1~1]
long floor_log2(const Bound& x) {
    if ((mpfr_number_p(x.backend().data()) == 0) || (mpfr_zero_p(x.backend().data()) != 0)) {
        throw std::invalid_argument("floor_log2: zero or not finite");
    }
    return static_cast<long>(mpfr_get_exp(x.backend().data())) - 1L;  // x = m 2^e, 1/2 <= |m| < 1
}

// [impl->req~div-uv-d1~1]
long floor_log2(const Rational& x) {
    if (x == 0) {
        throw std::invalid_argument("floor_log2: zero");
    }
    mpz_t numerator;
    mpz_init(numerator);
    mpz_abs(numerator, mpq_numref(x.backend().data()));
    mpz_srcptr denominator = mpq_denref(x.backend().data());
    long e = static_cast<long>(mpz_sizeinbase(numerator, 2)) - static_cast<long>(mpz_sizeinbase(denominator, 2));
    // Now 2^(e-1) < |x| < 2^(e+1); decide whether |x| >= 2^e.
    mpz_t scaled;
    mpz_init(scaled);
    int comparison = 0;
    if (e >= 0) {
        mpz_mul_2exp(scaled, denominator, static_cast<mp_bitcnt_t>(e));
        comparison = mpz_cmp(numerator, scaled);
    } else {
        mpz_mul_2exp(scaled, numerator, static_cast<mp_bitcnt_t>(-e));
        comparison = mpz_cmp(scaled, denominator);
    }
    if (comparison < 0) {
        e -= 1L;
    }
    mpz_clear(scaled);
    mpz_clear(numerator);
    return e;
}

// [impl->req~div-uv-d1~1]
Bound power_of_two(long exponent) {
    Bound result(1);
    mpfr_mul_2si(result.backend().data(), result.backend().data(), exponent, MPFR_RNDN);
    return result;
}

// [impl->req~div-uv-d1~1]
Rational rational_power_of_two(long exponent) {
    Rational result(1);
    mpq_t& q = result.backend().data();
    if (exponent >= 0) {
        mpq_mul_2exp(q, q, static_cast<mp_bitcnt_t>(exponent));
    } else {
        mpq_div_2exp(q, q, static_cast<mp_bitcnt_t>(-exponent));
    }
    return result;
}

// [impl->req~div-uv-d1~1]
std::string to_text(const Interval& x) {
    if (is_point(x)) {
        return "[" + mpfr_text(x.backend().left_data()) + "]";
    }
    return "[" + mpfr_text(x.backend().left_data()) + ", " + mpfr_text(x.backend().right_data()) + "]";
}

// [impl->req~div-uv-d1~1]
std::string to_text(const Bound& x) { return mpfr_text(x.backend().data()); }

// Dyadic rationals as m*2^e (exact and short), others as p/q when short;
// always with a decimal approximation.
// [impl->req~div-uv-d1~1]
std::string to_text(const Rational& x) {
    mpfr_t approximation;
    mpfr_init2(approximation, 64);
    mpfr_set_q(approximation, x.backend().data(), MPFR_RNDN);
    const std::string decimal = mpfr_text(approximation);
    mpfr_clear(approximation);
    mpz_srcptr denominator = mpq_denref(x.backend().data());
    std::string exact;
    if (mpz_popcount(denominator) == 1U) {
        const std::size_t shift = mpz_sizeinbase(denominator, 2) - 1U;
        mpz_t numerator;
        mpz_init_set(numerator, mpq_numref(x.backend().data()));
        std::size_t trailing = 0U;
        if (mpz_sgn(numerator) != 0) {
            trailing = mpz_scan1(numerator, 0U);
            mpz_tdiv_q_2exp(numerator, numerator, static_cast<mp_bitcnt_t>(trailing));
        }
        std::vector<char> digits(mpz_sizeinbase(numerator, 10) + 2U);
        mpz_get_str(digits.data(), 10, numerator);
        mpz_clear(numerator);
        const long exponent = static_cast<long>(trailing) - static_cast<long>(shift);
        exact = std::string(digits.data()) + "*2^" + std::to_string(exponent);
    } else {
        exact = x.str();
    }
    if (exact.size() > 80U) {
        return decimal + " (exact value: " + std::to_string(exact.size()) + " characters)";
    }
    return exact + " (~" + decimal + ")";
}

}  // namespace sonnx::accuracy
