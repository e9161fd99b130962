// Exact conversions to rationals: decimal text and binary floats.
#include <cmath>
#include <cstdint>
#include <string>

#include "sonnx/real/rational.hpp"

namespace sonnx::real {

namespace {

using Integer = boost::multiprecision::mpz_int;

ParseResult failure(std::string message) {
    ParseResult result;
    result.error = std::move(message);
    return result;
}

bool is_digit(char c) { return (c >= '0') && (c <= '9'); }

Integer power_of_ten(long exponent) { return boost::multiprecision::pow(Integer(10), static_cast<unsigned>(exponent)); }

}  // namespace

// [impl->req~div-real-d1~1]
ParseResult parse_decimal(std::string_view text) {
    std::size_t pos = 0;
    bool negative = false;
    if ((pos < text.size()) && ((text[pos] == '+') || (text[pos] == '-'))) {
        negative = text[pos] == '-';
        ++pos;
    }
    std::string digits;  // integer and fraction digits together
    long fraction_digits = 0;
    std::size_t integer_count = 0;
    while ((pos < text.size()) && is_digit(text[pos])) {
        digits.push_back(text[pos]);
        ++pos;
        ++integer_count;
    }
    std::size_t fraction_count = 0;
    if ((pos < text.size()) && (text[pos] == '.')) {
        ++pos;
        while ((pos < text.size()) && is_digit(text[pos])) {
            digits.push_back(text[pos]);
            ++pos;
            ++fraction_count;
        }
        fraction_digits = static_cast<long>(fraction_count);
    }
    if ((integer_count + fraction_count) == 0U) {
        return failure("no digits at position " + std::to_string(pos) + " in \"" + std::string(text) + "\"");
    }
    long exponent = 0;
    if ((pos < text.size()) && ((text[pos] == 'e') || (text[pos] == 'E'))) {
        ++pos;
        bool exponent_negative = false;
        if ((pos < text.size()) && ((text[pos] == '+') || (text[pos] == '-'))) {
            exponent_negative = text[pos] == '-';
            ++pos;
        }
        const std::size_t exponent_start = pos;
        while ((pos < text.size()) && is_digit(text[pos])) {
            if (exponent > kMaxDecimalExponent) {
                return failure("exponent beyond +-" + std::to_string(kMaxDecimalExponent) + " in \"" +
                               std::string(text) + "\"");
            }
            exponent = exponent * 10 + (text[pos] - '0');
            ++pos;
        }
        if (pos == exponent_start) {
            return failure("no exponent digits at position " + std::to_string(pos) + " in \"" + std::string(text) +
                           "\"");
        }
        if (exponent > kMaxDecimalExponent) {
            return failure("exponent beyond +-" + std::to_string(kMaxDecimalExponent) + " in \"" + std::string(text) +
                           "\"");
        }
        exponent = exponent_negative ? -exponent : exponent;
    }
    if (pos != text.size()) {
        return failure("unexpected character '" + std::string(1, text[pos]) + "' at position " + std::to_string(pos) +
                       " in \"" + std::string(text) + "\"");
    }
    // GMP reads a leading 0 as an octal prefix: strip leading zeros.
    const std::size_t first_nonzero = digits.find_first_not_of('0');
    const Integer significand(first_nonzero == std::string::npos ? std::string("0") : digits.substr(first_nonzero));
    const long scale = exponent - fraction_digits;
    ParseResult result;
    result.ok = true;
    result.value = (scale >= 0) ? Rational(significand * power_of_ten(scale))
                                : Rational(significand, power_of_ten(-scale));
    if (negative) {
        result.value = -result.value;
    }
    return result;
}

// [impl->req~div-real-d1~1]
// [impl->req~div-real-d3~1]
ParseResult from_binary(double value) {
    if (!std::isfinite(value)) {
        return failure("reals have no infinity or NaN");
    }
    int exponent = 0;
    // value = fraction * 2^exponent with 0.5 <= |fraction| < 1; 2^53 * fraction is an integer.
    const double fraction = std::frexp(value, &exponent);
    const auto significand = static_cast<std::int64_t>(std::ldexp(fraction, 53));
    const int scale = exponent - 53;
    const Integer power = boost::multiprecision::pow(Integer(2), static_cast<unsigned>(std::abs(scale)));
    ParseResult result;
    result.ok = true;
    result.value = (scale >= 0) ? Rational(Integer(significand) * power) : Rational(Integer(significand), power);
    return result;
}

// [impl->req~div-real-d1~1]
ParseResult from_binary(float value) {
    return from_binary(static_cast<double>(value));  // exact widening
}

}  // namespace sonnx::real
