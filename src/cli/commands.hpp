// Subcommands of sonnx-div. Adding one is one new file defining its add_*
// function plus its line in add_all_commands (commands.cpp).
#ifndef SONNX_CLI_COMMANDS_HPP
#define SONNX_CLI_COMMANDS_HPP

#include <CLI/CLI.hpp>

#include <functional>
#include <vector>

namespace sonnx::cli {

struct Subcommand {
    CLI::App* app;             // the subcommand's parser
    std::function<int()> run;  // runs it after parsing; returns the exit status or throws CommandFailure
};

Subcommand add_div_command(CLI::App& parent);
Subcommand add_check_command(CLI::App& parent);
Subcommand add_real_command(CLI::App& parent);
Subcommand add_campaign_command(CLI::App& parent);
Subcommand add_onnx_test_command(CLI::App& parent);
Subcommand add_merge_command(CLI::App& parent);

// Every subcommand, in the order `sonnx-div --help` lists them.
std::vector<Subcommand> add_all_commands(CLI::App& parent);

}  // namespace sonnx::cli

#endif  // SONNX_CLI_COMMANDS_HPP
