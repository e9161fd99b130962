// FP16 arithmetic independent of MPFR, GMP and the core, for the negative
// controls of the verification tools: quotients from the hardware's binary32
// division rounded to binary16 (24 >= 2 * 11 + 2 bits, so the double rounding
// is innocuous for division), two wrong roundings of the exact quotient, the
// seeded faults both the campaign and the check controls inject, and their plan.
#ifndef SONNX_TESTS_ORACLE_FP16_REFERENCE_HPP
#define SONNX_TESTS_ORACLE_FP16_REFERENCE_HPP

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "plan_size.hpp"

namespace sonnx::oracle::test {

inline std::uint16_t bits_of(_Float16 value) {
    std::uint16_t bits = 0U;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

inline _Float16 half_of(std::uint16_t bits) {
    _Float16 value{};
    std::memcpy(&value, &bits, sizeof bits);
    return value;
}

inline bool is_nan(std::uint16_t bits) { return ((bits & 0x7C00U) == 0x7C00U) && ((bits & 0x03FFU) != 0U); }
inline bool is_quiet_nan(std::uint16_t bits) { return is_nan(bits) && ((bits & 0x0200U) != 0U); }
inline bool is_finite(std::uint16_t bits) { return (bits & 0x7C00U) != 0x7C00U; }

// The correctly rounded FP16 quotient, through binary32.
inline std::uint16_t reference_quotient(std::uint16_t a, std::uint16_t b) {
    const float q = static_cast<float>(half_of(a)) / static_cast<float>(half_of(b));
    return bits_of(static_cast<_Float16>(q));
}

// The engine's rule: the same encoding, or any quiet NaN for a NaN.
inline bool conforms(std::uint16_t expected, std::uint16_t y) {
    return is_nan(expected) ? is_quiet_nan(y) : (expected == y);
}

enum class Rounding : std::uint8_t { toward_zero, ties_away };

// The exact quotient of two FP16 values (a double holds it to 53 bits, which
// no FP16 boundary or midpoint comes close to without being hit exactly),
// rounded to FP16 in another way than the standard's.
inline std::uint16_t rounded_quotient(std::uint16_t a, std::uint16_t b, Rounding rounding) {
    const double q = static_cast<double>(half_of(a)) / static_cast<double>(half_of(b));
    if (!std::isfinite(q) || (q == 0.0)) {
        return reference_quotient(a, b);
    }
    const double magnitude = std::fabs(q);
    int exponent = 0;
    (void)std::frexp(magnitude, &exponent);                      // magnitude in [2^(e-1), 2^e)
    const int ulp_exponent = std::max(exponent - 1, -14) - 10;  // 11 bits, subnormals below 2^-14
    const double scaled = std::ldexp(magnitude, -ulp_exponent);
    double units = std::floor(scaled);
    const double fraction = scaled - units;
    if ((rounding == Rounding::ties_away) && (fraction >= 0.5)) {
        units += 1.0;
    }
    double value = std::ldexp(units, ulp_exponent);
    if (value > 65504.0) {
        value = (rounding == Rounding::toward_zero) ? 65504.0 : INFINITY;
    }
    return bits_of(static_cast<_Float16>(std::copysign(value, q)));  // exact: already on the FP16 grid
}

// ---- seeded faults: each turns the correct result y of a / b (at `index`
// in its block) into a wrong one, for the negative controls ----

using Fault = std::uint16_t (*)(std::uint16_t a, std::uint16_t b, std::uint16_t y, std::uint64_t index);

inline std::uint16_t one_ulp_off(std::uint16_t, std::uint16_t, std::uint16_t y, std::uint64_t) {
    return is_finite(y) ? static_cast<std::uint16_t>(y + 1U) : y;
}
inline std::uint16_t toward_zero(std::uint16_t a, std::uint16_t b, std::uint16_t, std::uint64_t) {
    return rounded_quotient(a, b, Rounding::toward_zero);
}
inline std::uint16_t ties_away(std::uint16_t a, std::uint16_t b, std::uint16_t, std::uint64_t) {
    return rounded_quotient(a, b, Rounding::ties_away);
}
inline std::uint16_t flush_to_zero(std::uint16_t, std::uint16_t, std::uint16_t y, std::uint64_t) {
    const bool subnormal = ((y & 0x7C00U) == 0U) && ((y & 0x03FFU) != 0U);
    return subnormal ? static_cast<std::uint16_t>(y & 0x8000U) : y;
}
inline std::uint16_t wrong_zero_sign(std::uint16_t, std::uint16_t, std::uint16_t y, std::uint64_t) {
    return ((y & 0x7FFFU) == 0U) ? static_cast<std::uint16_t>(y ^ 0x8000U) : y;
}
inline std::uint16_t signalling_nan(std::uint16_t, std::uint16_t, std::uint16_t y, std::uint64_t) {
    return is_nan(y) ? std::uint16_t{0x7D00U} : y;  // quiet bit clear, payload set
}
inline std::uint16_t nan_for_infinity(std::uint16_t, std::uint16_t, std::uint16_t y, std::uint64_t) {
    return ((y & 0x7FFFU) == 0x7C00U) ? std::uint16_t{0x7E00U} : y;
}
inline std::uint16_t skipped_index(std::uint16_t, std::uint16_t, std::uint16_t y, std::uint64_t index) {
    return ((index % 1000U) == 999U) ? std::uint16_t{0xA5A5U} : y;  // the campaign engine's fill left in place
}

// The numerators of the strided plan (kStride, plan_size.hpp).
inline constexpr std::uint32_t kNumerators = (65536U + kStride - 1U) / kStride;

}  // namespace sonnx::oracle::test

#endif  // SONNX_TESTS_ORACLE_FP16_REFERENCE_HPP
