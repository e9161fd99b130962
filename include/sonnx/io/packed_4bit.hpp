/// @file
/// INT4/UINT4 packing in files (DIV-INT-D3): two elements per byte, the
/// element of even index in the low nibble; an odd count leaves the last
/// high nibble as padding, zero on write and required zero on read.
#ifndef SONNX_IO_PACKED_4BIT_HPP
#define SONNX_IO_PACKED_4BIT_HPP

#include <cstddef>
#include <cstdint>
#include <vector>

#include "sonnx/element_type.hpp"

namespace sonnx::io {

/// Bytes that hold `count` packed elements: ceil(count / 2).
std::uint64_t packed_4bit_size(std::uint64_t count);

/// API storage (INT4: int8 values in [-8, 7]; UINT4: uint8 in [0, 15]) to
/// packed bytes; throws FileError for a value outside the type's range.
std::vector<std::uint8_t> pack_4bit(ElementType type, const std::uint8_t* unpacked, std::uint64_t count);

/// Packed bytes to API storage, INT4 nibbles sign-extended; throws FileError
/// when `size` is not packed_4bit_size(count) or the padding nibble is not zero.
std::vector<std::uint8_t> unpack_4bit(ElementType type, const std::uint8_t* packed, std::size_t size,
                                      std::uint64_t count);

}  // namespace sonnx::io

#endif  // SONNX_IO_PACKED_4BIT_HPP
