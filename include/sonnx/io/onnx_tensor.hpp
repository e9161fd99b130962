/// @file
/// ONNX TensorProto (.pb) files, read and written with Debian's libonnx
/// (onnx-ml.pb.h, ONNX 1.12) and protobuf: DIV-IO-D3, D4, DIV-INT-D3.
///
/// Data types: FLOAT, DOUBLE, FLOAT16, BFLOAT16, INT8..INT64, UINT8..UINT64,
/// and UINT4 (21) / INT4 (22), which ONNX 1.16 added and the 1.12 headers do
/// not name (finding F-50): they are handled by their numeric values. Data
/// from raw_data (little-endian; 4-bit types packed two per byte, low nibble
/// first) or from the type's typed field (float_data, int32_data, ...).
#ifndef SONNX_IO_ONNX_TENSOR_HPP
#define SONNX_IO_ONNX_TENSOR_HPP

#include <cstddef>
#include <cstdint>
#include <vector>

#include "sonnx/io/tensor_data.hpp"

namespace sonnx::io {

/// TensorProto.DataType numbers of ONNX 1.16 for the types the operator knows.
inline constexpr int kOnnxUint4 = 21;
/// TensorProto.DataType INT4.
inline constexpr int kOnnxInt4 = 22;

/// The TensorProto data_type of an element type, and back (false: not one of ours).
int onnx_data_type(ElementType type);
/// Sets `type` to the element type of a TensorProto data_type; false when it is not one the operator knows.
bool element_type_of_onnx(int data_type, ElementType& type);

/// protobuf's limit on a message: files and tensors above it are refused.
inline constexpr std::uint64_t kMaxTensorProtoBytes = 2147483647U;  ///< 2 GiB - 1

/// A ResourceError when a serialized TensorProto of `bytes` bytes is above that limit.
void check_tensor_proto_size(std::uint64_t bytes);

/// Parses a serialized TensorProto; throws FileError with the reason.
TensorData parse_tensor_proto(const std::uint8_t* data, std::size_t size);
/// The same, freeing the file's buffer as soon as protobuf has parsed it.
TensorData parse_tensor_proto(std::vector<std::uint8_t>&& file);

/// A serialized TensorProto of the tensor, data in raw_data.
std::vector<std::uint8_t> encode_tensor_proto(const TensorData& tensor);

/// The same message in two pieces, so that the data are not copied: `head`
/// (every field but the data, then raw_data's tag and length) followed by
/// the data, which are tensor.bytes or, for INT4/UINT4, `packed`. A tensor
/// whose message would exceed kMaxTensorProtoBytes is refused (ResourceError)
/// from its shape, before anything is built (DIV-IO-D5).
struct TensorProtoPieces {
    /// Every field but the data, then raw_data's tag and length.
    std::vector<std::uint8_t> head;
    std::vector<std::uint8_t> packed;  ///< INT4/UINT4 only
    bool data_packed{false};           ///< the data are `packed`, not the tensor's bytes

    /// The data that follow `head`: `packed`, or the bytes of the tensor that was encoded.
    [[nodiscard]] const std::vector<std::uint8_t>& data(const TensorData& tensor) const {
        return data_packed ? packed : tensor.bytes;
    }
};
/// The pieces of the tensor's TensorProto (see TensorProtoPieces).
TensorProtoPieces encode_tensor_proto_pieces(const TensorData& tensor);

}  // namespace sonnx::io

#endif  // SONNX_IO_ONNX_TENSOR_HPP
