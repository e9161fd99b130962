// Shape rules and run iteration for broadcasting (spec/profiles.md,
// spec/onnx.md, spec/openvino.md). No heap: shapes have at most kMaxRank
// axes and the tile of a repeated element lives in the cursor.
#include "broadcast.hpp"

#include <algorithm>
#include <cstring>

#include "make_status.hpp"

namespace sonnx::core {

namespace {

// The extent of `shape` on axis `axis` of a rank-`rank` shape it is aligned
// to on the right: 1 on the axes it does not have.
// helper of numpy_rule: no requirement of its own
std::uint64_t right_aligned_extent(const Shape& shape, std::uint32_t rank, std::uint32_t axis) noexcept {
    const std::uint32_t missing = rank - shape.rank;
    return (axis < missing) ? 1U : shape.dims[axis - missing];
}

// A shape of rank `rank` with every extent 1.
// helper of legacy_rule: no requirement of its own
Shape ones(std::uint32_t rank) noexcept {
    Shape shape{};
    shape.rank = rank;
    for (std::uint32_t axis = 0U; axis < rank; ++axis) {
        shape.dims[axis] = 1U;
    }
    return shape;
}

// True when every extent is 1 (a rank-0 shape included): one element.
// helper of legacy_rule: no requirement of its own
bool has_one_element(const Shape& shape) noexcept {
    std::uint32_t axis = 0U;
    while ((axis < shape.rank) && (shape.dims[axis] == 1U)) {
        ++axis;
    }
    return axis == shape.rank;
}

// helper of numpy_rule: no requirement of its own
Status mismatch(RequirementId rule, std::uint64_t axis) noexcept {
    return make_status(StatusCode::shape_mismatch, rule, Operand::b, axis);
}

}  // namespace

// [impl->req~div-api-d2~1]
std::uint64_t first_differing_axis(const Shape& lhs, const Shape& rhs) noexcept {
    const std::uint32_t common = (lhs.rank < rhs.rank) ? lhs.rank : rhs.rank;
    std::uint32_t axis = 0U;
    while ((axis < common) && (lhs.dims[axis] == rhs.dims[axis])) {
        ++axis;
    }
    return static_cast<std::uint64_t>(axis);
}

// [impl->req~div-ov-r1~1]
// [impl->req~div-onnx-r3~1]
// [impl->req~div-bcast-d5~2]
Status same_shape_rule(const Shape& a, const Shape& b, RequirementId rule, BroadcastShapes& out) noexcept {
    Status status{};
    if (same_shape(a, b)) {
        BroadcastShapes shapes{};
        shapes.y = a;
        shapes.a_aligned = a;
        shapes.b_aligned = b;
        out = shapes;
    } else {
        status = mismatch(rule, first_differing_axis(a, b));
    }
    return status;
}

// NumPy's rule, which ONNX (Broadcasting in ONNX) and OpenVINO ("numpy")
// both name: 1 stretches to the other extent, including to 0.
// [impl->req~div-bcast-d1~1]
// [impl->req~div-onnx-r2~1]
// [impl->req~div-ov-r2~1]
Status numpy_rule(const Shape& a, const Shape& b, RequirementId rule, BroadcastShapes& out) noexcept {
    const std::uint32_t rank = (a.rank > b.rank) ? a.rank : b.rank;
    BroadcastShapes shapes{};
    shapes.y.rank = rank;
    shapes.a_aligned.rank = rank;
    shapes.b_aligned.rank = rank;
    Status status{};
    std::uint32_t axis = 0U;
    while (status.is_ok() && (axis < rank)) {
        const std::uint64_t extent_a = right_aligned_extent(a, rank, axis);
        const std::uint64_t extent_b = right_aligned_extent(b, rank, axis);
        shapes.a_aligned.dims[axis] = extent_a;
        shapes.b_aligned.dims[axis] = extent_b;
        if ((extent_b == 1U) || (extent_a == extent_b)) {
            shapes.y.dims[axis] = extent_a;
        } else if (extent_a == 1U) {
            shapes.y.dims[axis] = extent_b;
        } else {
            status = mismatch(rule, static_cast<std::uint64_t>(axis));
        }
        ++axis;
    }
    if (status.is_ok()) {
        out = shapes;
    }
    return status;
}

// onnx-div-6.txt: B "of element size 1 (including a scalar tensor and any
// tensor with rank equal to or smaller than the first tensor), or having its
// shape as a contiguous subset of the first tensor's shape", starting at
// `axis`, suffix matching when it is not set; "1-dim expansion doesn't work
// yet", so every extent of B must equal A's. A given axis must lie in
// [0, rank(A) - rank(B)] (F-31). Errors name A's rank as the index when no
// start axis fits, otherwise the first axis of A whose extent B does not match.
// [impl->req~div-onnx-r3~1]
Status legacy_rule(const Shape& a, const Shape& b, bool has_axis, std::int64_t axis, RequirementId rule,
                   BroadcastShapes& out) noexcept {
    const bool rank_fits = b.rank <= a.rank;
    const std::uint32_t room = rank_fits ? (a.rank - b.rank) : 0U;
    std::uint32_t start = room;
    bool start_fits = rank_fits;
    if (has_axis) {
        start_fits = rank_fits && (axis >= 0) && (axis <= static_cast<std::int64_t>(room));
        start = start_fits ? static_cast<std::uint32_t>(axis) : 0U;
    }
    BroadcastShapes shapes{};
    shapes.y = a;
    shapes.a_aligned = a;
    shapes.b_aligned = ones(a.rank);
    Status status{};
    if (!start_fits) {
        status = mismatch(rule, static_cast<std::uint64_t>(a.rank));
    } else if (!has_one_element(b)) {
        std::uint32_t i = 0U;
        while ((i < b.rank) && (b.dims[i] == a.dims[start + i])) {
            shapes.b_aligned.dims[start + i] = b.dims[i];
            ++i;
        }
        if (i < b.rank) {
            status = mismatch(rule, static_cast<std::uint64_t>(start) + static_cast<std::uint64_t>(i));
        }
    } else {
        status = Status{};  // one element: B repeats over all of A
    }
    if (status.is_ok()) {
        out = shapes;
    }
    return status;
}

// Walks Y's axes from the innermost out, keeps those of extent above 1 and
// merges an axis into the previous one when every operand steps across the
// pair as across one axis (both strides 0 included).
// [impl->req~div-bcast-d2~1]
void make_plan(const BroadcastShapes& shapes, std::uint64_t count, BroadcastPlan& plan) noexcept {
    plan.rank = 0U;
    plan.count = count;
    if (count > 0U) {
        std::uint64_t running_a = 1U;
        std::uint64_t running_b = 1U;
        for (std::uint32_t k = 0U; k < shapes.y.rank; ++k) {
            const std::uint32_t axis = shapes.y.rank - 1U - k;
            const std::uint64_t extent_y = shapes.y.dims[axis];
            const std::uint64_t extent_a = shapes.a_aligned.dims[axis];
            const std::uint64_t extent_b = shapes.b_aligned.dims[axis];
            const std::uint64_t stride_a = (extent_a == 1U) ? 0U : running_a;
            const std::uint64_t stride_b = (extent_b == 1U) ? 0U : running_b;
            running_a *= extent_a;
            running_b *= extent_b;
            if (extent_y != 1U) {
                const std::uint32_t last = (plan.rank > 0U) ? (plan.rank - 1U) : 0U;
                const bool mergeable = (plan.rank > 0U) && (stride_a == (plan.stride_a[last] * plan.extent[last])) &&
                                       (stride_b == (plan.stride_b[last] * plan.extent[last]));
                if (mergeable) {
                    plan.extent[last] *= extent_y;
                } else {
                    plan.extent[plan.rank] = extent_y;
                    plan.stride_a[plan.rank] = stride_a;
                    plan.stride_b[plan.rank] = stride_b;
                    ++plan.rank;
                }
            }
        }
        if (plan.rank == 0U) {
            // Every extent of Y is 1, so count is 1: one run of one element.
            make_flat_plan(count, plan);
        }
    }
}

// [impl->req~div-bcast-d2~1]
// [impl->req~div-api-d1~1]
void make_flat_plan(std::uint64_t count, BroadcastPlan& plan) noexcept {
    plan.count = count;
    // coverage: COV-10 (called only with count = 1: rank 0 is never chosen)
    plan.rank = (count > 0U) ? 1U : 0U;
    plan.extent[0] = count;
    plan.stride_a[0] = 1U;
    plan.stride_b[0] = 1U;
}

// [impl->req~div-bcast-d2~1]
RunCursor::RunCursor(const BroadcastPlan& plan, std::size_t element_bytes, const void* a, const void* b) noexcept
    : plan_(&plan),
      element_bytes_(std::max<std::size_t>(element_bytes, 1U)),
      a_(static_cast<const unsigned char*>(a)),
      b_(static_cast<const unsigned char*>(b)),
      tile_elements_(static_cast<std::uint64_t>(kTileBytes / std::max<std::size_t>(element_bytes, 1U))) {}

// The innermost axis has stride 1 or 0 for each operand, and never 0 for
// both: that would need Y's extent there to be 1, and such axes are dropped.
// [impl->req~div-bcast-d2~1]
bool RunCursor::next(Run& run) noexcept {
    const bool more = y_offset_ < plan_->count;
    if (more) {
        const std::uint64_t inner = plan_->extent[0];
        const bool a_repeats = plan_->stride_a[0] == 0U;
        const bool b_repeats = plan_->stride_b[0] == 0U;
        const std::uint64_t first_a = offset_a_ + (a_repeats ? 0U : within_);
        const std::uint64_t first_b = offset_b_ + (b_repeats ? 0U : within_);
        const unsigned char* const at_a = &a_[first_a * element_bytes_];
        const unsigned char* const at_b = &b_[first_b * element_bytes_];
        std::uint64_t count = inner - within_;
        Run piece{};
        piece.a = at_a;
        piece.b = at_b;
        if (a_repeats || b_repeats) {
            count = std::min(count, tile_elements_);
            if (!tile_ready_) {
                fill_tile(a_repeats ? at_a : at_b, count);
                tile_ready_ = true;
            }
            piece.a = a_repeats ? static_cast<const void*>(tile_.data()) : piece.a;
            piece.b = b_repeats ? static_cast<const void*>(tile_.data()) : piece.b;
        }
        piece.y_offset = y_offset_;
        piece.count = count;
        within_ += count;
        y_offset_ += count;
        if (within_ == inner) {
            within_ = 0U;
            tile_ready_ = false;
            advance_outer();
        }
        run = piece;
    }
    return more;
}

// An odometer over axes 1 .. rank - 1; an axis that wraps steps the next.
// helper of RunCursor::next: no requirement of its own
void RunCursor::advance_outer() noexcept {
    std::uint32_t axis = 1U;
    bool carry = true;
    while (carry && (axis < plan_->rank)) {
        ++index_[axis];
        offset_a_ += plan_->stride_a[axis];
        offset_b_ += plan_->stride_b[axis];
        if (index_[axis] == plan_->extent[axis]) {
            index_[axis] = 0U;
            offset_a_ -= plan_->stride_a[axis] * plan_->extent[axis];
            offset_b_ -= plan_->stride_b[axis] * plan_->extent[axis];
            ++axis;
        } else {
            carry = false;
        }
    }
}

// Copies one element `copies` times into the tile, doubling each step.
// helper of RunCursor::next: no requirement of its own
void RunCursor::fill_tile(const unsigned char* element, std::uint64_t copies) noexcept {
    static_cast<void>(std::memcpy(tile_.data(), element, element_bytes_));
    std::uint64_t filled = 1U;
    while (filled < copies) {
        const std::uint64_t chunk = std::min(filled, copies - filled);
        static_cast<void>(std::memcpy(&tile_[filled * element_bytes_], tile_.data(), chunk * element_bytes_));
        filled += chunk;
    }
}

}  // namespace sonnx::core
