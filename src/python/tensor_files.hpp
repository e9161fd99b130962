// sonnx_div's tensor-file functions: .npy and .pb files read and written by
// the project's own code (src/io, what `sonnx-div` reads and writes), and
// `check` on three files judged as `sonnx-div check A B Y --json` judges
// them, through the judge's own reading, judgement and report
// (check::read_inputs, check::check_tensors, check::report_json).
#ifndef SONNX_PYTHON_TENSOR_FILES_HPP
#define SONNX_PYTHON_TENSOR_FILES_HPP

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "operator_arguments.hpp"

namespace sonnx::python {

namespace py = pybind11;

// (array, element type name) of a .npy or .pb file, read by
// io::read_tensor_file (as `type` when given, as --type reads it); the
// array has the dtype `sonnx-div div` writes to .npy for the type (BF16:
// uint16 bit patterns, INT4: int8, UINT4: uint8). ValueError with the
// reader's message for a file it refuses.
py::tuple read_tensor(const py::object& path, const py::object& type);

// The array as a tensor file of its own element type and shape (`type`
// names a type NumPy lacks, as in div and check), by io::write_tensor_file:
// the format from the extension, atomically. TypeError for a dtype that
// holds no element type of the operator; ValueError with the writer's
// message when it refuses the path or the tensor.
void write_tensor(const py::object& path, const py::object& array, const py::object& type);

// `sonnx-div check A B Y --json`'s report, as a dict, of the three files.
py::dict check_files(const py::object& a_path, const py::object& b_path, const py::object& y_path,
                     const py::object& type, const Arguments& operator_arguments, const Arguments& check_arguments);

// Adds read_tensor, write_tensor and check_files to the module.
void register_tensor_files(py::module_& module);

}  // namespace sonnx::python

#endif  // SONNX_PYTHON_TENSOR_FILES_HPP
