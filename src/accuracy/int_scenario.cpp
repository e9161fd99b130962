// The spec's int scenario: the element code on single computed integers,
// against the specification's ideal floor(A/B) or trunc(A/B) in exact
// arithmetic (DIV-INT-F1, D1), with and without error intervals.
#include <mpfr.h>

#include <algorithm>
#include <array>
#include <deque>
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

// floor and trunc of a rational, exactly.
Rational integer_part(const Rational& x, IntRounding rounding) {
    mpz_t q;
    mpz_init(q);
    if (rounding == IntRounding::floor) {
        mpz_fdiv_q(q, mpq_numref(x.backend().data()), mpq_denref(x.backend().data()));
    } else {
        mpz_tdiv_q(q, mpq_numref(x.backend().data()), mpq_denref(x.backend().data()));
    }
    Rational result;
    mpq_set_z(result.backend().data(), q);
    mpz_clear(q);
    return result;
}

Interval rational_enclosure(const Rational& x) {
    // integers of up to 64 bits are exact at 200 bits
    Bound value;
    mpfr_set_q(value.backend().data(), x.backend().data(), MPFR_RNDN);
    return point(value);
}

struct IntWork {
    Bound ea_low, ea_high, eb_low, eb_high;
};

struct IntEvaluation {
    bool ok{false};
    std::string failure;
    Rational c;  // the computed quotient (a single value)
};

template <typename T>
IntEvaluation evaluate(const IntDivision<T>& divide, const IntBox& box) {
    IntEvaluation e;
    try {
        const SdeInt<T> a = SdeInt<T>::input(rational_enclosure(box.a),
                                             span(to_bound(box.a_error_low), to_bound(box.a_error_high)));
        const SdeInt<T> b = SdeInt<T>::input(rational_enclosure(box.b),
                                             span(to_bound(box.b_error_low), to_bound(box.b_error_high)));
        const SdeInt<T> c = divide(a, b);
        if (!is_point(c.computed())) {
            e.failure = "the computed quotient is not a single value: " + to_text(c.computed());
            return e;
        }
        e.c = to_rational(low(c.computed()));
        e.ok = true;
    } catch (const UndecidedBranch& x) {
        e.failure = std::string("undecided branch: ") + x.what();
    } catch (const NotModelled& x) { e.failure = x.what(); }
    return e;
}

Witness int_witness(const Rational& a, const Rational& b, const Rational& ea, const Rational& eb, const Rational& c,
                    const Rational& ideal, const Rational& bound, const std::string& cause) {
    Witness w;
    w.point = "A = " + to_text(Rational(a - ea)) + ", Aerr = " + to_text(ea) + ", B = " + to_text(Rational(b - eb)) +
              ", Berr = " + to_text(eb) + " (computed A' = " + a.str() + ", B' = " + b.str() + ")";
    w.computed = c.str();
    w.ideal = to_text(ideal);
    w.err = to_text(Rational(c - ideal));
    w.bound = to_text(bound);
    w.cause = cause;
    return w;
}

// The spec's int assertion |c - ideal(A/B)| <= FO over the error box, by
// bisection: proved where the ideal quotient is constant and the error fits
// the smallest first-order bound, refuted at an exact witness.
// [impl->req~div-uv-d5~1]
Decided int_spec_bound(const IntBox& box, const Rational& c, IntRounding rounding, const ScenarioOptions& options) {
    Decided decided;
    BoxVerdict& verdict = decided.verdict;
    const Rational a = box.a;
    const Rational b = box.b;
    std::deque<IntWork> work{IntWork{to_bound(box.a_error_low), to_bound(box.a_error_high), to_bound(box.b_error_low),
                                     to_bound(box.b_error_high)}};
    const Interval af = rational_enclosure(a);
    const Interval bf = rational_enclosure(b);
    const Interval cf = rational_enclosure(c);
    bool undecided = false;
    bool applicable = false;
    while (!work.empty()) {
        const IntWork w = work.front();
        work.pop_front();
        ++verdict.leaves;
        const Interval ea = span(w.ea_low, w.ea_high);
        const Interval eb = span(w.eb_low, w.eb_high);
        const Interval br = Interval(bf - eb);
        if (contains_zero(br)) {
            if ((w.eb_low == w.eb_high)) {
                continue;  // B == 0 exactly: outside the guard
            }
            undecided = true;
            verdict.note = "B may be 0 in the box";
            continue;
        }
        applicable = true;
        const Interval ar = Interval(af - ea);
        const Interval ratio = Interval(ar / br);
        const Interval fo = Interval(magnitude(ea) / magnitude(br) + magnitude(ar) * magnitude(eb) / Interval(br * br));
        // ideal = floor or trunc of the ratio: constant when both ends agree
        const Rational lo_ideal = integer_part(to_rational(low(ratio)), rounding);
        const Rational hi_ideal = integer_part(to_rational(high(ratio)), rounding);
        if ((lo_ideal == hi_ideal) && (rational_abs(Rational(c - lo_ideal)) <= to_rational(low(fo)))) {
            continue;  // proved on this leaf
        }
        // witness search
        bool refuted = false;
        for (const Bound& ea_point : witness_points(w.ea_low, w.ea_high)) {
            for (const Bound& eb_point : witness_points(w.eb_low, w.eb_high)) {
                const Rational ea_q = to_rational(ea_point);
                const Rational eb_q = to_rational(eb_point);
                const Rational br_q = b - eb_q;
                if (br_q == 0) {
                    continue;
                }
                const Rational ar_q = a - ea_q;
                const Rational ideal = integer_part(Rational(ar_q / br_q), rounding);
                const Rational bound = rational_abs(Rational(ea_q / br_q)) +
                                       rational_abs(Rational(ar_q * eb_q / (br_q * br_q)));
                if (rational_abs(Rational(c - ideal)) > bound) {
                    verdict.verdict = Verdict::refuted;
                    verdict.witness.cause = "an error moves A/B across an integer: the rounded quotient jumps by 1";
                    decided.describe = [a, b, ea_q, eb_q, c, ideal, bound]() {
                        return int_witness(a, b, ea_q, eb_q, c, ideal, bound, "");
                    };
                    refuted = true;
                    break;
                }
            }
            if (refuted) {
                break;
            }
        }
        if (refuted) {
            return decided;
        }
        const bool room = verdict.leaves + work.size() + 2U <= options.max_leaves;
        const bool wide_a = w.ea_low != w.ea_high;
        const bool wide_b = w.eb_low != w.eb_high;
        if (room && (wide_a || wide_b)) {
            IntWork left = w;
            IntWork right = w;
            if (wide_a && (!wide_b || (Bound(w.ea_high - w.ea_low) >= Bound(w.eb_high - w.eb_low)))) {
                left.ea_high = Bound((w.ea_low + w.ea_high) / 2);
                right.ea_low = left.ea_high;
            } else {
                left.eb_high = Bound((w.eb_low + w.eb_high) / 2);
                right.eb_low = left.eb_high;
            }
            work.push_back(left);
            work.push_back(right);
        } else {
            undecided = true;
            verdict.note = "neither proved nor refuted at this size";
        }
    }
    verdict.verdict = undecided ? Verdict::undecided : (applicable ? Verdict::proved : Verdict::not_applicable);
    return decided;
}

struct IntOutcome {
    std::array<Decided, kAssertionCount> verdicts{};
    std::string model_failure;
};

// [impl->req~div-uv-d5~1]
// [impl->req~div-int-acc1~1]
template <typename T>
IntOutcome run_int_box(const IntDivision<T>& divide, IntRounding rounding, const IntBox& box,
                       const ScenarioOptions& options) {
    IntOutcome outcome;
    if (box.b == 0) {
        throw std::invalid_argument("int boxes need a non-zero computed divisor (DIV-INT-C3)");
    }
    const IntEvaluation e = evaluate(divide, box);
    if (!e.ok) {
        outcome.model_failure = e.failure;
        return outcome;
    }
    const bool exact_operands = (box.a_error_low.mantissa == 0) && (box.a_error_high.mantissa == 0) &&
                                (box.b_error_low.mantissa == 0) && (box.b_error_high.mantissa == 0);
    Decided& exact_decided = outcome.verdicts[static_cast<std::size_t>(Assertion::int_exact)];
    BoxVerdict& exact = exact_decided.verdict;
    exact.leaves = 1U;
    if (exact_operands) {
        const Rational ideal = integer_part(Rational(box.a / box.b), rounding);
        if (e.c == ideal) {
            exact.verdict = Verdict::proved;
        } else {
            exact.verdict = Verdict::refuted;
            exact.witness.cause = "the computed quotient is not the specified one";
            const Rational a = box.a;
            const Rational b = box.b;
            const Rational c = e.c;
            exact_decided.describe = [a, b, c, ideal]() {
                return int_witness(a, b, Rational(0), Rational(0), c, ideal, Rational(0), "");
            };
        }
    }
    if (exact_operands) {
        // no error: the first-order bound is 0, so the assertion is int_exact's
        outcome.verdicts[static_cast<std::size_t>(Assertion::int_spec_bound)] = exact_decided;
    } else {
        outcome.verdicts[static_cast<std::size_t>(Assertion::int_spec_bound)] = int_spec_bound(box, e.c, rounding,
                                                                                               options);
    }
    return outcome;
}

}  // namespace

// [impl->req~div-uv-d5~1]
// [impl->req~div-uv-d6~1]
template <typename T>
ScenarioReport run_int_scenario(const IntDivision<T>& divide, IntRounding rounding, const std::vector<IntBox>& boxes,
                                const ScenarioOptions& options) {
    const std::string name = std::string(SdeInt<T>::spec.name) +
                             ((rounding == IntRounding::floor) ? " floor" : " toward zero");
    ReportBuilder builder(name, options);
    for_each_box<IntOutcome>(
        boxes.size(), options.threads, [&](std::size_t i) { return run_int_box(divide, rounding, boxes[i], options); },
        [&](std::size_t i, const IntOutcome& outcome) {
            const IntBox& box = boxes[i];
            builder.add_box(i, box.region, [&box]() { return to_text(box); }, outcome.verdicts, outcome.model_failure,
                            {Assertion::int_exact, Assertion::int_spec_bound});
        },
        [&](std::size_t i) { return to_text(boxes[i]); });
    return builder.take();
}

template ScenarioReport run_int_scenario<std::int8_t>(const IntDivision<std::int8_t>&, IntRounding,
                                                      const std::vector<IntBox>&, const ScenarioOptions&);
template ScenarioReport run_int_scenario<std::uint8_t>(const IntDivision<std::uint8_t>&, IntRounding,
                                                       const std::vector<IntBox>&, const ScenarioOptions&);
template ScenarioReport run_int_scenario<std::int16_t>(const IntDivision<std::int16_t>&, IntRounding,
                                                       const std::vector<IntBox>&, const ScenarioOptions&);
template ScenarioReport run_int_scenario<std::uint16_t>(const IntDivision<std::uint16_t>&, IntRounding,
                                                        const std::vector<IntBox>&, const ScenarioOptions&);
template ScenarioReport run_int_scenario<std::int32_t>(const IntDivision<std::int32_t>&, IntRounding,
                                                       const std::vector<IntBox>&, const ScenarioOptions&);
template ScenarioReport run_int_scenario<std::uint32_t>(const IntDivision<std::uint32_t>&, IntRounding,
                                                        const std::vector<IntBox>&, const ScenarioOptions&);
template ScenarioReport run_int_scenario<std::int64_t>(const IntDivision<std::int64_t>&, IntRounding,
                                                       const std::vector<IntBox>&, const ScenarioOptions&);
template ScenarioReport run_int_scenario<std::uint64_t>(const IntDivision<std::uint64_t>&, IntRounding,
                                                        const std::vector<IntBox>&, const ScenarioOptions&);

}  // namespace sonnx::accuracy
