// Exact integer quotients with GMP.
#include "sonnx/oracle/int_oracle.hpp"

#include <stdexcept>

namespace sonnx::oracle {

namespace {

// The value range of an integer type, as GMP integers.
void type_range(ElementType type, mpz_t low, mpz_t high) {
    int bits = 0;
    bool is_signed = true;
    switch (type) {
        case ElementType::int4:
            bits = 4;
            break;
        case ElementType::int8:
            bits = 8;
            break;
        case ElementType::int16:
            bits = 16;
            break;
        case ElementType::int32:
            bits = 32;
            break;
        case ElementType::int64:
            bits = 64;
            break;
        case ElementType::uint4:
            bits = 4;
            is_signed = false;
            break;
        case ElementType::uint8:
            bits = 8;
            is_signed = false;
            break;
        case ElementType::uint16:
            bits = 16;
            is_signed = false;
            break;
        case ElementType::uint32:
            bits = 32;
            is_signed = false;
            break;
        case ElementType::uint64:
            bits = 64;
            is_signed = false;
            break;
        default:
            throw std::invalid_argument("int oracle: not an integer type");
    }
    if (is_signed) {
        mpz_ui_pow_ui(high, 2, static_cast<unsigned long>(bits - 1));
        mpz_neg(low, high);
        mpz_sub_ui(high, high, 1);
    } else {
        mpz_set_ui(low, 0);
        mpz_ui_pow_ui(high, 2, static_cast<unsigned long>(bits));
        mpz_sub_ui(high, high, 1);
    }
}

}  // namespace

IntOracle::IntOracle() { mpz_inits(a_, b_, q_, low_, high_, nullptr); }

IntOracle::~IntOracle() { mpz_clears(a_, b_, q_, low_, high_, nullptr); }

IntQuotient IntOracle::divide(ElementType type, IntRounding rounding) {
    IntQuotient result{IntVerdict::ok, 0, 0U};
    if (mpz_sgn(b_) == 0) {
        result.verdict = IntVerdict::zero_divisor;
        return result;
    }
    if (rounding == IntRounding::floor) {
        mpz_fdiv_q(q_, a_, b_);
    } else {
        mpz_tdiv_q(q_, a_, b_);
    }
    if (range_type_ != static_cast<int>(type)) {
        type_range(type, low_, high_);
        range_type_ = static_cast<int>(type);
    }
    if ((mpz_cmp(q_, low_) < 0) || (mpz_cmp(q_, high_) > 0)) {
        result.verdict = IntVerdict::overflow;
    } else if (mpz_sgn(q_) < 0) {
        result.signed_value = static_cast<std::int64_t>(mpz_get_si(q_));
    } else {
        result.unsigned_value = static_cast<std::uint64_t>(mpz_get_ui(q_));
        result.signed_value = static_cast<std::int64_t>(result.unsigned_value);
    }
    return result;
}

IntQuotient IntOracle::signed_quotient(ElementType type, std::int64_t a, std::int64_t b, IntRounding rounding) {
    mpz_set_si(a_, static_cast<long>(a));
    mpz_set_si(b_, static_cast<long>(b));
    return divide(type, rounding);
}

IntQuotient IntOracle::unsigned_quotient(ElementType type, std::uint64_t a, std::uint64_t b) {
    mpz_set_ui(a_, static_cast<unsigned long>(a));
    mpz_set_ui(b_, static_cast<unsigned long>(b));
    return divide(type, IntRounding::floor);  // floor and truncation agree on non-negative operands
}

IntQuotient int_quotient(ElementType type, std::int64_t a, std::int64_t b, IntRounding rounding) {
    IntOracle oracle;
    return oracle.signed_quotient(type, a, b, rounding);
}

IntQuotient uint_quotient(ElementType type, std::uint64_t a, std::uint64_t b) {
    IntOracle oracle;
    return oracle.unsigned_quotient(type, a, b);
}

}  // namespace sonnx::oracle
