/// @file
/// The vocabulary of a Div call: its options (profile, integer rounding,
/// ONNX and OpenVINO attributes, SONNX revision) and the IEEE flag bits it
/// reports. Separate from sonnx/div.hpp so that the core's internals can
/// name these types without including the public entry point.
#ifndef SONNX_DIV_OPTIONS_HPP
#define SONNX_DIV_OPTIONS_HPP

#include <cstdint>

namespace sonnx {

/// Integer rounding: floor is the SONNX spec's (default), toward_zero is ONNX's.
// [impl->req~div-int-f1~1]
// [impl->req~div-int-d1~1]
enum class IntRounding : std::uint8_t { floor = 0U, toward_zero = 1U };

/// Whose semantics a call follows (spec/profiles.md): the SONNX spec's
/// (equal shapes, floor by default), ONNX Div's (per opset) or OpenVINO
/// Divide-1's. Every field below has a default, so DivOptions{} and
/// DivOptions{rounding} keep the SONNX behaviour.
// [impl->req~div-prof-d1~1]
enum class Profile : std::uint8_t { sonnx = 0U, onnx = 1U, openvino = 2U };

/// OpenVINO's auto_broadcast attribute.
// [impl->req~div-ov-r1~1]
// [impl->req~div-ov-r2~1]
enum class AutoBroadcast : std::uint8_t { none = 0U, numpy = 1U };

/// The newest ONNX opset the onnx profile accepts (DIV-ONNX-D1): 27, ONNX
/// 1.23's newest, where Div-14 is still Div's newest version.
inline constexpr std::uint32_t kOnnxOpsetMax = 27U;

/// ONNX Div: the opset the model imports (1 ... kOnnxOpsetMax) and, for
/// opsets 1 to 6 only, the attributes `broadcast` and `axis`.
// [impl->req~div-onnx-d1~2]
// [impl->req~div-onnx-r3~1]
struct OnnxOptions {
    /// The opset the model imports, 1 ... kOnnxOpsetMax.
    std::uint32_t opset{14U};
    bool broadcast{false};   ///< attribute broadcast = 1
    bool has_axis{false};    ///< attribute axis present
    std::int64_t axis{0};    ///< its value, when present
};

/// OpenVINO Divide-1 attributes, with OpenVINO's defaults.
// [impl->req~div-ov-f1~1]
struct OpenVinoOptions {
    bool pythondiv{true};  ///< m_pythondiv: floor (true) or truncation (false) for integers
    /// How A and B broadcast: none (equal shapes) or numpy (multidirectional).
    AutoBroadcast auto_broadcast{AutoBroadcast::numpy};
};

/// Which revision of the SONNX Div spec the sonnx profile follows
/// (spec/profiles.md, DIV-PROF-D4): the seed revision the project answers to
/// (sonnx-div-spec.md, the default) or the working group's later one of
/// 2026-06 (truncation; FP16, FP32, FP64 and the 8- to 64-bit integers only).
// [impl->req~div-prof-d4~2]
enum class SonnxRevision : std::uint8_t { seed = 0U, r2026_06 = 1U };

/// Everything that selects the semantics of a call: the profile, its attributes and, for the sonnx profile, the integer rounding and the spec revision.
struct DivOptions {
    IntRounding int_rounding{IntRounding::floor};  ///< sonnx profile, seed revision; otherwise fixed by the profile
    /// Whose semantics: sonnx (the default), onnx or openvino (DIV-PROF-D1).
    Profile profile{Profile::sonnx};
    OnnxOptions onnx{};  ///< used when profile == onnx
    OpenVinoOptions openvino{};  ///< used when profile == openvino
    SonnxRevision sonnx_revision{SonnxRevision::seed};  ///< used when profile == sonnx
};

/// IEEE 754 exception flags raised by a float division, as bits of a set.
// [impl->req~div-float-d6~1]
inline constexpr std::uint8_t fp_flag_none = 0U;
/// The invalid operation flag (0/0, inf/inf, a signalling NaN operand).
inline constexpr std::uint8_t fp_flag_invalid = 1U;
/// The division-by-zero flag (a finite non-zero dividend over a zero).
inline constexpr std::uint8_t fp_flag_divide_by_zero = 2U;
/// The overflow flag.
inline constexpr std::uint8_t fp_flag_overflow = 4U;
/// The underflow flag (a tiny inexact result).
inline constexpr std::uint8_t fp_flag_underflow = 8U;
/// The inexact flag.
inline constexpr std::uint8_t fp_flag_inexact = 16U;

}  // namespace sonnx

#endif  // SONNX_DIV_OPTIONS_HPP
