// Float division: IEEE 754 division in the default environment, which gives
// the correctly rounded quotient and every special case the requirements ask
// for (IEEE 754-2019 §6.1, §6.2, §7.2, §7.3):
//   x / ±0 (x non-zero)      -> ±inf, sign = XOR of the operand signs
//   ±inf / finite            -> ±inf, XOR sign
//   finite / ±inf, 0 / x     -> ±0, XOR sign
//   0 / 0, inf / inf, NaN    -> quiet NaN
#include "div_float.hpp"

#include "half_float.hpp"
#include "sonnx/div.hpp"

namespace sonnx::core {

// [impl->req~div-float-f1~1]
// [impl->req~div-float-c3~1]
// [impl->req~div-float-d1~1]
// [impl->req~div-float-d2~1]
// [impl->req~div-float-d3~1]
// [impl->req~div-float-d4~1]
// [impl->req~div-float-acc1~1]
void divide_fp32(const float* a, const float* b, float* y, std::uint64_t count) noexcept {
    for (std::uint64_t i = 0U; i < count; ++i) {
        y[i] = a[i] / b[i];
    }
}

// [impl->req~div-float-f1~1]
// [impl->req~div-float-c3~1]
// [impl->req~div-float-d1~1]
// [impl->req~div-float-d2~1]
// [impl->req~div-float-d3~1]
// [impl->req~div-float-d4~1]
// [impl->req~div-float-acc1~1]
void divide_fp64(const double* a, const double* b, double* y, std::uint64_t count) noexcept {
    for (std::uint64_t i = 0U; i < count; ++i) {
        y[i] = a[i] / b[i];
    }
}

namespace {

struct Fp16 {
    static float widen(std::uint16_t bits) noexcept { return fp16_to_fp32(bits); }
    static Narrowed narrow(float value) noexcept { return fp32_to_fp16(value); }
    static constexpr std::uint32_t kMagnitudeMask = 0x7FFFU;
    static constexpr std::uint32_t kInfinity = 0x7C00U;
    // 2^-14 * (1 - 2^-12): below it a quotient rounded to 11 bits with an
    // unbounded exponent stays below the smallest normal (tiny after rounding).
    static constexpr std::uint32_t kTinyBelowFp32Bits = 0x387FF000U;
};

struct Bf16 {
    static float widen(std::uint16_t bits) noexcept { return bf16_to_fp32(bits); }
    static Narrowed narrow(float value) noexcept { return fp32_to_bf16(value); }
    static constexpr std::uint32_t kMagnitudeMask = 0x7FFFU;
    static constexpr std::uint32_t kInfinity = 0x7F80U;
    // 2^-126 * (1 - 2^-9), the same threshold for 8 bits.
    static constexpr std::uint32_t kTinyBelowFp32Bits = 0x007FC000U;
};

inline std::uint32_t as_word(bool value) noexcept { return value ? 1U : 0U; }

// One loop for both 16-bit formats: widen exactly, divide in FP32, narrow
// with round to nearest even, and OR the 16-bit rounding's flags, branch-free.
// Underflow is signalled when the quotient is tiny after rounding and inexact;
// a tiny quotient that FP32 flushed to zero (BF16 only) is inexact.
// [impl->req~div-float-f1~1]
// [impl->req~div-float-d1~1]
// [impl->req~div-float-d2~1]
// [impl->req~div-float-d3~1]
// [impl->req~div-float-d4~1]
// [impl->req~div-float-d6~1]
// [impl->req~div-float-d7~1]
// [impl->req~div-float-acc1~1]
template <typename Format>
std::uint8_t divide_half(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* y,
                         std::uint64_t count) noexcept {
    std::uint32_t inexact = 0U;
    std::uint32_t overflow = 0U;
    std::uint32_t underflow = 0U;
    for (std::uint64_t i = 0U; i < count; ++i) {
        const std::uint16_t a_bits = a[i];
        const std::uint16_t b_bits = b[i];
        const float quotient = Format::widen(a_bits) / Format::widen(b_bits);
        const Narrowed result = Format::narrow(quotient);
        y[i] = result.bits;

        const std::uint32_t a_magnitude = static_cast<std::uint32_t>(a_bits) & Format::kMagnitudeMask;
        const std::uint32_t b_magnitude = static_cast<std::uint32_t>(b_bits) & Format::kMagnitudeMask;
        const std::uint32_t r_magnitude = static_cast<std::uint32_t>(result.bits) & Format::kMagnitudeMask;
        const std::uint32_t q_magnitude = bits_of(quotient) & 0x7FFFFFFFU;
        const std::uint32_t a_finite_nonzero = as_word((a_magnitude != 0U) && (a_magnitude < Format::kInfinity));
        const std::uint32_t b_finite_nonzero = as_word((b_magnitude != 0U) && (b_magnitude < Format::kInfinity));
        const std::uint32_t tiny = a_finite_nonzero & b_finite_nonzero &
                                   as_word(q_magnitude < Format::kTinyBelowFp32Bits);
        const std::uint32_t flushed = as_word(q_magnitude == 0U);

        inexact |= result.inexact;
        overflow |= as_word(r_magnitude == Format::kInfinity) & as_word(a_magnitude < Format::kInfinity) &
                    as_word(b_magnitude != 0U);
        underflow |= tiny & (result.inexact | flushed);
    }
    std::uint32_t flags = fp_flag_none;
    flags |= (inexact != 0U) ? static_cast<std::uint32_t>(fp_flag_inexact) : 0U;
    flags |= (overflow != 0U) ? static_cast<std::uint32_t>(fp_flag_overflow | fp_flag_inexact) : 0U;
    flags |= (underflow != 0U) ? static_cast<std::uint32_t>(fp_flag_underflow | fp_flag_inexact) : 0U;
    return static_cast<std::uint8_t>(flags);
}

}  // namespace

// [impl->req~div-float-d7~1]
std::uint8_t divide_fp16(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* y,
                         std::uint64_t count) noexcept {
    return divide_half<Fp16>(a, b, y, count);
}

// [impl->req~div-float-d7~1]
std::uint8_t divide_bf16(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* y,
                         std::uint64_t count) noexcept {
    return divide_half<Bf16>(a, b, y, count);
}

}  // namespace sonnx::core
