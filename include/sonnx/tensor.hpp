/// @file
/// Dense tensor views: a shape, an element type and a caller-owned buffer.
/// The core never allocates; it reads and writes through these views.
/// Only dense row-major tensors exist in this API: sparse tensors cannot be
/// expressed, which is how DIV-GR1 is met.
#ifndef SONNX_TENSOR_HPP
#define SONNX_TENSOR_HPP

#include <array>
#include <cstddef>
#include <cstdint>

#include "sonnx/element_type.hpp"

namespace sonnx {

/// The largest rank a view can carry (fixed so that no heap is needed).
inline constexpr std::uint32_t kMaxRank = 16U;

// [impl->req~div-gr1~1]
/// The extents of a dense row-major tensor, outermost first.
struct Shape {
    /// Extents; only the first `rank` are used.
    std::array<std::uint64_t, kMaxRank> dims{};
    std::uint32_t rank{0U};  ///< rank 0 is a scalar: one element
};

/// Read-only view of an input tensor.
struct ConstTensorView {
    /// Element type of the buffer.
    ElementType type{ElementType::fp32};
    /// Shape of the tensor.
    Shape shape{};
    /// The elements, in API storage (element_size bytes each), row-major; may be null for a tensor with no elements.
    const void* data{nullptr};
    std::size_t size_bytes{0U};  ///< bytes available at data
};

/// Writable view of the output tensor.
struct TensorView {
    /// Element type of the buffer.
    ElementType type{ElementType::fp32};
    /// Shape Y must have.
    Shape shape{};
    /// Where Y's elements are written, in API storage, row-major.
    void* data{nullptr};
    /// Bytes available at data.
    std::size_t size_bytes{0U};
};

/// Builds a shape from up to kMaxRank dimensions. Returns false, leaving
/// `out` unchanged, when count exceeds kMaxRank or dims is null with count > 0.
[[nodiscard]] bool make_shape(const std::uint64_t* dims, std::uint32_t count, Shape& out) noexcept;

/// Number of elements of a shape (0 when an extent is 0). Returns false when
/// the rank exceeds kMaxRank or the product of the non-zero extents overflows
/// 64 bits, even when another extent is 0 (DIV-API-D4).
[[nodiscard]] bool element_count(const Shape& shape, std::uint64_t& count) noexcept;

/// True when both shapes have the same rank and the same extents.
[[nodiscard]] bool same_shape(const Shape& lhs, const Shape& rhs) noexcept;

}  // namespace sonnx

#endif  // SONNX_TENSOR_HPP
