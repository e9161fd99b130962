/// @file
/// How a status is written: in one line of a report that lists many results
/// (campaign examples, ONNX node-test verdicts), and as the message of a
/// violated precondition that shows the offending element (DIV-CLI-D2).
#ifndef SONNX_TEXT_STATUS_TEXT_HPP
#define SONNX_TEXT_STATUS_TEXT_HPP

#include <string>

#include "sonnx/status.hpp"
#include "sonnx/tensor.hpp"

namespace sonnx::text {

/// Every field of the status, "zero_divisor DIV-INT-C3 (DIV-INT-R3) operand B
/// index 2" (the restriction only for a constraint of one; the index is an
/// element's or, for shape_mismatch, an axis); "ok" for success.
std::string status_summary(const Status& status);

/// The message for a violated precondition, given the operands the division
/// was called with: "zero_divisor: DIV-INT-C3 violated at B[2] (A[2] = 6,
/// B[2] = 0) [restriction DIV-INT-R3]"; for shapes "shape_mismatch:
/// DIV-FLOAT-C1 violated: Y's shape differs from A's at axis 1 (A [2, 3], Y
/// [2, 4]) [restriction DIV-FLOAT-R1]". `a`, `b`, `y` may be null (not known
/// to the caller); the message then leaves out what it would show of them.
std::string violation_message(const Status& status, const ConstTensorView* a, const ConstTensorView* b,
                              const ConstTensorView* y);

}  // namespace sonnx::text

#endif  // SONNX_TEXT_STATUS_TEXT_HPP
