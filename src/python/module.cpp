// The Python module sonnx_div: the reference Div, the oracle's correctly
// rounded quotient and `check` on NumPy arrays, with the command line's
// option names, reports and messages (DIV-PY-D1).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "division_functions.hpp"
#include "operator_arguments.hpp"
#include "precondition_error.hpp"
#include "tensor_files.hpp"

namespace py = pybind11;
using sonnx::python::Arguments;

namespace {

constexpr const char* kModuleDoc = R"(The SONNX Div operator (reference implementation) on NumPy arrays.

    import numpy as np, sonnx_div
    sonnx_div.div(np.float32([1]), np.float32([3]))          # array([0.33333334], dtype=float32)
    sonnx_div.div(np.int8([-7]), np.int8([2]))               # floor: array([-4], dtype=int8)
    sonnx_div.div(np.int8([-7]), np.int8([2]), rounding="trunc")            # array([-3], dtype=int8)
    sonnx_div.correctly_rounded(a, b)                        # the MPFR/GMP oracle's quotient
    report = sonnx_div.check(a, b, y_of_another_runtime)     # a dict: sonnx-div check --json's report
    report["conforming_result"], report["worst"]

Element types are the command line's: fp16, bf16, fp32, fp64, int4 ... int64, uint4 ... uint64. A type is
taken from each array's dtype (float16, float32, float64, int8 ... uint64); `type` names it instead, and is
needed for those NumPy lacks: type="bf16" for uint16 (or int16) arrays of BF16 bit patterns, "int4" for
int8 arrays and "uint4" for uint8 arrays, one value per element (type="fp16" also reads uint16 bit
patterns). A dtype that does not hold the type given is a TypeError. Arrays are read C-contiguous and
aligned (copied first when they are not); big-endian arrays are brought to the machine's order.

Options have the command line's names and values, as keyword arguments: profile ("sonnx", "onnx",
"openvino"), rounding (--int-rounding: "floor", "trunc"), sonnx_revision ("seed", "2026-06"), opset,
broadcast, axis (onnx), pythondiv (True/False or "true"/"false"), auto_broadcast ("none", "numpy")
(openvino). None means not given; an option of another profile than the one chosen is a ValueError
(the command line's usage error), as is a value outside an option's names.

A violated precondition raises PreconditionError, a ValueError carrying the requirement ID.)";

constexpr const char* kDivDoc = R"(div(a, b, type=None, *, profile="sonnx", rounding=None, sonnx_revision=None,
    opset=None, broadcast=None, axis=None, pythondiv=None, auto_broadcast=None) -> numpy.ndarray

Y = A / B by the reference operator (sonnx::div), as `sonnx-div div` computes it. Y has the shape the
profile gives (A's under "sonnx", which takes equal shapes only; the broadcast shape under "onnx" and
"openvino") and the dtype `sonnx-div div` writes to .npy: float16, uint16 (BF16 bit patterns), float32,
float64, int8 (INT4), uint8 (UINT4) or the integer type. Floats are IEEE 754, correctly rounded;
integers floor by default under "sonnx", truncate under "onnx". Raises PreconditionError for a zero
integer divisor (DIV-INT-C3), MIN / -1 (DIV-INT-D2), types or shapes that differ, a type the profile
does not take, and the operator's other preconditions.)";

constexpr const char* kCorrectlyRoundedDoc =
    R"(correctly_rounded(a, b, type=None, *, rounding=None) -> numpy.ndarray

The exact oracle's quotient of each pair of elements, independent of the operator's code: floats A / B
rounded to nearest, ties to even, in the format (MPFR, with the format's precision, exponent range and
subnormals; a NaN result is the default quiet NaN), integers the exact quotient rounded by `rounding`
("floor", the default, or "trunc"; GMP). A and B have one type and one shape (no broadcasting); the
result is as div's. Raises PreconditionError for a zero integer divisor (DIV-INT-C3), MIN / -1
(DIV-INT-D2), an INT4/UINT4 value out of range (DIV-INT-D4), and types or shapes that differ.)";

constexpr const char* kCheckDoc = R"(check(a, b, y, type=None, *, profile="sonnx", rounding=None, sonnx_revision=None,
    opset=None, broadcast=None, axis=None, pythondiv=None, auto_broadcast=None, accept="exact",
    undefined=None, worst=10, shard="0/1", threads=None) -> dict

Another runtime's Y for A / B judged element by element against the exact oracle, as `sonnx-div check`
judges it: returns the report `sonnx-div check --json` writes, as a dict ("conforming_result",
"elements", "conforming", "nonconforming", "max_ulp_error" or "max_error", "histogram", "worst",
"undefined_elements", "failed_requirements", "hints", "provenance", ...). accept: "exact" (default),
"half-ulp", "one-ulp" or a bound such as "2ulp" (floats; integers are always exact); undefined:
"refuse" or "list" (integer elements with a zero divisor or MIN / -1; None: the revision's default);
worst: how many of the worst elements to list; shard: "K/N", judge the K-th of N ranges of Y's
elements; threads: worker threads (None: the machine's), which change nothing in the report. A Y of
another type or shape than A / B is a non-conforming candidate, not an error. Under the provenance, the
inputs' "path" names the array's dtype and "sha256" is that of its elements. Raises PreconditionError
when A and B violate the operator's precondition (a zero divisor or MIN / -1 under undefined="refuse",
types or shapes); its `report` attribute holds the report, when check made one.)";

Arguments operator_arguments(const py::object& profile, const py::object& rounding, const py::object& sonnx_revision,
                             const py::object& opset, const py::object& broadcast, const py::object& axis,
                             const py::object& pythondiv, const py::object& auto_broadcast) {
    return Arguments{{"profile", profile},
                     {"rounding", rounding},
                     {"sonnx_revision", sonnx_revision},
                     {"opset", opset},
                     {"broadcast", broadcast},
                     {"axis", axis},
                     {"pythondiv", pythondiv},
                     {"auto_broadcast", auto_broadcast}};
}

}  // namespace

// [impl->req~div-py-d1~2]
PYBIND11_MODULE(sonnx_div, module) {
    py::options options;
    // Each docstring starts with its own signature, keyword defaults included.
    options.disable_function_signatures();
    module.doc() = kModuleDoc;
    module.attr("__version__") = SONNX_VERSION;
    sonnx::python::register_errors(module);
    const py::object none = py::none();
    module.def(
        "div",
        [](const py::object& a, const py::object& b, const py::object& type, const py::object& profile,
           const py::object& rounding, const py::object& sonnx_revision, const py::object& opset,
           const py::object& broadcast, const py::object& axis, const py::object& pythondiv,
           const py::object& auto_broadcast) {
            return sonnx::python::div(a, b, type,
                                      operator_arguments(profile, rounding, sonnx_revision, opset, broadcast, axis,
                                                         pythondiv, auto_broadcast));
        },
        kDivDoc, py::arg("a"), py::arg("b"), py::arg("type") = none, py::kw_only(), py::arg("profile") = "sonnx",
        py::arg("rounding") = none, py::arg("sonnx_revision") = none, py::arg("opset") = none,
        py::arg("broadcast") = none, py::arg("axis") = none, py::arg("pythondiv") = none,
        py::arg("auto_broadcast") = none);
    module.def("correctly_rounded", &sonnx::python::correctly_rounded, kCorrectlyRoundedDoc, py::arg("a"), py::arg("b"),
               py::arg("type") = none, py::kw_only(), py::arg("rounding") = none);
    module.def(
        "check",
        [](const py::object& a, const py::object& b, const py::object& y, const py::object& type,
           const py::object& profile, const py::object& rounding, const py::object& sonnx_revision,
           const py::object& opset, const py::object& broadcast, const py::object& axis, const py::object& pythondiv,
           const py::object& auto_broadcast, const py::object& accept, const py::object& undefined,
           const py::object& worst, const py::object& shard, const py::object& threads) {
            const Arguments check_arguments{
                {"accept", accept}, {"undefined", undefined}, {"worst", worst}, {"shard", shard}, {"threads", threads}};
            return sonnx::python::check(a, b, y, type,
                                        operator_arguments(profile, rounding, sonnx_revision, opset, broadcast, axis,
                                                           pythondiv, auto_broadcast),
                                        check_arguments);
        },
        kCheckDoc, py::arg("a"), py::arg("b"), py::arg("y"), py::arg("type") = none, py::kw_only(),
        py::arg("profile") = "sonnx", py::arg("rounding") = none, py::arg("sonnx_revision") = none,
        py::arg("opset") = none, py::arg("broadcast") = none, py::arg("axis") = none, py::arg("pythondiv") = none,
        py::arg("auto_broadcast") = none, py::arg("accept") = "exact", py::arg("undefined") = none,
        py::arg("worst") = 10, py::arg("shard") = "0/1", py::arg("threads") = none);
    sonnx::python::register_tensor_files(module);
}
