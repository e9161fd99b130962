// Checks that do not depend on element values: options, types, ranks,
// shapes, sizes and buffers. They run before anything is written.
#ifndef SONNX_CORE_VALIDATE_HPP
#define SONNX_CORE_VALIDATE_HPP

#include <cstdint>

#include "sonnx/div.hpp"

namespace sonnx::core {

// On success `count` holds the number of elements of A (= of B and Y).
[[nodiscard]] Status validate_operands(const ConstTensorView& a, const ConstTensorView& b,
                                       const TensorView& y, const DivOptions& options,
                                       std::uint64_t& count) noexcept;

}  // namespace sonnx::core

#endif  // SONNX_CORE_VALIDATE_HPP
