// Float division: IEEE 754 division in the default environment, which gives
// the correctly rounded quotient and every special case the requirements ask
// for (IEEE 754-2019 §6.1, §6.2, §7.2, §7.3):
//   x / ±0 (x non-zero)      -> ±inf, sign = XOR of the operand signs
//   ±inf / finite            -> ±inf, XOR sign
//   finite / ±inf, 0 / x     -> ±0, XOR sign
//   0 / 0, inf / inf, NaN    -> quiet NaN
#include "div_float.hpp"

#include <algorithm>

#include "div_element.hpp"
#include "half_float.hpp"
#include "sonnx/div_options.hpp"

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
// [impl->req~div-float-d3~2]
// [impl->req~div-float-d4~1]
// [impl->req~div-float-acc1~1]
void divide_fp32(const float* a, const float* b, float* y, std::uint64_t count) noexcept {
    for (std::uint64_t i = 0U; i < count; ++i) {
        y[i] = divide_element(a[i], b[i]);
    }
}

// [impl->req~div-float-f1~1]
// [impl->req~div-float-c3~1]
// [impl->req~div-float-d1~1]
// [impl->req~div-float-d2~1]
// [impl->req~div-float-d3~2]
// [impl->req~div-float-d4~1]
// [impl->req~div-float-acc1~1]
void divide_fp64(const double* a, const double* b, double* y, std::uint64_t count) noexcept {
    for (std::uint64_t i = 0U; i < count; ++i) {
        y[i] = divide_element(a[i], b[i]);
    }
}

namespace {

#if !defined(SONNX_HAVE_F16C)
struct Fp16 {
    using Bits = std::uint16_t;
    using Wide = float;
    using Narrowed = core::Narrowed;
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
    using Bits = std::uint16_t;
    using Wide = float;
    using Narrowed = core::Narrowed;
    static float widen(std::uint16_t bits) noexcept { return bf16_to_fp32(bits); }
    static Narrowed narrow(float value) noexcept { return fp32_to_bf16(value); }
    static constexpr std::uint32_t kMagnitudeMask = 0x7FFFU;
    static constexpr std::uint32_t kInfinity = 0x7F80U;
    // 2^-126 * (1 - 2^-9), the same threshold for 8 bits.
    static constexpr std::uint32_t kTinyBelowFp32Bits = 0x007FC000U;
};

// helper of divide_half: no requirement of its own
inline std::uint32_t as_word(bool value) noexcept { return value ? 1U : 0U; }

// One loop for both 16-bit formats: widen exactly, divide in FP32, narrow
// with round to nearest even, and OR the 16-bit rounding's flags, branch-free.
// Underflow is signalled when the quotient is tiny after rounding and inexact;
// a tiny quotient that FP32 flushed to zero (BF16 only) is inexact.
// [impl->req~div-float-f1~1]
// [impl->req~div-float-d1~1]
// [impl->req~div-float-d2~1]
// [impl->req~div-float-d3~2]
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
        const WidenedQuotient<Format> step = divide_widened<Format>(a_bits, b_bits);
        const float quotient = step.quotient;
        const Narrowed result = step.result;
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
    flags |= (overflow != 0U)
                 ? static_cast<std::uint32_t>(fp_flag_overflow) | static_cast<std::uint32_t>(fp_flag_inexact)
                 : 0U;
    flags |= (underflow != 0U)
                 ? static_cast<std::uint32_t>(fp_flag_underflow) | static_cast<std::uint32_t>(fp_flag_inexact)
                 : 0U;
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
// [impl->req~div-float-d3~2]
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

// The IEEE flags of the BF16 rounding, from the 16-bit words of the FP32
// quotients (the FP32 step's own flags are read from the hardware).
// Doubling the upper word drops the sign: below 0x0100 the FP32 quotient is
// subnormal or zero.
// [impl->req~div-float-d6~1]
class Bf16FlagLanes {
public:
    void add(__m256i upper, __m256i lower) noexcept {
        const __m256i doubled = _mm256_add_epi16(upper, upper);
        dropped_any_ = _mm256_or_si256(dropped_any_, lower);
        inexact_smallest_ = _mm256_min_epu16(
            inexact_smallest_, _mm256_or_si256(doubled, _mm256_cmpeq_epi16(lower, _mm256_setzero_si256())));
    }

    [[nodiscard]] std::uint8_t flags() const noexcept {
        std::uint32_t flags = fp_flag_none;
        flags |= (_mm256_testz_si256(dropped_any_, dropped_any_) == 0) ? static_cast<std::uint32_t>(fp_flag_inexact)
                                                                       : 0U;
        // Overflow needs no lane: the BF16 rounding never carries a finite
        // FP32 quotient to infinity, because a ratio of 8-bit significands is
        // at most 2 - 2^-7, the largest BF16 significand, below the midpoint
        // 2 - 2^-8 that rounds up; BF16 overflows exactly when the FP32
        // division does, whose flag the hardware raises.
        // Underflow: an inexact lane whose FP32 quotient is subnormal. That is
        // exactly "tiny after rounding and inexact" for BF16: no quotient of two
        // BF16 values lies in [2^-126 (1 - 2^-9), 2^-126), the FP32 subnormals
        // that are not tiny for BF16 (divide_half's threshold), because a ratio
        // of 8-bit significands below 1 is at most 1 - 1/255.
        const __m256i tiny_from = _mm256_set1_epi16(0x0100);
        const __m256i not_tiny = _mm256_cmpeq_epi16(_mm256_max_epu16(inexact_smallest_, tiny_from), inexact_smallest_);
        flags |= (_mm256_movemask_epi8(not_tiny) != -1)
                     ? static_cast<std::uint32_t>(fp_flag_underflow) | static_cast<std::uint32_t>(fp_flag_inexact)
                     : 0U;
        return static_cast<std::uint8_t>(flags);
    }

private:
    __m256i dropped_any_ = _mm256_setzero_si256();       // OR of the words the rounding dropped
    __m256i inexact_smallest_ = _mm256_set1_epi16(-1);   // min of 2 * upper word over inexact lanes
};

// When the caller does not ask for the flags: the flag lanes cost a quarter
// of the loop, and the results do not depend on them.
// helper of divide_bf16_vector: no requirement of its own
class NoFlagLanes {
public:
    static void add(__m256i /*upper*/, __m256i /*lower*/) noexcept {}
    [[nodiscard]] static std::uint8_t flags() noexcept { return fp_flag_none; }
};

// Stores of the AVX2 loop: through the caches, or, for outputs that outgrow
// them anyway, around them (streaming stores save reading every line of Y
// for ownership before writing it).
// helper of divide_bf16_vector: no requirement of its own
class CachedStores {
public:
    static void store(std::uint16_t* at, __m256i value) noexcept {
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(at), value);
    }
    static void finish() noexcept {}
};

// helper of divide_bf16_vector: no requirement of its own
class StreamingStores {
public:
    // `at` is 32-byte aligned: divide_bf16 starts the loop on a boundary.
    static void store(std::uint16_t* at, __m256i value) noexcept {
        _mm256_stream_si256(reinterpret_cast<__m256i*>(at), value);
    }
    // Streaming stores are weakly ordered: order them before the caller's.
    static void finish() noexcept { _mm_sfence(); }
};

// The loop of divide_half<Bf16>, sixteen lanes at a time in AVX2 registers,
// with the same results and (with Bf16FlagLanes) flags, from element `done`
// on; the scalar loop does the rest and is the version on machines without
// AVX2. A BF16 value is the upper half of its FP32 widening, so masking the
// lower half of each 32-bit lane of the loaded words widens the odd
// elements, and shifting each lane left by 16 the even ones. A block reads
// only its own sixteen elements before writing them, so Y may be A or B.
// The FP32 quotients' upper and lower words are then blended back into
// 16-bit lanes in element order, and the BF16 rounding and its flags work on
// those words.
// [impl->req~div-float-f1~1]
// [impl->req~div-float-d3~2]
// [impl->req~div-float-d6~1]
// [impl->req~div-float-d7~1]
template <typename FlagLanes, typename Stores>
std::uint8_t divide_bf16_avx2(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* y, std::uint64_t count,
                              std::uint64_t& done) noexcept {
    constexpr std::uint64_t kLanes = 16U;
    constexpr int kOddWords = 0xAA;  // blend: the odd (upper) word of each 32-bit lane from the second operand
    const __m256i upper_half = _mm256_set1_epi32(static_cast<std::int32_t>(-0x10000));  // 0xFFFF0000
    const __m256i one = _mm256_set1_epi16(1);
    const __m256i round_up_from = _mm256_set1_epi16(static_cast<std::int16_t>(-0x7FFF));  // 0x8001
    FlagLanes lanes{};
    std::uint64_t i = done;
    for (; (i + kLanes) <= count; i += kLanes) {
        const __m256i a_bits = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(&a[i]));
        const __m256i b_bits = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(&b[i]));
        const __m256 quotient_even = _mm256_div_ps(_mm256_castsi256_ps(_mm256_slli_epi32(a_bits, 16)),
                                                   _mm256_castsi256_ps(_mm256_slli_epi32(b_bits, 16)));
        const __m256 quotient_odd = _mm256_div_ps(_mm256_castsi256_ps(_mm256_and_si256(a_bits, upper_half)),
                                                  _mm256_castsi256_ps(_mm256_and_si256(b_bits, upper_half)));
        const __m256i u_even = _mm256_castps_si256(quotient_even);
        const __m256i u_odd = _mm256_castps_si256(quotient_odd);
        // x86 division returns the quieted NaN operand or the default NaN
        // 0xFFC00000: a NaN quotient of BF16 operands has a zero lower word,
        // so the rounding below passes it through unchanged (and quiet).
        const __m256i upper = _mm256_blend_epi16(_mm256_srli_epi32(u_even, 16), u_odd, kOddWords);
        const __m256i lower = _mm256_blend_epi16(u_even, _mm256_slli_epi32(u_odd, 16), kOddWords);
        // Round to nearest even: up when lower > 0x8000, or lower == 0x8000
        // and upper is odd, that is lower + (upper & 1) >= 0x8001 (saturating,
        // unsigned). A carry correctly reaches the next binade or infinity.
        const __m256i biased = _mm256_adds_epu16(lower, _mm256_and_si256(upper, one));
        const __m256i round_up = _mm256_cmpeq_epi16(_mm256_max_epu16(biased, round_up_from), biased);
        Stores::store(&y[i], _mm256_sub_epi16(upper, round_up));
        lanes.add(upper, lower);
    }
    done = i;
    Stores::finish();
    return lanes.flags();
}

// From this many elements (4 MiB of Y) the output outgrows the caches of the
// machines the core targets, and Y is written with streaming stores.
constexpr std::uint64_t kStreamFromElements = 2097152U;

// The AVX2 loop with the flag lanes and stores the call needs.
// [impl->req~div-float-d6~1]
// [impl->req~div-float-d7~1]
std::uint8_t divide_bf16_vector(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* y, std::uint64_t count,
                                std::uint64_t& done, bool want_flags, bool stream) noexcept {
    std::uint8_t flags = fp_flag_none;
    if (stream) {
        flags = want_flags ? divide_bf16_avx2<Bf16FlagLanes, StreamingStores>(a, b, y, count, done)
                           : divide_bf16_avx2<NoFlagLanes, StreamingStores>(a, b, y, count, done);
    } else {
        flags = want_flags ? divide_bf16_avx2<Bf16FlagLanes, CachedStores>(a, b, y, count, done)
                           : divide_bf16_avx2<NoFlagLanes, CachedStores>(a, b, y, count, done);
    }
    return flags;
}

}  // namespace

// [impl->req~div-float-d6~1]
// [impl->req~div-float-d7~1]
std::uint8_t divide_bf16(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* y, std::uint64_t count,
                         bool want_flags) noexcept {
    constexpr std::uintptr_t kBoundary = 32U;
    const std::uintptr_t address = reinterpret_cast<std::uintptr_t>(y);
    // Streaming stores need 32-byte alignment, which a Y at an odd address
    // (not a valid std::uint16_t array, but no reason to fault) never reaches.
    // coverage: COV-05
    const bool stream = (count >= kStreamFromElements) && ((address & 1U) == 0U);
    // When streaming, the elements up to Y's next 32-byte boundary go to the
    // scalar loop first.
    const std::uint64_t to_boundary = static_cast<std::uint64_t>((kBoundary - (address % kBoundary)) % kBoundary) / 2U;
    const std::uint64_t head = std::min<std::uint64_t>(count, stream ? to_boundary : 0U);
    const std::uint8_t head_flags = divide_half<Bf16>(a, b, y, head);
    std::uint64_t done = head;
    const std::uint8_t vector_flags = divide_bf16_vector(a, b, y, count, done, want_flags, stream);
    const std::uint8_t tail_flags = divide_half<Bf16>(&a[done], &b[done], &y[done], count - done);
    return static_cast<std::uint8_t>(static_cast<std::uint32_t>(head_flags) | vector_flags | tail_flags);
}

#else

// The portable loop always derives the flags; want_flags only saves work
// in the AVX2 loop.
// [impl->req~div-float-d7~1]
std::uint8_t divide_bf16(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* y, std::uint64_t count,
                         bool want_flags) noexcept {
    static_cast<void>(want_flags);
    return divide_half<Bf16>(a, b, y, count);
}

#endif

}  // namespace sonnx::core
