#include "sonnx/text/element_text.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>

namespace sonnx::text {

namespace {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "element words assume a little-endian host");

bool is_signed_integer(ElementType type) {
    switch (type) {
        case ElementType::int4:
        case ElementType::int8:
        case ElementType::int16:
        case ElementType::int32:
        case ElementType::int64:
            return true;
        default:
            return false;
    }
}

}  // namespace

std::uint64_t element_word(ElementType type, const void* element) {
    const std::size_t size = element_size(type);
    std::uint64_t word = 0U;
    if (size == 0U) {
        return word;  // no ElementType: nothing to read
    }
    std::memcpy(&word, element, size);
    // INT4 is stored in a byte, so its sign is the storage's top bit too.
    const unsigned storage_bits = static_cast<unsigned>(size * 8U);
    if (is_signed_integer(type) && (storage_bits < 64U) && (((word >> (storage_bits - 1U)) & 1U) != 0U)) {
        word |= ~std::uint64_t{0} << storage_bits;
    }
    return word;
}

std::string element_text(ElementType type, std::uint64_t word) {
    const TypeClass kind = type_class(type);
    if (kind == TypeClass::unknown) {
        return "?";
    }
    char text[32];
    if (kind == TypeClass::floating) {
        std::snprintf(text, sizeof text, "0x%0*llx", static_cast<int>(element_size(type) * 2U),
                      static_cast<unsigned long long>(word));
    } else if (is_signed_integer(type)) {
        std::snprintf(text, sizeof text, "%lld", static_cast<long long>(static_cast<std::int64_t>(word)));
    } else {
        std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(word));
    }
    return text;
}

std::string value_text(ElementType type, std::uint64_t word) {
    if (type_class(type) != TypeClass::floating) {
        return element_text(type, word);
    }
    // Exact decoding: every FP16, BF16 and FP32 value is a double.
    int precision = 53;
    int exponent_bits = 11;
    int digits = 17;
    switch (type) {
        case ElementType::fp16:
            precision = 11;
            exponent_bits = 5;
            digits = 5;
            break;
        case ElementType::bf16:
            precision = 8;
            exponent_bits = 8;
            digits = 4;
            break;
        case ElementType::fp32:
            precision = 24;
            exponent_bits = 8;
            digits = 9;
            break;
        default:
            break;
    }
    const unsigned bits = static_cast<unsigned>(element_size(type) * 8U);
    const unsigned fraction_bits = static_cast<unsigned>(precision - 1);
    const int bias = (1 << (exponent_bits - 1)) - 1;
    const std::uint64_t exponent_mask = (std::uint64_t{1} << static_cast<unsigned>(exponent_bits)) - 1U;
    const std::uint64_t exponent = (word >> fraction_bits) & exponent_mask;
    const std::uint64_t fraction = word & ((std::uint64_t{1} << fraction_bits) - 1U);
    const bool negative = ((word >> (bits - 1U)) & 1U) != 0U;
    if (exponent == exponent_mask) {
        return (fraction != 0U) ? "nan" : (negative ? "-inf" : "inf");
    }
    double magnitude = 0.0;
    if (exponent == 0U) {
        magnitude = std::ldexp(static_cast<double>(fraction), 1 - bias - static_cast<int>(fraction_bits));
    } else {
        magnitude = std::ldexp(static_cast<double>(fraction | (std::uint64_t{1} << fraction_bits)),
                               static_cast<int>(exponent) - bias - static_cast<int>(fraction_bits));
    }
    char text[40];
    std::snprintf(text, sizeof text, "%.*g", digits, negative ? -magnitude : magnitude);
    return text;
}

std::string element_value_text(ElementType type, std::uint64_t word) {
    return (type_class(type) == TypeClass::floating) ? element_text(type, word) + " (" + value_text(type, word) + ")"
                                                     : element_text(type, word);
}

}  // namespace sonnx::text
