/// @file
/// SymbolicDomainError, the abstract type of the spec's unit-verification
/// scenarios (sonnx-div-spec.md, "Unit Verification"), made rigorous: every
/// field is an enclosure over a whole input box.
///
///   real      the ideal value: exact real arithmetic on the ideal operands
///   computed  the spec's `float` field (a C++ keyword): the set of values the
///             modelled code computes, with the format's rounding, exponent
///             range, subnormals, overflow, signed zeros, infinities and NaN
///   err       computed - real
///   rel_err   err / real
///
/// An operand enters as a computed value (a format value or a range of them)
/// and an error interval: real = computed - err. Operations keep err split in
/// two parts, each enclosed exactly as its defining identity says
/// (DIV-UV-D2): `propagated` = shadow - real and `introduced` = computed -
/// shadow, where the shadow is the exact result of the same operations on
/// the computed operands. So err = propagated + introduced without the
/// dependency loss of subtracting two independent enclosures.
///
/// Sde<Format> models one of the formats of format.hpp; SdeInt<T> the integer
/// types. Their operators are those the core's element templates
/// (src/core/div_element.hpp) use, and those users' dividers need
/// (+, -, *, /, fma, negation, constants, static_cast between formats),
/// with the semantics the core's built-in types have in the IEEE default
/// environment; a comparison whose outcome
/// differs across the box throws UndecidedBranch (the scenario splits the
/// box), an operation with undefined behaviour in C++ throws NotModelled.
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

/// Thrown when a comparison's outcome differs across the box: the scenario splits the box.
class UndecidedBranch : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Thrown for an operation the model does not cover (undefined behaviour in C++).
class NotModelled : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// A set of values of one format: the hull of its finite values and which
/// special values it may hold. Signed zeros matter (x / -0 = -inf).
class ComputedSet {
public:
    /// @{
    /// Sets of one finite value, of a range, an infinity of a sign, NaN, or nothing.
    [[nodiscard]] static ComputedSet finite_point(const Bound& value);
    [[nodiscard]] static ComputedSet finite_range(const Bound& low, const Bound& high);
    [[nodiscard]] static ComputedSet infinity(bool negative);
    [[nodiscard]] static ComputedSet not_a_number();
    [[nodiscard]] static ComputedSet nothing();
    /// @}

    /// Whether the set holds a finite value.
    [[nodiscard]] bool has_finite() const { return has_finite_; }
    [[nodiscard]] const Interval& finite() const { return finite_; }  ///< valid when has_finite()
    /// @{
    /// Whether the set may hold +0, -0, +inf, -inf or NaN.
    [[nodiscard]] bool may_be_positive_zero() const { return positive_zero_; }
    [[nodiscard]] bool may_be_negative_zero() const { return negative_zero_; }
    [[nodiscard]] bool may_be_positive_infinity() const { return positive_infinity_; }
    [[nodiscard]] bool may_be_negative_infinity() const { return negative_infinity_; }
    [[nodiscard]] bool may_be_nan() const { return nan_; }
    /// @}

    /// Only finite values.
    [[nodiscard]] bool only_finite() const;
    [[nodiscard]] bool only_infinite() const;  ///< one or both infinities, nothing else
    /// NaN alone.
    [[nodiscard]] bool only_nan() const;
    [[nodiscard]] bool is_single_finite() const;  ///< one finite value (a zero of one sign)

    /// @{
    /// Widen the set: finite values (with the zeros' signs), an infinity, NaN, another set.
    void add_finite(const Interval& values, bool positive_zero, bool negative_zero);
    void add_infinity(bool negative);
    void add_nan();
    void join(const ComputedSet& other);
    /// @}

    /// The set as text.
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

/// The format-independent state of an Sde (the format is a run-time value
/// here; Sde<Format> fixes it in the type).
struct SdeValue {
    /// The format (Exact for the reals).
    const FormatSpec* format{nullptr};
    /// The computed values (the spec's `float` field).
    ComputedSet computed{};
    /// The ideal value's enclosure.
    Interval real{};
    bool real_defined{false};  ///< false after a division by an ideal zero
    /// shadow - real: the error the operands bring.
    Interval propagated{};
    /// computed - shadow: the error the operations introduce.
    Interval introduced{};
    bool errors_defined{false};  ///< false when computed or real is not finite

    /// The exact result of the operations on the computed operands.
    [[nodiscard]] Interval shadow() const;
    [[nodiscard]] Interval err() const;      ///< entire() when !errors_defined
    [[nodiscard]] Interval rel_err() const;  ///< entire() when real may be zero
};

/// An operand: computed value(s) and the interval of its error (real = computed - error).
[[nodiscard]] SdeValue make_input(const FormatSpec& format, const ComputedSet& computed, const Interval& error);
/// An exact value of the format, without error.
[[nodiscard]] SdeValue make_constant(const FormatSpec& format, const Bound& value);
/// @{
/// The four operations, rounded as `rounding` says in the format (exact for Exact).
[[nodiscard]] SdeValue divide(const SdeValue& a, const SdeValue& b, Rounding rounding);
[[nodiscard]] SdeValue subtract(const SdeValue& a, const SdeValue& b, Rounding rounding);
[[nodiscard]] SdeValue add(const SdeValue& a, const SdeValue& b, Rounding rounding);
[[nodiscard]] SdeValue multiply(const SdeValue& a, const SdeValue& b, Rounding rounding);
/// @}
/// a * b + c rounded once (IEEE 754 fusedMultiplyAdd, std::fma).
[[nodiscard]] SdeValue fused_multiply_add(const SdeValue& a, const SdeValue& b, const SdeValue& c, Rounding rounding);
[[nodiscard]] SdeValue negate(const SdeValue& x);  ///< exact
/// A constant written in the program (T(1), T(0.1)): rounded to nearest into
/// the format as C++ converts it, without error; NotModelled when it is not
/// finite or overflows the format (undefined in C++).
[[nodiscard]] SdeValue make_program_constant(const FormatSpec& format, const Bound& value);
/// Widening (every value of `from` is a value of `to`: exact) or narrowing.
[[nodiscard]] SdeValue convert(const SdeValue& x, const FormatSpec& to, Rounding rounding);
/// Subnormal results replaced by zeros of the same sign (flush to zero).
[[nodiscard]] SdeValue flush_subnormals(const SdeValue& x);
/// a > b (or a >= b when or_equal) on the computed values; throws
/// UndecidedBranch when it holds for some members and not for others.
[[nodiscard]] bool greater(const SdeValue& a, const SdeValue& b, bool or_equal);

template <typename Format>
/// The scenario type of a float format (Fp16, Bf16, Fp32, Fp64, Exact): a value of the spec's SymbolicDomainError, with the C++ operators the element code uses.
class Sde {
public:
    /// The format tag.
    using FormatTag = Format;

    Sde() = default;
    /// Wraps a value.
    explicit Sde(SdeValue value) : value_(std::move(value)) {}

    /// An operand: computed value(s) and the interval of its error.
    [[nodiscard]] static Sde input(const ComputedSet& computed, const Interval& error) {
        return Sde(make_input(Format::spec, computed, error));
    }
    /// An exact value of the format, without error.
    [[nodiscard]] static Sde exact(const Bound& value) { return Sde(make_constant(Format::spec, value)); }
    /// A constant of the program: Sde<Fp32>(1), T(0.5) in a template.
    template <typename Number, typename = std::enable_if_t<std::is_arithmetic<Number>::value>>
    explicit Sde(Number constant) : value_(make_program_constant(Format::spec, Bound(constant))) {}
    /// static_cast between formats: exact when it widens, rounded to nearest when it narrows.
    template <typename From, typename = std::enable_if_t<!std::is_same<From, Format>::value>>
    explicit Sde(const Sde<From>& x) : value_(convert(x.value(), Format::spec, Rounding::to_nearest_even)) {}

    /// @{
    /// The fields and predicates of the spec's SymbolicDomainError: computed (`float`), real, err, rel_err, the two parts of err, whether they are defined, is_inf, is_nan, and the whole value.
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
    /// @}

    /// IEEE division rounded to nearest even in the format (exact for Exact).
    friend Sde operator/(const Sde& a, const Sde& b) {
        return Sde(divide(a.value_, b.value_, Rounding::to_nearest_even));
    }
    /// IEEE subtraction, addition, multiplication and fused multiply-add,
    /// rounded to nearest even in the format (exact for Exact); negation exact.
    friend Sde operator-(const Sde& a, const Sde& b) {
        return Sde(subtract(a.value_, b.value_, Rounding::to_nearest_even));
    }
    /// @{
    /// IEEE subtraction, addition and multiplication rounded to nearest even in the format (exact for Exact).
    friend Sde operator+(const Sde& a, const Sde& b) { return Sde(add(a.value_, b.value_, Rounding::to_nearest_even)); }
    friend Sde operator*(const Sde& a, const Sde& b) {
        /// @}
        return Sde(multiply(a.value_, b.value_, Rounding::to_nearest_even));
    }
    /// Negation, exact.
    friend Sde operator-(const Sde& a) { return Sde(negate(a.value_)); }
    friend Sde fma(const Sde& a, const Sde& b, const Sde& c) {  ///< found by argument-dependent lookup, like std::fma
        return Sde(fused_multiply_add(a.value_, b.value_, c.value_, Rounding::to_nearest_even));
    }
    /// @{
    /// Comparisons of the computed values; throw UndecidedBranch when the outcome differs across the box.
    friend bool operator>(const Sde& a, const Sde& b) { return greater(a.value_, b.value_, false); }
    friend bool operator>=(const Sde& a, const Sde& b) { return greater(a.value_, b.value_, true); }
    friend bool operator<(const Sde& a, const Sde& b) { return greater(b.value_, a.value_, false); }
    /// @}

private:
    SdeValue value_{};
};

/// Division with another rounding (a user's function may truncate).
template <typename Format>
[[nodiscard]] Sde<Format> divide_with(const Sde<Format>& a, const Sde<Format>& b, Rounding rounding) {
    return Sde<Format>(divide(a.value(), b.value(), rounding));
}

/// Conversion to another format: exact when it widens, rounded when it narrows.
template <typename To, typename From>
[[nodiscard]] Sde<To> convert_to(const Sde<From>& x, Rounding rounding = Rounding::to_nearest_even) {
    return Sde<To>(convert(x.value(), To::spec, rounding));
}

template <typename Format>
/// Subnormal results replaced by zeros of the same sign (a flush-to-zero mode).
[[nodiscard]] Sde<Format> flush_to_zero(const Sde<Format>& x) {
    return Sde<Format>(flush_subnormals(x.value()));
}

// ---------------------------------------------------------------------------
// Integers.

/// An integer type's parameters.
struct IntSpec {
    /// "INT8" ... "UINT64".
    const char* name;
    /// Bits of the type.
    int bits;
    /// Whether the type is signed.
    bool is_signed;
};

/// The type's smallest value.
[[nodiscard]] Bound int_min(const IntSpec& spec);
/// The type's largest value.
[[nodiscard]] Bound int_max(const IntSpec& spec);

/// The computed value is an interval of integers of the type; real = computed
/// - error. Operations follow C++: / truncates, % is the remainder of that
/// division, conversions from floats truncate, and every operation whose
/// result leaves the type (or divides by zero) throws NotModelled.
struct IntValue {
    /// The type.
    const IntSpec* spec{nullptr};
    /// The computed integers.
    Interval computed{};
    /// The ideal value's enclosure.
    Interval real{};
    /// False after a division by an ideal zero.
    bool real_defined{true};

    /// computed - real.
    [[nodiscard]] Interval err() const;
    /// err / real.
    [[nodiscard]] Interval rel_err() const;
};

/// An operand: computed integers and the interval of its error.
[[nodiscard]] IntValue make_int_input(const IntSpec& spec, const Interval& computed, const Interval& error);
/// A constant of the program.
[[nodiscard]] IntValue int_constant(const IntSpec& spec, long long value);
[[nodiscard]] IntValue int_divide(const IntValue& a, const IntValue& b);  ///< C++ /, truncation
[[nodiscard]] IntValue int_remainder(const IntValue& a, const IntValue& b);  ///< C++ %
/// @{
/// C++ addition and subtraction; NotModelled when the result leaves the type.
[[nodiscard]] IntValue int_add(const IntValue& a, const IntValue& b);
[[nodiscard]] IntValue int_subtract(const IntValue& a, const IntValue& b);
/// @}
[[nodiscard]] IntValue int_convert(const IntValue& x, const IntSpec& to);  ///< value-preserving only
[[nodiscard]] bool int_less(const IntValue& a, const IntValue& b);  ///< throws UndecidedBranch
[[nodiscard]] bool int_equal(const IntValue& a, const IntValue& b);  ///< throws UndecidedBranch
/// The spec's integer divisions themselves (the ideal operations of DIV-INT-F1, D1).
[[nodiscard]] IntValue int_divide_floor(const IntValue& a, const IntValue& b);
/// int -> float: C++ conversion, rounded to nearest even; float -> int: truncation.
[[nodiscard]] SdeValue int_to_float(const IntValue& x, const FormatSpec& format);
/// float -> int: C++ truncation; NotModelled when the value does not fit.
[[nodiscard]] IntValue float_to_int(const SdeValue& x, const IntSpec& spec);

template <typename T>
struct IntSpecOf;

template <typename T>
/// The scenario type of an integer type T, with the C++ operators the element code uses.
class SdeInt {
    static_assert(std::is_integral<T>::value, "SdeInt models an integer type");

public:
    /// The integer type.
    using IntType = T;
    /// The type's parameters.
    static constexpr IntSpec spec{IntSpecOf<T>::name,
                                  std::numeric_limits<T>::digits + (std::is_signed<T>::value ? 1 : 0),
                                  std::is_signed<T>::value};

    /// Zero.
    SdeInt() : value_(int_constant(spec, 0)) {}
    /// Wraps a value.
    explicit SdeInt(IntValue value) : value_(std::move(value)) {}
    /// A constant of the program (static_cast<T>(1) in the element code).
    template <typename I, typename = std::enable_if_t<std::is_integral<I>::value>>
    explicit SdeInt(I constant) : value_(int_constant(spec, static_cast<long long>(constant))) {}
    /// Conversions the element templates write as static_cast.
    template <typename Format>
    explicit SdeInt(const Sde<Format>& x) : value_(float_to_int(x.value(), spec)) {}
    template <typename U>
    /// Conversions between integer types (value-preserving only).
    explicit SdeInt(const SdeInt<U>& x) : value_(int_convert(x.value(), spec)) {}
    template <typename Format>
    /// Conversion to a float format: C++ conversion, rounded to nearest even.
    explicit operator Sde<Format>() const {
        return Sde<Format>(int_to_float(value_, Format::spec));
    }

    /// An operand: computed integers and the interval of its error.
    [[nodiscard]] static SdeInt input(const Interval& computed, const Interval& error) {
        return SdeInt(make_int_input(spec, computed, error));
    }

    /// @{
    /// The fields of the spec's SymbolicDomainError for integers: computed, real, err, rel_err, and the whole value.
    [[nodiscard]] const Interval& computed() const { return value_.computed; }
    [[nodiscard]] const Interval& real() const { return value_.real; }
    [[nodiscard]] Interval err() const { return value_.err(); }
    [[nodiscard]] Interval rel_err() const { return value_.rel_err(); }
    [[nodiscard]] const IntValue& value() const { return value_; }
    /// @}

    /// @{
    /// C++ integer operators: / truncates, % its remainder; comparisons throw UndecidedBranch when the outcome differs across the box.
    friend SdeInt operator/(const SdeInt& a, const SdeInt& b) { return SdeInt(int_divide(a.value_, b.value_)); }
    friend SdeInt operator%(const SdeInt& a, const SdeInt& b) { return SdeInt(int_remainder(a.value_, b.value_)); }
    friend SdeInt operator+(const SdeInt& a, const SdeInt& b) { return SdeInt(int_add(a.value_, b.value_)); }
    friend SdeInt operator-(const SdeInt& a, const SdeInt& b) { return SdeInt(int_subtract(a.value_, b.value_)); }
    friend bool operator<(const SdeInt& a, const SdeInt& b) { return int_less(a.value_, b.value_); }
    friend bool operator==(const SdeInt& a, const SdeInt& b) { return int_equal(a.value_, b.value_); }
    friend bool operator!=(const SdeInt& a, const SdeInt& b) { return !int_equal(a.value_, b.value_); }
    /// @}

private:
    IntValue value_;
};

template <>
/// The name of INT8.
struct IntSpecOf<std::int8_t> {
    /// "INT8".
    static constexpr const char* name = "INT8";
};
template <>
/// The name of UINT8.
struct IntSpecOf<std::uint8_t> {
    /// "UINT8".
    static constexpr const char* name = "UINT8";
};
template <>
/// The name of INT16.
struct IntSpecOf<std::int16_t> {
    /// "INT16".
    static constexpr const char* name = "INT16";
};
template <>
/// The name of UINT16.
struct IntSpecOf<std::uint16_t> {
    /// "UINT16".
    static constexpr const char* name = "UINT16";
};
template <>
/// The name of INT32.
struct IntSpecOf<std::int32_t> {
    /// "INT32".
    static constexpr const char* name = "INT32";
};
template <>
/// The name of UINT32.
struct IntSpecOf<std::uint32_t> {
    /// "UINT32".
    static constexpr const char* name = "UINT32";
};
template <>
/// The name of INT64.
struct IntSpecOf<std::int64_t> {
    /// "INT64".
    static constexpr const char* name = "INT64";
};
template <>
/// The name of UINT64.
struct IntSpecOf<std::uint64_t> {
    /// "UINT64".
    static constexpr const char* name = "UINT64";
};

}  // namespace sonnx::accuracy

#endif  // SONNX_ACCURACY_SYMBOLIC_DOMAIN_ERROR_HPP
