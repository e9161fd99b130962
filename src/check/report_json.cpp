#include "sonnx/check/report_json.hpp"

#include <cmath>

#include "sonnx/check/profile_rules.hpp"
#include "sonnx/check/report_text.hpp"
#include "sonnx/oracle/element_words.hpp"
#include "sonnx/text/element_text.hpp"
#include "sonnx/text/shape_text.hpp"
#include "sonnx/text/status_text.hpp"

namespace sonnx::check {

namespace {

bool is_float(ElementType type) {
    return (static_cast<std::uint8_t>(type) < kElementTypeCount) && oracle::element_traits(type).is_float;
}

nlohmann::json ulps_json(double ulps) { return std::isinf(ulps) ? nlohmann::json("inf") : nlohmann::json(ulps); }

const char* undefined_reason(StatusCode reason) {
    return (reason == StatusCode::zero_divisor) ? "zero divisor" : "MIN / -1";
}

const InputRecord* input_of(const Provenance& provenance, const char* role) {
    for (const InputRecord& input : provenance.inputs) {
        if (input.role == role) {
            return &input;
        }
    }
    return nullptr;
}

}  // namespace

// [impl->req~div-cli-d17~1]
nlohmann::json provenance_json(const Provenance& p) {
    nlohmann::json j;
    j["tool"] = "sonnx-div";
    j["version"] = p.version;
    j["revision"] = p.revision;
    j["compiler"] = p.compiler;
    j["date"] = p.date;
    j["command"] = p.command;
    j["command_line"] = p.command_line;
    nlohmann::json options = nlohmann::json::object();
    for (const auto& [name, value] : p.options) {
        options[name] = value;
    }
    j["options"] = options;
    nlohmann::json inputs = nlohmann::json::array();
    for (const InputRecord& in : p.inputs) {
        inputs.push_back({{"role", in.role},
                          {"path", in.path},
                          {"sha256", in.sha256},
                          {"stored_type", element_type_name(in.stored)},
                          {"read_as", element_type_name(in.read_as)},
                          {"shape", in.dims}});
    }
    j["inputs"] = inputs;
    return j;
}

// [impl->req~div-cli-d6~3]
// [impl->req~div-cli-d17~1]
// [impl->req~div-cli-d14~1]
nlohmann::json report_json(const CheckRecord& record) {
    const Report& r = record.report;
    const Settings& settings = record.settings;
    const bool floating = is_float(r.type);
    nlohmann::json j;
    j["command"] = "check";
    j["provenance"] = provenance_json(record.provenance);
    j["type"] = element_type_name(r.type);
    j["shape"] = record.y_dims;
    j["acceptance"] = floating ? acceptance_name(settings.accept) : "exact";
    if (settings.accept.level == Acceptance::ulps) {
        j["acceptance_ulps"] = settings.accept.max_ulps;
    }
    if (settings.shard.count > 1U) {
        // [impl->req~div-cli-d20~2]
        j["shard"] = {{"index", settings.shard.index}, {"count", settings.shard.count}};
    }
    if (!floating) {
        j["int_rounding"] = rounding_name(rounding_of(settings.profile));
        j["undefined_policy"] = (undefined_policy(settings) == UndefinedPolicy::list) ? "list" : "refuse";
    }
    if (!r.precondition.is_ok()) {
        j["precondition"] = {{"status", status_code_name(r.precondition.code)},
                             {"requirement", requirement_name(r.precondition.requirement)},
                             {"operand", operand_name(r.precondition.operand)},
                             {"index", r.precondition.index},
                             {"message", record.precondition_message}};
        j["conforming_result"] = false;
        return j;
    }
    j["precondition"] = nullptr;
    j["hints"] = record.hints;
    if (!r.candidate_mismatch.is_ok()) {
        const InputRecord* y = input_of(record.provenance, "Y");
        j["candidate_mismatch"] = {{"y_type", (y != nullptr) ? element_type_name(y->read_as) : "?"},
                                   {"y_shape", (y != nullptr) ? y->dims : std::vector<std::uint64_t>{}},
                                   {"expected_type", element_type_name(r.type)},
                                   {"expected_shape", record.y_dims},
                                   {"message", candidate_text(record)}};
        j["elements"] = r.elements;
        j["nonconforming"] = r.elements;
        j["conforming_result"] = false;
        return j;
    }
    j["candidate_mismatch"] = nullptr;
    j["elements"] = r.elements;
    j["conforming"] = r.conforming;
    j["nonconforming"] = nonconforming(r);
    j["undefined"] = r.undefined;
    j["exact_matches"] = r.exact_matches;
    if (floating) {
        j["special_value_mismatches"] = r.special_mismatches;
        j["flush_to_zero"] = r.flushed;
        j["max_ulp_error"] = ulps_json(r.max_ulps);
    } else {
        j["max_error"] = r.max_error_units;  // |Y - Q|, an exact integer
        j["other_rounding_matches"] = r.other_rounding_matches;
    }
    nlohmann::json histogram = nlohmann::json::array();
    for (std::size_t k = 0; k < kHistogramBuckets; ++k) {
        histogram.push_back({{"bucket", histogram_bucket_name(k)}, {"count", r.histogram[k]}});
    }
    j["histogram"] = histogram;
    nlohmann::json worst = nlohmann::json::array();
    for (const ElementCheck& e : r.worst) {
        nlohmann::json element = {{"index", e.index},
                                  {"position", text::position_text(e.index, record.y_dims)},
                                  {"a", text::element_text(r.type, e.a)},
                                  {"b", text::element_text(r.type, e.b)},
                                  {"y", text::element_text(r.type, e.candidate)},
                                  {"expected", text::element_text(r.type, e.expected)},
                                  {"a_value", text::value_text(r.type, e.a)},
                                  {"b_value", text::value_text(r.type, e.b)},
                                  {"y_value", text::value_text(r.type, e.candidate)},
                                  {"expected_value", text::value_text(r.type, e.expected)},
                                  {"conforming", e.conforming}};
        if (floating) {
            element["ulp_error"] = ulps_json(e.ulps);
            element["special_mismatch"] = e.special_mismatch;
            element["flush_to_zero"] = !e.conforming && e.flushed;
        } else {
            element["error"] = e.error_units;
        }
        worst.push_back(element);
    }
    j["worst"] = worst;
    nlohmann::json undefined = nlohmann::json::array();
    for (const UndefinedElement& e : r.undefined_elements) {
        undefined.push_back({{"index", e.index},
                             {"position", text::position_text(e.index, record.y_dims)},
                             {"a", text::element_text(r.type, e.a)},
                             {"b", text::element_text(r.type, e.b)},
                             {"y", text::element_text(r.type, e.candidate)},
                             {"reason", undefined_reason(e.reason)}});
    }
    j["undefined_elements"] = undefined;
    j["failed_requirements"] = r.failed_requirements;
    j["conforming_result"] = conforms(r);
    return j;
}

}  // namespace sonnx::check
