// Printing rationals exactly and as rounded decimals.
#include "sonnx/real/format.hpp"

namespace sonnx::real {

using Integer = boost::multiprecision::mpz_int;

// [impl->req~div-real-d2~1]
std::string to_fraction_string(const Rational& value) {
    const Integer numerator = boost::multiprecision::numerator(value);
    const Integer denominator = boost::multiprecision::denominator(value);  // > 0, lowest terms
    return (denominator == 1) ? numerator.str() : numerator.str() + "/" + denominator.str();
}

// [impl->req~div-real-d2~1]
std::string to_decimal_string(const Rational& value, unsigned digits) {
    const bool negative = value < 0;
    const Rational scaled = (negative ? Rational(-value) : value) *
                            Rational(boost::multiprecision::pow(Integer(10), digits));
    const Integer numerator = boost::multiprecision::numerator(scaled);
    const Integer denominator = boost::multiprecision::denominator(scaled);
    Integer quotient = numerator / denominator;  // floor: both are non-negative
    const Integer twice_remainder = 2 * (numerator - quotient * denominator);
    // Round to nearest; on a tie, to the even neighbour.
    if ((twice_remainder > denominator) || ((twice_remainder == denominator) && (quotient % 2 != 0))) {
        quotient += 1;
    }
    std::string text = quotient.str();
    if (text.size() <= digits) {
        text.insert(0, digits + 1U - text.size(), '0');
    }
    if (digits > 0U) {
        text.insert(text.size() - digits, ".");
    }
    return ((negative && (quotient != 0)) ? "-" : "") + text;
}

}  // namespace sonnx::real
