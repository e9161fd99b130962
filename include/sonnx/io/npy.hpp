/// @file
/// NumPy .npy files (format versions 1.0, 2.0 and 3.0), DIV-IO-D1, D2, D4.
///
/// Read: little-endian (or one-byte) '<f2' '<f4' '<f8' 'i1'..'<i8' 'u1'..'<u8',
/// C order, at most 16 dimensions, exactly the bytes the shape needs.
/// NumPy has no bfloat16 and no 4-bit types: BF16 is stored as '<u2' bit
/// patterns, INT4 as 'i1' and UINT4 as 'u1', one element per byte; a reader
/// returns UINT16, INT8 or UINT8 and the caller reinterprets on request
/// (tensor_file.hpp), never by guessing.
#ifndef SONNX_IO_NPY_HPP
#define SONNX_IO_NPY_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sonnx/io/tensor_data.hpp"

namespace sonnx::io {

/// The longest header the reader accepts (NumPy itself refuses more than
/// 10000 bytes by default), and so the most bytes the reader needs from the
/// start of a file before it knows the data's type, shape and position.
inline constexpr std::size_t kNpyMaxHeaderBytes = 65536U;
/// The magic, version and header-length fields plus the longest header.
inline constexpr std::size_t kNpyMaxPrefixBytes = 12U + kNpyMaxHeaderBytes;

/// What a .npy file's preamble and header say: the data are data_bytes bytes
/// from data_start to the end of the file.
struct NpyLayout {
    /// The element type the header's descr names.
    ElementType type{};
    /// The shape; empty for a scalar.
    std::vector<std::uint64_t> dims;
    /// Offset of the first data byte.
    std::uint64_t data_start{0U};
    /// Bytes of data.
    std::uint64_t data_bytes{0U};
};

/// Parses the preamble and header from `prefix`, the first prefix_size bytes
/// of a file of file_size bytes (all of them, or at least kNpyMaxPrefixBytes),
/// and checks that the file holds exactly the data the shape needs, without
/// reading them (DIV-IO-D5); throws FileError with the reason.
NpyLayout parse_npy_layout(const std::uint8_t* prefix, std::size_t prefix_size, std::uint64_t file_size);

/// Parses a whole .npy file held in memory; throws FileError with the reason.
/// Never reads outside [data, data + size).
TensorData parse_npy(const std::uint8_t* data, std::size_t size);
/// The same, taking over the file's buffer for the data.
TensorData parse_npy(std::vector<std::uint8_t>&& file);

/// The element type of a .npy 'descr' ("<f4", "|i1", "<u2", ...), as the
/// reader takes it: little-endian, or any byte order for one byte; FileError
/// naming the dtype otherwise. NumPy's dtype.str is such a string.
ElementType type_of_descr(const std::string& descr);
/// The 'descr' the writer gives a type: BF16 as '<u2', INT4 '|i1', UINT4 '|u1' (DIV-IO-D2).
const char* descr_of(ElementType type);

/// The .npy file of a tensor: version 1.0 (2.0 when the header needs it).
std::vector<std::uint8_t> encode_npy(const TensorData& tensor);
/// Its preamble and header alone: the file is these bytes, then tensor.bytes.
std::vector<std::uint8_t> encode_npy_header(const TensorData& tensor);

}  // namespace sonnx::io

#endif  // SONNX_IO_NPY_HPP
