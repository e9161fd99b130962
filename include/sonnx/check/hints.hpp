/// @file
/// Hints that point a check's user at the likely fix (DIV-CLI-D18): the file
/// type NumPy cannot express, the profile that broadcasts, the other integer
/// rounding, the undefined-element policy.
#ifndef SONNX_CHECK_HINTS_HPP
#define SONNX_CHECK_HINTS_HPP

#include <string>
#include <vector>

#include "sonnx/check/report.hpp"
#include "sonnx/div_options.hpp"
#include "sonnx/element_type.hpp"
#include "sonnx/status.hpp"

namespace sonnx::check {

/// What the hints need to know beside the report.
struct HintContext {
    /// The profile the check ran under.
    Profile profile{Profile::sonnx};
    IntRounding rounding{IntRounding::floor};  ///< the rounding in force (rounding_of)
    /// A's element type as read.
    ElementType a_type{ElementType::fp32};
    /// Y's element type as read.
    ElementType y_type{ElementType::fp32};
    bool type_from_files{true};  ///< the operands' types are their own, not read as another type
};

/// For a type the ONNX opset in force does not admit (DIV-ONNX-R1): the
/// opset, and the first opset that admits the type; "" for any other status.
std::string opset_hint(const Status& status, ElementType type, const DivOptions& options);

/// For a precondition failure; "" when there is nothing to add.
std::string precondition_hint(const Report& report, const HintContext& context);
/// For a report of non-conforming elements or a wrong candidate.
std::vector<std::string> report_hints(const Report& report, const HintContext& context);

}  // namespace sonnx::check

#endif  // SONNX_CHECK_HINTS_HPP
