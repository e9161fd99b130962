// The float and real scenarios of the spec: every assertion proved on the
// whole box with enclosures, or refuted at a witness point in exact
// rational arithmetic, splitting the box while neither succeeds.
//
// With c.real = A/B (the spec's ideal), q = A'/B' the exact quotient of the
// computed operands and i = c.float - q the introduced error, the identity
// c.err = i + Yp holds at every point, Yp = q - A/B being the propagated
// error. The proofs use two facts on top of the enclosures (DIV-UV-D5):
//   |i + Yp| <= |i| + |Yp|                          (triangle inequality)
//   |Yp| <= (|Aerr|/|B| + |A||Berr|/B^2) |B|/|B+Berr|  (DIV-FLOAT-ACC2)
// which keep the correlation between c.err and the bounds that independent
// enclosures of the two sides would lose.
#include <mpfr.h>

#include <algorithm>
#include <array>
#include <deque>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "parallel.hpp"
#include "report_builder.hpp"
#include "witness_points.hpp"
#include "sonnx/accuracy/scenario.hpp"

namespace sonnx::accuracy {

namespace {

Rational rational_abs(const Rational& x) { return (x < 0) ? Rational(-x) : x; }

bool inside(const Rational& x, const Interval& enclosure) {
    if (!is_bounded(enclosure)) {
        return true;
    }
    return (to_rational(low(enclosure)) <= x) && (x <= to_rational(high(enclosure)));
}

// A box being worked on: computed ranges (format values) and error ranges.
struct WorkBox {
    Bound a_low, a_high, b_low, b_high;
    bool a_negative_zero{false};
    bool b_negative_zero{false};
    Bound ea_low, ea_high, eb_low, eb_high;

    [[nodiscard]] bool floats_are_points() const { return (a_low == a_high) && (b_low == b_high); }
    [[nodiscard]] bool errors_are_points() const { return (ea_low == ea_high) && (eb_low == eb_high); }
};

Bound signed_zero(bool negative) {
    Bound zero(0);
    if (negative) {
        mpfr_neg(zero.backend().data(), zero.backend().data(), MPFR_RNDN);
    }
    return zero;
}

ComputedSet computed_set(const Bound& lo, const Bound& hi, bool negative_zero) {
    if (lo == hi) {
        return ComputedSet::finite_point((lo == 0) ? signed_zero(negative_zero) : lo);
    }
    return ComputedSet::finite_range(lo, hi);
}

WorkBox work_box(const FloatBox& box) {
    WorkBox w;
    w.a_low = to_bound(box.a.computed_low);
    w.a_high = to_bound(box.a.computed_high);
    w.b_low = to_bound(box.b.computed_low);
    w.b_high = to_bound(box.b.computed_high);
    w.a_negative_zero = box.a.negative_zero;
    w.b_negative_zero = box.b.negative_zero;
    w.ea_low = to_bound(box.a.error_low);
    w.ea_high = to_bound(box.a.error_high);
    w.eb_low = to_bound(box.b.error_low);
    w.eb_high = to_bound(box.b.error_high);
    if ((w.a_low > w.a_high) || (w.b_low > w.b_high) || (w.ea_low > w.ea_high) || (w.eb_low > w.eb_high)) {
        throw std::invalid_argument("box with low > high: " + to_text(box));
    }
    return w;
}

// Ordinal of a finite format value: adjacent values have adjacent ordinals.
long long ordinal(const Bound& x, const FormatSpec& format) {
    const std::uint64_t bits = encode(abs(x), format);
    const long long magnitude = static_cast<long long>(bits);
    return (x < 0) ? -magnitude : magnitude;
}

Bound from_ordinal(long long n, const FormatSpec& format) {
    const std::uint64_t magnitude = static_cast<std::uint64_t>((n < 0) ? -n : n);
    Bound value = decode(magnitude, format).value;
    return (n < 0) ? Bound(-value) : value;
}

void split_range(const Bound& lo, const Bound& hi, const FormatSpec& format, Bound& left_high, Bound& right_low) {
    if (format.exact) {
        left_high = Bound((lo + hi) / 2);
        right_low = left_high;
        return;
    }
    const long long first = ordinal(lo, format);
    const long long last = ordinal(hi, format);
    const long long middle = first + (last - first) / 2;
    left_high = from_ordinal(middle, format);
    right_low = from_ordinal(middle + 1, format);
}

Bound relative_width(const Bound& lo, const Bound& hi, const Bound& scale) {
    const Bound reference = (scale == 0) ? Bound(1) : Bound(abs(scale));
    return Bound(Bound(hi - lo) / reference);
}

// Splits the error ranges (or, with floats, the computed ranges): two halves
// that cover the box. False when the box is one point in the chosen space.
bool split(const WorkBox& box, bool floats, const FormatSpec& format, WorkBox& left, WorkBox& right) {
    left = box;
    right = box;
    if (floats) {
        const long long a_count = format.exact ? 0 : ordinal(box.a_high, format) - ordinal(box.a_low, format);
        const long long b_count = format.exact ? 0 : ordinal(box.b_high, format) - ordinal(box.b_low, format);
        const bool exact_a = format.exact && (box.a_low != box.a_high);
        const bool exact_b = format.exact && (box.b_low != box.b_high);
        if ((a_count > 0) && (a_count >= b_count)) {
            split_range(box.a_low, box.a_high, format, left.a_high, right.a_low);
        } else if (b_count > 0) {
            split_range(box.b_low, box.b_high, format, left.b_high, right.b_low);
        } else if (exact_a) {
            split_range(box.a_low, box.a_high, format, left.a_high, right.a_low);
        } else if (exact_b) {
            split_range(box.b_low, box.b_high, format, left.b_high, right.b_low);
        } else {
            return false;
        }
        return true;
    }
    const Bound wa = relative_width(box.ea_low, box.ea_high, box.a_high);
    const Bound wb = relative_width(box.eb_low, box.eb_high, box.b_high);
    if ((wa <= 0) && (wb <= 0)) {
        return false;
    }
    if (wa >= wb) {
        left.ea_high = Bound((box.ea_low + box.ea_high) / 2);
        right.ea_low = left.ea_high;
    } else {
        left.eb_high = Bound((box.eb_low + box.eb_high) / 2);
        right.eb_low = left.eb_high;
    }
    return true;
}

// Everything the assertions need about one (sub-)box.
template <typename Format>
struct Leaf {
    bool branch_undecided{false};
    std::string model_failure;
    Sde<Format> c{};
    Interval af, bf, ea, eb, ar, br, q, ideal;  // ideal = A/B (when B cannot be 0)
    bool divisor_may_vanish{false};               // 0 in B (the ideal divisor)
    bool all_overflow{false};                     // RN(q) infinite everywhere
    bool some_overflow{false};
    Interval introduced;                          // c.float - q, when c is finite
    bool finite_result{false};
};

// [impl->req~div-uv-d5~1]
template <typename Format>
Leaf<Format> prepare(const FloatDivision<Format>& divide, const WorkBox& box) {
    const FormatSpec& format = Format::spec;
    Leaf<Format> leaf;
    leaf.af = span(box.a_low, box.a_high);
    leaf.bf = span(box.b_low, box.b_high);
    leaf.ea = span(box.ea_low, box.ea_high);
    leaf.eb = span(box.eb_low, box.eb_high);
    try {
        const Sde<Format> a = Sde<Format>::input(computed_set(box.a_low, box.a_high, box.a_negative_zero), leaf.ea);
        const Sde<Format> b = Sde<Format>::input(computed_set(box.b_low, box.b_high, box.b_negative_zero), leaf.eb);
        leaf.c = divide(a, b);
    } catch (const UndecidedBranch&) {
        leaf.branch_undecided = true;
        return leaf;
    } catch (const NotModelled& e) {
        leaf.model_failure = e.what();
        return leaf;
    }
    leaf.ar = Interval(leaf.af - leaf.ea);
    leaf.br = Interval(leaf.bf - leaf.eb);
    leaf.divisor_may_vanish = contains_zero(leaf.br);
    if (contains_zero(leaf.bf)) {
        return leaf;  // zero divisors: only the zero-divisor assertions apply
    }
    leaf.q = Interval(leaf.af / leaf.bf);
    if (!leaf.divisor_may_vanish) {
        leaf.ideal = Interval(leaf.ar / leaf.br);
        if (leaf.c.real_defined() && !boost::multiprecision::overlap(leaf.c.real(), leaf.ideal)) {
            leaf.model_failure = "the function's real field " + to_text(leaf.c.real()) + " is not A/B " +
                                 to_text(leaf.ideal) + ": not a division";
            return leaf;
        }
    }
    if (!format.exact) {
        const Rounded lo = round_to_format(low(leaf.q), format, Rounding::to_nearest_even);
        const Rounded hi = round_to_format(high(leaf.q), format, Rounding::to_nearest_even);
        leaf.all_overflow = lo.infinite && hi.infinite && !contains_zero(leaf.q);
        // the magnitudes grow away from zero: an overflow at either end
        leaf.some_overflow = (lo.infinite || hi.infinite) && !leaf.all_overflow;
    }
    leaf.finite_result = leaf.c.computed().only_finite();
    if (leaf.finite_result) {
        // c.float - A'/B' from the two enclosures alone: it holds whatever the
        // function computes. Only for the reals, where no operation rounds,
        // the function's own introduced part (zero) is used (DIV-UV-D6).
        leaf.introduced = Interval(leaf.c.computed().finite() - leaf.q);
        if (format.exact && leaf.c.errors_defined()) {
            leaf.introduced = meet(leaf.introduced, leaf.c.introduced());
        }
    }
    return leaf;
}

// Exact values at one point of a box with single computed operands.
struct PointEval {
    Rational af, bf, ea, eb, ar, br;
    bool finite{false};
    bool infinite{false};
    Rational c;  // when finite
};

std::string point_text(const PointEval& p) {
    return "A = " + to_text(p.ar) + ", Aerr = " + to_text(p.ea) + ", B = " + to_text(p.br) +
           ", Berr = " + to_text(p.eb) + " (computed A' = " + to_text(p.af) + ", B' = " + to_text(p.bf) + ")";
}

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

enum class Outcome : std::uint8_t { proved, refuted, unknown, not_applicable };

struct LeafResult {
    Outcome outcome{Outcome::unknown};
    bool split_floats{false};
    std::string cause{};                     // when refuted
    std::function<Witness()> describe{};     // when refuted: the witness text, made on demand
    std::string note{};
};

Rational ulp_at(const Rational& x, const FormatSpec& format) {
    return format.exact ? Rational(0) : rational_power_of_two(ulp_exponent(x, format));
}

Bound ulp_at(const Bound& x, const FormatSpec& format) {
    return format.exact ? Bound(0) : power_of_two(ulp_exponent(x, format));
}

std::string spec_bound_cause(const PointEval& p, const Rational& yp, const Rational& first_order,
                             const Rational& introduced, const Rational& ulp_q) {
    if (!p.finite) {
        return "c.float is not finite (overflow): no finite bound holds";
    }
    if ((p.br > 0) != (p.bf > 0)) {
        return "B and B+Berr differ in sign (the scenario's guard does not exclude it)";
    }
    if (rational_abs(yp) > first_order) {
        return "second-order term: |B+Berr| < |B|, |Yp| exceeds the first-order bound";
    }
    if (rational_abs(introduced) > ulp_q) {
        return "introduced error above one ulp of the quotient";
    }
    return "ulp(c.real) below the introduced error: c.real in a lower binade than c.float";
}

// ulp of DIV-FLOAT-D8 over an enclosure, when it is one value (no binade
// boundary inside); false otherwise.
bool single_ulp(const Interval& x, const FormatSpec& format, Bound& ulp) {
    if (format.exact) {
        ulp = Bound(0);
        return true;
    }
    const Bound lo = magnitude_low(x);
    const Bound hi = magnitude_high(x);
    if ((lo == 0) || (hi == 0)) {
        return false;
    }
    const long e = ulp_exponent(lo, format);
    if (e != ulp_exponent(hi, format)) {
        return false;
    }
    ulp = power_of_two(e);
    return true;
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

// One assertion on one leaf.
// [impl->req~div-uv-d5~1]
// [impl->req~div-float-acc1~1]
// [impl->req~div-float-acc2~1]
template <typename Format>
LeafResult assess(Assertion which, const Leaf<Format>& leaf, const WorkBox& box, std::string& self_check) {
    const FormatSpec& format = Format::spec;
    LeafResult result;
    const bool points = box.floats_are_points();
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
    const bool intro_only = (which == Assertion::half_ulp) || (which == Assertion::one_ulp);
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

    // Limits: u = ulp(q') for the introduced error (half or one), none for the reals.
    const Bound u_low = ulp_at(magnitude_low(leaf.q), format);
    Bound intro_limit = u_low;
    if ((which == Assertion::half_ulp) || (which == Assertion::exact_bound)) {
        intro_limit = Bound(u_low / 2);
    }

    if (leaf.finite_result) {
        const Bound intro_high = magnitude_high(leaf.introduced);
        if (intro_only || (which == Assertion::exact_bound)) {
            if (intro_high <= intro_limit) {
                result.outcome = Outcome::proved;  // exact bound: by the triangle inequality
                return result;
            }
        } else {
            // spec bound: g = |i + Yp| - FO - ulp(c.real) <= 0. Three upper
            // bounds of g, each valid at every point (DIV-UV-D5), each step
            // rounded upward (add_up, subtract_up) so that it stays one:
            //   |i| + FO (|B| - |B'|)/|B'| - ulp      (|Yp| <= FO |B|/|B'|, ACC2)
            //   |i| + |Berr|/|B| (|q| - |A/B|) - ulp  (|Yp| <= FO + that, same expansion)
            //   |i + Yp| - FO - ulp                   (the enclosures themselves)
            const Interval fo = Interval(magnitude(leaf.ea) / magnitude(leaf.br) +
                                         magnitude(leaf.ar) * magnitude(leaf.eb) / Interval(leaf.br * leaf.br));
            // |B| - |B'| = -sign(B') Berr where B and B' have one sign (no dependency loss)
            const bool same_sign = !contains_zero(leaf.br) && !contains_zero(leaf.bf) &&
                                   ((low(leaf.br) > 0) == (low(leaf.bf) > 0));
            const Interval growth = same_sign ? ((low(leaf.bf) > 0) ? Interval(-leaf.eb) : leaf.eb)
                                              : Interval(magnitude(leaf.br) - magnitude(leaf.bf));
            const Interval excess_ratio = Interval(fo * growth / magnitude(leaf.bf));
            const Interval excess_expansion = Interval(magnitude(leaf.eb) / magnitude(leaf.br) *
                                                       (magnitude(leaf.q) - magnitude(leaf.ideal)));
            const Interval yp = Interval(leaf.q - leaf.ideal);
            const Bound slack = ulp_at(magnitude_low(leaf.ideal), format);
            const Bound by_ratio = add_up(intro_high, high(excess_ratio));
            const Bound by_expansion = add_up(intro_high, high(excess_expansion));
            const Bound by_enclosure = subtract_up(magnitude_high(Interval(leaf.introduced + yp)), low(fo));
            Bound best = std::min({by_ratio, by_expansion, by_enclosure});
            // i and Yp of opposite signs everywhere: |i + Yp| <= max(|Yp| - |i|, |i| - |Yp|).
            const bool opposite = (!contains_zero(leaf.introduced) && !contains_zero(yp)) &&
                                  ((low(leaf.introduced) > 0) != (low(yp) > 0));
            if (opposite) {
                const Bound excess_high = std::min(high(excess_ratio), high(excess_expansion));
                const Bound intro_low = magnitude_low(leaf.introduced);
                const Bound by_sign = std::max(subtract_up(excess_high, intro_low),
                                               subtract_up(subtract_up(intro_high, low(fo)), magnitude_low(yp)));
                best = std::min(best, by_sign);
            }
            if (subtract_up(best, slack) <= 0) {
                result.outcome = Outcome::proved;
                return result;
            }
        }
        if (!points && !format.exact) {
            result.split_floats = true;
            result.note = "introduced error not bounded tightly enough over the computed ranges";
            return result;
        }
        if (intro_only) {
            if (magnitude_low(leaf.introduced) <= intro_limit) {
                result.note = "introduced error enclosure straddles the limit";
                return result;  // cannot happen for quotients of format values (DIV-UV-D3)
            }
        }
        if (which == Assertion::exact_bound) {
            // fails exactly where s*Yp > -(|i| - u/2)/2, s = sign(i)
            const Interval yp = meet(Interval((leaf.ea * leaf.bf - leaf.af * leaf.eb) / (leaf.bf * leaf.br)),
                                     Interval(leaf.q - leaf.ideal));
            const bool positive = low(leaf.introduced) > 0;
            // Rounded up: -threshold is then below the exact -(|i| - u/2)/2 bound.
            const Bound threshold = Bound(subtract_up(intro_high, intro_limit) / 2);
            const Bound worst = positive ? high(yp) : Bound(-low(yp));
            if (!contains_zero(leaf.introduced) && (worst <= Bound(-threshold))) {
                result.outcome = Outcome::proved;
                return result;
            }
        }
    } else if (!points) {
        result.split_floats = true;
        result.note = "the function's result is not finite in part of the box";
        return result;
    }

    // Witness search at candidate points, exactly.
    const bool check_enclosure = leaf.c.errors_defined();
    const Interval err_enclosure = check_enclosure ? leaf.c.err() : entire();
    bool first_candidate = true;
    // Computed operands: the box's single values, or for the reals the ends
    // of their ranges (the exact result there is the quotient itself).
    const std::vector<Bound> a_values{box.a_low, box.a_high};
    const std::vector<Bound> b_values{box.b_low, box.b_high};
    for (const Bound& af : a_values) {
    for (const Bound& bf : b_values) {
    const bool repeated = ((&af != &a_values[0]) && (af == a_values[0])) || ((&bf != &b_values[0]) && (bf == b_values[0]));
    if ((bf == 0) || repeated) {
        continue;
    }
    for (const Bound& ea : witness_points(box.ea_low, box.ea_high)) {
        for (const Bound& eb : witness_points(box.eb_low, box.eb_high)) {
            // Enclosures at the point first; exact arithmetic only where they
            // cannot show that the point satisfies the assertion (the first
            // point is always checked exactly, with the enclosure self-check).
            if (!first_candidate && satisfied_at(which, leaf, af, bf, ea, eb)) {
                continue;
            }
            first_candidate = false;
            const PointEval p = point_eval(leaf, af, bf, ea, eb);
            if (p.br == 0) {
                continue;
            }
            const Rational q = p.af / p.bf;
            const Rational ideal = p.ar / p.br;
            const Rational yp = q - ideal;
            const Rational first_order = rational_abs(p.ea / p.br) + rational_abs(p.ar * p.eb / (p.br * p.br));
            const ComputedSet computed = leaf.c.computed();
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
            if (check_enclosure && !inside(err, err_enclosure)) {
                self_check = "c.err enclosure " + to_text(err_enclosure) + " misses the exact error " + to_text(err) +
                             " at " + point_text(p);
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
            if (lhs > bound) {
                result.outcome = Outcome::refuted;
                result.cause = (which == Assertion::spec_bound)
                                   ? spec_bound_cause(p, yp, first_order, intro, limit_q)
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
        }
    }
    }
    }
    if (points && box.errors_are_points()) {
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

// The single computed values of a box with ranges, when there are few.
std::vector<WorkBox> value_points(const WorkBox& box, const FormatSpec& format, std::size_t limit) {
    std::vector<WorkBox> points;
    if (format.exact) {
        return points;
    }
    const long long a_first = ordinal(box.a_low, format);
    const long long a_last = ordinal(box.a_high, format);
    const long long b_first = ordinal(box.b_low, format);
    const long long b_last = ordinal(box.b_high, format);
    const long long count = (a_last - a_first + 1) * (b_last - b_first + 1);
    if ((count <= 1) || (count > static_cast<long long>(limit))) {
        return points;
    }
    for (long long i = a_first; i <= a_last; ++i) {
        for (long long j = b_first; j <= b_last; ++j) {
            WorkBox p = box;
            p.a_low = from_ordinal(i, format);
            p.a_high = p.a_low;
            p.b_low = from_ordinal(j, format);
            p.b_high = p.b_low;
            points.push_back(p);
        }
    }
    return points;
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
        const Decided d =
            decide_by_splitting(which, divide, points[k], values.leaves[k], per_value, model_failure, self_check);
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

// The zero-divisor assertions, decided on the box's single computed values.
// [impl->req~div-uv-d5~1]
// [impl->req~div-float-d1~1]
// [impl->req~div-float-d3~1]
template <typename Format>
void zero_divisor_assertions(const Leaf<Format>& leaf, const WorkBox& box, Decided& spec_decided,
                             Decided& ieee_decided) {
    BoxVerdict& spec = spec_decided.verdict;
    BoxVerdict& ieee = ieee_decided.verdict;
    spec.leaves = 1U;
    ieee.leaves = 1U;
    if (Format::spec.exact || !box.floats_are_points()) {
        return;  // the reals have no infinity (DIV-REAL-D3); ranges: not supported here
    }
    const ComputedSet& c = leaf.c.computed();
    const Rational af = to_rational(box.a_low);
    const bool a_zero = (af == 0);
    const Bound bf = box.b_low;
    // IEEE 754 (DIV-FLOAT-D1, D3): on the computed divisor +-0.
    if (bf == 0) {
        const bool a_negative = a_zero ? box.a_negative_zero : (af < 0);
        const bool expected_negative = a_negative != box.b_negative_zero;
        const bool ok = a_zero ? c.only_nan()
                               : (c.only_infinite() && (expected_negative ? c.may_be_negative_infinity()
                                                                          : c.may_be_positive_infinity()) &&
                                  !(expected_negative ? c.may_be_positive_infinity() : c.may_be_negative_infinity()));
        ieee.verdict = ok ? Verdict::proved : Verdict::refuted;
        if (!ok) {
            ieee.witness.cause = "IEEE 754 zero-divisor result not produced";
            const bool b_negative = box.b_negative_zero;
            ieee_decided.describe = [af, b_negative, c, a_zero, expected_negative]() {
                Witness w;
                w.point = "A' = " + to_text(af) + ", B' = " + (b_negative ? "-0" : "+0");
                w.computed = c.to_text();
                w.ideal = "-";
                w.err = "-";
                w.bound = a_zero ? "NaN" : (expected_negative ? "-inf" : "+inf");
                return w;
            };
        }
    }
    // The spec's literal guard: b.real == 0, that is Berr == B'.
    if ((box.eb_low <= bf) && (bf <= box.eb_high)) {
        const bool may_be_real_zero = (box.ea_low <= box.a_low) && (box.a_low <= box.ea_high);
        const bool may_be_real_nonzero = !((box.ea_low == box.a_low) && (box.ea_high == box.a_low));
        bool fails = false;
        Bound ea_witness = box.ea_low;
        std::string expected;
        if (c.only_infinite()) {
            fails = may_be_real_zero;
            ea_witness = box.a_low;
            expected = "NaN (a.real == 0)";
        } else if (c.only_nan()) {
            fails = may_be_real_nonzero;
            ea_witness = (box.ea_low != box.a_low) ? box.ea_low : box.ea_high;
            expected = "inf (a.real != 0)";
        } else {
            fails = true;
            ea_witness = may_be_real_nonzero ? ((box.ea_low != box.a_low) ? box.ea_low : box.ea_high) : box.a_low;
            expected = (Bound(box.a_low - ea_witness) == 0) ? "NaN (a.real == 0)" : "inf (a.real != 0)";
        }
        spec.verdict = fails ? Verdict::refuted : Verdict::proved;
        if (fails) {
            const Rational ea = to_rational(ea_witness);
            const Rational eb = to_rational(bf);
            spec.witness.cause = "the spec tests b.real == 0, but the infinity comes from b.float == 0";
            spec_decided.describe = [af, ea, eb, c, expected]() {
                Witness w;
                w.point = "A = " + to_text(Rational(af - ea)) + ", Aerr = " + to_text(ea) + ", B = 0, Berr = " +
                          to_text(eb) + " (computed B' = " + to_text(eb) + ")";
                w.computed = c.to_text();
                w.ideal = "undefined (B = 0)";
                w.err = "-";
                w.bound = expected;
                return w;
            };
        }
    }
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
    for (const Assertion which : {Assertion::spec_bound, Assertion::exact_bound, Assertion::half_ulp,
                                  Assertion::one_ulp}) {
        outcome.verdicts[static_cast<std::size_t>(which)] =
            decide(which, divide, root, leaf, options, values, outcome.model_failure, outcome.self_check);
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
