// `check` under a profile that broadcasts: A and B are expanded to Y's shape
// (as div_output_shape gives it) so that the oracle compares element by
// element, exactly as for equal shapes.
#ifndef SONNX_CLI_BROADCAST_OPERANDS_HPP
#define SONNX_CLI_BROADCAST_OPERANDS_HPP

#include "sonnx/div.hpp"
#include "sonnx/io/tensor_data.hpp"

namespace sonnx::cli {

// Checks A and B against the profile's type and shape rules (a precondition
// failure, exit status 3, when they break one) and, where their shapes
// differ from Y's, replaces them by their broadcast to Y's shape. Operands
// of different types are left for the oracle's own type check.
void broadcast_operands(io::TensorData& a, io::TensorData& b, const DivOptions& options);

}  // namespace sonnx::cli

#endif  // SONNX_CLI_BROADCAST_OPERANDS_HPP
