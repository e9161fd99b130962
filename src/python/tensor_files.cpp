#include "tensor_files.hpp"

#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "array_operands.hpp"
#include "precondition_error.hpp"
#include "sonnx/check/input_files.hpp"
#include "sonnx/check/provenance.hpp"
#include "sonnx/check/record.hpp"
#include "sonnx/check/report_json.hpp"
#include "sonnx/io/tensor_data.hpp"
#include "sonnx/io/tensor_file.hpp"

namespace sonnx::python {

namespace {

constexpr const char* kReadTensorDoc = R"(read_tensor(path, type=None) -> (numpy.ndarray, str)

The tensor of a .npy or .pb (ONNX TensorProto) file and its element type's name ("FP32", "BF16",
"INT4", ...), read by the reader `sonnx-div check` uses, with its acceptance rules (DIV-IO-D1 ... D5):
a file it refuses is a ValueError with its message, naming the file. The array has the file's shape and
the dtype `sonnx-div div` writes to .npy for the type: BF16 as uint16 bit patterns, INT4 as int8 and
UINT4 as uint8, one element per value. `type` reads a .npy file's storage as the type NumPy lacks, as
--type does (type="bf16" for '<u2' bit patterns); a .pb file's type must be the type named.)";

constexpr const char* kWriteTensorDoc = R"(write_tensor(path, array, type=None) -> None

Writes the array to a .npy or .pb file (by the extension) with the writer `sonnx-div div` uses,
atomically (DIV-CLI-D3): its own element type and shape, nothing converted. The element type is the
array's dtype's (float16 ... uint64); `type` names a type NumPy lacks, held in its storage as in div and
check: type="bf16" writes a uint16 array's bit patterns as BF16, "int4"/"uint4" int8/uint8 values. A
dtype that holds no element type (bool, complex, str, ...) or not `type` is a TypeError; a path or tensor
the writer refuses (another extension, a symbolic link, an INT4 value out of range) a ValueError.)";

constexpr const char* kCheckFilesDoc =
    R"(check_files(a_path, b_path, y_path, type=None, *, profile="sonnx", rounding=None,
    sonnx_revision=None, opset=None, broadcast=None, axis=None, pythondiv=None, auto_broadcast=None,
    accept="exact", undefined=None, worst=10, shard="0/1", threads=None) -> dict

The report `sonnx-div check A B Y --json` writes for the three files, as a dict: the same reader, the
same judgement and the same report, the provenance naming each file's path and the SHA-256 of its bytes
(the command line's date and command line aside: command_line is this call). The options are check's.
A Y of another element type or shape than A / B is a non-conforming candidate ("candidate_mismatch"),
not an error. A file the reader refuses is a ValueError with its message; a violated precondition of A
and B raises PreconditionError with the report in its `report` attribute, as check does.)";

// A path as str (os.fspath: str or an os.PathLike of str).
std::string path_argument(const py::object& path, const char* name) {
    const py::object text = py::module_::import("os").attr("fspath")(path);
    if (!py::isinstance<py::str>(text)) {
        throw py::type_error(std::string(name) + " must be a str or an os.PathLike of str, not " +
                             py::repr(path).cast<std::string>());
    }
    return text.cast<std::string>();
}

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
py::tuple read_tensor(const py::object& path, const py::object& type) {
    const std::optional<ElementType> wanted = type_argument(type);
    const std::string file = path_argument(path, "path");
    io::TensorData tensor;
    try {
        const py::gil_scoped_release unlocked;
        tensor = wanted.has_value() ? io::read_tensor_file(file, *wanted) : io::read_tensor_file(file);
    } catch (const io::FileError& error) { throw py::value_error(error.what()); }
    py::array out = new_array(tensor.type, tensor.dims);
    if (static_cast<std::size_t>(out.nbytes()) != tensor.bytes.size()) {
        throw std::logic_error(file + ": the array is not the size of the tensor read");
    }
    if (!tensor.bytes.empty()) {
        std::memcpy(out.mutable_data(), tensor.bytes.data(), tensor.bytes.size());
    }
    return py::make_tuple(out, element_type_name(tensor.type));
}

// [impl->req~div-py-d1~2]
void write_tensor(const py::object& path, const py::object& array, const py::object& type) {
    const std::optional<ElementType> wanted = type_argument(type);
    const std::string file = path_argument(path, "path");
    const ArrayOperand operand = array_operand(array, "array", wanted);
    io::TensorData tensor;
    tensor.type = operand.operand.type;
    tensor.dims = operand.operand.dims;
    const auto* bytes = static_cast<const std::uint8_t*>(operand.operand.view.data);
    tensor.bytes.assign(bytes, bytes + operand.operand.view.size_bytes);
    try {
        const py::gil_scoped_release unlocked;
        io::write_tensor_file(file, tensor);
    } catch (const io::FileError& error) { throw py::value_error(error.what()); }
}

// As the command line's run_check (check_command.cpp), on the same code: the
// files read together and hashed (check::read_inputs), judged and recorded
// (check::check_tensors), reported (check::report_json).
// [impl->req~div-py-d1~2]
py::dict check_files(const py::object& a_path, const py::object& b_path, const py::object& y_path,
                     const py::object& type, const Arguments& operator_arguments, const Arguments& check_arguments) {
    const std::optional<ElementType> wanted = type_argument(type);
    const check::Settings settings = check_settings(check_arguments, operator_options(operator_arguments));
    const std::vector<std::pair<std::string, std::string>> files{{"A", path_argument(a_path, "a_path")},
                                                                 {"B", path_argument(b_path, "b_path")},
                                                                 {"Y", path_argument(y_path, "y_path")}};
    Arguments given{{"type", type}};
    given.insert(given.end(), operator_arguments.begin(), operator_arguments.end());
    given.insert(given.end(), check_arguments.begin(), check_arguments.end());
    std::string operands;
    for (const auto& [role, file] : files) {
        operands += (operands.empty() ? "" : ", ") + py::repr(py::str(file)).cast<std::string>();
    }
    check::Provenance provenance = check::start_provenance("check");
    provenance.command_line = call_text("check_files", operands, given);
    const std::string type_text = wanted.has_value() ? type.cast<std::string>() : std::string();
    std::vector<io::TensorData> tensors;
    check::CheckRecord record;
    try {
        const py::gil_scoped_release unlocked;
        tensors = check::read_inputs(files, wanted, provenance);
        record = check::check_tensors(check::Tensor{tensors[0].type, tensors[0].dims, tensors[0].view()},
                                      check::Tensor{tensors[1].type, tensors[1].dims, tensors[1].view()},
                                      check::Tensor{tensors[2].type, tensors[2].dims, tensors[2].view()}, settings,
                                      provenance, type_text);
    } catch (const io::FileError& error) { throw py::value_error(error.what()); }
    const py::object report = py::module_::import("json").attr("loads")(check::report_json(record).dump());
    if (!record.report.precondition.is_ok()) {
        raise_precondition(record.report.precondition, record.precondition_message,
                           record.hints.empty() ? std::string() : record.hints.front(), report);
    }
    return report.cast<py::dict>();
}

// [impl->req~div-py-d1~2]
void register_tensor_files(py::module_& module) {
    const py::object none = py::none();
    module.def("read_tensor", &read_tensor, kReadTensorDoc, py::arg("path"), py::arg("type") = none);
    module.def("write_tensor", &write_tensor, kWriteTensorDoc, py::arg("path"), py::arg("array"),
               py::arg("type") = none);
    module.def(
        "check_files",
        [](const py::object& a_path, const py::object& b_path, const py::object& y_path, const py::object& type,
           const py::object& profile, const py::object& rounding, const py::object& sonnx_revision,
           const py::object& opset, const py::object& broadcast, const py::object& axis, const py::object& pythondiv,
           const py::object& auto_broadcast, const py::object& accept, const py::object& undefined,
           const py::object& worst, const py::object& shard, const py::object& threads) {
            const Arguments check_arguments{
                {"accept", accept}, {"undefined", undefined}, {"worst", worst}, {"shard", shard}, {"threads", threads}};
            return check_files(a_path, b_path, y_path, type,
                               operator_arguments(profile, rounding, sonnx_revision, opset, broadcast, axis, pythondiv,
                                                  auto_broadcast),
                               check_arguments);
        },
        kCheckFilesDoc, py::arg("a_path"), py::arg("b_path"), py::arg("y_path"), py::arg("type") = none, py::kw_only(),
        py::arg("profile") = "sonnx", py::arg("rounding") = none, py::arg("sonnx_revision") = none,
        py::arg("opset") = none, py::arg("broadcast") = none, py::arg("axis") = none, py::arg("pythondiv") = none,
        py::arg("auto_broadcast") = none, py::arg("accept") = "exact", py::arg("undefined") = none,
        py::arg("worst") = 10, py::arg("shard") = "0/1", py::arg("threads") = none);
}

}  // namespace sonnx::python
