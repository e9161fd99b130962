// Exact integer quotients with GMP.
#include "sonnx/oracle/int_oracle.hpp"

#include <gmp.h>

#include <stdexcept>

namespace sonnx::oracle {

namespace {

// The value range of an integer type, as GMP integers.
void type_range(ElementType type, mpz_t low, mpz_t high) {
    int bits = 0;
    bool is_signed = true;
    switch (type) {
        case ElementType::int4: bits = 4; break;
        case ElementType::int8: bits = 8; break;
        case ElementType::int16: bits = 16; break;
        case ElementType::int32: bits = 32; break;
        case ElementType::int64: bits = 64; break;
        case ElementType::uint4: bits = 4; is_signed = false; break;
        case ElementType::uint8: bits = 8; is_signed = false; break;
        case ElementType::uint16: bits = 16; is_signed = false; break;
        case ElementType::uint32: bits = 32; is_signed = false; break;
        case ElementType::uint64: bits = 64; is_signed = false; break;
        default: throw std::invalid_argument("int oracle: not an integer type");
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

IntQuotient divide(ElementType type, mpz_t a, mpz_t b, IntRounding rounding) {
    IntQuotient result{IntVerdict::ok, 0, 0U};
    if (mpz_sgn(b) == 0) {
        result.verdict = IntVerdict::zero_divisor;
        return result;
    }
    mpz_t q, low, high;
    mpz_inits(q, low, high, nullptr);
    if (rounding == IntRounding::floor) {
        mpz_fdiv_q(q, a, b);
    } else {
        mpz_tdiv_q(q, a, b);
    }
    type_range(type, low, high);
    if ((mpz_cmp(q, low) < 0) || (mpz_cmp(q, high) > 0)) {
        result.verdict = IntVerdict::overflow;
    } else {
        if (mpz_sgn(q) < 0) {
            result.signed_value = static_cast<std::int64_t>(mpz_get_si(q));
        } else {
            result.unsigned_value = static_cast<std::uint64_t>(mpz_get_ui(q));
            result.signed_value = static_cast<std::int64_t>(result.unsigned_value);
        }
    }
    mpz_clears(q, low, high, nullptr);
    return result;
}

}  // namespace

IntQuotient int_quotient(ElementType type, std::int64_t a, std::int64_t b, IntRounding rounding) {
    mpz_t x, y;
    mpz_init_set_si(x, static_cast<long>(a));
    mpz_init_set_si(y, static_cast<long>(b));
    const IntQuotient result = divide(type, x, y, rounding);
    mpz_clears(x, y, nullptr);
    return result;
}

IntQuotient uint_quotient(ElementType type, std::uint64_t a, std::uint64_t b) {
    mpz_t x, y;
    mpz_init_set_ui(x, static_cast<unsigned long>(a));
    mpz_init_set_ui(y, static_cast<unsigned long>(b));
    const IntQuotient result = divide(type, x, y, IntRounding::floor);
    mpz_clears(x, y, nullptr);
    return result;
}

}  // namespace sonnx::oracle
