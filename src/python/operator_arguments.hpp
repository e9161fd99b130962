// The Python functions' keyword arguments made into the judge's and the
// operator's typed settings, with the command line's values (the same
// names of profiles, roundings, acceptance levels) and messages that name
// the Python arguments (profile=, rounding=, accept=, ...), never a flag.
#ifndef SONNX_PYTHON_OPERATOR_ARGUMENTS_HPP
#define SONNX_PYTHON_OPERATOR_ARGUMENTS_HPP

#include <pybind11/pybind11.h>

#include <string>
#include <utility>
#include <vector>

#include "sonnx/check/profile_options.hpp"
#include "sonnx/check/settings.hpp"
#include "sonnx/div_options.hpp"

namespace sonnx::python {

namespace py = pybind11;

// Keyword arguments by name, None where not given; in the order of the signature.
using Arguments = std::vector<std::pair<std::string, py::object>>;

// How the module's messages write its arguments: profile='onnx', opset=6.
extern const check::OptionSpelling kPythonSpelling;

// profile, rounding, sonnx_revision, opset, broadcast, axis, pythondiv (a
// bool or "true"/"false"), auto_broadcast, made into the operator's options
// by check::resolve_profile (an argument that is None was not given). Raises
// TypeError for a value of the wrong kind (a bool where an int is due
// included), ValueError for a value outside an argument's names or range and
// for an argument of another profile, revision or opset.
DivOptions operator_options(const Arguments& arguments);

// accept, undefined, shard, threads (None: the machine's hardware threads),
// worst, with the operator's options: the settings of a check. TypeError,
// ValueError as above, naming the argument.
check::Settings check_settings(const Arguments& arguments, const DivOptions& options);

// "sonnx_div.check(A, B, Y, type='bf16', accept='one-ulp')": the call, with
// the arguments that were given, for a report's provenance (DIV-CLI-D17).
std::string call_text(const std::string& function, const std::string& operands, const Arguments& arguments);

}  // namespace sonnx::python

#endif  // SONNX_PYTHON_OPERATOR_ARGUMENTS_HPP
