// INT4/UINT4 two per byte, even index in the low nibble (DIV-INT-D3).
#include "sonnx/io/packed_4bit.hpp"

#include <string>

#include "sonnx/io/tensor_data.hpp"

namespace sonnx::io {

// [impl->req~div-int-d3~1]
std::uint64_t packed_4bit_size(std::uint64_t count) { return (count / 2U) + (count % 2U); }

// [impl->req~div-int-d3~1]
std::vector<std::uint8_t> pack_4bit(ElementType type, const std::uint8_t* unpacked, std::uint64_t count) {
    const bool is_signed = (type == ElementType::int4);
    std::vector<std::uint8_t> packed(static_cast<std::size_t>(packed_4bit_size(count)), 0U);
    for (std::uint64_t i = 0; i < count; ++i) {
        const std::uint8_t byte = unpacked[i];
        const bool in_range = is_signed ? ((byte <= 7U) || (byte >= 0xF8U)) : (byte <= 15U);
        if (!in_range) {
            throw FileError(std::string(element_type_name(type)) + " element " + std::to_string(i) +
                            " is outside the type's range");
        }
        const auto nibble = static_cast<std::uint8_t>(byte & 0x0FU);
        packed[static_cast<std::size_t>(i / 2U)] |= static_cast<std::uint8_t>((i % 2U == 0U) ? nibble : (nibble << 4U));
    }
    return packed;
}

// [impl->req~div-int-d3~1]
// [impl->req~div-io-d4~1]
std::vector<std::uint8_t> unpack_4bit(ElementType type, const std::uint8_t* packed, std::size_t size,
                                      std::uint64_t count) {
    const std::uint64_t needed = packed_4bit_size(count);
    if (size != needed) {
        throw FileError(std::string(element_type_name(type)) + ": " + std::to_string(count) + " elements pack into " +
                        std::to_string(needed) + " bytes, the data holds " + std::to_string(size));
    }
    if ((count % 2U == 1U) && ((packed[size - 1U] & 0xF0U) != 0U)) {
        throw FileError(std::string(element_type_name(type)) + ": the padding nibble after the last of " +
                        std::to_string(count) + " elements is not zero");
    }
    const bool is_signed = (type == ElementType::int4);
    std::vector<std::uint8_t> unpacked(static_cast<std::size_t>(count));
    for (std::uint64_t i = 0; i < count; ++i) {
        const std::uint8_t byte = packed[static_cast<std::size_t>(i / 2U)];
        std::uint8_t nibble = static_cast<std::uint8_t>(((i % 2U) == 0U) ? (byte & 0x0FU) : (byte >> 4U));
        if (is_signed && (nibble >= 8U)) {
            nibble = static_cast<std::uint8_t>(nibble | 0xF0U);  // sign extension: -8..-1 as int8
        }
        unpacked[static_cast<std::size_t>(i)] = nibble;
    }
    return unpacked;
}

}  // namespace sonnx::io
