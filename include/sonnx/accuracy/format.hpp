/// @file
/// The number formats the scenarios model: the four binary float formats of
/// the float variant (precision, exponent range, subnormals, overflow) and
/// the exact reals of the real variant, with the roundings the element code
/// and the users' functions may apply, computed exactly on MPFR numbers.
#ifndef SONNX_ACCURACY_FORMAT_HPP
#define SONNX_ACCURACY_FORMAT_HPP

#include <cstdint>

#include "sonnx/accuracy/interval.hpp"

namespace sonnx::accuracy {

/// A format's parameters, or the reals' (exact).
struct FormatSpec {
    /// "FP16", "BF16", "FP32", "FP64" or "real".
    const char* name;
    int precision;  ///< significand bits, the implicit bit included
    int emin;       ///< exponent of the smallest normal (1.0 has exponent 0)
    int emax;       ///< exponent of the largest finite value
    bool exact;     ///< the reals: no rounding at all
};

/// Tags of the element types; Sde<Format> is the scenario type of each.
struct Fp16 {
    /// The parameters of FP16.
    static constexpr FormatSpec spec{"FP16", 11, -14, 15, false};
};
/// The tag of BF16.
struct Bf16 {
    /// The parameters of BF16.
    static constexpr FormatSpec spec{"BF16", 8, -126, 127, false};
};
/// The tag of FP32.
struct Fp32 {
    /// The parameters of FP32.
    static constexpr FormatSpec spec{"FP32", 24, -126, 127, false};
};
/// The tag of FP64.
struct Fp64 {
    /// The parameters of FP64.
    static constexpr FormatSpec spec{"FP64", 53, -1022, 1023, false};
};
/// The tag of the reals: no rounding.
struct Exact {
    /// The parameters of the reals.
    static constexpr FormatSpec spec{"real", 0, 0, 0, true};
};

/// The rounding of an operation: to nearest, ties to even (IEEE's default), or toward zero.
enum class Rounding : std::uint8_t { to_nearest_even, toward_zero };

/// The result of rounding a finite real into a format: a finite format value
/// (a signed zero included, MPFR keeps the sign) or an infinity.
struct Rounded {
    /// True when the result is an infinity.
    bool infinite{false};
    Bound value{};  ///< the format value, or +-inf
};

/// x (finite) rounded into the format with an unbounded-exponent rounding
/// at the quantum of its binade (subnormal quantum below emin); RN overflows
/// to an infinity from (2 - 2^-p) 2^emax on, RZ saturates at the largest
/// finite value (IEEE 754-2019 §4.3, §7.4). Exact formats return x.
[[nodiscard]] Rounded round_to_format(const Bound& x, const FormatSpec& format, Rounding rounding);
/// The same for an exact rational (float formats only).
[[nodiscard]] Rounded round_to_format(const Rational& x, const FormatSpec& format, Rounding rounding);

/// True when x is a value of the format (finite).
[[nodiscard]] bool is_format_value(const Bound& x, const FormatSpec& format);

/// ulp of DIV-FLOAT-D8 as a power-of-two exponent, for a real q: the spacing
/// of the format at q' = q rounded toward zero into the format (2^(emin-p+1)
/// at zero and in the subnormal range, 2^(emax-p+1) beyond the largest value).
[[nodiscard]] long ulp_exponent(const Bound& q, const FormatSpec& format);
/// The same for an exact rational.
[[nodiscard]] long ulp_exponent(const Rational& q, const FormatSpec& format);

/// Largest finite value and smallest positive (subnormal) value.
[[nodiscard]] Bound largest_finite(const FormatSpec& format);
/// The smallest positive subnormal value.
[[nodiscard]] Bound smallest_subnormal(const FormatSpec& format);
/// The smallest positive normal value.
[[nodiscard]] Bound smallest_normal(const FormatSpec& format);

/// Encodings (bit patterns, up to 64 bits) to values and back, finite or not.
struct Decoded {
    /// @{
    /// Whether the encoding is finite, an infinity or a NaN.
    enum class Kind : std::uint8_t { finite, infinity, nan } kind{Kind::finite};
    /// @}
    Bound value{};  ///< finite (signed zero kept) or +-inf
};
/// The value of an encoding of the format.
[[nodiscard]] Decoded decode(std::uint64_t bits, const FormatSpec& format);
/// The encoding of a format value or an infinity.
[[nodiscard]] std::uint64_t encode(const Bound& finite_or_infinite, const FormatSpec& format);

}  // namespace sonnx::accuracy

#endif  // SONNX_ACCURACY_FORMAT_HPP
