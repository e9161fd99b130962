#include "sonnx/oracle/element_words.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace sonnx::oracle {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "element words assume a little-endian host");

ElementTraits element_traits(ElementType type) {
    switch (type) {
        case ElementType::fp16: return ElementTraits{16U, 2U, true, true};
        case ElementType::bf16: return ElementTraits{16U, 2U, true, true};
        case ElementType::fp32: return ElementTraits{32U, 4U, true, true};
        case ElementType::fp64: return ElementTraits{64U, 8U, true, true};
        case ElementType::int4: return ElementTraits{4U, 1U, false, true};
        case ElementType::int8: return ElementTraits{8U, 1U, false, true};
        case ElementType::int16: return ElementTraits{16U, 2U, false, true};
        case ElementType::int32: return ElementTraits{32U, 4U, false, true};
        case ElementType::int64: return ElementTraits{64U, 8U, false, true};
        case ElementType::uint4: return ElementTraits{4U, 1U, false, false};
        case ElementType::uint8: return ElementTraits{8U, 1U, false, false};
        case ElementType::uint16: return ElementTraits{16U, 2U, false, false};
        case ElementType::uint32: return ElementTraits{32U, 4U, false, false};
        case ElementType::uint64: return ElementTraits{64U, 8U, false, false};
        default: throw std::invalid_argument("unknown element type");
    }
}

std::int64_t int_min(const ElementTraits& t) {
    if (!t.is_signed) {
        return 0;
    }
    // -2^(n-1) = -(2^(n-1) - 1) - 1: neither a shift nor a negation overflows at n = 64.
    return -static_cast<std::int64_t>(int_max(t)) - 1;
}

std::uint64_t int_max(const ElementTraits& t) {
    if (t.bits == 64U) {
        return t.is_signed ? static_cast<std::uint64_t>(INT64_MAX) : UINT64_MAX;
    }
    return t.is_signed ? ((std::uint64_t{1} << (t.bits - 1U)) - 1U) : ((std::uint64_t{1} << t.bits) - 1U);
}

std::string element_text(const ElementTraits& t, std::uint64_t word) {
    char text[32];
    if (t.is_float) {
        std::snprintf(text, sizeof text, "0x%0*llx", static_cast<int>(t.bits / 4U),
                      static_cast<unsigned long long>(word));
    } else if (t.is_signed) {
        std::snprintf(text, sizeof text, "%lld", static_cast<long long>(static_cast<std::int64_t>(word)));
    } else {
        std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(word));
    }
    return text;
}

std::string value_text(const ElementTraits& t, ElementType type, std::uint64_t word) {
    if (!t.is_float) {
        return element_text(t, word);
    }
    // Exact decoding: every FP16, BF16 and FP32 value is a double.
    int precision = 53;
    int exponent_bits = 11;
    int digits = 17;
    switch (type) {
        case ElementType::fp16: precision = 11; exponent_bits = 5; digits = 5; break;
        case ElementType::bf16: precision = 8; exponent_bits = 8; digits = 4; break;
        case ElementType::fp32: precision = 24; exponent_bits = 8; digits = 9; break;
        default: break;
    }
    const unsigned fraction_bits = static_cast<unsigned>(precision - 1);
    const int bias = (1 << (exponent_bits - 1)) - 1;
    const std::uint64_t exponent_mask = (std::uint64_t{1} << static_cast<unsigned>(exponent_bits)) - 1U;
    const std::uint64_t exponent = (word >> fraction_bits) & exponent_mask;
    const std::uint64_t fraction = word & ((std::uint64_t{1} << fraction_bits) - 1U);
    const bool negative = ((word >> (t.bits - 1U)) & 1U) != 0U;
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

}  // namespace sonnx::oracle
