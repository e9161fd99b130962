// `check`'s judgement of a candidate Y for A / B, from check's own options
// by their command-line names: one path for the command line
// (check_command.cpp, on tensors read from files) and the Python module
// (src/python/, on NumPy arrays), so that both report alike.
#ifndef SONNX_CLI_CHECK_JUDGEMENT_HPP
#define SONNX_CLI_CHECK_JUDGEMENT_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "check_hints.hpp"
#include "check_report.hpp"
#include "provenance.hpp"
#include "sonnx/div.hpp"
#include "sonnx/oracle/conformance.hpp"

namespace sonnx::cli {

// check's options other than the operator's (operator_choice.hpp).
struct CheckSettings {
    std::string accept{"exact"};  // exact, half-ulp, one-ulp or Nulp (DIV-CLI-D5)
    std::string undefined;        // refuse or list; empty: the revision's default (DIV-CLI-D14)
    std::string shard{"0/1"};     // K/N, K from 0 (DIV-CLI-D20)
    unsigned threads{1U};         // 1 ... 1024; the report does not depend on it
    std::size_t worst{10U};       // how many of the worst elements to list, at most 100000
    std::string type;             // --type as given; empty: each tensor's own type
};

struct CheckJudgement {
    oracle::CheckOptions options;       // as the report shows them
    CheckHints hints;
    std::vector<std::uint64_t> y_dims;  // the shape of A / B
    oracle::ConformanceReport report;
};

// Judges Y against A / B under `div_options` and records the options in
// force in `provenance` (DIV-CLI-D17). Throws CommandFailure (exit_usage)
// for a setting outside its values, and PreconditionFailure when A's and
// B's shapes do not combine under a profile that broadcasts. Any other
// violated precondition is the report's (`report.precondition`).
CheckJudgement judge_check(const CheckOperand& a, const CheckOperand& b, const CheckOperand& y,
                           const DivOptions& div_options, const CheckSettings& settings, Provenance& provenance);

// "" when `text` is a valid --accept level, else what it must be.
std::string acceptance_error(const std::string& text);

// The report's inputs for print_check_report and check_report_json.
CheckInputs check_inputs(const CheckOperand& a, const CheckOperand& b, const CheckOperand& y,
                         const CheckJudgement& judgement, const Provenance& provenance);

}  // namespace sonnx::cli

#endif  // SONNX_CLI_CHECK_JUDGEMENT_HPP
