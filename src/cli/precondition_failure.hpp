// A violated precondition of the operator, as the command line ends on it:
// exit status 3 with text::violation_message's message (DIV-CLI-D1, D2).
#ifndef SONNX_CLI_PRECONDITION_FAILURE_HPP
#define SONNX_CLI_PRECONDITION_FAILURE_HPP

#include <string>

#include "exit_status.hpp"
#include "sonnx/io/tensor_data.hpp"
#include "sonnx/status.hpp"
#include "sonnx/tensor.hpp"

namespace sonnx::cli {

// exit_precondition; what() is the message, then "\nhint: ..." when a hint
// is given. The status, the message and the hint stay apart for callers
// that report them their own way (the Python module's PreconditionError).
class PreconditionFailure : public CommandFailure {
public:
    PreconditionFailure(const Status& violated, const std::string& text, const std::string& advice)
        : CommandFailure(exit_precondition, text + (advice.empty() ? "" : "\nhint: " + advice)),
          status_(violated),
          message_(text),
          hint_(advice) {}
    const Status& violation() const { return status_; }
    const std::string& message() const { return message_; }  // text::violation_message's
    const std::string& hint() const { return hint_; }        // "" when there is none

private:
    Status status_;
    std::string message_;
    std::string hint_;
};

// text::violation_message over operands read from files; `a`, `b`, `y` may be null.
std::string precondition_message(const Status& status, const io::TensorData* a, const io::TensorData* b,
                                 const io::TensorData* y);

// PreconditionFailure with that message and the hint.
PreconditionFailure precondition_failure(const Status& status, const io::TensorData* a, const io::TensorData* b,
                                         const io::TensorData* y, const std::string& hint = "");
// The same over views of the operands (any of them may be null).
PreconditionFailure precondition_failure(const Status& status, const ConstTensorView* a, const ConstTensorView* b,
                                         const ConstTensorView* y, const std::string& hint = "");

}  // namespace sonnx::cli

#endif  // SONNX_CLI_PRECONDITION_FAILURE_HPP
