// sonnx_div.PreconditionError, a ValueError: a violated precondition of
// the operator, with the command line's message (text::violation_message)
// and the status's fields as attributes.
#ifndef SONNX_PYTHON_PRECONDITION_ERROR_HPP
#define SONNX_PYTHON_PRECONDITION_ERROR_HPP

#include <pybind11/pybind11.h>

#include <string>

#include "sonnx/status.hpp"

namespace sonnx::python {

namespace py = pybind11;

// Adds PreconditionError to `module`, and translates the failures the
// shared command-line code throws: cli::PreconditionFailure to
// PreconditionError, any other cli::CommandFailure (an option outside its
// values) to ValueError.
void register_errors(py::module_& module);

// Raises PreconditionError (as py::error_already_set); the GIL must be held.
// `report`: check's report of the violation, or None.
[[noreturn]] void raise_precondition(const Status& status, const std::string& message, const std::string& hint,
                                     const py::object& report);

}  // namespace sonnx::python

#endif  // SONNX_PYTHON_PRECONDITION_ERROR_HPP
