// The operator's options by their command-line names ("--profile onnx",
// "--int-rounding trunc", ...) and the sonnx::DivOptions they make: one
// mapping for the command line (operator_options.hpp binds it to CLI11) and
// the Python module (src/python/), so that both take the same names and
// refuse the same combinations.
#ifndef SONNX_CLI_OPERATOR_CHOICE_HPP
#define SONNX_CLI_OPERATOR_CHOICE_HPP

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "sonnx/div.hpp"

namespace sonnx::cli {

struct OperatorChoice {
    std::string int_rounding{"floor"};    // sonnx profile, seed revision: floor or trunc
    std::string sonnx_revision{"seed"};   // sonnx profile: seed or 2026-06
    std::string profile{"sonnx"};         // sonnx, onnx or openvino
    std::uint32_t opset{0U};              // onnx, when opset_given (1 ... kOnnxOpsetMax); else 14
    int broadcast{0};                     // onnx opset 1 and 6: the `broadcast` attribute, 0 or 1
    std::int64_t axis{0};                 // onnx opset 1 and 6: the `axis` attribute, when axis_given
    std::string pythondiv{"true"};        // openvino m_pythondiv: true or false
    std::string auto_broadcast{"numpy"};  // openvino: none or numpy
    bool attributes_from_model{false};    // onnx-test: broadcast and axis come from each model
    // Which options were given: one that belongs to another profile than
    // the chosen one is refused, never silently ignored (DIV-CLI-D10).
    bool rounding_given{false};
    bool revision_given{false};
    bool opset_given{false};
    bool broadcast_given{false};
    bool axis_given{false};
    bool pythondiv_given{false};
    bool auto_broadcast_given{false};
};

// The options for the core; throws CommandFailure (exit_usage) for a value
// outside an option's names or range, or an option that the chosen profile
// (or revision, or opset) does not have.
DivOptions div_options_of(const OperatorChoice& choice);

const char* rounding_name(IntRounding rounding);  // "floor", "trunc"
// The operator's options as they apply, by their command-line names, defaults included.
std::vector<std::pair<std::string, std::string>> options_in_force(const DivOptions& options);
const char* revision_name(SonnxRevision revision);  // "seed", "2026-06"

}  // namespace sonnx::cli

#endif  // SONNX_CLI_OPERATOR_CHOICE_HPP
