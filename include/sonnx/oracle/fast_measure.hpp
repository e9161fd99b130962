/// @file
/// A fast path for `sonnx-div check` (DIV-CLI-D15): it verifies that a
/// candidate is the correctly rounded quotient instead of recomputing the
/// quotient with MPFR, and then gives, field for field, the Measure that
/// FloatOracle::measure would give. It answers only the common case: a, b and
/// the candidate normal, the candidate proved to be a / b rounded to nearest
/// even. Everything else it declines, and the caller asks FloatOracle::measure.
#ifndef SONNX_ORACLE_FAST_MEASURE_HPP
#define SONNX_ORACLE_FAST_MEASURE_HPP

#include <cstdint>

#include "sonnx/oracle/float_oracle.hpp"

namespace sonnx::oracle {

/// True: `candidate` is proved to be a / b rounded to nearest even in
/// `format`, and `out` holds exactly FloatOracle(format).measure(a, b,
/// candidate) (same bits in every field). False: undecided, `out` unchanged.
/// Answers only when a, b and the candidate are normal encodings of `format`
/// (never zeros, subnormals, infinities or NaN), the candidate is above the
/// lowest normal binade and has the quotient's sign. Never allocates or
/// throws, changes no floating-point mode (it may raise the inexact flag),
/// and answers alike in every rounding direction.
bool fast_measure(const FloatFormat& format, std::uint64_t a, std::uint64_t b, std::uint64_t candidate,
                  Measure& out) noexcept;

/// The two steps of fast_measure that decide, exposed so that the negative
/// controls can run the same path with a faulty copy of either (tests only).
/// Both work on exact integers held in doubles: a = A 2^ea, b = B 2^eb and
/// c = C 2^ec with A, B, C the integer significands (p bits), and
/// residual = A 2^(ea - eb - ec) - C B, so that a/b - c = residual / B units
/// of ulp(c) = 2^ec.
struct FastMeasureSteps {
    /// Whether a/b rounds to nearest even to c. `residual` is exact when its
    /// magnitude is below 2^53 (else at least 2^53); `power_of_two`: C = 2^(p-1).
    bool (*rounds_to_candidate)(double residual, double divisor, bool power_of_two);
    /// distance / divisor rounded upward to a double; distance = |residual|,
    /// exact, below divisor.
    double (*ulps)(double distance, double divisor);
};

/// The steps fast_measure itself takes.
const FastMeasureSteps& fast_measure_steps() noexcept;

/// fast_measure with the given steps instead of its own.
bool fast_measure_with(const FastMeasureSteps& steps, const FloatFormat& format, std::uint64_t a, std::uint64_t b,
                       std::uint64_t candidate, Measure& out) noexcept;

}  // namespace sonnx::oracle

#endif  // SONNX_ORACLE_FAST_MEASURE_HPP
