// fast_measure (DIV-CLI-D15) against FloatOracle::measure: whenever the fast
// path answers, its Measure must equal MPFR's field for field (ulps by its
// bits), and it must answer exactly the pairs it is meant to (a, b and the
// correctly rounded quotient normal, the quotient above the lowest binade).
// Every expected value comes from MPFR or is derived by hand in a comment.
//
// Two ctest entries are built from this file:
// - test_fast_measure (label exhaustive, FastMeasureExhaustive.*): every one
//   of the 2^32 pairs of FP16 and of BF16, and kExhaustiveSeeded seeded pairs
//   each of FP32 and FP64, each pair with three candidates: MPFR's quotient
//   and its two neighbouring encodings;
// - test_fast_measure_quick (label oracle, everything else): hand-derived
//   cases, a strided FP16/BF16 subset and seeded FP32/FP64 pairs, and the
//   negative controls: the same loop with a deliberately faulty step of the
//   fast path must report disagreements.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cfenv>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "sonnx/oracle/fast_measure.hpp"
#include "sonnx/oracle/float_oracle.hpp"

#include "plan_size.hpp"

namespace sonnx::oracle {
namespace {

__extension__ using U128 = unsigned __int128;  // GCC's 128-bit integer (__extension__: not ISO C++)

constexpr unsigned kThreads = 2U;
constexpr std::uint64_t kSeed = 0xFA57AEA511E5EEDULL;  // fixed: two runs check the same pairs
constexpr std::size_t kMaxExamples = 5U;

// The formats as this test reads encodings, independent of fast_measure's decoding.
struct Subject {
    const char* name;
    ElementType type;
    unsigned total_bits;
    unsigned fraction_bits;
};

constexpr Subject kFp16{"FP16", ElementType::fp16, 16U, 10U};
constexpr Subject kBf16{"BF16", ElementType::bf16, 16U, 7U};
constexpr Subject kFp32{"FP32", ElementType::fp32, 32U, 23U};
constexpr Subject kFp64{"FP64", ElementType::fp64, 64U, 52U};

std::uint64_t ones(unsigned count) { return (count >= 64U) ? ~std::uint64_t{0} : ((std::uint64_t{1} << count) - 1U); }
unsigned exponent_bits(const Subject& s) { return s.total_bits - 1U - s.fraction_bits; }
std::uint64_t exponent_field(const Subject& s, std::uint64_t bits) {
    return (bits >> s.fraction_bits) & ones(exponent_bits(s));
}
bool is_normal(const Subject& s, std::uint64_t bits) {
    const std::uint64_t e = exponent_field(s, bits);
    return (e != 0U) && (e != ones(exponent_bits(s)));
}
// What fast_measure is meant to answer: a, b and the quotient normal, the
// quotient's exponent field at least 2 (the candidate being the quotient).
bool answerable(const Subject& s, std::uint64_t a, std::uint64_t b, std::uint64_t quotient) {
    return is_normal(s, a) && is_normal(s, b) && is_normal(s, quotient) && (exponent_field(s, quotient) >= 2U);
}

std::uint64_t bits_of(double x) {
    std::uint64_t u = 0U;
    std::memcpy(&u, &x, sizeof u);
    return u;
}

// Field for field, ulps by its bit pattern.
bool same(const Measure& x, const Measure& y) {
    return (x.expected == y.expected) && (x.bit_identical == y.bit_identical) && (x.exact_match == y.exact_match) &&
           (x.special_mismatch == y.special_mismatch) && (bits_of(x.ulps) == bits_of(y.ulps)) &&
           (x.within_half_ulp == y.within_half_ulp) && (x.within_one_ulp == y.within_one_ulp) &&
           (x.flush_explained == y.flush_explained);
}

std::string text(const Measure& m) {
    char line[200];
    std::snprintf(line, sizeof line,
                  "{expected 0x%" PRIx64 ", identical %d, exact %d, special %d, ulps %a (0x%016" PRIx64
                  "), half %d, one %d, flush %d}",
                  m.expected, m.bit_identical ? 1 : 0, m.exact_match ? 1 : 0, m.special_mismatch ? 1 : 0, m.ulps,
                  bits_of(m.ulps), m.within_half_ulp ? 1 : 0, m.within_one_ulp ? 1 : 0, m.flush_explained ? 1 : 0);
    return line;
}

// A value no call leaves behind: a declined call must not touch its output.
Measure sentinel() {
    Measure m{};
    m.expected = 0x5E47194E15E47194ULL;
    m.ulps = -123.0;
    m.bit_identical = true;
    m.exact_match = true;
    m.special_mismatch = true;
    m.flush_explained = true;
    return m;
}

struct Tally {
    std::uint64_t pairs = 0U;
    std::uint64_t answerable = 0U;          // pairs whose quotient fast_measure is meant to answer
    std::uint64_t answered = 0U;            // ... answered, the candidate being the quotient
    std::uint64_t answered_outside = 0U;    // answered although not answerable
    std::uint64_t neighbours_answered = 0U; // a neighbour of the quotient answered (then it disagrees)
    std::uint64_t disagreements = 0U;       // answered with another Measure than MPFR's
    std::uint64_t touched = 0U;             // declined, but the output changed
    double seconds = 0.0;
    std::vector<std::string> examples;

    void add(const Tally& t) {
        pairs += t.pairs;
        answerable += t.answerable;
        answered += t.answered;
        answered_outside += t.answered_outside;
        neighbours_answered += t.neighbours_answered;
        disagreements += t.disagreements;
        touched += t.touched;
        for (const std::string& e : t.examples) {
            if (examples.size() < kMaxExamples) {
                examples.push_back(e);
            }
        }
    }
};

// One thread's MPFR oracle and the path under test: fast_measure itself, or
// fast_measure_with a (faulty) set of steps.
class Comparer {
public:
    Comparer(const Subject& subject, const FastMeasureSteps* steps)
        : subject_(subject), format_(float_format(subject.type)), oracle_(format_), steps_(steps) {}

    void compare(std::uint64_t a, std::uint64_t b, Tally& tally) {
        ++tally.pairs;
        const std::uint64_t mask = ones(subject_.total_bits);
        const std::uint64_t quotient = oracle_.quotient(a, b);
        const bool meant = answerable(subject_, a, b, quotient);
        tally.answerable += meant ? 1U : 0U;
        const std::array<std::uint64_t, 3> candidates{quotient, (quotient + 1U) & mask, (quotient - 1U) & mask};
        for (std::size_t k = 0U; k < candidates.size(); ++k) {
            const std::uint64_t c = candidates[k];
            Measure fast = sentinel();
            const bool answered = (steps_ == nullptr) ? fast_measure(format_, a, b, c, fast)
                                                      : fast_measure_with(*steps_, format_, a, b, c, fast);
            if (!answered) {
                tally.touched += same(fast, sentinel()) ? 0U : 1U;
                continue;
            }
            if (k == 0U) {
                ++tally.answered;
                tally.answered_outside += meant ? 0U : 1U;
            } else {
                ++tally.neighbours_answered;
            }
            const Measure exact = oracle_.measure(a, b, c);
            if (!same(fast, exact)) {
                ++tally.disagreements;
                if (tally.examples.size() < kMaxExamples) {
                    char line[120];
                    std::snprintf(line, sizeof line, "%s 0x%" PRIx64 " / 0x%" PRIx64 ", candidate 0x%" PRIx64 ": ",
                                  subject_.name, a, b, c);
                    tally.examples.push_back(std::string(line) + "fast " + text(fast) + ", MPFR " + text(exact));
                }
            }
        }
    }

private:
    const Subject& subject_;
    const FloatFormat& format_;
    FloatOracle oracle_;
    const FastMeasureSteps* steps_;
};

// Pairs 0 .. count-1, pair_at(i) giving pair i's operands; the index range is
// cut into kThreads contiguous parts, so every pair is compared exactly once.
template <typename PairAt>
Tally run_pairs(const Subject& subject, std::uint64_t count, PairAt pair_at, const FastMeasureSteps* steps) {
    const auto started = std::chrono::steady_clock::now();
    std::vector<Tally> parts(kThreads);
    std::vector<std::thread> workers;
    for (unsigned t = 0U; t < kThreads; ++t) {
        workers.emplace_back([&, t] {
            Comparer comparer(subject, steps);
            const std::uint64_t begin = count / kThreads * t + std::min<std::uint64_t>(t, count % kThreads);
            const std::uint64_t end = begin + count / kThreads + ((t < count % kThreads) ? 1U : 0U);
            for (std::uint64_t i = begin; i < end; ++i) {
                const std::pair<std::uint64_t, std::uint64_t> pair = pair_at(i);
                comparer.compare(pair.first, pair.second, parts[t]);
            }
        });
    }
    Tally total;
    for (unsigned t = 0U; t < kThreads; ++t) {
        workers[t].join();
        total.add(parts[t]);
    }
    total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return total;
}

// ---- the pair sets ----

// Every divisor of the numerators 0, stride, 2 * stride, ... below 2^16: all
// 2^32 pairs with stride 1. Pair i is numerator i >> 16, divisor i & 0xFFFF.
std::uint64_t numerators(std::uint32_t stride) { return (65535U / stride) + 1U; }

Tally run_16bit(const Subject& subject, std::uint32_t stride, const FastMeasureSteps* steps = nullptr) {
    return run_pairs(
        subject, numerators(stride) << 16U,
        [stride](std::uint64_t i) { return std::make_pair((i >> 16U) * stride, i & 0xFFFFU); }, steps);
}

// splitmix64 (Steele, Lea, Flood 2014), counter-based: any thread draws pair i directly.
std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31U);
}
std::uint64_t splitmix64(std::uint64_t n) { return mix(kSeed + (n + 1U) * 0x9E3779B97F4A7C15ULL); }

// An operand of a chosen class: zero, subnormal, infinity, NaN, the largest
// finite, the smallest normal, or any normal.
std::uint64_t class_operand(const Subject& s, std::uint64_t word) {
    const std::uint64_t fill = mix(word);
    const std::uint64_t top = ones(exponent_bits(s));
    const std::uint64_t sign = (word >> 63U) << (s.total_bits - 1U);
    const std::uint64_t fraction = fill & ones(s.fraction_bits);
    const std::array<std::uint64_t, 7> fields{0U, 0U, top, top, top - 1U, 1U, 1U + ((word >> 8U) % (top - 1U))};
    const std::array<std::uint64_t, 7> fractions{0U, fraction | 1U, 0U, fraction | 1U, ones(s.fraction_bits),
                                                 0U, fraction};
    const std::size_t kind = static_cast<std::size_t>((word >> 3U) % 7U);
    return sign | (fields[kind] << s.fraction_bits) | fractions[kind];
}

// x^-1 modulo 2^64 for odd x (Newton: each step doubles the correct low bits).
std::uint64_t inverse_mod_2_64(std::uint64_t x) {
    std::uint64_t y = x;  // correct to 3 bits
    for (int i = 0; i < 5; ++i) {
        y *= 2U - x * y;
    }
    return y;
}

// A pair built from integer significands A, B (p bits) and the weight d of
// A's last bit relative to B's and the quotient's (d = ea - eb - ec); the
// quotient's exponent field `quotient_field` may lie outside the normal
// range (then the quotient overflows or is subnormal). False when no
// exponent of b puts both operands in the normal range.
bool place(const Subject& s, std::uint64_t A, std::uint64_t B, std::int64_t d, std::int64_t quotient_field,
           std::uint64_t word, std::pair<std::uint64_t, std::uint64_t>& out) {
    const auto p = static_cast<std::int64_t>(s.fraction_bits) + 1;
    const auto bias = static_cast<std::int64_t>(ones(exponent_bits(s) - 1U));
    const auto max_field = static_cast<std::int64_t>(ones(exponent_bits(s))) - 1;
    // Ea = Eb + shift keeps d = (Ea - bias - p + 1) - (Eb - bias - p + 1) - (Ec - bias - p + 1).
    const std::int64_t shift = d + quotient_field - bias - (p - 1);
    const std::int64_t low = std::max<std::int64_t>(1, 1 - shift);
    const std::int64_t high = std::min<std::int64_t>(max_field, max_field - shift);
    if (low > high) {
        return false;
    }
    const std::int64_t eb = low + static_cast<std::int64_t>((word >> 8U) % static_cast<std::uint64_t>(high - low + 1));
    const std::int64_t ea = eb + shift;
    const std::uint64_t fraction_mask = ones(s.fraction_bits);
    const unsigned sign_shift = s.total_bits - 1U;
    out.first = (((word >> 1U) & 1U) << sign_shift) | (static_cast<std::uint64_t>(ea) << s.fraction_bits) |
                (A & fraction_mask);
    out.second = (((word >> 2U) & 1U) << sign_shift) | (static_cast<std::uint64_t>(eb) << s.fraction_bits) |
                 (B & fraction_mask);
    return true;
}

// The quotient's exponent field: anywhere in the normal range, or (one time
// in four) at or beyond its ends: overflow, the top binade, the two lowest
// normal binades, subnormal results.
std::int64_t quotient_field(const Subject& s, std::uint64_t word) {
    const auto max_field = static_cast<std::int64_t>(ones(exponent_bits(s))) - 1;
    if ((word & 3U) != 0U) {
        return 1 + static_cast<std::int64_t>((word >> 16U) % static_cast<std::uint64_t>(max_field));
    }
    const std::array<std::int64_t, 8> edges{-1, 0, 1, 2, max_field - 1, max_field, max_field + 1, -20};
    return edges[(word >> 16U) % edges.size()];
}

// A quotient near a rounding boundary: A 2^d - C B = t exactly, for a target
// t next to +-B/2 (a/b next to a midpoint between two candidates, the
// decision's boundary) or next to 0 (a/b next to a representable value):
// C = -t / B modulo 2^d, A = (C B + t) / 2^d, B odd.
bool near_boundary(const Subject& s, std::uint64_t word, bool midpoint, std::pair<std::uint64_t, std::uint64_t>& out) {
    const unsigned p = s.fraction_bits + 1U;
    const std::uint64_t top = std::uint64_t{1} << (p - 1U);
    const auto offset = static_cast<std::int64_t>(mix(word) % 9U) - 4;  // -4 .. 4
    const bool negative_side = ((word >> 4U) & 1U) != 0U;
    for (std::uint64_t attempt = 0U; attempt < 16U; ++attempt) {
        const std::uint64_t B = top | (mix(word + attempt + 1U) & (top - 1U)) | 1U;
        const auto half = static_cast<std::int64_t>(B >> 1U);  // (B - 1) / 2
        const std::int64_t t = (midpoint ? (negative_side ? -half : half) : 0) + offset;
        const std::uint64_t inverse = inverse_mod_2_64(B);
        for (const unsigned d : {p - 1U, p}) {
            const std::uint64_t C = ((0U - static_cast<std::uint64_t>(t)) * inverse) & ones(d);
            const std::uint64_t C_in_range = (d == p - 1U) ? (C | top) : C;  // C + 2^d keeps the congruence
            if ((C_in_range < top) || (C_in_range >= 2U * top)) {
                continue;
            }
            const U128 product = static_cast<U128>(C_in_range) * B;
            const U128 numerator = (t < 0) ? (product - static_cast<U128>(-t)) : (product + static_cast<U128>(t));
            if ((numerator & ((static_cast<U128>(1) << d) - 1U)) != 0U) {
                continue;  // cannot happen: C B + t = 0 modulo 2^d by construction
            }
            const U128 A = numerator >> d;
            if ((A < top) || (A >= 2U * top)) {
                continue;
            }
            return place(s, static_cast<std::uint64_t>(A), B, static_cast<std::int64_t>(d),
                         quotient_field(s, mix(word ^ 0xD1CEU)), mix(word ^ 0x5EEDU), out);
        }
    }
    return false;
}

// A quotient within a few ulps of a power of two, from either side:
// C = 2^(p-1) + j or 2^p - 1 - j (j < 4), A = round(C B / 2^d) + k, |k| <= 2.
bool near_power_of_two(const Subject& s, std::uint64_t word, std::pair<std::uint64_t, std::uint64_t>& out) {
    const unsigned p = s.fraction_bits + 1U;
    const std::uint64_t top = std::uint64_t{1} << (p - 1U);
    const std::uint64_t j = (word >> 4U) & 3U;
    const std::uint64_t C = (((word >> 6U) & 1U) != 0U) ? (top + j) : (2U * top - 1U - j);
    const std::uint64_t B = top | (mix(word) & (top - 1U));
    const auto k = static_cast<std::int64_t>((word >> 7U) % 5U) - 2;
    const U128 product = static_cast<U128>(C) * B;
    for (const unsigned d : {p - 1U, p}) {
        const U128 rounded = (product + (static_cast<U128>(1) << (d - 1U))) >> d;
        const auto A = static_cast<std::int64_t>(rounded) + k;
        if ((A >= static_cast<std::int64_t>(top)) && (A < static_cast<std::int64_t>(2U * top))) {
            return place(s, static_cast<std::uint64_t>(A), B, static_cast<std::int64_t>(d),
                         quotient_field(s, mix(word ^ 0xD1CEU)), mix(word ^ 0x5EEDU), out);
        }
    }
    return false;
}

// Half the pairs uniform bit patterns; the rest drawn near the regions where
// a fast path could go wrong: midpoints (the decision's boundary), exact and
// nearly exact quotients, powers of two, the ends of the exponent range, and
// operands of every class.
std::pair<std::uint64_t, std::uint64_t> seeded_pair(const Subject& s, std::uint64_t i) {
    const std::uint64_t w = splitmix64(2U * i);
    const std::uint64_t v = splitmix64(2U * i + 1U);
    const std::uint64_t mask = ones(s.total_bits);
    std::pair<std::uint64_t, std::uint64_t> out{mix(w) & mask, mix(v) & mask};
    switch (w & 15U) {
        case 8U:
        case 9U:
        case 10U:
            static_cast<void>(near_boundary(s, v, true, out));
            break;
        case 11U:
            static_cast<void>(near_boundary(s, v, false, out));
            break;
        case 12U:
        case 13U:
            static_cast<void>(near_power_of_two(s, v, out));
            break;
        case 14U:
            out.first = class_operand(s, v);
            break;
        case 15U:
            out.second = class_operand(s, v);
            break;
        default:
            break;  // uniform
    }
    return out;
}

Tally run_seeded(const Subject& subject, std::uint64_t pairs, const FastMeasureSteps* steps = nullptr) {
    return run_pairs(subject, pairs, [&subject](std::uint64_t i) { return seeded_pair(subject, i); }, steps);
}

// ---- reporting ----

double share(std::uint64_t part, std::uint64_t whole) {
    return (whole == 0U) ? 0.0 : static_cast<double>(part) / static_cast<double>(whole);
}

void report(const Subject& s, const Tally& t) {
    std::printf("%s: %" PRIu64 " pairs, fast path answered %" PRIu64 " (%.2f%% of the pairs, %.4f%% of the %" PRIu64
                " answerable), %" PRIu64 " neighbours answered, %" PRIu64 " disagreements, %.1f s on %u threads\n",
                s.name, t.pairs, t.answered, 100.0 * share(t.answered, t.pairs),
                100.0 * share(t.answered, t.answerable), t.answerable, t.neighbours_answered, t.disagreements,
                t.seconds, kThreads);
    ::testing::Test::RecordProperty("format", s.name);
    ::testing::Test::RecordProperty("pairs", std::to_string(t.pairs));
    ::testing::Test::RecordProperty("answerable", std::to_string(t.answerable));
    ::testing::Test::RecordProperty("answered", std::to_string(t.answered));
    ::testing::Test::RecordProperty("disagreements", std::to_string(t.disagreements));
    ::testing::Test::RecordProperty("seconds", std::to_string(t.seconds));
    ::testing::Test::RecordProperty("threads", std::to_string(kThreads));
}

// Agreement wherever it answers, and it answers exactly the answerable pairs.
void expect_agreement(const Subject& s, const Tally& t, std::uint64_t planned) {
    report(s, t);
    EXPECT_EQ(t.pairs, planned);
    EXPECT_EQ(t.disagreements, 0U);
    EXPECT_EQ(t.neighbours_answered, 0U);
    EXPECT_EQ(t.touched, 0U);
    EXPECT_EQ(t.answered_outside, 0U);
    EXPECT_EQ(t.answered, t.answerable);
    EXPECT_GT(t.answered, 0U);
    for (const std::string& example : t.examples) {
        ADD_FAILURE() << example;
    }
}

// ---- every pair (label exhaustive) ----

constexpr std::uint64_t kAllPairs16 = 65536ULL * 65536ULL;
constexpr std::uint64_t kExhaustiveSeeded = 1000000000ULL;

// [utest->req~div-cli-d15~1]
TEST(FastMeasureExhaustive, Fp16AllPairs) {
    RecordProperty("requirements", "DIV-CLI-D15");
    expect_agreement(kFp16, run_16bit(kFp16, 1U), kAllPairs16);
}

// [utest->req~div-cli-d15~1]
TEST(FastMeasureExhaustive, Bf16AllPairs) {
    RecordProperty("requirements", "DIV-CLI-D15");
    expect_agreement(kBf16, run_16bit(kBf16, 1U), kAllPairs16);
}

// [utest->req~div-cli-d15~1]
TEST(FastMeasureExhaustive, Fp32SeededPairs) {
    RecordProperty("requirements", "DIV-CLI-D15");
    expect_agreement(kFp32, run_seeded(kFp32, kExhaustiveSeeded), kExhaustiveSeeded);
}

// [utest->req~div-cli-d15~1]
TEST(FastMeasureExhaustive, Fp64SeededPairs) {
    RecordProperty("requirements", "DIV-CLI-D15");
    expect_agreement(kFp64, run_seeded(kFp64, kExhaustiveSeeded), kExhaustiveSeeded);
}

// ---- a subset, in seconds (label oracle) ----

using test::kStride;
#if defined(SONNX_LIGHT_PLANS)
constexpr std::uint64_t kQuickSeeded = 200000U;
#else
constexpr std::uint64_t kQuickSeeded = 3000000U;
#endif

// [utest->req~div-cli-d15~1]
TEST(FastMeasure, Fp16StridedPairs) {
    RecordProperty("requirements", "DIV-CLI-D15");
    expect_agreement(kFp16, run_16bit(kFp16, kStride), numerators(kStride) << 16U);
}

// [utest->req~div-cli-d15~1]
TEST(FastMeasure, Bf16StridedPairs) {
    RecordProperty("requirements", "DIV-CLI-D15");
    expect_agreement(kBf16, run_16bit(kBf16, kStride), numerators(kStride) << 16U);
}

// [utest->req~div-cli-d15~1]
TEST(FastMeasure, Fp32SeededPairs) {
    RecordProperty("requirements", "DIV-CLI-D15");
    expect_agreement(kFp32, run_seeded(kFp32, kQuickSeeded), kQuickSeeded);
}

// [utest->req~div-cli-d15~1]
TEST(FastMeasure, Fp64SeededPairs) {
    RecordProperty("requirements", "DIV-CLI-D15");
    expect_agreement(kFp64, run_seeded(kFp64, kQuickSeeded), kQuickSeeded);
}

// The seeded pairs reach the regions they are drawn for; MPFR's quotients
// tell (only their presence is asserted): exact quotients, quotients within
// 2^-20 ulp of a midpoint, quotients in the lowest normal binade, in the top
// binade, subnormal, zero, infinite, NaN, and operands that are not normal.
// [utest->req~div-cli-d15~1]
TEST(FastMeasure, SeededPairsReachTheirRegions) {
    RecordProperty("requirements", "DIV-CLI-D15");
    for (const Subject* s : {&kFp32, &kFp64}) {
        FloatOracle oracle(float_format(s->type));
        std::array<std::uint64_t, 9> seen{};
        const std::uint64_t top = ones(exponent_bits(*s));
        for (std::uint64_t i = 0U; i < 200000U; ++i) {
            const std::pair<std::uint64_t, std::uint64_t> p = seeded_pair(*s, i);
            const std::uint64_t q = oracle.quotient(p.first, p.second);
            const std::uint64_t e = exponent_field(*s, q);
            const Measure m = oracle.measure(p.first, p.second, q);
            const bool finite_normal = is_normal(*s, q);
            seen[0] += (finite_normal && (m.ulps == 0.0)) ? 1U : 0U;
            seen[1] += (finite_normal && (m.ulps > 0.5 - 0x1p-20)) ? 1U : 0U;
            seen[2] += (e == 1U) ? 1U : 0U;
            seen[3] += (e == top - 1U) ? 1U : 0U;
            seen[4] += ((e == 0U) && ((q & ones(s->fraction_bits)) != 0U)) ? 1U : 0U;
            seen[5] += ((q & ones(s->total_bits - 1U)) == 0U) ? 1U : 0U;
            seen[6] += ((e == top) && ((q & ones(s->fraction_bits)) == 0U)) ? 1U : 0U;
            seen[7] += ((e == top) && ((q & ones(s->fraction_bits)) != 0U)) ? 1U : 0U;
            seen[8] += (!is_normal(*s, p.first) || !is_normal(*s, p.second)) ? 1U : 0U;
        }
        for (std::size_t k = 0U; k < seen.size(); ++k) {
            EXPECT_GT(seen[k], 100U) << s->name << " region " << k;
        }
    }
}

// ---- hand-derived cases ----

struct Case {
    const Subject* subject;
    std::uint64_t a;
    std::uint64_t b;
    std::uint64_t candidate;
};

// Answered, with MPFR's Measure.
Measure expect_answered(const Case& c) {
    const FloatFormat& format = float_format(c.subject->type);
    Measure fast = sentinel();
    EXPECT_TRUE(fast_measure(format, c.a, c.b, c.candidate, fast))
        << c.subject->name << " 0x" << std::hex << c.a << " / 0x" << c.b << " -> 0x" << c.candidate;
    FloatOracle oracle(format);
    const Measure exact = oracle.measure(c.a, c.b, c.candidate);
    EXPECT_TRUE(same(fast, exact)) << "fast " << text(fast) << ", MPFR " << text(exact);
    return fast;
}

void expect_declined(const Case& c) {
    Measure fast = sentinel();
    EXPECT_FALSE(fast_measure(float_format(c.subject->type), c.a, c.b, c.candidate, fast))
        << c.subject->name << " 0x" << std::hex << c.a << " / 0x" << c.b << " -> 0x" << c.candidate;
    EXPECT_TRUE(same(fast, sentinel()));
}

// 1/3 in each format. FP32: c = 0x3eaaaaab = 11184811 2^-25 and
// 3 * 11184811 = 2^25 + 1, so c - 1/3 = 2^-25 / 3: a third of ulp(c) = 2^-25.
// FP64: c = 0x3fd5555555555555 = (2^54 - 1) / 3 2^-54, 1/3 - c = 2^-54 / 3.
// FP16: c = 0x3555 = 1365 2^-12, 3 * 1365 = 2^12 - 1; BF16: c = 0x3eab =
// 171 2^-9, 3 * 171 = 2^9 + 1. Always 1/3 ulp, which rounded up to a double
// is 0x3fd5555555555556 (1/3 = 0.0101..., its 53-bit truncation
// 0x3fd5555555555555 lies below it). The neighbours of c are not a/b
// rounded to nearest: declined.
// [utest->req~div-cli-d15~1]
TEST(FastMeasure, OneThirdInEveryFormat) {
    RecordProperty("requirements", "DIV-CLI-D15");
    const std::array<Case, 4> cases{Case{&kFp32, 0x3f800000U, 0x40400000U, 0x3eaaaaabU},
                                    Case{&kFp64, 0x3ff0000000000000U, 0x4008000000000000U, 0x3fd5555555555555U},
                                    Case{&kFp16, 0x3c00U, 0x4200U, 0x3555U}, Case{&kBf16, 0x3f80U, 0x4040U, 0x3eabU}};
    for (const Case& c : cases) {
        const Measure m = expect_answered(c);
        EXPECT_EQ(m.expected, c.candidate);
        EXPECT_TRUE(m.exact_match);
        EXPECT_FALSE(m.special_mismatch);
        EXPECT_EQ(bits_of(m.ulps), 0x3fd5555555555556U) << c.subject->name;
        EXPECT_TRUE(m.within_half_ulp);
        EXPECT_TRUE(m.within_one_ulp);
        EXPECT_FALSE(m.flush_explained);
        expect_declined(Case{c.subject, c.a, c.b, c.candidate + 1U});
        expect_declined(Case{c.subject, c.a, c.b, c.candidate - 1U});
    }
}

// 6/3 = 2 exactly: ulps is +0 (bits 0), and 2 is a power of two.
// [utest->req~div-cli-d15~1]
TEST(FastMeasure, ExactQuotients) {
    RecordProperty("requirements", "DIV-CLI-D15");
    const std::array<Case, 4> cases{Case{&kFp32, 0x40c00000U, 0x40400000U, 0x40000000U},
                                    Case{&kFp64, 0x4018000000000000U, 0x4008000000000000U, 0x4000000000000000U},
                                    Case{&kFp16, 0x4600U, 0x4200U, 0x4000U}, Case{&kBf16, 0x40c0U, 0x4040U, 0x4000U}};
    for (const Case& c : cases) {
        const Measure m = expect_answered(c);
        EXPECT_EQ(bits_of(m.ulps), 0U) << c.subject->name;
        expect_declined(Case{c.subject, c.a, c.b, c.candidate + 1U});
        expect_declined(Case{c.subject, c.a, c.b, c.candidate - 1U});
    }
    // -6 / 3 = -2, 6 / -3 = -2, -6 / -3 = 2: the signs combine.
    const Measure m = expect_answered(Case{&kFp32, 0xc0c00000U, 0x40400000U, 0xc0000000U});
    EXPECT_EQ(bits_of(m.ulps), 0U);
    static_cast<void>(expect_answered(Case{&kFp32, 0x40c00000U, 0xc0400000U, 0xc0000000U}));
    static_cast<void>(expect_answered(Case{&kFp32, 0xc0c00000U, 0xc0400000U, 0x40000000U}));
    expect_declined(Case{&kFp32, 0x40c00000U, 0x40400000U, 0xc0000000U});  // the quotient's sign is +
}

// The binade edge at 1.0 (FP32): (1 - 2^-24) / 1 is exact, 0x3f7fffff; the
// candidate 1.0 is 2^-24 above it: half of its own ulp, but MPFR's unit is
// the ulp of the quotient, 2^-24, so measure finds exactly 1 ulp (neither
// within half nor within one): declined, as every candidate other than the
// quotient is, since the fast path's unit is the candidate's. (1 + 2^-23) / 1 = 0x3f800001
// exactly; 1.0 is one ulp below: declined. In the top binade, max / 1 = max
// is answered; max / (1 - 2^-24) exceeds max by nearly an ulp and rounds to
// infinity: the candidate max is declined.
// [utest->req~div-cli-d15~1]
TEST(FastMeasure, BinadeEdges) {
    RecordProperty("requirements", "DIV-CLI-D15");
    EXPECT_EQ(bits_of(expect_answered(Case{&kFp32, 0x3f7fffffU, 0x3f800000U, 0x3f7fffffU}).ulps), 0U);
    expect_declined(Case{&kFp32, 0x3f7fffffU, 0x3f800000U, 0x3f800000U});
    FloatOracle oracle(float_format(ElementType::fp32));
    const Measure one_above = oracle.measure(0x3f7fffffU, 0x3f800000U, 0x3f800000U);
    EXPECT_EQ(bits_of(one_above.ulps), bits_of(1.0));
    EXPECT_FALSE(one_above.within_half_ulp);
    EXPECT_FALSE(one_above.within_one_ulp);
    EXPECT_EQ(bits_of(expect_answered(Case{&kFp32, 0x3f800001U, 0x3f800000U, 0x3f800001U}).ulps), 0U);
    expect_declined(Case{&kFp32, 0x3f800001U, 0x3f800000U, 0x3f800000U});
    EXPECT_EQ(bits_of(expect_answered(Case{&kFp32, 0x7f7fffffU, 0x3f800000U, 0x7f7fffffU}).ulps), 0U);
    expect_declined(Case{&kFp32, 0x7f7fffffU, 0x3f7fffffU, 0x7f7fffffU});
    EXPECT_EQ(oracle.quotient(0x7f7fffffU, 0x3f7fffffU), 0x7f800000U);
    // The lowest normal binade is left to MPFR, exact or not: 0x00800001 / 1.
    expect_declined(Case{&kFp32, 0x00800001U, 0x3f800000U, 0x00800001U});
    // Twice the smallest normal is the lowest quotient answered.
    static_cast<void>(expect_answered(Case{&kFp32, 0x01000000U, 0x3f800000U, 0x01000000U}));
}

// Zeros, subnormals, infinities and NaN, as operands or candidates, a
// candidate of the wrong sign, bits above the format, a format that is none
// of the four: all declined.
// [utest->req~div-cli-d15~1]
TEST(FastMeasure, EverythingElseIsDeclined) {
    RecordProperty("requirements", "DIV-CLI-D15");
    const std::array<Case, 14> cases{
        Case{&kFp32, 0x00000000U, 0x3f800000U, 0x00000000U},  // 0 / 1 = 0
        Case{&kFp32, 0x80000000U, 0x3f800000U, 0x80000000U},  // -0 / 1 = -0
        Case{&kFp32, 0x3f800000U, 0x00000000U, 0x7f800000U},  // 1 / 0 = inf
        Case{&kFp32, 0x7f800000U, 0x3f800000U, 0x7f800000U},  // inf / 1 = inf
        Case{&kFp32, 0x3f800000U, 0x7f800000U, 0x00000000U},  // 1 / inf = 0
        Case{&kFp32, 0x7fc00000U, 0x3f800000U, 0x7fc00000U},  // NaN
        Case{&kFp32, 0x00000001U, 0x3f800000U, 0x00000001U},  // subnormal / 1, exact
        Case{&kFp32, 0x3f800000U, 0x00400000U, 0x7f000000U},  // 1 / 2^-127 = 2^127: b subnormal
        Case{&kFp32, 0x00800000U, 0x40000000U, 0x00400000U},  // 2^-126 / 2 = 2^-127: subnormal quotient
        Case{&kFp32, 0x3f800000U, 0x40400000U, 0xbeaaaaabU},  // 1/3 with the wrong sign
        Case{&kFp32, 0x3f800000U, 0x40400000U, 0x1beaaaaabU},  // a bit above the format
        Case{&kFp16, 0x13c00U, 0x4200U, 0x3555U},             // a bit above the format
        Case{&kFp16, 0x0001U, 0x3c00U, 0x0001U},              // FP16 subnormal / 1
        Case{&kFp16, 0x07ffU, 0x4000U, 0x0400U},              // a tie onto the smallest normal (rounds up)
    };
    FloatOracle fp32(float_format(ElementType::fp32));
    for (const Case& c : cases) {
        expect_declined(c);
    }
    EXPECT_EQ(fp32.quotient(0x3f800000U, 0x00400000U), 0x7f000000U);
    EXPECT_EQ(fp32.quotient(0x00800000U, 0x40000000U), 0x00400000U);
    FloatOracle fp16(float_format(ElementType::fp16));
    EXPECT_EQ(fp16.quotient(0x07ffU, 0x4000U), 0x0400U);
    // A format that is none of the four (17 bits): declined, not misread.
    const FloatFormat odd{12, 5, 15, 17};
    Measure out = sentinel();
    EXPECT_FALSE(fast_measure(odd, 0x3c00U, 0x4200U, 0x3555U, out));
    EXPECT_TRUE(same(out, sentinel()));
    // Each field must match, not most of them: FP16's exponent, bias and
    // width with another precision (found by mutation analysis: `&& -> ||`).
    const FloatFormat near_fp16{12, 5, 15, 16};
    EXPECT_FALSE(fast_measure(near_fp16, 0x3c00U, 0x4200U, 0x3555U, out));
    const FloatFormat near_fp32{24, 8, 127, 33};
    EXPECT_FALSE(fast_measure(near_fp32, 0x3f800000U, 0x40400000U, 0x3eaaaaabU, out));
    EXPECT_TRUE(same(out, sentinel()));
    // Steps with a step missing: declined, never called.
    const FloatFormat& fp32_format = float_format(ElementType::fp32);
    const FastMeasureSteps& own = fast_measure_steps();
    for (const FastMeasureSteps& partial :
         {FastMeasureSteps{nullptr, own.ulps}, FastMeasureSteps{own.rounds_to_candidate, nullptr},
          FastMeasureSteps{nullptr, nullptr}}) {
        EXPECT_FALSE(fast_measure_with(partial, fp32_format, 0x3f800000U, 0x40400000U, 0x3eaaaaabU, out));
    }
    EXPECT_TRUE(same(out, sentinel()));
    EXPECT_TRUE(fast_measure_with(own, fp32_format, 0x3f800000U, 0x40400000U, 0x3eaaaaabU, out));
}

// The two steps at their boundaries, by hand. Rounding to nearest: a/b lies
// residual / divisor ulps beyond c; c is the nearest value when that is
// below 1/2 in magnitude (1/4 for a power of two, on both sides); a tie is
// declined.
// [utest->req~div-cli-d15~1]
TEST(FastMeasure, StepsAtTheirBoundaries) {
    RecordProperty("requirements", "DIV-CLI-D15");
    const FastMeasureSteps& steps = fast_measure_steps();
    EXPECT_TRUE(steps.rounds_to_candidate(4.0, 9.0, false));     // 4/9 < 1/2
    EXPECT_TRUE(steps.rounds_to_candidate(-4.0, 9.0, false));
    EXPECT_FALSE(steps.rounds_to_candidate(5.0, 9.0, false));    // 5/9 > 1/2
    EXPECT_FALSE(steps.rounds_to_candidate(5.0, 10.0, false));   // a tie
    EXPECT_FALSE(steps.rounds_to_candidate(-5.0, 10.0, false));
    EXPECT_TRUE(steps.rounds_to_candidate(-2.0, 9.0, true));     // a power of two: 2/9 < 1/4
    EXPECT_TRUE(steps.rounds_to_candidate(2.0, 9.0, true));
    EXPECT_FALSE(steps.rounds_to_candidate(-3.0, 9.0, true));    // 3/9 > 1/4
    EXPECT_FALSE(steps.rounds_to_candidate(3.0, 9.0, true));
    EXPECT_FALSE(steps.rounds_to_candidate(-2.0, 8.0, true));    // a tie below a power of two
    EXPECT_TRUE(steps.rounds_to_candidate(0.0, 8.0, true));
    EXPECT_TRUE(steps.rounds_to_candidate(0.0, 8.0, false));
    EXPECT_FALSE(steps.rounds_to_candidate(0x1p53, 0x1p53 - 1.0, false));  // an inexact residual
    // ulps rounded up: 1/3 -> 0x3fd5555555555556 (see OneThirdInEveryFormat),
    // 2/3 likewise 0x3fe5555555555556, 1/2 and 1/4 exact, 0 -> +0.
    EXPECT_EQ(bits_of(steps.ulps(1.0, 3.0)), 0x3fd5555555555556U);
    EXPECT_EQ(bits_of(steps.ulps(2.0, 3.0)), 0x3fe5555555555556U);
    EXPECT_EQ(bits_of(steps.ulps(1.0, 2.0)), 0x3fe0000000000000U);
    EXPECT_EQ(bits_of(steps.ulps(2.0, 8.0)), 0x3fd0000000000000U);
    EXPECT_EQ(bits_of(steps.ulps(0.0, 3.0)), 0U);
    // 1 / (2^53 - 1) = 2^-53 (1 + 2^-53 + ...): RN is 2^-53, RU the next double.
    EXPECT_EQ(bits_of(steps.ulps(1.0, 0x1p53 - 1.0)), bits_of(0x1p-53) + 1U);
}

// The fast path neither reads nor needs the rounding direction: under each
// of the four, on this thread, the same agreement on a strided FP16 subset
// and seeded FP32/FP64 pairs (MPFR does not use the FP environment).
// [utest->req~div-cli-d15~1]
TEST(FastMeasure, AnyRoundingDirection) {
    RecordProperty("requirements", "DIV-CLI-D15");
    const int saved = std::fegetround();
    for (const int mode : {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO}) {
        Tally tally;
        ASSERT_EQ(std::fesetround(mode), 0);
        {
            Comparer fp16(kFp16, nullptr);
            for (std::uint64_t i = 0U; i < (numerators(4099U) << 16U); ++i) {
                fp16.compare((i >> 16U) * 4099U, i & 0xFFFFU, tally);
            }
            for (const Subject* s : {&kFp32, &kFp64}) {
                Comparer wide(*s, nullptr);
                for (std::uint64_t i = 0U; i < 100000U; ++i) {
                    const std::pair<std::uint64_t, std::uint64_t> p = seeded_pair(*s, i);
                    wide.compare(p.first, p.second, tally);
                }
            }
        }
        ASSERT_EQ(std::fesetround(saved), 0);
        EXPECT_EQ(tally.disagreements, 0U) << "rounding mode " << mode;
        EXPECT_EQ(tally.answered, tally.answerable) << "rounding mode " << mode;
        EXPECT_GT(tally.answered, 0U);
        for (const std::string& example : tally.examples) {
            ADD_FAILURE() << example;
        }
    }
}

// ---- negative controls: a faulty step must be seen by the agreement loop ----

// Accepts a candidate within one ulp instead of half an ulp.
bool within_one_ulp(double residual, double divisor, bool) { return std::fabs(residual) <= divisor; }
// ulps rounded to nearest instead of upward.
double ulps_to_nearest(double distance, double divisor) { return distance / divisor; }

constexpr FastMeasureSteps kOneUlpDecision{&within_one_ulp, nullptr};
constexpr FastMeasureSteps kNearestUlps{nullptr, &ulps_to_nearest};

// The fault in one step, the other as fast_measure takes it.
FastMeasureSteps faulty(const FastMeasureSteps& fault) {
    FastMeasureSteps steps = fast_measure_steps();
    if (fault.rounds_to_candidate != nullptr) {
        steps.rounds_to_candidate = fault.rounds_to_candidate;
    }
    if (fault.ulps != nullptr) {
        steps.ulps = fault.ulps;
    }
    return steps;
}

#if defined(SONNX_LIGHT_PLANS)
constexpr std::uint32_t kControlStride = 4099U;
constexpr std::uint64_t kControlSeeded = 20000U;
#else
constexpr std::uint32_t kControlStride = 1009U;
constexpr std::uint64_t kControlSeeded = 200000U;
#endif

// The same plans with fast_measure's own steps through fast_measure_with:
// no disagreement (the control of the controls); with either fault: many,
// in every format. A candidate one ulp off is within one ulp whenever a/b
// lies on its side of the quotient, about every other neighbour; upward and
// nearest differ for about half the inexact ratios.
// [utest->req~div-cli-d15~1]
TEST(FastMeasureControls, FaultyStepsAreSeen) {
    RecordProperty("requirements", "DIV-CLI-D15");
    const FastMeasureSteps own = fast_measure_steps();
    const FastMeasureSteps one_ulp = faulty(kOneUlpDecision);
    const FastMeasureSteps nearest = faulty(kNearestUlps);
    for (const Subject* s : {&kFp16, &kBf16, &kFp32, &kFp64}) {
        const bool wide = s->total_bits > 16U;
        const auto run = [s, wide](const FastMeasureSteps& steps) {
            return wide ? run_seeded(*s, kControlSeeded, &steps) : run_16bit(*s, kControlStride, &steps);
        };
        const Tally clean = run(own);
        EXPECT_EQ(clean.disagreements, 0U) << s->name;
        EXPECT_GT(clean.answered, clean.pairs / 20U) << s->name;
        const Tally loose = run(one_ulp);
        std::printf("%s: one-ulp decision: %" PRIu64 " disagreements in %" PRIu64 " pairs\n", s->name,
                    loose.disagreements, loose.pairs);
        EXPECT_GT(loose.disagreements, clean.answered / 4U) << s->name;
        EXPECT_EQ(loose.disagreements, loose.neighbours_answered) << s->name;  // each one a wrong candidate
        const Tally rounded = run(nearest);
        std::printf("%s: ulps to nearest: %" PRIu64 " disagreements in %" PRIu64 " pairs\n", s->name,
                    rounded.disagreements, rounded.pairs);
        EXPECT_GT(rounded.disagreements, clean.answered / 8U) << s->name;
        EXPECT_EQ(rounded.answered, clean.answered) << s->name;  // the same answers, other ulps
    }
}

}  // namespace
}  // namespace sonnx::oracle
