// `check` under a profile that broadcasts: A and B are expanded to Y's shape
// (as div_output_shape gives it) so that the oracle compares element by
// element, exactly as for equal shapes.
#ifndef SONNX_CLI_BROADCAST_OPERANDS_HPP
#define SONNX_CLI_BROADCAST_OPERANDS_HPP

#include "sonnx/div.hpp"
#include "sonnx/io/tensor_data.hpp"

namespace sonnx::cli {

// A and B as the oracle compares them: checked against the profile's type
// and shape rules (a precondition failure, exit status 3, when they break
// one) and, only where a shape differs from Y's, a broadcast copy; otherwise
// the operand itself, not copied. Operands of different types are left for
// the oracle's own type check. A candidate Y whose shape is not the
// broadcast shape is a precondition failure too, found before anything is
// expanded. Holds references: a and b must outlive it.
class BroadcastOperands {
public:
    BroadcastOperands(const io::TensorData& a, const io::TensorData& b, const io::TensorData& y,
                      const DivOptions& options);
    BroadcastOperands(const BroadcastOperands&) = delete;
    BroadcastOperands& operator=(const BroadcastOperands&) = delete;

    [[nodiscard]] const io::TensorData& a() const { return a_expanded_ ? a_wide_ : a_; }
    [[nodiscard]] const io::TensorData& b() const { return b_expanded_ ? b_wide_ : b_; }

private:
    const io::TensorData& a_;
    const io::TensorData& b_;
    io::TensorData a_wide_;
    io::TensorData b_wide_;
    bool a_expanded_{false};
    bool b_expanded_{false};
};

}  // namespace sonnx::cli

#endif  // SONNX_CLI_BROADCAST_OPERANDS_HPP
