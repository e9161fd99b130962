// Tensor files by extension, whole-file reads and atomic writes.
#include "sonnx/io/tensor_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "sonnx/io/npy.hpp"
#include "sonnx/io/onnx_tensor.hpp"
#include "sonnx/io/temporary_files.hpp"

namespace sonnx::io {

namespace {

bool ends_with(const std::string& text, const std::string& suffix) {
    return (text.size() >= suffix.size()) && (text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0);
}

std::string system_error(const std::string& what, const std::string& path) {
    return path + ": " + what + ": " + std::strerror(errno);
}

// The storage a .npy file uses for a type NumPy lacks (DIV-IO-D2).
bool npy_storage_of(ElementType wanted, ElementType stored) {
    switch (wanted) {
        case ElementType::bf16:
        case ElementType::fp16: return (stored == ElementType::uint16) || (stored == ElementType::int16);
        case ElementType::int4: return stored == ElementType::int8;
        case ElementType::uint4: return stored == ElementType::uint8;
        default: return false;
    }
}

}  // namespace

// [impl->req~div-cli-d4~1]
FileFormat format_of(const std::string& path) {
    if (ends_with(path, ".npy")) {
        return FileFormat::npy;
    }
    if (ends_with(path, ".pb")) {
        return FileFormat::onnx_tensor;
    }
    throw FileError(path + ": unknown file format (the name must end in .npy or .pb)");
}

// [impl->req~div-io-d4~1]
std::vector<std::uint8_t> read_whole_file(const std::string& path, std::uint64_t max_bytes) {
    // O_NONBLOCK: opening a named pipe (or a device) must not wait for a writer
    // before the check below refuses it; it changes nothing for a regular file.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        throw FileError(system_error("cannot open", path));
    }
    struct stat info {};
    if ((::fstat(fd, &info) != 0) || !S_ISREG(info.st_mode)) {
        ::close(fd);
        throw FileError(path + ": not a regular file");
    }
    if (static_cast<std::uint64_t>(info.st_size) > max_bytes) {
        ::close(fd);
        throw FileError(path + ": " + std::to_string(info.st_size) + " bytes, above the limit of " +
                        std::to_string(max_bytes) + " bytes for this input");
    }
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(info.st_size));
    std::size_t done = 0U;
    while (done < bytes.size()) {
        const ssize_t got = ::read(fd, bytes.data() + done, bytes.size() - done);
        if (got < 0 && errno == EINTR) {
            continue;
        }
        if (got <= 0) {
            const std::string message = (got == 0) ? path + ": file shrank while being read" : system_error("read", path);
            ::close(fd);
            throw FileError(message);
        }
        done += static_cast<std::size_t>(got);
    }
    ::close(fd);
    return bytes;
}

// [impl->req~div-io-d4~1]
TensorData read_tensor_file(const std::string& path) {
    const FileFormat format = format_of(path);
    std::vector<std::uint8_t> bytes = read_whole_file(path);
    try {
        return (format == FileFormat::npy) ? parse_npy(std::move(bytes))
                                           : parse_tensor_proto(bytes.data(), bytes.size());
    } catch (const FileError& error) {
        throw FileError(path + ": " + error.what());
    }
}

// [impl->req~div-io-d2~1]
TensorData read_tensor_file(const std::string& path, ElementType wanted) {
    TensorData tensor = read_tensor_file(path);
    if (tensor.type == wanted) {
        return tensor;
    }
    if ((format_of(path) == FileFormat::npy) && npy_storage_of(wanted, tensor.type)) {
        tensor.type = wanted;  // same bytes, one element per storage unit
        return tensor;
    }
    throw FileError(path + ": holds " + element_type_name(tensor.type) + " elements, which cannot be read as " +
                    element_type_name(wanted));
}

// [impl->req~div-cli-d4~1]
void write_tensor_file(const std::string& path, const TensorData& tensor) {
    const FileFormat format = format_of(path);
    std::vector<std::uint8_t> bytes;
    try {
        bytes = (format == FileFormat::npy) ? encode_npy(tensor) : encode_tensor_proto(tensor);
    } catch (const FileError& error) {
        throw FileError(path + ": " + error.what());
    }
    write_file_atomically(path, bytes);
}

// [impl->req~div-cli-d3~2]
void write_file_atomically(const std::string& path, const std::vector<std::uint8_t>& bytes) {
    const std::size_t slash = path.rfind('/');
    const std::string directory = (slash == std::string::npos) ? "." : path.substr(0U, slash + 1U);
    const std::string name = (slash == std::string::npos) ? path : path.substr(slash + 1U);
    if (name.empty()) {
        throw FileError(path + ": not a file name");
    }
    std::string temporary = directory + (slash == std::string::npos ? "/." : ".") + name + ".tmp-XXXXXX";
    const int fd = create_temporary(temporary);  // recorded: removed if a signal ends the process
    if (fd < 0) {
        throw FileError(system_error("cannot create a temporary file in " + directory, path));
    }
    std::string failure;
    std::size_t done = 0U;
    while (failure.empty() && (done < bytes.size())) {
        const ssize_t wrote = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (wrote < 0 && errno == EINTR) {
            continue;
        }
        if (wrote <= 0) {
            failure = system_error("write", temporary);
        } else {
            done += static_cast<std::size_t>(wrote);
        }
    }
    // The final file gets the permissions a plain create would give it.
    const mode_t mask = ::umask(0);
    (void)::umask(mask);
    if (failure.empty() && (::fchmod(fd, static_cast<mode_t>(0666U & ~mask)) != 0)) {
        failure = system_error("chmod", temporary);
    }
    if (failure.empty() && (::fsync(fd) != 0)) {
        failure = system_error("fsync", temporary);
    }
    if ((::close(fd) != 0) && failure.empty()) {
        failure = system_error("close", temporary);
    }
    if (failure.empty() && (finish_temporary(temporary, path, true) != 0)) {
        failure = system_error("cannot replace", path);  // finish_temporary removed the temporary file
    } else if (!failure.empty()) {
        (void)finish_temporary(temporary, path, false);
    }
    if (!failure.empty()) {
        throw FileError(failure);
    }
}

}  // namespace sonnx::io
