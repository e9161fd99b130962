// The options that become sonnx::DivOptions, in one place: every command
// that runs or checks the operator adds them with add_to and reads them
// with div_options, which also rejects options that do not belong to the
// chosen profile (by check::resolve_profile's rules, which the Python
// module shares).
#ifndef SONNX_CLI_OPERATOR_OPTIONS_HPP
#define SONNX_CLI_OPERATOR_OPTIONS_HPP

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "sonnx/div.hpp"

namespace sonnx::cli {

struct OperatorOptions {
    std::string int_rounding{"floor"};  // sonnx profile only, seed revision
    std::string sonnx_revision{"seed"};  // sonnx profile: seed or 2026-06
    std::string profile{"sonnx"};
    std::uint32_t opset{0U};            // onnx; 0: not given (a model's own, else 14)
    int broadcast{0};                   // onnx opset 1 and 6: the `broadcast` attribute
    std::int64_t axis{0};               // onnx opset 1 and 6: the `axis` attribute, when given
    std::string pythondiv{"true"};      // openvino m_pythondiv
    std::string auto_broadcast{"numpy"};  // openvino
    bool attributes_from_model{false};    // onnx-test: broadcast and axis come from each model

    void add_to(CLI::App& command);
    // The options for the core; throws CommandFailure (usage) when an option
    // was given that the chosen profile does not have.
    DivOptions div_options() const;
    bool opset_given() const;

private:
    CLI::Option* rounding_option_{nullptr};
    CLI::Option* revision_option_{nullptr};
    CLI::Option* opset_option_{nullptr};
    CLI::Option* broadcast_option_{nullptr};
    CLI::Option* axis_option_{nullptr};
    CLI::Option* pythondiv_option_{nullptr};
    CLI::Option* auto_broadcast_option_{nullptr};
};

}  // namespace sonnx::cli

#endif  // SONNX_CLI_OPERATOR_OPTIONS_HPP
