// NumPy arrays as the operator's tensors: the element type a dtype holds,
// as the .npy reader takes it (io::type_of_descr), the types NumPy lacks in
// their documented storage (io::npy_storage_of: BF16 and FP16 bit patterns
// in uint16 or int16, INT4 in int8, UINT4 in uint8), and the elements
// C-contiguous and aligned, copied only when the array is not.
#ifndef SONNX_PYTHON_ARRAY_OPERANDS_HPP
#define SONNX_PYTHON_ARRAY_OPERANDS_HPP

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sonnx/check/record.hpp"
#include "sonnx/element_type.hpp"
#include "sonnx/tensor.hpp"

namespace sonnx::python {

namespace py = pybind11;

// An array argument ready for the operator. `array` owns the elements that
// `operand.view` points at: keep the ArrayOperand while the view is used.
struct ArrayOperand {
    py::array array;
    std::string role;                        // "A", "B", "Y"
    std::string dtype;                       // NumPy's dtype.str as given, "<u2" or ">f4"
    ElementType stored{ElementType::fp32};   // the type the dtype holds
    check::Tensor operand;                   // the type it is read as, its shape and elements
};

// The element type `name` names ("fp16", "BF16", "int4": the command
// line's --type names, any case); nullopt for None. ValueError for an
// unknown name, TypeError for anything but a str.
std::optional<ElementType> type_argument(const py::object& name);

// `value` (an ndarray, or anything numpy.asarray takes) as operand `role`:
// read as `wanted` when given, else as the type its dtype holds. TypeError
// when the dtype holds no type the operator has, or not `wanted`;
// ValueError above kMaxRank axes; TypeError for a masked array. Big-endian
// elements are brought to the machine's order, which keeps every value.
// `snapshot`: the elements are always copied (check: the hash and the
// judgement are of one state of the array); otherwise only when they must be.
ArrayOperand array_operand(const py::handle& value, const std::string& role, std::optional<ElementType> wanted,
                           bool snapshot = false);

// A new C-contiguous array for `count` elements of `type` in the shape
// `dims`, of the dtype the .npy writer gives the type (io::descr_of: BF16
// '<u2', INT4 'i1', UINT4 'u1'); ValueError when NumPy cannot hold the shape.
py::array new_array(ElementType type, const std::vector<std::uint64_t>& dims);

// The writable view of an array new_array made.
TensorView mutable_view(py::array& array, ElementType type, const std::vector<std::uint64_t>& dims);

}  // namespace sonnx::python

#endif  // SONNX_PYTHON_ARRAY_OPERANDS_HPP
