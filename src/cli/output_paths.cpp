#include "output_paths.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include "exit_status.hpp"
#include "sonnx/io/tensor_file.hpp"

namespace sonnx::cli {

// [impl->req~div-cli-d12~3]
void check_output_path(const std::string& path, const char* option, const std::vector<NamedInput>& inputs) {
    const std::string what = std::string(option) + " " + path + ": ";
    if (path == "-") {
        throw CommandFailure(exit_usage, what + "standard output is not supported; give a file name");
    }
    const io::OutputTarget target = io::inspect_output_target(path);
    if (!target.refusal.empty()) {
        throw CommandFailure(exit_usage, what + target.refusal);
    }
    for (const NamedInput& input : inputs) {
        struct stat source{};
        if (target.exists && (::stat(input.path.c_str(), &source) == 0) && (source.st_dev == target.info.st_dev) &&
            (source.st_ino == target.info.st_ino)) {
            throw CommandFailure(exit_usage, what + "is input " + input.name + "; it would be overwritten");
        }
    }
    if (::access(io::directory_of(path).c_str(), W_OK | X_OK) != 0) {
        throw CommandFailure(exit_usage, what + "its directory does not exist or cannot be written");
    }
}

// [impl->req~div-cli-d12~3]
CLI::Validator output_path_option() {
    return CLI::Validator(
        [](const std::string& path) {
            if (path.empty()) {
                return std::string("an empty path names no file; give a file name");
            }
            if (path == "-") {
                return std::string("standard output is not supported; give a file name");
            }
            // `--json= -j2` gives CLI11 no value, so it takes the next argument: an option
            // read as a file name would be written over. A file named so is ./-name.
            if (path.front() == '-') {
                return "'" + path + "' reads as an option, not a file; write ./" + path + " for a file named so";
            }
            return std::string();
        },
        "");
}

}  // namespace sonnx::cli
