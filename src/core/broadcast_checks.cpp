// The divisor check over a plan of Y's runs, for every profile. It reuses
// the check of contiguous elements (check_int_operands) on every run of Y,
// so that the same element pairs give the same verdicts, and shifts its
// index to Y's.
#include "broadcast_checks.hpp"

#include "div_int.hpp"

namespace sonnx::core {

// [impl->req~div-int-c3~1]
// [impl->req~div-int-d2~1]
// [impl->req~div-bcast-d3~1]
// [impl->req~div-prof-d2~1]
// [impl->req~div-api-d1~1]
Status check_divisors_broadcast(ElementType type, const BroadcastPlan& plan, const void* a, const void* b) noexcept {
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
