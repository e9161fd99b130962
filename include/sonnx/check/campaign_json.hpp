/// @file
/// The JSON report of `sonnx-div campaign` (DIV-CLI-D8, D20): written from a
/// record and read back with the same schema, so that `sonnx-div merge`
/// verifies campaign shards as it verifies check's.
#ifndef SONNX_CHECK_CAMPAIGN_JSON_HPP
#define SONNX_CHECK_CAMPAIGN_JSON_HPP

#include <nlohmann/json.hpp>

#include <string>
#include <utility>
#include <vector>

#include "sonnx/check/provenance.hpp"
#include "sonnx/div_options.hpp"
#include "sonnx/oracle/campaign.hpp"

namespace sonnx::check {

/// A campaign as `sonnx-div campaign --json` reports it: how it was run, its plan and its result.
struct CampaignRecord {
    Provenance provenance;      ///< options: campaign_options_in_force; no inputs
    DivOptions profile{};       ///< the operator's options given: the plan takes their rounding
    oracle::CampaignPlan plan;  ///< type, mode, random pairs, seed, rounding, threads, shard
    /// Pairs, mismatches, examples and seconds.
    oracle::CampaignResult result;
};

/// The options a campaign records: the operator's (options_in_force), the
/// mode, for a sampled campaign the random pairs and the seed, the shard and
/// the threads.
std::vector<std::pair<std::string, std::string>> campaign_options_in_force(const DivOptions& profile,
                                                                           const oracle::CampaignPlan& plan);

/// What `sonnx-div campaign --json` writes.
nlohmann::json campaign_json(const CampaignRecord& record);

/// A campaign report read back and verified (ReportError, report_json.hpp,
/// naming the field): the schema campaign_json writes and nothing else; the
/// pairs exactly the plan's share for the shard (oracle::planned_pairs);
/// mismatches at most the pairs; as many examples as the campaign keeps
/// (min(10, mismatches)), at increasing positions in the shard's blocks, each
/// naming the operands of its position in the plan and the oracle's answer
/// for them. A pure function of the JSON.
CampaignRecord read_campaign_json(const nlohmann::json& report);

}  // namespace sonnx::check

#endif  // SONNX_CHECK_CAMPAIGN_JSON_HPP
