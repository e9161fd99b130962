// Dividers as runtimes write them, as ordinary C++ templates: T is float,
// double or a scenario type Sde<Format> (sonnx/accuracy/symbolic_domain_error.hpp).
// `using std::fma` lets the same call reach std::fma for the built-in types
// and the scenario's fma (found by argument) for Sde. Used by
// check_user_division.cpp and by tests/accuracy, which derive their verdicts
// at hand-picked points.
#ifndef SONNX_EXAMPLES_USER_DIVIDERS_HPP
#define SONNX_EXAMPLES_USER_DIVIDERS_HPP

#include <cmath>

namespace user_dividers {

// A reciprocal, then a multiplication: two roundings.
template <typename T>
T reciprocal_multiply(const T& a, const T& b) {
    const T reciprocal = T(1) / b;
    return a * reciprocal;
}

// A low-precision estimate of 1/b (here a division in Narrow, as a
// hardware reciprocal-estimate instruction gives), one Newton-Raphson step
// with fused multiply-adds, and a multiplication.
template <typename T, typename Narrow>
T newton_step_division(const T& a, const T& b) {
    using std::fma;
    const T estimate = static_cast<T>(Narrow(1) / static_cast<Narrow>(b));
    const T residual = fma(-b, estimate, T(1));           // 1 - b r0, rounded once
    const T reciprocal = fma(estimate, residual, estimate);  // r0 + r0 (1 - b r0)
    return a * reciprocal;
}

// The same, then one correction of the quotient by its residual (as
// accelerators without a divider finish a division).
template <typename T, typename Narrow>
T corrected_newton_division(const T& a, const T& b) {
    using std::fma;
    const T estimate = static_cast<T>(Narrow(1) / static_cast<Narrow>(b));
    const T reciprocal = fma(estimate, fma(-b, estimate, T(1)), estimate);
    const T quotient = a * reciprocal;
    const T remainder = fma(-b, quotient, a);  // a - b q, rounded once
    return fma(remainder, reciprocal, quotient);
}

}  // namespace user_dividers

#endif  // SONNX_EXAMPLES_USER_DIVIDERS_HPP
