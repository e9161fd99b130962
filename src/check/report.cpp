// The report model's one merge, and its derived figures.
#include "sonnx/check/report.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>

namespace sonnx::check {

namespace {

std::uint64_t checked_sum(std::uint64_t x, std::uint64_t y) {
    if (x > UINT64_MAX - y) {
        throw std::overflow_error("check: a count of the merged report would pass 2^64 - 1");
    }
    return x + y;
}

bool same_status(const Status& x, const Status& y) {
    return (x.code == y.code) && (x.requirement == y.requirement) && (x.operand == y.operand) && (x.index == y.index);
}

// A zero divisor or MIN / -1 that ended a share of the elements at its lowest
// index (UndefinedPolicy::refuse): each share stops at its own.
bool is_element_stop(const Status& status) {
    return (status.code == StatusCode::zero_divisor) || (status.code == StatusCode::overflow);
}

// A report that says only where the elements stopped.
Report stop_only(ElementType type, const Status& stop) {
    Report stopped;
    stopped.type = type;
    stopped.precondition = stop;
    return stopped;
}

}  // namespace

const char* histogram_bucket_name(std::size_t bucket) {
    constexpr const char* kNames[kHistogramBuckets] = {"0",       "(0, 0.5]",  "(0.5, 1)", "[1, 2)", "[2, 4)",
                                                       "[4, 16)", "[16, 256)", ">= 256",   "special"};
    return (bucket < kHistogramBuckets) ? kNames[bucket] : "?";
}

std::string shortest_text(double value) {
    if (std::isinf(value)) {
        return "inf";
    }
    std::string text(32U, '\0');  // the shortest round-trip form of a double takes at most 24 characters
    char* const first = &text[0];
    const std::to_chars_result r = std::to_chars(first, first + text.size(), value);
    text.resize(static_cast<std::size_t>(r.ptr - first));
    return text;
}

bool worse(const ElementCheck& x, const ElementCheck& y) {
    if (x.ulps != y.ulps) {
        return x.ulps > y.ulps;
    }
    if (x.error_units != y.error_units) {
        return x.error_units > y.error_units;
    }
    return x.index < y.index;
}

std::uint64_t nonconforming(const Report& report) { return report.elements - report.conforming - report.undefined; }

bool conforms(const Report& report) {
    return report.precondition.is_ok() && report.candidate_mismatch.is_ok() && (nonconforming(report) == 0U);
}

// [impl->req~div-cli-d20~2]
// [impl->req~div-cli-d6~3]
void merge_into(Report& into, const Report& part, std::size_t limit) {
    if (part.type != into.type) {
        throw std::invalid_argument("check: reports of two element types cannot be merged");
    }
    const bool stopped = !into.precondition.is_ok();
    const bool part_stopped = !part.precondition.is_ok();
    if (stopped || part_stopped) {
        if (stopped && part_stopped && is_element_stop(into.precondition) && is_element_stop(part.precondition)) {
            if (part.precondition.index < into.precondition.index) {
                into = stop_only(part.type, part.precondition);
            }
        } else if (stopped && part_stopped && same_status(into.precondition, part.precondition)) {
            // The operands' own preconditions stop every share alike.
        } else if (!stopped && is_element_stop(part.precondition)) {
            into = stop_only(part.type, part.precondition);
        } else if (!part_stopped && is_element_stop(into.precondition)) {
            // `into` stopped at an element; what `part` judged no longer counts.
        } else {
            throw std::invalid_argument("check: one report's operands violate a precondition, the other's do not");
        }
        return;
    }
    if (!same_status(into.candidate_mismatch, part.candidate_mismatch)) {
        throw std::invalid_argument("check: the reports judge different candidates");
    }
    into.elements = checked_sum(into.elements, part.elements);
    into.conforming = checked_sum(into.conforming, part.conforming);
    into.undefined = checked_sum(into.undefined, part.undefined);
    into.exact_matches = checked_sum(into.exact_matches, part.exact_matches);
    into.special_mismatches = checked_sum(into.special_mismatches, part.special_mismatches);
    into.flushed = checked_sum(into.flushed, part.flushed);
    into.other_rounding_matches = checked_sum(into.other_rounding_matches, part.other_rounding_matches);
    into.max_ulps = std::max(into.max_ulps, part.max_ulps);
    into.max_error_units = std::max(into.max_error_units, part.max_error_units);
    for (std::size_t k = 0U; k < kHistogramBuckets; ++k) {
        into.histogram[k] = checked_sum(into.histogram[k], part.histogram[k]);
    }
    // Each side holds its own worst `limit`: the union's worst are among them.
    into.worst.insert(into.worst.end(), part.worst.begin(), part.worst.end());
    std::sort(into.worst.begin(), into.worst.end(), worse);
    if (into.worst.size() > limit) {
        into.worst.resize(limit);
    }
    into.undefined_elements.insert(into.undefined_elements.end(), part.undefined_elements.begin(),
                                   part.undefined_elements.end());
    std::sort(into.undefined_elements.begin(), into.undefined_elements.end(),
              [](const UndefinedElement& x, const UndefinedElement& y) { return x.index < y.index; });
    if (into.undefined_elements.size() > limit) {
        into.undefined_elements.resize(limit);
    }
    into.failed_requirements.insert(into.failed_requirements.end(), part.failed_requirements.begin(),
                                    part.failed_requirements.end());
    std::sort(into.failed_requirements.begin(), into.failed_requirements.end());
    into.failed_requirements.erase(std::unique(into.failed_requirements.begin(), into.failed_requirements.end()),
                                   into.failed_requirements.end());
}

}  // namespace sonnx::check
