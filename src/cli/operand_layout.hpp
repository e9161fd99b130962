// `check` under a profile that broadcasts: how A and B sit on Y's axes, so
// that the oracle finds each element's operands by index and nothing is
// copied (DIV-CLI-D19).
#ifndef SONNX_CLI_OPERAND_LAYOUT_HPP
#define SONNX_CLI_OPERAND_LAYOUT_HPP

#include <cstdint>
#include <vector>

#include "check_report.hpp"
#include "sonnx/div.hpp"

namespace sonnx::cli {

struct OperandLayout {
    bool broadcasts{false};            // false: the equal-shape check (the sonnx profile, or A and B typed apart)
    BroadcastLayout layout{};          // when broadcasts
    std::vector<std::uint64_t> y_dims;  // the shape of A / B (A's shape when nothing broadcasts)
};

// A's and B's layout under the profile's shape rule; a PreconditionFailure
// (exit status 3) when the shapes do not combine. Operands of different
// types are left to the oracle's own type check.
OperandLayout operand_layout(const CheckOperand& a, const CheckOperand& b, const DivOptions& options);

}  // namespace sonnx::cli

#endif  // SONNX_CLI_OPERAND_LAYOUT_HPP
