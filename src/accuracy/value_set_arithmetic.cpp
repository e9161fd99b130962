// IEEE 754 arithmetic on value sets (value_set_arithmetic.hpp).
#include "value_set_arithmetic.hpp"

#include <mpfr.h>

#include <algorithm>
#include <vector>

namespace sonnx::accuracy {

bool negative_sign(const Bound& x) { return mpfr_signbit(x.backend().data()) != 0; }

// [impl->req~div-uv-d2~1]
std::vector<Piece> pieces_of(const ComputedSet& set, const FormatSpec& format) {
    std::vector<Piece> pieces;
    if (set.may_be_nan()) {
        pieces.push_back(Piece{Piece::Kind::nan, false, Interval()});
    }
    if (set.may_be_positive_infinity()) {
        pieces.push_back(Piece{Piece::Kind::infinity, false, Interval()});
    }
    if (set.may_be_negative_infinity()) {
        pieces.push_back(Piece{Piece::Kind::infinity, true, Interval()});
    }
    if (set.has_finite()) {
        const Bound lo = low(set.finite());
        const Bound hi = high(set.finite());
        // Non-zero values of a float format are at least the smallest subnormal.
        const Bound tiny = format.exact ? Bound(0) : smallest_subnormal(format);
        if (lo < 0) {
            const Bound nearest = (hi < 0) ? Bound(-hi) : tiny;
            pieces.push_back(Piece{Piece::Kind::finite, true, span(nearest, Bound(-lo))});
        }
        if (hi > 0) {
            const Bound nearest = (lo > 0) ? lo : tiny;
            pieces.push_back(Piece{Piece::Kind::finite, false, span(nearest, hi)});
        }
        if (set.may_be_positive_zero()) {
            pieces.push_back(Piece{Piece::Kind::zero, false, Interval()});
        }
        if (set.may_be_negative_zero()) {
            pieces.push_back(Piece{Piece::Kind::zero, true, Interval()});
        }
    }
    return pieces;
}

// Adds sign * [magnitudes rounded into the format] to `out`.
// [impl->req~div-uv-d2~1]
// [impl->req~div-uv-d3~1]
void add_rounded(ComputedSet& out, const Interval& magnitudes, bool negative, const FormatSpec& format,
                 Rounding rounding) {
    if (format.exact) {
        const Interval values = negative ? Interval(-magnitudes) : magnitudes;
        const bool touches_zero = contains_zero(magnitudes);
        out.add_finite(values, touches_zero && !negative, touches_zero && negative);
        return;
    }
    const Rounded smallest = round_to_format(low(magnitudes), format, rounding);
    const Rounded largest = round_to_format(high(magnitudes), format, rounding);
    if (smallest.infinite) {
        out.add_infinity(negative);
        return;
    }
    Bound top = largest.value;
    if (largest.infinite) {
        out.add_infinity(negative);
        top = largest_finite(format);
    }
    const Bound bottom = smallest.value;  // +0 when the smallest magnitudes underflow
    const Interval values = negative ? span(Bound(-top), Bound(-bottom)) : span(bottom, top);
    const bool zero = (bottom == 0);
    out.add_finite(values, zero && !negative, zero && negative);
}

// [impl->req~div-float-f1~1]
// [impl->req~div-float-d1~1]
// [impl->req~div-float-d2~1]
// [impl->req~div-float-d3~2]
// [impl->req~div-float-d4~1]
// [impl->req~div-uv-d2~1]
ComputedSet divide_sets(const ComputedSet& a, const ComputedSet& b, const FormatSpec& format, Rounding rounding) {
    ComputedSet out = ComputedSet::nothing();
    for (const Piece& x : pieces_of(a, format)) {
        for (const Piece& y : pieces_of(b, format)) {
            const bool negative = x.negative != y.negative;
            const bool any_nan = (x.kind == Piece::Kind::nan) || (y.kind == Piece::Kind::nan);
            if (any_nan || ((x.kind == Piece::Kind::infinity) && (y.kind == Piece::Kind::infinity)) ||
                ((x.kind == Piece::Kind::zero) && (y.kind == Piece::Kind::zero))) {
                out.add_nan();
            } else if ((x.kind == Piece::Kind::infinity) || (y.kind == Piece::Kind::zero)) {
                if (format.exact) {
                    out.add_nan();  // the reals have no infinity: undefined (DIV-REAL-D3)
                } else {
                    out.add_infinity(negative);
                }
            } else if ((x.kind == Piece::Kind::zero) || (y.kind == Piece::Kind::infinity)) {
                out.add_finite(point(Bound(0)), !negative, negative);
            } else if (contains_zero(y.magnitudes)) {
                out.add_nan();  // exact format: a divisor range touching zero
            } else {
                add_rounded(out, Interval(x.magnitudes / y.magnitudes), negative, format, rounding);
            }
        }
    }
    return out;
}

namespace {

Interval signed_values(const Interval& magnitudes, bool negative) {
    return negative ? Interval(-magnitudes) : magnitudes;
}

// Adds the rounded values of an exact sum range to `out`: its negative and
// positive parts, and +0 for an exact zero sum (IEEE 754 §6.3, rounding to
// nearest or toward zero). `nonzero_floor` is the least magnitude a non-zero
// exact result can have: the smallest subnormal when the summands are
// format values, 0 when an unrounded product is one of them.
void add_rounded_sum(ComputedSet& out, const Interval& exact, const Bound& nonzero_floor, const FormatSpec& format,
                     Rounding rounding) {
    const Bound lo = low(exact);
    const Bound hi = high(exact);
    if (format.exact) {
        out.add_finite(exact, contains_zero(exact), false);
        return;
    }
    if (lo < 0) {
        const Bound nearest = (hi < 0) ? Bound(-hi) : std::min(nonzero_floor, Bound(-lo));
        add_rounded(out, span(nearest, Bound(-lo)), true, format, rounding);
    }
    if (hi > 0) {
        const Bound nearest = (lo > 0) ? lo : std::min(nonzero_floor, hi);
        add_rounded(out, span(nearest, hi), false, format, rounding);
    }
    if ((lo <= 0) && (hi >= 0)) {
        out.add_finite(point(Bound(0)), true, false);
    }
}

// A sum of single values, rounded from its exact value: the working
// precision does not hold every such sum (an FP64 product plus a much
// smaller addend), and the enclosure of a sum next to a midpoint would
// round to two values.
void add_rounded_exact_sum(ComputedSet& out, const Rational& sum, const FormatSpec& format, Rounding rounding) {
    if (sum == 0) {
        out.add_finite(point(Bound(0)), true, false);  // an exact zero sum is +0
        return;
    }
    const Rounded rounded = round_to_format(sum, format, rounding);
    if (rounded.infinite) {
        out.add_infinity(sum < 0);
        return;
    }
    const bool zero = rounded.value == 0;
    out.add_finite(point(rounded.value), zero && (sum > 0), zero && (sum < 0));
}

Rational signed_point(const Interval& magnitudes, bool negative) {
    const Rational magnitude = to_rational(low(magnitudes));
    return negative ? Rational(-magnitude) : magnitude;
}

// The rounded sum of two finite non-zero pieces: exactly when both are single values.
void add_finite_pieces(ComputedSet& out, const Interval& x, bool x_negative, const Interval& y, bool y_negative,
                       const Bound& nonzero_floor, const FormatSpec& format, Rounding rounding) {
    if (!format.exact && is_point(x) && is_point(y)) {
        add_rounded_exact_sum(out, signed_point(x, x_negative) + signed_point(y, y_negative), format, rounding);
    } else {
        add_rounded_sum(out, Interval(signed_values(x, x_negative) + signed_values(y, y_negative)), nonzero_floor,
                        format, rounding);
    }
}

// The exact product of two pieces before rounding: NaN (a NaN, or inf * 0),
// an infinity, a zero, or finite non-zero (signed by the XOR of the signs).
struct Product {
    bool nan;
    bool infinite;
    bool zero;
    bool negative;
};

Product product_of(const Piece& x, const Piece& y) {
    const bool any_infinity = (x.kind == Piece::Kind::infinity) || (y.kind == Piece::Kind::infinity);
    const bool any_zero = (x.kind == Piece::Kind::zero) || (y.kind == Piece::Kind::zero);
    const bool nan = (x.kind == Piece::Kind::nan) || (y.kind == Piece::Kind::nan) || (any_infinity && any_zero);
    return Product{nan, !nan && any_infinity, !nan && any_zero, x.negative != y.negative};
}

}  // namespace

// [impl->req~div-uv-d2~1]
ComputedSet multiply_sets(const ComputedSet& a, const ComputedSet& b, const FormatSpec& format, Rounding rounding) {
    ComputedSet out = ComputedSet::nothing();
    for (const Piece& x : pieces_of(a, format)) {
        for (const Piece& y : pieces_of(b, format)) {
            const Product p = product_of(x, y);
            if (p.nan) {
                out.add_nan();
            } else if (p.infinite) {
                out.add_infinity(p.negative);
            } else if (p.zero) {
                out.add_finite(point(Bound(0)), !p.negative, p.negative);
            } else {
                add_rounded(out, Interval(x.magnitudes * y.magnitudes), p.negative, format, rounding);
            }
        }
    }
    return out;
}

// [impl->req~div-uv-d2~1]
ComputedSet add_sets(const ComputedSet& a, const ComputedSet& b, const FormatSpec& format, Rounding rounding) {
    ComputedSet out = ComputedSet::nothing();
    const Bound nonzero_floor = format.exact ? Bound(0) : smallest_subnormal(format);
    for (const Piece& x : pieces_of(a, format)) {
        for (const Piece& y : pieces_of(b, format)) {
            const bool x_infinite = x.kind == Piece::Kind::infinity;
            const bool y_infinite = y.kind == Piece::Kind::infinity;
            if ((x.kind == Piece::Kind::nan) || (y.kind == Piece::Kind::nan) ||
                (x_infinite && y_infinite && (x.negative != y.negative))) {
                out.add_nan();
            } else if (x_infinite || y_infinite) {
                out.add_infinity(x_infinite ? x.negative : y.negative);
            } else if ((x.kind == Piece::Kind::zero) && (y.kind == Piece::Kind::zero)) {
                const bool negative = x.negative && y.negative;  // -0 + -0 = -0, else +0
                out.add_finite(point(Bound(0)), !negative, negative);
            } else if ((x.kind == Piece::Kind::zero) || (y.kind == Piece::Kind::zero)) {
                const Piece& other = (x.kind == Piece::Kind::zero) ? y : x;  // x + 0 = x: format values
                add_rounded(out, other.magnitudes, other.negative, format, rounding);
            } else {
                add_finite_pieces(out, x.magnitudes, x.negative, y.magnitudes, y.negative, nonzero_floor, format,
                                  rounding);
            }
        }
    }
    return out;
}

// [impl->req~div-uv-d2~1]
ComputedSet fused_multiply_add_sets(const ComputedSet& a, const ComputedSet& b, const ComputedSet& c,
                                    const FormatSpec& format, Rounding rounding) {
    ComputedSet out = ComputedSet::nothing();
    const std::vector<Piece> addends = pieces_of(c, format);
    for (const Piece& x : pieces_of(a, format)) {
        for (const Piece& y : pieces_of(b, format)) {
            const Product p = product_of(x, y);
            if (p.nan) {
                out.add_nan();  // whatever c is
                continue;
            }
            const Interval product = (p.infinite || p.zero) ? Interval() : Interval(x.magnitudes * y.magnitudes);
            for (const Piece& z : addends) {
                if ((z.kind == Piece::Kind::nan) ||
                    (p.infinite && (z.kind == Piece::Kind::infinity) && (z.negative != p.negative))) {
                    out.add_nan();
                } else if (p.infinite) {
                    out.add_infinity(p.negative);
                } else if (z.kind == Piece::Kind::infinity) {
                    out.add_infinity(z.negative);
                } else if (p.zero && (z.kind == Piece::Kind::zero)) {
                    const bool zero_negative = p.negative && z.negative;
                    out.add_finite(point(Bound(0)), !zero_negative, zero_negative);
                } else if (p.zero) {
                    add_rounded(out, z.magnitudes, z.negative, format, rounding);  // 0 + z = z
                } else if (z.kind == Piece::Kind::zero) {
                    add_rounded(out, product, p.negative, format, rounding);  // the product, rounded once
                } else {
                    add_finite_pieces(out, product, p.negative, z.magnitudes, z.negative, Bound(0), format, rounding);
                }
            }
        }
    }
    return out;
}

// [impl->req~div-uv-d2~1]
ComputedSet negate_set(const ComputedSet& x) {
    ComputedSet out = ComputedSet::nothing();
    if (x.has_finite()) {
        out.add_finite(Interval(-x.finite()), x.may_be_negative_zero(), x.may_be_positive_zero());
    }
    if (x.may_be_positive_infinity()) {
        out.add_infinity(true);
    }
    if (x.may_be_negative_infinity()) {
        out.add_infinity(false);
    }
    if (x.may_be_nan()) {
        out.add_nan();
    }
    return out;
}

}  // namespace sonnx::accuracy
