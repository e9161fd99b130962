#include "check_report.hpp"

#include <cmath>
#include <cstdio>

#include "operator_choice.hpp"
#include "sonnx/text/element_text.hpp"
#include "sonnx/text/shape_text.hpp"
#include "sonnx/text/status_text.hpp"

namespace sonnx::cli {

namespace {

// Floats: the error in ulps, rounded up to a double and printed so that it
// reads back as that double; integers: |Y - Q| exactly (DIV-CLI-D6).
std::string error_text(bool floating, double ulps, std::uint64_t units) {
    return floating ? oracle::shortest_text(ulps) + " ulp" : std::to_string(units);
}

nlohmann::json ulps_json(double ulps) { return std::isinf(ulps) ? nlohmann::json("inf") : nlohmann::json(ulps); }

std::string candidate_text(const CheckInputs& in, const oracle::ConformanceReport& r) {
    return std::string("Y is not a candidate result: Y is ") + element_type_name(in.y.type) + " " +
           text::shape_text(in.y.dims) + ", and A / B gives " + element_type_name(r.type) + " " +
           text::shape_text(in.y_dims) + " here (A " + element_type_name(in.a.type) + " " +
           text::shape_text(in.a.dims) + ", B " + element_type_name(in.b.type) + " " + text::shape_text(in.b.dims) +
           "); no element is judged";
}

bool is_float(ElementType type) { return type_class(type) == TypeClass::floating; }

const char* undefined_reason(StatusCode reason) {
    return (reason == StatusCode::zero_divisor) ? "zero divisor" : "MIN / -1";
}

}  // namespace

CheckOperand check_operand(const io::TensorData& tensor) {
    return CheckOperand{tensor.type, tensor.dims, tensor.view()};
}

// [impl->req~div-cli-d6~2]
// [impl->req~div-cli-d17~1]
void print_check_report(std::ostream& out, const CheckInputs& in, const oracle::ConformanceReport& r) {
    const bool floating = is_float(r.type);
    print_provenance(out, in.provenance);
    out << "check: " << element_type_name(r.type) << " " << text::shape_text(in.y_dims) << ", " << r.elements
        << " elements, acceptance "
        << (floating ? oracle::acceptance_name(in.options.accept, in.options.max_ulps) : "exact (integers)");
    if (!floating) {
        out << ", rounding " << rounding_name(in.options.rounding);
    }
    if (in.options.shard_count > 1U) {
        out << ", shard " << in.options.shard_index << "/" << in.options.shard_count;  // DIV-CLI-D20
    }
    out << "\n";
    if (!r.candidate_mismatch.is_ok()) {
        out << candidate_text(in, r) << "\n";
        for (const std::string& hint : report_hints(r, in.hints)) {
            out << "hint: " << hint << "\n";
        }
        out << "result: NOT CONFORMING\n";
        return;
    }
    out << "conforming: " << r.conforming << " of " << r.elements << " (" << oracle::nonconforming(r)
        << " non-conforming";
    if (in.options.list_undefined && !floating) {
        out << ", " << r.undefined << " undefined";
    }
    out << ")\n";
    out << "bit-exact: " << r.exact_matches << "\n";
    if (floating) {
        out << "special-value mismatches (NaN, infinity, sign of a zero): " << r.special_mismatches << "\n";
        out << "flush to zero (subnormal operands read as zero, or a zero for a quotient below the smallest "
               "normal): "
            << r.flushed << "\n";
    }
    out << "max error: " << error_text(floating, r.max_ulps, r.max_error_units)
        << (floating ? "\n" : " (integer units, exact)\n");
    out << (floating ? "ulp error histogram:\n" : "error histogram:\n");
    for (std::size_t k = 0; k < oracle::kHistogramBuckets; ++k) {
        if (r.histogram[k] > 0U) {
            char line[64];
            std::snprintf(line, sizeof line, "  %-10s %llu\n", oracle::histogram_bucket_name(k),
                          static_cast<unsigned long long>(r.histogram[k]));
            out << line;
        }
    }
    if (!r.worst.empty()) {
        out << "worst elements:\n";
        for (const oracle::ElementCheck& e : r.worst) {
            out << "  " << text::position_text(e.index, in.y_dims) << ": A = " << text::element_value_text(r.type, e.a)
                << ", B = " << text::element_value_text(r.type, e.b)
                << ", Y = " << text::element_value_text(r.type, e.candidate) << ", expected "
                << text::element_value_text(r.type, e.expected) << ", error "
                << error_text(floating, e.ulps, e.error_units)
                << ((!e.conforming && e.flushed) ? ", flush to zero" : "") << (e.conforming ? "" : ", NON-CONFORMING")
                << "\n";
        }
    }
    // [impl->req~div-cli-d14~1]
    if (!r.undefined_elements.empty()) {
        out << "undefined elements (no defined result: not judged, not conforming):\n";
        for (const oracle::UndefinedElement& e : r.undefined_elements) {
            out << "  " << text::position_text(e.index, in.y_dims) << ": A = " << text::element_value_text(r.type, e.a)
                << ", B = " << text::element_value_text(r.type, e.b)
                << ", Y = " << text::element_value_text(r.type, e.candidate) << ", " << undefined_reason(e.reason)
                << "\n";
        }
    }
    if (!r.failed_requirements.empty()) {
        out << "failed requirements:";
        for (const std::string& id : r.failed_requirements) {
            out << " " << id;
        }
        out << "\n";
    }
    for (const std::string& hint : report_hints(r, in.hints)) {
        out << "hint: " << hint << "\n";
    }
    out << "result: " << (oracle::conforms(r) ? "CONFORMING" : "NOT CONFORMING");
    if (r.undefined > 0U) {
        out << " (" << r.undefined << " undefined elements not judged)";
    }
    out << "\n";
}

// [impl->req~div-cli-d6~2]
// [impl->req~div-cli-d17~1]
// [impl->req~div-cli-d14~1]
nlohmann::json check_report_json(const CheckInputs& in, const oracle::ConformanceReport& r) {
    const bool floating = is_float(r.type);
    nlohmann::json j;
    j["command"] = "check";
    j["provenance"] = provenance_json(in.provenance);
    j["type"] = element_type_name(r.type);
    j["shape"] = in.y_dims;
    j["acceptance"] = floating ? oracle::acceptance_name(in.options.accept, in.options.max_ulps) : "exact";
    if (in.options.accept == oracle::Acceptance::ulps) {
        j["acceptance_ulps"] = in.options.max_ulps;
    }
    if (in.options.shard_count > 1U) {
        // [impl->req~div-cli-d20~1]
        j["shard"] = {{"index", in.options.shard_index}, {"count", in.options.shard_count}};
    }
    if (!is_float(r.type)) {
        j["int_rounding"] = rounding_name(in.options.rounding);
        j["undefined_policy"] = in.options.list_undefined ? "list" : "refuse";
    }
    if (!r.precondition.is_ok()) {
        j["precondition"] = {{"status", status_code_name(r.precondition.code)},
                             {"requirement", requirement_name(r.precondition.requirement)},
                             {"operand", operand_name(r.precondition.operand)},
                             {"index", r.precondition.index},
                             {"message", text::violation_message(r.precondition, &in.a.view, &in.b.view, &in.y.view)}};
        j["conforming_result"] = false;
        return j;
    }
    j["precondition"] = nullptr;
    j["hints"] = report_hints(r, in.hints);
    if (!r.candidate_mismatch.is_ok()) {
        j["candidate_mismatch"] = {{"y_type", element_type_name(in.y.type)},
                                   {"y_shape", in.y.dims},
                                   {"expected_type", element_type_name(r.type)},
                                   {"expected_shape", in.y_dims},
                                   {"message", candidate_text(in, r)}};
        j["elements"] = r.elements;
        j["nonconforming"] = r.elements;
        j["conforming_result"] = false;
        return j;
    }
    j["candidate_mismatch"] = nullptr;
    j["elements"] = r.elements;
    j["conforming"] = r.conforming;
    j["nonconforming"] = oracle::nonconforming(r);
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
    for (std::size_t k = 0; k < oracle::kHistogramBuckets; ++k) {
        histogram.push_back({{"bucket", oracle::histogram_bucket_name(k)}, {"count", r.histogram[k]}});
    }
    j["histogram"] = histogram;
    nlohmann::json worst = nlohmann::json::array();
    for (const oracle::ElementCheck& e : r.worst) {
        nlohmann::json element = {{"index", e.index},
                                  {"position", text::position_text(e.index, in.y_dims)},
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
    for (const oracle::UndefinedElement& e : r.undefined_elements) {
        undefined.push_back({{"index", e.index},
                             {"position", text::position_text(e.index, in.y_dims)},
                             {"a", text::element_text(r.type, e.a)},
                             {"b", text::element_text(r.type, e.b)},
                             {"y", text::element_text(r.type, e.candidate)},
                             {"reason", undefined_reason(e.reason)}});
    }
    j["undefined_elements"] = undefined;
    j["failed_requirements"] = r.failed_requirements;
    j["conforming_result"] = oracle::conforms(r);
    return j;
}

}  // namespace sonnx::cli
