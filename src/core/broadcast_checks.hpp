// Value checks of a broadcast division, run before anything is written:
// INT4/UINT4 ranges of each operand's own elements, then zero divisors and
// unrepresentable quotients in Y's row-major order (DIV-BCAST-D3).
#ifndef SONNX_CORE_BROADCAST_CHECKS_HPP
#define SONNX_CORE_BROADCAST_CHECKS_HPP

#include <cstdint>

#include "broadcast.hpp"
#include "sonnx/div.hpp"

namespace sonnx::core {

// INT4/UINT4 elements of A (its `count_a` elements), then of B, outside the
// 4-bit range: the first one, indexed in its own operand. Other types pass.
[[nodiscard]] Status check_nibble_ranges(ElementType type, const void* a, std::uint64_t count_a, const void* b,
                                         std::uint64_t count_b) noexcept;

// The lowest flat index of Y whose quotient has a zero divisor or does not
// fit, with DIV-INT-C3's or DIV-INT-D2's status. Integer types only.
[[nodiscard]] Status check_divisors_broadcast(ElementType type, const BroadcastPlan& plan, const void* a,
                                              const void* b) noexcept;

}  // namespace sonnx::core

#endif  // SONNX_CORE_BROADCAST_CHECKS_HPP
