#include "sonnx/check/report_text.hpp"

#include <cstdio>

#include "sonnx/check/profile_rules.hpp"
#include "sonnx/oracle/element_words.hpp"
#include "sonnx/text/element_text.hpp"
#include "sonnx/text/shape_text.hpp"

namespace sonnx::check {

namespace {

bool is_float(ElementType type) {
    return (static_cast<std::uint8_t>(type) < kElementTypeCount) && oracle::element_traits(type).is_float;
}

// Floats: the error in ulps, rounded up to a double and printed so that it
// reads back as that double; integers: |Y - Q| exactly (DIV-CLI-D6).
std::string error_text(bool floating, double ulps, std::uint64_t units) {
    return floating ? shortest_text(ulps) + " ulp" : std::to_string(units);
}

const char* undefined_reason(StatusCode reason) {
    return (reason == StatusCode::zero_divisor) ? "zero divisor" : "MIN / -1";
}

std::string input_text(const Provenance& provenance, const char* role) {
    for (const InputRecord& input : provenance.inputs) {
        if (input.role == role) {
            return std::string(element_type_name(input.read_as)) + " " + text::shape_text(input.dims);
        }
    }
    return "?";
}

}  // namespace

std::string candidate_text(const CheckRecord& record) {
    return "Y is not a candidate result: Y is " + input_text(record.provenance, "Y") + ", and A / B gives " +
           element_type_name(record.report.type) + " " + text::shape_text(record.y_dims) + " here (A " +
           input_text(record.provenance, "A") + ", B " + input_text(record.provenance, "B") + "); no element is judged";
}

// [impl->req~div-cli-d6~3]
// [impl->req~div-cli-d17~1]
void print_report(std::ostream& out, const CheckRecord& record) {
    const Report& r = record.report;
    const Settings& settings = record.settings;
    const bool floating = is_float(r.type);
    print_provenance(out, record.provenance);
    out << "check: " << element_type_name(r.type) << " " << text::shape_text(record.y_dims) << ", " << r.elements
        << " elements, acceptance " << (floating ? acceptance_name(settings.accept) : "exact (integers)");
    if (!floating) {
        out << ", rounding " << rounding_name(rounding_of(settings.profile));
    }
    if (settings.shard.count > 1U) {
        out << ", shard " << settings.shard.index << "/" << settings.shard.count;  // DIV-CLI-D20
    }
    out << "\n";
    if (!r.candidate_mismatch.is_ok()) {
        out << candidate_text(record) << "\n";
        for (const std::string& hint : record.hints) {
            out << "hint: " << hint << "\n";
        }
        out << "result: NOT CONFORMING\n";
        return;
    }
    out << "conforming: " << r.conforming << " of " << r.elements << " (" << nonconforming(r) << " non-conforming";
    if ((undefined_policy(settings) == UndefinedPolicy::list) && !floating) {
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
    for (std::size_t k = 0; k < kHistogramBuckets; ++k) {
        if (r.histogram[k] > 0U) {
            char line[64];
            std::snprintf(line, sizeof line, "  %-10s %llu\n", histogram_bucket_name(k),
                          static_cast<unsigned long long>(r.histogram[k]));
            out << line;
        }
    }
    if (!r.worst.empty()) {
        out << "worst elements:\n";
        for (const ElementCheck& e : r.worst) {
            out << "  " << text::position_text(e.index, record.y_dims)
                << ": A = " << text::element_value_text(r.type, e.a)
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
        for (const UndefinedElement& e : r.undefined_elements) {
            out << "  " << text::position_text(e.index, record.y_dims)
                << ": A = " << text::element_value_text(r.type, e.a)
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
    for (const std::string& hint : record.hints) {
        out << "hint: " << hint << "\n";
    }
    out << "result: " << (conforms(r) ? "CONFORMING" : "NOT CONFORMING");
    if (r.undefined > 0U) {
        out << " (" << r.undefined << " undefined elements not judged)";
    }
    out << "\n";
}

}  // namespace sonnx::check
