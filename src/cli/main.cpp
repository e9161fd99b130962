// sonnx-div: the reference Div, a checker of other runtimes' results against
// the exact oracle, the real variant, and campaigns of the core against the
// oracle. Exit statuses: exit_status.hpp (DIV-CLI-D1).
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <iostream>
#include <new>

#include "commands.hpp"
#include "exit_status.hpp"
#include "sonnx/check/provenance.hpp"
#include "sonnx/check/report_json.hpp"
#include "sonnx/io/tensor_data.hpp"
#include "sonnx/io/temporary_files.hpp"

namespace {

constexpr const char* kDescription =
    "sonnx-div: the SONNX Div operator (reference implementation), checks against the exact oracle.\n"
    "Exit status: 0 success, 1 a checked result does not conform, 2 usage error or unreadable/malformed\n"
    "file, 3 the operator's precondition is violated (the message names the requirement and the first\n"
    "offending element), 4 internal error.";

}  // namespace

// [impl->req~div-cli-d1~1]
// [impl->req~div-cli-d17~1]
// [impl->req~div-io-d5~2]
int main(int argc, char** argv) {
    using namespace sonnx::cli;
    sonnx::io::remove_temporaries_on_signals();  // before any thread starts (DIV-CLI-D3)
    sonnx::check::record_command_line(argc, argv);  // for the reports' provenance (DIV-CLI-D17)
    CLI::App app{kDescription, "sonnx-div"};
    app.set_version_flag("--version", sonnx::check::version_text(),
                         "print the version, source revision and compiler, and exit");
    app.require_subcommand(1, 1);
    app.fallthrough(false);
    std::vector<Subcommand> commands;
    try {
        commands = add_all_commands(app);
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& help) {
        return app.exit(help);  // prints the help of the subcommand asked about; status 0
    } catch (const CLI::CallForAllHelp& help) { return app.exit(help); } catch (const CLI::CallForVersion& version) {
        return app.exit(version);
    } catch (const CLI::ParseError& error) {
        (void)app.exit(error);
        std::cerr << "Run 'sonnx-div --help' or 'sonnx-div <command> --help' for usage.\n";
        return exit_usage;
    }
    for (const Subcommand& command : commands) {
        if (!command.app->parsed()) {
            continue;
        }
        try {
            return command.run();
        } catch (const CommandFailure& failure) {
            std::cerr << "sonnx-div " << command.app->get_name() << ": " << failure.what() << "\n";
            return failure.status();
        } catch (const sonnx::io::FileError& error) {
            std::cerr << "sonnx-div " << command.app->get_name() << ": " << error.what() << "\n";
            return exit_usage;
        } catch (const std::bad_alloc&) {
            // The tensors' own buffers report their sizes (ResourceError); this is any other allocation.
            std::cerr << "sonnx-div " << command.app->get_name()
                      << ": out of memory: an allocation failed (the inputs need more memory than the process may "
                         "use; see ulimit -v)\n";
            return exit_usage;
        } catch (const std::exception& error) {
            std::cerr << "sonnx-div " << command.app->get_name() << ": internal error: " << error.what() << "\n";
            return exit_internal;
        }
    }
    std::cerr << "sonnx-div: no command given\n";
    return exit_usage;
}
