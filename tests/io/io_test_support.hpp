// Helpers for the file-format and command-line tests: scratch directories,
// raw file access and running commands. None of it uses the code under test.
#ifndef SONNX_TESTS_IO_IO_TEST_SUPPORT_HPP
#define SONNX_TESTS_IO_IO_TEST_SUPPORT_HPP

#include <dirent.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace sonnx::test {

// A fresh directory under the build tree (SONNX_TEST_SCRATCH).
inline std::string make_scratch_dir(const std::string& label) {
    std::string pattern = std::string(SONNX_TEST_SCRATCH) + "/" + label + "-XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr) {
        std::abort();
    }
    return pattern;
}

inline std::vector<std::uint8_t> file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::vector<std::uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline std::string file_text(const std::string& path) {
    const std::vector<std::uint8_t> bytes = file_bytes(path);
    return std::string(bytes.begin(), bytes.end());
}

inline void write_bytes(const std::string& path, const std::vector<std::uint8_t>& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

inline void write_text(const std::string& path, const std::string& text) {
    write_bytes(path, std::vector<std::uint8_t>(text.begin(), text.end()));
}

inline bool file_exists(const std::string& path) { return ::access(path.c_str(), F_OK) == 0; }

// Names in a directory, without "." and "..".
inline std::set<std::string> directory_entries(const std::string& directory) {
    std::set<std::string> names;
    DIR* dir = ::opendir(directory.c_str());
    if (dir == nullptr) {
        return names;
    }
    for (dirent* entry = ::readdir(dir); entry != nullptr; entry = ::readdir(dir)) {
        const std::string name = entry->d_name;
        if ((name != ".") && (name != "..")) {
            names.insert(name);
        }
    }
    ::closedir(dir);
    return names;
}

inline std::string quoted(const std::string& word) {
    std::string text = "'";
    for (const char c : word) {
        text += (c == '\'') ? std::string("'\\''") : std::string(1U, c);
    }
    return text + "'";
}

struct CommandResult {
    int status{-1};
    std::string out;
    std::string err;
};

// Runs argv through /bin/sh with stdout and stderr captured in files.
inline CommandResult run_command(const std::vector<std::string>& argv, const std::string& scratch) {
    std::string line;
    for (const std::string& word : argv) {
        line += quoted(word) + " ";
    }
    const std::string out = scratch + "/.stdout";
    const std::string err = scratch + "/.stderr";
    line += "> " + quoted(out) + " 2> " + quoted(err) + " < /dev/null";
    const int raw = std::system(line.c_str());
    CommandResult result;
    result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    result.out = file_text(out);
    result.err = file_text(err);
    std::remove(out.c_str());
    std::remove(err.c_str());
    return result;
}

// A .npy file written by hand (version 1.0, NumPy's header layout): the test
// side of the format, independent of src/io.
inline std::vector<std::uint8_t> npy_bytes(const std::string& descr, const std::string& shape,
                                           const std::vector<std::uint8_t>& data) {
    std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
    while ((10U + header.size() + 1U) % 64U != 0U) {
        header += ' ';
    }
    header += '\n';
    // Byte by byte: GCC 12 warns wrongly (-Warray-bounds) on inserting into a braced vector.
    const std::string preamble = std::string("\x93NUMPY\x01\x00", 8U) + static_cast<char>(header.size() & 0xFFU) +
                                 static_cast<char>(header.size() >> 8U);
    std::vector<std::uint8_t> bytes;
    for (const char c : preamble + header) {
        bytes.push_back(static_cast<std::uint8_t>(c));
    }
    for (const std::uint8_t b : data) {
        bytes.push_back(b);
    }
    return bytes;
}

// Little-endian bytes of a list of values of `size` bytes each.
inline std::vector<std::uint8_t> le_bytes(const std::vector<std::uint64_t>& values, std::size_t size) {
    std::vector<std::uint8_t> bytes;
    for (const std::uint64_t v : values) {
        for (std::size_t k = 0; k < size; ++k) {
            bytes.push_back(static_cast<std::uint8_t>((v >> (8U * k)) & 0xFFU));
        }
    }
    return bytes;
}

// The data of a .npy version 1.0 file (after its header), for checking outputs.
inline std::vector<std::uint8_t> npy_v1_data(const std::vector<std::uint8_t>& file) {
    if (file.size() < 10U) {
        return {};
    }
    const std::size_t start = 10U + file[8] + 256U * file[9];
    return std::vector<std::uint8_t>(file.begin() + static_cast<std::ptrdiff_t>(std::min(start, file.size())),
                                     file.end());
}

}  // namespace sonnx::test

#endif  // SONNX_TESTS_IO_IO_TEST_SUPPORT_HPP
