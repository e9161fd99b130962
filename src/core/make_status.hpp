// Builds a failure status: one place for the fields every check fills.
#ifndef SONNX_CORE_MAKE_STATUS_HPP
#define SONNX_CORE_MAKE_STATUS_HPP

#include <cstdint>

#include "sonnx/status.hpp"

namespace sonnx::core {

// [impl->req~div-api-d2~1]
inline Status make_status(StatusCode code, RequirementId requirement, Operand operand, std::uint64_t index) noexcept {
    Status status{};
    status.code = code;
    status.requirement = requirement;
    status.operand = operand;
    status.index = index;
    return status;
}

}  // namespace sonnx::core

#endif  // SONNX_CORE_MAKE_STATUS_HPP
