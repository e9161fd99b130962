// SymbolicDomainError for the float formats and the reals: value sets,
// IEEE special cases, and the exact identities that keep err split into its
// propagated and introduced parts (DIV-UV-D2).
#include <mpfr.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "sonnx/accuracy/sde.hpp"

namespace sonnx::accuracy {

namespace {

bool negative_sign(const Bound& x) { return mpfr_signbit(x.backend().data()) != 0; }

// One sign class of a value set: NaN, an infinity, a zero, or finite
// non-zero values with the given sign and magnitudes.
struct Piece {
    enum class Kind : std::uint8_t { nan, infinity, zero, finite };
    Kind kind;
    bool negative;
    Interval magnitudes;  // finite pieces: |values|, positive (exact format: may touch 0)
};

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
// [impl->req~div-float-d3~1]
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

// The error one rounding adds to the exact results `exact` when it gives
// `result`: result - exact when the result is one value (every exact value
// rounded to it), else the rounding's bound at the largest magnitude.
// [impl->req~div-uv-d2~1]
// [impl->req~div-uv-d3~1]
Interval rounding_error(const Interval& exact, const ComputedSet& result, const FormatSpec& format,
                        Rounding rounding) {
    if (format.exact) {
        return point(Bound(0));
    }
    if (result.is_single_finite()) {
        return Interval(result.finite() - exact);
    }
    const Bound ulp = power_of_two(ulp_exponent(magnitude_high(exact), format));
    const Bound bound = (rounding == Rounding::to_nearest_even) ? Bound(ulp / 2) : ulp;
    return span(Bound(-bound), bound);
}

bool widens(const FormatSpec& from, const FormatSpec& to) {
    if (to.exact) {
        return true;
    }
    return (!from.exact) && (to.precision >= from.precision) && (to.emin <= from.emin) && (to.emax >= from.emax);
}

void require_same_format(const SdeValue& a, const SdeValue& b) {
    if ((a.format == nullptr) || (a.format != b.format)) {
        throw std::invalid_argument("operands of different formats");
    }
}

}  // namespace

// ---------------------------------------------------------------------------
// ComputedSet

// [impl->req~div-uv-d2~1]
ComputedSet ComputedSet::finite_point(const Bound& value) {
    ComputedSet set;
    set.finite_ = point(value);
    set.has_finite_ = true;
    if (value == 0) {
        set.negative_zero_ = negative_sign(value);
        set.positive_zero_ = !set.negative_zero_;
    }
    return set;
}

// [impl->req~div-uv-d2~1]
ComputedSet ComputedSet::finite_range(const Bound& low_end, const Bound& high_end) {
    ComputedSet set;
    set.finite_ = span(low_end, high_end);
    set.has_finite_ = true;
    if ((low_end < 0) && (high_end > 0)) {
        set.positive_zero_ = true;
        set.negative_zero_ = true;
    }
    for (const Bound* end : {&low_end, &high_end}) {
        if (*end == 0) {
            set.negative_zero_ = set.negative_zero_ || negative_sign(*end);
            set.positive_zero_ = set.positive_zero_ || !negative_sign(*end);
        }
    }
    return set;
}

// [impl->req~div-uv-d2~1]
ComputedSet ComputedSet::infinity(bool negative) {
    ComputedSet set;
    set.add_infinity(negative);
    return set;
}

// [impl->req~div-uv-d2~1]
ComputedSet ComputedSet::not_a_number() {
    ComputedSet set;
    set.nan_ = true;
    return set;
}

// [impl->req~div-uv-d2~1]
ComputedSet ComputedSet::nothing() { return ComputedSet(); }

// [impl->req~div-uv-d2~1]
bool ComputedSet::only_finite() const {
    return has_finite_ && !positive_infinity_ && !negative_infinity_ && !nan_;
}

// [impl->req~div-uv-d2~1]
bool ComputedSet::only_infinite() const {
    return !has_finite_ && !nan_ && (positive_infinity_ || negative_infinity_);
}

// [impl->req~div-uv-d2~1]
bool ComputedSet::only_nan() const { return nan_ && !has_finite_ && !positive_infinity_ && !negative_infinity_; }

// [impl->req~div-uv-d2~1]
bool ComputedSet::is_single_finite() const {
    return only_finite() && is_point(finite_) && !(positive_zero_ && negative_zero_);
}

// [impl->req~div-uv-d2~1]
void ComputedSet::add_finite(const Interval& values, bool positive_zero, bool negative_zero) {
    finite_ = has_finite_ ? hull(finite_, values) : values;
    has_finite_ = true;
    positive_zero_ = positive_zero_ || positive_zero;
    negative_zero_ = negative_zero_ || negative_zero;
}

// [impl->req~div-uv-d2~1]
void ComputedSet::add_infinity(bool negative) {
    if (negative) {
        negative_infinity_ = true;
    } else {
        positive_infinity_ = true;
    }
}

// [impl->req~div-uv-d2~1]
void ComputedSet::add_nan() { nan_ = true; }

// [impl->req~div-uv-d2~1]
void ComputedSet::join(const ComputedSet& other) {
    if (other.has_finite_) {
        add_finite(other.finite_, other.positive_zero_, other.negative_zero_);
    }
    positive_infinity_ = positive_infinity_ || other.positive_infinity_;
    negative_infinity_ = negative_infinity_ || other.negative_infinity_;
    nan_ = nan_ || other.nan_;
}

// [impl->req~div-uv-d1~1]
std::string ComputedSet::to_text() const {
    std::string text;
    const auto add = [&text](const std::string& part) { text += (text.empty() ? "" : " u ") + part; };
    if (has_finite_) {
        std::string zeros;
        if (contains_zero(finite_)) {
            zeros = (positive_zero_ && negative_zero_) ? " (+-0)" : (negative_zero_ ? " (-0)" : " (+0)");
        }
        add(sonnx::accuracy::to_text(finite_) + zeros);
    }
    if (positive_infinity_) {
        add("+inf");
    }
    if (negative_infinity_) {
        add("-inf");
    }
    if (nan_) {
        add("NaN");
    }
    return text.empty() ? "{}" : text;
}

// ---------------------------------------------------------------------------
// SdeValue

// [impl->req~div-uv-d2~1]
Interval SdeValue::shadow() const {
    if (!errors_defined) {
        return entire();
    }
    return meet(Interval(real + propagated), Interval(computed.finite() - introduced));
}

// [impl->req~div-uv-d2~1]
Interval SdeValue::err() const {
    if (!errors_defined) {
        return entire();
    }
    return meet(Interval(propagated + introduced), Interval(computed.finite() - real));
}

// [impl->req~div-uv-d2~1]
Interval SdeValue::rel_err() const {
    if (!errors_defined || contains_zero(real)) {
        return entire();
    }
    return Interval(err() / real);
}

// [impl->req~div-uv-d2~1]
SdeValue make_input(const FormatSpec& format, const ComputedSet& computed, const Interval& error) {
    if (computed.has_finite()) {
        for (const Bound& end : {low(computed.finite()), high(computed.finite())}) {
            if (!is_format_value(end, format)) {
                throw std::invalid_argument("input: " + to_text(end) + " is not a value of " + format.name);
            }
        }
    }
    SdeValue value;
    value.format = &format;
    value.computed = computed;
    if (computed.only_finite() && is_bounded(error)) {
        value.real = Interval(computed.finite() - error);
        value.real_defined = true;
        value.propagated = error;
        value.introduced = point(Bound(0));
        value.errors_defined = true;
    } else {
        value.real = entire();
    }
    return value;
}

// [impl->req~div-uv-d2~1]
SdeValue make_constant(const FormatSpec& format, const Bound& value) {
    return make_input(format, ComputedSet::finite_point(value), point(Bound(0)));
}

// [impl->req~div-float-f1~1]
// [impl->req~div-float-acc1~1]
// [impl->req~div-float-acc2~1]
// [impl->req~div-real-acc1~1]
// [impl->req~div-uv-d2~1]
SdeValue divide(const SdeValue& a, const SdeValue& b, Rounding rounding) {
    require_same_format(a, b);
    const FormatSpec& format = *a.format;
    SdeValue result;
    result.format = &format;
    result.computed = divide_sets(a.computed, b.computed, format, rounding);
    result.real_defined = a.real_defined && b.real_defined && !contains_zero(b.real);
    result.real = result.real_defined ? Interval(a.real / b.real) : entire();
    const bool divisor_nonzero = b.computed.only_finite() && !contains_zero(b.computed.finite());
    if (result.computed.only_finite() && result.real_defined && a.errors_defined && b.errors_defined &&
        divisor_nonzero) {
        const Interval& af = a.computed.finite();
        const Interval& bf = b.computed.finite();
        const Interval sa = a.shadow();
        const Interval sb = b.shadow();
        if (!contains_zero(sb)) {
            // shadow/shadow - real/real = (pa br - ar pb) / (br sb)
            // (each identity is also enclosed directly; the meet keeps the tighter bounds)
            const Interval shadow = Interval(sa / sb);
            result.propagated = meet(Interval((a.propagated * b.real - a.real * b.propagated) / (b.real * sb)),
                                     Interval(shadow - result.real));
            // af/bf - sa/sb = (ia sb - sa ib) / (bf sb), plus the rounding of af/bf
            const Interval inherited = Interval((a.introduced * sb - sa * b.introduced) / (bf * sb));
            const Interval exact = Interval(af / bf);
            result.introduced =
                meet(Interval(inherited + rounding_error(exact, result.computed, format, rounding)),
                     Interval(result.computed.finite() - shadow));
            result.errors_defined = true;
        }
    }
    return result;
}

// [impl->req~div-uv-d2~1]
SdeValue subtract(const SdeValue& a, const SdeValue& b, Rounding rounding) {
    require_same_format(a, b);
    if (!a.computed.only_finite() || !b.computed.only_finite()) {
        throw NotModelled("subtraction of infinities or NaN is not modelled");
    }
    const FormatSpec& format = *a.format;
    const Interval exact = Interval(a.computed.finite() - b.computed.finite());
    SdeValue result;
    result.format = &format;
    result.computed = ComputedSet::nothing();
    if (is_point(exact) && (low(exact) == 0)) {
        result.computed = ComputedSet::finite_point(Bound(0));  // x - x = +0 when rounding to nearest
    } else {
        const Bound lo = low(exact);
        const Bound hi = high(exact);
        if (lo < 0) {
            add_rounded(result.computed, span((hi < 0) ? Bound(-hi) : Bound(0), Bound(-lo)), true, format, rounding);
        }
        if (hi > 0) {
            add_rounded(result.computed, span((lo > 0) ? lo : Bound(0), hi), false, format, rounding);
        }
    }
    result.real_defined = a.real_defined && b.real_defined;
    result.real = result.real_defined ? Interval(a.real - b.real) : entire();
    if (result.computed.only_finite() && result.real_defined && a.errors_defined && b.errors_defined) {
        result.propagated = Interval(a.propagated - b.propagated);
        result.introduced =
            Interval(a.introduced - b.introduced + rounding_error(exact, result.computed, format, rounding));
        result.errors_defined = true;
    }
    return result;
}

// [impl->req~div-float-d7~1]
// [impl->req~div-uv-d2~1]
SdeValue convert(const SdeValue& x, const FormatSpec& to, Rounding rounding) {
    if (x.format == &to) {
        return x;
    }
    SdeValue result = x;
    result.format = &to;
    result.computed = ComputedSet::nothing();
    const ComputedSet& from = x.computed;
    if (from.may_be_nan()) {
        result.computed.add_nan();
    }
    if (from.may_be_positive_infinity()) {
        result.computed.add_infinity(false);
    }
    if (from.may_be_negative_infinity()) {
        result.computed.add_infinity(true);
    }
    const bool exact_conversion = widens(*x.format, to);
    for (const Piece& piece : pieces_of(from, *x.format)) {
        if (piece.kind == Piece::Kind::zero) {
            result.computed.add_finite(point(Bound(0)), !piece.negative, piece.negative);
        } else if (piece.kind == Piece::Kind::finite) {
            if (exact_conversion) {
                const Interval values = piece.negative ? Interval(-piece.magnitudes) : piece.magnitudes;
                result.computed.add_finite(values, false, false);
            } else {
                add_rounded(result.computed, piece.magnitudes, piece.negative, to, rounding);
            }
        } else {
            // NaN and infinities were added above.
        }
    }
    result.errors_defined = x.errors_defined && result.computed.only_finite();
    if (result.errors_defined) {
        const Interval fresh = exact_conversion ? point(Bound(0))
                                                : rounding_error(x.computed.finite(), result.computed, to, rounding);
        result.introduced = Interval(x.introduced + fresh);
    }
    return result;
}

// [impl->req~div-uv-d2~1]
SdeValue flush_subnormals(const SdeValue& x) {
    const FormatSpec& format = *x.format;
    if (format.exact || !x.computed.has_finite()) {
        return x;
    }
    const Bound normal = smallest_normal(format);
    const Interval& values = x.computed.finite();
    // Every format value strictly between -normal and +normal, zero aside, is subnormal.
    const bool negative_subnormals = (low(values) < 0) && (high(values) > -normal);
    const bool positive_subnormals = (high(values) > 0) && (low(values) < normal);
    if (!negative_subnormals && !positive_subnormals) {
        return x;
    }
    SdeValue result = x;
    ComputedSet flushed = ComputedSet::nothing();
    Interval fresh = point(Bound(0));
    if (x.computed.is_single_finite()) {
        // One subnormal value v: it becomes a zero of its sign, error -v.
        const Bound v = low(values);
        Bound zero(0);
        if (negative_sign(v)) {
            zero = -zero;
        }
        flushed = ComputedSet::finite_point(zero);
        fresh = point(Bound(-v));
    } else {
        // The set keeps its hull (the zeros are inside it) and gains the zeros.
        flushed.add_finite(values, positive_subnormals, negative_subnormals);
        fresh = span(Bound(-normal), normal);
    }
    if (x.computed.may_be_positive_infinity()) {
        flushed.add_infinity(false);
    }
    if (x.computed.may_be_negative_infinity()) {
        flushed.add_infinity(true);
    }
    if (x.computed.may_be_nan()) {
        flushed.add_nan();
    }
    result.computed = flushed;
    if (result.errors_defined) {
        result.introduced = Interval(x.introduced + fresh);
    }
    return result;
}

// [impl->req~div-uv-d2~1]
bool greater(const SdeValue& a, const SdeValue& b, bool or_equal) {
    if (!a.computed.only_finite() || !b.computed.only_finite()) {
        throw NotModelled("comparison with an infinity or a NaN is not modelled");
    }
    const Interval& x = a.computed.finite();
    const Interval& y = b.computed.finite();
    const bool always = or_equal ? (low(x) >= high(y)) : (low(x) > high(y));
    const bool never = or_equal ? (high(x) < low(y)) : (high(x) <= low(y));
    if (always == never) {
        throw UndecidedBranch("comparison undecided over the box: " + to_text(x) + " vs " + to_text(y));
    }
    return always;
}

}  // namespace sonnx::accuracy
