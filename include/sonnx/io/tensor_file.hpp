/// @file
/// Tensor files by extension: .npy (NumPy) or .pb (ONNX TensorProto).
/// Reads check the whole file; writes are atomic (DIV-CLI-D3).
#ifndef SONNX_IO_TENSOR_FILE_HPP
#define SONNX_IO_TENSOR_FILE_HPP

#include <sys/stat.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

#include "sonnx/io/tensor_data.hpp"

namespace sonnx::io {

/// The two file formats: NumPy .npy and ONNX TensorProto .pb.
enum class FileFormat : std::uint8_t { npy, onnx_tensor };

/// From the extension (".npy", ".pb", case-sensitive); FileError otherwise.
FileFormat format_of(const std::string& path);

/// Reads and checks a tensor file; FileError prefixed with the path. A .npy
/// file's header is checked against the file's size before any data are
/// read; a .pb file above 2 GiB - 1 is refused before it is read (DIV-IO-D5).
TensorData read_tensor_file(const std::string& path);

/// Shown the bytes of a file as they are read.
using ByteObserver = std::function<void(const std::uint8_t* bytes, std::size_t count)>;

/// As read_tensor_file(path), and `observe` is shown the whole file, every
/// byte once and in order, as it is read: a digest made of them is the digest
/// of the very bytes the tensor was parsed from, with no second read of the
/// file (DIV-CLI-D17). A file that is then refused may have been shown in
/// part or whole.
TensorData read_tensor_file(const std::string& path, const ByteObserver& observe);

/// As read_tensor_file, then gives the tensor the element type `wanted`: the
/// same type, or for .npy the documented storage of BF16 ('<u2' or '<i2' bit
/// patterns), INT4 ('i1') and UINT4 ('u1'), or FP16 from '<u2'/'<i2' bit
/// patterns (DIV-IO-D2). Anything else is a FileError naming both types.
TensorData read_tensor_file(const std::string& path, ElementType wanted);
/// The second step of the above, for a tensor already read from `path`.
TensorData as_element_type(TensorData tensor, const std::string& path, ElementType wanted);
/// Whether a .npy file's `stored` type is the documented storage of
/// `wanted`, a type NumPy lacks or holds as bit patterns: BF16 and FP16 in
/// UINT16 or INT16, INT4 in INT8, UINT4 in UINT8 (DIV-IO-D2).
bool npy_storage_of(ElementType wanted, ElementType stored);

/// Writes the tensor in the format of the path's extension, atomically.
void write_tensor_file(const std::string& path, const TensorData& tensor);

/// The bytes of a regular file, refused (FileError) when it is not one, or
/// (ResourceError) when it is larger than max_bytes or memory runs out; never
/// waits on a pipe or device.
std::vector<std::uint8_t> read_whole_file(const std::string& path, std::uint64_t max_bytes = UINT64_MAX);

/// What an atomic write finds at `path`: whether something exists there
/// (then its lstat information) and why it may not be replaced, "" when it
/// may: a symbolic link, anything but a regular file, or a file the user may
/// not write is left as it is (DIV-CLI-D3). The command line asks before any
/// work (DIV-CLI-D12); every write asks again.
struct OutputTarget {
    /// Whether an entry exists at the path.
    bool exists{false};
    struct stat info{};
    /// Why it may not be replaced; empty when it may.
    std::string refusal;
};
/// See OutputTarget.
OutputTarget inspect_output_target(const std::string& path);

/// The directory part of a path with its trailing slash ("out/" for
/// "out/y.npy"), or "." for a bare file name.
std::string directory_of(const std::string& path);

/// Writes `bytes` to a temporary file in the target's directory and renames
/// it over `path`: on any failure `path` is unchanged and no temporary file
/// is left behind (DIV-CLI-D3).
void write_file_atomically(const std::string& path, const std::vector<std::uint8_t>& bytes);

/// The same for a file made of consecutive pieces (a header, then data that
/// need not be copied).
struct ByteRange {
    /// The first byte of the piece.
    const std::uint8_t* data;
    /// The piece's length in bytes.
    std::size_t size;
};
/// See ByteRange: the pieces are written one after another, atomically.
void write_file_atomically(const std::string& path, std::initializer_list<ByteRange> pieces);

}  // namespace sonnx::io

#endif  // SONNX_IO_TENSOR_FILE_HPP
