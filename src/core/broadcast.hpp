// Broadcasting: the shape rules that say which shapes of A and B combine
// and what shape Y then has, and the iteration that walks Y in row-major
// order as contiguous runs the element kernels can take whole.
//
// A run is a stretch of Y whose A and B elements are also contiguous (or one
// of them a single repeated element, copied into a small tile on the stack),
// so the kernels of the equal-shape path divide it unchanged. Dividing
// [64, 1024, 1024] by [1024], for example, is 65536 runs of 1024 elements.
#ifndef SONNX_CORE_BROADCAST_HPP
#define SONNX_CORE_BROADCAST_HPP

#include <array>
#include <cstddef>
#include <cstdint>

#include "sonnx/status.hpp"
#include "sonnx/tensor.hpp"

namespace sonnx::core {

// The outcome of a shape rule: Y's shape, and A's and B's shapes written at
// Y's rank (extent 1 where the operand has no axis), which is what the
// iteration needs. `rule` is the requirement the rule implements.
struct BroadcastShapes {
    Shape y{};
    Shape a_aligned{};
    Shape b_aligned{};
};

// Equal shapes only (DIV-*-C1, DIV-OV-R1, ONNX opset 1/6 without broadcast):
// a mismatch is reported against B with the first differing axis.
[[nodiscard]] Status same_shape_rule(const Shape& a, const Shape& b, RequirementId rule, BroadcastShapes& out) noexcept;

// Multidirectional (NumPy) broadcasting (DIV-BCAST-D1): shapes aligned on
// the right, each pair of extents equal or one of them 1. A mismatch is
// reported against B with the first incompatible axis of Y, counted from
// the left in Y's rank.
[[nodiscard]] Status numpy_rule(const Shape& a, const Shape& b, RequirementId rule, BroadcastShapes& out) noexcept;

// ONNX opset 1 and 6 with broadcast = 1 (DIV-ONNX-R3): B holds one element
// (rank at most A's), or B's shape equals A's extents from `axis` on (by
// default rank(A) - rank(B), suffix matching). Y has A's shape.
[[nodiscard]] Status legacy_rule(const Shape& a, const Shape& b, bool has_axis, std::int64_t axis, RequirementId rule,
                                 BroadcastShapes& out) noexcept;

// The first axis whose extent differs, or the shorter rank when one shape
// is a prefix of the other.
[[nodiscard]] std::uint64_t first_differing_axis(const Shape& lhs, const Shape& rhs) noexcept;

// Y's index space with axes of extent 1 dropped and neighbouring axes merged
// where A, B and Y are all contiguous across them; axis 0 is the innermost.
// Strides are in elements; a stride of 0 means the operand repeats along it.
// Only the first `rank` entries of the arrays are meaningful, and only they
// are written and read (the arrays are not zeroed, and a plan is built in
// place and never copied: it is built on every call, small calls included).
struct BroadcastPlan {
    std::uint32_t rank{0U};
    std::array<std::uint64_t, kMaxRank> extent;
    std::array<std::uint64_t, kMaxRank> stride_a;
    std::array<std::uint64_t, kMaxRank> stride_b;
    std::uint64_t count{0U};  // elements of Y
};

// Makes `plan` the plan of shapes that passed a rule, in place (no copy of
// the unused entries). `count` is Y's element count.
void make_plan(const BroadcastShapes& shapes, std::uint64_t count, BroadcastPlan& plan) noexcept;

// Makes `plan` the plan of `count` elements of equal-shape operands: a
// single run (written in place: the plan is built on every call).
void make_flat_plan(std::uint64_t count, BroadcastPlan& plan) noexcept;

// One run: `count` elements of Y from flat index `y_offset` on, with A's and
// B's elements contiguous at `a` and `b`.
struct Run {
    const void* a{nullptr};
    const void* b{nullptr};
    std::uint64_t y_offset{0U};
    std::uint64_t count{0U};
};

// Bytes of the tile that holds copies of a repeated element.
inline constexpr std::size_t kTileBytes = 2048U;

// Walks the runs of a plan in Y's row-major order. A run whose A or B
// element repeats is cut into pieces of at most one tile; the cursor then
// points that operand at its tile, which it fills once per run.
class RunCursor {
public:
    RunCursor(const BroadcastPlan& plan, std::size_t element_bytes, const void* a, const void* b) noexcept;
    // The next run; false when Y is exhausted (at once for an empty Y).
    [[nodiscard]] bool next(Run& run) noexcept;

private:
    void advance_outer() noexcept;
    void fill_tile(const unsigned char* element, std::uint64_t copies) noexcept;

    const BroadcastPlan* plan_;  // the caller's plan, which outlives the cursor
    std::size_t element_bytes_;
    const unsigned char* a_;
    const unsigned char* b_;
    std::uint64_t tile_elements_;
    std::array<std::uint64_t, kMaxRank> index_{};  // odometer over axes 1 .. rank - 1
    std::uint64_t offset_a_{0U};
    std::uint64_t offset_b_{0U};
    std::uint64_t y_offset_{0U};
    std::uint64_t within_{0U};  // elements of the current run already handed out
    bool tile_ready_{false};
    // Not value-initialised: zeroing 2 KB on every call costs more than a
    // small division; every byte handed out is written by fill_tile first.
    alignas(32) std::array<unsigned char, kTileBytes> tile_;
};

}  // namespace sonnx::core

#endif  // SONNX_CORE_BROADCAST_HPP
