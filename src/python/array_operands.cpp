#include "array_operands.hpp"

#include <cstddef>
#include <limits>
#include <stdexcept>

#include "sonnx/io/npy.hpp"
#include "sonnx/io/tensor_data.hpp"
#include "sonnx/io/tensor_file.hpp"
#include "sonnx/text/type_names.hpp"

namespace sonnx::python {

namespace {

std::string joined(const std::vector<std::string>& words) {
    std::string text;
    for (const std::string& word : words) {
        text += (text.empty() ? "" : ", ") + word;
    }
    return text;
}

// Where an array holds a type: NumPy's own type, or the storage of a type it lacks (DIV-IO-D2).
std::string storage_text(ElementType type) {
    switch (type) {
        case ElementType::bf16:
            return "uint16 or int16 arrays of bit patterns";
        case ElementType::fp16:
            return "float16 arrays, or uint16 or int16 arrays of bit patterns";
        case ElementType::int4:
            return "int8 arrays, one value in [-8, 7] per element";
        case ElementType::uint4:
            return "uint8 arrays, one value in [0, 15] per element";
        default:
            return py::str(py::dtype(std::string(io::descr_of(type)))).cast<std::string>() + " arrays";
    }
}

Shape shape_of(const std::vector<std::uint64_t>& dims) {
    Shape shape{};
    if (!make_shape(dims.data(), static_cast<std::uint32_t>(dims.size()), shape)) {
        throw py::value_error(std::to_string(dims.size()) + " axes: the operator takes at most " +
                              std::to_string(kMaxRank) + " (DIV-API-D5)");
    }
    return shape;
}

}  // namespace

// [impl->req~div-py-d1~2]
std::optional<ElementType> type_argument(const py::object& name) {
    if (name.is_none()) {
        return std::nullopt;
    }
    if (!py::isinstance<py::str>(name)) {
        throw py::type_error("type must be a str such as 'bf16', or None, not " + py::repr(name).cast<std::string>());
    }
    const std::string text = name.cast<std::string>();
    ElementType type{};
    if (!text::parse_type_name(text, type)) {
        throw py::value_error("type '" + text + "' is none of " + joined(text::type_names()));
    }
    return type;
}

// [impl->req~div-py-d1~2]
ArrayOperand array_operand(const py::handle& value, const std::string& role, std::optional<ElementType> wanted,
                           bool snapshot) {
    const py::module_ numpy = py::module_::import("numpy");
    // A masked array's masked elements have no value to divide or judge;
    // numpy.asarray would drop the mask and use whatever lies beneath it.
    if (py::isinstance(value, numpy.attr("ma").attr("MaskedArray"))) {
        throw py::type_error(role +
                             ": a masked array (numpy.ma) has elements without a value; pass "
                             "array.filled(value) or array.data to say what they are");
    }
    py::object array = numpy.attr("asarray")(value);
    py::object dtype = array.attr("dtype");
    ArrayOperand out;
    out.role = role;
    out.dtype = dtype.attr("str").cast<std::string>();  // as given, '>f4' included
    if (dtype.attr("byteorder").cast<std::string>() == ">") {
        dtype = dtype.attr("newbyteorder")("<");
        array = array.attr("astype")(dtype);  // the same values in the machine's order, a new array
    } else if (snapshot) {
        // A copy of its own, so that what is hashed is what is judged even
        // when another thread rewrites the caller's array meanwhile.
        array = numpy.attr("array")(array, py::arg("copy") = true);
    } else {
        // the caller's elements, read in place
    }
    const std::string dtype_name = py::str(dtype).cast<std::string>();
    try {
        out.stored = io::type_of_descr(dtype.attr("str").cast<std::string>());
    } catch (const io::FileError&) {
        throw py::type_error(role + ": dtype " + dtype_name +
                             " holds no element type of the operator: float16, float32, float64, int8 ... int64, "
                             "uint8 ... uint64, and bfloat16 and the 4-bit types in their integer storage with "
                             "type='bf16', 'int4' or 'uint4'");
    }
    ElementType type = out.stored;
    if (wanted.has_value() && (*wanted != out.stored)) {
        if (!io::npy_storage_of(*wanted, out.stored)) {
            throw py::type_error(role + ": dtype " + dtype_name + " holds " + element_type_name(out.stored) +
                                 " elements, which cannot be read as " + element_type_name(*wanted) + " (" +
                                 element_type_name(*wanted) + " comes in " + storage_text(*wanted) + ")");
        }
        type = *wanted;
    }
    const auto axes = array.attr("ndim").cast<std::size_t>();
    if (axes > kMaxRank) {
        throw py::value_error(role + ": " + std::to_string(axes) + " axes; the operator takes at most " +
                              std::to_string(kMaxRank) + " (DIV-API-D5)");
    }
    py::list requirements;
    requirements.append("C");  // C-contiguous
    requirements.append("A");  // aligned
    out.array = numpy.attr("require")(array, py::none(), requirements).cast<py::array>();
    if (static_cast<std::size_t>(out.array.itemsize()) != element_size(type)) {
        throw std::logic_error(role + ": an element of " + dtype_name + " is not the size of " +
                               element_type_name(type));
    }
    out.operand.type = type;
    for (py::ssize_t axis = 0; axis < out.array.ndim(); ++axis) {
        out.operand.dims.push_back(static_cast<std::uint64_t>(out.array.shape(axis)));
    }
    out.operand.view = ConstTensorView{type, shape_of(out.operand.dims), out.array.data(),
                                       static_cast<std::size_t>(out.array.nbytes())};
    return out;
}

py::array new_array(ElementType type, const std::vector<std::uint64_t>& dims) {
    std::vector<py::ssize_t> shape;
    for (const std::uint64_t extent : dims) {
        if (extent > static_cast<std::uint64_t>(std::numeric_limits<py::ssize_t>::max())) {
            throw py::value_error("an extent of " + std::to_string(extent) + " does not fit a NumPy shape");
        }
        shape.push_back(static_cast<py::ssize_t>(extent));
    }
    return py::array(py::dtype(std::string(io::descr_of(type))), shape);
}

TensorView mutable_view(py::array& array, ElementType type, const std::vector<std::uint64_t>& dims) {
    return TensorView{type, shape_of(dims), array.mutable_data(), static_cast<std::size_t>(array.nbytes())};
}

}  // namespace sonnx::python
