// One (sub-)box of the float scenario as the assertions see it: the user's
// function run on the box's Sde operands, with the enclosures every
// assertion reads (the quotient of the computed operands, the ideal A/B,
// the introduced error, overflow), and what an assessment of it concludes.
#ifndef SONNX_ACCURACY_FLOAT_LEAF_HPP
#define SONNX_ACCURACY_FLOAT_LEAF_HPP

#include <cstdint>
#include <functional>
#include <string>

#include "box_splitting.hpp"
#include "sonnx/accuracy/scenario.hpp"

namespace sonnx::accuracy {

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

enum class Outcome : std::uint8_t { proved, refuted, unknown, not_applicable };

struct LeafResult {
    Outcome outcome{Outcome::unknown};
    bool split_floats{false};
    std::string cause{};                     // when refuted
    std::function<Witness()> describe{};     // when refuted: the witness text, made on demand
    std::string note{};
};

}  // namespace sonnx::accuracy

#endif  // SONNX_ACCURACY_FLOAT_LEAF_HPP
