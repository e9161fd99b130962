// The second oracle (Boost.Multiprecision) on its own, against quotients
// derived by hand from the IEEE 754 encodings; no value here comes from
// either oracle, the core or the hardware. Each comment shows the
// derivation: the exact quotient in binary, then the rounding.
#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>

#include "sonnx/oracle/second_oracle.hpp"

namespace sonnx::oracle {
namespace {

struct Case {
    std::uint64_t a;
    std::uint64_t b;
    std::uint64_t expected;
    const char* why;
};

void expect_all(BinaryFormat format, std::initializer_list<Case> cases) {
    const SecondOracle oracle(format);
    for (const Case& c : cases) {
        EXPECT_EQ(oracle.quotient(c.a, c.b), c.expected) << std::hex << "0x" << c.a << " / 0x" << c.b << ": " << c.why;
    }
}

// [utest->req~div-tq-d3~1]
TEST(SecondOracle, OneThirdInEachFormat) {
    RecordProperty("requirements", "DIV-TQ-D3");
    // 1/3 = 1.010101...b * 2^-2; the biased exponent is bias - 2.
    // FP16: 10 fraction bits 0101010101, next bit 0: truncate. 0x3400 | 0x155.
    expect_all(BinaryFormat::fp16, {{0x3C00U, 0x4200U, 0x3555U, "1/3"}});
    // BF16: 7 fraction bits 0101010, next bits 1010...: above the midpoint, up to 0101011 (0x2B); 125 << 7 = 0x3E80.
    expect_all(BinaryFormat::bf16, {{0x3F80U, 0x4040U, 0x3EABU, "1/3"}});
    // FP32: 23 fraction bits 0101...010, next bits 1010...: up to 0x2AAAAB; 125 << 23 = 0x3E800000.
    expect_all(BinaryFormat::fp32, {{0x3F800000U, 0x40400000U, 0x3EAAAAABU, "1/3"}});
    // FP64: 52 fraction bits 0101...01 (0x5555555555555), next bit 0: truncate; 1021 = 0x3FD.
    expect_all(BinaryFormat::fp64, {{0x3FF0000000000000U, 0x4008000000000000U, 0x3FD5555555555555U, "1/3"}});
}

// [utest->req~div-tq-d3~1]
TEST(SecondOracle, OtherInexactAndExactQuotients) {
    RecordProperty("requirements", "DIV-TQ-D3");
    // 2/3 = 1.0101...b * 2^-1; 1/10 = 1.10011001100...b * 2^-4.
    expect_all(BinaryFormat::fp16,
               {
                   {0x4000U, 0x4200U, 0x3955U, "2/3: fraction 0101010101, next 0"},
                   {0x3C00U, 0x4900U, 0x2E66U, "1/10: fraction 1001100110, next 0; biased 11"},
                   {0xBC00U, 0x4200U, 0xB555U, "-1/3: the sign alone changes"},
                   {0x3C00U, 0xC200U, 0xB555U, "1/-3"},
                   {0xBC00U, 0xC200U, 0x3555U, "-1/-3"},
                   {0x4600U, 0x4200U, 0x4000U, "6/3 = 2 exactly"},
                   {0x3C00U, 0x3C01U, 0x3BFEU, "1/(1+2^-10) = 1 - 2^-10 + 2^-20...: 0.11111111110|0..01b, down"},
               });
    expect_all(BinaryFormat::bf16,
               {
                   {0x3F80U, 0x4120U, 0x3DCDU, "1/10: fraction 1001100, next 1 then non-zero: up to 1001101"},
                   {0x4000U, 0x4040U, 0x3F2BU, "2/3: 0101010|1010...: up; biased 126"},
               });
    expect_all(BinaryFormat::fp32, {
                                       {0x3F800000U, 0x41200000U, 0x3DCCCCCDU, "1/10: ...1100|1100...: up"},
                                       {0x40000000U, 0x40400000U, 0x3F2AAAABU, "2/3"},
                                       {0x40C00000U, 0x40400000U, 0x40000000U, "6/3 = 2 exactly"},
                                   });
    expect_all(BinaryFormat::fp64,
               {
                   {0x3FF0000000000000U, 0x4024000000000000U, 0x3FB999999999999AU, "1/10: ...1001|1001...: up"},
                   {0x4000000000000000U, 0x4008000000000000U, 0x3FE5555555555555U, "2/3: ...0101|0101...: down"},
               });
}

// [utest->req~div-tq-d3~1]
TEST(SecondOracle, SubnormalResultsAndTiesToEven) {
    RecordProperty("requirements", "DIV-TQ-D3");
    // FP16 subnormal quantum u = 2^-24; 0x0001 = u, 0x0400 = 2^-14 = 1024u, 0x4000 = 2, 0x4200 = 3.
    expect_all(BinaryFormat::fp16,
               {
                   {0x0400U, 0x4000U, 0x0200U, "2^-14 / 2 = 512u, exact"},
                   {0x0400U, 0x4200U, 0x0155U, "2^-14 / 3 = 341.33u: 341"},
                   {0x0001U, 0x4000U, 0x0000U, "0.5u: tie, to the even 0"},
                   {0x8001U, 0x4000U, 0x8000U, "-0.5u: tie to -0, the sign kept"},
                   {0x0001U, 0x4200U, 0x0000U, "u/3: below the midpoint"},
                   {0x0003U, 0x4000U, 0x0002U, "1.5u: tie, to the even 2u"},
                   {0x0005U, 0x4000U, 0x0002U, "2.5u: tie, to the even 2u"},
                   {0x0007U, 0x4000U, 0x0004U, "3.5u: tie, to the even 4u"},
                   {0x07FFU, 0x4000U, 0x0400U, "2047u / 2 = 1023.5u: tie up to 1024u, the smallest normal"},
                   {0x0003U, 0x0001U, 0x4200U, "3u / u = 3"},
                   {0x0001U, 0x0400U, 0x1400U, "u / 2^-14 = 2^-10: biased 5"},
                   {0x0001U, 0x3C01U, 0x0001U, "u / (1+2^-10) = 0.999u: up to u"},
               });
    // BF16 quantum u = 2^-133; 0x0080 = 2^-126 = 128u, 0x00FF = 255u.
    expect_all(BinaryFormat::bf16, {
                                       {0x0003U, 0x4000U, 0x0002U, "1.5u: tie to 2u"},
                                       {0x0001U, 0x4000U, 0x0000U, "0.5u: tie to 0"},
                                       {0x0080U, 0x4000U, 0x0040U, "128u / 2 = 64u"},
                                       {0x00FFU, 0x4000U, 0x0080U, "127.5u: tie up to 128u, the smallest normal"},
                                   });
    // FP32 quantum u = 2^-149; 0x00FFFFFF = 2^24 - 1 units.
    expect_all(BinaryFormat::fp32,
               {
                   {0x00000003U, 0x40000000U, 0x00000002U, "1.5u: tie to 2u"},
                   {0x80000001U, 0x40000000U, 0x80000000U, "-0.5u: tie to -0"},
                   {0x00FFFFFFU, 0x40000000U, 0x00800000U, "(2^24 - 1)u / 2: tie up to the smallest normal"},
                   {0x00000001U, 0x7F7FFFFFU, 0x00000000U, "u / max: far below u/2"},
               });
    expect_all(BinaryFormat::fp64,
               {
                   {0x0000000000000003U, 0x4000000000000000U, 0x0000000000000002U, "1.5u: tie to 2u"},
                   {0x001FFFFFFFFFFFFFU, 0x4000000000000000U, 0x0010000000000000U, "tie up to the smallest normal"},
                   {0x0000000000000001U, 0x3FF0000000000001U, 0x0000000000000001U, "u / (1+2^-52): just below u, up"},
                   {0x8000000000000001U, 0x7FEFFFFFFFFFFFFFU, 0x8000000000000000U, "-u / max: -0"},
               });
}

// [utest->req~div-tq-d3~1]
TEST(SecondOracle, OverflowToInfinity) {
    RecordProperty("requirements", "DIV-TQ-D3");
    expect_all(BinaryFormat::fp16,
               {
                   {0x7BFFU, 0x3800U, 0x7C00U, "65504 / 0.5 = 131008"},
                   {0xFBFFU, 0x3800U, 0xFC00U, "-65504 / 0.5"},
                   {0x7BFFU, 0x3BFFU, 0x7C00U, "65504 / (1 - 2^-11) = 2^16 exactly: beyond the range"},
                   {0x7BFEU, 0x3BFFU, 0x7BFFU, "65472 * 2048/2047 = 65503.98: the largest finite, no overflow"},
                   {0x7BFFU, 0x3C00U, 0x7BFFU, "65504 / 1"},
                   {0x3C00U, 0x0001U, 0x7C00U, "1 / 2^-24 = 2^24"},
               });
    expect_all(BinaryFormat::bf16, {{0x7F7FU, 0x3F00U, 0x7F80U, "max / 0.5"}});
    expect_all(BinaryFormat::fp32, {
                                       {0x7F7FFFFFU, 0x3F000000U, 0x7F800000U, "max / 0.5"},
                                       {0x7F7FFFFFU, 0x00000001U, 0x7F800000U, "max / the smallest subnormal"},
                                   });
    expect_all(BinaryFormat::fp64, {{0x7FEFFFFFFFFFFFFFU, 0x3FE0000000000000U, 0x7FF0000000000000U, "max / 0.5"}});
}

// [utest->req~div-tq-d3~1]
TEST(SecondOracle, ZerosInfinitiesAndNans) {
    RecordProperty("requirements", "DIV-TQ-D3");
    // The default quiet NaN: exponent all ones, only the top fraction bit set, positive.
    expect_all(BinaryFormat::fp16, {
                                       {0x3C00U, 0x0000U, 0x7C00U, "1 / +0 = +inf"},
                                       {0x3C00U, 0x8000U, 0xFC00U, "1 / -0 = -inf"},
                                       {0xBC00U, 0x0000U, 0xFC00U, "-1 / +0 = -inf"},
                                       {0x0000U, 0x3C00U, 0x0000U, "+0 / 1 = +0"},
                                       {0x0000U, 0xBC00U, 0x8000U, "+0 / -1 = -0"},
                                       {0x8000U, 0xBC00U, 0x0000U, "-0 / -1 = +0"},
                                       {0x3C00U, 0x7C00U, 0x0000U, "1 / inf = +0"},
                                       {0xBC00U, 0x7C00U, 0x8000U, "-1 / inf = -0"},
                                       {0x7C00U, 0x4000U, 0x7C00U, "inf / 2 = inf"},
                                       {0xFC00U, 0x4000U, 0xFC00U, "-inf / 2 = -inf"},
                                       {0x7C00U, 0x8000U, 0xFC00U, "inf / -0 = -inf"},
                                       {0x0000U, 0x0000U, 0x7E00U, "0/0: NaN"},
                                       {0x8000U, 0x0000U, 0x7E00U, "-0/0: NaN"},
                                       {0x7C00U, 0x7C00U, 0x7E00U, "inf/inf: NaN"},
                                       {0xFC00U, 0x7C00U, 0x7E00U, "-inf/inf: NaN"},
                                       {0x7E00U, 0x3C00U, 0x7E00U, "qNaN / 1"},
                                       {0x7C01U, 0x3C00U, 0x7E00U, "sNaN / 1: quieted"},
                                       {0x3C00U, 0xFE00U, 0x7E00U, "1 / -qNaN: the default NaN, positive"},
                                       {0x7E00U, 0x0000U, 0x7E00U, "NaN / 0: NaN, not inf"},
                                   });
    expect_all(BinaryFormat::bf16, {
                                       {0x3F80U, 0x8000U, 0xFF80U, "1 / -0"},
                                       {0x0000U, 0x0000U, 0x7FC0U, "0/0"},
                                       {0x7F81U, 0x3F80U, 0x7FC0U, "sNaN / 1"},
                                   });
    expect_all(BinaryFormat::fp32, {
                                       {0x3F800000U, 0x80000000U, 0xFF800000U, "1 / -0"},
                                       {0x7F800000U, 0xFF800000U, 0x7FC00000U, "inf / -inf"},
                                       {0x7F800001U, 0x3F800000U, 0x7FC00000U, "sNaN / 1"},
                                   });
    expect_all(BinaryFormat::fp64, {
                                       {0x8000000000000000U, 0x7FF0000000000000U, 0x8000000000000000U, "-0 / inf = -0"},
                                       {0x0000000000000000U, 0x8000000000000000U, 0x7FF8000000000000U, "0 / -0"},
                                       {0xFFF0000000000000U, 0x3FF0000000000000U, 0xFFF0000000000000U, "-inf / 1"},
                                   });
}

// [utest->req~div-tq-d3~1]
TEST(SecondOracle, BitsAboveTheFormatAreIgnored) {
    RecordProperty("requirements", "DIV-TQ-D3");
    // A 16-bit pattern may arrive in a wider word with garbage above it.
    expect_all(BinaryFormat::fp16, {{0xABCD3C00U, 0xFFFF4200U, 0x3555U, "1/3"}});
}

}  // namespace
}  // namespace sonnx::oracle
