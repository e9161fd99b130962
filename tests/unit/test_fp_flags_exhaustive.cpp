// The IEEE flags the core reports for FP16 and BF16 (DIV-FLOAT-D6), for
// every one of the 2^32 operand pairs of each format (label exhaustive).
// The BF16 kernels derive the flags of the 16-bit rounding from the words
// (divide_half, Bf16FlagLanes) and add the hardware flags of the FP32
// division; FP16 takes them from the F16C conversion, or derives them as
// BF16 does where F16C is absent. The expected flags are those of a direct
// division in the 16-bit format, from small_format_flags (64-bit integer
// arithmetic), which FlagsModel.* checks against the MPFR model ieee_flags.
//
// Each pair is divided in a call of its own whose other sixteen elements
// divide exactly (3 / 1.5, no flag), so that the call's flags are the
// pair's; the pair's position cycles through the seventeen, so that every
// lane of the vector loops (sixteen BF16 lanes in AVX2; two rounds of eight
// FP16 lanes with F16C) and the scalar tail see 2^32 / 17 pairs each.
//
// The binary test_fp_flags_exhaustive_portable runs the same tests on the
// core built for baseline x86-64 (sonnx_core_portable: no F16C, no AVX2),
// where FP16's flags are derived too; SONNX_FLAG_SWEEP_PORTABLE names it
// in the printed lines.
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "small_format_flags.hpp"
#include "test_support.hpp"

#ifdef SONNX_FLAG_SWEEP_PORTABLE
#define SONNX_FLAG_SWEEP_CORE " (portable core)"
#else
#define SONNX_FLAG_SWEEP_CORE ""
#endif

namespace sonnx::test {
namespace {

// Pairs the two models are compared on: random patterns, and patterns whose
// exponents put the quotient near overflow, near the smallest normal and
// in and below the subnormal range, with every kind of special operand.
void expect_models_agree(const Format& f, std::uint64_t seed, std::size_t pairs) {
    std::mt19937_64 generator(seed);
    const std::uint32_t fraction_bits = static_cast<std::uint32_t>(f.precision - 1);
    const std::uint32_t all_ones = (1U << static_cast<unsigned>(f.exponent_bits)) - 1U;
    std::size_t mismatches = 0U;
    std::uint32_t seen = 0U;
    for (std::size_t i = 0U; i < pairs; ++i) {
        std::uint32_t a = static_cast<std::uint32_t>(generator()) & 0xFFFFU;
        std::uint32_t b = static_cast<std::uint32_t>(generator()) & 0xFFFFU;
        if ((i % 2U) == 1U) {  // b's exponent chosen to land the quotient near a boundary
            const std::int64_t a_field = static_cast<std::int64_t>((a >> fraction_bits) & all_ones);
            const std::int64_t target = ((i % 4U) == 1U)
                                            ? 2 - static_cast<std::int64_t>(generator() % (fraction_bits + 4U))
                                            : static_cast<std::int64_t>(all_ones) -
                                                  static_cast<std::int64_t>(generator() % 3U);
            const std::int64_t b_field = a_field + f.bias - target;
            if ((b_field >= 0) && (b_field <= static_cast<std::int64_t>(all_ones))) {
                b = (b & ~(all_ones << fraction_bits)) | (static_cast<std::uint32_t>(b_field) << fraction_bits);
            }
        }
        const std::uint8_t expected = ieee_flags(f, a, b);
        const std::uint8_t got = small_format_flags(f, a, b);
        seen |= expected;
        if (got != expected) {
            ++mismatches;
            if (mismatches <= 5U) {
                ADD_FAILURE() << std::hex << a << " / " << b << ": integer model " << unsigned{got} << ", MPFR "
                              << unsigned{expected};
            }
        }
    }
    EXPECT_EQ(mismatches, 0U);
    EXPECT_EQ(seen, static_cast<std::uint32_t>(fp_flag_invalid | fp_flag_divide_by_zero | fp_flag_overflow |
                                               fp_flag_underflow | fp_flag_inexact));
}

// [utest->req~div-float-d6~1]
TEST(FlagsModel, IntegerModelAgreesWithMpfrOnBf16) {
    RecordProperty("requirements", "DIV-FLOAT-D6");
    expect_models_agree(kBf16, 41U, 400000U);
}

// [utest->req~div-float-d6~1]
TEST(FlagsModel, IntegerModelAgreesWithMpfrOnFp16) {
    RecordProperty("requirements", "DIV-FLOAT-D6");
    expect_models_agree(kFp16, 42U, 400000U);
}

// Hand-derived flags: the model itself on cases whose answer is known.
// [utest->req~div-float-d6~1]
TEST(FlagsModel, HandDerivedCases) {
    RecordProperty("requirements", "DIV-FLOAT-D6");
    const auto inexact = fp_flag_inexact;
    const auto under = static_cast<std::uint8_t>(fp_flag_underflow | fp_flag_inexact);
    const auto over = static_cast<std::uint8_t>(fp_flag_overflow | fp_flag_inexact);
    EXPECT_EQ(small_format_flags(kFp16, 0x4200U, 0x3E00U), fp_flag_none);  // 3 / 1.5 = 2
    EXPECT_EQ(small_format_flags(kFp16, 0x3C00U, 0x4200U), inexact);       // 1 / 3
    EXPECT_EQ(small_format_flags(kFp16, 0x7BFFU, 0x3800U), over);          // 65504 / 0.5
    EXPECT_EQ(small_format_flags(kFp16, 0x0003U, 0x4000U), under);         // 3 ulp_min / 2: a tie, to 2 ulp_min
    EXPECT_EQ(small_format_flags(kFp16, 0x0002U, 0x4000U), fp_flag_none);  // 2 ulp_min / 2: exact, tiny, no flag
    EXPECT_EQ(small_format_flags(kFp16, 0x0400U, 0x4000U), fp_flag_none);  // 2^-14 / 2 = 2^-15: exact subnormal
    // (2^-14 (2 - 2^-10)) / 2 = 2^-14 - 2^-25: 11 significant bits, exact with an
    // unbounded exponent below 2^-14 (tiny); 1023.5 units of the subnormal
    // grid 2^-24, a tie, to even 1024 (inexact).
    EXPECT_EQ(small_format_flags(kFp16, 0x07FFU, 0x4000U), under);
    EXPECT_EQ(small_format_flags(kFp16, 0x0001U, 0x7BFFU), under);         // far below half ulp_min: 0
    EXPECT_EQ(small_format_flags(kFp16, 0x3C00U, 0x0000U), fp_flag_divide_by_zero);
    EXPECT_EQ(small_format_flags(kFp16, 0x8000U, 0x0000U), fp_flag_invalid);
    EXPECT_EQ(small_format_flags(kFp16, 0x7C00U, 0xFC00U), fp_flag_invalid);
    EXPECT_EQ(small_format_flags(kFp16, 0x7C01U, 0x3C00U), fp_flag_invalid);  // signalling NaN
    EXPECT_EQ(small_format_flags(kFp16, 0x7E00U, 0x0000U), fp_flag_none);     // quiet NaN / 0
    EXPECT_EQ(small_format_flags(kBf16, 0x7F7FU, 0x3F00U), over);             // max / 0.5
    EXPECT_EQ(small_format_flags(kBf16, 0x0080U, 0x4000U), fp_flag_none);     // 2^-126 / 2 = 2^-127, exact
    EXPECT_EQ(small_format_flags(kBf16, 0x0080U, 0x4040U), under);            // 2^-126 / 3
}

struct Sweep {
    std::uint64_t pairs{0U};
    std::uint64_t mismatches{0U};
    std::vector<std::string> examples;
};

// The divider under test: the core, or a seeded fault of the sweep's control.
using Divider = Status (*)(ElementType, const std::vector<std::uint16_t>&, const std::vector<std::uint16_t>&,
                           std::vector<std::uint16_t>&, DivReport*);

Status core_divider(ElementType type, const std::vector<std::uint16_t>& a, const std::vector<std::uint16_t>& b,
                    std::vector<std::uint16_t>& y, DivReport* report) {
    return divide(type, a, b, y, IntRounding::floor, report);
}

// A seeded fault: the core with the underflow flag dropped.
Status dropping_underflow(ElementType type, const std::vector<std::uint16_t>& a, const std::vector<std::uint16_t>& b,
                          std::vector<std::uint16_t>& y, DivReport* report) {
    const Status status = divide(type, a, b, y, IntRounding::floor, report);
    report->fp_flags = static_cast<std::uint8_t>(report->fp_flags & ~static_cast<std::uint32_t>(fp_flag_underflow));
    return status;
}

// Pairs with A in [a_begin, a_end) and every B.
void sweep(ElementType type, const Format& f, std::uint32_t a_begin, std::uint32_t a_end, Sweep& out,
           Divider divider = core_divider) {
    constexpr std::size_t kSlots = 17U;
    std::vector<std::uint16_t> a(kSlots, static_cast<std::uint16_t>(three_bits(f)));
    std::vector<std::uint16_t> b(kSlots, static_cast<std::uint16_t>(one_and_half_bits(f)));
    std::vector<std::uint16_t> y(kSlots);
    std::size_t slot = 0U;
    for (std::uint32_t x = a_begin; x < a_end; ++x) {
        for (std::uint32_t z = 0U; z < 0x10000U; ++z) {
            a[slot] = static_cast<std::uint16_t>(x);
            b[slot] = static_cast<std::uint16_t>(z);
            DivReport report{};
            const Status status = divider(type, a, b, y, &report);
            const std::uint8_t expected = small_format_flags(f, x, z);
            ++out.pairs;
            if (!status.is_ok() || (report.fp_flags != expected)) {
                ++out.mismatches;
                if (out.examples.size() < 5U) {
                    char text[96];
                    std::snprintf(text, sizeof text, "0x%04X / 0x%04X in slot %zu: flags %u, expected %u", x, z, slot,
                                  unsigned{report.fp_flags}, unsigned{expected});
                    out.examples.emplace_back(text);
                }
            }
            a[slot] = static_cast<std::uint16_t>(three_bits(f));
            b[slot] = static_cast<std::uint16_t>(one_and_half_bits(f));
            slot = (slot + 1U) % kSlots;
        }
    }
}

void every_pair(ElementType type, const Format& f, const char* name) {
    std::array<Sweep, 2> halves{};
    std::thread second([&] { sweep(type, f, 0x8000U, 0x10000U, halves[1]); });
    sweep(type, f, 0U, 0x8000U, halves[0]);
    second.join();
    const std::uint64_t pairs = halves[0].pairs + halves[1].pairs;
    const std::uint64_t mismatches = halves[0].mismatches + halves[1].mismatches;
    std::printf("%s flags%s: %llu pairs, %llu mismatches\n", name, SONNX_FLAG_SWEEP_CORE,
                static_cast<unsigned long long>(pairs), static_cast<unsigned long long>(mismatches));
    ::testing::Test::RecordProperty("pairs", std::to_string(pairs));
    ::testing::Test::RecordProperty("mismatches", std::to_string(mismatches));
    EXPECT_EQ(pairs, 65536ULL * 65536ULL);
    EXPECT_EQ(mismatches, 0U);
    for (const Sweep& half : halves) {
        for (const std::string& example : half.examples) {
            ADD_FAILURE() << example;
        }
    }
}

// The sweep itself: on the subnormal A of BF16 (A < 2^-126, all B) and the
// smallest subnormal A of FP16 the core passes, and a core that drops the
// underflow flag fails.
// [utest->req~div-float-d6~1]
TEST(FlagsModel, SweepPassesTheCoreAndCatchesADroppedFlag) {
    RecordProperty("requirements", "DIV-FLOAT-D6");
    Sweep core{};
    sweep(ElementType::bf16, kBf16, 0x0000U, 0x0080U, core);
    EXPECT_EQ(core.pairs, 0x80ULL * 65536ULL);
    EXPECT_EQ(core.mismatches, 0U);
    for (const std::string& example : core.examples) {
        ADD_FAILURE() << example;
    }
    Sweep fp16{};  // FP16 subnormal A: the F16C path, or the derived flags where F16C is absent (asan preset)
    sweep(ElementType::fp16, kFp16, 0x0000U, 0x0040U, fp16);
    EXPECT_EQ(fp16.mismatches, 0U);
    for (const std::string& example : fp16.examples) {
        ADD_FAILURE() << example;
    }
    Sweep faulty{};
    sweep(ElementType::bf16, kBf16, 0x0000U, 0x0080U, faulty, dropping_underflow);
    EXPECT_GT(faulty.mismatches, 100000U);
    ASSERT_FALSE(faulty.examples.empty());
    EXPECT_NE(faulty.examples[0].find("expected 24"), std::string::npos) << faulty.examples[0];  // underflow|inexact
}

// [utest->req~div-float-d6~1]
TEST(FlagsExhaustive, Bf16EveryPair) {
    RecordProperty("requirements", "DIV-FLOAT-D6");
    every_pair(ElementType::bf16, kBf16, "BF16");
}

// [utest->req~div-float-d6~1]
TEST(FlagsExhaustive, Fp16EveryPair) {
    RecordProperty("requirements", "DIV-FLOAT-D6");
    every_pair(ElementType::fp16, kFp16, "FP16");
}

}  // namespace
}  // namespace sonnx::test
