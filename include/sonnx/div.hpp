// The SONNX Div operator: Y = A / B, element-wise, on tensors of one shape and type.
//
//   sonnx::DivReport report{};
//   const sonnx::Status st = sonnx::div(a, b, y, sonnx::DivOptions{}, &report);
//   if (!st.is_ok()) { /* st.requirement names the violated requirement */ }
//
// On any error status the output buffer is left untouched: every check runs
// before the first write.
#ifndef SONNX_DIV_HPP
#define SONNX_DIV_HPP

#include <cstdint>

#include "sonnx/status.hpp"
#include "sonnx/tensor.hpp"

namespace sonnx {

// Integer rounding: floor is the SONNX spec's (default), toward_zero is ONNX's.
// [impl->req~div-int-f1~1]
// [impl->req~div-int-d1~1]
enum class IntRounding : std::uint8_t { floor = 0U, toward_zero = 1U };

// Whose semantics a call follows (spec/profiles.md): the SONNX spec's
// (equal shapes, floor by default), ONNX Div's (per opset) or OpenVINO
// Divide-1's. Every field below has a default, so DivOptions{} and
// DivOptions{rounding} keep the SONNX behaviour.
// [impl->req~div-prof-d1~1]
enum class Profile : std::uint8_t { sonnx = 0U, onnx = 1U, openvino = 2U };

// OpenVINO's auto_broadcast attribute.
// [impl->req~div-ov-r1~1]
// [impl->req~div-ov-r2~1]
enum class AutoBroadcast : std::uint8_t { none = 0U, numpy = 1U };

// The newest ONNX opset the onnx profile accepts (DIV-ONNX-D1).
inline constexpr std::uint32_t kOnnxOpsetMax = 25U;

// ONNX Div: the opset the model imports (1 ... kOnnxOpsetMax) and, for
// opsets 1 to 6 only, the attributes `broadcast` and `axis`.
// [impl->req~div-onnx-d1~1]
// [impl->req~div-onnx-r3~1]
struct OnnxOptions {
    std::uint32_t opset{14U};
    bool broadcast{false};   // attribute broadcast = 1
    bool has_axis{false};    // attribute axis present
    std::int64_t axis{0};    // its value, when present
};

// OpenVINO Divide-1 attributes, with OpenVINO's defaults.
// [impl->req~div-ov-f1~1]
struct OpenVinoOptions {
    bool pythondiv{true};  // m_pythondiv: floor (true) or truncation (false) for integers
    AutoBroadcast auto_broadcast{AutoBroadcast::numpy};
};

// Which revision of the SONNX Div spec the sonnx profile follows
// (spec/profiles.md, DIV-PROF-D4): the seed revision the project answers to
// (sonnx-div-spec.md, the default) or the working group's later one of
// 2026-06 (truncation; FP16, FP32, FP64 and the 8- to 64-bit integers only).
// [impl->req~div-prof-d4~2]
enum class SonnxRevision : std::uint8_t { seed = 0U, r2026_06 = 1U };

struct DivOptions {
    IntRounding int_rounding{IntRounding::floor};  // sonnx profile, seed revision; otherwise fixed by the profile
    Profile profile{Profile::sonnx};
    OnnxOptions onnx{};          // used when profile == onnx
    OpenVinoOptions openvino{};  // used when profile == openvino
    SonnxRevision sonnx_revision{SonnxRevision::seed};  // used when profile == sonnx
};

// IEEE 754 exception flags raised by a float division, as bits of a set.
// [impl->req~div-float-d6~1]
inline constexpr std::uint8_t fp_flag_none = 0U;
inline constexpr std::uint8_t fp_flag_invalid = 1U;
inline constexpr std::uint8_t fp_flag_divide_by_zero = 2U;
inline constexpr std::uint8_t fp_flag_overflow = 4U;
inline constexpr std::uint8_t fp_flag_underflow = 8U;
inline constexpr std::uint8_t fp_flag_inexact = 16U;

struct DivReport {
    std::uint8_t fp_flags{fp_flag_none};  // OR of fp_flag_* bits; 0 for integer types
    std::uint64_t elements{0U};           // elements written
};

// Divides A by B into Y. `report` may be null. Under the onnx and openvino
// profiles A and B may broadcast (spec/profiles.md); Y must then have the
// shape div_output_shape gives.
[[nodiscard]] Status div(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y,
                         const DivOptions& options, DivReport* report) noexcept;

// The integer rounding a call with `options` applies: the option's under
// the sonnx profile's seed revision, toward zero under its 2026-06 revision
// (DIV-PROF-D4) and under onnx (DIV-ONNX-F1), floor or toward
// zero by m_pythondiv under openvino (DIV-OV-F1). Lets a checker compare
// against the same rounding the operator uses.
// [impl->req~div-onnx-f1~1]
// [impl->req~div-ov-f1~1]
[[nodiscard]] IntRounding int_rounding_of(const DivOptions& options) noexcept;

// The shape Y must have for A / B under `options`, or the status div would
// return for these shapes and this type (option values, type, ranks, the
// profile's shape rule, element counts and byte sizes); `y` is set only on
// success. Lets a caller size Y before calling div.
// [impl->req~div-bcast-d5~2]
[[nodiscard]] Status div_output_shape(ElementType type, const Shape& a, const Shape& b, const DivOptions& options,
                                      Shape& y) noexcept;

// How A and B sit on Y's axes: Y's shape, and A's and B's shapes written at
// Y's rank, with extent 1 where the operand repeats or has no axis (an
// ONNX opset 1/6 `axis` places B's axes). Element y[i0, ..., ik] reads
// a[j0, ..., jk] with jn = in where a_aligned's extent is Y's, 0 where it
// is 1; likewise for B. The same checks and statuses as div_output_shape;
// `layout` is set only on success. Lets a checker map indices instead of
// copying broadcast operands.
struct BroadcastLayout {
    Shape y{};
    Shape a_aligned{};
    Shape b_aligned{};
};
// [impl->req~div-bcast-d5~2]
[[nodiscard]] Status div_broadcast_layout(ElementType type, const Shape& a, const Shape& b, const DivOptions& options,
                                          BroadcastLayout& layout) noexcept;

}  // namespace sonnx

#endif  // SONNX_DIV_HPP
