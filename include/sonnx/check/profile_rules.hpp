/// @file
/// The judge's own profile rules: which option values, element types and
/// shapes of A and B a Div call accepts under each profile, the shape Y then
/// has, and where each element of Y reads A and B.
///
/// Written from the upstream texts (spec-sources: onnx-div-operator-versions.rst,
/// onnx-div-6.txt, openvino-divide-1.md, sonnx-div-spec.md and its 2026-06
/// revision) and from spec/profiles.md, spec/onnx.md, spec/openvino.md and
/// spec/common.md for the statuses. A verification tool must not share code
/// with what it verifies (DESIGN.md, section 4: "The judge shares no code with
/// what it judges: its broadcasting ... [is] its own"): nothing here calls the
/// core (src/core); only the vocabulary headers (status, tensor, element type,
/// options) are shared, for their types and constants.
#ifndef SONNX_CHECK_PROFILE_RULES_HPP
#define SONNX_CHECK_PROFILE_RULES_HPP

#include <array>
#include <cstdint>

#include "sonnx/div_options.hpp"
#include "sonnx/element_type.hpp"
#include "sonnx/status.hpp"
#include "sonnx/tensor.hpp"

namespace sonnx::check {

/// How A's and B's elements sit on Y's axes under a profile's shape rule:
/// Y's shape, and A's and B's extents at Y's rank (Y's extent where the
/// operand runs along the axis, 1 where it repeats or lacks the axis).
struct OperandMap {
    /// Y's shape.
    Shape y{};
    /// A's extents at Y's rank.
    Shape a_on_y{};
    /// B's extents at Y's rank.
    Shape b_on_y{};
};

/// The option values alone, the first of shape_preconditions' steps: the
/// rounding enum, then the profile's (its enum, the ONNX opset's range and
/// legacy attributes, the revision, auto_broadcast). A check reports them
/// before the operands' types, as the operator does (DIV-PROF-D3).
[[nodiscard]] Status options_preconditions(const DivOptions& options) noexcept;

/// The operator's checks that do not depend on element values and concern
/// the options, A's type and the shapes of A and B, in the operator's order
/// (spec: DIV-API-D2, DIV-PROF-D3): option values (rounding enum, then
/// profile/ONNX opset range and legacy attributes/revision/auto_broadcast
/// enum), A's type known, A's type admitted by the profile (ONNX opset type
/// lists; SONNX 2026-06 revision's list), ranks of A then B (kMaxRank), the
/// profile's shape rule (sonnx: equal shapes; onnx opset>=7: multidirectional;
/// onnx opset 1/6: equal shapes, or with broadcast=1 the legacy rule with
/// optional axis; openvino none/numpy), then element count and byte size of
/// A, B and Y (size_overflow). Returns exactly the Status (code, requirement,
/// operand, index) the operator's documented contract gives; `map` is set
/// only on success.
[[nodiscard]] Status shape_preconditions(ElementType type, const Shape& a, const Shape& b, const DivOptions& options,
                                         OperandMap& map) noexcept;

/// The integer rounding a profile fixes (sonnx seed: the option's; sonnx
/// 2026-06 and onnx: toward zero; openvino: pythondiv true floor, false
/// toward zero). For option values outside their enumerations (a call
/// shape_preconditions rejects) it returns the option's rounding.
[[nodiscard]] IntRounding rounding_of(const DivOptions& options) noexcept;

/// The first ONNX opset (1..kOnnxOpsetMax) whose Div admits `type`, or 0
/// when none does.
[[nodiscard]] std::uint32_t first_onnx_opset_admitting(ElementType type) noexcept;

/// Y's flat row-major index -> an operand's flat index, through an
/// OperandMap (Y's shape and the operand's extents at Y's rank).
class OperandIndex {
public:
    /// `on_y` must have Y's rank (at most kMaxRank) and, on each axis, Y's
    /// extent or 1; otherwise the index is not valid() and of() gives 0.
    OperandIndex(const Shape& y, const Shape& on_y) noexcept;
    /// Whether `on_y` fits `y` as the constructor requires.
    [[nodiscard]] bool valid() const noexcept { return valid_; }
    /// The operand's flat index read by Y's element `y_index` (which must be
    /// below Y's element count).
    [[nodiscard]] std::uint64_t of(std::uint64_t y_index) const noexcept;

private:
    std::uint32_t rank_{0U};
    std::array<std::uint64_t, kMaxRank> extent_{};  ///< Y's extents
    std::array<std::uint64_t, kMaxRank> stride_{};  ///< the operand's, 0 where it repeats
    bool valid_{false};
};

}  // namespace sonnx::check

#endif  // SONNX_CHECK_PROFILE_RULES_HPP
