// Correctly rounded division and ulp distances with MPFR.
#include "sonnx/oracle/float_oracle.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace sonnx::oracle {

namespace {

constexpr FloatFormat kFp16{11, 5, 15, 16};
constexpr FloatFormat kBf16{8, 8, 127, 16};
constexpr FloatFormat kFp32{24, 8, 127, 32};
constexpr FloatFormat kFp64{53, 11, 1023, 64};

std::uint64_t low_mask(int bits) {
    return (bits >= 64) ? ~std::uint64_t{0} : ((std::uint64_t{1} << static_cast<unsigned>(bits)) - 1U);
}

// Enough bits to hold c*b - a exactly for any finite encodings: the products
// span twice the exponent range plus two significands.
mpfr_prec_t exact_precision(const FloatFormat& f) {
    return static_cast<mpfr_prec_t>(4 * (f.bias + f.precision) + 64);
}

// The format's exponent range in MPFR's convention (x = m * 2^e, 1/2 <= m < 1).
mpfr_exp_t mpfr_emin(const FloatFormat& f) { return 3 - f.bias - f.precision; }
mpfr_exp_t mpfr_emax(const FloatFormat& f) { return f.bias + 1; }

}  // namespace

const FloatFormat& float_format(ElementType type) {
    switch (type) {
        case ElementType::fp16: return kFp16;
        case ElementType::bf16: return kBf16;
        case ElementType::fp32: return kFp32;
        case ElementType::fp64: return kFp64;
        default: throw std::invalid_argument("float_format: not a float type");
    }
}

// [impl->req~div-float-d8~1]
Classified classify(const FloatFormat& f, std::uint64_t bits) {
    const int fraction_bits = f.precision - 1;
    const std::uint64_t exponent = (bits >> static_cast<unsigned>(fraction_bits)) & low_mask(f.exponent_bits);
    const std::uint64_t fraction = bits & low_mask(fraction_bits);
    const bool negative = ((bits >> static_cast<unsigned>(f.total_bits - 1)) & 1U) != 0U;
    ValueClass value_class = ValueClass::finite;
    if (exponent == low_mask(f.exponent_bits)) {
        value_class = (fraction == 0U) ? ValueClass::infinity : ValueClass::nan;
    } else if ((exponent == 0U) && (fraction == 0U)) {
        value_class = ValueClass::zero;
    }
    return Classified{value_class, negative};
}

FloatOracle::FloatOracle(const FloatFormat& format) : format_(format) {
    mpfr_init2(a_, 64);
    mpfr_init2(b_, 64);
    mpfr_init2(q_, format.precision);
    mpfr_init2(wide_, exact_precision(format));
    mpfr_init2(wide2_, exact_precision(format));
}

FloatOracle::~FloatOracle() { mpfr_clears(a_, b_, q_, wide_, wide2_, static_cast<mpfr_ptr>(nullptr)); }

void FloatOracle::decode(mpfr_t out, std::uint64_t bits) const {
    const Classified c = classify(format_, bits);
    const int fraction_bits = format_.precision - 1;
    switch (c.value_class) {
        case ValueClass::nan: mpfr_set_nan(out); return;
        case ValueClass::infinity: mpfr_set_inf(out, c.negative ? -1 : 1); return;
        case ValueClass::zero: mpfr_set_zero(out, c.negative ? -1 : 1); return;
        case ValueClass::finite: break;
    }
    const std::uint64_t exponent = (bits >> static_cast<unsigned>(fraction_bits)) & low_mask(format_.exponent_bits);
    std::uint64_t significand = bits & low_mask(fraction_bits);
    long scale = 1L - format_.bias - fraction_bits;  // subnormal: fraction * 2^(1 - bias - (p-1))
    if (exponent != 0U) {
        significand |= std::uint64_t{1} << static_cast<unsigned>(fraction_bits);
        scale = static_cast<long>(exponent) - format_.bias - fraction_bits;
    }
    mpfr_set_ui_2exp(out, static_cast<unsigned long>(significand), scale, MPFR_RNDN);  // exact: 64-bit precision
    if (c.negative) {
        mpfr_neg(out, out, MPFR_RNDN);
    }
}

std::uint64_t FloatOracle::encode(mpfr_t value) const {
    const int fraction_bits = format_.precision - 1;
    const std::uint64_t sign = mpfr_signbit(value) ? (std::uint64_t{1} << static_cast<unsigned>(format_.total_bits - 1)) : 0U;
    const std::uint64_t infinity = low_mask(format_.exponent_bits) << static_cast<unsigned>(fraction_bits);
    if (mpfr_nan_p(value)) {
        return infinity | (std::uint64_t{1} << static_cast<unsigned>(fraction_bits - 1));  // the default quiet NaN
    }
    if (mpfr_inf_p(value)) {
        return sign | infinity;
    }
    if (mpfr_zero_p(value)) {
        return sign;
    }
    const long exponent = static_cast<long>(mpfr_get_exp(value)) - 1;  // value = 1.f * 2^exponent
    mpfr_t scaled;
    mpfr_init2(scaled, format_.precision);
    std::uint64_t bits = 0U;
    if (exponent >= 1 - format_.bias) {
        mpfr_mul_2si(scaled, value, fraction_bits - exponent, MPFR_RNDN);  // exact: an integer of p bits
        mpfr_abs(scaled, scaled, MPFR_RNDN);
        const std::uint64_t significand = mpfr_get_ui(scaled, MPFR_RNDN);
        bits = (static_cast<std::uint64_t>(exponent + format_.bias) << static_cast<unsigned>(fraction_bits)) |
               (significand & low_mask(fraction_bits));
    } else {
        mpfr_mul_2si(scaled, value, format_.bias + fraction_bits - 1, MPFR_RNDN);  // subnormal units
        mpfr_abs(scaled, scaled, MPFR_RNDN);
        bits = mpfr_get_ui(scaled, MPFR_RNDN);
    }
    mpfr_clear(scaled);
    return sign | bits;
}

void FloatOracle::round_into_format(mpfr_t out, mpfr_srcptr a, mpfr_srcptr b, mpfr_rnd_t mode) {
    const mpfr_exp_t saved_emin = mpfr_get_emin();
    const mpfr_exp_t saved_emax = mpfr_get_emax();
    mpfr_set_emin(mpfr_emin(format_));
    mpfr_set_emax(mpfr_emax(format_));
    const int ternary = mpfr_div(out, a, b, mode);
    mpfr_subnormalize(out, ternary, mode);
    mpfr_set_emin(saved_emin);
    mpfr_set_emax(saved_emax);
}

// [impl->req~div-float-d8~1]
std::uint64_t FloatOracle::quotient(std::uint64_t a, std::uint64_t b) {
    decode(a_, a);
    decode(b_, b);
    round_into_format(q_, a_, b_, MPFR_RNDN);
    return encode(q_);
}

// [impl->req~div-float-d8~1]
long FloatOracle::ulp_exponent(std::uint64_t finite_bits) {
    decode(a_, finite_bits);
    const long smallest_normal_exponent = 1L - format_.bias;
    if (mpfr_zero_p(a_)) {
        return smallest_normal_exponent - format_.precision + 1;
    }
    const long exponent = static_cast<long>(mpfr_get_exp(a_)) - 1;
    return std::max(exponent, smallest_normal_exponent) - format_.precision + 1;
}

// [impl->req~div-float-d8~1]
// [impl->req~div-float-acc1~1]
Measure FloatOracle::measure(std::uint64_t a, std::uint64_t b, std::uint64_t candidate) {
    Measure m{};
    m.expected = quotient(a, b);
    const Classified expected = classify(format_, m.expected);
    const Classified given = classify(format_, candidate);
    const bool both_nan = (expected.value_class == ValueClass::nan) && (given.value_class == ValueClass::nan);
    m.exact_match = both_nan || (m.expected == candidate);
    const bool special = (expected.value_class != ValueClass::finite) || (given.value_class != ValueClass::finite);
    if (special) {
        // NaN, infinities and zeros must match exactly (zeros by sign) at every level.
        m.special_mismatch = !m.exact_match;
        m.ulps = m.exact_match ? 0.0 : std::numeric_limits<double>::infinity();
        m.within_half_ulp = m.exact_match;
        m.within_one_ulp = m.exact_match;
        return m;
    }
    // q' = a/b rounded toward zero into the format; the unit is ulp(q').
    decode(a_, a);
    decode(b_, b);
    round_into_format(q_, a_, b_, MPFR_RNDZ);
    const long smallest_normal_exponent = 1L - format_.bias;
    const long q_exponent = mpfr_zero_p(q_) ? smallest_normal_exponent : static_cast<long>(mpfr_get_exp(q_)) - 1;
    const long unit = std::max(q_exponent, smallest_normal_exponent) - format_.precision + 1;
    // |c - a/b| / 2^unit = |c*b - a| / (|b| * 2^unit), all exact at this precision.
    mpfr_t c;
    mpfr_init2(c, 64);
    decode(c, candidate);
    mpfr_mul(wide_, c, b_, MPFR_RNDN);          // exact: 2p bits
    mpfr_sub(wide_, wide_, a_, MPFR_RNDN);      // exact: within the wide precision
    mpfr_abs(wide_, wide_, MPFR_RNDN);
    mpfr_abs(wide2_, b_, MPFR_RNDN);
    mpfr_mul_2si(wide2_, wide2_, unit, MPFR_RNDN);  // |b| * ulp, exact
    mpfr_set_prec(c, exact_precision(format_));
    mpfr_mul_2ui(c, wide_, 1, MPFR_RNDN);        // 2 |c*b - a|, exact
    m.within_half_ulp = mpfr_lessequal_p(c, wide2_) != 0;
    m.within_one_ulp = mpfr_less_p(wide_, wide2_) != 0;
    mpfr_div(c, wide_, wide2_, MPFR_RNDU);
    m.ulps = mpfr_get_d(c, MPFR_RNDU);
    mpfr_clear(c);
    return m;
}

}  // namespace sonnx::oracle
