// Baseline loops, compiled in their own translation unit with the same flags
// as the core, so that the compiler cannot fold them into the benchmark.
#ifndef SONNX_BENCH_BASELINES_HPP
#define SONNX_BENCH_BASELINES_HPP

#include <cstdint>

namespace sonnx::bench {

// c[i] = a[i] + b[i]: the memory-bandwidth reference for a given element size.
void add_fp32(const float* a, const float* b, float* c, std::uint64_t n);
void add_fp64(const double* a, const double* b, double* c, std::uint64_t n);
// 16-bit storage types: an integer add moves the same bytes at the least cost,
// so it is the strictest bandwidth reference for FP16 and BF16 alike.
void add_u16(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* c, std::uint64_t n);
// a[i] / b[i] with no checks and no environment handling (vectorised).
void divide_plain_fp32(const float* a, const float* b, float* c, std::uint64_t n);
// Scalar truncating integer division (the hardware divider, one at a time).
void divide_plain_int32(const std::int32_t* a, const std::int32_t* b, std::int32_t* c, std::uint64_t n);

}  // namespace sonnx::bench

#endif  // SONNX_BENCH_BASELINES_HPP
