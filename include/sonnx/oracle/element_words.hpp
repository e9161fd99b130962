/// @file
/// Elements of any type as 64-bit words, over the API's storage: float
/// encodings zero-extended, integers sign- or zero-extended to 64 bits.
#ifndef SONNX_ORACLE_ELEMENT_WORDS_HPP
#define SONNX_ORACLE_ELEMENT_WORDS_HPP

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "sonnx/element_type.hpp"

namespace sonnx::oracle {

/// How an element type's values are stored in the API, for element words.
struct ElementTraits {
    unsigned bits;      ///< value bits: 4, 8, 16, 32, 64
    std::size_t size;   ///< bytes per element in the API
    /// Whether the type is a float format.
    bool is_float;
    bool is_signed;     ///< integers only
};

/// The traits of an element type.
ElementTraits element_traits(ElementType type);

/// Element `index` of `data` as a 64-bit word: a float's encoding, an integer sign- or zero-extended.
inline std::uint64_t load_element(const ElementTraits& t, const void* data, std::uint64_t index) {
    const auto* bytes = static_cast<const std::uint8_t*>(data) + index * t.size;
    std::uint64_t word = 0U;
    // One fixed-size copy per width, so that the load compiles inline rather
    // than as a call to memcpy with a run-time size (check's inner loop).
    // Little-endian host (static_assert in element_words.cpp).
    switch (t.size) {
        case 1U:
            std::memcpy(&word, bytes, 1U);
            break;
        case 2U:
            std::memcpy(&word, bytes, 2U);
            break;
        case 4U:
            std::memcpy(&word, bytes, 4U);
            break;
        default:
            std::memcpy(&word, bytes, 8U);
            break;  // element_traits gives 1, 2, 4 or 8
    }
    if (!t.is_float && t.is_signed) {
        const unsigned storage_bits = static_cast<unsigned>(t.size * 8U);
        if ((storage_bits < 64U) && (((word >> (storage_bits - 1U)) & 1U) != 0U)) {
            word |= ~std::uint64_t{0} << storage_bits;
        }
    }
    return word;
}

/// Stores the low bits of `word` as element `index` of `data`.
inline void store_element(const ElementTraits& t, void* data, std::uint64_t index, std::uint64_t word) {
    std::memcpy(static_cast<std::uint8_t*>(data) + index * t.size, &word, t.size);
}

/// The smallest and largest value of an integer type, as 64-bit words.
std::int64_t int_min(const ElementTraits& t);
/// The largest value of an integer type, as a 64-bit word.
std::uint64_t int_max(const ElementTraits& t);

}  // namespace sonnx::oracle

#endif  // SONNX_ORACLE_ELEMENT_WORDS_HPP
