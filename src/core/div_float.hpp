// Element-wise float division kernels. They run inside the default FP
// environment (see fp_environment.hpp); the caller reads the hardware flags.
#ifndef SONNX_CORE_DIV_FLOAT_HPP
#define SONNX_CORE_DIV_FLOAT_HPP

#include <cstdint>

namespace sonnx::core {

void divide_fp32(const float* a, const float* b, float* y, std::uint64_t count) noexcept;
void divide_fp64(const double* a, const double* b, double* y, std::uint64_t count) noexcept;

// The 16-bit kernels return the overflow, underflow and inexact flags of the
// 16-bit rounding as FpFlag bits; of the hardware flags only invalid,
// divide-by-zero and inexact then apply (the FP32 step cannot be wrong about
// those, and its own overflow and underflow are not the 16-bit format's).
[[nodiscard]] std::uint8_t divide_fp16(const std::uint16_t* a, const std::uint16_t* b,
                                       std::uint16_t* y, std::uint64_t count) noexcept;
[[nodiscard]] std::uint8_t divide_bf16(const std::uint16_t* a, const std::uint16_t* b,
                                       std::uint16_t* y, std::uint64_t count) noexcept;

}  // namespace sonnx::core

#endif  // SONNX_CORE_DIV_FLOAT_HPP
