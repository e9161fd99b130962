// Element-wise float division kernels. They run inside the default FP
// environment (see fp_environment.hpp); the caller reads the hardware flags.
#ifndef SONNX_CORE_DIV_FLOAT_HPP
#define SONNX_CORE_DIV_FLOAT_HPP

#include <cstdint>

namespace sonnx::core {

void divide_fp32(const float* a, const float* b, float* y, std::uint64_t count) noexcept;
void divide_fp64(const double* a, const double* b, double* y, std::uint64_t count) noexcept;

// The 16-bit kernels return the overflow, underflow and inexact flags of the
// 16-bit rounding as fp_flag_* bits; the caller ORs the hardware flags of the
// FP32 step (which are also the 16-bit division's, see div_float.cpp).
// The hardware flags that apply to the 16-bit kernels (see div_float.cpp).
extern const std::uint8_t kFp16HardwareFlags;
extern const std::uint8_t kBf16HardwareFlags;

[[nodiscard]] std::uint8_t divide_fp16(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* y,
                                       std::uint64_t count) noexcept;
// want_flags false: the caller discards the flags, and the kernel may skip
// deriving them (the returned flags are then incomplete); results are the same.
[[nodiscard]] std::uint8_t divide_bf16(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* y,
                                       std::uint64_t count, bool want_flags) noexcept;

}  // namespace sonnx::core

#endif  // SONNX_CORE_DIV_FLOAT_HPP
