// The boxes the float scenario works on (computed ranges as format values,
// error ranges as MPFR numbers) and how it bisects them: computed ranges by
// ordinal (adjacent format values have adjacent ordinals), error ranges at
// their midpoint.
#ifndef SONNX_ACCURACY_BOX_SPLITTING_HPP
#define SONNX_ACCURACY_BOX_SPLITTING_HPP

#include <cstddef>
#include <vector>

#include "sonnx/accuracy/scenario.hpp"

namespace sonnx::accuracy {

// A box being worked on: computed ranges (format values) and error ranges.
struct WorkBox {
    Bound a_low, a_high, b_low, b_high;
    bool a_negative_zero{false};
    bool b_negative_zero{false};
    Bound ea_low, ea_high, eb_low, eb_high;

    [[nodiscard]] bool floats_are_points() const { return (a_low == a_high) && (b_low == b_high); }
    [[nodiscard]] bool errors_are_points() const { return (ea_low == ea_high) && (eb_low == eb_high); }
};

[[nodiscard]] WorkBox work_box(const FloatBox& box);

// The computed values of an operand: one value (a zero of the given sign) or a range.
[[nodiscard]] ComputedSet computed_set(const Bound& lo, const Bound& hi, bool negative_zero);

// Splits the error ranges (or, with floats, the computed ranges): two halves
// that cover the box. False when the box is one point in the chosen space.
[[nodiscard]] bool split(const WorkBox& box, bool floats, const FormatSpec& format, WorkBox& left, WorkBox& right);

// The single computed values of a box with ranges, when there are at most `limit`.
[[nodiscard]] std::vector<WorkBox> value_points(const WorkBox& box, const FormatSpec& format, std::size_t limit);

}  // namespace sonnx::accuracy

#endif  // SONNX_ACCURACY_BOX_SPLITTING_HPP
