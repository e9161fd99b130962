// The float scenario's witness search: candidate points of a box (ends,
// middles and zeros of its ranges), each first checked with enclosures
// and, where they cannot show the assertion holds, evaluated in exact
// rational arithmetic; a point where the assertion fails is a witness.
#ifndef SONNX_ACCURACY_WITNESS_SEARCH_HPP
#define SONNX_ACCURACY_WITNESS_SEARCH_HPP

#include <optional>
#include <string>
#include <vector>

#include "float_leaf.hpp"
#include "witness_points.hpp"
#include "sonnx/accuracy/scenario.hpp"

namespace sonnx::accuracy {

[[nodiscard]] Rational rational_abs(const Rational& x);
[[nodiscard]] bool inside(const Rational& x, const Interval& enclosure);  // true for an unbounded enclosure

// Exact values at one point of a box with single computed operands.
struct PointEval {
    Rational af, bf, ea, eb, ar, br;
    bool finite{false};
    bool infinite{false};
    Rational c;  // when finite
};

[[nodiscard]] std::string point_text(const PointEval& p);

// ulp of DIV-FLOAT-D8 at x (0 for the reals).
[[nodiscard]] Rational ulp_at(const Rational& x, const FormatSpec& format);
[[nodiscard]] Bound ulp_at(const Bound& x, const FormatSpec& format);

// Why the spec's first-order bound fails at a point (the report's causes).
[[nodiscard]] std::string spec_bound_cause(const PointEval& p, const Rational& yp, const Rational& first_order,
                                           const Rational& introduced, const Rational& ulp_q);

// ulp of DIV-FLOAT-D8 over an enclosure, when it is one value (no binade
// boundary inside); false otherwise.
[[nodiscard]] bool single_ulp(const Interval& x, const FormatSpec& format, Bound& ulp);

template <typename Format>
PointEval point_eval(const Leaf<Format>& leaf, const Bound& af, const Bound& bf, const Bound& ea, const Bound& eb) {
    PointEval p;
    p.af = to_rational(af);
    p.bf = to_rational(bf);
    p.ea = to_rational(ea);
    p.eb = to_rational(eb);
    p.ar = p.af - p.ea;
    p.br = p.bf - p.eb;
    const ComputedSet& computed = leaf.c.computed();
    if (Format::spec.exact) {
        p.finite = (p.bf != 0);
        if (p.finite) {
            p.c = p.af / p.bf;  // the exact variant computes the quotient itself (DIV-REAL-F1)
        }
    } else if (computed.is_single_finite()) {
        p.finite = true;
        p.c = to_rational(low(computed.finite()));
    } else {
        p.infinite = computed.only_infinite() || computed.only_nan();
    }
    return p;
}

// True when enclosures at the single point (ea, eb) show the assertion holds
// there (single computed operands and a single finite result only).
// [impl->req~div-uv-d5~1]
template <typename Format>
bool satisfied_at(Assertion which, const Leaf<Format>& leaf, const Bound& af, const Bound& bf, const Bound& ea,
                  const Bound& eb) {
    const FormatSpec& format = Format::spec;
    const ComputedSet& computed = leaf.c.computed();
    const bool exact_result = format.exact;
    if (!exact_result && !computed.is_single_finite()) {
        return false;
    }
    const Interval br = Interval(point(bf) - point(eb));
    if (contains_zero(br)) {
        return false;
    }
    const Interval ar = Interval(point(af) - point(ea));
    const Interval ideal = Interval(ar / br);
    const Interval q = Interval(point(af) / point(bf));
    const Interval c = exact_result ? q : computed.finite();
    const Interval err = Interval(c - ideal);
    const Interval intro = exact_result ? point(Bound(0)) : Interval(c - q);
    Bound u;
    Interval lhs;
    Interval bound;
    switch (which) {
        case Assertion::half_ulp:
        case Assertion::one_ulp:
            if (!single_ulp(q, format, u)) {
                return false;
            }
            lhs = magnitude(intro);
            bound = point((which == Assertion::half_ulp) ? Bound(u / 2) : u);
            break;
        case Assertion::exact_bound:
            if (!single_ulp(q, format, u)) {
                return false;
            }
            lhs = magnitude(err);
            bound = Interval(magnitude(Interval(q - ideal)) + point(Bound(u / 2)));
            break;
        default:
            if (!single_ulp(ideal, format, u)) {
                return false;
            }
            lhs = magnitude(err);
            bound = Interval(magnitude(Interval(point(ea) / br)) +
                             magnitude(Interval(ar * point(eb) / Interval(br * br))) + point(u));
            break;
    }
    return high(lhs) <= low(bound);
}

// The assertion at one point, exactly: a refutation with its witness, or
// nothing when it holds there. Records in `self_check` an err enclosure of
// the function that misses the exact error (an unsound model).
// [impl->req~div-uv-d5~1]
template <typename Format>
std::optional<LeafResult> refute_at(Assertion which, const Leaf<Format>& leaf, const Bound& af, const Bound& bf,
                                    const Bound& ea, const Bound& eb, std::string& self_check) {
    const FormatSpec& format = Format::spec;
    const PointEval p = point_eval(leaf, af, bf, ea, eb);
    if (p.br == 0) {
        return std::nullopt;
    }
    const Rational q = p.af / p.bf;
    const Rational ideal = p.ar / p.br;
    const Rational yp = q - ideal;
    const Rational first_order = rational_abs(p.ea / p.br) + rational_abs(p.ar * p.eb / (p.br * p.br));
    const ComputedSet computed = leaf.c.computed();
    LeafResult result;
    if (!p.finite) {
        result.outcome = Outcome::refuted;
        result.cause = spec_bound_cause(p, yp, first_order, Rational(0), Rational(0));
        result.describe = [p, ideal, computed]() {
            Witness w;
            w.point = point_text(p);
            w.computed = computed.to_text();
            w.ideal = to_text(ideal);
            w.err = "not finite";
            w.bound = "finite";
            return w;
        };
        return result;
    }
    const Rational err = p.c - ideal;
    const Rational intro = p.c - q;
    if (leaf.c.errors_defined() && !inside(err, leaf.c.err())) {
        self_check = "c.err enclosure " + to_text(leaf.c.err()) + " misses the exact error " + to_text(err) + " at " +
                     point_text(p);
    }
    const Rational limit_q = ulp_at(rational_abs(q), format);
    Rational bound;
    Rational lhs = rational_abs(err);
    bool introduced_only = false;
    switch (which) {
        case Assertion::half_ulp:
            bound = limit_q / 2;
            lhs = rational_abs(intro);
            introduced_only = true;
            break;
        case Assertion::one_ulp:
            bound = limit_q;
            lhs = rational_abs(intro);
            introduced_only = true;
            break;
        case Assertion::exact_bound:
            bound = rational_abs(yp) + limit_q / 2;
            break;
        default:
            bound = first_order + ulp_at(rational_abs(ideal), format);
            break;
    }
    if (lhs <= bound) {
        return std::nullopt;
    }
    result.outcome = Outcome::refuted;
    result.cause = (which == Assertion::spec_bound) ? spec_bound_cause(p, yp, first_order, intro, limit_q)
                                                    : "introduced error above the limit";
    result.describe = [p, ideal, computed, err, intro, bound, introduced_only]() {
        Witness w;
        w.point = point_text(p);
        w.computed = computed.to_text();
        w.ideal = to_text(ideal);
        w.err = introduced_only ? to_text(intro) + " (introduced)" : to_text(err);
        w.bound = to_text(bound);
        return w;
    };
    return result;
}

// The candidate points of the box in turn; the first is always evaluated
// exactly (with the enclosure self-check), the others only where the
// enclosures at the point cannot show the assertion holds.
// [impl->req~div-uv-d5~1]
template <typename Format>
std::optional<LeafResult> search_witness(Assertion which, const Leaf<Format>& leaf, const WorkBox& box,
                                         std::string& self_check) {
    // Computed operands: the box's single values, or for the reals the ends
    // of their ranges (the exact result there is the quotient itself).
    std::vector<Bound> a_values{box.a_low};
    if (box.a_high != box.a_low) {
        a_values.push_back(box.a_high);
    }
    std::vector<Bound> b_values{box.b_low};
    if (box.b_high != box.b_low) {
        b_values.push_back(box.b_high);
    }
    bool first_candidate = true;
    for (const Bound& af : a_values) {
        for (const Bound& bf : b_values) {
            if (bf == 0) {
                continue;
            }
            for (const Bound& ea : witness_points(box.ea_low, box.ea_high)) {
                for (const Bound& eb : witness_points(box.eb_low, box.eb_high)) {
                    if (!first_candidate && satisfied_at(which, leaf, af, bf, ea, eb)) {
                        continue;
                    }
                    first_candidate = false;
                    std::optional<LeafResult> refuted = refute_at(which, leaf, af, bf, ea, eb, self_check);
                    if (refuted) {
                        return refuted;
                    }
                }
            }
        }
    }
    return std::nullopt;
}

}  // namespace sonnx::accuracy

#endif  // SONNX_ACCURACY_WITNESS_SEARCH_HPP
