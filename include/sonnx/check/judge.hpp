/// @file
/// The judge: another runtime's Y for A / B, element by element against the
/// exact oracle (MPFR for floats, GMP for integers), under the operator's
/// semantics as the settings' profile gives them. What `sonnx-div check`,
/// `onnx-test`, `merge`, the Python module and tools/runtimes print
/// (DIV-CLI-D5, D6, D7, D14, D19, D20).
///
/// Independent of what it judges (DIV-TQ-D2): the profile's rules, the
/// broadcasting index map and the integer rounding are the judge's own
/// (profile_rules.hpp), never the core's.
///
///   sonnx::check::Settings settings;  // sonnx profile, exact
///   const sonnx::check::Report r = sonnx::check::judge(a, b, y, settings);
///   if (sonnx::check::conforms(r)) { ... }
#ifndef SONNX_CHECK_JUDGE_HPP
#define SONNX_CHECK_JUDGE_HPP

#include <cstdint>
#include <vector>

#include "sonnx/check/profile_rules.hpp"
#include "sonnx/check/report.hpp"
#include "sonnx/check/settings.hpp"
#include "sonnx/tensor.hpp"

namespace sonnx::check {

/// Y against A / B; the views hold the API's storage (sonnx/element_type.hpp).
/// Under a profile that broadcasts, A and B sit on Y's axes as the profile's
/// rule places them, each element of Y is judged against the elements of A
/// and B it is computed from, found by index, nothing copied (DIV-CLI-D19).
/// Element indices in the report are Y's. Throws std::invalid_argument for
/// settings outside their ranges (settings_problem) or a view whose buffer
/// is smaller than its shape (a caller's error, not the operands').
Report judge(const ConstTensorView& a, const ConstTensorView& b, const ConstTensorView& y, const Settings& settings);

/// The shape of A / B under the settings' profile: A's shape when the
/// operands break a precondition before their shapes combine (so that a
/// report can still say where Y stands).
std::vector<std::uint64_t> result_dims(const ConstTensorView& a, const ConstTensorView& b, const Settings& settings);
/// The same from the operands' types and shapes alone, as a report records
/// them (report_json.hpp reads a report back and derives its shape).
std::vector<std::uint64_t> result_dims(ElementType a_type, const Shape& a, ElementType b_type, const Shape& b,
                                       const Settings& settings);

/// The preconditions judge() checks first, those that A's and B's types and
/// shapes decide without an element value: the profile's options, the types,
/// the profile's types, ranks, the shape rule and sizes, in the operator's
/// order. `map` is set on success. A report read back is held to them.
Status type_and_shape_preconditions(ElementType a_type, const Shape& a, ElementType b_type, const Shape& b,
                                    const DivOptions& profile, OperandMap& map);

/// Y of another type or shape than A / B gives (`type`, `expected`): the
/// candidate mismatch judge() reports (DIV-CLI-D7), ok when Y fits.
Status candidate_status(ElementType type, const Shape& expected, ElementType y_type, const Shape& y);

}  // namespace sonnx::check

#endif  // SONNX_CHECK_JUDGE_HPP
