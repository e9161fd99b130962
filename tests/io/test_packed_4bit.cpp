// INT4/UINT4 packing (DIV-INT-D3): hand-derived bytes.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sonnx/io/packed_4bit.hpp"
#include "sonnx/io/tensor_data.hpp"

namespace sonnx::io {
namespace {

// INT4 [-8, 7, -1, 0, 3]: nibbles 8, 7, F, 0, 3 -> bytes 0x78, 0x0F, 0x03 (padding 0).
// [utest->req~div-int-d3~1]
TEST(Packed4Bit, Int4LowNibbleFirstZeroPadding) {
    RecordProperty("requirements", "DIV-INT-D3");
    const std::vector<std::uint8_t> values = {0xF8U, 7U, 0xFFU, 0U, 3U};  // int8 storage of -8, 7, -1, 0, 3
    const std::vector<std::uint8_t> packed = pack_4bit(ElementType::int4, values.data(), values.size());
    EXPECT_EQ(packed, (std::vector<std::uint8_t>{0x78U, 0x0FU, 0x03U}));
    EXPECT_EQ(unpack_4bit(ElementType::int4, packed.data(), packed.size(), 5U), values);
    EXPECT_EQ(packed_4bit_size(5U), 3U);
    EXPECT_EQ(packed_4bit_size(4U), 2U);
    EXPECT_EQ(packed_4bit_size(0U), 0U);
}

// UINT4 nibbles are not sign-extended: 0xF0 -> [0, 15].
// [utest->req~div-int-d3~1]
TEST(Packed4Bit, Uint4NotSignExtended) {
    RecordProperty("requirements", "DIV-INT-D3");
    const std::vector<std::uint8_t> packed = {0xF0U, 0x9AU};
    EXPECT_EQ(unpack_4bit(ElementType::uint4, packed.data(), packed.size(), 4U),
              (std::vector<std::uint8_t>{0U, 15U, 10U, 9U}));
    EXPECT_EQ(unpack_4bit(ElementType::int4, packed.data(), packed.size(), 4U),
              (std::vector<std::uint8_t>{0U, 0xFFU, 0xFAU, 0xF9U}));  // 0, -1, -6, -7
}

// [utest->req~div-int-d3~1]
// [utest->req~div-io-d4~1]
TEST(Packed4Bit, RejectsWrongSizesPaddingAndRanges) {
    RecordProperty("requirements", "DIV-INT-D3,DIV-IO-D4");
    const std::vector<std::uint8_t> packed = {0x21U, 0x43U};
    EXPECT_THROW((void)unpack_4bit(ElementType::int4, packed.data(), 2U, 3U), FileError);  // 3 elements: padding 4
    EXPECT_THROW((void)unpack_4bit(ElementType::int4, packed.data(), 2U, 5U), FileError);  // needs 3 bytes
    EXPECT_THROW((void)unpack_4bit(ElementType::uint4, packed.data(), 2U, 2U), FileError); // needs 1 byte
    const std::vector<std::uint8_t> padded = {0x21U, 0x03U};
    EXPECT_EQ(unpack_4bit(ElementType::uint4, padded.data(), 2U, 3U), (std::vector<std::uint8_t>{1U, 2U, 3U}));
    const std::vector<std::uint8_t> int4_out = {8U};       // 8 is not an INT4
    const std::vector<std::uint8_t> int4_low = {0xF7U};    // -9 is not an INT4
    const std::vector<std::uint8_t> uint4_out = {16U};
    EXPECT_THROW((void)pack_4bit(ElementType::int4, int4_out.data(), 1U), FileError);
    EXPECT_THROW((void)pack_4bit(ElementType::int4, int4_low.data(), 1U), FileError);
    EXPECT_THROW((void)pack_4bit(ElementType::uint4, uint4_out.data(), 1U), FileError);
}

}  // namespace
}  // namespace sonnx::io
