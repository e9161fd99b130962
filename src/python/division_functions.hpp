// What sonnx_div exposes: the reference Div, the oracle's correctly rounded
// quotient and check's report, on NumPy arrays (module.cpp binds them).
#ifndef SONNX_PYTHON_DIVISION_FUNCTIONS_HPP
#define SONNX_PYTHON_DIVISION_FUNCTIONS_HPP

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "operator_arguments.hpp"

namespace sonnx::python {

namespace py = pybind11;

// sonnx::div under the options `operator_arguments` name (operator_choice).
py::array div(const py::object& a, const py::object& b, const py::object& type, const Arguments& operator_arguments);

// The oracle's quotient of every element pair (MPFR, GMP): A and B of one
// type and shape, integers rounded by `rounding` (floor or trunc, default floor).
py::array correctly_rounded(const py::object& a, const py::object& b, const py::object& type,
                            const py::object& rounding);

// check's JSON report (check_report_json) as a dict.
py::dict check(const py::object& a, const py::object& b, const py::object& y, const py::object& type,
               const Arguments& operator_arguments, const Arguments& check_arguments);

}  // namespace sonnx::python

#endif  // SONNX_PYTHON_DIVISION_FUNCTIONS_HPP
