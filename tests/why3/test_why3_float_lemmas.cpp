// One case per lemma of the Why3 float modules (why3/div_float.mlw), run on
// the C++ core in each of the four formats: each TEST is named after its
// lemma, so that a proved statement and the code it speaks of meet on a
// concrete input. Expected bit patterns are derived by hand (comments).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>

#include "sonnx/div.hpp"

namespace {

// The encodings a lemma's case needs, per format (sign bit separate).
struct FloatFormat {
    const char* module;  // the Why3 module that proves the lemmas for this format
    sonnx::ElementType type;
    unsigned bits;
    int precision;
    int emin;
    std::uint64_t sign;
    std::uint64_t one;
    std::uint64_t two;
    std::uint64_t three;
    std::uint64_t half;
    std::uint64_t infinity;
    std::uint64_t quiet_nan;
    std::uint64_t signalling_nan;
    std::uint64_t largest;
    std::uint64_t smallest_subnormal;
    std::uint64_t one_third;  // 1/3 = 1.0101...b x 2^-2 rounded to nearest even
};

// 1/3 = 1.0101...b x 2^-2: fraction bit k is 1 for even k. Kept to n
// fraction bits, it rounds down for n even (the next bit is 0) and up for n
// odd (the next bits are 1010..., above half). FP16 (n = 10): 0101010101,
// 0x3555. BF16 (7): 0101010 up to 0101011, 0x3EAB. FP32 (23): 0x2AAAAA up to
// 0x2AAAAB, 0x3EAAAAAB. FP64 (52): 0x3FD5555555555555.
constexpr FloatFormat kFormats[] = {
    {"DivFloat16", sonnx::ElementType::fp16, 16U, 11, -14, 0x8000U, 0x3C00U, 0x4000U, 0x4200U, 0x3800U, 0x7C00U,
     0x7E00U, 0x7C01U, 0x7BFFU, 0x0001U, 0x3555U},
    {"DivBFloat16", sonnx::ElementType::bf16, 16U, 8, -126, 0x8000U, 0x3F80U, 0x4000U, 0x4040U, 0x3F00U, 0x7F80U,
     0x7FC0U, 0x7F81U, 0x7F7FU, 0x0001U, 0x3EABU},
    {"DivFloat32", sonnx::ElementType::fp32, 32U, 24, -126, 0x80000000U, 0x3F800000U, 0x40000000U, 0x40400000U,
     0x3F000000U, 0x7F800000U, 0x7FC00000U, 0x7F800001U, 0x7F7FFFFFU, 0x00000001U, 0x3EAAAAABU},
    {"DivFloat64", sonnx::ElementType::fp64, 64U, 53, -1022, 0x8000000000000000U, 0x3FF0000000000000U,
     0x4000000000000000U, 0x4008000000000000U, 0x3FE0000000000000U, 0x7FF0000000000000U, 0x7FF8000000000000U,
     0x7FF0000000000001U, 0x7FEFFFFFFFFFFFFFU, 0x0000000000000001U, 0x3FD5555555555555U},
};

// The core's Div on one element of the format; returns the result's encoding.
std::uint64_t divide(const FloatFormat& f, std::uint64_t a_bits, std::uint64_t b_bits) {
    sonnx::Shape shape{};
    shape.rank = 1U;
    shape.dims[0] = 1U;
    const std::size_t bytes = f.bits / 8U;
    unsigned char a[8] = {};
    unsigned char b[8] = {};
    unsigned char y[8] = {};
    std::memcpy(a, &a_bits, bytes);  // little-endian: the low bytes are the encoding
    std::memcpy(b, &b_bits, bytes);
    const sonnx::ConstTensorView va{f.type, shape, a, bytes};
    const sonnx::ConstTensorView vb{f.type, shape, b, bytes};
    const sonnx::TensorView vy{f.type, shape, y, bytes};
    const sonnx::Status status = sonnx::div(va, vb, vy, sonnx::DivOptions{}, nullptr);
    EXPECT_TRUE(status.is_ok()) << f.module;
    std::uint64_t result = 0U;
    std::memcpy(&result, y, bytes);
    return result;
}

bool is_quiet_nan(const FloatFormat& f, std::uint64_t bits) {
    const std::uint64_t magnitude = bits & ~f.sign;
    const std::uint64_t quiet_bit = f.quiet_nan & ~f.infinity;
    return (magnitude > f.infinity) && ((magnitude & quiet_bit) != 0U);
}

// The exact value of a finite encoding, as a double (exact for every format
// but FP64, which is a double already).
double value_of(const FloatFormat& f, std::uint64_t bits) {
    if (f.bits == 64U) {
        double d = 0.0;
        std::memcpy(&d, &bits, sizeof d);
        return d;
    }
    const int fraction_bits = f.precision - 1;
    const int exponent_bits = static_cast<int>(f.bits) - 1 - fraction_bits;
    const int bias = (1 << (exponent_bits - 1)) - 1;
    const std::uint64_t fraction = bits & ((std::uint64_t{1} << static_cast<unsigned>(fraction_bits)) - 1U);
    const auto exponent = static_cast<int>((bits & ~f.sign) >> static_cast<unsigned>(fraction_bits));
    const double significand = (exponent == 0)
                                   ? static_cast<double>(fraction)
                                   : static_cast<double>(fraction |
                                                         (std::uint64_t{1} << static_cast<unsigned>(fraction_bits)));
    const double magnitude = std::ldexp(significand, ((exponent == 0) ? 1 : exponent) - bias - fraction_bits);
    return ((bits & f.sign) != 0U) ? -magnitude : magnitude;
}

// [utest->req~div-float-d3~2]
TEST(Why3DivFloat, nan_operand) {
    RecordProperty("requirements", "DIV-FLOAT-D3");
    for (const FloatFormat& f : kFormats) {
        EXPECT_TRUE(is_quiet_nan(f, divide(f, f.quiet_nan, f.one))) << f.module;
        EXPECT_TRUE(is_quiet_nan(f, divide(f, f.one, f.signalling_nan | f.sign))) << f.module;
    }
}

// [utest->req~div-float-d3~2]
TEST(Why3DivFloat, zero_by_zero) {
    RecordProperty("requirements", "DIV-FLOAT-D3");
    for (const FloatFormat& f : kFormats) {
        EXPECT_TRUE(is_quiet_nan(f, divide(f, f.sign, 0U))) << f.module;  // -0 / +0
    }
}

// [utest->req~div-float-d3~2]
TEST(Why3DivFloat, infinity_by_infinity) {
    RecordProperty("requirements", "DIV-FLOAT-D3");
    for (const FloatFormat& f : kFormats) {
        EXPECT_TRUE(is_quiet_nan(f, divide(f, f.infinity, f.infinity | f.sign))) << f.module;
    }
}

// [utest->req~div-float-d1~1]
TEST(Why3DivFloat, nonzero_by_zero) {
    RecordProperty("requirements", "DIV-FLOAT-D1");
    for (const FloatFormat& f : kFormats) {
        EXPECT_EQ(divide(f, f.one | f.sign, 0U), f.infinity | f.sign) << f.module;  // -1 / +0 = -inf
        EXPECT_EQ(divide(f, f.infinity, f.sign), f.infinity | f.sign) << f.module;  // inf / -0 = -inf
    }
}

// [utest->req~div-float-d4~1]
TEST(Why3DivFloat, infinity_by_finite) {
    RecordProperty("requirements", "DIV-FLOAT-D4");
    for (const FloatFormat& f : kFormats) {
        EXPECT_EQ(divide(f, f.infinity | f.sign, f.two), f.infinity | f.sign) << f.module;  // -inf / 2
    }
}

// [utest->req~div-float-d2~1]
TEST(Why3DivFloat, finite_by_infinity) {
    RecordProperty("requirements", "DIV-FLOAT-D2");
    for (const FloatFormat& f : kFormats) {
        EXPECT_EQ(divide(f, f.one, f.infinity | f.sign), f.sign) << f.module;  // 1 / -inf = -0
    }
}

// [utest->req~div-float-d2~1]
TEST(Why3DivFloat, zero_by_nonzero) {
    RecordProperty("requirements", "DIV-FLOAT-D2");
    for (const FloatFormat& f : kFormats) {
        EXPECT_EQ(divide(f, f.sign, f.three | f.sign), 0U) << f.module;  // -0 / -3 = +0
    }
}

// The smallest subnormal over -3 is a third of it, below half of it: it
// rounds to zero, signed negative.
// [utest->req~div-float-d2~1]
TEST(Why3DivFloat, underflow_to_signed_zero) {
    RecordProperty("requirements", "DIV-FLOAT-D2");
    for (const FloatFormat& f : kFormats) {
        EXPECT_EQ(divide(f, f.smallest_subnormal, f.three | f.sign), f.sign) << f.module;
    }
}

// The largest finite value over -1/2 is twice it: beyond the range.
// [utest->req~div-float-f1~1]
TEST(Why3DivFloat, overflow_to_signed_infinity) {
    RecordProperty("requirements", "DIV-FLOAT-F1");
    for (const FloatFormat& f : kFormats) {
        EXPECT_EQ(divide(f, f.largest, f.half | f.sign), f.infinity | f.sign) << f.module;
    }
}

// [utest->req~div-float-f1~1]
TEST(Why3DivFloat, correctly_rounded) {
    RecordProperty("requirements", "DIV-FLOAT-F1");
    for (const FloatFormat& f : kFormats) {
        EXPECT_EQ(divide(f, f.one, f.three), f.one_third) << f.module;
    }
}

// The lemma's bound on 2/3: |Y - 2/3| <= 2^-p * 2/3 + 2^(emin-p), checked as
// |3Y - 2| <= 2^(1-p) + 3 * 2^(emin-p); 3Y - 2 is exact in a double (fma).
// [utest->req~div-float-acc1~1]
TEST(Why3DivFloat, introduced_error) {
    RecordProperty("requirements", "DIV-FLOAT-ACC1");
    for (const FloatFormat& f : kFormats) {
        const double y = value_of(f, divide(f, f.two, f.three));
        const double residual = std::fabs(std::fma(3.0, y, -2.0));
        const double bound = std::ldexp(1.0, 1 - f.precision) + 3.0 * std::ldexp(1.0, f.emin - f.precision);
        EXPECT_LE(residual, bound) << f.module;
        EXPECT_GT(residual, 0.0) << f.module;  // 2/3 is not a float: the bound is not met trivially
    }
}

}  // namespace
