/// @file
/// Element type names on the command line: fp16, bf16, fp32, fp64, int4 ...
/// uint64, in any case.
#ifndef SONNX_TEXT_TYPE_NAMES_HPP
#define SONNX_TEXT_TYPE_NAMES_HPP

#include <string>
#include <vector>

#include "sonnx/element_type.hpp"

namespace sonnx::text {

/// Sets `type` from a lower-case name ("fp16" ... "uint64", as type_names() lists them); false for any other text.
bool parse_type_name(const std::string& text, ElementType& type);
std::vector<std::string> type_names();  ///< lower case, in the enumeration's order

}  // namespace sonnx::text

#endif  // SONNX_TEXT_TYPE_NAMES_HPP
