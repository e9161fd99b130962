// Checks that do not depend on element values: options, types, ranks,
// shapes, sizes and buffers. They run before anything is written.
#ifndef SONNX_CORE_VALIDATE_HPP
#define SONNX_CORE_VALIDATE_HPP

#include <cstdint>

#include "broadcast.hpp"
#include "sonnx/div.hpp"

namespace sonnx::core {

// On success `count` holds the number of elements of A (= of B and Y).
[[nodiscard]] Status validate_operands(const ConstTensorView& a, const ConstTensorView& b,
                                       const TensorView& y, const DivOptions& options,
                                       std::uint64_t& count) noexcept;

// A call under the onnx or openvino profile that passed validation: the
// shapes of the profile's shape rule, each tensor's element count, and the
// integer rounding the profile fixes.
struct ProfileCall {
    BroadcastShapes shapes{};
    std::uint64_t count_a{0U};
    std::uint64_t count_b{0U};
    std::uint64_t count_y{0U};
    IntRounding rounding{IntRounding::floor};
};

// The checks of DIV-PROF-D3 that do not depend on element values, in its
// order: options, types, the profile's types, ranks, the shape rule, Y's
// shape, sizes, buffers, and Y overlapping an operand that broadcasts.
[[nodiscard]] Status validate_profile_operands(const ConstTensorView& a, const ConstTensorView& b,
                                               const TensorView& y, const DivOptions& options,
                                               ProfileCall& call) noexcept;

}  // namespace sonnx::core

#endif  // SONNX_CORE_VALIDATE_HPP
