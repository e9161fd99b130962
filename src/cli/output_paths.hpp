// Files a command will write, checked before any work is done (DIV-CLI-D12):
// a report found unwritable only after a long check is work thrown away, and
// a report written over an input destroys that input.
#ifndef SONNX_CLI_OUTPUT_PATHS_HPP
#define SONNX_CLI_OUTPUT_PATHS_HPP

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace sonnx::cli {

struct NamedInput {
    const char* name;  // "A", "B", "Y"
    std::string path;
};

// Throws CommandFailure (exit status 2) when `path`, given to `option`, is
// "-", names something the atomic writer would refuse to replace (a
// symbolic link, not a regular file, not writable: io::inspect_output_target),
// is one of the inputs (the same file, by device and inode), or lies in a
// directory that does not exist or cannot be written.
void check_output_path(const std::string& path, const char* option, const std::vector<NamedInput>& inputs);

// The check of every option that names a file to write (`div --out`, the
// `--json` of check, campaign and merge): an empty path is a usage error
// naming the option, as CLI11 reports a validator's refusal ("--json: an
// empty path names no file; give a file name"). The commands take "" for
// "not given", so without it `--json ""` ran and wrote nothing. It adds
// nothing to the option's help.
CLI::Validator output_path_option();

}  // namespace sonnx::cli

#endif  // SONNX_CLI_OUTPUT_PATHS_HPP
