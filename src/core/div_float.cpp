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

#if defined(__F16C__) && defined(__AVX__)
#include <immintrin.h>
#define SONNX_HAVE_F16C 1
#endif
#if defined(__AVX2__)
#include <immintrin.h>
#define SONNX_HAVE_AVX2 1
#endif

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

#if !defined(SONNX_HAVE_F16C)
struct Fp16 {
    static float widen(std::uint16_t bits) noexcept { return fp16_to_fp32(bits); }
    static Narrowed narrow(float value) noexcept { return fp32_to_fp16(value); }
    static constexpr std::uint32_t kMagnitudeMask = 0x7FFFU;
    static constexpr std::uint32_t kInfinity = 0x7C00U;
    // 2^-14 * (1 - 2^-12): below it a quotient rounded to 11 bits with an
    // unbounded exponent stays below the smallest normal (tiny after rounding).
    static constexpr std::uint32_t kTinyBelowFp32Bits = 0x387FF000U;
};
#endif

struct Bf16 {
    static float widen(std::uint16_t bits) noexcept { return bf16_to_fp32(bits); }
    static Narrowed narrow(float value) noexcept { return fp32_to_bf16(value); }
    static constexpr std::uint32_t kMagnitudeMask = 0x7FFFU;
    static constexpr std::uint32_t kInfinity = 0x7F80U;
    // 2^-126 * (1 - 2^-9), the same threshold for 8 bits.
    static constexpr std::uint32_t kTinyBelowFp32Bits = 0x007FC000U;
};

// [impl->req~div-float-d6~1]
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
    flags |= (overflow != 0U) ? static_cast<std::uint32_t>(fp_flag_overflow) | static_cast<std::uint32_t>(fp_flag_inexact) : 0U;
    flags |= (underflow != 0U) ? static_cast<std::uint32_t>(fp_flag_underflow) | static_cast<std::uint32_t>(fp_flag_inexact) : 0U;
    return static_cast<std::uint8_t>(flags);
}

}  // namespace

// Every hardware flag of the FP32 division also belongs to the 16-bit
// division: invalid and divide-by-zero depend on the operands alone; FP32
// inexact means the exact quotient is not even an FP32 value; FP32 overflow
// means it is beyond FP32's range, hence BF16's; FP32 underflow means it is
// tiny and inexact in FP32, and no quotient of two 8-bit significands lies
// between FP32's and BF16's tininess thresholds (2^-126 (1 - 2^-25) and
// 2^-126 (1 - 2^-9)): a ratio below 1 with a denominator under 256 is at most
// 1 - 1/255. FP16 quotients never overflow or underflow in FP32.
// The kernels add the flags of the 16-bit rounding.
const std::uint8_t kBf16HardwareFlags = static_cast<std::uint8_t>(
    static_cast<std::uint32_t>(fp_flag_invalid) | static_cast<std::uint32_t>(fp_flag_divide_by_zero) |
    static_cast<std::uint32_t>(fp_flag_overflow) | static_cast<std::uint32_t>(fp_flag_underflow) |
    static_cast<std::uint32_t>(fp_flag_inexact));

#if defined(SONNX_HAVE_F16C)

const std::uint8_t kFp16HardwareFlags = kBf16HardwareFlags;

// With F16C, the hardware converts FP16 <-> FP32 (round to nearest even, the
// rounding mode of the default environment is overridden by the immediate)
// and raises the IEEE flags of the FP16 rounding itself: the FP32 division
// of two FP16 values never overflows or underflows, so the hardware flags
// of the whole sequence are exactly the FP16 division's.
// [impl->req~div-float-f1~1]
// [impl->req~div-float-d1~1]
// [impl->req~div-float-d2~1]
// [impl->req~div-float-d3~1]
// [impl->req~div-float-d4~1]
// [impl->req~div-float-d6~1]
// [impl->req~div-float-d7~1]
// [impl->req~div-float-acc1~1]
std::uint8_t divide_fp16(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* y,
                         std::uint64_t count) noexcept {
    constexpr std::uint64_t kLanes = 8U;
    std::uint64_t i = 0U;
    for (; (i + kLanes) <= count; i += kLanes) {
        const __m256 wide_a = _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(&a[i])));
        const __m256 wide_b = _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(&b[i])));
        const __m128i narrow = _mm256_cvtps_ph(_mm256_div_ps(wide_a, wide_b), _MM_FROUND_TO_NEAREST_INT);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(&y[i]), narrow);
    }
    for (; i < count; ++i) {
        const __m128 wide_a = _mm_cvtph_ps(_mm_cvtsi32_si128(static_cast<int>(a[i])));
        const __m128 wide_b = _mm_cvtph_ps(_mm_cvtsi32_si128(static_cast<int>(b[i])));
        const __m128i narrow = _mm_cvtps_ph(_mm_div_ss(wide_a, wide_b), _MM_FROUND_TO_NEAREST_INT);
        y[i] = static_cast<std::uint16_t>(_mm_extract_epi16(narrow, 0));
    }
    return fp_flag_none;  // every flag comes from the hardware
}

#else

const std::uint8_t kFp16HardwareFlags = kBf16HardwareFlags;

// [impl->req~div-float-d7~1]
std::uint8_t divide_fp16(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* y,
                         std::uint64_t count) noexcept {
    return divide_half<Fp16>(a, b, y, count);
}

#endif

#if defined(SONNX_HAVE_AVX2)

namespace {

// The loop of divide_half<Bf16>, eight lanes at a time in AVX2 registers;
// the same operations, so the same results and flags (the scalar loop
// finishes the tail and is the version on machines without AVX2).
// [impl->req~div-float-f1~1]
// [impl->req~div-float-d3~1]
// [impl->req~div-float-d6~1]
// [impl->req~div-float-d7~1]
std::uint8_t divide_bf16_avx2(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* y,
                              std::uint64_t count, std::uint64_t& done) noexcept {
    constexpr std::uint64_t kLanes = 8U;
    const __m256i magnitude_mask = _mm256_set1_epi32(0x7FFFFFFF);
    const __m256i largest_finite = _mm256_set1_epi32(0x7F7FFFFF);
    const __m256i low_half = _mm256_set1_epi32(0xFFFF);
    const __m256i one = _mm256_set1_epi32(1);
    const __m256i rounding_bias = _mm256_set1_epi32(0x7FFF);
    const __m256i tiny_below = _mm256_set1_epi32(0x007FC000);
    const __m256i zero = _mm256_setzero_si256();
    __m256i inexact = zero;
    __m256i largest = zero;
    __m256i tiny_inexact = zero;
    std::uint64_t i = 0U;
    for (; (i + kLanes) <= count; i += kLanes) {
        const __m256i a_bits = _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(&a[i])));
        const __m256i b_bits = _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(&b[i])));
        const __m256 quotient = _mm256_div_ps(_mm256_castsi256_ps(_mm256_slli_epi32(a_bits, 16)),
                                              _mm256_castsi256_ps(_mm256_slli_epi32(b_bits, 16)));
        // x86 division returns the quieted NaN operand or the default NaN
        // 0xFFC00000: a NaN quotient of BF16 operands has 16 zero low bits,
        // so the rounding below passes it through unchanged (and quiet).
        const __m256i u = _mm256_castps_si256(quotient);
        const __m256i magnitude = _mm256_and_si256(u, magnitude_mask);
        const __m256i odd = _mm256_and_si256(_mm256_srli_epi32(u, 16), one);
        const __m256i result = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(u, rounding_bias), odd), 16);
        const __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi32(result, result), 0x08);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(&y[i]), _mm256_castsi256_si128(packed));

        // Flags of the BF16 rounding (the FP32 step's own flags are read from
        // the hardware): bits dropped by the rounding; the largest finite
        // magnitude (a finite quotient from 0x7F7F8000 on rounds to inf);
        // bits dropped from a quotient below the tininess threshold.
        const __m256i dropped = _mm256_and_si256(u, low_half);
        const __m256i is_special = _mm256_cmpgt_epi32(magnitude, largest_finite);
        const __m256i tiny = _mm256_cmpgt_epi32(tiny_below, magnitude);
        inexact = _mm256_or_si256(inexact, dropped);
        largest = _mm256_max_epu32(largest, _mm256_andnot_si256(is_special, magnitude));
        tiny_inexact = _mm256_or_si256(tiny_inexact, _mm256_and_si256(tiny, dropped));
    }
    done = i;
    std::uint32_t flags = fp_flag_none;
    flags |= (_mm256_testz_si256(inexact, inexact) == 0) ? static_cast<std::uint32_t>(fp_flag_inexact) : 0U;
    const __m256i rounds_to_infinity = _mm256_cmpgt_epi32(largest, _mm256_set1_epi32(0x7F7F7FFF));
    flags |= (_mm256_testz_si256(rounds_to_infinity, rounds_to_infinity) == 0)
                 ? static_cast<std::uint32_t>(fp_flag_overflow) | static_cast<std::uint32_t>(fp_flag_inexact) : 0U;
    flags |= (_mm256_testz_si256(tiny_inexact, tiny_inexact) == 0)
                 ? static_cast<std::uint32_t>(fp_flag_underflow) | static_cast<std::uint32_t>(fp_flag_inexact) : 0U;
    return static_cast<std::uint8_t>(flags);
}

}  // namespace

// [impl->req~div-float-d7~1]
std::uint8_t divide_bf16(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* y,
                         std::uint64_t count) noexcept {
    std::uint64_t done = 0U;
    const std::uint8_t vector_flags = divide_bf16_avx2(a, b, y, count, done);
    const std::uint8_t tail_flags = divide_half<Bf16>(&a[done], &b[done], &y[done], count - done);
    return static_cast<std::uint8_t>(vector_flags | tail_flags);
}

#else

// [impl->req~div-float-d7~1]
std::uint8_t divide_bf16(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* y,
                         std::uint64_t count) noexcept {
    return divide_half<Bf16>(a, b, y, count);
}

#endif

}  // namespace sonnx::core
