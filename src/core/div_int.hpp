// Element-wise integer division: value checks (run before any write) and
// kernels for floor (SONNX) and truncating (ONNX) division.
#ifndef SONNX_CORE_DIV_INT_HPP
#define SONNX_CORE_DIV_INT_HPP

#include <cstdint>

#include "sonnx/div_options.hpp"
#include "sonnx/element_type.hpp"
#include "sonnx/status.hpp"

namespace sonnx::core {

// INT4/UINT4 elements of A (its `count_a` elements), then of B, outside the
// 4-bit range: the first one, indexed in its own operand. Other types pass.
[[nodiscard]] Status check_nibble_ranges(ElementType type, const void* a, std::uint64_t count_a, const void* b,
                                         std::uint64_t count_b) noexcept;

// Zero divisors and unrepresentable quotients (MIN / -1) among `count`
// element pairs: the first offending one. No element is written.
[[nodiscard]] Status check_int_operands(ElementType type, const void* a, const void* b, std::uint64_t count) noexcept;

// Divides `count` elements of an integer type whose operands passed
// check_nibble_ranges and check_int_operands. Returns false for a type that is not an integer type.
[[nodiscard]] bool divide_int(ElementType type, const void* a, const void* b, void* y, std::uint64_t count,
                              IntRounding rounding) noexcept;

}  // namespace sonnx::core

#endif  // SONNX_CORE_DIV_INT_HPP
