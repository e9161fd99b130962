// The SONNX Div operator: Y = A / B, element-wise, on tensors of one shape and type.
//
//   sonnx::DivReport report{};
//   const sonnx::Status st = sonnx::div(a, b, y, sonnx::DivOptions{}, &report);
//   if (!st.is_ok()) { /* st.requirement names the violated requirement */ }
//
// On any error status the output buffer is left untouched: every check runs
// before the first write.
#ifndef SONNX_DIV_HPP
#define SONNX_DIV_HPP

#include <cstdint>

#include "sonnx/status.hpp"
#include "sonnx/tensor.hpp"

namespace sonnx {

// Integer rounding: floor is the SONNX spec's (default), toward_zero is ONNX's.
// [impl->req~div-int-f1~1]
// [impl->req~div-int-d1~1]
enum class IntRounding : std::uint8_t { floor = 0U, toward_zero = 1U };

struct DivOptions {
    IntRounding int_rounding{IntRounding::floor};
};

// IEEE 754 exception flags raised by a float division, as bits of a set.
// [impl->req~div-float-d6~1]
inline constexpr std::uint8_t fp_flag_none = 0U;
inline constexpr std::uint8_t fp_flag_invalid = 1U;
inline constexpr std::uint8_t fp_flag_divide_by_zero = 2U;
inline constexpr std::uint8_t fp_flag_overflow = 4U;
inline constexpr std::uint8_t fp_flag_underflow = 8U;
inline constexpr std::uint8_t fp_flag_inexact = 16U;

struct DivReport {
    std::uint8_t fp_flags{fp_flag_none};  // OR of fp_flag_* bits; 0 for integer types
    std::uint64_t elements{0U};           // elements written
};

// Divides A by B into Y. `report` may be null.
[[nodiscard]] Status div(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y,
                         const DivOptions& options, DivReport* report) noexcept;

}  // namespace sonnx

#endif  // SONNX_DIV_HPP
