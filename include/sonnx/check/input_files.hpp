/// @file
/// The tensor files of a check, read by the project's readers (src/io: .npy
/// and ONNX TensorProto .pb, DIV-IO-D1..D5) and recorded as they were read:
/// path, SHA-256 of the bytes parsed, stored type, the type read as, shape
/// (DIV-CLI-D17). The command line and the Python module's check_files read
/// through here, so a file is judged as it is on disk.
#ifndef SONNX_CHECK_INPUT_FILES_HPP
#define SONNX_CHECK_INPUT_FILES_HPP

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sonnx/check/provenance.hpp"
#include "sonnx/element_type.hpp"
#include "sonnx/io/tensor_data.hpp"

namespace sonnx::check {

/// Several files read at once, a thread each (reading and hashing them is
/// most of a check's serial time), each read as `read_as` when given (a .npy
/// file's storage of a type NumPy lacks, DIV-IO-D2) and recorded under its
/// role in `provenance.inputs`, in the order given. Throws io::FileError: the
/// first in that order, the one reading them one by one would throw.
std::vector<io::TensorData> read_inputs(const std::vector<std::pair<std::string, std::string>>& roles_and_paths,
                                        std::optional<ElementType> read_as, Provenance& provenance);

}  // namespace sonnx::check

#endif  // SONNX_CHECK_INPUT_FILES_HPP
