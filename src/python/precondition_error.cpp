#include "precondition_error.hpp"

#include <exception>

#include "sonnx/text/status_text.hpp"

namespace sonnx::python {

namespace {

constexpr const char* kDoc =
    "A violated precondition of the Div operator (a zero integer divisor, MIN / -1, operands of other types or\n"
    "shapes, ...). str(error) is the command line's message, e.g. \"zero_divisor: DIV-INT-C3 violated at B[2]\n"
    "(A[2] = 6, B[2] = 0) [restriction DIV-INT-R3]\". Attributes: status (\"zero_divisor\"), requirement\n"
    "(\"DIV-INT-C3\"), restriction (\"DIV-INT-R3\", or None), operand (\"A\", \"B\", \"Y\" or None), index (the\n"
    "first offending flat element index, or for a shape the axis), hint (the likely fix, or None) and report\n"
    "(check's report as a dict, as `sonnx-div check --json` writes it, or None).";

PyObject* error_type = nullptr;  // sonnx_div.PreconditionError, alive as long as the module

py::object none_if_empty(const std::string& text) { return text.empty() ? py::object(py::none()) : py::str(text); }

// The current Python error becomes PreconditionError.
void set_precondition_error(const Status& status, const std::string& message, const std::string& hint,
                            const py::object& report) {
    const py::object error = py::reinterpret_borrow<py::object>(error_type)(message);
    error.attr("status") = status_code_name(status.code);
    error.attr("requirement") = requirement_name(status.requirement);
    error.attr("restriction") = none_if_empty(restriction_name(status.requirement));
    error.attr("operand") = (status.operand == Operand::none) ? py::object(py::none())
                                                              : py::object(py::str(operand_name(status.operand)));
    error.attr("index") = status.index;
    error.attr("hint") = none_if_empty(hint);
    error.attr("report") = report;
    PyErr_SetObject(error_type, error.ptr());
}

}  // namespace

// [impl->req~div-py-d1~2]
void register_errors(py::module_& module) {
    error_type = PyErr_NewExceptionWithDoc("sonnx_div.PreconditionError", kDoc, PyExc_ValueError, nullptr);
    if (error_type == nullptr) {
        throw py::error_already_set();
    }
    module.attr("PreconditionError") = py::reinterpret_borrow<py::object>(error_type);
}

// [impl->req~div-py-d1~2]
void raise_precondition(const Status& status, const std::string& message, const std::string& hint,
                        const py::object& report) {
    set_precondition_error(status, message, hint, report);
    throw py::error_already_set();
}

// [impl->req~div-py-d1~2]
void raise_violation(const Status& status, const ConstTensorView* a, const ConstTensorView* b, const ConstTensorView* y,
                     const std::string& hint) {
    raise_precondition(status, text::violation_message(status, a, b, y), hint, py::none());
}

}  // namespace sonnx::python
