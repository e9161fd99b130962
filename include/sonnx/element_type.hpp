/// @file
/// Element types of the SONNX Div operator and their storage in memory.
#ifndef SONNX_ELEMENT_TYPE_HPP
#define SONNX_ELEMENT_TYPE_HPP

#include <cstddef>
#include <cstdint>

namespace sonnx {

/// Storage in the API (one element per storage unit):
///   fp16, bf16   : std::uint16_t holding the IEEE binary16 / bfloat16 bit pattern
///   fp32, fp64   : float, double (IEEE binary32 / binary64)
///   int4         : std::int8_t  holding a value in [-8, 7]   (unpacked, one per byte)
///   uint4        : std::uint8_t holding a value in [0, 15]   (unpacked, one per byte)
///   intN / uintN : std::intN_t / std::uintN_t
/// Files pack INT4/UINT4 two per byte (low nibble first), as ONNX does; the API does not.
// [impl->req~div-int-d4~1]
// [impl->req~div-float-d7~1]
enum class ElementType : std::uint8_t {
    fp16 = 0U,
    bf16,
    fp32,
    fp64,
    int4,
    int8,
    int16,
    int32,
    int64,
    uint4,
    uint8,
    uint16,
    uint32,
    uint64
};

/// The number of ElementType values.
inline constexpr std::uint8_t kElementTypeCount = 14U;

/// Whether a type is a float format, an integer type or no known type.
enum class TypeClass : std::uint8_t { floating = 0U, integer = 1U, unknown = 2U };

/// Bytes of one element in API storage; 0 for an unknown value.
[[nodiscard]] std::size_t element_size(ElementType type) noexcept;
/// TypeClass::floating for FP16, BF16, FP32, FP64; integer for INT4 ... UINT64; unknown otherwise.
[[nodiscard]] TypeClass type_class(ElementType type) noexcept;
/// "FP16", "BF16", "FP32", "FP64", "INT4", ..., "UINT64"; "unknown" otherwise. Never null.
[[nodiscard]] const char* element_type_name(ElementType type) noexcept;

}  // namespace sonnx

#endif  // SONNX_ELEMENT_TYPE_HPP
