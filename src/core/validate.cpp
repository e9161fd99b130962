// The checks of a call that do not depend on element values, for every
// profile. Their order is part of the contract (DIV-API-D2, DIV-PROF-D3):
// the first failing check is the one reported.
#include "validate.hpp"

#include <cstdint>
#include <functional>
#include <limits>

#include "make_status.hpp"
#include "profile.hpp"

namespace sonnx::core {

namespace {

// [impl->req~div-api-d6~1]
Status check_known_type(ElementType type, Operand operand) noexcept {
    Status status{};
    if (type_class(type) == TypeClass::unknown) {
        status = make_status(StatusCode::unsupported_type, RequirementId::div_api_d6, operand, 0U);
    }
    return status;
}

// [impl->req~div-float-r2~1]
// [impl->req~div-float-c2~1]
// [impl->req~div-int-r2~1]
// [impl->req~div-int-c2~1]
Status check_same_type(ElementType reference, ElementType other, Operand operand) noexcept {
    Status status{};
    if (other != reference) {
        const RequirementId requirement = (type_class(reference) == TypeClass::floating) ? RequirementId::div_float_c2
                                                                                         : RequirementId::div_int_c2;
        status = make_status(StatusCode::type_mismatch, requirement, operand, 0U);
    }
    return status;
}

// [impl->req~div-api-d5~1]
Status check_rank(const Shape& shape, Operand operand) noexcept {
    Status status{};
    if (shape.rank > kMaxRank) {
        status = make_status(StatusCode::rank_too_large, RequirementId::div_api_d5, operand, 0U);
    }
    return status;
}

// [impl->req~div-api-d3~1]
// [impl->req~div-gr1~1]
Status check_buffer(const void* data, std::size_t size_bytes, std::uint64_t needed_bytes, std::uint64_t count,
                    Operand operand) noexcept {
    Status status{};
    if ((count > 0U) && (data == nullptr)) {
        status = make_status(StatusCode::null_pointer, RequirementId::div_api_d3, operand, 0U);
    } else if (static_cast<std::uint64_t>(size_bytes) < needed_bytes) {
        status = make_status(StatusCode::buffer_too_small, RequirementId::div_api_d3, operand, 0U);
    } else {
        status = Status{};
    }
    return status;
}

// The kernels read and write elements through pointers of their type: the
// address of a tensor with elements must be a multiple of the element size.
// [impl->req~div-api-d9~1]
Status check_alignment(const void* data, std::uint64_t count, std::uint64_t size, Operand operand) noexcept {
    Status status{};
    const std::uintptr_t address = reinterpret_cast<std::uintptr_t>(data);
    if ((count > 0U) && ((static_cast<std::uint64_t>(address) % size) != 0U)) {
        status = make_status(StatusCode::misaligned, RequirementId::div_api_d9, operand, 0U);
    }
    return status;
}

// The product of a shape's non-zero extents (1 for a scalar): its element
// count when no extent is zero. Only for a shape that element_count
// accepted, so that its rank is at most kMaxRank and the product fits.
// helper of count_and_bytes: no requirement of its own
std::uint64_t nonzero_extent_product(const Shape& shape) noexcept {
    std::uint64_t product = 1U;
    for (std::uint32_t axis = 0U; axis < shape.rank; ++axis) {
        const std::uint64_t extent = shape.dims[axis];
        if (extent != 0U) {
            product *= extent;
        }
    }
    return product;
}

// Element count and byte size of a shape of `size`-byte elements. A zero
// extent makes the tensor empty (0 bytes), but the byte size of its other
// extents must fit too (DIV-API-D4: "even when another extent is zero").
// [impl->req~div-api-d4~1]
// [impl->req~div-bcast-d5~2]
Status count_and_bytes(const Shape& shape, std::uint64_t size, Operand operand, std::uint64_t& count,
                       std::uint64_t& bytes) noexcept {
    Status status{};
    std::uint64_t elements = 0U;
    const bool counted = element_count(shape, elements);
    const bool fits = counted && (nonzero_extent_product(shape) <= (std::numeric_limits<std::uint64_t>::max() / size));
    if (fits) {
        count = elements;
        bytes = elements * size;
    } else {
        status = make_status(StatusCode::size_overflow, RequirementId::div_api_d4, operand, 0U);
    }
    return status;
}

// Whether Y's bytes and an operand's bytes share an address. std::less
// orders any two pointers, even into different objects.
// [impl->req~div-bcast-d4~2]
bool buffers_overlap(const void* y, std::uint64_t y_bytes, const void* x, std::uint64_t x_bytes) noexcept {
    const std::less<const unsigned char*> before{};
    const unsigned char* const y_begin = static_cast<const unsigned char*>(y);
    const unsigned char* const x_begin = static_cast<const unsigned char*>(x);
    const unsigned char* const y_end = &y_begin[y_bytes];
    const unsigned char* const x_end = &x_begin[x_bytes];
    return before(y_begin, x_end) && before(x_begin, y_end);
}

// Y must not share a byte with an operand that has fewer elements than Y:
// such an operand is read again after Y's first elements are written.
// [impl->req~div-bcast-d4~2]
Status check_overlap(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y, const ProfileCall& call,
                     std::uint64_t size) noexcept {
    Status status{};
    const std::uint64_t y_bytes = call.count_y * size;
    if ((call.count_a < call.count_y) && buffers_overlap(y.data, y_bytes, a.data, call.count_a * size)) {
        status = make_status(StatusCode::overlap, RequirementId::div_bcast_d4, Operand::a, 0U);
    } else if ((call.count_b < call.count_y) && buffers_overlap(y.data, y_bytes, b.data, call.count_b * size)) {
        status = make_status(StatusCode::overlap, RequirementId::div_bcast_d4, Operand::b, 0U);
    } else {
        status = Status{};
    }
    return status;
}

// Y may be exactly an operand's buffer (in place: each element is read
// before it is written) but share no other byte with it: a Y that starts
// inside an operand overwrites elements not yet read.
// [impl->req~div-api-d8~1]
Status check_partial_overlap(const void* x, std::uint64_t x_bytes, const TensorView& y, std::uint64_t y_bytes,
                             Operand operand) noexcept {
    Status status{};
    if ((x != y.data) && buffers_overlap(y.data, y_bytes, x, x_bytes)) {
        status = make_status(StatusCode::overlap, RequirementId::div_api_d8, operand, 0U);
    }
    return status;
}

}  // namespace

// One order for every profile: the sonnx profile's shape rule is equal
// shapes (DIV-FLOAT-C1, DIV-INT-C1; profile_shapes), so its calls take the
// same steps as the others' and report the same first failure.
// [impl->req~div-api-d2~1]
// [impl->req~div-prof-d3~1]
// [impl->req~div-api-d1~1]
// [impl->req~div-api-d6~1]
// [impl->req~div-bcast-d4~2]
// [impl->req~div-api-d8~1]
// [impl->req~div-api-d9~1]
// [impl->req~div-prof-d4~2]
// [impl->req~div-float-r1~1]
// [impl->req~div-float-c1~1]
// [impl->req~div-int-r1~1]
// [impl->req~div-int-c1~1]
Status validate_operands(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y,
                         const DivOptions& options, ProfileCall& call) noexcept {
    ProfileCall result{};
    RequirementId shape_rule = RequirementId::none;
    // Option values: the rounding (DIV-API-D6), then the profile's (DIV-PROF-D1, DIV-ONNX-D1, DIV-PROF-D4).
    Status status = check_profile_options(options);
    if (status.is_ok()) {
        status = check_known_type(a.type, Operand::a);
    }
    if (status.is_ok()) {
        status = check_known_type(b.type, Operand::b);
    }
    if (status.is_ok()) {
        status = check_known_type(y.type, Operand::y);
    }
    if (status.is_ok()) {
        status = check_same_type(a.type, b.type, Operand::b);
    }
    if (status.is_ok()) {
        status = check_same_type(a.type, y.type, Operand::y);
    }
    if (status.is_ok()) {
        status = check_profile_type(options, a.type);
    }
    if (status.is_ok()) {
        status = check_rank(a.shape, Operand::a);
    }
    if (status.is_ok()) {
        status = check_rank(b.shape, Operand::b);
    }
    if (status.is_ok()) {
        status = check_rank(y.shape, Operand::y);
    }
    if (status.is_ok()) {
        status = profile_shapes(options, a.type, a.shape, b.shape, result.shapes, shape_rule);
    }
    if (status.is_ok() && !same_shape(result.shapes.y, y.shape)) {
        status = make_status(StatusCode::shape_mismatch, shape_rule, Operand::y,
                             first_differing_axis(result.shapes.y, y.shape));
    }

    const std::uint64_t size = static_cast<std::uint64_t>(element_size(a.type));
    std::uint64_t bytes_a = 0U;
    std::uint64_t bytes_b = 0U;
    std::uint64_t bytes_y = 0U;
    if (status.is_ok()) {
        status = count_and_bytes(a.shape, size, Operand::a, result.count_a, bytes_a);
    }
    if (status.is_ok()) {
        status = count_and_bytes(b.shape, size, Operand::b, result.count_b, bytes_b);
    }
    if (status.is_ok()) {
        status = count_and_bytes(y.shape, size, Operand::y, result.count_y, bytes_y);
    }
    if (status.is_ok()) {
        status = check_buffer(a.data, a.size_bytes, bytes_a, result.count_a, Operand::a);
    }
    if (status.is_ok()) {
        status = check_buffer(b.data, b.size_bytes, bytes_b, result.count_b, Operand::b);
    }
    if (status.is_ok()) {
        status = check_buffer(y.data, y.size_bytes, bytes_y, result.count_y, Operand::y);
    }
    if (status.is_ok()) {
        status = check_alignment(a.data, result.count_a, size, Operand::a);
    }
    if (status.is_ok()) {
        status = check_alignment(b.data, result.count_b, size, Operand::b);
    }
    if (status.is_ok()) {
        status = check_alignment(y.data, result.count_y, size, Operand::y);
    }
    if (status.is_ok()) {
        status = check_overlap(a, b, y, result, size);
    }
    // An operand that broadcasts and touches Y was refused above (DIV-BCAST-D4).
    if (status.is_ok()) {
        status = check_partial_overlap(a.data, bytes_a, y, bytes_y, Operand::a);
    }
    if (status.is_ok()) {
        status = check_partial_overlap(b.data, bytes_b, y, bytes_y, Operand::b);
    }
    if (status.is_ok()) {
        result.rounding = profile_rounding(options);
        call = result;
    }
    return status;
}

// The steps of validate_operands that concern A's type and the shapes of A
// and B, in its order, then the sizes of A, B and the resulting shape.
// [impl->req~div-bcast-d5~2]
Status validate_shapes(ElementType type, const Shape& a, const Shape& b, const DivOptions& options,
                       BroadcastShapes& shapes) noexcept {
    BroadcastShapes result{};
    RequirementId shape_rule = RequirementId::none;
    std::uint64_t count = 0U;
    std::uint64_t bytes = 0U;
    Status status = check_profile_options(options);
    if (status.is_ok()) {
        status = check_known_type(type, Operand::a);
    }
    if (status.is_ok()) {
        status = check_profile_type(options, type);
    }
    if (status.is_ok()) {
        status = check_rank(a, Operand::a);
    }
    if (status.is_ok()) {
        status = check_rank(b, Operand::b);
    }
    if (status.is_ok()) {
        status = profile_shapes(options, type, a, b, result, shape_rule);
    }
    const std::uint64_t size = static_cast<std::uint64_t>(element_size(type));
    if (status.is_ok()) {
        status = count_and_bytes(a, size, Operand::a, count, bytes);
    }
    if (status.is_ok()) {
        status = count_and_bytes(b, size, Operand::b, count, bytes);
    }
    if (status.is_ok()) {
        status = count_and_bytes(result.y, size, Operand::y, count, bytes);
    }
    if (status.is_ok()) {
        shapes = result;
    }
    return status;
}

}  // namespace sonnx::core
