#include "commands.hpp"

namespace sonnx::cli {

std::vector<Subcommand> add_all_commands(CLI::App& parent) {
    return {
        add_div_command(parent),      add_check_command(parent),     add_real_command(parent),
        add_campaign_command(parent), add_onnx_test_command(parent), add_merge_command(parent),
    };
}

}  // namespace sonnx::cli
