// Hints that point a check's user at the likely fix (DIV-CLI-D18): the file
// type NumPy cannot express, the profile that broadcasts, the other integer
// rounding, the undefined-element policy.
#ifndef SONNX_CLI_CHECK_HINTS_HPP
#define SONNX_CLI_CHECK_HINTS_HPP

#include <string>
#include <vector>

#include "sonnx/div.hpp"
#include "sonnx/oracle/conformance.hpp"

namespace sonnx::cli {

struct CheckHints {
    Profile profile{Profile::sonnx};
    IntRounding rounding{IntRounding::floor};  // the rounding in force (int_rounding_of)
    ElementType a_type{ElementType::fp32};
    ElementType y_type{ElementType::fp32};
    bool type_from_files{true};  // no --type given
};

// For a type the ONNX opset in force does not admit (DIV-ONNX-R1): the
// opset, and the first opset that admits the type; "" for any other status.
std::string opset_hint(const Status& status, ElementType type, const DivOptions& options);

// For a precondition failure; "" when there is nothing to add.
std::string precondition_hint(const oracle::ConformanceReport& report, const CheckHints& hints);
// For a report of non-conforming elements or a wrong candidate.
std::vector<std::string> report_hints(const oracle::ConformanceReport& report, const CheckHints& hints);

}  // namespace sonnx::cli

#endif  // SONNX_CLI_CHECK_HINTS_HPP
