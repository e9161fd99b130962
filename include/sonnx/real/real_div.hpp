/// @file
/// The real variant of Div: exact element-wise division of rational tensors.
/// The executable form of the spec's real semantics; it allocates, so it lives
/// outside the MISRA-style core.
#ifndef SONNX_REAL_REAL_DIV_HPP
#define SONNX_REAL_REAL_DIV_HPP

#include <cstdint>
#include <vector>

#include "sonnx/real/rational.hpp"
#include "sonnx/status.hpp"

namespace sonnx::real {

/// A tensor of exact rationals.
struct RealTensor {
    std::vector<std::uint64_t> dims;  ///< empty: a scalar
    std::vector<Rational> values;     ///< row-major, product of dims elements
};

/// Y = A / B exactly. Errors: shape_mismatch (DIV-REAL-C1, operand B, first
/// differing axis), zero_divisor (DIV-REAL-C2, operand B, first index); y is
/// left untouched on error.
[[nodiscard]] Status div(const RealTensor& a, const RealTensor& b, RealTensor& y);

}  // namespace sonnx::real

#endif  // SONNX_REAL_REAL_DIV_HPP
