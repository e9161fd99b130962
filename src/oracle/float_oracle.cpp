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

// Only ever asked for a field of a format: at most 52 bits.
std::uint64_t low_mask(int bits) { return (std::uint64_t{1} << static_cast<unsigned>(bits)) - 1U; }

// Enough bits to hold c*b - a exactly for any finite encodings: the products
// span twice the exponent range plus two significands.
mpfr_prec_t exact_precision(const FloatFormat& f) { return static_cast<mpfr_prec_t>(4 * (f.bias + f.precision) + 64); }

// The format's exponent range in MPFR's convention (x = m * 2^e, 1/2 <= m < 1).
mpfr_exp_t mpfr_emin(const FloatFormat& f) { return 3 - f.bias - f.precision; }
mpfr_exp_t mpfr_emax(const FloatFormat& f) { return f.bias + 1; }

}  // namespace

const FloatFormat& float_format(ElementType type) {
    switch (type) {
        case ElementType::fp16:
            return kFp16;
        case ElementType::bf16:
            return kBf16;
        case ElementType::fp32:
            return kFp32;
        case ElementType::fp64:
            return kFp64;
        default:
            throw std::invalid_argument("float_format: not a float type");
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
    mpfr_init2(c_, 64);
    mpfr_init2(ratio_, 53);
    mpfr_init2(narrow_, 128);  // c*b exactly (2p <= 106 bits), and c*b - a when it fits
    mpfr_init2(unit_, 64);     // |b| * 2^k: b's significand, exactly
    mpfr_init2(wide_, exact_precision(format));
}

FloatOracle::~FloatOracle() {
    mpfr_clears(a_, b_, q_, c_, ratio_, narrow_, unit_, wide_, static_cast<mpfr_ptr>(nullptr));
}

void FloatOracle::decode(mpfr_t out, std::uint64_t bits) const {
    const Classified c = classify(format_, bits);
    const int fraction_bits = format_.precision - 1;
    switch (c.value_class) {
        case ValueClass::nan:
            mpfr_set_nan(out);
            return;
        case ValueClass::infinity:
            mpfr_set_inf(out, c.negative ? -1 : 1);
            return;
        case ValueClass::zero:
            mpfr_set_zero(out, c.negative ? -1 : 1);
            return;
        case ValueClass::finite:
            break;
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

std::uint64_t FloatOracle::encode(mpfr_srcptr value) const {
    const int fraction_bits = format_.precision - 1;
    const std::uint64_t sign = mpfr_signbit(value) ? (std::uint64_t{1} << static_cast<unsigned>(format_.total_bits - 1))
                                                   : 0U;
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
    // value = 0.M * 2^E with M the precision-p significand, held in the top bits
    // of one limb (p <= 53); p - 1 fraction bits follow the leading one.
    const auto precision = static_cast<unsigned>(mpfr_get_prec(value));
    const auto* limbs = static_cast<const mp_limb_t*>(mpfr_custom_get_significand(value));
    const std::uint64_t significand = static_cast<std::uint64_t>(limbs[0]) >> (64U - precision);
    const long big_e = static_cast<long>(mpfr_get_exp(value));
    const long exponent = big_e - 1;  // value = 1.f * 2^exponent
    if (exponent >= 1 - format_.bias) {
        return sign | (static_cast<std::uint64_t>(exponent + format_.bias) << static_cast<unsigned>(fraction_bits)) |
               (significand & low_mask(fraction_bits));
    }
    // Subnormal: value / 2^(2 - bias - p) = M * 2^(E + bias - 2), an integer
    // because mpfr_subnormalize left no bits below the smallest subnormal.
    return sign | (significand >> static_cast<unsigned>(2 - format_.bias - big_e));
}

int FloatOracle::round_into_format(mpfr_t out, mpfr_srcptr a, mpfr_srcptr b, mpfr_rnd_t mode) {
    const mpfr_exp_t saved_emin = mpfr_get_emin();
    const mpfr_exp_t saved_emax = mpfr_get_emax();
    mpfr_set_emin(mpfr_emin(format_));
    mpfr_set_emax(mpfr_emax(format_));
    const int ternary = mpfr_div(out, a, b, mode);
    const int final_ternary = mpfr_subnormalize(out, ternary, mode);
    mpfr_set_emin(saved_emin);
    mpfr_set_emax(saved_emax);
    return final_ternary;
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
// [impl->req~div-cli-d5~3]
Measure FloatOracle::measure(std::uint64_t a, std::uint64_t b, std::uint64_t candidate) {
    Measure m = measure_distance(a, b, candidate);
    if (!m.exact_match) {
        m.flush_explained = flush_explains(a, b, candidate);
    }
    return m;
}

Measure FloatOracle::measure_distance(std::uint64_t a, std::uint64_t b, std::uint64_t candidate) {
    Measure m{};
    decode(a_, a);
    decode(b_, b);
    round_into_format(q_, a_, b_, MPFR_RNDN);
    m.expected = encode(q_);
    const Classified expected = classify(format_, m.expected);
    const Classified given = classify(format_, candidate);
    // Where a NaN is due, any quiet NaN is the result (DIV-FLOAT-D3): its sign
    // and payload are not specified, but a signalling NaN is not a result
    // an operation delivers (IEEE 754-2019 6.2). Bit-exact is bit-identical.
    m.bit_identical = (m.expected == candidate);
    m.exact_match = m.bit_identical || ((expected.value_class == ValueClass::nan) && is_quiet_nan(candidate));
    const bool non_finite = (expected.value_class == ValueClass::nan) ||
                            (expected.value_class == ValueClass::infinity) || (given.value_class == ValueClass::nan) ||
                            (given.value_class == ValueClass::infinity);
    // A zero is a finite value with a distance like any other, but it must carry
    // the sign IEEE gives the quotient: the operands' signs combined (DIV-CLI-D5).
    const bool quotient_negative = classify(format_, a).negative != classify(format_, b).negative;
    const bool wrong_zero_sign = (given.value_class == ValueClass::zero) && (given.negative != quotient_negative);
    if (non_finite || wrong_zero_sign) {
        // NaN and infinities must match exactly at every level; so must a zero's sign.
        m.special_mismatch = !m.exact_match;
        m.ulps = m.exact_match ? 0.0 : std::numeric_limits<double>::infinity();
        m.within_half_ulp = m.exact_match;
        m.within_one_ulp = m.exact_match;
        return m;
    }
    // From here a and c are finite and b is non-zero (finite or infinite).
    // The unit is ulp(q') for q' = a/b rounded toward zero into the format,
    // which is ulp(q) of the nearest result q: q' differs from q only when
    // rounding to nearest went away from zero, and its binade only when q is
    // then a power of two 2^K. Above the smallest normal that needs
    // |a/b| = 2^K (1 - e) with 0 < e <= 2^-(p+1), and no quotient of p-bit
    // integer significands A/B (subnormals included) comes that close: with
    // A/B = 2^m (1 - e), the positive integer 2^m B - A = 2^m B e (m >= 0)
    // or B - 2^-m A = B e (m < 0) forces 2^m B >= 2^(p+1), so A >= 2^p, or
    // B >= 2^(p+1). Onto the smallest normal a tie can round up (FP16
    // 0x07FF / 0x4000), but both ulps are the smallest subnormal there. A
    // quotient that rounds to zero has the ulp of zero, the smallest subnormal.
    const long smallest_normal_exponent = 1L - format_.bias;
    long q_exponent = smallest_normal_exponent;
    if (!mpfr_zero_p(q_)) {
        q_exponent = std::max(static_cast<long>(mpfr_get_exp(q_)) - 1, smallest_normal_exponent);
    }
    const long unit = q_exponent - format_.precision + 1;
    // |c - a/b| / 2^unit = |c*b - a| / (|b| * 2^unit), compared exactly: c*b - a
    // in 128 bits when MPFR reports it exact (ternary 0), else at the wide precision.
    // An infinite b makes a/b exactly zero: the distance is |c| / 2^unit.
    decode(c_, candidate);
    mpfr_ptr difference = narrow_;
    if (mpfr_inf_p(b_) != 0) {
        mpfr_abs(narrow_, c_, MPFR_RNDN);  // exact: p bits
        mpfr_set_ui(unit_, 1U, MPFR_RNDN);
    } else {
        mpfr_mul(narrow_, c_, b_, MPFR_RNDN);  // exact: 2p bits
        if (mpfr_sub(narrow_, narrow_, a_, MPFR_RNDN) != 0) {
            mpfr_mul(wide_, c_, b_, MPFR_RNDN);     // exact
            mpfr_sub(wide_, wide_, a_, MPFR_RNDN);  // exact within the wide precision
            difference = wide_;
        }
        mpfr_abs(unit_, b_, MPFR_RNDN);
    }
    mpfr_abs(difference, difference, MPFR_RNDN);
    mpfr_mul_2si(unit_, unit_, unit - 1, MPFR_RNDN);  // |b| * ulp / 2, exact
    m.within_half_ulp = mpfr_lessequal_p(difference, unit_) != 0;
    mpfr_mul_2ui(unit_, unit_, 1, MPFR_RNDN);         // |b| * ulp, exact
    m.within_one_ulp = mpfr_less_p(difference, unit_) != 0;
    mpfr_div(ratio_, difference, unit_, MPFR_RNDU);
    m.ulps = mpfr_get_d(ratio_, MPFR_RNDU);
    return m;
}

// Flush to zero (DIV-CLI-D16): the candidate is what a divider gives that
// reads subnormal operands as zeros of their sign (DAZ), or that returns a
// zero of the quotient's sign where |a/b|, after DAZ, is below the smallest
// normal (FTZ, tiny before rounding, which includes tiny after rounding).
// [impl->req~div-cli-d16~1]
bool FloatOracle::flush_explains(std::uint64_t a, std::uint64_t b, std::uint64_t candidate) {
    const std::uint64_t sign_bit = std::uint64_t{1} << static_cast<unsigned>(format_.total_bits - 1);
    const bool a_subnormal = is_subnormal(a);
    const bool b_subnormal = is_subnormal(b);
    const std::uint64_t a_read = a_subnormal ? (a & sign_bit) : a;
    const std::uint64_t b_read = b_subnormal ? (b & sign_bit) : b;
    const Classified given = classify(format_, candidate);
    decode(a_, a_read);
    decode(b_, b_read);
    if (a_subnormal || b_subnormal) {
        round_into_format(q_, a_, b_, MPFR_RNDN);
        const std::uint64_t model = encode(q_);
        const bool quiet_for_nan = (classify(format_, model).value_class == ValueClass::nan) && is_quiet_nan(candidate);
        if (quiet_for_nan || (model == candidate)) {
            return true;
        }
    }
    const Classified ca = classify(format_, a_read);
    const Classified cb = classify(format_, b_read);
    if ((given.value_class != ValueClass::zero) || (given.negative != (ca.negative != cb.negative)) ||
        (ca.value_class != ValueClass::finite) || (cb.value_class != ValueClass::finite)) {
        return false;
    }
    mpfr_abs(unit_, b_, MPFR_RNDN);
    mpfr_mul_2si(unit_, unit_, 1L - format_.bias, MPFR_RNDN);  // |b| * smallest normal, exact
    return mpfr_cmpabs(a_, unit_) < 0;                          // |a/b| below the smallest normal
}

// A NaN whose quiet bit, the fraction's most significant, is set.
// [impl->req~div-float-d3~2]
bool FloatOracle::is_quiet_nan(std::uint64_t bits) const {
    const std::uint64_t quiet_bit = std::uint64_t{1} << static_cast<unsigned>(format_.precision - 2);
    return (classify(format_, bits).value_class == ValueClass::nan) && ((bits & quiet_bit) != 0U);
}

bool FloatOracle::is_subnormal(std::uint64_t bits) const {
    const int fraction_bits = format_.precision - 1;
    const std::uint64_t exponent = (bits >> static_cast<unsigned>(fraction_bits)) & low_mask(format_.exponent_bits);
    return (exponent == 0U) && (classify(format_, bits).value_class == ValueClass::finite);
}

}  // namespace sonnx::oracle
