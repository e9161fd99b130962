/// @file
/// A tensor read from or written to a file: element type, shape and the
/// elements in the API's storage (sonnx/element_type.hpp: INT4/UINT4 one per
/// byte, FP16/BF16 as 16-bit patterns), little-endian.
#ifndef SONNX_IO_TENSOR_DATA_HPP
#define SONNX_IO_TENSOR_DATA_HPP

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "sonnx/element_type.hpp"
#include "sonnx/tensor.hpp"

namespace sonnx::io {

/// Every failure to read, parse or write a file (exit status 2 on the command line).
class FileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// A memory or format limit that an input or output does not fit (also exit
/// status 2): the message names what did not fit, its size and the limit.
class ResourceError : public FileError {
public:
    using FileError::FileError;
};

/// A tensor read from or written to a file: type, shape and elements in API storage.
struct TensorData {
    /// The element type (after any --type reinterpretation).
    ElementType type{ElementType::fp32};
    std::vector<std::uint64_t> dims;  ///< empty: a scalar
    std::vector<std::uint8_t> bytes;  ///< element_count() * element_size(type)

    [[nodiscard]] std::uint64_t element_count() const;  ///< product of dims (checked when the tensor was built)
    [[nodiscard]] Shape shape() const;                   ///< throws FileError above kMaxRank
    /// A read-only view of the elements.
    [[nodiscard]] ConstTensorView view() const;
    /// A writable view of the elements.
    [[nodiscard]] TensorView mutable_view();
};

/// The element count of `dims` and its size in API storage, or a FileError
/// naming `what` when the rank exceeds kMaxRank or a product overflows 64 bits
/// (even when another extent is zero, as DIV-API-D4 does).
struct TensorSize {
    /// The element count.
    std::uint64_t elements;
    /// The bytes in API storage.
    std::uint64_t bytes;
};
/// See TensorSize.
TensorSize checked_size(const std::vector<std::uint64_t>& dims, ElementType type, const std::string& what);

/// A zero-filled buffer of `size` bytes for `what` (a tensor's data), or a
/// ResourceError "what: out of memory: cannot allocate N bytes (X GiB)" when
/// the allocation fails or the size does not fit size_t (DIV-IO-D5).
std::vector<std::uint8_t> allocate_bytes(std::uint64_t size, const std::string& what);

/// "3.00 GiB" or "512 bytes": a size for a message.
std::string size_text(std::uint64_t bytes);

}  // namespace sonnx::io

#endif  // SONNX_IO_TENSOR_DATA_HPP
