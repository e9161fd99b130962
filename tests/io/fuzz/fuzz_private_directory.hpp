// What the fuzz targets that work on files share: the property check, the
// raw file writer, and the private temporary directory,
// created once (mkdtemp) and removed at exit. It lives under
// $SONNX_FUZZ_TMPDIR when set (ctest's run_fuzzer.cmake sets it to a
// directory of its own on /dev/shm and removes that after the run, crash or
// not), otherwise /dev/shm when it is a writable
// directory (tmpfs: the atomic writer's fsync and the renames cost nothing
// there; on ext4 they make the file targets twenty times slower), otherwise
// $TMPDIR or /tmp. The directory only changes speed, never a verdict.
#ifndef SONNX_FUZZ_PRIVATE_DIRECTORY_HPP
#define SONNX_FUZZ_PRIVATE_DIRECTORY_HPP

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>
#include <vector>

namespace sonnx_fuzz {

inline std::string& private_directory_name() {
    static std::string name;
    return name;
}

inline void remove_private_directory() {
    std::error_code ignored;
    std::filesystem::remove_all(private_directory_name(), ignored);
}

// Creates the directory (aborts when it cannot) and returns its path.
inline const std::string& make_private_directory(const char* prefix) {
    const char* chosen = std::getenv("SONNX_FUZZ_TMPDIR");
    if ((chosen == nullptr) || (*chosen == '\0')) {
        if (::access("/dev/shm", W_OK | X_OK) == 0) {
            chosen = "/dev/shm";
        } else {
            chosen = std::getenv("TMPDIR");
            chosen = ((chosen == nullptr) || (*chosen == '\0')) ? "/tmp" : chosen;
        }
    }
    const std::string pattern = std::string(chosen) + "/" + prefix + "-XXXXXX";
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    if (::mkdtemp(buffer.data()) == nullptr) {
        std::abort();
    }
    private_directory_name() = buffer.data();
    std::atexit(remove_private_directory);
    return private_directory_name();
}

// A broken property: the fuzzer reports the input that broke it.
[[noreturn]] inline void fail() { __builtin_trap(); }

inline void check(bool condition) {
    if (!condition) {
        fail();
    }
}

// Writes the bytes to a file of the private directory; a failure is the harness's own.
inline void write_raw(const std::string& path, const std::uint8_t* data, std::size_t size) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    out.close();
    check(static_cast<bool>(out));
}

}  // namespace sonnx_fuzz

#endif  // SONNX_FUZZ_PRIVATE_DIRECTORY_HPP
