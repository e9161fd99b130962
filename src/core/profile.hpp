// The rules a profile chooses (spec/profiles.md): which option values are
// valid, which element types are admitted, which shape rule applies and
// which integer rounding is used.
#ifndef SONNX_CORE_PROFILE_HPP
#define SONNX_CORE_PROFILE_HPP

#include <cstdint>

#include "broadcast.hpp"
#include "sonnx/div_options.hpp"

namespace sonnx::core {

// The ONNX Div version an opset resolves to: 1, 6, 7, 13 or 14.
[[nodiscard]] std::uint32_t onnx_div_version(std::uint32_t opset) noexcept;

// Option values (DIV-API-D6 for the rounding, DIV-PROF-D1, DIV-ONNX-D1,
// DIV-PROF-D4 for the SONNX revision).
[[nodiscard]] Status check_profile_options(const DivOptions& options) noexcept;

// The profile's element types (DIV-ONNX-R1, DIV-OV-R3, DIV-PROF-D4 for the
// sonnx profile's 2026-06 revision; its seed revision admits every type of
// the API). Reported against A: B and Y have its type.
[[nodiscard]] Status check_profile_type(const DivOptions& options, ElementType type) noexcept;

// The profile's shape rule applied to A and B. `shape_rule` receives the
// requirement whose shape rule applies, also when the rule fails.
[[nodiscard]] Status profile_shapes(const DivOptions& options, ElementType type, const Shape& a, const Shape& b,
                                    BroadcastShapes& out, RequirementId& shape_rule) noexcept;

// The integer rounding of the profile (DIV-ONNX-F1, DIV-OV-F1, DIV-PROF-D4;
// the sonnx profile's seed revision uses the option's).
[[nodiscard]] IntRounding profile_rounding(const DivOptions& options) noexcept;

}  // namespace sonnx::core

#endif  // SONNX_CORE_PROFILE_HPP
