// SymbolicDomainError for the float formats and the reals: the exact
// identities that keep err split into its propagated and introduced parts
// (DIV-UV-D2), over the value sets of value_set_arithmetic.hpp.
#include <stdexcept>
#include <string>
#include <vector>

#include "value_set_arithmetic.hpp"
#include "sonnx/accuracy/symbolic_domain_error.hpp"

namespace sonnx::accuracy {

namespace {

// The error one rounding adds to the exact results `exact` when it gives
// `result`: result - exact when the result is one value (every exact value
// rounded to it), else the rounding's bound at the largest magnitude.
// [impl->req~div-uv-d2~1]
// [impl->req~div-uv-d3~1]
Interval rounding_error(const Interval& exact, const ComputedSet& result, const FormatSpec& format, Rounding rounding) {
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
            result.introduced = meet(Interval(inherited + rounding_error(exact, result.computed, format, rounding)),
                                     Interval(result.computed.finite() - shadow));
            result.errors_defined = true;
        }
    }
    return result;
}

// [impl->req~div-uv-d2~1]
SdeValue negate(const SdeValue& x) {
    SdeValue result = x;
    result.computed = negate_set(x.computed);
    if (x.real_defined) {
        result.real = Interval(-x.real);
    }
    if (x.errors_defined) {
        result.propagated = Interval(-x.propagated);
        result.introduced = Interval(-x.introduced);
    }
    return result;
}

// [impl->req~div-uv-d2~1]
SdeValue add(const SdeValue& a, const SdeValue& b, Rounding rounding) {
    require_same_format(a, b);
    const FormatSpec& format = *a.format;
    SdeValue result;
    result.format = &format;
    result.computed = add_sets(a.computed, b.computed, format, rounding);
    result.real_defined = a.real_defined && b.real_defined;
    result.real = result.real_defined ? Interval(a.real + b.real) : entire();
    if (result.computed.only_finite() && result.real_defined && a.errors_defined && b.errors_defined) {
        const Interval exact = Interval(a.computed.finite() + b.computed.finite());
        result.propagated = Interval(a.propagated + b.propagated);
        result.introduced = Interval(a.introduced + b.introduced +
                                     rounding_error(exact, result.computed, format, rounding));
        result.errors_defined = true;
    }
    return result;
}

// IEEE 754 defines a - b as a + (-b), signed zeros included.
// [impl->req~div-uv-d2~1]
SdeValue subtract(const SdeValue& a, const SdeValue& b, Rounding rounding) { return add(a, negate(b), rounding); }

// [impl->req~div-uv-d2~1]
SdeValue multiply(const SdeValue& a, const SdeValue& b, Rounding rounding) {
    require_same_format(a, b);
    const FormatSpec& format = *a.format;
    SdeValue result;
    result.format = &format;
    result.computed = multiply_sets(a.computed, b.computed, format, rounding);
    result.real_defined = a.real_defined && b.real_defined;
    result.real = result.real_defined ? Interval(a.real * b.real) : entire();
    if (result.computed.only_finite() && result.real_defined && a.errors_defined && b.errors_defined) {
        const Interval& af = a.computed.finite();
        const Interval& bf = b.computed.finite();
        const Interval sa = a.shadow();
        const Interval sb = b.shadow();
        const Interval shadow = Interval(sa * sb);
        // sa sb - ar br = pa sb + ar pb (each identity also enclosed directly; the meet keeps the tighter bounds)
        result.propagated = meet(Interval(a.propagated * sb + a.real * b.propagated), Interval(shadow - result.real));
        // af bf - sa sb = ia bf + sa ib, plus the rounding of af bf
        const Interval inherited = Interval(a.introduced * bf + sa * b.introduced);
        result.introduced = meet(
            Interval(inherited + rounding_error(Interval(af * bf), result.computed, format, rounding)),
            Interval(result.computed.finite() - shadow));
        result.errors_defined = true;
    }
    return result;
}

// [impl->req~div-uv-d2~1]
SdeValue fused_multiply_add(const SdeValue& a, const SdeValue& b, const SdeValue& c, Rounding rounding) {
    require_same_format(a, b);
    require_same_format(a, c);
    const FormatSpec& format = *a.format;
    SdeValue result;
    result.format = &format;
    result.computed = fused_multiply_add_sets(a.computed, b.computed, c.computed, format, rounding);
    result.real_defined = a.real_defined && b.real_defined && c.real_defined;
    result.real = result.real_defined ? Interval(a.real * b.real + c.real) : entire();
    if (result.computed.only_finite() && result.real_defined && a.errors_defined && b.errors_defined &&
        c.errors_defined) {
        const Interval& af = a.computed.finite();
        const Interval& bf = b.computed.finite();
        const Interval sa = a.shadow();
        const Interval sb = b.shadow();
        const Interval shadow = Interval(sa * sb + c.shadow());
        // (sa sb + sc) - (ar br + cr) = pa sb + ar pb + pc
        result.propagated = meet(Interval(a.propagated * sb + a.real * b.propagated + c.propagated),
                                 Interval(shadow - result.real));
        // (af bf + cf) - (sa sb + sc) = ia bf + sa ib + ic, plus the one rounding of af bf + cf
        const Interval inherited = Interval(a.introduced * bf + sa * b.introduced + c.introduced);
        const Interval exact = Interval(af * bf + c.computed.finite());
        result.introduced = meet(Interval(inherited + rounding_error(exact, result.computed, format, rounding)),
                                 Interval(result.computed.finite() - shadow));
        result.errors_defined = true;
    }
    return result;
}

// [impl->req~div-uv-d2~1]
SdeValue make_program_constant(const FormatSpec& format, const Bound& value) {
    if (!boost::multiprecision::isfinite(value)) {
        throw NotModelled("a constant that is not finite is not modelled");
    }
    const Rounded rounded = round_to_format(value, format, Rounding::to_nearest_even);
    if (rounded.infinite) {
        throw NotModelled("the constant " + to_text(value) + " is out of the range of " + format.name);
    }
    return make_constant(format, rounded.value);
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
