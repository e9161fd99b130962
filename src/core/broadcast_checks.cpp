// Value checks under broadcasting. The divisor checks reuse the equal-shape
// check (check_int_operands) on every run of Y, so that the same element
// pairs give the same verdicts, and shift its index to Y's.
#include "broadcast_checks.hpp"

#include "div_int.hpp"
#include "make_status.hpp"

namespace sonnx::core {

namespace {

// INT4: -8 ... 7, i.e. value + 8 in 0 ... 15.
// [impl->req~div-int-d4~1]
bool int4_in_range(std::int8_t value) noexcept {
    return static_cast<std::uint32_t>(static_cast<std::int32_t>(value) + 8) <= 15U;
}

// [impl->req~div-int-d4~1]
bool uint4_in_range(std::uint8_t value) noexcept {
    return value <= 15U;
}

// [impl->req~div-int-d4~1]
// [impl->req~div-bcast-d3~1]
Status first_int4_outside(const void* data, std::uint64_t count, Operand operand) noexcept {
    const std::int8_t* const values = static_cast<const std::int8_t*>(data);
    std::uint64_t i = 0U;
    while ((i < count) && int4_in_range(values[i])) {
        ++i;
    }
    return (i < count) ? make_status(StatusCode::value_out_of_range, RequirementId::div_int_d4, operand, i)
                       : Status{};
}

// [impl->req~div-int-d4~1]
// [impl->req~div-bcast-d3~1]
Status first_uint4_outside(const void* data, std::uint64_t count, Operand operand) noexcept {
    const std::uint8_t* const values = static_cast<const std::uint8_t*>(data);
    std::uint64_t i = 0U;
    while ((i < count) && uint4_in_range(values[i])) {
        ++i;
    }
    return (i < count) ? make_status(StatusCode::value_out_of_range, RequirementId::div_int_d4, operand, i)
                       : Status{};
}

}  // namespace

// [impl->req~div-int-d4~1]
// [impl->req~div-bcast-d3~1]
// [impl->req~div-prof-d2~1]
Status check_nibble_ranges(ElementType type, const void* a, std::uint64_t count_a, const void* b,
                           std::uint64_t count_b) noexcept {
    Status status{};
    if (type == ElementType::int4) {
        status = first_int4_outside(a, count_a, Operand::a);
        if (status.is_ok()) {
            status = first_int4_outside(b, count_b, Operand::b);
        }
    } else if (type == ElementType::uint4) {
        status = first_uint4_outside(a, count_a, Operand::a);
        if (status.is_ok()) {
            status = first_uint4_outside(b, count_b, Operand::b);
        }
    } else {
        status = Status{};
    }
    return status;
}

// [impl->req~div-int-c3~1]
// [impl->req~div-int-d2~1]
// [impl->req~div-bcast-d3~1]
// [impl->req~div-prof-d2~1]
// [impl->req~div-api-d1~1]
Status check_divisors_broadcast(ElementType type, const BroadcastPlan& plan, const void* a,
                                const void* b) noexcept {
    Status status{};
    RunCursor cursor(plan, element_size(type), a, b);
    Run run{};
    bool more = cursor.next(run);
    while (more) {
        status = check_int_operands(type, run.a, run.b, run.count);
        if (status.is_ok()) {
            more = cursor.next(run);
        } else {
            status.index += run.y_offset;
            more = false;
        }
    }
    return status;
}

}  // namespace sonnx::core
