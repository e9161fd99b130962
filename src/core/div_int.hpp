// Element-wise integer division: value checks (run before any write) and
// kernels for floor (SONNX) and truncating (ONNX) division.
#ifndef SONNX_CORE_DIV_INT_HPP
#define SONNX_CORE_DIV_INT_HPP

#include <cstdint>

#include "sonnx/div.hpp"

namespace sonnx::core {

// INT4/UINT4 range (A then B), zero divisors and unrepresentable quotients:
// the first offending element. No element is written.
[[nodiscard]] Status check_int_operands(ElementType type, const void* a, const void* b,
                                        std::uint64_t count) noexcept;

// Divides `count` elements of an integer type whose operands passed
// check_int_operands. Returns false for a type that is not an integer type.
[[nodiscard]] bool divide_int(ElementType type, const void* a, const void* b, void* y,
                              std::uint64_t count, IntRounding rounding) noexcept;

}  // namespace sonnx::core

#endif  // SONNX_CORE_DIV_INT_HPP
