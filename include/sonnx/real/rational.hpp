// Exact real numbers of the real variant: rationals over GMP. Conversions
// from decimal text and from binary floats are exact (DIV-REAL-D1).
#ifndef SONNX_REAL_RATIONAL_HPP
#define SONNX_REAL_RATIONAL_HPP

#include <boost/multiprecision/gmp.hpp>

#include <string>
#include <string_view>

namespace sonnx::real {

using Rational = boost::multiprecision::mpq_rational;

// The largest decimal exponent accepted by parse_decimal (|e| <= this):
// 10^100000 is already a 332,193-bit integer.
inline constexpr long kMaxDecimalExponent = 100000L;

struct ParseResult {
    bool ok{false};
    Rational value{};
    std::string error{};  // where and why, when !ok
};

// "[+-]digits[.digits][(e|E)[+-]digits]" or "[+-].digits[...]", nothing else:
// no spaces, locale, hexadecimal, inf or nan. "6.1" gives exactly 61/10.
[[nodiscard]] ParseResult parse_decimal(std::string_view text);

// The exact value of a finite binary float; !ok for an infinity or a NaN.
[[nodiscard]] ParseResult from_binary(double value);
[[nodiscard]] ParseResult from_binary(float value);

}  // namespace sonnx::real

#endif  // SONNX_REAL_RATIONAL_HPP
