#include "sonnx/text/type_names.hpp"

#include <cctype>

namespace sonnx::text {

namespace {

std::string lower(std::string text) {
    for (char& c : text) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return text;
}

}  // namespace

std::vector<std::string> type_names() {
    std::vector<std::string> names;
    for (std::uint8_t i = 0; i < kElementTypeCount; ++i) {
        names.push_back(lower(element_type_name(static_cast<ElementType>(i))));
    }
    return names;
}

bool parse_type_name(const std::string& text, ElementType& type) {
    const std::string wanted = lower(text);
    for (std::uint8_t i = 0; i < kElementTypeCount; ++i) {
        if (wanted == lower(element_type_name(static_cast<ElementType>(i)))) {
            type = static_cast<ElementType>(i);
            return true;
        }
    }
    return false;
}

}  // namespace sonnx::text
