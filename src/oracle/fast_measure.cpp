// Verifying a candidate quotient in exact integer arithmetic held in doubles.
//
// Notation. A normal encoding with exponent field E and fraction F has the
// value M 2^e, with M = 2^(p-1) + F its integer significand (p bits) and
// e = E - bias - (p-1) the weight of its last bit. For a = A 2^ea,
// b = B 2^eb and a candidate c = C 2^ec of the quotient's sign, with
// d = ea - eb - ec and the integer R = A 2^d - C B:
//     |a| - |c| |b| = 2^(eb+ec) R,   so   |a/b| - |c| = 2^ec R / B,
// that is, the exact quotient lies R / B units of 2^ec = ulp(c) beyond c.
#include "sonnx/oracle/fast_measure.hpp"

#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>

namespace sonnx::oracle {

// The arguments below need IEEE binary64 evaluated as such (no x87 excess precision).
static_assert(std::numeric_limits<double>::is_iec559, "fast_measure needs IEEE 754 binary64");
static_assert(std::numeric_limits<double>::digits == 53, "fast_measure needs a 53-bit double");
static_assert(FLT_EVAL_METHOD == 0, "fast_measure needs double arithmetic evaluated in double");

namespace {

// One operand, normal only.
struct Normal {
    bool negative;
    std::int32_t exponent_field;  // 1 .. all ones - 1
    std::uint64_t significand;    // 2^(p-1) + fraction: p bits
    bool power_of_two;            // fraction zero
};

// A format's fields as constants, so that decoding compiles to fixed shifts
// and masks: FP16 <11, 5>, BF16 <8, 8>, FP32 <24, 8>, FP64 <53, 11>.
template <std::int32_t kPrecision, std::int32_t kExponentBits>
struct Layout {
    static constexpr std::int32_t precision = kPrecision;
    static constexpr std::int32_t bias = static_cast<std::int32_t>(
        (std::uint32_t{1} << static_cast<std::uint32_t>(kExponentBits - 1)) - 1U);
    static constexpr std::uint32_t fraction_bits = static_cast<std::uint32_t>(kPrecision - 1);
    static constexpr std::uint32_t total_bits = static_cast<std::uint32_t>(kPrecision + kExponentBits);
    static constexpr std::uint64_t exponent_all_ones = (std::uint64_t{1} << static_cast<std::uint32_t>(kExponentBits)) -
                                                       1U;
    static constexpr std::uint64_t fraction_mask = (std::uint64_t{1} << fraction_bits) - 1U;
    static constexpr std::uint64_t above_mask = (total_bits >= 64U) ? 0U
                                                                    : ~((std::uint64_t{1} << (total_bits % 64U)) -
                                                                        1U);  // bits above the format

    static bool describes(const FloatFormat& f) noexcept {
        return (f.precision == kPrecision) && (f.exponent_bits == kExponentBits) && (f.bias == bias) &&
               (f.total_bits == static_cast<std::int32_t>(total_bits));
    }

    // False unless `bits` is a normal encoding of the format, with no bit set above it.
    static bool decode_normal(std::uint64_t bits, Normal& out) noexcept {
        if ((bits & above_mask) != 0U) {
            return false;  // a bit above the format
        }
        const std::uint64_t exponent = (bits >> fraction_bits) & exponent_all_ones;
        if ((exponent == 0U) || (exponent == exponent_all_ones)) {
            return false;  // zero, subnormal, infinity, NaN
        }
        const std::uint64_t fraction = bits & fraction_mask;
        out.negative = ((bits >> (total_bits - 1U)) & 1U) != 0U;
        out.exponent_field = static_cast<std::int32_t>(exponent);
        out.significand = fraction | (std::uint64_t{1} << fraction_bits);
        out.power_of_two = (fraction == 0U);
        return true;
    }
};

using Fp16Layout = Layout<11, 5>;
using Bf16Layout = Layout<8, 8>;
using Fp32Layout = Layout<24, 8>;
using Fp64Layout = Layout<53, 11>;

// A double's bits and back (memcpy: no aliasing, no UB).
std::uint64_t bits_of(double x) noexcept {
    std::uint64_t bits = 0U;
    std::memcpy(&bits, &x, sizeof bits);
    return bits;
}
double from_bits(std::uint64_t bits) noexcept {
    double x = 0.0;
    std::memcpy(&x, &bits, sizeof x);
    return x;
}

// [impl->req~div-cli-d15~1]
// c = RN(a/b) when a/b - c lies strictly within half the gaps to c's
// neighbours, ulp(c) on either side, except that the gap below a power of
// two is ulp(c)/2. In units of ulp(c) the distance is R / B: 2|R| < B, and
// for a power of two 4|R| < B, on both sides (conservative above it; and a
// power of two is the nearest value of a quotient of normal numbers only
// when it is exact, float_oracle.cpp's lemma). Strict: a tie is declined
// (none occurs between normal numbers anyway: A 2^k = M B with M odd of p+1
// bits would give A an odd factor of at least 2^p). The products are exact
// (|R| < 2^107). When R is not exact, |R| >= 2^53 > B: declined.
bool rounds_to_nearest_even(double residual, double divisor, bool power_of_two) noexcept {
    const double factor = power_of_two ? 4.0 : 2.0;
    return (factor * std::fabs(residual)) < divisor;
}

// [impl->req~div-cli-d15~1]
// RU(N / B) for integers 0 <= N < B < 2^53, as MPFR's RNDU division into 53
// bits. A quotient by a native division is correctly rounded in the current
// direction, so it is RD or RU of N / B whatever the mode; the sign of the
// remainder q B - N tells which. That remainder is a multiple of q's last
// bit, at least 2^-105 (N / B > 2^-53), so when it is non-zero its rounded
// value keeps its sign: no underflow, no flush to zero. N = 0 gives q = +0
// and a zero remainder: +0, as MPFR's +0 / |b|. No branch on the remainder's
// sign (it is a coin toss): the next double up of a positive q is its bits + 1.
double ulps_rounded_up(double distance, double divisor) noexcept {
    const double q = distance / divisor;
    const double remainder = std::fma(q, divisor, -distance);
    const std::uint64_t below = (remainder < 0.0) ? 1U : 0U;  // q = RD(N / B) < N / B
    return from_bits(bits_of(q) + below);
}

// The whole path in one format; RoundsTo and Ulps are the two steps (FastMeasureSteps).
template <typename F, typename RoundsTo, typename Ulps>
bool measure_in(RoundsTo rounds_to, Ulps ulps_of, std::uint64_t a, std::uint64_t b, std::uint64_t candidate,
                Measure& out) noexcept {
    Normal na{};
    Normal nb{};
    Normal nc{};
    if (!F::decode_normal(a, na) || !F::decode_normal(b, nb) || !F::decode_normal(candidate, nc)) {
        return false;
    }
    // The candidate must carry the quotient's sign; magnitudes from here on.
    if (nc.negative != (na.negative != nb.negative)) {
        return false;
    }
    // Not the lowest normal binade: then |a/b| > c - ulp(c)/2 >= 2^(emin+1) - 2^(emin+1-p)
    // > 2^emin, the smallest normal, so no subnormal rounding is involved. At the
    // top, |a/b| < c + ulp(c)/2 with c finite rounds (unbounded exponent) to
    // c itself, so nothing overflows (IEEE 754 7.4) and MPFR's quotient is c.
    if (nc.exponent_field == 1) {
        return false;
    }
    // d = ea - eb - ec. Whenever 2|R| < B, d is p-1 or p, so other d are
    // declined: d >= p+1 gives A 2^d - C B >= 2^(2p) - (2^p - 1)^2 > B, and
    // d <= p-2 gives C B - A 2^d >= (C B - 2^(2p-2)) + 2^(p-2), which is
    // B/2 when C = B = 2^(p-1) and more than B/2 otherwise.
    const std::int32_t d = (na.exponent_field - nb.exponent_field - nc.exponent_field) + F::bias + (F::precision - 1);
    if ((d != F::precision) && (d != (F::precision - 1))) {
        return false;
    }
    // Exact doubles: A, B, C < 2^53 are integers, 2^d <= 2^53 a power of two,
    // A 2^d < 2^106 has A's p <= 53 significant bits.
    const double scale = static_cast<double>(std::uint64_t{1} << static_cast<std::uint32_t>(d));
    const double a_scaled = static_cast<double>(na.significand) * scale;
    const double b_integer = static_cast<double>(nb.significand);
    const double c_integer = static_cast<double>(nc.significand);
    // R = A 2^d - C B: the fma rounds the exact value once. R is an integer,
    // so when |R| < 2^53 it is a double and comes out exact in any rounding
    // mode; otherwise the result is at least 2^53 in magnitude (rounding is
    // monotone and 2^53 is a double), above any bound the decision accepts.
    const double residual = std::fma(-c_integer, b_integer, a_scaled);
    if (!rounds_to(residual, b_integer, nc.power_of_two)) {
        return false;
    }
    // c is a / b rounded to nearest even in the format, so FloatOracle::measure
    // finds expected = c, an exact match, no special value (m{}: false, and no
    // flush to explain), and its unit ulp(q) = 2^ec; |a/b - c| / 2^ec = |R| / B
    // with R exact and |R| < B/2 < 2^52: within half an ulp, and one.
    Measure m{};
    m.expected = candidate;
    m.bit_identical = true;
    m.exact_match = true;
    m.ulps = ulps_of(std::fabs(residual), b_integer);
    m.within_half_ulp = true;
    m.within_one_ulp = true;
    out = m;
    return true;
}

// The formats of float_oracle.hpp; any other is declined rather than misread.
template <typename RoundsTo, typename Ulps>
bool measure_fast(RoundsTo rounds_to, Ulps ulps_of, const FloatFormat& f, std::uint64_t a, std::uint64_t b,
                  std::uint64_t candidate, Measure& out) noexcept {
    if (Fp32Layout::describes(f)) {
        return measure_in<Fp32Layout>(rounds_to, ulps_of, a, b, candidate, out);
    }
    if (Fp64Layout::describes(f)) {
        return measure_in<Fp64Layout>(rounds_to, ulps_of, a, b, candidate, out);
    }
    if (Fp16Layout::describes(f)) {
        return measure_in<Fp16Layout>(rounds_to, ulps_of, a, b, candidate, out);
    }
    if (Bf16Layout::describes(f)) {
        return measure_in<Bf16Layout>(rounds_to, ulps_of, a, b, candidate, out);
    }
    return false;
}

constexpr FastMeasureSteps kSteps{&rounds_to_nearest_even, &ulps_rounded_up};

}  // namespace

const FastMeasureSteps& fast_measure_steps() noexcept { return kSteps; }

// [impl->req~div-cli-d15~1]
bool fast_measure(const FloatFormat& format, std::uint64_t a, std::uint64_t b, std::uint64_t candidate,
                  Measure& out) noexcept {
    // Lambdas, not the pointers of kSteps: their own instantiation, with both steps inlined.
    return measure_fast([](double residual, double divisor,
                           bool power_of_two) { return rounds_to_nearest_even(residual, divisor, power_of_two); },
                        [](double distance, double divisor) { return ulps_rounded_up(distance, divisor); }, format, a,
                        b, candidate, out);
}

bool fast_measure_with(const FastMeasureSteps& steps, const FloatFormat& format, std::uint64_t a, std::uint64_t b,
                       std::uint64_t candidate, Measure& out) noexcept {
    if ((steps.rounds_to_candidate == nullptr) || (steps.ulps == nullptr)) {
        return false;
    }
    return measure_fast(steps.rounds_to_candidate, steps.ulps, format, a, b, candidate, out);
}

}  // namespace sonnx::oracle
