#include "precondition_failure.hpp"

#include <optional>

#include "sonnx/text/status_text.hpp"

namespace sonnx::cli {

namespace {

// No view for an absent operand, nor for one of more axes than a view holds
// (the readers refuse such files, DIV-IO-D4), so that the message never throws.
std::optional<ConstTensorView> view_of(const io::TensorData* t) {
    if ((t == nullptr) || (t->dims.size() > kMaxRank)) {
        return std::nullopt;
    }
    return t->view();
}

const ConstTensorView* pointer_to(const std::optional<ConstTensorView>& view) {
    return view.has_value() ? &*view : nullptr;
}

}  // namespace

std::string precondition_message(const Status& status, const io::TensorData* a, const io::TensorData* b,
                                 const io::TensorData* y) {
    const std::optional<ConstTensorView> va = view_of(a);
    const std::optional<ConstTensorView> vb = view_of(b);
    const std::optional<ConstTensorView> vy = view_of(y);
    return text::violation_message(status, pointer_to(va), pointer_to(vb), pointer_to(vy));
}

PreconditionFailure precondition_failure(const Status& status, const io::TensorData* a, const io::TensorData* b,
                                         const io::TensorData* y, const std::string& hint) {
    return PreconditionFailure(status, precondition_message(status, a, b, y), hint);
}

PreconditionFailure precondition_failure(const Status& status, const ConstTensorView* a, const ConstTensorView* b,
                                         const ConstTensorView* y, const std::string& hint) {
    return PreconditionFailure(status, text::violation_message(status, a, b, y), hint);
}

}  // namespace sonnx::cli
