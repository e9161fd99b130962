// The JSON reports of `check --shard K/N` or `campaign --shard K/N`, made
// into the report of one run over every element or pair (DIV-CLI-D20).
#ifndef SONNX_CHECK_MERGE_HPP
#define SONNX_CHECK_MERGE_HPP

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace sonnx::check {

// Reports that are not the shards of one check or campaign (what() says why).
class MergeError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

// The merged report, without `provenance` (the caller adds its own and the
// shards'). Throws MergeError when the reports are not
// the N shards of one check or campaign: another command, shards missing or
// repeated, other input files (SHA-256), type, shape or options (for a
// campaign: type, mode, seed, random pairs, rounding).
nlohmann::json merge_check_reports(const std::vector<nlohmann::json>& shards, const std::vector<std::string>& names);

}  // namespace sonnx::check

#endif  // SONNX_CHECK_MERGE_HPP
