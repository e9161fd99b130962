/// @file
/// How an element is written in messages and reports. An element travels as a
/// 64-bit word, as the oracle's words do: a float's encoding zero-extended, an
/// integer sign- or zero-extended to 64 bits.
#ifndef SONNX_TEXT_ELEMENT_TEXT_HPP
#define SONNX_TEXT_ELEMENT_TEXT_HPP

#include <cstdint>
#include <string>

#include "sonnx/element_type.hpp"

namespace sonnx::text {

/// "0x3c00" for floats (hex digits for the format's width, so that the
/// encoding, a NaN's payload and a zero's sign show), "-7" or "200" for
/// integers; "?" for a value that is no ElementType.
std::string element_text(ElementType type, std::uint64_t word);

/// The value of a float encoding in decimal, with enough digits to identify
/// it ("0.333333343", "-inf", "nan"); integers as element_text.
std::string value_text(ElementType type, std::uint64_t word);

/// A float as its encoding and its value, "0x3c00 (1)"; integers as
/// element_text. How messages show an operand or a result.
std::string element_value_text(ElementType type, std::uint64_t word);

/// The word of the element stored at `element` in the API's storage
/// (sonnx/element_type.hpp), which holds element_size(type) bytes; 0 for a
/// value that is no ElementType.
std::uint64_t element_word(ElementType type, const void* element);

}  // namespace sonnx::text

#endif  // SONNX_TEXT_ELEMENT_TEXT_HPP
