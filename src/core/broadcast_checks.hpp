// The value check of an integer division that follows Y's runs: zero
// divisors and unrepresentable quotients in Y's row-major order
// (DIV-BCAST-D3), run before anything is written. Equal shapes are a plan
// of one run.
#ifndef SONNX_CORE_BROADCAST_CHECKS_HPP
#define SONNX_CORE_BROADCAST_CHECKS_HPP

#include "broadcast.hpp"
#include "sonnx/element_type.hpp"
#include "sonnx/status.hpp"

namespace sonnx::core {

// The lowest flat index of Y whose quotient has a zero divisor or does not
// fit, with DIV-INT-C3's or DIV-INT-D2's status. Integer types only.
[[nodiscard]] Status check_divisors_broadcast(ElementType type, const BroadcastPlan& plan, const void* a,
                                              const void* b) noexcept;

}  // namespace sonnx::core

#endif  // SONNX_CORE_BROADCAST_CHECKS_HPP
