// The float scenario's two zero-divisor assertions, the spec's (on the
// ideal divisor b.real) and IEEE 754's (on the computed divisor), decided
// on a box's single computed values.
#ifndef SONNX_ACCURACY_ZERO_DIVISOR_ASSERTIONS_HPP
#define SONNX_ACCURACY_ZERO_DIVISOR_ASSERTIONS_HPP

#include <string>

#include "float_leaf.hpp"
#include "sonnx/accuracy/scenario.hpp"

namespace sonnx::accuracy {

// [impl->req~div-uv-d5~1]
// [impl->req~div-float-d1~1]
// [impl->req~div-float-d3~2]
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
                               : (c.only_infinite() &&
                                  (expected_negative ? c.may_be_negative_infinity() : c.may_be_positive_infinity()) &&
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
                w.point = "A = " + to_text(Rational(af - ea)) + ", Aerr = " + to_text(ea) +
                          ", B = 0, Berr = " + to_text(eb) + " (computed B' = " + to_text(eb) + ")";
                w.computed = c.to_text();
                w.ideal = "undefined (B = 0)";
                w.err = "-";
                w.bound = expected;
                return w;
            };
        }
    }
}

}  // namespace sonnx::accuracy

#endif  // SONNX_ACCURACY_ZERO_DIVISOR_ASSERTIONS_HPP
