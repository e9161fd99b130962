#include "sonnx/text/shape_text.hpp"

namespace sonnx::text {

std::string shape_text(const std::vector<std::uint64_t>& dims) {
    std::string text = "[";
    for (std::size_t i = 0; i < dims.size(); ++i) {
        text += (i == 0U ? "" : ", ") + std::to_string(dims[i]);
    }
    return text + "]";
}

std::string position_text(std::uint64_t flat_index, const std::vector<std::uint64_t>& dims) {
    if (dims.size() <= 1U) {
        return "[" + std::to_string(flat_index) + "]";
    }
    std::vector<std::uint64_t> coordinates(dims.size(), 0U);
    std::uint64_t rest = flat_index;
    for (std::size_t k = dims.size(); k > 0U; --k) {
        const std::uint64_t extent = dims[k - 1U];
        coordinates[k - 1U] = (extent == 0U) ? 0U : rest % extent;
        rest = (extent == 0U) ? 0U : rest / extent;
    }
    return shape_text(coordinates);  // coordinates are written as a shape is
}

}  // namespace sonnx::text
