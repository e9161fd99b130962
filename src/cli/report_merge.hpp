// The JSON reports of `check --shard K/N` or `campaign --shard K/N`, made
// into the report of one run over every element or pair (DIV-CLI-D20).
#ifndef SONNX_CLI_REPORT_MERGE_HPP
#define SONNX_CLI_REPORT_MERGE_HPP

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace sonnx::cli {

// The merged report, without `provenance` (the caller adds its own and the
// shards'). Throws CommandFailure (exit status 2) when the reports are not
// the N shards of one check or campaign: another command, shards missing or
// repeated, other input files (SHA-256), type, shape or options (for a
// campaign: type, mode, seed, random pairs, rounding).
nlohmann::json merge_check_reports(const std::vector<nlohmann::json>& shards, const std::vector<std::string>& names);

}  // namespace sonnx::cli

#endif  // SONNX_CLI_REPORT_MERGE_HPP
