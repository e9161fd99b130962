// The subcommands of the `sonnx-div` command line, one file each.
// Each takes the arguments after the subcommand name (argv[0] is the
// subcommand) and returns the process exit status:
//   0 success, 1 a checked result does not conform, 2 usage error or an
//   unreadable / malformed file, 3 the operator's precondition is violated.
#ifndef SONNX_CLI_COMMANDS_HPP
#define SONNX_CLI_COMMANDS_HPP

namespace sonnx::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitNonConforming = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitPrecondition = 3;

int run_div(int argc, char** argv);       // cmd_div.cpp      (io area)
int run_real(int argc, char** argv);      // cmd_real.cpp     (real area)
int run_check(int argc, char** argv);     // cmd_check.cpp    (oracle area)
int run_campaign(int argc, char** argv);  // cmd_campaign.cpp (oracle area)

}  // namespace sonnx::cli

#endif  // SONNX_CLI_COMMANDS_HPP
