// FP16 and BF16 conversions to and from FP32, in integer arithmetic (plus
// exact FP32 scaling), written branch-free so that the division loops
// vectorise. Used only inside the default FP environment (no FTZ/DAZ).
//
// Why FP32 division gives the correctly rounded FP16/BF16 quotient: the
// operands widen exactly; FP32 divides with p = 24 >= 2p' + 2 for p' = 11
// (FP16) and p' = 8 (BF16), so rounding the FP32 quotient again to p' bits is
// innocuous (Figueroa, "When is double rounding innocuous?", 1995). FP16
// quotients lie in [2^-40, 2^40], inside FP32's normal range. BF16 quotients
// may fall in FP32's subnormal range, whose grid (2^-149) is 2^16 times finer
// than BF16's (2^-133); the exact quotient of two 8-bit significands is never
// within 2^-150 of a BF16 rounding boundary unless it is below 2^-142, where
// both roundings give zero. The exhaustive campaigns check all 2^32 pairs.
#ifndef SONNX_CORE_HALF_FLOAT_HPP
#define SONNX_CORE_HALF_FLOAT_HPP

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace sonnx::core {

// helper of fp32_to_fp16: no requirement of its own
inline std::uint32_t bits_of(float value) noexcept {
    std::uint32_t bits = 0U;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

// helper of fp16_to_fp32: no requirement of its own
inline float float_from_bits(std::uint32_t bits) noexcept {
    float value = 0.0F;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

// Result of narrowing an FP32 value to a 16-bit format, with what the
// rounding did (as 0/1 words so that loops can OR them branch-free).
struct Narrowed {
    std::uint16_t bits;
    std::uint32_t inexact;  // the 16-bit value differs from the FP32 value
};

// All-ones when `condition` holds, else zero: selections are written as
// mask arithmetic so that the compiler if-converts them and vectorises.
// helper of fp32_to_fp16: no requirement of its own
inline std::uint32_t mask_if(bool condition) noexcept { return 0U - (condition ? 1U : 0U); }

// helper of fp32_to_fp16: no requirement of its own
inline std::uint32_t select(std::uint32_t mask, std::uint32_t when_set, std::uint32_t otherwise) noexcept {
    return (when_set & mask) | (otherwise & ~mask);
}

// [impl->req~div-float-d7~1]
inline float fp16_to_fp32(std::uint16_t half) noexcept {
    const std::uint32_t h = static_cast<std::uint32_t>(half);
    const std::uint32_t sign = (h & 0x8000U) << 16U;
    const std::uint32_t magnitude = h & 0x7FFFU;
    const std::uint32_t shifted = magnitude << 13U;
    // Finite: read the FP16 fields with FP32's bias, then rescale by
    // 2^(127-15); exact, and it normalises FP16 subnormals.
    const std::uint32_t finite_bits = bits_of(float_from_bits(shifted) * 0x1p112F);
    // Inf and NaN: all-ones exponent, payload (and quiet bit) kept.
    const std::uint32_t special_bits = shifted | 0x7F800000U;
    return float_from_bits(sign | select(mask_if(magnitude >= 0x7C00U), special_bits, finite_bits));
}

// [impl->req~div-float-f1~1]
// [impl->req~div-float-d3~2]
// [impl->req~div-float-d7~1]
inline Narrowed fp32_to_fp16(float value) noexcept {
    const std::uint32_t u = bits_of(value);
    const std::uint32_t sign = (u >> 16U) & 0x8000U;
    const std::uint32_t magnitude = u & 0x7FFFFFFFU;
    const std::uint32_t nan_mask = mask_if(magnitude > 0x7F800000U);
    const std::uint32_t big_mask = mask_if(magnitude >= 0x47800000U);  // |value| >= 2^16, or inf
    const std::uint32_t subnormal_mask = mask_if(magnitude < 0x38800000U);  // |value| < 2^-14
    // NaN: quiet, top payload bits kept. Big: infinity.
    const std::uint32_t nan_bits = 0x7E00U | ((magnitude >> 13U) & 0x03FFU);
    const std::uint32_t inf_bits = 0x7C00U;
    // Normal FP16 range: rebias the exponent (-112 << 23, as a wrapping
    // unsigned add) and round to nearest even on the 13 dropped bits; a
    // carry out of the significand correctly reaches the next binade or inf.
    const std::uint32_t odd = (magnitude >> 13U) & 1U;
    const std::uint32_t normal_bits = (magnitude + 0xC8000FFFU + odd) >> 13U;
    // Subnormal FP16 range: the value in units of 2^-24 (the FP16 subnormal
    // step) is significand * 2^(exponent - 126); shift right and round to
    // nearest even in integers. The shift is clamped to [1, 31] so that it is
    // defined in every lane; lanes outside this range are not selected.
    const std::uint32_t exponent = magnitude >> 23U;
    // The implicit bit exists for normal FP32 values only (zero must stay exact).
    const std::uint32_t significand = (magnitude & 0x007FFFFFU) | ((exponent != 0U) ? 0x00800000U : 0U);
    const std::uint32_t raw_shift = 126U - exponent;  // wraps for large exponents: clamped below
    const std::uint32_t shift = std::max(1U, std::min(raw_shift, 31U));
    const std::uint32_t truncated = significand >> shift;
    const std::uint32_t step = 1U << shift;  // one unit of the truncated result
    const std::uint32_t remainder = significand & (step - 1U);
    const std::uint32_t halfway = 1U << (shift - 1U);
    const std::uint32_t round_up = ((remainder > halfway) ? 1U : 0U) | (((remainder == halfway) ? 1U : 0U) & truncated);
    const std::uint32_t subnormal_bits = truncated + round_up;  // may carry into the smallest normal: correct
    const std::uint32_t subnormal_inexact = remainder;

    std::uint32_t out = select(subnormal_mask, subnormal_bits, normal_bits);
    out = select(big_mask, inf_bits, out);
    out = select(nan_mask, nan_bits, out);

    std::uint32_t inexact = select(subnormal_mask, subnormal_inexact, magnitude & 0x1FFFU);
    inexact = select(big_mask, magnitude ^ 0x7F800000U, inexact);  // finite big values overflow
    inexact = inexact & ~nan_mask;
    return Narrowed{static_cast<std::uint16_t>(sign | out), (inexact != 0U) ? 1U : 0U};
}

// [impl->req~div-float-d7~1]
inline float bf16_to_fp32(std::uint16_t half) noexcept {
    return float_from_bits(static_cast<std::uint32_t>(half) << 16U);
}

// [impl->req~div-float-f1~1]
// [impl->req~div-float-d3~2]
// [impl->req~div-float-d7~1]
inline Narrowed fp32_to_bf16(float value) noexcept {
    const std::uint32_t u = bits_of(value);
    const std::uint32_t magnitude = u & 0x7FFFFFFFU;
    const bool is_nan = magnitude > 0x7F800000U;
    // Round to nearest even on the 16 dropped bits; subnormals share FP32's
    // exponent field and a carry correctly reaches the next binade or inf.
    const std::uint32_t rounded = (u + 0x7FFFU + ((u >> 16U) & 1U)) >> 16U;
    const std::uint32_t quiet_nan = (u >> 16U) | 0x0040U;
    const std::uint32_t nan_mask = mask_if(is_nan);
    const std::uint32_t out = select(nan_mask, quiet_nan, rounded);
    const std::uint32_t inexact = (u & 0xFFFFU) & ~nan_mask;
    return Narrowed{static_cast<std::uint16_t>(out), (inexact != 0U) ? 1U : 0U};
}

}  // namespace sonnx::core

#endif  // SONNX_CORE_HALF_FLOAT_HPP
