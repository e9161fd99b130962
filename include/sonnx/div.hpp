/// @file
/// The SONNX Div operator: Y = A / B, element-wise, on tensors of one shape and type.
///
///   sonnx::DivReport report{};
///   const sonnx::Status st = sonnx::div(a, b, y, sonnx::DivOptions{}, &report);
///   if (!st.is_ok()) { /* st.requirement names the violated requirement */ }
///
/// On any error status the output buffer is left untouched: every check runs
/// before the first write.
#ifndef SONNX_DIV_HPP
#define SONNX_DIV_HPP

#include <cstdint>

#include "sonnx/div_options.hpp"
#include "sonnx/status.hpp"
#include "sonnx/tensor.hpp"

namespace sonnx {

/// What a successful call reports besides Y (pass a pointer to one to div).
struct DivReport {
    std::uint8_t fp_flags{fp_flag_none};  ///< OR of fp_flag_* bits; 0 for integer types
    std::uint64_t elements{0U};           ///< elements written
};

/// Divides A by B into Y. `report` may be null. Under the onnx and openvino
/// profiles A and B may broadcast (spec/profiles.md); Y must then have the
/// shape div_output_shape gives.
[[nodiscard]] Status div(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y,
                         const DivOptions& options, DivReport* report) noexcept;

/// The integer rounding a call with `options` applies: the option's under
/// the sonnx profile's seed revision, toward zero under its 2026-06 revision
/// (DIV-PROF-D4) and under onnx (DIV-ONNX-F1), floor or toward
/// zero by m_pythondiv under openvino (DIV-OV-F1). Lets a checker compare
/// against the same rounding the operator uses.
// [impl->req~div-onnx-f1~1]
// [impl->req~div-ov-f1~1]
[[nodiscard]] IntRounding int_rounding_of(const DivOptions& options) noexcept;

/// The shape Y must have for A / B under `options`, or the status div would
/// return for these shapes and this type (option values, type, ranks, the
/// profile's shape rule, element counts and byte sizes); `y` is set only on
/// success. Lets a caller size Y before calling div.
// [impl->req~div-bcast-d5~2]
[[nodiscard]] Status div_output_shape(ElementType type, const Shape& a, const Shape& b, const DivOptions& options,
                                      Shape& y) noexcept;

/// How A and B sit on Y's axes: Y's shape, and A's and B's shapes written at
/// Y's rank, with extent 1 where the operand repeats or has no axis (an
/// ONNX opset 1/6 `axis` places B's axes). Element y[i0, ..., ik] reads
/// a[j0, ..., jk] with jn = in where a_aligned's extent is Y's, 0 where it
/// is 1; likewise for B. The same checks and statuses as div_output_shape;
/// `layout` is set only on success. Lets a checker map indices instead of
/// copying broadcast operands.
struct BroadcastLayout {
    /// Y's shape.
    Shape y{};
    /// A's shape at Y's rank: extent 1 where A repeats or lacks the axis.
    Shape a_aligned{};
    /// B's shape at Y's rank: extent 1 where B repeats or lacks the axis.
    Shape b_aligned{};
};
// [impl->req~div-bcast-d5~2]
/// Fills `layout` (see BroadcastLayout) for A / B under `options`, or returns the status div would return for these shapes and this type.
[[nodiscard]] Status div_broadcast_layout(ElementType type, const Shape& a, const Shape& b, const DivOptions& options,
                                          BroadcastLayout& layout) noexcept;

}  // namespace sonnx

#endif  // SONNX_DIV_HPP
