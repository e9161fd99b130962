// How elements are written: encodings, values and the words read from the
// API's storage, against hand-written strings and words.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>

#include "sonnx/text/element_text.hpp"

namespace sonnx::text {
namespace {

// How the reports show an element: the encoding in hex, zero-padded to the
// format's width, for floats; the value in decimal for integers (words as
// element_word widens them: signed ones sign-extended).
// [utest->req~div-cli-d6~3]
TEST(ElementText, ElementTextOfEachKind) {
    RecordProperty("requirements", "DIV-CLI-D6");
    EXPECT_EQ(element_text(ElementType::fp16, 0x3C00U), "0x3c00");
    EXPECT_EQ(element_text(ElementType::bf16, 0x0001U), "0x0001");
    EXPECT_EQ(element_text(ElementType::fp32, 0x00800000U), "0x00800000");
    EXPECT_EQ(element_text(ElementType::fp64, 0xFFF0000000000000U), "0xfff0000000000000");
    EXPECT_EQ(element_text(ElementType::int8, 0xFFFFFFFFFFFFFFF9U), "-7");
    EXPECT_EQ(element_text(ElementType::int64, 0x8000000000000000U), "-9223372036854775808");
    EXPECT_EQ(element_text(ElementType::uint8, 200U), "200");
    EXPECT_EQ(element_text(ElementType::uint64, 0xFFFFFFFFFFFFFFFFU), "18446744073709551615");
}

// The decimal value of an encoding: exact binary value (decoded by hand from
// the IEEE 754 fields), printed with %.<d>g, d = 5, 4, 9, 17 for FP16, BF16,
// FP32, FP64 (enough to identify the encoding); integers as element_text.
// [utest->req~div-cli-d6~3]
TEST(ElementText, ValueTextDecodesEveryClassOfEachFormat) {
    RecordProperty("requirements", "DIV-CLI-D6");
    const auto text = [](ElementType type, std::uint64_t word) { return value_text(type, word); };
    EXPECT_EQ(text(ElementType::int16, 0xFFFFFFFFFFFFFF9CU), "-100");
    EXPECT_EQ(text(ElementType::uint32, 4000000000U), "4000000000");
    // FP16: 0x3555 = 1.0101010101b * 2^-2 = 0.333251953125; 0x0001 = 2^-24;
    // 0x03FF = 1023 * 2^-24 (largest subnormal); 0x0400 = 2^-14; 0x7BFF = 65504.
    EXPECT_EQ(text(ElementType::fp16, 0x3555U), "0.33325");
    EXPECT_EQ(text(ElementType::fp16, 0x0001U), "5.9605e-08");
    EXPECT_EQ(text(ElementType::fp16, 0x03FFU), "6.0976e-05");
    EXPECT_EQ(text(ElementType::fp16, 0x0400U), "6.1035e-05");
    EXPECT_EQ(text(ElementType::fp16, 0x7BFFU), "65504");
    EXPECT_EQ(text(ElementType::fp16, 0xBC00U), "-1");
    EXPECT_EQ(text(ElementType::fp16, 0x8000U), "-0");
    EXPECT_EQ(text(ElementType::fp16, 0x7C00U), "inf");
    EXPECT_EQ(text(ElementType::fp16, 0xFC00U), "-inf");
    EXPECT_EQ(text(ElementType::fp16, 0x7E00U), "nan");
    EXPECT_EQ(text(ElementType::fp16, 0x7C01U), "nan");
    // BF16: 0x3EAB = 1.0101011b * 2^-2 = 0.333984375; 0x0001 = 2^-133;
    // 0x007F = 127 * 2^-133; 0x0080 = 2^-126; 0x7F7F = 255 * 2^120.
    EXPECT_EQ(text(ElementType::bf16, 0x3EABU), "0.334");
    EXPECT_EQ(text(ElementType::bf16, 0x0001U), "9.184e-41");
    EXPECT_EQ(text(ElementType::bf16, 0x007FU), "1.166e-38");
    EXPECT_EQ(text(ElementType::bf16, 0x0080U), "1.175e-38");
    EXPECT_EQ(text(ElementType::bf16, 0x7F7FU), "3.39e+38");
    EXPECT_EQ(text(ElementType::bf16, 0xC040U), "-3");
    EXPECT_EQ(text(ElementType::bf16, 0x7F80U), "inf");
    EXPECT_EQ(text(ElementType::bf16, 0xFF81U), "nan");
    // FP32: 0x3EAAAAAB = 11184811 * 2^-25; 0x00000001 = 2^-149; 0x007FFFFF =
    // (2^23 - 1) * 2^-149; 0x00800000 = 2^-126; 0xC0490FDB = -13176795 * 2^-22.
    EXPECT_EQ(text(ElementType::fp32, 0x3EAAAAABU), "0.333333343");
    EXPECT_EQ(text(ElementType::fp32, 0x00000001U), "1.40129846e-45");
    EXPECT_EQ(text(ElementType::fp32, 0x007FFFFFU), "1.17549421e-38");
    EXPECT_EQ(text(ElementType::fp32, 0x00800000U), "1.17549435e-38");
    EXPECT_EQ(text(ElementType::fp32, 0x7F7FFFFFU), "3.40282347e+38");
    EXPECT_EQ(text(ElementType::fp32, 0xC0490FDBU), "-3.14159274");
    EXPECT_EQ(text(ElementType::fp32, 0xFF800000U), "-inf");
    EXPECT_EQ(text(ElementType::fp32, 0x7FC00000U), "nan");
    // FP64: the double itself, 17 significant digits.
    EXPECT_EQ(text(ElementType::fp64, 0x3FD5555555555555U), "0.33333333333333331");
    EXPECT_EQ(text(ElementType::fp64, 0x0000000000000001U), "4.9406564584124654e-324");
    EXPECT_EQ(text(ElementType::fp64, 0x000FFFFFFFFFFFFFU), "2.2250738585072009e-308");
    EXPECT_EQ(text(ElementType::fp64, 0x0010000000000000U), "2.2250738585072014e-308");
    EXPECT_EQ(text(ElementType::fp64, 0x7FEFFFFFFFFFFFFFU), "1.7976931348623157e+308");
    EXPECT_EQ(text(ElementType::fp64, 0xC00921FB54442D18U), "-3.1415926535897931");
    EXPECT_EQ(text(ElementType::fp64, 0x7FF0000000000000U), "inf");
    EXPECT_EQ(text(ElementType::fp64, 0xFFF8000000000000U), "nan");
}

// An element with its value, as messages and the check report show operands
// and results: the encoding and, for floats, the value in parentheses.
// [utest->req~div-cli-d6~3]
// [utest->req~div-cli-d2~1]
TEST(ElementText, FloatsShowEncodingAndValueIntegersTheValue) {
    RecordProperty("requirements", "DIV-CLI-D6,DIV-CLI-D2");
    EXPECT_EQ(element_value_text(ElementType::fp16, 0x3C00U), "0x3c00 (1)");
    EXPECT_EQ(element_value_text(ElementType::bf16, 0x7F80U), "0x7f80 (inf)");
    EXPECT_EQ(element_value_text(ElementType::fp32, 0xC0490FDBU), "0xc0490fdb (-3.14159274)");
    EXPECT_EQ(element_value_text(ElementType::fp64, 0x8000000000000000U), "0x8000000000000000 (-0)");
    EXPECT_EQ(element_value_text(ElementType::int4, 0xFFFFFFFFFFFFFFF8U), "-8");
    EXPECT_EQ(element_value_text(ElementType::uint4, 15U), "15");
    EXPECT_EQ(element_value_text(ElementType::int32, 6U), "6");
}

// A value that is no ElementType has no text, and reads as word 0.
TEST(ElementText, UnknownTypeValues) {
    const auto unknown = static_cast<ElementType>(200);
    const std::uint8_t byte = 0xFFU;
    EXPECT_EQ(element_text(unknown, 5U), "?");
    EXPECT_EQ(value_text(unknown, 5U), "?");
    EXPECT_EQ(element_value_text(unknown, 5U), "?");
    EXPECT_EQ(element_word(unknown, &byte), 0U);
}

// Words from the API's storage: floats zero-extended (the encoding), signed
// integers sign-extended from their storage, INT4 from its byte.
// [utest->req~div-cli-d2~1]
TEST(ElementText, WordsFromStorage) {
    RecordProperty("requirements", "DIV-CLI-D2");
    const std::int8_t int4_minus_7 = -7;  // byte 0xF9
    const std::int8_t int4_seven = 7;
    const std::uint8_t uint4_fifteen = 15U;
    EXPECT_EQ(element_word(ElementType::int4, &int4_minus_7), 0xFFFFFFFFFFFFFFF9U);
    EXPECT_EQ(element_word(ElementType::int4, &int4_seven), 7U);
    EXPECT_EQ(element_word(ElementType::uint4, &uint4_fifteen), 15U);
    const std::uint8_t bytes_8000[2] = {0x00U, 0x80U};  // little-endian 0x8000
    EXPECT_EQ(element_word(ElementType::int16, bytes_8000), 0xFFFFFFFFFFFF8000U);  // -32768
    EXPECT_EQ(element_word(ElementType::uint16, bytes_8000), 0x8000U);
    EXPECT_EQ(element_word(ElementType::fp16, bytes_8000), 0x8000U);  // -0: an encoding, not sign-extended
    EXPECT_EQ(element_word(ElementType::bf16, bytes_8000), 0x8000U);
    const std::uint8_t uint8_200 = 200U;
    const std::int8_t int8_minus_128 = -128;
    EXPECT_EQ(element_word(ElementType::uint8, &uint8_200), 200U);
    EXPECT_EQ(element_word(ElementType::int8, &int8_minus_128), 0xFFFFFFFFFFFFFF80U);
    const std::int32_t int32_max = 2147483647;
    const std::uint32_t uint32_top = 0x80000000U;
    const float fp32_minus_one = -1.0F;  // 0xBF800000
    EXPECT_EQ(element_word(ElementType::int32, &int32_max), 0x7FFFFFFFU);
    EXPECT_EQ(element_word(ElementType::uint32, &uint32_top), 0x80000000U);
    EXPECT_EQ(element_word(ElementType::fp32, &fp32_minus_one), 0xBF800000U);
    const std::int64_t int64_min = -9223372036854775807LL - 1;
    const double fp64_minus_pi = -3.141592653589793;  // 0xC00921FB54442D18
    EXPECT_EQ(element_word(ElementType::int64, &int64_min), 0x8000000000000000U);
    EXPECT_EQ(element_word(ElementType::fp64, &fp64_minus_pi), 0xC00921FB54442D18U);
    // Through both functions, as the ONNX node tests show an element.
    EXPECT_EQ(element_text(ElementType::int16, element_word(ElementType::int16, bytes_8000)), "-32768");
    EXPECT_EQ(element_text(ElementType::fp16, element_word(ElementType::fp16, bytes_8000)), "0x8000");
}

}  // namespace
}  // namespace sonnx::text
