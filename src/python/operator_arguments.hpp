// The Python functions' keyword arguments as the command line's options:
// the same names and values (operator_choice.hpp, check_judgement.hpp), so
// that a call and a command with the same options give the same result.
#ifndef SONNX_PYTHON_OPERATOR_ARGUMENTS_HPP
#define SONNX_PYTHON_OPERATOR_ARGUMENTS_HPP

#include <pybind11/pybind11.h>

#include <string>
#include <utility>
#include <vector>

#include "check_judgement.hpp"
#include "operator_choice.hpp"

namespace sonnx::python {

namespace py = pybind11;

// Keyword arguments by name, None where not given; in the order of the signature.
using Arguments = std::vector<std::pair<std::string, py::object>>;

// --profile, --int-rounding (`rounding`), --sonnx-revision, --opset,
// --broadcast, --axis, --pythondiv (also a bool), --auto-broadcast. An
// argument that is None was not given (DIV-CLI-D10 refuses one of another
// profile only when given). TypeError for a value of the wrong kind.
cli::OperatorChoice operator_choice(const Arguments& arguments);

// --accept, --undefined, --shard, --threads (None: the command line's
// default, the machine's hardware threads), --worst; `type` is --type as given.
cli::CheckSettings check_settings(const Arguments& arguments, const py::object& type);

// "sonnx_div.check(A, B, Y, type='bf16', accept='one-ulp')": the call, with
// the arguments that were given, for a report's provenance (DIV-CLI-D17).
std::string call_text(const std::string& function, const std::string& operands, const Arguments& arguments);

}  // namespace sonnx::python

#endif  // SONNX_PYTHON_OPERATOR_ARGUMENTS_HPP
