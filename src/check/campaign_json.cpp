// The campaign's JSON report, written and read back (campaign_json.hpp).
#include "sonnx/check/campaign_json.hpp"

#include <algorithm>
#include <cmath>

#include "json_input.hpp"
#include "sonnx/check/profile_rules.hpp"
#include "sonnx/check/report_json.hpp"
#include "sonnx/oracle/element_words.hpp"
#include "sonnx/oracle/float_oracle.hpp"
#include "sonnx/oracle/int_oracle.hpp"
#include "sonnx/text/element_text.hpp"

namespace sonnx::check {

namespace {

using json_input::fail;
using json_input::Object;
using json_input::option;
using json_input::shown;
using nlohmann::json;

constexpr std::size_t kMaxExamples = 10U;  // the campaign keeps its first ten mismatches (run_campaign)
const char* const kThreadsNote = " (the result does not depend on it)";

std::string text_of(std::uint64_t number) { return std::to_string(number); }

const char* mode_name(oracle::CampaignMode mode) {
    return (mode == oracle::CampaignMode::exhaustive) ? "exhaustive" : "sampled";
}

// The oracle's side of an example's text, as the campaign writes it.
std::string oracle_text(const oracle::CampaignPlan& plan, std::uint64_t a, std::uint64_t b) {
    const oracle::ElementTraits t = oracle::element_traits(plan.type);
    if (t.is_float) {
        oracle::FloatOracle exact(oracle::float_format(plan.type));
        return text::element_text(plan.type, exact.quotient(a, b));
    }
    oracle::IntOracle exact;
    const oracle::IntQuotient q = t.is_signed ? exact.signed_quotient(plan.type, static_cast<std::int64_t>(a),
                                                                      static_cast<std::int64_t>(b), plan.rounding)
                                              : exact.unsigned_quotient(plan.type, a, b);
    if (q.verdict == oracle::IntVerdict::zero_divisor) {
        return "zero divisor (DIV-INT-C3)";
    }
    if (q.verdict == oracle::IntVerdict::overflow) {
        return "overflow (DIV-INT-D2)";
    }
    return text::element_text(plan.type, t.is_signed ? static_cast<std::uint64_t>(q.signed_value) : q.unsigned_value);
}

// Each example at its position: the operands the plan puts there, then
// "core ...", then the oracle's answer for them (BlockChecker's text).
void check_examples(const CampaignRecord& record) {
    const oracle::CampaignPlan& plan = record.plan;
    const oracle::CampaignResult& result = record.result;
    const oracle::ShardRange blocks = oracle::planned_blocks(plan);
    for (std::size_t k = 0U; k < result.examples.size(); ++k) {
        const std::string where = "/example_positions/" + text_of(k);
        const auto [block, index] = result.example_positions[k];
        if ((block < blocks.first) || (block >= blocks.end) || (index >= oracle::pairs_in_block(plan, block))) {
            fail(where, "(" + text_of(block) + ", " + text_of(index) + ") is no pair of this shard's blocks [" +
                            text_of(blocks.first) + ", " + text_of(blocks.end) + ")");
        }
        if ((k > 0U) && (result.example_positions[k - 1U] >= result.example_positions[k])) {
            fail(where, "out of order: the campaign keeps its first mismatches in pair order, each once");
        }
    }
    for (std::size_t k = 0U; k < result.examples.size(); ++k) {
        const auto [block, index] = result.example_positions[k];
        const auto [a, b] = oracle::planned_pair(plan, block, index);
        const std::string head = std::string(element_type_name(plan.type)) + " " +
                                 text::element_value_text(plan.type, a) + " / " +
                                 text::element_value_text(plan.type, b) + ": core ";
        const std::string tail = ", oracle " + oracle_text(plan, a, b);
        const std::string& given = result.examples[k];
        const bool ok = (given.size() > head.size() + tail.size()) && (given.compare(0U, head.size(), head) == 0) &&
                        (given.compare(given.size() - tail.size(), tail.size(), tail) == 0);
        if (!ok) {
            fail("/examples/" + text_of(k), shown(json(given)) + " is not a mismatch of the pair at (" +
                                                text_of(block) + ", " + text_of(index) + "): \"" + head +
                                                "...\" and \"" + tail + "\"");
        }
    }
}

}  // namespace

// [impl->req~div-cli-d17~1]
std::vector<std::pair<std::string, std::string>> campaign_options_in_force(const DivOptions& profile,
                                                                           const oracle::CampaignPlan& plan) {
    std::vector<std::pair<std::string, std::string>> options = options_in_force(profile);
    options.emplace_back("mode", mode_name(plan.mode));
    if (plan.mode == oracle::CampaignMode::sampled) {
        options.emplace_back("random", text_of(plan.random_pairs));
        options.emplace_back("seed", text_of(plan.seed));
    }
    options.emplace_back("shard", text_of(plan.shard_index) + "/" + text_of(plan.shard_count));
    options.emplace_back("threads", std::to_string(plan.threads) + kThreadsNote);
    return options;
}

// [impl->req~div-cli-d8~2]
// [impl->req~div-cli-d20~2]
json campaign_json(const CampaignRecord& record) {
    const oracle::CampaignPlan& plan = record.plan;
    json j;
    j["command"] = "campaign";
    j["provenance"] = provenance_json(record.provenance);
    j["type"] = element_type_name(plan.type);
    j["mode"] = mode_name(plan.mode);
    if (plan.mode == oracle::CampaignMode::sampled) {
        j["seed"] = plan.seed;
        j["random_pairs"] = plan.random_pairs;
    }
    if (type_class(plan.type) == TypeClass::integer) {
        j["int_rounding"] = rounding_name(plan.rounding);
    }
    j["threads"] = plan.threads;
    j["pairs"] = record.result.pairs;
    j["mismatches"] = record.result.mismatches;
    j["examples"] = record.result.examples;
    j["example_positions"] = record.result.example_positions;  // (block, index): the merge's order
    if (plan.shard_count > 1U) {
        j["shard"] = {{"index", plan.shard_index}, {"count", plan.shard_count}};
    }
    j["seconds"] = record.result.seconds;
    return j;
}

// [impl->req~div-cli-d20~2]
CampaignRecord read_campaign_json(const json& report) {
    const Object top(report, "");
    if (top.has("merged_from")) {
        fail("/merged_from", "a merged report, not a shard's: merge the shards' own reports");
    }
    if (top.text("command") != "campaign") {
        fail("/command", shown(top.at("command")) + ": not the report of campaign");
    }
    CampaignRecord record;
    record.provenance = json_input::read_provenance(top.at("provenance"), "/provenance", "campaign");
    if (!record.provenance.inputs.empty()) {
        fail("/provenance/inputs", "a campaign reads no file");
    }
    oracle::CampaignPlan& plan = record.plan;
    record.profile = json_input::profile_from_options(record.provenance);
    plan.rounding = rounding_of(record.profile);
    plan.type = top.type("type");
    const std::string where = "/provenance/options/";
    const std::string& mode = option(record.provenance, "mode");
    if ((mode != "exhaustive") && (mode != "sampled")) {
        fail(where + "mode", shown(json(mode)) + " is not exhaustive or sampled");
    }
    plan.mode = (mode == "exhaustive") ? oracle::CampaignMode::exhaustive : oracle::CampaignMode::sampled;
    if ((plan.mode == oracle::CampaignMode::exhaustive) && !oracle::supports_exhaustive(plan.type)) {
        fail(where + "mode", std::string("exhaustive, but ") + element_type_name(plan.type) +
                                 " has more than 2^32 pairs: no such campaign runs");
    }
    if (plan.mode == oracle::CampaignMode::sampled) {
        const std::optional<std::uint64_t> random = json_input::decimal(option(record.provenance, "random"),
                                                                        oracle::kMaxRandomPairs);
        const std::optional<std::uint64_t> seed = json_input::decimal(option(record.provenance, "seed"), UINT64_MAX);
        if (!random.has_value()) {
            fail(where + "random",
                 shown(json(option(record.provenance, "random"))) + " is not a whole number from 0 to 2^60");
        }
        if (!seed.has_value()) {
            fail(where + "seed", shown(json(option(record.provenance, "seed"))) + " is not a whole number below 2^64");
        }
        plan.random_pairs = *random;
        plan.seed = *seed;
    }
    const std::optional<Shard> shard = parse_shard(option(record.provenance, "shard"));
    if (!shard.has_value()) {
        fail(where + "shard",
             shown(json(option(record.provenance, "shard"))) + " is not K/N with 0 <= K < N <= " + text_of(kMaxShards));
    }
    plan.shard_index = shard->index;
    plan.shard_count = shard->count;
    plan.threads = static_cast<unsigned>(top.whole("threads", kMaxThreads));
    if (plan.threads == 0U) {
        fail(top.where("threads"), "0: a campaign runs on 1 to " + text_of(kMaxThreads) + " threads");
    }
    oracle::CampaignResult& result = record.result;
    result.pairs = top.whole("pairs");
    const std::uint64_t planned = oracle::planned_pairs(plan);
    if (result.pairs != planned) {
        fail(top.where("pairs"), text_of(result.pairs) + ", but the plan gives shard " + text_of(plan.shard_index) +
                                     "/" + text_of(plan.shard_count) + " " + text_of(planned) + " pairs");
    }
    result.mismatches = top.whole("mismatches", result.pairs);
    const json& examples = top.array("examples");
    const json& positions = top.array("example_positions");
    const std::uint64_t kept = std::min<std::uint64_t>(kMaxExamples, result.mismatches);
    if ((examples.size() != kept) || (positions.size() != kept)) {
        fail(top.where("examples"), text_of(examples.size()) + " examples at " + text_of(positions.size()) +
                                        " positions; the campaign keeps min(10, mismatches) = " + text_of(kept));
    }
    for (std::size_t k = 0U; k < examples.size(); ++k) {
        result.examples.push_back(json_input::text(examples[k], top.where("examples") + "/" + text_of(k)));
        const std::string at = top.where("example_positions") + "/" + text_of(k);
        const json& position = json_input::array(positions[k], at);
        if (position.size() != 2U) {
            fail(at, "not a (block, index) pair");
        }
        result.example_positions.emplace_back(json_input::whole(position[0], at + "/0"),
                                              json_input::whole(position[1], at + "/1"));
    }
    const json& seconds = top.at("seconds");
    if (!seconds.is_number_float() || !std::isfinite(seconds.get<double>()) || std::signbit(seconds.get<double>())) {
        fail(top.where("seconds"), shown(seconds) + " is not a time in seconds (a finite double, 0 or above)");
    }
    result.seconds = seconds.get<double>();
    // The options and every derived field as the writer writes them.
    record.provenance.options = campaign_options_in_force(record.profile, plan);
    json_input::require_as_written(report, campaign_json(record));
    check_examples(record);
    return record;
}

}  // namespace sonnx::check
