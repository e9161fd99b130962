// The message for a violated precondition: status, requirement ID and the
// first offending element with its operands (DIV-CLI-D2).
#ifndef SONNX_CLI_STATUS_TEXT_HPP
#define SONNX_CLI_STATUS_TEXT_HPP

#include <string>

#include "exit_status.hpp"
#include "sonnx/io/tensor_data.hpp"
#include "sonnx/status.hpp"

namespace sonnx::cli {

// "zero_divisor: DIV-INT-C3 violated at B[2] (A[2] = 6, B[2] = 0)"; for
// shapes "shape_mismatch: DIV-FLOAT-C1 violated: Y differs from A at axis 1
// (A [2, 3], Y [2, 4])". `a`, `b`, `y` may be null.
std::string describe_status(const Status& status, const io::TensorData* a, const io::TensorData* b,
                            const io::TensorData* y);

// CommandFailure with exit_precondition and that message.
CommandFailure precondition_failure(const Status& status, const io::TensorData* a, const io::TensorData* b,
                                    const io::TensorData* y, const std::string& hint = "");

// "[7]" for a vector, "[1, 2]" (flat index 5 of shape [2, 3]) otherwise.
std::string element_position(std::uint64_t flat_index, const std::vector<std::uint64_t>& dims);

}  // namespace sonnx::cli

#endif  // SONNX_CLI_STATUS_TEXT_HPP
