#include "operand_layout.hpp"

#include "check_hints.hpp"
#include "precondition_failure.hpp"

namespace sonnx::cli {

// [impl->req~div-cli-d10~1]
// [impl->req~div-cli-d18~1]
// [impl->req~div-cli-d19~1]
// [impl->req~div-io-d5~2]
OperandLayout operand_layout(const CheckOperand& a, const CheckOperand& b, const DivOptions& options) {
    OperandLayout out;
    out.y_dims = a.dims;
    if ((options.profile == Profile::sonnx) || (a.type != b.type)) {
        return out;  // equal shapes only, or a type mismatch: the oracle's own checks report it
    }
    const Status status = div_broadcast_layout(a.type, a.view.shape, b.view.shape, options, out.layout);
    if (!status.is_ok()) {
        throw precondition_failure(status, &a.view, &b.view, nullptr, opset_hint(status, a.type, options));
    }
    out.broadcasts = true;
    out.y_dims.assign(out.layout.y.dims.begin(), out.layout.y.dims.begin() + out.layout.y.rank);
    return out;
}

}  // namespace sonnx::cli
