// NumPy .npy files (format versions 1.0, 2.0 and 3.0), DIV-IO-D1, D2, D4.
//
// Read: little-endian (or one-byte) '<f2' '<f4' '<f8' 'i1'..'<i8' 'u1'..'<u8',
// C order, at most 16 dimensions, exactly the bytes the shape needs.
// NumPy has no bfloat16 and no 4-bit types: BF16 is stored as '<u2' bit
// patterns, INT4 as 'i1' and UINT4 as 'u1', one element per byte; a reader
// returns UINT16, INT8 or UINT8 and the caller reinterprets on request
// (tensor_file.hpp), never by guessing.
#ifndef SONNX_IO_NPY_HPP
#define SONNX_IO_NPY_HPP

#include <cstddef>
#include <cstdint>
#include <vector>

#include "sonnx/io/tensor_data.hpp"

namespace sonnx::io {

// Parses a whole .npy file held in memory; throws FileError with the reason.
// Never reads outside [data, data + size).
TensorData parse_npy(const std::uint8_t* data, std::size_t size);
// The same, taking over the file's buffer for the data.
TensorData parse_npy(std::vector<std::uint8_t>&& file);

// The .npy file of a tensor: version 1.0 (2.0 when the header needs it).
std::vector<std::uint8_t> encode_npy(const TensorData& tensor);

}  // namespace sonnx::io

#endif  // SONNX_IO_NPY_HPP
