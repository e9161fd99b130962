// `sonnx-div merge` over the report model: shards read back and verified,
// then merged as the judge's threads are (DIV-CLI-D20).
#include "sonnx/check/merge.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "sonnx/check/campaign_json.hpp"
#include "sonnx/check/report_json.hpp"
#include "sonnx/text/shape_text.hpp"

namespace sonnx::check {

namespace {

using nlohmann::json;

[[noreturn]] void refuse(const std::string& why) { throw MergeError(why); }

std::string text_of(std::uint64_t number) { return std::to_string(number); }

// One build made every shard: a verdict pieced together from two builds'
// judgements is one no build gave. The compiler may differ; merged_from
// keeps each shard's.
void require_one_build(const std::vector<const Provenance*>& made, const std::vector<std::string>& names) {
    for (std::size_t k = 1U; k < made.size(); ++k) {
        for (const auto& [what, x, y] : {std::tuple<const char*, const std::string*, const std::string*>{
                                             "version", &made[k]->version, &made[0]->version},
                                         {"revision", &made[k]->revision, &made[0]->revision}}) {
            if (*x != *y) {
                refuse(names[k] + " was made by sonnx-div " + what + " " + *x + ", " + names[0] + " by " + what + " " +
                       *y + ": the shards of one check come from one build");
            }
        }
    }
}

// The options in force but the shard and the threads, which change no report.
std::vector<std::pair<std::string, std::string>> identity_options(const Provenance& provenance) {
    std::vector<std::pair<std::string, std::string>> options;
    for (const auto& option : provenance.options) {
        if ((option.first != "shard") && (option.first != "threads")) {
            options.push_back(option);
        }
    }
    return options;
}

std::string option_difference(const Provenance& x, const Provenance& y) {
    const auto ox = identity_options(x);
    const auto oy = identity_options(y);
    for (std::size_t k = 0U; k < std::max(ox.size(), oy.size()); ++k) {
        if ((k >= ox.size()) || (k >= oy.size()) || (ox[k] != oy[k])) {
            const auto& o = (k < ox.size()) ? ox[k] : oy[k];
            return "the option " + o.first + " differs";
        }
    }
    return "";
}

// What makes two records shards of different checks, "" when nothing does.
std::string check_difference(const CheckRecord& x, const CheckRecord& y) {
    for (std::size_t k = 0U; k < x.provenance.inputs.size(); ++k) {
        const InputRecord& a = x.provenance.inputs[k];
        const InputRecord& b = y.provenance.inputs[k];
        if (a.sha256 != b.sha256) {
            return a.role + "'s SHA-256 differs (" + a.sha256 + ", " + b.sha256 + ")";
        }
        if ((a.stored != b.stored) || (a.read_as != b.read_as) || (a.dims != b.dims)) {
            return a.role + "'s type or shape differs";
        }
    }
    const std::string options = option_difference(x.provenance, y.provenance);
    if (!options.empty()) {
        return options;
    }
    if ((x.settings.accept.level != y.settings.accept.level) ||
        (x.settings.accept.max_ulps != y.settings.accept.max_ulps)) {
        return "the acceptance differs";  // an integer check's acceptance_ulps
    }
    return "";
}

// The shards' positions in index order: indices 0 to N-1 of one N, each once.
// The reader holds each shard's index below its own N (K/N with K < N), so
// once the N agree every index has its place in `order`.
std::vector<std::size_t> shard_order(const std::vector<Shard>& shards, const std::vector<std::string>& names) {
    const std::uint64_t count = shards[0].count;
    if (shards.size() != count) {
        refuse(text_of(shards.size()) + " reports for " + text_of(count) + " shards: give every shard's report once");
    }
    std::vector<std::size_t> order(shards.size(), shards.size());
    for (std::size_t k = 0U; k < shards.size(); ++k) {
        const Shard& s = shards[k];
        if ((s.count != count) || (order[static_cast<std::size_t>(s.index)] != shards.size())) {
            refuse(names[k] + " is shard " + text_of(s.index) + "/" + text_of(s.count) +
                   ": the reports must be the shards 0 to N-1 of N, each once");
        }
        order[static_cast<std::size_t>(s.index)] = k;
    }
    return order;
}

std::uint64_t checked_sum(std::uint64_t x, std::uint64_t y, const char* what) {
    if (x > UINT64_MAX - y) {
        refuse(std::string("the shards' ") + what + " sum past 2^64 - 1");
    }
    return x + y;
}

json merge_checks(const std::vector<json>& shards, const std::vector<std::string>& names) {
    std::vector<CheckRecord> records;
    for (std::size_t k = 0U; k < shards.size(); ++k) {
        try {
            records.push_back(read_report_json(shards[k]));
        } catch (const ReportError& error) { refuse(names[k] + ": " + error.what()); }
    }
    std::vector<const Provenance*> made;
    std::vector<Shard> indices;
    for (std::size_t k = 0U; k < records.size(); ++k) {
        made.push_back(&records[k].provenance);
        indices.push_back(records[k].settings.shard);
        const std::string difference = check_difference(records[k], records[0]);
        if (!difference.empty()) {
            refuse(names[k] + " is a shard of another check than " + names[0] + ": " + difference);
        }
    }
    require_one_build(made, names);
    const std::vector<std::size_t> order = shard_order(indices, names);
    CheckRecord merged = records[order[0]];
    for (std::size_t k = 1U; k < order.size(); ++k) {
        try {
            merge_into(merged.report, records[order[k]].report, merged.settings.worst);
        } catch (const std::overflow_error& error) {
            refuse(error.what());
        } catch (const std::invalid_argument& error) { refuse(names[order[k]] + ": " + error.what()); }
    }
    // A stop at an element: the message of the shard that stopped there
    // (the operands' own preconditions stop every shard alike).
    for (const std::size_t k : order) {
        const Status& p = records[k].report.precondition;
        const Status& q = merged.report.precondition;
        if (!q.is_ok() && (p.code == q.code) && (p.requirement == q.requirement) && (p.operand == q.operand) &&
            (p.index == q.index)) {
            merged.precondition_message = records[k].precondition_message;
            break;
        }
    }
    merged.settings.shard = Shard{};
    merged.hints = record_hints(merged);
    json report = report_json(merged);
    report.erase("provenance");
    return report;
}

json merge_campaigns(const std::vector<json>& shards, const std::vector<std::string>& names) {
    std::vector<CampaignRecord> records;
    for (std::size_t k = 0U; k < shards.size(); ++k) {
        try {
            records.push_back(read_campaign_json(shards[k]));
        } catch (const ReportError& error) { refuse(names[k] + ": " + error.what()); }
    }
    std::vector<const Provenance*> made;
    std::vector<Shard> indices;
    for (std::size_t k = 0U; k < records.size(); ++k) {
        made.push_back(&records[k].provenance);
        indices.push_back(Shard{records[k].plan.shard_index, records[k].plan.shard_count});
        const std::string difference = option_difference(records[k].provenance, records[0].provenance);
        if (!difference.empty() || (records[k].plan.type != records[0].plan.type)) {
            refuse(names[k] + " is a shard of another campaign than " + names[0] + ": " +
                   (difference.empty() ? std::string("the type differs") : difference));
        }
    }
    require_one_build(made, names);
    const std::vector<std::size_t> order = shard_order(indices, names);
    CampaignRecord merged = records[order[0]];
    oracle::CampaignResult& result = merged.result;
    std::vector<std::pair<std::pair<std::uint64_t, std::uint64_t>, std::string>> examples;
    result = oracle::CampaignResult{};
    for (const std::size_t k : order) {
        const oracle::CampaignResult& part = records[k].result;
        result.pairs = checked_sum(result.pairs, part.pairs, "pairs");
        result.mismatches = checked_sum(result.mismatches, part.mismatches, "mismatches");
        result.seconds += part.seconds;  // time spent, not elapsed
        for (std::size_t e = 0U; e < part.examples.size(); ++e) {
            examples.emplace_back(part.example_positions[e], part.examples[e]);
        }
    }
    std::sort(examples.begin(), examples.end());
    for (std::size_t e = 0U; (e < examples.size()) && (e < 10U); ++e) {  // as run_campaign keeps them
        result.example_positions.push_back(examples[e].first);
        result.examples.push_back(examples[e].second);
    }
    merged.plan.shard_index = 0U;
    merged.plan.shard_count = 1U;
    if (!std::isfinite(result.seconds) || (result.pairs != oracle::planned_pairs(merged.plan))) {
        refuse("the shards' pairs (" + text_of(result.pairs) + ") are not the campaign's (" +
               text_of(oracle::planned_pairs(merged.plan)) + "), or their time is not finite");
    }
    json report = campaign_json(merged);
    report.erase("provenance");
    return report;
}

}  // namespace

// [impl->req~div-cli-d20~2]
json merge_check_reports(const std::vector<json>& shards, const std::vector<std::string>& names) {
    if (shards.empty()) {
        refuse("no report given");
    }
    const json& first = shards[0];
    const bool campaign = first.is_object() && (first.value("command", json()) == "campaign");
    return campaign ? merge_campaigns(shards, names) : merge_checks(shards, names);
}

}  // namespace sonnx::check
