#include "sonnx/check/merge.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

#include "sonnx/check/hints.hpp"
#include "sonnx/text/type_names.hpp"

namespace sonnx::check {

namespace {

using nlohmann::json;

[[noreturn]] void refuse(const std::string& why) { throw MergeError("merge: " + why); }

// What must be the same in every shard of one check: the inputs' roles,
// hashes and read types, and every option in force but the shard and the
// threads (which do not change a report).
json identity(const json& report) {
    json id;
    for (const char* key :
         {"command", "type", "shape", "acceptance", "acceptance_ulps", "int_rounding", "undefined_policy"}) {
        id[key] = report.contains(key) ? report[key] : json();
    }
    json options = report.at("provenance").at("options");
    options.erase("shard");
    options.erase("threads");
    id["options"] = options;
    json inputs = json::array();
    for (const json& in : report.at("provenance").at("inputs")) {
        inputs.push_back({in.at("role"), in.at("sha256"), in.at("stored_type"), in.at("read_as"), in.at("shape")});
    }
    id["inputs"] = inputs;
    return id;
}

// An error as a number for ordering: "inf" above every finite error.
double ulps_of(const json& element) {
    const json& e = element.at("ulp_error");
    return e.is_string() ? std::numeric_limits<double>::infinity() : e.get<double>();
}

// check's order of the worst elements: largest error first (integers: the
// exact distance), then lowest index.
bool worse(const json& x, const json& y, bool floating) {
    if (floating) {
        const double ex = ulps_of(x);
        const double ey = ulps_of(y);
        if (ex != ey) {
            return ex > ey;
        }
    } else {
        const auto ex = x.at("error").get<std::uint64_t>();
        const auto ey = y.at("error").get<std::uint64_t>();
        if (ex != ey) {
            return ex > ey;
        }
    }
    return x.at("index").get<std::uint64_t>() < y.at("index").get<std::uint64_t>();
}

std::uint64_t sum(const std::vector<json>& shards, const char* key) {
    std::uint64_t total = 0U;
    for (const json& r : shards) {
        total += r.at(key).get<std::uint64_t>();
    }
    return total;
}

ElementType type_named(const json& name) {
    ElementType type{};
    if (!text::parse_type_name(name.get<std::string>(), type)) {  // any case
        refuse("unknown element type " + name.dump());
    }
    return type;
}

// The hints check gives for these totals (DIV-CLI-D18).
json hints_for(const json& merged, const json& first) {
    HintContext hints;
    const std::string profile = first.at("provenance").at("options").at("profile").get<std::string>();
    hints.profile = (profile == "onnx") ? Profile::onnx : (profile == "openvino") ? Profile::openvino : Profile::sonnx;
    hints.rounding = (first.at("provenance").at("options").at("int-rounding") == "trunc") ? IntRounding::toward_zero
                                                                                          : IntRounding::floor;
    hints.a_type = type_named(first.at("type"));
    hints.y_type = hints.a_type;
    hints.type_from_files = first.at("provenance").at("options").at("type") == "(not given)";
    Report r;
    r.type = hints.a_type;
    r.elements = merged.at("elements").get<std::uint64_t>();
    r.conforming = merged.at("conforming").get<std::uint64_t>();
    r.undefined = merged.at("undefined").get<std::uint64_t>();
    r.other_rounding_matches = merged.contains("other_rounding_matches")
                                   ? merged.at("other_rounding_matches").get<std::uint64_t>()
                                   : 0U;
    return report_hints(r, hints);
}

// The campaign's report from its shards': pairs and mismatches summed, the
// first mismatches in pair order, seconds summed (CPU spent, not elapsed).
json merge_campaigns(const std::vector<json>& ordered) {
    json merged = ordered[0];
    std::uint64_t pairs = 0U;
    std::uint64_t mismatches = 0U;
    double seconds = 0.0;
    std::vector<std::pair<std::pair<std::uint64_t, std::uint64_t>, std::string>> examples;
    for (const json& r : ordered) {
        pairs += r.at("pairs").get<std::uint64_t>();
        mismatches += r.at("mismatches").get<std::uint64_t>();
        seconds += r.at("seconds").get<double>();
        const json& texts = r.at("examples");
        const json& positions = r.at("example_positions");
        for (std::size_t k = 0U; k < texts.size(); ++k) {
            examples.emplace_back(positions.at(k).get<std::pair<std::uint64_t, std::uint64_t>>(),
                                  texts[k].get<std::string>());
        }
    }
    std::sort(examples.begin(), examples.end());
    constexpr std::size_t kMaxExamples = 10U;  // as run_campaign keeps
    json texts = json::array();
    json positions = json::array();
    for (std::size_t k = 0U; (k < examples.size()) && (k < kMaxExamples); ++k) {
        positions.push_back(examples[k].first);
        texts.push_back(examples[k].second);
    }
    merged["pairs"] = pairs;
    merged["mismatches"] = mismatches;
    merged["examples"] = texts;
    merged["example_positions"] = positions;
    merged["seconds"] = seconds;
    return merged;
}

json campaign_identity(const json& report) {
    json id;
    for (const char* key : {"command", "type", "mode", "seed", "random_pairs", "int_rounding"}) {
        id[key] = report.contains(key) ? report[key] : json();
    }
    return id;
}

}  // namespace

// [impl->req~div-cli-d20~1]
json merge_check_reports(const std::vector<json>& shards, const std::vector<std::string>& names) {
    if (shards.empty()) {
        refuse("no report given");
    }
    const bool campaign = shards[0].value("command", "") == "campaign";
    const json id = campaign ? campaign_identity(shards[0]) : identity(shards[0]);
    const std::uint64_t count = shards[0].contains("shard") ? shards[0]["shard"].value("count", 0U) : 0U;
    std::vector<const json*> by_index(static_cast<std::size_t>(std::min<std::uint64_t>(count, shards.size())), nullptr);
    for (std::size_t k = 0U; k < shards.size(); ++k) {
        const json& r = shards[k];
        if (((r.value("command", "") != "check") && (r.value("command", "") != "campaign")) || !r.contains("shard")) {
            refuse(names[k] + " is not the JSON report of check or campaign --shard K/N");
        }
        if ((campaign ? campaign_identity(r) : identity(r)) != id) {
            refuse(names[k] + " is a shard of another " + (campaign ? "campaign" : "check") + " than " + names[0] +
                   (campaign ? " (type, mode, seed, pairs or rounding differ)"
                             : " (input files, type, shape or options differ)"));
        }
        const auto index = r["shard"].at("index").get<std::uint64_t>();
        if ((r["shard"].at("count").get<std::uint64_t>() != count) || (index >= by_index.size()) ||
            (by_index[static_cast<std::size_t>(index)] != nullptr)) {
            refuse(names[k] + " is shard " + std::to_string(index) + "/" +
                   std::to_string(r["shard"].at("count").get<std::uint64_t>()) +
                   ": the reports must be the shards 0 to N-1 of N, each once");
        }
        by_index[static_cast<std::size_t>(index)] = &r;
    }
    if (by_index.size() != count) {
        refuse(std::to_string(shards.size()) + " reports for " + std::to_string(count) +
               " shards: give every shard's report once");
    }
    std::vector<json> ordered;
    for (const json* r : by_index) {  // provenance: the merge's own, and the shards' under merged_from
        ordered.push_back(*r);
        ordered.back().erase("provenance");
        ordered.back().erase("shard");
    }
    if (campaign) {
        return merge_campaigns(ordered);
    }
    // A precondition: the lowest index any shard stopped at (the operands'
    // static checks stop every shard alike).
    const json* stopped = nullptr;
    for (const json& r : ordered) {
        if (!r.at("precondition").is_null() &&
            ((stopped == nullptr) || (r["precondition"].at("index").get<std::uint64_t>() <
                                      (*stopped)["precondition"].at("index").get<std::uint64_t>()))) {
            stopped = &r;
        }
    }
    if (stopped != nullptr) {
        return *stopped;
    }
    json merged = ordered[0];
    const bool floating = merged.contains("max_ulp_error");
    merged["elements"] = sum(ordered, "elements");
    merged["nonconforming"] = sum(ordered, "nonconforming");
    if (!merged.at("candidate_mismatch").is_null()) {
        return merged;  // every shard found the same wrong Y
    }
    for (const char* key : {"conforming", "undefined", "exact_matches"}) {
        merged[key] = sum(ordered, key);
    }
    if (floating) {
        merged["special_value_mismatches"] = sum(ordered, "special_value_mismatches");
        merged["flush_to_zero"] = sum(ordered, "flush_to_zero");
        json max = ordered[0]["max_ulp_error"];
        for (const json& r : ordered) {
            const json& e = r["max_ulp_error"];
            if (e.is_string() || (!max.is_string() && (e.get<double>() > max.get<double>()))) {
                max = e;
            }
        }
        merged["max_ulp_error"] = max;
    } else {
        merged["other_rounding_matches"] = sum(ordered, "other_rounding_matches");
        std::uint64_t max = 0U;
        for (const json& r : ordered) {
            max = std::max(max, r.at("max_error").get<std::uint64_t>());
        }
        merged["max_error"] = max;
    }
    for (std::size_t b = 0U; b < merged.at("histogram").size(); ++b) {
        std::uint64_t total = 0U;
        for (const json& r : ordered) {
            total += r.at("histogram").at(b).at("count").get<std::uint64_t>();
        }
        merged["histogram"][b]["count"] = total;
    }
    const std::size_t limit = static_cast<std::size_t>(std::stoull(id["options"].at("worst").get<std::string>()));
    // Each shard kept its own worst `limit`: the run's worst are among them.
    std::vector<json> worst;
    std::vector<json> undefined;
    std::vector<std::string> failed;
    for (const json& r : ordered) {
        worst.insert(worst.end(), r.at("worst").begin(), r.at("worst").end());
        undefined.insert(undefined.end(), r.at("undefined_elements").begin(), r.at("undefined_elements").end());
        for (const json& f : r.at("failed_requirements")) {
            failed.push_back(f.get<std::string>());
        }
    }
    std::sort(worst.begin(), worst.end(), [floating](const json& x, const json& y) { return worse(x, y, floating); });
    worst.resize(std::min(worst.size(), limit));
    std::sort(undefined.begin(), undefined.end(), [](const json& x, const json& y) {
        return x.at("index").get<std::uint64_t>() < y.at("index").get<std::uint64_t>();
    });
    undefined.resize(std::min(undefined.size(), limit));
    std::sort(failed.begin(), failed.end());
    failed.erase(std::unique(failed.begin(), failed.end()), failed.end());
    merged["worst"] = worst;
    merged["undefined_elements"] = undefined;
    merged["failed_requirements"] = failed;
    merged["hints"] = hints_for(merged, shards[0]);
    merged["conforming_result"] = (merged["nonconforming"].get<std::uint64_t>() == 0U);
    return merged;
}

}  // namespace sonnx::check
