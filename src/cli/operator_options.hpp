// The options that become sonnx::DivOptions, in one place: every command
// that runs or checks the operator adds them with add_to and reads them
// with div_options (profiles and their attributes belong here too).
#ifndef SONNX_CLI_OPERATOR_OPTIONS_HPP
#define SONNX_CLI_OPERATOR_OPTIONS_HPP

#include <CLI/CLI.hpp>

#include <string>

#include "sonnx/div.hpp"

namespace sonnx::cli {

struct OperatorOptions {
    std::string int_rounding{"floor"};

    void add_to(CLI::App& command);
    DivOptions div_options() const;
};

const char* rounding_name(IntRounding rounding);  // "floor", "trunc"

}  // namespace sonnx::cli

#endif  // SONNX_CLI_OPERATOR_OPTIONS_HPP
