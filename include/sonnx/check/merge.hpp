/// @file
/// The JSON reports of `check --shard K/N` or `campaign --shard K/N`, made
/// into the report of one run over every element or pair (DIV-CLI-D20).
#ifndef SONNX_CHECK_MERGE_HPP
#define SONNX_CHECK_MERGE_HPP

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace sonnx::check {

/// Reports that are not the shards of one check or campaign, or that do not
/// hold what their writer writes (what() names the file, the field and why).
class MergeError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// The merged report, without `provenance` (the caller adds its own and the
/// shards'). Each report is read back and verified (read_report_json,
/// read_campaign_json: nothing in it is trusted); they must be the N shards
/// of one check or campaign: one tool version and source revision, the same
/// inputs (role, SHA-256, stored and read types, shape) and options but for
/// the shard and the threads, shards 0 to N-1 each once. The records are
/// merged with the report's one merge (merge_into: sums checked against
/// overflow) and written by the writer check or campaign uses, so that the
/// result is the single run's report but for `provenance` (and a campaign's
/// threads and seconds). Throws MergeError.
nlohmann::json merge_check_reports(const std::vector<nlohmann::json>& shards, const std::vector<std::string>& names);

}  // namespace sonnx::check

#endif  // SONNX_CHECK_MERGE_HPP
