// Reading the tensors a command works on, with the --type option that says
// how a .npy file holds a type NumPy lacks (DIV-IO-D2).
#ifndef SONNX_CLI_OPERAND_FILES_HPP
#define SONNX_CLI_OPERAND_FILES_HPP

#include <CLI/CLI.hpp>

#include <string>
#include <utility>
#include <vector>

#include "provenance.hpp"
#include "sonnx/io/tensor_data.hpp"

namespace sonnx::cli {

struct OperandFiles {
    std::string type;  // empty: each file's own type

    void add_to(CLI::App& command);
    // The tensor of a .npy or .pb file; throws io::FileError (exit status 2).
    io::TensorData read(const std::string& path) const;
    // Several files read at once, a thread each (reading and hashing them is
    // most of a check's serial time), each recorded with its hash and how it
    // was read under its role, in the order given. The error
    // thrown is the first in that order, the one reading them one by one
    // would throw.
    std::vector<io::TensorData> read_together(const std::vector<std::pair<std::string, std::string>>& roles_and_paths,
                                              Provenance& provenance) const;

private:
    io::TensorData read_recorded(const std::string& path, const std::string& role, InputRecord& record) const;
};

}  // namespace sonnx::cli

#endif  // SONNX_CLI_OPERAND_FILES_HPP
