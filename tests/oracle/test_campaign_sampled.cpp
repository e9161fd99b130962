// The core against the oracle in the default suite: a strided sample of all
// 16-bit float pairs, every 4- and 8-bit integer pair in both roundings, and
// boundary tables plus 10^6 seeded random pairs for the wider types.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "campaign_operands.hpp"
#include "sonnx/oracle/campaign.hpp"

namespace sonnx::oracle {
namespace {

void expect_clean(const CampaignResult& r) {
    EXPECT_EQ(r.mismatches, 0U);
    for (const std::string& example : r.examples) {
        ADD_FAILURE() << example;
    }
}

CampaignResult sampled(ElementType type, std::uint64_t random_pairs, std::uint64_t seed,
                       IntRounding rounding = IntRounding::floor, unsigned threads = 2U) {
    CampaignPlan plan;
    plan.type = type;
    plan.mode = CampaignMode::sampled;
    plan.random_pairs = random_pairs;
    plan.seed = seed;
    plan.rounding = rounding;
    plan.threads = threads;
    return run_campaign(plan);
}

// Numerators 0, 251, 502, ...: 262 of them, each against all 65536 divisors.
// [utest->req~div-float-f1~1]
// [utest->req~div-float-d7~1]
TEST(CampaignSampled, Fp16EveryDivisorForEvery251stNumerator) {
    RecordProperty("requirements", "DIV-FLOAT-F1,DIV-FLOAT-D7");
    const CampaignResult r = float16_campaign(ElementType::fp16, 0U, 251U, 2U);
    EXPECT_EQ(r.pairs, 262U * 65536U);
    expect_clean(r);
}

// [utest->req~div-float-f1~1]
// [utest->req~div-float-d7~1]
TEST(CampaignSampled, Bf16EveryDivisorForEvery251stNumerator) {
    RecordProperty("requirements", "DIV-FLOAT-F1,DIV-FLOAT-D7");
    const CampaignResult r = float16_campaign(ElementType::bf16, 0U, 251U, 2U);
    EXPECT_EQ(r.pairs, 262U * 65536U);
    expect_clean(r);
}

// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
// [utest->req~div-int-d2~1]
// [utest->req~div-int-c3~1]
TEST(CampaignSampled, AllFourAndEightBitIntegerPairsBothRoundings) {
    RecordProperty("requirements", "DIV-INT-F1,DIV-INT-D1,DIV-INT-D2,DIV-INT-C3");
    for (const ElementType type : {ElementType::int4, ElementType::uint4, ElementType::int8, ElementType::uint8}) {
        for (const IntRounding rounding : {IntRounding::floor, IntRounding::toward_zero}) {
            CampaignPlan plan;
            plan.type = type;
            plan.mode = CampaignMode::exhaustive;
            plan.rounding = rounding;
            plan.threads = 2U;
            const CampaignResult r = run_campaign(plan);
            const std::uint64_t values = (type == ElementType::int4 || type == ElementType::uint4) ? 16U : 256U;
            EXPECT_EQ(r.pairs, values * values) << element_type_name(type);
            expect_clean(r);
        }
    }
}

// Boundary tables (specials, subnormals, the largest values) and 10^6
// random pairs per float type, seeded.
// [utest->req~div-float-f1~1]
// [utest->req~div-float-d1~1]
// [utest->req~div-float-d2~1]
// [utest->req~div-float-d3~2]
// [utest->req~div-float-d4~1]
TEST(CampaignSampled, FloatBoundariesAndAMillionRandomPairsPerType) {
    RecordProperty("requirements", "DIV-FLOAT-F1,DIV-FLOAT-D1,DIV-FLOAT-D2,DIV-FLOAT-D3,DIV-FLOAT-D4");
    for (const ElementType type : {ElementType::fp16, ElementType::bf16, ElementType::fp32, ElementType::fp64}) {
        const CampaignResult r = sampled(type, 1000000U, 20261122U);
        // 20 positive boundary values and their negatives: 40 x 40 pairs.
        EXPECT_EQ(r.pairs, 1600U + 1000000U) << element_type_name(type);
        expect_clean(r);
    }
}

// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
// [utest->req~div-int-d2~1]
// [utest->req~div-int-c3~1]
// [utest->req~div-int-acc1~1]
TEST(CampaignSampled, WideIntegerBoundariesAndRandomPairsBothRoundings) {
    RecordProperty("requirements", "DIV-INT-F1,DIV-INT-D1,DIV-INT-D2,DIV-INT-C3,DIV-INT-ACC1");
    for (const ElementType type : {ElementType::int16, ElementType::int32, ElementType::int64, ElementType::uint16,
                                   ElementType::uint32, ElementType::uint64}) {
        for (const IntRounding rounding : {IntRounding::floor, IntRounding::toward_zero}) {
            const CampaignResult r = sampled(type, 200000U, 7U, rounding);
            EXPECT_GT(r.pairs, 200000U) << element_type_name(type);
            expect_clean(r);
        }
    }
}

// The pairs are a function of the seed alone: the same count on 1 and 2
// threads, and the plan's count is what runs.
// [utest->req~div-cli-d8~2]
TEST(CampaignSampled, PlannedPairsRunOnAnyThreadCount) {
    RecordProperty("requirements", "DIV-CLI-D8");
    CampaignPlan plan;
    plan.type = ElementType::int32;
    plan.random_pairs = 10000U;
    plan.seed = 99U;
    plan.threads = 1U;
    const CampaignResult one = run_campaign(plan);
    plan.threads = 2U;
    const CampaignResult two = run_campaign(plan);
    EXPECT_EQ(one.pairs, planned_pairs(plan));
    EXPECT_EQ(two.pairs, planned_pairs(plan));
    EXPECT_TRUE(supports_exhaustive(ElementType::uint16));
    EXPECT_FALSE(supports_exhaustive(ElementType::fp32));
    plan.mode = CampaignMode::exhaustive;
    EXPECT_THROW(run_campaign(plan), std::invalid_argument);
    plan.type = ElementType::int4;
    EXPECT_EQ(planned_pairs(plan), 256U);
    plan.subject = nullptr;  // no division to check
    EXPECT_THROW(run_campaign(plan), std::invalid_argument);
    EXPECT_THROW((void)float16_campaign(ElementType::fp16, 0U, 65536U, 1U, {}, nullptr), std::invalid_argument);
}

// A plan whose pair count does not fit the engine's arithmetic is refused,
// never run short while reporting the count asked for (issue #11: 2^64 - 1
// random pairs ran the 1600 boundary pairs and reported success).
// [utest->req~div-cli-d11~2]
TEST(CampaignSampled, RandomCountsAboveTheLimitAreRefused) {
    RecordProperty("requirements", "DIV-CLI-D11");
    CampaignPlan plan;
    plan.type = ElementType::fp32;
    plan.seed = 1U;
    for (const std::uint64_t count :
         {std::uint64_t{0xFFFFFFFFFFFFFFFFULL}, std::uint64_t{0xFFFFFFFFFFFFF9B0ULL}, kMaxRandomPairs + 1U}) {
        plan.random_pairs = count;
        EXPECT_THROW((void)planned_pairs(plan), std::invalid_argument) << count;
        EXPECT_THROW((void)run_campaign(plan), std::invalid_argument) << count;
    }
    plan.random_pairs = kMaxRandomPairs;  // the largest count is planned exactly (40 x 40 boundary pairs)
    EXPECT_EQ(planned_pairs(plan), kMaxRandomPairs + 1600U);
    plan.random_pairs = 0U;  // the boundary table alone
    EXPECT_EQ(run_campaign(plan).pairs, 1600U);
}

// The boundary tables hold the edges of each format and type (hand-derived
// encodings), and random pairs depend on the seed and block number only.
// [utest->req~div-cli-d8~2]
TEST(CampaignSampled, BoundaryTablesAndSeededPairs) {
    RecordProperty("requirements", "DIV-CLI-D8");
    const std::vector<std::uint64_t> fp32 = detail::boundary_operands(ElementType::fp32);
    for (const std::uint64_t edge :
         {0x00000000ULL, 0x80000000ULL, 0x00000001ULL, 0x007FFFFFULL, 0x00800000ULL, 0x3F7FFFFFULL, 0x3F800001ULL,
          0x7F7FFFFFULL, 0xFF7FFFFFULL, 0x7F800000ULL, 0xFF800000ULL, 0x7FC00000ULL, 0x7F800001ULL}) {
        EXPECT_NE(std::find(fp32.begin(), fp32.end(), edge), fp32.end()) << std::hex << edge;
    }
    EXPECT_EQ(fp32.size(), 40U);
    const std::vector<std::uint64_t> int8 = detail::boundary_operands(ElementType::int8);
    for (const std::int64_t edge : {-128, -127, -1, 0, 1, 2, 3, 126, 127}) {
        EXPECT_NE(std::find(int8.begin(), int8.end(), static_cast<std::uint64_t>(edge)), int8.end()) << edge;
    }
    for (const std::uint64_t value : detail::boundary_operands(ElementType::uint4)) {
        EXPECT_LE(value, 15U);
    }
    std::vector<std::uint64_t> a1, b1, a2, b2, a3, b3;
    detail::random_pairs(ElementType::int4, 5U, 3U, 1000U, a1, b1);
    detail::random_pairs(ElementType::int4, 5U, 3U, 1000U, a2, b2);
    detail::random_pairs(ElementType::int4, 6U, 3U, 1000U, a3, b3);
    EXPECT_EQ(a1, a2);
    EXPECT_EQ(b1, b2);
    EXPECT_NE(a1, a3);
    for (const std::uint64_t v : a1) {
        const auto value = static_cast<std::int64_t>(v);
        EXPECT_TRUE((value >= -8) && (value <= 7)) << value;
    }
}

// ---- the boundary tables, in full ----

std::vector<std::uint64_t> sorted(std::vector<std::uint64_t> words) {
    std::sort(words.begin(), words.end());
    return words;
}

// Integers as element words (sign-extended), in increasing order of the word.
std::vector<std::uint64_t> int_words(std::initializer_list<std::int64_t> values) {
    std::vector<std::uint64_t> words;
    for (const std::int64_t v : values) {
        words.push_back(static_cast<std::uint64_t>(v));
    }
    return sorted(words);
}

// Float tables: each of 20 positive encodings (hand-derived below) and its
// negative. Per format: +0; the subnormals 1, 2, 3 and the largest; the
// smallest normal and its successor; 0.5; the largest below 1; 1 and its
// successor; 1.5; 2; 3; the largest below 2; the largest power of two; the
// largest finite; infinity; the default quiet NaN; a signalling NaN.
// [utest->req~div-cli-d8~2]
TEST(CampaignSampled, FloatBoundaryTablesInFull) {
    RecordProperty("requirements", "DIV-CLI-D8");
    struct Table {
        ElementType type;
        std::uint64_t sign;
        std::vector<std::uint64_t> positive;
    };
    const Table tables[] = {
        {ElementType::fp16, 0x8000U, {0x0000U, 0x0001U, 0x0002U, 0x0003U, 0x03FFU, 0x0400U, 0x0401U,
                                      0x3800U, 0x3BFFU, 0x3C00U, 0x3C01U, 0x3E00U, 0x4000U, 0x4200U,
                                      0x3FFFU, 0x7800U, 0x7BFFU, 0x7C00U, 0x7E00U, 0x7C01U}},
        {ElementType::bf16, 0x8000U, {0x0000U, 0x0001U, 0x0002U, 0x0003U, 0x007FU, 0x0080U, 0x0081U,
                                      0x3F00U, 0x3F7FU, 0x3F80U, 0x3F81U, 0x3FC0U, 0x4000U, 0x4040U,
                                      0x3FFFU, 0x7F00U, 0x7F7FU, 0x7F80U, 0x7FC0U, 0x7F81U}},
        {ElementType::fp32, 0x80000000U, {0x00000000U, 0x00000001U, 0x00000002U, 0x00000003U, 0x007FFFFFU,
                                          0x00800000U, 0x00800001U, 0x3F000000U, 0x3F7FFFFFU, 0x3F800000U,
                                          0x3F800001U, 0x3FC00000U, 0x40000000U, 0x40400000U, 0x3FFFFFFFU,
                                          0x7F000000U, 0x7F7FFFFFU, 0x7F800000U, 0x7FC00000U, 0x7F800001U}},
        {ElementType::fp64,
         0x8000000000000000ULL,
         {0x0000000000000000ULL, 0x0000000000000001ULL, 0x0000000000000002ULL, 0x0000000000000003ULL,
          0x000FFFFFFFFFFFFFULL, 0x0010000000000000ULL, 0x0010000000000001ULL, 0x3FE0000000000000ULL,
          0x3FEFFFFFFFFFFFFFULL, 0x3FF0000000000000ULL, 0x3FF0000000000001ULL, 0x3FF8000000000000ULL,
          0x4000000000000000ULL, 0x4008000000000000ULL, 0x3FFFFFFFFFFFFFFFULL, 0x7FE0000000000000ULL,
          0x7FEFFFFFFFFFFFFFULL, 0x7FF0000000000000ULL, 0x7FF8000000000000ULL, 0x7FF0000000000001ULL}},
    };
    for (const Table& table : tables) {
        std::vector<std::uint64_t> expected;
        for (const std::uint64_t v : table.positive) {
            expected.push_back(v);
            expected.push_back(v | table.sign);
        }
        EXPECT_EQ(sorted(detail::boundary_operands(table.type)), sorted(expected)) << element_type_name(table.type);
    }
}

// Integer tables, without repeats and in increasing order of the word: 0,
// +-1, +-2, +-3, MAX, MAX - 1, MAX / 2 and MAX / 2 + 1 (rounded down), and for
// signed types MIN, MIN + 1 and MIN / 2; 2^k, 2^k - 1 and (signed) -2^k for
// k = 2, 5, 8, ... below the width; only the values of the type.
// [utest->req~div-cli-d8~2]
TEST(CampaignSampled, IntegerBoundaryTablesInFull) {
    RecordProperty("requirements", "DIV-CLI-D8");
    EXPECT_EQ(detail::boundary_operands(ElementType::int4), int_words({-8, -7, -4, -3, -2, -1, 0, 1, 2, 3, 4, 6, 7}));
    EXPECT_EQ(detail::boundary_operands(ElementType::uint4), int_words({0, 1, 2, 3, 4, 7, 8, 14, 15}));
    EXPECT_EQ(detail::boundary_operands(ElementType::int8),
              int_words({-128, -127, -64, -32, -4, -3, -2, -1, 0, 1, 2, 3, 4, 31, 32, 63, 64, 126, 127}));
    EXPECT_EQ(detail::boundary_operands(ElementType::uint8), int_words({0, 1, 2, 3, 4, 31, 32, 127, 128, 254, 255}));
    EXPECT_EQ(detail::boundary_operands(ElementType::int16),
              int_words({-32768, -32767, -16384, -2048, -256, -32, -4,   -3,   -2,    -1,    0,     1,    2,
                         3,      4,      31,     32,    255,  256, 2047, 2048, 16383, 16384, 32766, 32767}));
    EXPECT_EQ(detail::boundary_operands(ElementType::uint16),
              int_words({0, 1, 2, 3, 4, 31, 32, 255, 256, 2047, 2048, 16383, 16384, 32767, 32768, 65534, 65535}));
    EXPECT_EQ(
        detail::boundary_operands(ElementType::int32),
        int_words({-2147483648LL, -2147483647LL, -1073741824LL, -536870912LL, -67108864LL,  -8388608LL,   -1048576LL,
                   -131072LL,     -16384LL,      -2048LL,       -256LL,       -32LL,        -4LL,         -3LL,
                   -2LL,          -1LL,          0LL,           1LL,          2LL,          3LL,          4LL,
                   31LL,          32LL,          255LL,         256LL,        2047LL,       2048LL,       16383LL,
                   16384LL,       131071LL,      131072LL,      1048575LL,    1048576LL,    8388607LL,    8388608LL,
                   67108863LL,    67108864LL,    536870911LL,   536870912LL,  1073741823LL, 1073741824LL, 2147483646LL,
                   2147483647LL}));
    EXPECT_EQ(detail::boundary_operands(ElementType::uint32),
              int_words({0LL,         1LL,         2LL,          3LL,          4LL,          31LL,        32LL,
                         255LL,       256LL,       2047LL,       2048LL,       16383LL,      16384LL,     131071LL,
                         131072LL,    1048575LL,   1048576LL,    8388607LL,    8388608LL,    67108863LL,  67108864LL,
                         536870911LL, 536870912LL, 2147483647LL, 2147483648LL, 4294967294LL, 4294967295LL}));
    // 64 bits: k = 2, 5, ..., 62, where 2^62 and 2^62 - 1 are also MAX / 2 + 1 and MAX / 2 (INT64).
    std::vector<std::int64_t> int64 = {INT64_MIN, INT64_MIN + 1, -3, -2, -1, 0, 1, 2, 3, INT64_MAX - 1, INT64_MAX};
    std::vector<std::uint64_t> uint64 = {
        0U, 1U, 2U, 3U, UINT64_MAX - 1U, UINT64_MAX, (UINT64_MAX >> 1U), (UINT64_MAX >> 1U) + 1U};
    for (unsigned k = 2U; k <= 62U; k += 3U) {
        const auto power = std::int64_t{1} << k;
        int64.insert(int64.end(), {power, power - 1, -power});
        uint64.insert(uint64.end(), {static_cast<std::uint64_t>(power), static_cast<std::uint64_t>(power - 1)});
    }
    std::vector<std::uint64_t> int64_words;
    for (const std::int64_t v : int64) {
        int64_words.push_back(static_cast<std::uint64_t>(v));
    }
    int64_words = sorted(int64_words);
    int64_words.erase(std::unique(int64_words.begin(), int64_words.end()), int64_words.end());
    uint64 = sorted(uint64);
    uint64.erase(std::unique(uint64.begin(), uint64.end()), uint64.end());
    EXPECT_EQ(int64_words.size(), 73U);  // 11 + 21 * 3, less 3 = 2^2 - 1 listed twice
    EXPECT_EQ(uint64.size(), 49U);       // 8 + 21 * 2, less 3 again
    EXPECT_EQ(detail::boundary_operands(ElementType::int64), int64_words);
    EXPECT_EQ(detail::boundary_operands(ElementType::uint64), uint64);
}

// ---- the seeded random pairs ----

// SplitMix64's output for a state (Vigna's reference, splitmix64.c): from
// state 0 its first output is 0xe220a8397b1dcdaf.
std::uint64_t splitmix64(std::uint64_t state) {
    std::uint64_t z = state + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31U);
}

// Block k of seed s draws from std::mt19937_64 seeded with
// splitmix64(s ^ splitmix64(k)); pair 0 is uniform: A and B the generator's
// first two words, cut to the type's width.
// [utest->req~div-cli-d8~2]
TEST(CampaignSampled, RandomPairsFollowTheSeedAndBlock) {
    RecordProperty("requirements", "DIV-CLI-D8");
    ASSERT_EQ(splitmix64(0U), 0xE220A8397B1DCDAFULL);
    for (const std::uint64_t seed : {std::uint64_t{0U}, std::uint64_t{20261122U}}) {
        for (const std::uint64_t block : {std::uint64_t{0U}, std::uint64_t{7U}}) {
            std::mt19937_64 reference(splitmix64(seed ^ splitmix64(block)));
            const std::uint64_t first = reference();
            const std::uint64_t second = reference();
            std::vector<std::uint64_t> a, b;
            detail::random_pairs(ElementType::fp64, seed, block, 1U, a, b);
            ASSERT_EQ(a.size(), 1U);
            EXPECT_EQ(a[0], first);
            EXPECT_EQ(b[0], second);
            a.clear();
            b.clear();
            detail::random_pairs(ElementType::fp16, seed, block, 1U, a, b);
            EXPECT_EQ(a, std::vector<std::uint64_t>{first & 0xFFFFU});
            EXPECT_EQ(b, std::vector<std::uint64_t>{second & 0xFFFFU});
        }
    }
}

// The field widths of the four float formats, for the random-draw tests.
struct FloatLayout {
    ElementType type;
    unsigned fraction_bits, exponent_bits, total_bits;
};
constexpr FloatLayout kFloatLayouts[] = {{ElementType::fp16, 10U, 5U, 16U},
                                         {ElementType::bf16, 7U, 8U, 16U},
                                         {ElementType::fp32, 23U, 8U, 32U},
                                         {ElementType::fp64, 52U, 11U, 64U}};

// Float pairs, by kind (pair i is of kind i % 4): 0 uniform; 1, 2 and 3 keep
// B's random sign and fraction but set its exponent field from A's, e_A:
// e_A + j / 4 (a quotient near 1), e_A + bias - 1 + j (near the smallest
// normal and below) and e_A - emax + bias + j / 4 (near the largest finite),
// with j uniform in [-4, p + 3] for precision p, when that field is in
// [0, emax). Where every j gives such a field, every offset j, or j / 4
// rounded toward zero, must occur among 8000 pairs.
// [utest->req~div-cli-d8~2]
TEST(CampaignSampled, RandomFloatPairsAimAtEachRange) {
    RecordProperty("requirements", "DIV-CLI-D8");
    for (const FloatLayout& f : kFloatLayouts) {
        SCOPED_TRACE(element_type_name(f.type));
        const std::int64_t emax = (std::int64_t{1} << f.exponent_bits) - 1;
        const std::int64_t bias = (std::int64_t{1} << (f.exponent_bits - 1U)) - 1;
        const std::int64_t p = f.fraction_bits + 1;
        const std::uint64_t sign = std::uint64_t{1} << (f.total_bits - 1U);
        const std::uint64_t fraction_mask = (std::uint64_t{1} << f.fraction_bits) - 1U;
        std::vector<std::uint64_t> a, b;
        detail::random_pairs(f.type, 3U, 1U, 8000U, a, b);
        ASSERT_EQ(a.size(), 8000U);
        ASSERT_EQ(b.size(), 8000U);
        std::set<std::int64_t> near_one, near_min, near_max;
        std::set<std::uint64_t> signs, fractions, a_exponents, b_exponents;
        for (std::size_t i = 0; i < a.size(); ++i) {
            if (f.total_bits < 64U) {
                EXPECT_LT(a[i], std::uint64_t{1} << f.total_bits);
                EXPECT_LT(b[i], std::uint64_t{1} << f.total_bits);
            }
            const auto ea = static_cast<std::int64_t>((a[i] >> f.fraction_bits) & static_cast<std::uint64_t>(emax));
            const auto eb = static_cast<std::int64_t>((b[i] >> f.fraction_bits) & static_cast<std::uint64_t>(emax));
            bool set_exponent = false;
            switch (i % 4U) {
                case 0U:
                    a_exponents.insert(static_cast<std::uint64_t>(ea));
                    b_exponents.insert(static_cast<std::uint64_t>(eb));
                    break;
                case 1U:
                    if ((ea >= 1) && (ea + (p + 3) / 4 < emax)) {
                        near_one.insert(eb - ea);
                        set_exponent = true;
                    }
                    break;
                case 2U:
                    if (ea + bias - 1 + p + 3 < emax) {
                        near_min.insert(eb - ea - (bias - 1));
                        set_exponent = true;
                    }
                    break;
                default:
                    if (ea - emax + bias - 1 >= 0) {
                        near_max.insert(eb - ea + emax - bias);
                        set_exponent = true;
                    }
                    break;
            }
            if (set_exponent) {
                signs.insert(b[i] & sign);
                fractions.insert(b[i] & fraction_mask);
            }
        }
        std::set<std::int64_t> quarter, whole;
        for (std::int64_t j = -4; j <= p + 3; ++j) {
            quarter.insert(j / 4);
            whole.insert(j);
        }
        EXPECT_EQ(near_one, quarter);
        EXPECT_EQ(near_min, whole);
        EXPECT_EQ(near_max, quarter);
        EXPECT_EQ(signs, (std::set<std::uint64_t>{0U, sign}));
        EXPECT_GT(fractions.size(), 100U);
        EXPECT_GT(a_exponents.size(), static_cast<std::size_t>(std::min<std::int64_t>(emax, 1000) / 2));
        EXPECT_GT(b_exponents.size(), static_cast<std::size_t>(std::min<std::int64_t>(emax, 1000) / 2));
    }
}

// Integer pairs, by kind: 0 uniform values of the type; 1 divisors -16 ...
// 16 (0 ... 32 unsigned), every one of them; 2 numerators MIN ... MIN + 3
// and MAX - 3 ... MAX against 1, -1, 2, -2, MIN, MAX (unsigned: -1 and -2
// become 1 where they are not values of the type); 3 log-uniform magnitudes (a random word shifted right by 0 ... 63
// bits, cut to the type, negated by complement half the time if signed).
// [utest->req~div-cli-d8~2]
TEST(CampaignSampled, RandomIntegerPairsAimAtEachRange) {
    RecordProperty("requirements", "DIV-CLI-D8");
    for (const ElementType type : {ElementType::int8, ElementType::uint8, ElementType::int16, ElementType::uint16,
                                   ElementType::int32, ElementType::uint32, ElementType::int64, ElementType::uint64}) {
        SCOPED_TRACE(element_type_name(type));
        const ElementTraits t = element_traits(type);
        const std::int64_t low = int_min(t);
        const std::uint64_t high = int_max(t);
        std::vector<std::uint64_t> a, b;
        detail::random_pairs(type, 5U, 2U, 4000U, a, b);
        ASSERT_EQ(a.size(), 4000U);
        ASSERT_EQ(b.size(), 4000U);
        std::set<std::int64_t> small_divisors;
        std::set<std::uint64_t> edge_numerators, edge_divisors;
        std::set<unsigned> lengths;
        bool negative_uniform = false;
        bool large_uniform = false;
        bool negative_log = false;
        for (std::size_t i = 0; i < a.size(); ++i) {
            for (const std::uint64_t w : {a[i], b[i]}) {
                if (t.is_signed) {
                    const auto v = static_cast<std::int64_t>(w);
                    EXPECT_TRUE((v >= low) && ((v < 0) || (static_cast<std::uint64_t>(v) <= high))) << v;
                } else {
                    EXPECT_LE(w, high);
                }
            }
            switch (i % 4U) {
                case 0U:
                    negative_uniform = negative_uniform || (t.is_signed && (static_cast<std::int64_t>(a[i]) < 0));
                    large_uniform = large_uniform || ((a[i] > high / 2U) && (a[i] <= high));
                    break;
                case 1U:
                    small_divisors.insert(static_cast<std::int64_t>(b[i]));
                    break;
                case 2U:
                    edge_numerators.insert(a[i]);
                    edge_divisors.insert(b[i]);
                    break;
                default:
                    for (const std::uint64_t w : {a[i], b[i]}) {
                        const bool negative = t.is_signed && (static_cast<std::int64_t>(w) < 0);
                        negative_log = negative_log || negative;
                        const std::uint64_t magnitude = negative ? (~w) : w;
                        lengths.insert(magnitude == 0U ? 0U : 64U - static_cast<unsigned>(__builtin_clzll(magnitude)));
                    }
                    break;
            }
        }
        std::set<std::int64_t> smalls;
        for (std::int64_t v = -16; v <= 16; ++v) {
            smalls.insert(t.is_signed ? v : v + 16);
        }
        EXPECT_EQ(small_divisors, smalls);
        const auto lw = static_cast<std::uint64_t>(low);
        EXPECT_EQ(edge_numerators,
                  (std::set<std::uint64_t>{lw, lw + 1U, lw + 2U, lw + 3U, high - 3U, high - 2U, high - 1U, high}));
        if (t.is_signed) {
            EXPECT_EQ(edge_divisors, (std::set<std::uint64_t>{1U, static_cast<std::uint64_t>(-1), 2U,
                                                              static_cast<std::uint64_t>(-2), lw, high}));
        } else if (t.bits == 64U) {  // -1 and -2 as UINT64 words are MAX and MAX - 1
            EXPECT_EQ(edge_divisors, (std::set<std::uint64_t>{0U, 1U, 2U, high - 1U, high}));
        } else {
            EXPECT_EQ(edge_divisors, (std::set<std::uint64_t>{0U, 1U, 2U, high}));
        }
        EXPECT_TRUE(negative_uniform == t.is_signed);
        EXPECT_TRUE(large_uniform);
        EXPECT_TRUE(negative_log == t.is_signed);
        if (t.bits == 64U) {  // every magnitude of 1 ... 63 bits (64 unsigned)
            for (unsigned length = 1U; length <= (t.is_signed ? 63U : 64U); ++length) {
                EXPECT_EQ(lengths.count(length), 1U) << length;
            }
        }
    }
}

// Every pair exactly, from the generator's documented draws. Per float pair:
// x = the next word cut to the width (A), y = the next (B), j = next % (p + 8)
// - 4; B's exponent field is set (sign and fraction kept) as in
// RandomFloatPairsAimAtEachRange when in [0, emax). Per integer pair: x and
// y uniform (a word's low bits sign-extended for signed types, its top bits
// for unsigned ones); kind 1: y = next % 33 - 16 (+ 16 unsigned); kind 2:
// near = next % 4, x = MIN + near if the next word is odd, else MAX - near,
// y = edges[next % 6] of {1, -1, 2, -2, MIN, MAX}, 1 for an unsigned one out
// of range; kind 3: x then y log-uniform: a word, shifted right by next % 64,
// cut to MAX, complemented if signed and the next word is odd. Then both
// are cut to the type (low bits, sign-extended for signed types).
struct Draws {
    std::mt19937_64 g;
    Draws(std::uint64_t seed, std::uint64_t block) : g(splitmix64(seed ^ splitmix64(block))) {}
    std::uint64_t next() { return g(); }
};

// [utest->req~div-cli-d8~2]
TEST(CampaignSampled, RandomPairsAreTheDocumentedDraws) {
    RecordProperty("requirements", "DIV-CLI-D8");
    for (const FloatLayout& f : kFloatLayouts) {
        SCOPED_TRACE(element_type_name(f.type));
        const std::uint64_t mask = (f.total_bits == 64U) ? ~std::uint64_t{0}
                                                         : ((std::uint64_t{1} << f.total_bits) - 1U);
        const std::int64_t emax = (std::int64_t{1} << f.exponent_bits) - 1;
        const std::int64_t bias = (std::int64_t{1} << (f.exponent_bits - 1U)) - 1;
        const std::int64_t p = f.fraction_bits + 1;
        std::vector<std::uint64_t> a, b;
        detail::random_pairs(f.type, 9U, 4U, 2000U, a, b);
        ASSERT_EQ(a.size(), 2000U);
        Draws draws(9U, 4U);
        std::size_t wrong = 0U;
        for (std::size_t i = 0; i < a.size(); ++i) {
            const std::uint64_t x = draws.next() & mask;
            std::uint64_t y = draws.next() & mask;
            const std::int64_t j = static_cast<std::int64_t>(draws.next() % static_cast<std::uint64_t>(p + 8)) - 4;
            const auto ea = static_cast<std::int64_t>(x >> f.fraction_bits) & emax;
            const std::int64_t eb = (i % 4U == 1U)   ? ea + j / 4
                                    : (i % 4U == 2U) ? ea + bias - 1 + j
                                    : (i % 4U == 3U) ? ea - emax + bias + j / 4
                                                     : -1;
            if ((eb >= 0) && (eb < emax)) {
                y = (y & ~(static_cast<std::uint64_t>(emax) << f.fraction_bits)) |
                    (static_cast<std::uint64_t>(eb) << f.fraction_bits);
            }
            wrong += ((a[i] == x) && (b[i] == y)) ? 0U : 1U;
        }
        EXPECT_EQ(wrong, 0U);
    }
    for (const ElementType type : {ElementType::int4, ElementType::uint4, ElementType::int8, ElementType::uint16,
                                   ElementType::int32, ElementType::uint32, ElementType::int64, ElementType::uint64}) {
        SCOPED_TRACE(element_type_name(type));
        const ElementTraits t = element_traits(type);
        const auto low = static_cast<std::uint64_t>(int_min(t));
        const std::uint64_t high = int_max(t);
        const unsigned shift = 64U - t.bits;
        const auto cut = [&](std::uint64_t w) {  // low bits, sign-extended for signed types
            return t.is_signed ? static_cast<std::uint64_t>(static_cast<std::int64_t>(w << shift) >> shift)
                               : (w & high);
        };
        std::vector<std::uint64_t> a, b;
        detail::random_pairs(type, 9U, 4U, 2000U, a, b);
        ASSERT_EQ(a.size(), 2000U);
        Draws draws(9U, 4U);
        const auto log_uniform = [&]() {
            const std::uint64_t word = draws.next();
            std::uint64_t v = (word >> (draws.next() % 64U)) & high;
            if (t.is_signed && ((draws.next() % 2U) == 1U)) {
                v = ~v;
            }
            return v;
        };
        const std::uint64_t edges[] = {1U, ~std::uint64_t{0}, 2U, ~std::uint64_t{1}, low, high};
        std::size_t wrong = 0U;
        for (std::size_t i = 0; i < a.size(); ++i) {
            const std::uint64_t rx = draws.next();
            const std::uint64_t ry = draws.next();
            std::uint64_t x = t.is_signed ? cut(rx) : (rx >> shift);
            std::uint64_t y = t.is_signed ? cut(ry) : (ry >> shift);
            if (i % 4U == 1U) {
                const auto small = static_cast<std::int64_t>(draws.next() % 33U) - 16;
                y = static_cast<std::uint64_t>(t.is_signed ? small : small + 16);
            } else if (i % 4U == 2U) {
                const std::uint64_t near = draws.next() % 4U;
                x = ((draws.next() % 2U) == 1U) ? low + near : high - near;
                y = edges[draws.next() % 6U];
                if (!t.is_signed && (y > high)) {
                    y = 1U;
                }
            } else if (i % 4U == 3U) {
                x = log_uniform();
                y = log_uniform();
            }
            wrong += ((a[i] == cut(x)) && (b[i] == cut(y))) ? 0U : 1U;
        }
        EXPECT_EQ(wrong, 0U);
    }
}

// ---- the strided FP16/BF16 plan at its ends ----

// What the division receives in a float16_campaign: per numerator, the calls
// whose A is that numerator throughout and whose B is every divisor 0 ...
// 65535 in order; any other call is counted as malformed.
std::mutex strided_lock;
std::map<std::uint16_t, unsigned> strided_calls;
unsigned strided_malformed = 0U;

Status recording_strided(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y,
                         const DivOptions& options, DivReport* report) noexcept {
    const auto* as = static_cast<const std::uint16_t*>(a.data);
    const auto* bs = static_cast<const std::uint16_t*>(b.data);
    const std::uint64_t n = a.shape.dims[0];
    bool wellformed = (a.shape.rank == 1U) && (n == 65536U);
    for (std::uint64_t i = 0U; wellformed && (i < n); ++i) {
        wellformed = (as[i] == as[0]) && (bs[i] == i);
    }
    {
        const std::lock_guard<std::mutex> guard(strided_lock);
        if (wellformed) {
            ++strided_calls[as[0]];
        } else {
            ++strided_malformed;
        }
    }
    return div(a, b, y, options, report);
}

// Numerators start, start + stride, ... below 2^16 (a stride of 0 taken as
// 1), each against all 65536 divisors, once per kernel path: 65532 by 2
// gives 65532 and 65534; 65534 by 0 gives 65534 and 65535; 65535 by 1 gives
// 65535; 70000 gives none.
// The numerators 0xfffc ... 0xffff are NaNs, so every quotient is a NaN.
// [utest->req~div-tq-d1~3]
TEST(CampaignSampled, StridedPlansEndBelowTwoToTheSixteen) {
    RecordProperty("requirements", "DIV-TQ-D1");
    struct Case {
        ElementType type;
        std::uint32_t start;
        std::uint32_t stride;
        std::map<std::uint16_t, unsigned> calls;
    };
    const Case cases[] = {{ElementType::fp16, 65532U, 2U, {{65532U, 2U}, {65534U, 2U}}},
                          {ElementType::bf16, 65534U, 0U, {{65534U, 2U}, {65535U, 2U}}},
                          {ElementType::fp16, 65535U, 1U, {{65535U, 2U}}},
                          {ElementType::fp16, 70000U, 1U, {}}};
    for (const Case& c : cases) {
        strided_calls.clear();
        strided_malformed = 0U;
        const CampaignResult r = float16_campaign(c.type, c.start, c.stride, 2U, {}, &recording_strided);
        EXPECT_EQ(r.pairs, c.calls.size() * 65536U) << c.start;
        EXPECT_EQ(r.mismatches, 0U) << c.start;
        EXPECT_EQ(strided_calls, c.calls) << c.start;
        EXPECT_EQ(strided_malformed, 0U) << c.start;
    }
    EXPECT_THROW((void)float16_campaign(ElementType::fp32, 0U, 1U, 1U), std::invalid_argument);
    EXPECT_THROW((void)float16_campaign(ElementType::int16, 0U, 1U, 1U), std::invalid_argument);
}

// Every planned pair is divided once, whatever the random count's remainder
// modulo the engine's block of 4096 pairs (campaign.cpp, kBlockPairs): one
// short of a block, one over, a single pair, two whole blocks. The subject
// counts the elements it is given (first pass of each block: the calls
// without a DivReport) and divides them as the core does.
std::atomic<std::uint64_t> divided_elements{0U};

Status counting_div(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y, const DivOptions& options,
                    DivReport* report) noexcept {
    if (report == nullptr) {
        divided_elements += a.shape.dims[0];
    }
    return div(a, b, y, options, report);
}

// [utest->req~div-cli-d8~2]
// [utest->req~div-tq-d1~3]
TEST(CampaignSampled, EveryPlannedPairIsDividedOnce) {
    RecordProperty("requirements", "DIV-CLI-D8,DIV-TQ-D1");
    for (const std::uint64_t random : {4095U, 4097U, 1U, 8192U}) {
        divided_elements = 0U;
        CampaignPlan plan;
        plan.type = ElementType::int32;
        plan.mode = CampaignMode::sampled;
        plan.random_pairs = random;
        plan.seed = 5U;
        plan.threads = 2U;
        plan.subject = &counting_div;
        const CampaignResult r = run_campaign(plan);
        EXPECT_EQ(r.pairs, planned_pairs(plan)) << random;
        EXPECT_EQ(divided_elements.load(), planned_pairs(plan)) << random << " random pairs";
        EXPECT_EQ(r.mismatches, 0U) << random;
    }
}

// The plan's blocks, pairs and operands, by which `merge` holds a campaign
// shard's report to its plan (DIV-CLI-D20). By hand: INT8 exhaustive has 256
// blocks of 256 pairs, block k the numerator k - 128 and index j the divisor
// j - 128, and 2 shards take blocks [0, 128) and [128, 256). INT8 sampled
// with 5000 random pairs: the 19 boundary values make 361 pairs, block 0
// (pair j is table[j / 19] / table[j % 19]),
// then 4096 and 904 random pairs, blocks 1 and 2, drawn for blocks 0 and 1
// of the random draws; 3 shards take one block each.
// [utest->req~div-cli-d20~2]
TEST(CampaignSampled, PlannedBlocksPairsAndOperands) {
    RecordProperty("requirements", "DIV-CLI-D20");
    const auto word = [](std::int64_t value) { return static_cast<std::uint64_t>(value); };
    CampaignPlan exhaustive;
    exhaustive.type = ElementType::int8;
    exhaustive.mode = CampaignMode::exhaustive;
    exhaustive.shard_index = 1U;
    exhaustive.shard_count = 2U;
    EXPECT_EQ(planned_blocks(exhaustive).first, 128U);
    EXPECT_EQ(planned_blocks(exhaustive).end, 256U);
    EXPECT_EQ(pairs_in_block(exhaustive, 0U), 256U);
    EXPECT_EQ(pairs_in_block(exhaustive, 255U), 256U);
    EXPECT_EQ(pairs_in_block(exhaustive, 256U), 0U);
    using Pair = std::pair<std::uint64_t, std::uint64_t>;
    EXPECT_EQ(planned_pair(exhaustive, 129U, 129U), Pair(1U, 1U));
    EXPECT_EQ(planned_pair(exhaustive, 0U, 0U), Pair(word(-128), word(-128)));
    EXPECT_EQ(planned_pair(exhaustive, 255U, 0U), Pair(127U, word(-128)));
    EXPECT_EQ(planned_pair(exhaustive, 0U, 255U), Pair(word(-128), 127U));
    EXPECT_THROW((void)planned_pair(exhaustive, 256U, 0U), std::out_of_range);
    EXPECT_THROW((void)planned_pair(exhaustive, 0U, 256U), std::out_of_range);
    CampaignPlan sampled;
    sampled.type = ElementType::int8;
    sampled.random_pairs = 5000U;
    sampled.seed = 3U;
    sampled.shard_count = 3U;
    for (std::uint64_t k = 0U; k < 3U; ++k) {
        sampled.shard_index = k;
        EXPECT_EQ(planned_blocks(sampled).first, k);
        EXPECT_EQ(planned_blocks(sampled).end, k + 1U);
    }
    EXPECT_EQ(pairs_in_block(sampled, 0U), 361U);
    EXPECT_EQ(pairs_in_block(sampled, 1U), 4096U);
    EXPECT_EQ(pairs_in_block(sampled, 2U), 904U);
    EXPECT_EQ(pairs_in_block(sampled, 3U), 0U);
    const std::vector<std::uint64_t> table = detail::boundary_operands(ElementType::int8);
    ASSERT_EQ(table.size(), 19U);
    for (const std::uint64_t j : {0U, 20U, 360U}) {  // row-major: 20 = 1 * 19 + 1
        EXPECT_EQ(planned_pair(sampled, 0U, j), Pair(table[j / 19U], table[j % 19U])) << j;
    }
    std::vector<std::uint64_t> a;
    std::vector<std::uint64_t> b;
    detail::random_pairs(ElementType::int8, 3U, 1U, 904U, a, b);  // the second block of random draws
    EXPECT_EQ(planned_pair(sampled, 2U, 903U), Pair(a[903], b[903]));
    EXPECT_THROW((void)planned_pair(sampled, 0U, 361U), std::out_of_range);
    EXPECT_THROW((void)planned_pair(sampled, 2U, 904U), std::out_of_range);
    EXPECT_THROW((void)planned_pair(sampled, 3U, 0U), std::out_of_range);
    sampled.random_pairs = kMaxRandomPairs + 1U;
    EXPECT_THROW((void)planned_blocks(sampled), std::invalid_argument);
    EXPECT_THROW((void)pairs_in_block(sampled, 0U), std::invalid_argument);
    EXPECT_THROW((void)planned_pair(sampled, 0U, 0U), std::invalid_argument);
}

}  // namespace
}  // namespace sonnx::oracle
