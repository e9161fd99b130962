#include "check_report.hpp"

#include <cmath>
#include <cstdio>

#include "operator_options.hpp"
#include "sonnx/oracle/element_words.hpp"
#include "status_text.hpp"

namespace sonnx::cli {

namespace {

std::string ulps_text(double ulps) {
    if (std::isinf(ulps)) {
        return "inf";
    }
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", ulps);
    return text;
}

nlohmann::json ulps_json(double ulps) { return std::isinf(ulps) ? nlohmann::json("inf") : nlohmann::json(ulps); }

std::string word_text(ElementType type, std::uint64_t word) {
    const oracle::ElementTraits traits = oracle::element_traits(type);
    return traits.is_float ? oracle::element_text(traits, word) + " (" + oracle::value_text(traits, type, word) + ")"
                           : oracle::element_text(traits, word);
}

bool is_float(ElementType type) { return type_class(type) == TypeClass::floating; }

bool all_conform(const oracle::ConformanceReport& report) {
    return report.precondition.is_ok() && (oracle::nonconforming(report) == 0U);
}

const char* undefined_reason(StatusCode reason) {
    return (reason == StatusCode::zero_divisor) ? "zero divisor" : "MIN / -1";
}

}  // namespace

// [impl->req~div-cli-d6~1]
void print_check_report(std::ostream& out, const CheckInputs& in, const oracle::ConformanceReport& r) {
    const bool floating = is_float(r.type);
    out << "check: " << element_type_name(r.type) << " " << io::shape_text(in.a.dims) << ", " << r.elements
        << " elements, acceptance "
        << (floating ? oracle::acceptance_name(in.options.accept) : "exact (integers)");
    if (!floating) {
        out << ", rounding " << rounding_name(in.options.rounding);
    }
    out << "\n";
    out << "conforming: " << r.conforming << " of " << r.elements << " (" << oracle::nonconforming(r)
        << " non-conforming";
    if (in.options.list_undefined && !floating) {
        out << ", " << r.undefined << " undefined";
    }
    out << ")\n";
    out << "bit-exact: " << r.exact_matches << "\n";
    if (floating) {
        out << "special-value mismatches (NaN, infinity, signed zero): " << r.special_mismatches << "\n";
    }
    out << "max error: " << ulps_text(r.max_ulps) << (floating ? " ulp\n" : " (integer units)\n");
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
            out << "  " << element_position(e.index, in.a.dims) << ": A = " << word_text(r.type, e.a)
                << ", B = " << word_text(r.type, e.b) << ", Y = " << word_text(r.type, e.candidate)
                << ", expected " << word_text(r.type, e.expected) << ", error " << ulps_text(e.ulps)
                << (floating ? " ulp" : "") << (e.conforming ? "" : ", NON-CONFORMING") << "\n";
        }
    }
    // [impl->req~div-cli-d14~1]
    if (!r.undefined_elements.empty()) {
        out << "undefined elements (no defined result: not judged, not conforming):\n";
        for (const oracle::UndefinedElement& e : r.undefined_elements) {
            out << "  " << element_position(e.index, in.a.dims) << ": A = " << word_text(r.type, e.a)
                << ", B = " << word_text(r.type, e.b) << ", Y = " << word_text(r.type, e.candidate) << ", "
                << undefined_reason(e.reason) << "\n";
        }
    }
    if (!r.failed_requirements.empty()) {
        out << "failed requirements:";
        for (const std::string& id : r.failed_requirements) {
            out << " " << id;
        }
        out << "\n";
    }
    out << "result: " << (all_conform(r) ? "CONFORMING" : "NOT CONFORMING");
    if (r.undefined > 0U) {
        out << " (" << r.undefined << " undefined elements not judged)";
    }
    out << "\n";
}

// [impl->req~div-cli-d6~1]
// [impl->req~div-cli-d14~1]
nlohmann::json check_report_json(const CheckInputs& in, const oracle::ConformanceReport& r) {
    const oracle::ElementTraits traits = oracle::element_traits(r.type);
    nlohmann::json j;
    j["command"] = "check";
    j["type"] = element_type_name(r.type);
    j["shape"] = in.a.dims;
    j["acceptance"] = is_float(r.type) ? oracle::acceptance_name(in.options.accept) : "exact";
    if (!is_float(r.type)) {
        j["int_rounding"] = rounding_name(in.options.rounding);
        j["undefined_policy"] = in.options.list_undefined ? "list" : "refuse";
    }
    if (!r.precondition.is_ok()) {
        j["precondition"] = {{"status", status_code_name(r.precondition.code)},
                             {"requirement", requirement_name(r.precondition.requirement)},
                             {"operand", operand_name(r.precondition.operand)},
                             {"index", r.precondition.index},
                             {"message", describe_status(r.precondition, &in.a, &in.b, &in.y)}};
        j["conforming_result"] = false;
        return j;
    }
    j["precondition"] = nullptr;
    j["elements"] = r.elements;
    j["conforming"] = r.conforming;
    j["nonconforming"] = oracle::nonconforming(r);
    j["undefined"] = r.undefined;
    j["exact_matches"] = r.exact_matches;
    j["special_value_mismatches"] = r.special_mismatches;
    j["max_ulp_error"] = ulps_json(r.max_ulps);
    nlohmann::json histogram = nlohmann::json::array();
    for (std::size_t k = 0; k < oracle::kHistogramBuckets; ++k) {
        histogram.push_back({{"bucket", oracle::histogram_bucket_name(k)}, {"count", r.histogram[k]}});
    }
    j["histogram"] = histogram;
    nlohmann::json worst = nlohmann::json::array();
    for (const oracle::ElementCheck& e : r.worst) {
        worst.push_back({{"index", e.index},
                         {"position", element_position(e.index, in.a.dims)},
                         {"a", oracle::element_text(traits, e.a)},
                         {"b", oracle::element_text(traits, e.b)},
                         {"y", oracle::element_text(traits, e.candidate)},
                         {"expected", oracle::element_text(traits, e.expected)},
                         {"a_value", oracle::value_text(traits, r.type, e.a)},
                         {"b_value", oracle::value_text(traits, r.type, e.b)},
                         {"y_value", oracle::value_text(traits, r.type, e.candidate)},
                         {"expected_value", oracle::value_text(traits, r.type, e.expected)},
                         {"ulp_error", ulps_json(e.ulps)},
                         {"special_mismatch", e.special_mismatch},
                         {"conforming", e.conforming}});
    }
    j["worst"] = worst;
    nlohmann::json undefined = nlohmann::json::array();
    for (const oracle::UndefinedElement& e : r.undefined_elements) {
        undefined.push_back({{"index", e.index},
                             {"position", element_position(e.index, in.a.dims)},
                             {"a", oracle::element_text(traits, e.a)},
                             {"b", oracle::element_text(traits, e.b)},
                             {"y", oracle::element_text(traits, e.candidate)},
                             {"reason", undefined_reason(e.reason)}});
    }
    j["undefined_elements"] = undefined;
    j["failed_requirements"] = r.failed_requirements;
    j["conforming_result"] = all_conform(r);
    return j;
}

}  // namespace sonnx::cli
