// The two exact oracles against each other, pair by pair (DIV-TQ-D3): the
// MPFR oracle (float_oracle.hpp) and the second oracle, exact integer
// division with Boost.Multiprecision (second_oracle.hpp), must give the same
// encoding for every pair, or a NaN both.
//
// Two ctest entries are built from this file:
// - test_oracle_agreement (label exhaustive, OracleAgreementExhaustive.*):
//   every one of the 2^32 pairs of FP16 and of BF16, and 10^8 seeded pairs
//   each of FP32 and FP64;
// - test_oracle_agreement_quick (label oracle, everything else): a strided
//   FP16/BF16 subset and 10^6 seeded FP32/FP64 pairs, plus the negative
//   controls: one oracle perturbed on a known set of pairs, where the count
//   of disagreements is predicted from the operands' classes alone (no
//   division), and must be met exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "sonnx/oracle/float_oracle.hpp"
#include "sonnx/oracle/second_oracle.hpp"

#include "plan_size.hpp"

namespace sonnx::oracle {
namespace {

constexpr unsigned kThreads = 2U;
constexpr std::uint64_t kSeed = 0x50A11D1CE5EEDULL;  // fixed: two runs check the same pairs
constexpr std::size_t kMaxExamples = 5U;

// The formats as this test reads encodings, independent of both oracles' tables.
struct Subject {
    const char* name;
    ElementType type;     // the MPFR oracle's name for the format
    BinaryFormat format;  // the second oracle's
    unsigned total_bits;
    unsigned fraction_bits;
};

constexpr Subject kFp16{"FP16", ElementType::fp16, BinaryFormat::fp16, 16U, 10U};
constexpr Subject kBf16{"BF16", ElementType::bf16, BinaryFormat::bf16, 16U, 7U};
constexpr Subject kFp32{"FP32", ElementType::fp32, BinaryFormat::fp32, 32U, 23U};
constexpr Subject kFp64{"FP64", ElementType::fp64, BinaryFormat::fp64, 64U, 52U};

std::uint64_t ones(unsigned count) { return (count >= 64U) ? ~std::uint64_t{0} : ((std::uint64_t{1} << count) - 1U); }

unsigned exponent_bits(const Subject& s) { return s.total_bits - 1U - s.fraction_bits; }
std::uint64_t exponent_field(const Subject& s, std::uint64_t bits) {
    return (bits >> s.fraction_bits) & ones(exponent_bits(s));
}
std::uint64_t fraction_field(const Subject& s, std::uint64_t bits) { return bits & ones(s.fraction_bits); }

bool is_nan(const Subject& s, std::uint64_t bits) {
    return (exponent_field(s, bits) == ones(exponent_bits(s))) && (fraction_field(s, bits) != 0U);
}
bool is_infinity(const Subject& s, std::uint64_t bits) {
    return (exponent_field(s, bits) == ones(exponent_bits(s))) && (fraction_field(s, bits) == 0U);
}
bool is_zero(const Subject& s, std::uint64_t bits) { return (bits & ones(s.total_bits - 1U)) == 0U; }

// IEEE 754 7.2: the quotient is NaN exactly for a NaN operand, 0/0 and inf/inf.
// Known from the operands' classes, without dividing: what the controls'
// predictions rest on.
bool nan_quotient(const Subject& s, std::uint64_t a, std::uint64_t b) {
    return is_nan(s, a) || is_nan(s, b) || (is_zero(s, a) && is_zero(s, b)) || (is_infinity(s, a) && is_infinity(s, b));
}

// Agreement: the same encoding, or a NaN from both (payloads not compared).
bool agree(const Subject& s, std::uint64_t x, std::uint64_t y) { return (x == y) || (is_nan(s, x) && is_nan(s, y)); }

// A deliberate fault in one oracle's result (negative controls only).
using Fault = std::uint64_t (*)(std::uint64_t a, std::uint64_t b, std::uint64_t result);

struct Faults {
    Fault mpfr = nullptr;
    Fault second = nullptr;
};

struct Tally {
    std::uint64_t pairs = 0U;
    std::uint64_t disagreements = 0U;
    double seconds = 0.0;
    std::vector<std::string> examples;
};

// One thread's pair of oracles (the MPFR one keeps its variables per instance).
class Comparer {
public:
    Comparer(const Subject& subject, Faults faults)
        : subject_(subject), mpfr_(float_format(subject.type)), second_(subject.format), faults_(faults) {}

    void compare(std::uint64_t a, std::uint64_t b, Tally& tally) {
        std::uint64_t by_mpfr = mpfr_.quotient(a, b);
        std::uint64_t by_second = second_.quotient(a, b);
        if (faults_.mpfr != nullptr) {
            by_mpfr = faults_.mpfr(a, b, by_mpfr);
        }
        if (faults_.second != nullptr) {
            by_second = faults_.second(a, b, by_second);
        }
        ++tally.pairs;
        if (!agree(subject_, by_mpfr, by_second)) {
            ++tally.disagreements;
            if (tally.examples.size() < kMaxExamples) {
                char line[160];
                std::snprintf(line, sizeof line,
                              "%s 0x%" PRIx64 " / 0x%" PRIx64 ": MPFR 0x%" PRIx64 ", second oracle 0x%" PRIx64,
                              subject_.name, a, b, by_mpfr, by_second);
                tally.examples.emplace_back(line);
            }
        }
    }

private:
    const Subject& subject_;
    FloatOracle mpfr_;
    SecondOracle second_;
    Faults faults_;
};

// Pairs 0 .. count-1, pair_at(i) giving pair i's operands; the index range is
// cut into kThreads contiguous parts, so every pair is compared exactly once.
template <typename PairAt>
Tally run_pairs(const Subject& subject, std::uint64_t count, PairAt pair_at, Faults faults) {
    const auto started = std::chrono::steady_clock::now();
    std::vector<Tally> parts(kThreads);
    std::vector<std::thread> workers;
    for (unsigned t = 0U; t < kThreads; ++t) {
        workers.emplace_back([&, t] {
            Comparer comparer(subject, faults);
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
        total.pairs += parts[t].pairs;
        total.disagreements += parts[t].disagreements;
        for (const std::string& example : parts[t].examples) {
            if (total.examples.size() < kMaxExamples) {
                total.examples.push_back(example);
            }
        }
    }
    total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return total;
}

// ---- the pair sets ----

// Every divisor of the numerators 0, stride, 2 * stride, ... below 2^16: all
// 2^32 pairs with stride 1. Pair i is numerator i >> 16, divisor i & 0xFFFF.
std::uint64_t numerators(std::uint32_t stride) { return (65535U / stride) + 1U; }

std::pair<std::uint64_t, std::uint64_t> strided_pair(std::uint32_t stride, std::uint64_t i) {
    return {(i >> 16U) * stride, i & 0xFFFFU};
}

Tally run_16bit(const Subject& subject, std::uint32_t stride, Faults faults = {}) {
    return run_pairs(
        subject, numerators(stride) << 16U, [stride](std::uint64_t i) { return strided_pair(stride, i); }, faults);
}

// splitmix64 (Steele, Lea, Flood 2014), counter-based: output n of the
// generator seeded with kSeed, so that any thread can draw pair i directly.
std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31U);
}
std::uint64_t splitmix64(std::uint64_t n) { return mix(kSeed + (n + 1U) * 0x9E3779B97F4A7C15ULL); }

// An encoding drawn from a random word so that every class occurs often: a
// uniform bit pattern almost never gives a zero, an infinity or (in FP64) a
// subnormal. The low three bits choose the kind; a second word fills it.
std::uint64_t draw_operand(const Subject& s, std::uint64_t word) {
    const std::uint64_t fill = mix(word);
    const std::uint64_t top = ones(exponent_bits(s));  // the all-ones exponent field
    const std::uint64_t sign = (word >> 63U) << (s.total_bits - 1U);
    const std::uint64_t fraction = fill & ones(s.fraction_bits);
    const std::uint64_t any_normal_field = 1U + ((word >> 8U) % (top - 1U));
    std::uint64_t field = any_normal_field;
    std::uint64_t significand = fraction;
    switch (word & 7U) {
        case 0U: {  // zero, infinity, NaN (quiet or signalling) or the largest finite
            const std::array<std::uint64_t, 4> fields{0U, top, top, top - 1U};
            const std::array<std::uint64_t, 4> fractions{0U, 0U, fraction | 1U, ones(s.fraction_bits)};
            field = fields[(word >> 3U) & 3U];
            significand = fractions[(word >> 3U) & 3U];
            break;
        }
        case 1U:
            field = 0U;
            break;  // subnormal (or, rarely, zero)
        case 2U: {                   // next to the ends of the exponent range: overflow, underflow
            const std::array<std::uint64_t, 4> fields{1U, 2U, top - 2U, top - 1U};
            field = fields[(word >> 3U) & 3U];
            break;
        }
        case 3U:
            significand = fraction & (ones(3U) << (s.fraction_bits - 3U));
            break;  // short: exact results, ties
        case 4U:
            significand = ones(s.fraction_bits) ^ (fill & 7U);
            break;              // long: carries
        default:
            return fill & ones(s.total_bits);                                      // uniform
    }
    return sign | (field << s.fraction_bits) | significand;
}

std::pair<std::uint64_t, std::uint64_t> seeded_pair(const Subject& s, std::uint64_t i) {
    return {draw_operand(s, splitmix64(2U * i)), draw_operand(s, splitmix64(2U * i + 1U))};
}

Tally run_seeded(const Subject& subject, std::uint64_t pairs, Faults faults = {}) {
    return run_pairs(subject, pairs, [&subject](std::uint64_t i) { return seeded_pair(subject, i); }, faults);
}

// ---- reporting ----

void report(const Subject& s, const Tally& tally) {
    std::printf("%s: %" PRIu64 " pairs, %" PRIu64 " disagreements, %.1f s on %u threads\n", s.name, tally.pairs,
                tally.disagreements, tally.seconds, kThreads);
    ::testing::Test::RecordProperty("format", s.name);
    ::testing::Test::RecordProperty("pairs", std::to_string(tally.pairs));
    ::testing::Test::RecordProperty("disagreements", std::to_string(tally.disagreements));
    ::testing::Test::RecordProperty("seconds", std::to_string(tally.seconds));
    ::testing::Test::RecordProperty("threads", std::to_string(kThreads));
}

void expect_agreement(const Subject& s, const Tally& tally, std::uint64_t planned) {
    report(s, tally);
    EXPECT_EQ(tally.pairs, planned);
    EXPECT_EQ(tally.disagreements, 0U);
    for (const std::string& example : tally.examples) {
        ADD_FAILURE() << example;
    }
}

// ---- every pair (label exhaustive) ----

constexpr std::uint64_t kAllPairs16 = 65536ULL * 65536ULL;
constexpr std::uint64_t kSeededPairs = 100000000ULL;

// [utest->req~div-tq-d3~1]
TEST(OracleAgreementExhaustive, Fp16AllPairs) {
    RecordProperty("requirements", "DIV-TQ-D3");
    expect_agreement(kFp16, run_16bit(kFp16, 1U), kAllPairs16);
}

// [utest->req~div-tq-d3~1]
TEST(OracleAgreementExhaustive, Bf16AllPairs) {
    RecordProperty("requirements", "DIV-TQ-D3");
    expect_agreement(kBf16, run_16bit(kBf16, 1U), kAllPairs16);
}

// [utest->req~div-tq-d3~1]
TEST(OracleAgreementExhaustive, Fp32SeededPairs) {
    RecordProperty("requirements", "DIV-TQ-D3");
    expect_agreement(kFp32, run_seeded(kFp32, kSeededPairs), kSeededPairs);
}

// [utest->req~div-tq-d3~1]
TEST(OracleAgreementExhaustive, Fp64SeededPairs) {
    RecordProperty("requirements", "DIV-TQ-D3");
    expect_agreement(kFp64, run_seeded(kFp64, kSeededPairs), kSeededPairs);
}

// ---- a subset, in seconds (label oracle) ----

// Every divisor of every kStride-th numerator (plan_size.hpp), and seeded pairs.
using test::kStride;
#if defined(SONNX_LIGHT_PLANS)
constexpr std::uint64_t kQuickSeededPairs = 100000U;
#else
constexpr std::uint64_t kQuickSeededPairs = 1000000U;
#endif

// [utest->req~div-tq-d3~1]
TEST(OracleAgreement, Fp16StridedPairs) {
    RecordProperty("requirements", "DIV-TQ-D3");
    expect_agreement(kFp16, run_16bit(kFp16, kStride), numerators(kStride) * 65536U);
}

// [utest->req~div-tq-d3~1]
TEST(OracleAgreement, Bf16StridedPairs) {
    RecordProperty("requirements", "DIV-TQ-D3");
    expect_agreement(kBf16, run_16bit(kBf16, kStride), numerators(kStride) * 65536U);
}

// [utest->req~div-tq-d3~1]
TEST(OracleAgreement, Fp32SeededPairs) {
    RecordProperty("requirements", "DIV-TQ-D3");
    expect_agreement(kFp32, run_seeded(kFp32, kQuickSeededPairs), kQuickSeededPairs);
}

// [utest->req~div-tq-d3~1]
TEST(OracleAgreement, Fp64SeededPairs) {
    RecordProperty("requirements", "DIV-TQ-D3");
    expect_agreement(kFp64, run_seeded(kFp64, kQuickSeededPairs), kQuickSeededPairs);
}

// The seeded pairs reach every class of operand, and of quotient, in each
// format; quotient classes are read from the second oracle's results (only
// their presence is asserted, not their values).
// [utest->req~div-tq-d3~1]
TEST(OracleAgreement, SeededOperandsCoverEveryClass) {
    RecordProperty("requirements", "DIV-TQ-D3");
    for (const Subject* s : {&kFp16, &kBf16, &kFp32, &kFp64}) {
        const SecondOracle oracle(s->format);
        // zero, subnormal, normal, infinity, NaN
        std::array<std::uint64_t, 5> operands{};
        std::array<std::uint64_t, 5> quotients{};
        const auto class_of = [s](std::uint64_t bits) -> std::size_t {
            if (is_zero(*s, bits)) {
                return 0U;
            }
            if (exponent_field(*s, bits) == 0U) {
                return 1U;
            }
            if (is_infinity(*s, bits)) {
                return 3U;
            }
            return is_nan(*s, bits) ? 4U : 2U;
        };
        for (std::uint64_t i = 0U; i < 100000U; ++i) {
            const std::pair<std::uint64_t, std::uint64_t> pair = seeded_pair(*s, i);
            ++operands[class_of(pair.first)];
            ++operands[class_of(pair.second)];
            ++quotients[class_of(oracle.quotient(pair.first, pair.second))];
        }
        for (std::size_t c = 0U; c < 5U; ++c) {
            EXPECT_GT(operands[c], 100U) << s->name << " operand class " << c;
            EXPECT_GT(quotients[c], 100U) << s->name << " quotient class " << c;
        }
    }
}

// ---- negative controls: the check must see a perturbed oracle ----

// The known sets the faults apply to, by the operands' bits alone.
bool in_first_set(std::uint64_t, std::uint64_t b) { return b % 3U == 0U; }
bool in_second_set(std::uint64_t a, std::uint64_t) { return a % 2U == 1U; }

// One ulp off: the lowest bit flipped, on the first set. A finite result
// becomes its neighbour, an infinity a NaN (both disagree); a NaN stays a NaN
// (agrees): the disagreements are exactly the set's pairs whose quotient is
// not NaN.
std::uint64_t one_ulp_off(std::uint64_t a, std::uint64_t b, std::uint64_t r) {
    return in_first_set(a, b) ? (r ^ 1U) : r;
}

// The wrong sign, on the second set: a disagreement unless the result is a NaN.
template <unsigned kTotalBits>
std::uint64_t wrong_sign(std::uint64_t a, std::uint64_t b, std::uint64_t r) {
    return in_second_set(a, b) ? (r ^ (std::uint64_t{1} << (kTotalBits - 1U))) : r;
}

// What the check must report: the pairs of the set whose quotient is not NaN.
template <typename PairAt>
std::uint64_t predicted(const Subject& s, std::uint64_t count, PairAt pair_at,
                        bool (*in_set)(std::uint64_t, std::uint64_t)) {
    std::uint64_t expected = 0U;
    for (std::uint64_t i = 0U; i < count; ++i) {
        const std::pair<std::uint64_t, std::uint64_t> p = pair_at(i);
        expected += (in_set(p.first, p.second) && !nan_quotient(s, p.first, p.second)) ? 1U : 0U;
    }
    return expected;
}

// Every divisor of every 1009th numerator (65); every 4099th (16) with light plans.
#if defined(SONNX_LIGHT_PLANS)
constexpr std::uint32_t kControlStride = 4099U;
#else
constexpr std::uint32_t kControlStride = 1009U;
#endif

// [utest->req~div-tq-d3~1]
TEST(OracleAgreementControls, SecondOracleOneUlpOffIsCountedExactly) {
    RecordProperty("requirements", "DIV-TQ-D3");
    for (const Subject* s : {&kFp16, &kBf16}) {
        const std::uint64_t count = numerators(kControlStride) << 16U;
        const std::uint64_t expected = predicted(
            *s, count, [](std::uint64_t i) { return strided_pair(kControlStride, i); }, &in_first_set);
        const Tally tally = run_16bit(*s, kControlStride, Faults{nullptr, &one_ulp_off});
        EXPECT_EQ(tally.pairs, count) << s->name;
        EXPECT_EQ(tally.disagreements, expected) << s->name;
        EXPECT_GT(expected, count / 4U) << s->name;  // about a third of the plan: never none
    }
    const std::uint64_t count = kQuickSeededPairs / 10U;
    for (const Subject* s : {&kFp32, &kFp64}) {
        const std::uint64_t expected = predicted(
            *s, count, [s](std::uint64_t i) { return seeded_pair(*s, i); }, &in_first_set);
        const Tally tally = run_seeded(*s, count, Faults{nullptr, &one_ulp_off});
        EXPECT_EQ(tally.disagreements, expected) << s->name;
        EXPECT_GT(expected, count / 4U) << s->name;
    }
}

// [utest->req~div-tq-d3~1]
TEST(OracleAgreementControls, MpfrOracleWithTheWrongSignIsCountedExactly) {
    RecordProperty("requirements", "DIV-TQ-D3");
    const std::uint64_t count = numerators(kControlStride) << 16U;
    const std::uint64_t expected = predicted(
        kFp16, count, [](std::uint64_t i) { return strided_pair(kControlStride, i); }, &in_second_set);
    const Tally tally = run_16bit(kFp16, kControlStride, Faults{&wrong_sign<16U>, nullptr});
    EXPECT_EQ(tally.disagreements, expected);
    EXPECT_GT(expected, 0U);
    const std::uint64_t seeded = kQuickSeededPairs / 10U;
    const std::uint64_t expected64 = predicted(
        kFp64, seeded, [](std::uint64_t i) { return seeded_pair(kFp64, i); }, &in_second_set);
    EXPECT_EQ(run_seeded(kFp64, seeded, Faults{&wrong_sign<64U>, nullptr}).disagreements, expected64);
    EXPECT_GT(expected64, 0U);
}

// Hand-counted, not computed by the formula above: FP16 numerator 0 (+0)
// over all 65536 divisors, the second oracle one ulp off everywhere. 0/b is
// NaN for the 2046 NaN divisors and the 2 zeros, else a zero or (b = +-inf) a
// zero too: 65536 - 2048 = 63488 disagreements.
std::uint64_t one_ulp_off_everywhere(std::uint64_t, std::uint64_t, std::uint64_t r) { return r ^ 1U; }

// [utest->req~div-tq-d3~1]
TEST(OracleAgreementControls, HandCountedFp16Row) {
    RecordProperty("requirements", "DIV-TQ-D3");
    const Tally tally = run_pairs(
        kFp16, 65536U, [](std::uint64_t i) { return std::make_pair(std::uint64_t{0}, i); },
        Faults{nullptr, &one_ulp_off_everywhere});
    EXPECT_EQ(tally.pairs, 65536U);
    EXPECT_EQ(tally.disagreements, 63488U);
    EXPECT_EQ(tally.examples.size(), kMaxExamples);
}

}  // namespace
}  // namespace sonnx::oracle
