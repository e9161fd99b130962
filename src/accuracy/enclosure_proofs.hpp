// The float scenario's proofs on a whole box: each assertion's left side
// bounded above by enclosures (MPFI, outward rounding), the scalar steps
// that combine interval ends rounded upward (add_up, subtract_up), and
// compared with the assertion's limit (DIV-UV-D5). With c.real = A/B,
// q = A'/B' and i = c.float - q, the identity c.err = i + Yp holds at every
// point, Yp = q - A/B; the proofs use two facts on top of the enclosures:
//   |i + Yp| <= |i| + |Yp|                          (triangle inequality)
//   |Yp| <= (|Aerr|/|B| + |A||Berr|/B^2) |B|/|B+Berr|  (DIV-FLOAT-ACC2)
// which keep the correlation between c.err and the bounds that independent
// enclosures of the two sides would lose.
#ifndef SONNX_ACCURACY_ENCLOSURE_PROOFS_HPP
#define SONNX_ACCURACY_ENCLOSURE_PROOFS_HPP

#include <algorithm>
#include <optional>

#include "float_leaf.hpp"
#include "witness_search.hpp"
#include "sonnx/accuracy/scenario.hpp"

namespace sonnx::accuracy {

// An upper bound of g = |i + Yp| - FO at every point of the leaf, FO the
// first-order bound |Aerr/B| + |A Berr / B^2|: the best of three (four)
// bounds, each valid at every point (DIV-UV-D5), each step rounded upward
// so that it stays one:
//   |i| + FO (|B| - |B'|)/|B'|      (|Yp| <= FO |B|/|B'|, ACC2)
//   |i| + |Berr|/|B| (|q| - |A/B|)  (|Yp| <= FO + that, same expansion)
//   |i + Yp| - FO                   (the enclosures themselves)
//   and, where i and Yp have opposite signs everywhere, max(|Yp| - |i|, |i| - |Yp|) - FO.
// [impl->req~div-uv-d5~1]
// [impl->req~div-float-acc2~1]
template <typename Format>
Bound first_order_excess_upper_bound(const Leaf<Format>& leaf) {
    const Bound intro_high = magnitude_high(leaf.introduced);
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
    const Bound by_ratio = add_up(intro_high, high(excess_ratio));
    const Bound by_expansion = add_up(intro_high, high(excess_expansion));
    const Bound by_enclosure = subtract_up(magnitude_high(Interval(leaf.introduced + yp)), low(fo));
    Bound best = std::min({by_ratio, by_expansion, by_enclosure});
    const bool opposite = (!contains_zero(leaf.introduced) && !contains_zero(yp)) &&
                          ((low(leaf.introduced) > 0) != (low(yp) > 0));
    if (opposite) {
        const Bound excess_high = std::min(high(excess_ratio), high(excess_expansion));
        const Bound intro_low = magnitude_low(leaf.introduced);
        const Bound by_sign = std::max(subtract_up(excess_high, intro_low),
                                       subtract_up(subtract_up(intro_high, low(fo)), magnitude_low(yp)));
        best = std::min(best, by_sign);
    }
    return best;
}

// The exact bound where the introduced error alone exceeds half an ulp: it
// fails exactly where s Yp > -(|i| - u/2)/2, s = sign(i); true when no
// point of the leaf is there.
// [impl->req~div-uv-d5~1]
template <typename Format>
bool exact_bound_holds_beyond_half_ulp(const Leaf<Format>& leaf, const Bound& intro_limit) {
    if (contains_zero(leaf.introduced)) {
        return false;
    }
    const Interval yp = meet(Interval((leaf.ea * leaf.bf - leaf.af * leaf.eb) / (leaf.bf * leaf.br)),
                             Interval(leaf.q - leaf.ideal));
    const bool positive = low(leaf.introduced) > 0;
    // Rounded up: -threshold is then below the exact -(|i| - u/2)/2 bound.
    const Bound threshold = Bound(subtract_up(magnitude_high(leaf.introduced), intro_limit) / 2);
    const Bound worst = positive ? high(yp) : Bound(-low(yp));
    return worst <= Bound(-threshold);
}

// One assertion on a leaf where it applies, by enclosures: proved, or what
// to do instead (split, or give up with a note), or nothing when only the
// witness search can say more.
// [impl->req~div-uv-d5~1]
// [impl->req~div-float-acc1~1]
template <typename Format>
std::optional<LeafResult> prove_by_enclosures(Assertion which, const Leaf<Format>& leaf, const WorkBox& box) {
    const FormatSpec& format = Format::spec;
    const bool points = box.floats_are_points();
    const bool intro_only = (which == Assertion::half_ulp) || (which == Assertion::one_ulp);
    LeafResult result;
    if (!leaf.finite_result) {
        if (!points) {
            result.split_floats = true;
            result.note = "the function's result is not finite in part of the box";
            return result;
        }
        return std::nullopt;
    }
    // Limits: u = ulp(q') for the introduced error (half or one), none for the reals.
    const Bound u_low = ulp_at(magnitude_low(leaf.q), format);
    const bool half = (which == Assertion::half_ulp) || (which == Assertion::exact_bound);
    const Bound intro_limit = half ? Bound(u_low / 2) : u_low;
    if (intro_only || (which == Assertion::exact_bound)) {
        if (magnitude_high(leaf.introduced) <= intro_limit) {
            result.outcome = Outcome::proved;  // exact bound: by the triangle inequality
            return result;
        }
    } else {
        // spec bound: |i + Yp| - FO - ulp(c.real) <= 0
        const Bound slack = ulp_at(magnitude_low(leaf.ideal), format);
        if (subtract_up(first_order_excess_upper_bound(leaf), slack) <= 0) {
            result.outcome = Outcome::proved;
            return result;
        }
    }
    if (!points && !format.exact) {
        result.split_floats = true;
        result.note = "introduced error not bounded tightly enough over the computed ranges";
        return result;
    }
    if (intro_only && (magnitude_low(leaf.introduced) <= intro_limit)) {
        result.note = "introduced error enclosure straddles the limit";
        return result;  // cannot happen for quotients of format values (DIV-UV-D3)
    }
    if ((which == Assertion::exact_bound) && exact_bound_holds_beyond_half_ulp(leaf, intro_limit)) {
        result.outcome = Outcome::proved;
        return result;
    }
    return std::nullopt;
}

}  // namespace sonnx::accuracy

#endif  // SONNX_ACCURACY_ENCLOSURE_PROOFS_HPP
