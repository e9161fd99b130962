// sonnx_div.PreconditionError, a ValueError: a violated precondition of
// the operator, with the command line's message (text::violation_message)
// and the status's fields as attributes.
#ifndef SONNX_PYTHON_PRECONDITION_ERROR_HPP
#define SONNX_PYTHON_PRECONDITION_ERROR_HPP

#include <pybind11/pybind11.h>

#include <string>

#include "sonnx/status.hpp"
#include "sonnx/tensor.hpp"

namespace sonnx::python {

namespace py = pybind11;

// Adds PreconditionError to `module`.
void register_errors(py::module_& module);

// Raises PreconditionError (as py::error_already_set); the GIL must be held.
// `report`: check's report of the violation, or None.
[[noreturn]] void raise_precondition(const Status& status, const std::string& message, const std::string& hint,
                                     const py::object& report);

// The same with the command line's message for the operands (text::violation_message;
// any of them may be null) and no report.
[[noreturn]] void raise_violation(const Status& status, const ConstTensorView* a, const ConstTensorView* b,
                                  const ConstTensorView* y, const std::string& hint = "");

}  // namespace sonnx::python

#endif  // SONNX_PYTHON_PRECONDITION_ERROR_HPP
