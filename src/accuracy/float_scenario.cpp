// The float and real scenarios of the spec: every assertion proved on the
// whole box with enclosures, or refuted at a witness point in exact
// rational arithmetic, splitting the box while neither succeeds.
// The parts: box_splitting (bisection), float_leaf (a sub-box and its
// enclosures), enclosure_proofs, witness_search, zero_divisor_assertions;
// this file puts them in order and drives the bisection.
#include <algorithm>
#include <array>
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "box_splitting.hpp"
#include "enclosure_proofs.hpp"
#include "float_leaf.hpp"
#include "parallel.hpp"
#include "report_builder.hpp"
#include "witness_search.hpp"
#include "zero_divisor_assertions.hpp"
#include "sonnx/accuracy/scenario.hpp"

namespace sonnx::accuracy {

namespace {

// Whether the assertion applies to the leaf at all, and whether the leaf
// must be split before it can be decided (branches, zero divisors,
// overflow); nothing when it applies as it is.
// [impl->req~div-uv-d5~1]
// [impl->req~div-float-acc1~1]
template <typename Format>
std::optional<LeafResult> settle_applicability(Assertion which, const Leaf<Format>& leaf, const WorkBox& box) {
    const FormatSpec& format = Format::spec;
    LeafResult result;
    if (leaf.branch_undecided) {
        result.split_floats = true;
        result.note = "a branch of the function depends on which computed values of the box";
        return result;
    }
    if (contains_zero(leaf.bf)) {
        result.outcome = Outcome::not_applicable;
        return result;
    }
    if (leaf.divisor_may_vanish) {
        // b.real may be 0: the guard removes those points; split them away.
        if ((box.eb_low == box.eb_high) && is_point(leaf.br)) {
            result.outcome = Outcome::not_applicable;  // B == 0 at every point of the box
        } else {
            result.split_floats = box.errors_are_points();
            result.note = "B may be 0 in the box (the guard excludes those points)";
        }
        return result;
    }
    if (format.exact && (which == Assertion::one_ulp)) {
        result.outcome = Outcome::not_applicable;
        return result;
    }
    if (which != Assertion::spec_bound) {
        if (leaf.all_overflow) {
            result.outcome = Outcome::not_applicable;  // ACC1's domain: no overflow
            return result;
        }
        if (leaf.some_overflow) {
            result.split_floats = true;
            result.note = "the correctly rounded quotient overflows in part of the box";
            return result;
        }
    }
    return std::nullopt;
}

// One assertion on one leaf: applicability, proof by enclosures, witness
// search, in that order.
// [impl->req~div-uv-d5~1]
template <typename Format>
LeafResult assess(Assertion which, const Leaf<Format>& leaf, const WorkBox& box, std::string& self_check) {
    if (std::optional<LeafResult> settled = settle_applicability(which, leaf, box)) {
        return *settled;
    }
    if (std::optional<LeafResult> proved = prove_by_enclosures(which, leaf, box)) {
        return *proved;
    }
    if (std::optional<LeafResult> refuted = search_witness(which, leaf, box, self_check)) {
        return *refuted;
    }
    LeafResult result;
    if (box.floats_are_points() && box.errors_are_points()) {
        result.outcome = Outcome::proved;  // the box is one point, checked exactly above
        return result;
    }
    result.note = "neither proved nor refuted at this size";
    return result;
}

// Bisection driver for one assertion on one box.
// [impl->req~div-uv-d5~1]
template <typename Format>
Decided decide_by_splitting(Assertion which, const FloatDivision<Format>& divide, const WorkBox& root,
                            const Leaf<Format>& root_leaf, const ScenarioOptions& options, std::string& model_failure,
                            std::string& self_check) {
    Decided decided;
    BoxVerdict& verdict = decided.verdict;
    std::deque<WorkBox> work{root};
    bool applicable = false;
    bool undecided = false;
    bool first = true;
    while (!work.empty()) {
        const WorkBox box = work.front();
        work.pop_front();
        ++verdict.leaves;
        const Leaf<Format> leaf = first ? root_leaf : prepare(divide, box);
        first = false;
        if (!leaf.model_failure.empty()) {
            model_failure = leaf.model_failure;
            verdict.verdict = Verdict::not_applicable;
            return decided;
        }
        const LeafResult r = assess(which, leaf, box, self_check);
        if (r.outcome == Outcome::refuted) {
            verdict.verdict = Verdict::refuted;
            verdict.witness.cause = r.cause;
            decided.describe = r.describe;
            return decided;
        }
        if (r.outcome == Outcome::proved) {
            applicable = true;
            continue;
        }
        if (r.outcome == Outcome::not_applicable) {
            continue;
        }
        applicable = true;
        WorkBox left;
        WorkBox right;
        const bool can_split = (verdict.leaves + work.size() + 2U <= options.max_leaves) &&
                               (split(box, r.split_floats, Format::spec, left, right) ||
                                split(box, !r.split_floats, Format::spec, left, right));
        if (can_split) {
            work.push_back(left);
            work.push_back(right);
        } else {
            undecided = true;
            verdict.note = r.note;
        }
    }
    verdict.verdict = undecided ? Verdict::undecided : (applicable ? Verdict::proved : Verdict::not_applicable);
    return decided;
}

// The single values of a box with computed ranges and their leaves, made
// once for all the assertions that need them.
template <typename Format>
struct ValueLeaves {
    bool made{false};
    std::vector<WorkBox> boxes;
    std::vector<Leaf<Format>> leaves;
};

// One assertion on one box: the whole box at once, then, for computed
// ranges the enclosures do not settle, value by value (DIV-UV-D5).
// [impl->req~div-uv-d5~1]
template <typename Format>
Decided decide(Assertion which, const FloatDivision<Format>& divide, const WorkBox& root, const Leaf<Format>& root_leaf,
               const ScenarioOptions& options, ValueLeaves<Format>& values, std::string& model_failure,
               std::string& self_check) {
    if (root.floats_are_points() || root_leaf.branch_undecided || !root_leaf.model_failure.empty()) {
        return decide_by_splitting(which, divide, root, root_leaf, options, model_failure, self_check);
    }
    std::string whole_box_check;
    const LeafResult whole = assess(which, root_leaf, root, whole_box_check);
    if ((whole.outcome == Outcome::unknown) && !values.made) {
        values.made = true;
        values.boxes = value_points(root, Format::spec, options.max_leaves);
        for (const WorkBox& p : values.boxes) {
            values.leaves.push_back(prepare(divide, p));
        }
    }
    const std::vector<WorkBox>& points = values.boxes;
    if ((whole.outcome != Outcome::unknown) || points.empty()) {
        return decide_by_splitting(which, divide, root, root_leaf, options, model_failure, self_check);
    }
    Decided decided;
    BoxVerdict& verdict = decided.verdict;
    verdict.leaves = 1U;
    bool applicable = false;
    ScenarioOptions per_value = options;  // the box's budget shared among its values
    per_value.max_leaves = std::max<std::size_t>(16U, options.max_leaves / points.size());
    for (std::size_t k = 0U; k < points.size(); ++k) {
        const Decided d = decide_by_splitting(which, divide, points[k], values.leaves[k], per_value, model_failure,
                                              self_check);
        verdict.leaves += d.verdict.leaves;
        if (d.verdict.verdict == Verdict::refuted) {
            verdict.verdict = Verdict::refuted;
            verdict.witness = d.verdict.witness;
            decided.describe = d.describe;
            return decided;
        }
        if (d.verdict.verdict == Verdict::undecided) {
            verdict.verdict = Verdict::undecided;
            verdict.note = d.verdict.note;
        }
        applicable = applicable || (d.verdict.verdict != Verdict::not_applicable);
    }
    if (verdict.verdict != Verdict::undecided) {
        verdict.verdict = applicable ? Verdict::proved : Verdict::not_applicable;
    }
    return decided;
}

template <typename Format>
struct BoxOutcome {
    std::array<Decided, kAssertionCount> verdicts{};
    std::string model_failure;
    std::string self_check;
};

template <typename Format>
BoxOutcome<Format> run_box(const FloatDivision<Format>& divide, const FloatBox& box, const ScenarioOptions& options) {
    BoxOutcome<Format> outcome;
    const WorkBox root = work_box(box);
    const Leaf<Format> leaf = prepare(divide, root);
    if (!leaf.model_failure.empty()) {
        outcome.model_failure = leaf.model_failure;
        return outcome;
    }
    if (leaf.branch_undecided && contains_zero(span(root.b_low, root.b_high))) {
        outcome.model_failure = "zero-divisor boxes need single computed values";
        return outcome;
    }
    if (!leaf.branch_undecided) {
        zero_divisor_assertions(leaf, root, outcome.verdicts[static_cast<std::size_t>(Assertion::spec_zero_divisor)],
                                outcome.verdicts[static_cast<std::size_t>(Assertion::ieee_zero_divisor)]);
    }
    ValueLeaves<Format> values;
    for (const Assertion which :
         {Assertion::spec_bound, Assertion::exact_bound, Assertion::half_ulp, Assertion::one_ulp}) {
        outcome.verdicts[static_cast<std::size_t>(which)] = decide(which, divide, root, leaf, options, values,
                                                                   outcome.model_failure, outcome.self_check);
    }
    return outcome;
}

}  // namespace

// [impl->req~div-uv-d5~1]
// [impl->req~div-uv-d6~1]
// [impl->req~div-real-acc1~1]
// [impl->req~div-real-acc2~1]
template <typename Format>
ScenarioReport run_float_scenario(const FloatDivision<Format>& divide, const std::vector<FloatBox>& boxes,
                                  const ScenarioOptions& options) {
    ReportBuilder builder(Format::spec.exact ? std::string("real") : std::string(Format::spec.name), options);
    for_each_box<BoxOutcome<Format>>(
        boxes.size(), options.threads, [&](std::size_t i) { return run_box(divide, boxes[i], options); },
        [&](std::size_t i, const BoxOutcome<Format>& outcome) {
            if (!outcome.self_check.empty()) {
                throw std::logic_error("unsound enclosure on box " + std::to_string(i) + ": " + outcome.self_check);
            }
            const FloatBox& box = boxes[i];
            builder.add_box(i, box.region, [&box]() { return to_text(box); }, outcome.verdicts, outcome.model_failure,
                            {Assertion::spec_bound, Assertion::exact_bound, Assertion::half_ulp, Assertion::one_ulp,
                             Assertion::spec_zero_divisor, Assertion::ieee_zero_divisor});
        },
        [&](std::size_t i) { return to_text(boxes[i]); });
    return builder.take();
}

template ScenarioReport run_float_scenario<Fp16>(const FloatDivision<Fp16>&, const std::vector<FloatBox>&,
                                                 const ScenarioOptions&);
template ScenarioReport run_float_scenario<Bf16>(const FloatDivision<Bf16>&, const std::vector<FloatBox>&,
                                                 const ScenarioOptions&);
template ScenarioReport run_float_scenario<Fp32>(const FloatDivision<Fp32>&, const std::vector<FloatBox>&,
                                                 const ScenarioOptions&);
template ScenarioReport run_float_scenario<Fp64>(const FloatDivision<Fp64>&, const std::vector<FloatBox>&,
                                                 const ScenarioOptions&);
template ScenarioReport run_float_scenario<Exact>(const FloatDivision<Exact>&, const std::vector<FloatBox>&,
                                                  const ScenarioOptions&);

}  // namespace sonnx::accuracy
