// The order of the checks is part of the contract (DIV-API-D2): the first
// failing check is the one reported.
#include "validate.hpp"

#include <limits>

#include "make_status.hpp"

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
        const RequirementId requirement = (type_class(reference) == TypeClass::floating)
                                              ? RequirementId::div_float_c2
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

// The first axis whose extent differs, or the shorter rank when one shape
// is a prefix of the other.
// [impl->req~div-api-d2~1]
std::uint64_t first_differing_axis(const Shape& lhs, const Shape& rhs) noexcept {
    const std::uint32_t common = (lhs.rank < rhs.rank) ? lhs.rank : rhs.rank;
    std::uint32_t axis = 0U;
    while ((axis < common) && (lhs.dims[axis] == rhs.dims[axis])) {
        ++axis;
    }
    return static_cast<std::uint64_t>(axis);
}

// [impl->req~div-float-r1~1]
// [impl->req~div-float-c1~1]
// [impl->req~div-int-r1~1]
// [impl->req~div-int-c1~1]
Status check_same_shape(ElementType type, const Shape& reference, const Shape& other,
                        Operand operand) noexcept {
    Status status{};
    if (!same_shape(reference, other)) {
        const RequirementId requirement = (type_class(type) == TypeClass::floating)
                                              ? RequirementId::div_float_c1
                                              : RequirementId::div_int_c1;
        status = make_status(StatusCode::shape_mismatch, requirement, operand,
                             first_differing_axis(reference, other));
    }
    return status;
}

// [impl->req~div-api-d3~1]
// [impl->req~div-gr1~1]
Status check_buffer(const void* data, std::size_t size_bytes, std::uint64_t needed_bytes,
                    std::uint64_t count, Operand operand) noexcept {
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

}  // namespace

// [impl->req~div-api-d1~1]
// [impl->req~div-api-d6~1]
Status validate_operands(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y,
                         const DivOptions& options, std::uint64_t& count) noexcept {
    Status status{};
    const bool rounding_known = (options.int_rounding == IntRounding::floor) ||
                                (options.int_rounding == IntRounding::toward_zero);
    if (!rounding_known) {
        status = make_status(StatusCode::invalid_argument, RequirementId::div_api_d6, Operand::none, 0U);
    }
    if (status.is_ok()) { status = check_known_type(a.type, Operand::a); }
    if (status.is_ok()) { status = check_known_type(b.type, Operand::b); }
    if (status.is_ok()) { status = check_known_type(y.type, Operand::y); }
    if (status.is_ok()) { status = check_same_type(a.type, b.type, Operand::b); }
    if (status.is_ok()) { status = check_same_type(a.type, y.type, Operand::y); }
    if (status.is_ok()) { status = check_rank(a.shape, Operand::a); }
    if (status.is_ok()) { status = check_rank(b.shape, Operand::b); }
    if (status.is_ok()) { status = check_rank(y.shape, Operand::y); }
    if (status.is_ok()) { status = check_same_shape(a.type, a.shape, b.shape, Operand::b); }
    if (status.is_ok()) { status = check_same_shape(a.type, a.shape, y.shape, Operand::y); }

    std::uint64_t elements = 0U;
    std::uint64_t bytes = 0U;
    if (status.is_ok()) {
        const std::uint64_t size = static_cast<std::uint64_t>(element_size(a.type));
        const bool counted = element_count(a.shape, elements);
        const bool fits = counted && (elements <= (std::numeric_limits<std::uint64_t>::max() / size));
        if (fits) {
            bytes = elements * size;
        } else {
            status = make_status(StatusCode::size_overflow, RequirementId::div_api_d4, Operand::a, 0U);
        }
    }
    if (status.is_ok()) { status = check_buffer(a.data, a.size_bytes, bytes, elements, Operand::a); }
    if (status.is_ok()) { status = check_buffer(b.data, b.size_bytes, bytes, elements, Operand::b); }
    if (status.is_ok()) { status = check_buffer(y.data, y.size_bytes, bytes, elements, Operand::y); }
    if (status.is_ok()) {
        count = elements;
    }
    return status;
}

}  // namespace sonnx::core
