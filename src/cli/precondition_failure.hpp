// A violated precondition of the operator, as the command line ends on it:
// exit status 3 with text::violation_message's message (DIV-CLI-D1, D2).
#ifndef SONNX_CLI_PRECONDITION_FAILURE_HPP
#define SONNX_CLI_PRECONDITION_FAILURE_HPP

#include <string>

#include "exit_status.hpp"
#include "sonnx/io/tensor_data.hpp"
#include "sonnx/status.hpp"

namespace sonnx::cli {

// text::violation_message over operands read from files; `a`, `b`, `y` may be null.
std::string precondition_message(const Status& status, const io::TensorData* a, const io::TensorData* b,
                                 const io::TensorData* y);

// CommandFailure with exit_precondition and that message, then "hint: ..." when a hint is given.
CommandFailure precondition_failure(const Status& status, const io::TensorData* a, const io::TensorData* b,
                                    const io::TensorData* y, const std::string& hint = "");

}  // namespace sonnx::cli

#endif  // SONNX_CLI_PRECONDITION_FAILURE_HPP
