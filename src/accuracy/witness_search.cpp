// The non-template steps of the witness search (witness_search.hpp).
#include "witness_search.hpp"

#include <string>

namespace sonnx::accuracy {

Rational rational_abs(const Rational& x) { return (x < 0) ? Rational(-x) : x; }

bool inside(const Rational& x, const Interval& enclosure) {
    if (!is_bounded(enclosure)) {
        return true;
    }
    return (to_rational(low(enclosure)) <= x) && (x <= to_rational(high(enclosure)));
}

std::string point_text(const PointEval& p) {
    return "A = " + to_text(p.ar) + ", Aerr = " + to_text(p.ea) + ", B = " + to_text(p.br) +
           ", Berr = " + to_text(p.eb) + " (computed A' = " + to_text(p.af) + ", B' = " + to_text(p.bf) + ")";
}

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

}  // namespace sonnx::accuracy
