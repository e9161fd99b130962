/// @file
/// Printing exact real results (DIV-REAL-D2).
#ifndef SONNX_REAL_FORMAT_HPP
#define SONNX_REAL_FORMAT_HPP

#include <string>

#include "sonnx/real/rational.hpp"

namespace sonnx::real {

/// "p/q" in lowest terms with the sign on p; "p" when q = 1.
[[nodiscard]] std::string to_fraction_string(const Rational& value);

/// Rounded to nearest, ties to even, with exactly `digits` digits after the
/// point ("2.0333", "7.0000"; digits = 0 gives "7"). A value that rounds to
/// zero prints without a sign ("0.00" for -0.001 at 2 digits).
[[nodiscard]] std::string to_decimal_string(const Rational& value, unsigned digits);

}  // namespace sonnx::real

#endif  // SONNX_REAL_FORMAT_HPP
