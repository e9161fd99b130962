#include "small_format_flags.hpp"

namespace sonnx::test {

namespace {

// A finite value (-1)^sign * significand * 2^exponent with the significand
// normalised to exactly p bits (zero stays zero).
struct Finite {
    std::uint64_t significand;
    int exponent;
};

struct Fields {
    std::uint32_t exponent_field;
    std::uint32_t fraction;
};

Fields fields_of(const Format& f, std::uint32_t bits) {
    const int fraction_bits = f.precision - 1;
    const std::uint32_t fraction = bits & ((std::uint32_t{1} << static_cast<unsigned>(fraction_bits)) - 1U);
    const std::uint32_t exponent_field = (bits >> static_cast<unsigned>(fraction_bits)) &
                                         ((std::uint32_t{1} << static_cast<unsigned>(f.exponent_bits)) - 1U);
    return Fields{exponent_field, fraction};
}

Finite normalised(const Format& f, Fields x) {
    const int fraction_bits = f.precision - 1;
    Finite v{x.fraction, 1 - f.bias - fraction_bits};  // subnormal: fraction * 2^(emin - p + 1)
    if (x.exponent_field != 0U) {
        v.significand |= std::uint64_t{1} << static_cast<unsigned>(fraction_bits);
        v.exponent = static_cast<int>(x.exponent_field) - f.bias - fraction_bits;
    }
    while ((v.significand >> static_cast<unsigned>(fraction_bits)) == 0U) {  // callers pass non-zero values
        v.significand <<= 1U;
        --v.exponent;
    }
    return v;
}

// Whether num / (den 2^shift) is not a whole number (num and den below
// 2^24; from a shift of 39 on, num < den 2^shift, so it is not).
bool leaves_remainder(std::uint64_t num, std::uint64_t den, int shift) {
    if (shift >= 39) {
        return true;
    }
    if (shift >= 0) {
        return (num % (den << static_cast<unsigned>(shift))) != 0U;
    }
    return ((num << static_cast<unsigned>(-shift)) % den) != 0U;
}

}  // namespace

std::uint8_t small_format_flags(const Format& f, std::uint32_t a_bits, std::uint32_t b_bits) {
    const std::uint32_t all_ones = (std::uint32_t{1} << static_cast<unsigned>(f.exponent_bits)) - 1U;
    const std::uint32_t quiet_bit = std::uint32_t{1} << static_cast<unsigned>(f.precision - 2);
    const Fields a = fields_of(f, a_bits);
    const Fields b = fields_of(f, b_bits);
    const bool a_nan = (a.exponent_field == all_ones) && (a.fraction != 0U);
    const bool b_nan = (b.exponent_field == all_ones) && (b.fraction != 0U);
    if (a_nan || b_nan) {
        const bool signalling = (a_nan && ((a.fraction & quiet_bit) == 0U)) ||
                                (b_nan && ((b.fraction & quiet_bit) == 0U));
        return signalling ? fp_flag_invalid : fp_flag_none;
    }
    const bool a_inf = a.exponent_field == all_ones;
    const bool b_inf = b.exponent_field == all_ones;
    if (a_inf || b_inf) {
        return (a_inf && b_inf) ? fp_flag_invalid : fp_flag_none;
    }
    const bool a_zero = (a.exponent_field == 0U) && (a.fraction == 0U);
    const bool b_zero = (b.exponent_field == 0U) && (b.fraction == 0U);
    if (b_zero) {
        return a_zero ? fp_flag_invalid : fp_flag_divide_by_zero;
    }
    if (a_zero) {
        return fp_flag_none;
    }
    // |a / b| = (ma / mb) 2^d with ma, mb in [2^(p-1), 2^p): ma / mb in (1/2, 2).
    const int p = f.precision;
    const int emin = 1 - f.bias;
    const int emax = f.bias;
    const Finite x = normalised(f, a);
    const Finite y = normalised(f, b);
    const int d = x.exponent - y.exponent;
    const int e = (x.significand >= y.significand) ? d : d - 1;  // 2^e <= |a / b| < 2^(e+1)
    // Rounded to p bits with an unbounded exponent: the quotient in units of
    // 2^(e-p+1) is (ma / mb) 2^s with s = d - e + p - 1, that is p - 1 or p.
    const int s = d - e + p - 1;
    const std::uint64_t num = x.significand << static_cast<unsigned>(s);
    std::uint64_t q = num / y.significand;
    const std::uint64_t r = num % y.significand;
    if (((2U * r) > y.significand) || (((2U * r) == y.significand) && ((q & 1U) != 0U))) {
        ++q;
    }
    const int rounded_exponent = (q == (std::uint64_t{1} << static_cast<unsigned>(p))) ? e + 1 : e;
    const bool overflow = rounded_exponent > emax;
    const bool tiny = rounded_exponent < emin;
    // Inexact: the delivered result differs from the quotient. Above the
    // subnormal range the unit is 2^(e-p+1); below it, 2^(emin-p+1).
    bool inexact = overflow || (r != 0U);
    if (!overflow && (e < emin)) {
        inexact = leaves_remainder(x.significand, y.significand, -(d - emin + p - 1));
    }
    std::uint32_t flags = inexact ? static_cast<std::uint32_t>(fp_flag_inexact) : 0U;
    flags |= overflow ? static_cast<std::uint32_t>(fp_flag_overflow) : 0U;
    flags |= (tiny && inexact) ? static_cast<std::uint32_t>(fp_flag_underflow) : 0U;
    return static_cast<std::uint8_t>(flags);
}

}  // namespace sonnx::test
