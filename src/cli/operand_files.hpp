// Reading the tensors a command works on, with the --type option that says
// how a .npy file holds a type NumPy lacks (DIV-IO-D2).
#ifndef SONNX_CLI_OPERAND_FILES_HPP
#define SONNX_CLI_OPERAND_FILES_HPP

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sonnx/check/provenance.hpp"
#include "sonnx/io/tensor_data.hpp"

namespace sonnx::cli {

struct OperandFiles {
    std::string type;  // empty: each file's own type

    void add_to(CLI::App& command);
    // The tensor of a .npy or .pb file; throws io::FileError (exit status 2).
    io::TensorData read(const std::string& path) const;
    // The type --type names; nullopt when not given.
    std::optional<ElementType> read_as() const;
    // Several files read at once and recorded (check::read_inputs).
    std::vector<io::TensorData> read_together(const std::vector<std::pair<std::string, std::string>>& roles_and_paths,
                                              check::Provenance& provenance) const;
};

}  // namespace sonnx::cli

#endif  // SONNX_CLI_OPERAND_FILES_HPP
