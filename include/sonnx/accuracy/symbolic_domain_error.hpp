// SymbolicDomainError, the abstract type of the spec's unit-verification
// scenarios (sonnx-div-spec.md, "Unit Verification"), made rigorous: every
// field is an enclosure over a whole input box.
//
//   real      the ideal value: exact real arithmetic on the ideal operands
//   computed  the spec's `float` field (a C++ keyword): the set of values the
//             modelled code computes, with the format's rounding, exponent
//             range, subnormals, overflow, signed zeros, infinities and NaN
//   err       computed - real
//   rel_err   err / real
//
// An operand enters as a computed value (a format value or a range of them)
// and an error interval: real = computed - err. Operations keep err split in
// two parts, each enclosed exactly as its defining identity says
// (DIV-UV-D2): `propagated` = shadow - real and `introduced` = computed -
// shadow, where the shadow is the exact result of the same operations on
// the computed operands. So err = propagated + introduced without the
// dependency loss of subtracting two independent enclosures.
//
// Sde<Format> models one of the formats of format.hpp; SdeInt<T> the integer
// types. Their operators are those the core's element templates
// (src/core/div_element.hpp) use, and those users' dividers need
// (+, -, *, /, fma, negation, constants, static_cast between formats),
// with the semantics the core's built-in types have in the IEEE default
// environment; a comparison whose outcome
// differs across the box throws UndecidedBranch (the scenario splits the
// box), an operation with undefined behaviour in C++ throws NotModelled.
#ifndef SONNX_ACCURACY_SYMBOLIC_DOMAIN_ERROR_HPP
#define SONNX_ACCURACY_SYMBOLIC_DOMAIN_ERROR_HPP

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "sonnx/accuracy/format.hpp"
#include "sonnx/accuracy/interval.hpp"

namespace sonnx::accuracy {

class UndecidedBranch : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class NotModelled : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A set of values of one format: the hull of its finite values and which
// special values it may hold. Signed zeros matter (x / -0 = -inf).
class ComputedSet {
public:
    [[nodiscard]] static ComputedSet finite_point(const Bound& value);
    [[nodiscard]] static ComputedSet finite_range(const Bound& low, const Bound& high);
    [[nodiscard]] static ComputedSet infinity(bool negative);
    [[nodiscard]] static ComputedSet not_a_number();
    [[nodiscard]] static ComputedSet nothing();

    [[nodiscard]] bool has_finite() const { return has_finite_; }
    [[nodiscard]] const Interval& finite() const { return finite_; }  // valid when has_finite()
    [[nodiscard]] bool may_be_positive_zero() const { return positive_zero_; }
    [[nodiscard]] bool may_be_negative_zero() const { return negative_zero_; }
    [[nodiscard]] bool may_be_positive_infinity() const { return positive_infinity_; }
    [[nodiscard]] bool may_be_negative_infinity() const { return negative_infinity_; }
    [[nodiscard]] bool may_be_nan() const { return nan_; }

    [[nodiscard]] bool only_finite() const;
    [[nodiscard]] bool only_infinite() const;  // one or both infinities, nothing else
    [[nodiscard]] bool only_nan() const;
    [[nodiscard]] bool is_single_finite() const;  // one finite value (a zero of one sign)

    void add_finite(const Interval& values, bool positive_zero, bool negative_zero);
    void add_infinity(bool negative);
    void add_nan();
    void join(const ComputedSet& other);

    [[nodiscard]] std::string to_text() const;

private:
    Interval finite_{};
    bool has_finite_{false};
    bool positive_zero_{false};
    bool negative_zero_{false};
    bool positive_infinity_{false};
    bool negative_infinity_{false};
    bool nan_{false};
};

// The format-independent state of an Sde (the format is a run-time value
// here; Sde<Format> fixes it in the type).
struct SdeValue {
    const FormatSpec* format{nullptr};
    ComputedSet computed{};
    Interval real{};
    bool real_defined{false};  // false after a division by an ideal zero
    Interval propagated{};
    Interval introduced{};
    bool errors_defined{false};  // false when computed or real is not finite

    [[nodiscard]] Interval shadow() const;
    [[nodiscard]] Interval err() const;      // entire() when !errors_defined
    [[nodiscard]] Interval rel_err() const;  // entire() when real may be zero
};

[[nodiscard]] SdeValue make_input(const FormatSpec& format, const ComputedSet& computed, const Interval& error);
[[nodiscard]] SdeValue make_constant(const FormatSpec& format, const Bound& value);
[[nodiscard]] SdeValue divide(const SdeValue& a, const SdeValue& b, Rounding rounding);
[[nodiscard]] SdeValue subtract(const SdeValue& a, const SdeValue& b, Rounding rounding);
[[nodiscard]] SdeValue add(const SdeValue& a, const SdeValue& b, Rounding rounding);
[[nodiscard]] SdeValue multiply(const SdeValue& a, const SdeValue& b, Rounding rounding);
// a * b + c rounded once (IEEE 754 fusedMultiplyAdd, std::fma).
[[nodiscard]] SdeValue fused_multiply_add(const SdeValue& a, const SdeValue& b, const SdeValue& c, Rounding rounding);
[[nodiscard]] SdeValue negate(const SdeValue& x);  // exact
// A constant written in the program (T(1), T(0.1)): rounded to nearest into
// the format as C++ converts it, without error; NotModelled when it is not
// finite or overflows the format (undefined in C++).
[[nodiscard]] SdeValue make_program_constant(const FormatSpec& format, const Bound& value);
// Widening (every value of `from` is a value of `to`: exact) or narrowing.
[[nodiscard]] SdeValue convert(const SdeValue& x, const FormatSpec& to, Rounding rounding);
// Subnormal results replaced by zeros of the same sign (flush to zero).
[[nodiscard]] SdeValue flush_subnormals(const SdeValue& x);
// a > b (or a >= b when or_equal) on the computed values; throws
// UndecidedBranch when it holds for some members and not for others.
[[nodiscard]] bool greater(const SdeValue& a, const SdeValue& b, bool or_equal);

template <typename Format>
class Sde {
public:
    using FormatTag = Format;

    Sde() = default;
    explicit Sde(SdeValue value) : value_(std::move(value)) {}

    // An operand: computed value(s) and the interval of its error.
    [[nodiscard]] static Sde input(const ComputedSet& computed, const Interval& error) {
        return Sde(make_input(Format::spec, computed, error));
    }
    [[nodiscard]] static Sde exact(const Bound& value) { return Sde(make_constant(Format::spec, value)); }
    // A constant of the program: Sde<Fp32>(1), T(0.5) in a template.
    template <typename Number, typename = std::enable_if_t<std::is_arithmetic<Number>::value>>
    explicit Sde(Number constant) : value_(make_program_constant(Format::spec, Bound(constant))) {}
    // static_cast between formats: exact when it widens, rounded to nearest when it narrows.
    template <typename From, typename = std::enable_if_t<!std::is_same<From, Format>::value>>
    explicit Sde(const Sde<From>& x) : value_(convert(x.value(), Format::spec, Rounding::to_nearest_even)) {}

    [[nodiscard]] const ComputedSet& computed() const { return value_.computed; }
    [[nodiscard]] const Interval& real() const { return value_.real; }
    [[nodiscard]] bool real_defined() const { return value_.real_defined; }
    [[nodiscard]] Interval err() const { return value_.err(); }
    [[nodiscard]] Interval rel_err() const { return value_.rel_err(); }
    [[nodiscard]] const Interval& propagated() const { return value_.propagated; }
    [[nodiscard]] const Interval& introduced() const { return value_.introduced; }
    [[nodiscard]] bool errors_defined() const { return value_.errors_defined; }
    [[nodiscard]] bool is_inf() const { return value_.computed.only_infinite(); }
    [[nodiscard]] bool is_nan() const { return value_.computed.only_nan(); }
    [[nodiscard]] const SdeValue& value() const { return value_; }

    // IEEE division rounded to nearest even in the format (exact for Exact).
    friend Sde operator/(const Sde& a, const Sde& b) {
        return Sde(divide(a.value_, b.value_, Rounding::to_nearest_even));
    }
    // IEEE subtraction, addition, multiplication and fused multiply-add,
    // rounded to nearest even in the format (exact for Exact); negation exact.
    friend Sde operator-(const Sde& a, const Sde& b) {
        return Sde(subtract(a.value_, b.value_, Rounding::to_nearest_even));
    }
    friend Sde operator+(const Sde& a, const Sde& b) { return Sde(add(a.value_, b.value_, Rounding::to_nearest_even)); }
    friend Sde operator*(const Sde& a, const Sde& b) {
        return Sde(multiply(a.value_, b.value_, Rounding::to_nearest_even));
    }
    friend Sde operator-(const Sde& a) { return Sde(negate(a.value_)); }
    friend Sde fma(const Sde& a, const Sde& b, const Sde& c) {  // found by argument-dependent lookup, like std::fma
        return Sde(fused_multiply_add(a.value_, b.value_, c.value_, Rounding::to_nearest_even));
    }
    friend bool operator>(const Sde& a, const Sde& b) { return greater(a.value_, b.value_, false); }
    friend bool operator>=(const Sde& a, const Sde& b) { return greater(a.value_, b.value_, true); }
    friend bool operator<(const Sde& a, const Sde& b) { return greater(b.value_, a.value_, false); }

private:
    SdeValue value_{};
};

// Division with another rounding (a user's function may truncate).
template <typename Format>
[[nodiscard]] Sde<Format> divide_with(const Sde<Format>& a, const Sde<Format>& b, Rounding rounding) {
    return Sde<Format>(divide(a.value(), b.value(), rounding));
}

// Conversion to another format: exact when it widens, rounded when it narrows.
template <typename To, typename From>
[[nodiscard]] Sde<To> convert_to(const Sde<From>& x, Rounding rounding = Rounding::to_nearest_even) {
    return Sde<To>(convert(x.value(), To::spec, rounding));
}

template <typename Format>
[[nodiscard]] Sde<Format> flush_to_zero(const Sde<Format>& x) {
    return Sde<Format>(flush_subnormals(x.value()));
}

// ---------------------------------------------------------------------------
// Integers.

struct IntSpec {
    const char* name;
    int bits;
    bool is_signed;
};

[[nodiscard]] Bound int_min(const IntSpec& spec);
[[nodiscard]] Bound int_max(const IntSpec& spec);

// The computed value is an interval of integers of the type; real = computed
// - error. Operations follow C++: / truncates, % is the remainder of that
// division, conversions from floats truncate, and every operation whose
// result leaves the type (or divides by zero) throws NotModelled.
struct IntValue {
    const IntSpec* spec{nullptr};
    Interval computed{};
    Interval real{};
    bool real_defined{true};

    [[nodiscard]] Interval err() const;
    [[nodiscard]] Interval rel_err() const;
};

[[nodiscard]] IntValue make_int_input(const IntSpec& spec, const Interval& computed, const Interval& error);
[[nodiscard]] IntValue int_constant(const IntSpec& spec, long long value);
[[nodiscard]] IntValue int_divide(const IntValue& a, const IntValue& b);     // C++ /, truncation
[[nodiscard]] IntValue int_remainder(const IntValue& a, const IntValue& b);  // C++ %
[[nodiscard]] IntValue int_add(const IntValue& a, const IntValue& b);
[[nodiscard]] IntValue int_subtract(const IntValue& a, const IntValue& b);
[[nodiscard]] IntValue int_convert(const IntValue& x, const IntSpec& to);  // value-preserving only
[[nodiscard]] bool int_less(const IntValue& a, const IntValue& b);         // throws UndecidedBranch
[[nodiscard]] bool int_equal(const IntValue& a, const IntValue& b);        // throws UndecidedBranch
// The spec's integer divisions themselves (the ideal operations of DIV-INT-F1, D1).
[[nodiscard]] IntValue int_divide_floor(const IntValue& a, const IntValue& b);
// int -> float: C++ conversion, rounded to nearest even; float -> int: truncation.
[[nodiscard]] SdeValue int_to_float(const IntValue& x, const FormatSpec& format);
[[nodiscard]] IntValue float_to_int(const SdeValue& x, const IntSpec& spec);

template <typename T>
struct IntSpecOf;

template <typename T>
class SdeInt {
    static_assert(std::is_integral<T>::value, "SdeInt models an integer type");

public:
    using IntType = T;
    static constexpr IntSpec spec{IntSpecOf<T>::name,
                                  std::numeric_limits<T>::digits + (std::is_signed<T>::value ? 1 : 0),
                                  std::is_signed<T>::value};

    SdeInt() : value_(int_constant(spec, 0)) {}
    explicit SdeInt(IntValue value) : value_(std::move(value)) {}
    // A constant of the program (static_cast<T>(1) in the element code).
    template <typename I, typename = std::enable_if_t<std::is_integral<I>::value>>
    explicit SdeInt(I constant) : value_(int_constant(spec, static_cast<long long>(constant))) {}
    // Conversions the element templates write as static_cast.
    template <typename Format>
    explicit SdeInt(const Sde<Format>& x) : value_(float_to_int(x.value(), spec)) {}
    template <typename U>
    explicit SdeInt(const SdeInt<U>& x) : value_(int_convert(x.value(), spec)) {}
    template <typename Format>
    explicit operator Sde<Format>() const {
        return Sde<Format>(int_to_float(value_, Format::spec));
    }

    [[nodiscard]] static SdeInt input(const Interval& computed, const Interval& error) {
        return SdeInt(make_int_input(spec, computed, error));
    }

    [[nodiscard]] const Interval& computed() const { return value_.computed; }
    [[nodiscard]] const Interval& real() const { return value_.real; }
    [[nodiscard]] Interval err() const { return value_.err(); }
    [[nodiscard]] Interval rel_err() const { return value_.rel_err(); }
    [[nodiscard]] const IntValue& value() const { return value_; }

    friend SdeInt operator/(const SdeInt& a, const SdeInt& b) { return SdeInt(int_divide(a.value_, b.value_)); }
    friend SdeInt operator%(const SdeInt& a, const SdeInt& b) { return SdeInt(int_remainder(a.value_, b.value_)); }
    friend SdeInt operator+(const SdeInt& a, const SdeInt& b) { return SdeInt(int_add(a.value_, b.value_)); }
    friend SdeInt operator-(const SdeInt& a, const SdeInt& b) { return SdeInt(int_subtract(a.value_, b.value_)); }
    friend bool operator<(const SdeInt& a, const SdeInt& b) { return int_less(a.value_, b.value_); }
    friend bool operator==(const SdeInt& a, const SdeInt& b) { return int_equal(a.value_, b.value_); }
    friend bool operator!=(const SdeInt& a, const SdeInt& b) { return !int_equal(a.value_, b.value_); }

private:
    IntValue value_;
};

template <>
struct IntSpecOf<std::int8_t> {
    static constexpr const char* name = "INT8";
};
template <>
struct IntSpecOf<std::uint8_t> {
    static constexpr const char* name = "UINT8";
};
template <>
struct IntSpecOf<std::int16_t> {
    static constexpr const char* name = "INT16";
};
template <>
struct IntSpecOf<std::uint16_t> {
    static constexpr const char* name = "UINT16";
};
template <>
struct IntSpecOf<std::int32_t> {
    static constexpr const char* name = "INT32";
};
template <>
struct IntSpecOf<std::uint32_t> {
    static constexpr const char* name = "UINT32";
};
template <>
struct IntSpecOf<std::int64_t> {
    static constexpr const char* name = "INT64";
};
template <>
struct IntSpecOf<std::uint64_t> {
    static constexpr const char* name = "UINT64";
};

}  // namespace sonnx::accuracy

#endif  // SONNX_ACCURACY_SYMBOLIC_DOMAIN_ERROR_HPP
