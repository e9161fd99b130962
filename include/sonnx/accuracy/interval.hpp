/// @file
/// Rigorous enclosures for the unit-verification scenarios: closed intervals
/// with outward rounding (Boost.Multiprecision's mpfi_float over MPFI), their
/// endpoints (MPFR numbers) and exact rationals (GMP) for witnesses.
/// Every operation on an Interval returns an interval that contains every
/// exact result of the operation on members of its operands (MPFI's
/// guarantee); no wider native float type is ever used.
#ifndef SONNX_ACCURACY_INTERVAL_HPP
#define SONNX_ACCURACY_INTERVAL_HPP

#include <boost/multiprecision/gmp.hpp>
#include <boost/multiprecision/mpfi.hpp>
#include <boost/multiprecision/mpfr.hpp>

#include <cstdint>
#include <string>

namespace sonnx::accuracy {

/// 60 decimal digits, about 200 bits: an enclosure of the quotient of two
/// binary64 values is narrower than its distance to any rounding boundary it
/// is not on (at least 2^-108 relative), so rounding an enclosure of such a
/// quotient gives a single value (DIV-UV-D3).
inline constexpr unsigned kDigits10 = 60U;

/// An interval with outward rounding (MPFI, 200 bits).
using Interval =
    boost::multiprecision::number<boost::multiprecision::mpfi_float_backend<kDigits10>, boost::multiprecision::et_off>;
/// An endpoint or a scalar (MPFR, 200 bits).
using Bound =
    boost::multiprecision::number<boost::multiprecision::mpfr_float_backend<kDigits10>, boost::multiprecision::et_off>;
/// An exact rational (GMP).
using Rational = boost::multiprecision::mpq_rational;

/// A dyadic number m * 2^e, exact: how boxes give errors and values.
struct Dyadic {
    /// m.
    std::int64_t mantissa{0};
    /// e.
    std::int32_t exponent{0};
};

/// The exact value of a dyadic number.
[[nodiscard]] Bound to_bound(const Dyadic& value);
[[nodiscard]] Rational to_rational(const Bound& value);  ///< exact; the value must be finite
/// The exact value of a dyadic number, as a rational.
[[nodiscard]] Rational to_rational(const Dyadic& value);

/// The interval [value, value].
[[nodiscard]] Interval point(const Bound& value);
[[nodiscard]] Interval span(const Bound& low, const Bound& high);  ///< low <= high
[[nodiscard]] Interval entire();                                   ///< [-inf, +inf]
/// The lower endpoint.
[[nodiscard]] Bound low(const Interval& x);
/// The upper endpoint.
[[nodiscard]] Bound high(const Interval& x);
/// x + y and x - y rounded upward: upper bounds of the exact sum and
/// difference, for the scalar steps of a proof (an upper bound that rounds
/// to nearest could come out below the exact value; issue #19).
[[nodiscard]] Bound add_up(const Bound& x, const Bound& y);
/// x - y rounded upward (see add_up).
[[nodiscard]] Bound subtract_up(const Bound& x, const Bound& y);
[[nodiscard]] Bound magnitude_low(const Interval& x);   ///< min |x| over x (0 when 0 is inside)
[[nodiscard]] Bound magnitude_high(const Interval& x);  ///< max |x| over x
/// Whether 0 lies in x.
[[nodiscard]] bool contains_zero(const Interval& x);
/// Whether x is a single value.
[[nodiscard]] bool is_point(const Interval& x);
[[nodiscard]] bool is_bounded(const Interval& x);  ///< both endpoints finite
/// The smallest interval holding x and y.
[[nodiscard]] Interval hull(const Interval& x, const Interval& y);
/// x ∩ y; both must contain the same unknown value, so the result is not empty.
[[nodiscard]] Interval meet(const Interval& x, const Interval& y);
[[nodiscard]] Interval magnitude(const Interval& x);  ///< {|v| : v in x}

/// floor(log2 |x|) of a non-zero finite MPFR number or rational, exactly.
[[nodiscard]] long floor_log2(const Bound& x);
/// The same for a rational.
[[nodiscard]] long floor_log2(const Rational& x);
/// 2^exponent, exactly.
[[nodiscard]] Bound power_of_two(long exponent);
/// 2^exponent as a rational.
[[nodiscard]] Rational rational_power_of_two(long exponent);

/// Text: "[lo, hi]" with 17 significant digits, or the exact fraction.
[[nodiscard]] std::string to_text(const Interval& x);
/// The shortest decimal text of a bound (17 significant digits).
[[nodiscard]] std::string to_text(const Bound& x);
[[nodiscard]] std::string to_text(const Rational& x);  ///< "p/q (~ 1.2345e-05)"

}  // namespace sonnx::accuracy

#endif  // SONNX_ACCURACY_INTERVAL_HPP
