// SymbolicDomainError for the integer types: C++ integer semantics on
// enclosures of integers, and the conversions to and from the float formats
// that the core's through-float kernels use.
#include <mpfr.h>

#include <stdexcept>
#include <string>

#include "sonnx/accuracy/symbolic_domain_error.hpp"

namespace sonnx::accuracy {

namespace {

Bound truncated(const Bound& x) {
    Bound result;
    mpfr_trunc(result.backend().data(), x.backend().data());
    return result;
}

Bound floored(const Bound& x) {
    Bound result;
    mpfr_floor(result.backend().data(), x.backend().data());
    return result;
}

// trunc and floor are non-decreasing: the image of [lo, hi] is within
// [f(lo), f(hi)].
// [impl->req~div-uv-d2~1]
Interval truncate_all(const Interval& x) { return span(truncated(low(x)), truncated(high(x))); }

// [impl->req~div-uv-d2~1]
Interval floor_all(const Interval& x) { return span(floored(low(x)), floored(high(x))); }

// [impl->req~div-uv-d2~1]
void require_in_range(const Interval& values, const IntSpec& spec, const char* what) {
    if ((low(values) < int_min(spec)) || (high(values) > int_max(spec))) {
        throw NotModelled(std::string(what) + ": result " + to_text(values) + " outside " + spec.name +
                          " (undefined behaviour or a wrap-around the model does not follow)");
    }
}

// [impl->req~div-uv-d2~1]
void require_same_type(const IntValue& a, const IntValue& b) {
    if ((a.spec == nullptr) || (a.spec != b.spec)) {
        throw std::invalid_argument("integer operands of different types");
    }
}

// [impl->req~div-uv-d2~1]
IntValue with_real(const IntSpec& spec, const Interval& computed, bool real_defined, const Interval& real) {
    IntValue result;
    result.spec = &spec;
    result.computed = computed;
    result.real_defined = real_defined;
    result.real = real_defined ? real : entire();
    return result;
}

// A / B rounded to an integer by `round` (truncation or floor), for the
// computed values and, where B's real value cannot be zero, the real ones.
// [impl->req~div-uv-d2~1]
IntValue divide_rounded(const IntValue& a, const IntValue& b, Interval (*round)(const Interval&)) {
    require_same_type(a, b);
    if (contains_zero(b.computed)) {
        throw NotModelled("integer division by a divisor that may be zero");
    }
    const Interval quotient = round(Interval(a.computed / b.computed));
    require_in_range(quotient, *a.spec, "division");
    const bool real_defined = a.real_defined && b.real_defined && !contains_zero(b.real);
    const Interval real = real_defined ? round(Interval(a.real / b.real)) : entire();
    return with_real(*a.spec, quotient, real_defined, real);
}

}  // namespace

// [impl->req~div-uv-d2~1]
Bound int_min(const IntSpec& spec) {
    return spec.is_signed ? Bound(-power_of_two(static_cast<long>(spec.bits) - 1L)) : Bound(0);
}

// [impl->req~div-uv-d2~1]
Bound int_max(const IntSpec& spec) {
    const long magnitude_bits = spec.is_signed ? static_cast<long>(spec.bits) - 1L : static_cast<long>(spec.bits);
    return Bound(power_of_two(magnitude_bits) - 1);
}

// [impl->req~div-uv-d2~1]
Interval IntValue::err() const {
    if (!real_defined) {
        return entire();
    }
    return Interval(computed - real);
}

// [impl->req~div-uv-d2~1]
Interval IntValue::rel_err() const {
    if (!real_defined || contains_zero(real)) {
        return entire();
    }
    return Interval(err() / real);
}

// [impl->req~div-uv-d2~1]
IntValue make_int_input(const IntSpec& spec, const Interval& computed, const Interval& error) {
    const bool integers = (truncated(low(computed)) == low(computed)) && (truncated(high(computed)) == high(computed));
    if (!integers || !is_bounded(error)) {
        throw std::invalid_argument("integer input: endpoints must be integers and the error bounded");
    }
    require_in_range(computed, spec, "input");
    return with_real(spec, computed, true, Interval(computed - error));
}

// [impl->req~div-uv-d2~1]
IntValue int_constant(const IntSpec& spec, long long value) {
    const Interval v = point(Bound(value));
    require_in_range(v, spec, "constant");
    return with_real(spec, v, true, v);
}

// [impl->req~div-int-d1~1]
// [impl->req~div-uv-d2~1]
IntValue int_divide(const IntValue& a, const IntValue& b) { return divide_rounded(a, b, truncate_all); }

// [impl->req~div-uv-d2~1]
IntValue int_remainder(const IntValue& a, const IntValue& b) {
    require_same_type(a, b);
    if (!is_point(a.computed) || !is_point(b.computed)) {
        throw UndecidedBranch("remainder of integer ranges");
    }
    if (contains_zero(b.computed)) {
        throw NotModelled("integer remainder by zero");
    }
    const Interval quotient = truncate_all(Interval(a.computed / b.computed));
    require_in_range(quotient, *a.spec, "remainder");
    const Interval remainder = Interval(a.computed - b.computed * quotient);  // exact: integers below 2^130
    const bool real_defined = a.real_defined && b.real_defined && !contains_zero(b.real);
    const Interval real = real_defined ? Interval(a.real - b.real * truncate_all(Interval(a.real / b.real))) : entire();
    return with_real(*a.spec, remainder, real_defined, real);
}

// [impl->req~div-uv-d2~1]
IntValue int_add(const IntValue& a, const IntValue& b) {
    require_same_type(a, b);
    const Interval sum = Interval(a.computed + b.computed);
    require_in_range(sum, *a.spec, "addition");
    const bool real_defined = a.real_defined && b.real_defined;
    return with_real(*a.spec, sum, real_defined, real_defined ? Interval(a.real + b.real) : entire());
}

// [impl->req~div-uv-d2~1]
IntValue int_subtract(const IntValue& a, const IntValue& b) {
    require_same_type(a, b);
    const Interval difference = Interval(a.computed - b.computed);
    require_in_range(difference, *a.spec, "subtraction");
    const bool real_defined = a.real_defined && b.real_defined;
    return with_real(*a.spec, difference, real_defined, real_defined ? Interval(a.real - b.real) : entire());
}

// [impl->req~div-uv-d2~1]
IntValue int_convert(const IntValue& x, const IntSpec& to) {
    require_in_range(x.computed, to, "conversion");
    return with_real(to, x.computed, x.real_defined, x.real);
}

// [impl->req~div-uv-d2~1]
bool int_less(const IntValue& a, const IntValue& b) {
    require_same_type(a, b);
    if (high(a.computed) < low(b.computed)) {
        return true;
    }
    if (low(a.computed) >= high(b.computed)) {
        return false;
    }
    throw UndecidedBranch("integer comparison undecided over the box");
}

// [impl->req~div-uv-d2~1]
bool int_equal(const IntValue& a, const IntValue& b) {
    require_same_type(a, b);
    if (is_point(a.computed) && is_point(b.computed)) {
        return low(a.computed) == low(b.computed);
    }
    if ((high(a.computed) < low(b.computed)) || (low(a.computed) > high(b.computed))) {
        return false;
    }
    throw UndecidedBranch("integer equality undecided over the box");
}

// [impl->req~div-int-f1~1]
// [impl->req~div-uv-d2~1]
IntValue int_divide_floor(const IntValue& a, const IntValue& b) { return divide_rounded(a, b, floor_all); }

// [impl->req~div-uv-d2~1]
SdeValue int_to_float(const IntValue& x, const FormatSpec& format) {
    ComputedSet computed = ComputedSet::nothing();
    const Rounded lo = round_to_format(low(x.computed), format, Rounding::to_nearest_even);
    const Rounded hi = round_to_format(high(x.computed), format, Rounding::to_nearest_even);
    if (lo.infinite || hi.infinite) {
        throw NotModelled("integer conversion overflows the float format");
    }
    computed.add_finite(span(lo.value, hi.value), (lo.value <= 0) && (hi.value >= 0), false);
    SdeValue result;
    result.format = &format;
    result.computed = computed;
    result.real_defined = x.real_defined;
    result.real = x.real_defined ? x.real : entire();
    result.errors_defined = x.real_defined;
    if (result.errors_defined) {
        // The shadow of the conversion is the integer itself.
        result.propagated = Interval(x.computed - x.real);
        Interval fresh = point(Bound(0));
        if (is_point(x.computed)) {
            fresh = Interval(computed.finite() - x.computed);
        } else if (magnitude_high(x.computed) > power_of_two(static_cast<long>(format.precision))) {
            const Bound ulp = power_of_two(ulp_exponent(magnitude_high(x.computed), format));
            fresh = span(Bound(-ulp / 2), Bound(ulp / 2));
        } else {
            // every integer up to 2^p converts exactly
        }
        result.introduced = fresh;
    }
    return result;
}

// [impl->req~div-uv-d2~1]
IntValue float_to_int(const SdeValue& x, const IntSpec& spec) {
    if (!x.computed.only_finite()) {
        throw NotModelled("conversion of an infinity or a NaN to an integer (undefined behaviour)");
    }
    const Interval computed = truncate_all(x.computed.finite());
    require_in_range(computed, spec, "float-to-integer conversion");
    return with_real(spec, computed, x.real_defined, x.real_defined ? truncate_all(x.real) : entire());
}

}  // namespace sonnx::accuracy
