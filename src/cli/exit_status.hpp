// Exit statuses of sonnx-div (DIV-CLI-D1) and the failure that carries one.
#ifndef SONNX_CLI_EXIT_STATUS_HPP
#define SONNX_CLI_EXIT_STATUS_HPP

#include <stdexcept>
#include <string>

namespace sonnx::cli {

// [impl->req~div-cli-d1~1]
enum ExitStatus : int {
    exit_success = 0,         // done; for check and campaign: every element conforms
    exit_nonconforming = 1,   // check or campaign found a non-conforming element
    exit_usage = 2,           // usage error, or an unreadable, malformed or unwritable file
    exit_precondition = 3,    // the operator's precondition is violated (shape, type, zero divisor, overflow)
    exit_internal = 4         // an internal error (a bug): please report it
};

// Thrown by a command to end with `status` after printing `what()`.
class CommandFailure : public std::runtime_error {
public:
    CommandFailure(int status, const std::string& message) : std::runtime_error(message), status_(status) {}
    int status() const { return status_; }

private:
    int status_;
};

}  // namespace sonnx::cli

#endif  // SONNX_CLI_EXIT_STATUS_HPP
