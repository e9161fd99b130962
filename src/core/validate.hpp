// Checks that do not depend on element values: options, types, ranks,
// shapes, sizes and buffers. They run before anything is written.
#ifndef SONNX_CORE_VALIDATE_HPP
#define SONNX_CORE_VALIDATE_HPP

#include <cstdint>

#include "broadcast.hpp"
#include "sonnx/div_options.hpp"
#include "sonnx/status.hpp"
#include "sonnx/tensor.hpp"

namespace sonnx::core {

// A call that passed validation: the shapes of the profile's shape rule
// (under the sonnx profile, A's shape for A, B and Y), each tensor's
// element count, and the integer rounding the profile fixes.
struct ProfileCall {
    BroadcastShapes shapes{};
    std::uint64_t count_a{0U};
    std::uint64_t count_b{0U};
    std::uint64_t count_y{0U};
    IntRounding rounding{IntRounding::floor};
};

// The checks of DIV-API-D2 and DIV-PROF-D3 that do not depend on element
// values, in their order, under every profile: options, types, the
// profile's types, ranks, the shape rule, Y's shape, sizes, buffers,
// alignment, Y overlapping an operand that broadcasts, and Y overlapping
// an operand in part.
[[nodiscard]] Status validate_operands(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y,
                                       const DivOptions& options, ProfileCall& call) noexcept;

// The checks of validate_operands that concern A's type and the shapes of A
// and B, then the element counts and byte sizes of A, B and the resulting
// shape: what div_output_shape and div_broadcast_layout report.
[[nodiscard]] Status validate_shapes(ElementType type, const Shape& a, const Shape& b, const DivOptions& options,
                                     BroadcastShapes& shapes) noexcept;

}  // namespace sonnx::core

#endif  // SONNX_CORE_VALIDATE_HPP
