// Shape construction and element counting, with overflow detection.
#include "sonnx/tensor.hpp"

#include <limits>

namespace sonnx {

// [impl->req~div-api-d5~1]
bool make_shape(const std::uint64_t* dims, std::uint32_t count, Shape& out) noexcept {
    const bool ok = (count <= kMaxRank) && ((dims != nullptr) || (count == 0U));
    if (ok) {
        Shape shape{};
        shape.rank = count;
        for (std::uint32_t axis = 0U; axis < count; ++axis) {
            shape.dims[axis] = dims[axis];
        }
        out = shape;
    }
    return ok;
}

// [impl->req~div-api-d4~1]
bool element_count(const Shape& shape, std::uint64_t& count) noexcept {
    constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
    bool ok = shape.rank <= kMaxRank;
    std::uint64_t product = 1U;
    bool has_zero = false;
    for (std::uint32_t axis = 0U; ok && (axis < shape.rank); ++axis) {
        const std::uint64_t extent = shape.dims[axis];
        if (extent == 0U) {
            has_zero = true;
        } else if (product > (kMax / extent)) {
            ok = false;
        } else {
            product *= extent;
        }
    }
    // A zero extent makes the tensor empty whatever the other extents are,
    // but an overflowing product of the non-zero extents is still rejected.
    if (ok) {
        count = has_zero ? 0U : product;
    }
    return ok;
}

// [impl->req~div-float-c1~1]
// [impl->req~div-int-c1~1]
bool same_shape(const Shape& lhs, const Shape& rhs) noexcept {
    bool same = (lhs.rank == rhs.rank) && (lhs.rank <= kMaxRank);
    for (std::uint32_t axis = 0U; same && (axis < lhs.rank); ++axis) {
        same = lhs.dims[axis] == rhs.dims[axis];
    }
    return same;
}

}  // namespace sonnx
