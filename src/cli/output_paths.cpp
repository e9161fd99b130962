#include "output_paths.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include "exit_status.hpp"

namespace sonnx::cli {

// [impl->req~div-cli-d12~2]
void check_output_path(const std::string& path, const char* option, const std::vector<NamedInput>& inputs) {
    const std::string what = std::string(option) + " " + path + ": ";
    if (path == "-") {
        throw CommandFailure(exit_usage, what + "standard output is not supported; give a file name");
    }
    struct stat target {};
    if (::lstat(path.c_str(), &target) == 0) {
        if (S_ISLNK(target.st_mode)) {
            throw CommandFailure(exit_usage, what + "is a symbolic link; name the file itself");
        }
        if (!S_ISREG(target.st_mode)) {
            throw CommandFailure(exit_usage, what + "exists and is not a regular file");
        }
        if (::access(path.c_str(), W_OK) != 0) {
            throw CommandFailure(exit_usage, what + "exists and is not writable");
        }
        for (const NamedInput& input : inputs) {
            struct stat source {};
            if ((::stat(input.path.c_str(), &source) == 0) && (source.st_dev == target.st_dev) &&
                (source.st_ino == target.st_ino)) {
                throw CommandFailure(exit_usage, what + "is input " + input.name + "; it would be overwritten");
            }
        }
    }
    const std::size_t slash = path.rfind('/');
    const std::string directory = (slash == std::string::npos) ? "." : path.substr(0U, slash + 1U);
    if (::access(directory.c_str(), W_OK | X_OK) != 0) {
        throw CommandFailure(exit_usage, what + "its directory does not exist or cannot be written");
    }
}

}  // namespace sonnx::cli
