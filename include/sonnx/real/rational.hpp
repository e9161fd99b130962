/// @file
/// Exact real numbers of the real variant: rationals over GMP. Conversions
/// from decimal text and from binary floats are exact (DIV-REAL-D1).
#ifndef SONNX_REAL_RATIONAL_HPP
#define SONNX_REAL_RATIONAL_HPP

#include <boost/multiprecision/gmp.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace sonnx::real {

/// An exact rational number (GMP's mpq_t through Boost.Multiprecision).
using Rational = boost::multiprecision::mpq_rational;

/// The largest decimal exponent accepted by parse_decimal (|e| <= this):
/// 10^100000 is already a 332,193-bit integer.
inline constexpr long kMaxDecimalExponent = 100000L;

/// A parsed number, or why the text is not one.
struct ParseResult {
    /// Whether the text was parsed and the value converted.
    bool ok{false};
    /// The exact value, when ok.
    Rational value{};
    std::string error{};  ///< where and why, when !ok
    /// parse_decimal: an upper bound of the bits the exact value takes in
    /// lowest terms, numerator and denominator together (as mpz_sizeinbase
    /// counts them: 1 for 0), known from the text before anything is
    /// converted; 0 when the text is no decimal.
    std::uint64_t bits_bound{0U};
    /// parse_decimal with a limit: the text is a decimal, but bits_bound is
    /// above the limit, so that nothing was converted (!ok).
    bool over_limit{false};
};

/// "[+-]digits[.digits][(e|E)[+-]digits]" or "[+-].digits[...]", nothing else:
/// no spaces, locale, hexadecimal, inf or nan. "6.1" gives exactly 61/10.
/// A zero significand gives 0 whatever the exponent, with no power of ten
/// computed; otherwise the work done is bounded by bits_bound.
[[nodiscard]] ParseResult parse_decimal(std::string_view text);

/// As parse_decimal(text), but converts only when bits_bound <= max_bits:
/// otherwise !ok with over_limit, bits_bound and error set and no number of
/// the value's size computed (the syntax is checked first, in one pass).
[[nodiscard]] ParseResult parse_decimal(std::string_view text, std::uint64_t max_bits);

/// `text` as the messages show it, whole and unambiguous: a byte below 0x20
/// or 0x7F as `\xHH` (a NUL as `\x00`), a backslash as `\\`, any other byte as it is.
[[nodiscard]] std::string visible_text(std::string_view text);

/// The exact value of a finite binary float; !ok for an infinity or a NaN.
[[nodiscard]] ParseResult from_binary(double value);
/// The exact value of a finite binary32 float; !ok for an infinity or a NaN.
[[nodiscard]] ParseResult from_binary(float value);

}  // namespace sonnx::real

#endif  // SONNX_REAL_RATIONAL_HPP
