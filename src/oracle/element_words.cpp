#include "sonnx/oracle/element_words.hpp"

#include <stdexcept>

namespace sonnx::oracle {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "element words assume a little-endian host");

ElementTraits element_traits(ElementType type) {
    switch (type) {
        case ElementType::fp16:
            return ElementTraits{16U, 2U, true, true};
        case ElementType::bf16:
            return ElementTraits{16U, 2U, true, true};
        case ElementType::fp32:
            return ElementTraits{32U, 4U, true, true};
        case ElementType::fp64:
            return ElementTraits{64U, 8U, true, true};
        case ElementType::int4:
            return ElementTraits{4U, 1U, false, true};
        case ElementType::int8:
            return ElementTraits{8U, 1U, false, true};
        case ElementType::int16:
            return ElementTraits{16U, 2U, false, true};
        case ElementType::int32:
            return ElementTraits{32U, 4U, false, true};
        case ElementType::int64:
            return ElementTraits{64U, 8U, false, true};
        case ElementType::uint4:
            return ElementTraits{4U, 1U, false, false};
        case ElementType::uint8:
            return ElementTraits{8U, 1U, false, false};
        case ElementType::uint16:
            return ElementTraits{16U, 2U, false, false};
        case ElementType::uint32:
            return ElementTraits{32U, 4U, false, false};
        case ElementType::uint64:
            return ElementTraits{64U, 8U, false, false};
        default:
            throw std::invalid_argument("unknown element type");
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

}  // namespace sonnx::oracle
