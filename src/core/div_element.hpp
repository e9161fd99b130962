// The element-level steps of the division kernels, as templates over the
// element type. The core's scalar loops instantiate them with float, double
// and the integer types; the accuracy scenarios (src/accuracy/) instantiate
// the same templates with interval types that model the formats' rounding
// (sonnx/accuracy/symbolic_domain_error.hpp), so that what they verify is this code, not a
// copy of it. Only the operations the templates use are required of a type:
// division, conversions, comparisons, and for the integers % and -.
// The F16C and AVX2 kernels of div_float.cpp run the same steps in vector
// intrinsics and are not instantiated here (see spec/unit-verification.md).
#ifndef SONNX_CORE_DIV_ELEMENT_HPP
#define SONNX_CORE_DIV_ELEMENT_HPP

#include <type_traits>

namespace sonnx::core {

// The built-in types never throw; the interval types of the scenarios may.
template <typename T>
constexpr bool kNoThrow = std::is_arithmetic<T>::value;

// One division in the element type: IEEE 754 round-to-nearest-even division
// for the float types (in the default environment), the integer divider's
// truncating division for the unsigned integer types.
// [impl->req~div-float-f1~1]
// [impl->req~div-float-acc1~1]
// [impl->req~div-int-f1~1]
// [impl->req~div-uv-d7~1]
template <typename T>
inline T divide_element(const T& a, const T& b) noexcept(kNoThrow<T>) {
    return a / b;
}

// The 16-bit formats: both operands widen exactly to Format::Wide (FP32),
// divide there and narrow with round to nearest even. half_float.hpp gives
// why the double rounding is innocuous. The wide quotient is returned too:
// the kernels derive the IEEE flags from it.
template <typename Format>
struct WidenedQuotient {
    typename Format::Wide quotient;
    typename Format::Narrowed result;
};

// [impl->req~div-float-f1~1]
// [impl->req~div-float-d7~1]
// [impl->req~div-float-acc1~1]
// [impl->req~div-uv-d7~1]
template <typename Format>
inline WidenedQuotient<Format> divide_widened(const typename Format::Bits& a, const typename Format::Bits& b) noexcept(
    kNoThrow<typename Format::Wide>) {
    const typename Format::Wide quotient = divide_element(Format::widen(a), Format::widen(b));
    return WidenedQuotient<Format>{quotient, Format::narrow(quotient)};
}

// Integer quotient through a float type F whose precision holds every
// operand of T exactly (div_int.cpp says why truncating the correctly
// rounded quotient then gives the exact truncated quotient); S is a signed
// type that holds every truncated quotient.
// [impl->req~div-int-d1~1]
// [impl->req~div-int-acc1~1]
template <typename T, typename F, typename S>
inline T divide_toward_zero_through(const T& a, const T& b) noexcept(kNoThrow<F>) {
    const F quotient = divide_element(static_cast<F>(a), static_cast<F>(b));
    return static_cast<T>(static_cast<S>(quotient));
}

// Floor division, the same way: truncation moves a negative non-integer
// quotient up, so step down when the truncated value exceeds the quotient.
// [impl->req~div-int-f1~1]
// [impl->req~div-int-acc1~1]
template <typename T, typename F, typename S>
inline T divide_floor_through(const T& a, const T& b) noexcept(kNoThrow<F>) {
    const F quotient = divide_element(static_cast<F>(a), static_cast<F>(b));
    const S truncated = static_cast<S>(quotient);
    const S one = static_cast<S>(1);  // made once: no temporary that only one arm constructs
    // coverage: COV-07 (unsigned interval types never step down)
    const S floored = (static_cast<F>(truncated) > quotient) ? static_cast<S>(truncated - one) : truncated;
    return static_cast<T>(floored);
}

// Unsigned quotients up to 2^32 - 1 through F with a signed S of 32 bits:
// truncating q - 2^31 (exact for q >= 2^31) keeps the conversion within S.
// Unsigned quotients are non-negative, so floor and truncation agree.
// [impl->req~div-int-f1~1]
// [impl->req~div-int-d1~1]
// [impl->req~div-int-acc1~1]
template <typename U, typename F, typename S>
inline U divide_unsigned_through(const U& a, const U& b, const F& half_range, const U& high_bit) noexcept(kNoThrow<F>) {
    const F quotient = divide_element(static_cast<F>(a), static_cast<F>(b));
    const bool high = quotient >= half_range;
    const F shifted = high ? static_cast<F>(quotient - half_range) : quotient;
    const U low_part = static_cast<U>(static_cast<S>(shifted));
    return static_cast<U>(low_part + (high ? high_bit : static_cast<U>(0)));
}

// The integer divider: truncating / and %, then a step down for floor
// division when the remainder is non-zero and its sign differs from the
// divisor's.
// [impl->req~div-int-f1~1]
// [impl->req~div-int-d1~1]
// [impl->req~div-int-acc1~1]
template <typename T>
inline T divide_integer(const T& a, const T& b, bool floor_division) noexcept(kNoThrow<T>) {
    const T zero = static_cast<T>(0);
    const T truncated = a / b;
    const T remainder = a % b;
    const T one = static_cast<T>(1);  // made once: no temporary that only one arm constructs
    const bool step_down = floor_division && (remainder != zero) && ((remainder < zero) != (b < zero));
    return step_down ? static_cast<T>(truncated - one) : truncated;
}

}  // namespace sonnx::core

#endif  // SONNX_CORE_DIV_ELEMENT_HPP
