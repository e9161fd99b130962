// Scenario reports: tallies, causes, listed boxes and their text.
#include <sstream>
#include <stdexcept>
#include <utility>

#include "report_builder.hpp"
#include "sonnx/accuracy/scenario.hpp"

namespace sonnx::accuracy {

namespace {

std::string operand_text(const OperandBox& o) {
    std::string text = to_text(to_rational(o.computed_low));
    if ((o.computed_low.mantissa != o.computed_high.mantissa) ||
        (o.computed_low.exponent != o.computed_high.exponent)) {
        text = "[" + text + ", " + to_text(to_rational(o.computed_high)) + "]";
    } else if ((o.computed_low.mantissa == 0) && o.negative_zero) {
        text = "-0";
    } else {
        // one value, as is
    }
    return text + " err [" + to_text(to_rational(o.error_low)) + ", " + to_text(to_rational(o.error_high)) + "]";
}

}  // namespace

// [impl->req~div-uv-d6~1]
const char* assertion_name(Assertion assertion) {
    switch (assertion) {
        case Assertion::spec_bound:
            return "spec_bound";
        case Assertion::exact_bound:
            return "exact_bound";
        case Assertion::half_ulp:
            return "half_ulp";
        case Assertion::one_ulp:
            return "one_ulp";
        case Assertion::spec_zero_divisor:
            return "spec_zero_divisor";
        case Assertion::ieee_zero_divisor:
            return "ieee_zero_divisor";
        case Assertion::int_exact:
            return "int_exact";
        case Assertion::int_spec_bound:
            return "int_spec_bound";
        default:
            return "unknown";
    }
}

// [impl->req~div-uv-d6~1]
const char* assertion_statement(Assertion assertion) {
    switch (assertion) {
        case Assertion::spec_bound:
            return "|c.err| <= |a.err/b.real| + |a.real*b.err/b.real^2| + ulp(c.real) (spec's scenario; reals: + 0)";
        case Assertion::exact_bound:
            return "|c.err| <= |Aerr*B - A*Berr| / (|B| |B+Berr|) + ulp(q')/2 (reals: + 0)";
        case Assertion::half_ulp:
            return "|c.float - A'/B'| <= ulp(q')/2, DIV-FLOAT-ACC1 (reals: = 0, DIV-REAL-ACC1)";
        case Assertion::one_ulp:
            return "|c.float - A'/B'| <= ulp(q'), the spec's introduced error";
        case Assertion::spec_zero_divisor:
            return "b.real == 0: c.is_inf() if a.real != 0, c.is_nan() if a.real == 0 (spec's scenario)";
        case Assertion::ieee_zero_divisor:
            return "b.float == +-0: c = inf signed by the XOR of the signs, NaN for 0/0 (DIV-FLOAT-D1, D3)";
        case Assertion::int_exact:
            return "operands without error: c.int == floor(A/B) (or trunc(A/B)), DIV-INT-ACC1";
        case Assertion::int_spec_bound:
            return "|c.err| <= |a.err/b.int| + |a.int*b.err/b.int^2| + 0 (spec's int scenario)";
        default:
            return "unknown";
    }
}

// [impl->req~div-uv-d6~1]
const char* verdict_name(Verdict verdict) {
    switch (verdict) {
        case Verdict::proved:
            return "proved";
        case Verdict::refuted:
            return "refuted";
        case Verdict::undecided:
            return "undecided";
        case Verdict::not_applicable:
            return "n/a";
        default:
            return "unknown";
    }
}

// [impl->req~div-uv-d6~1]
const Tally& ScenarioReport::tally(Assertion assertion) const {
    static const Tally none{};
    const auto found = tallies.find(assertion);
    return (found == tallies.end()) ? none : found->second;
}

// [impl->req~div-uv-d6~1]
ReportBuilder::ReportBuilder(std::string variant, const ScenarioOptions& options) : options_(options) {
    report_.variant = std::move(variant);
}

// [impl->req~div-uv-d6~1]
void ReportBuilder::add_box(std::size_t index, const std::string& region, const std::function<std::string()>& box_text,
                            const std::array<Decided, kAssertionCount>& verdicts, const std::string& model_failure,
                            std::initializer_list<Assertion> assertions) {
    ++report_.boxes;
    if (!model_failure.empty()) {
        ++report_.model_failures;
        if (report_.model_failure_examples.size() < options_.max_listed) {
            report_.model_failure_examples.push_back("box " + std::to_string(index) + " (" + region +
                                                     "): " + model_failure);
        }
    }
    for (const Assertion assertion : assertions) {
        const Decided& decided = verdicts[static_cast<std::size_t>(assertion)];
        const BoxVerdict& v = decided.verdict;
        Tally& tally = report_.tallies[assertion];
        switch (v.verdict) {
            case Verdict::proved:
                ++tally.proved;
                break;
            case Verdict::refuted:
                ++tally.refuted;
                break;
            case Verdict::undecided:
                ++tally.undecided;
                break;
            default:
                ++tally.not_applicable;
                break;
        }
        if ((v.verdict == Verdict::refuted) &&
            ((assertion == Assertion::spec_bound) || (assertion == Assertion::int_spec_bound))) {
            ++report_.causes[v.witness.cause];
        }
        const bool notable = (v.verdict == Verdict::refuted) || (v.verdict == Verdict::undecided);
        std::size_t& count = listed_[static_cast<std::size_t>(assertion)];
        if (notable && (count < options_.max_listed)) {
            ++count;
            BoxVerdict shown = v;
            if ((v.verdict == Verdict::refuted) && decided.describe) {
                shown.witness = decided.describe();
                shown.witness.cause = v.witness.cause;
            }
            report_.listed.push_back(Listed{index, region, box_text(), assertion, shown});
        }
    }
}

// [impl->req~div-uv-d6~1]
ScenarioReport ReportBuilder::take() { return std::move(report_); }

// [impl->req~div-uv-d6~1]
std::string to_text(const FloatBox& box) { return "a: " + operand_text(box.a) + "; b: " + operand_text(box.b); }

// [impl->req~div-uv-d6~1]
std::string to_text(const IntBox& box) {
    return "a: " + box.a.str() + " err [" + to_text(to_rational(box.a_error_low)) + ", " +
           to_text(to_rational(box.a_error_high)) + "]; b: " + box.b.str() + " err [" +
           to_text(to_rational(box.b_error_low)) + ", " + to_text(to_rational(box.b_error_high)) + "]";
}

// [impl->req~div-uv-d6~1]
std::string to_text(const ScenarioReport& report) {
    std::ostringstream out;
    out << "scenario " << report.variant << ": " << report.boxes << " boxes";
    if (report.model_failures != 0U) {
        out << ", " << report.model_failures << " the function could not run on";
    }
    out << "\n";
    for (const auto& [assertion, tally] : report.tallies) {
        out << "  " << assertion_name(assertion) << ": proved " << tally.proved << ", refuted " << tally.refuted
            << ", undecided " << tally.undecided << ", n/a " << tally.not_applicable << "\n"
            << "      " << assertion_statement(assertion) << "\n";
    }
    if (!report.causes.empty()) {
        out << "  refuted spec bound, by cause:\n";
        for (const auto& [cause, count] : report.causes) {
            out << "    " << count << "  " << cause << "\n";
        }
    }
    for (const std::string& failure : report.model_failure_examples) {
        out << "  not run: " << failure << "\n";
    }
    for (const Listed& listed : report.listed) {
        out << "  " << verdict_name(listed.verdict.verdict) << " " << assertion_name(listed.assertion) << ", box "
            << listed.box << " (" << listed.region << "): " << listed.box_text << "\n";
        if (listed.verdict.verdict == Verdict::refuted) {
            const Witness& w = listed.verdict.witness;
            out << "      witness: " << w.point << "\n"
                << "      c.float = " << w.computed << ", c.real = " << w.ideal << ", error = " << w.err
                << ", bound = " << w.bound << "\n"
                << "      cause: " << w.cause << "\n";
        } else {
            out << "      " << listed.verdict.note << " (" << listed.verdict.leaves << " sub-boxes)\n";
        }
    }
    return out.str();
}

}  // namespace sonnx::accuracy
