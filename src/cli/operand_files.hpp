// Reading the tensors a command works on, with the --type option that says
// how a .npy file holds a type NumPy lacks (DIV-IO-D2).
#ifndef SONNX_CLI_OPERAND_FILES_HPP
#define SONNX_CLI_OPERAND_FILES_HPP

#include <CLI/CLI.hpp>

#include <string>

#include "provenance.hpp"
#include "sonnx/io/tensor_data.hpp"

namespace sonnx::cli {

struct OperandFiles {
    std::string type;  // empty: each file's own type

    void add_to(CLI::App& command);
    // The tensor of a .npy or .pb file; throws io::FileError (exit status 2).
    io::TensorData read(const std::string& path) const;
    // The same, recording the file, its hash and how it was read under `role`.
    io::TensorData read(const std::string& path, const std::string& role, Provenance& provenance) const;
};

}  // namespace sonnx::cli

#endif  // SONNX_CLI_OPERAND_FILES_HPP
