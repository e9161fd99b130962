#include "baselines.hpp"

namespace sonnx::bench {

void add_fp32(const float* a, const float* b, float* c, std::uint64_t n) {
    for (std::uint64_t i = 0U; i < n; ++i) {
        c[i] = a[i] + b[i];
    }
}

void add_fp64(const double* a, const double* b, double* c, std::uint64_t n) {
    for (std::uint64_t i = 0U; i < n; ++i) {
        c[i] = a[i] + b[i];
    }
}

void add_u16(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* c, std::uint64_t n) {
    for (std::uint64_t i = 0U; i < n; ++i) {
        c[i] = static_cast<std::uint16_t>(a[i] + b[i]);
    }
}

void divide_plain_fp32(const float* a, const float* b, float* c, std::uint64_t n) {
    for (std::uint64_t i = 0U; i < n; ++i) {
        c[i] = a[i] / b[i];
    }
}

void divide_plain_int32(const std::int32_t* a, const std::int32_t* b, std::int32_t* c, std::uint64_t n) {
    for (std::uint64_t i = 0U; i < n; ++i) {
        c[i] = a[i] / b[i];
    }
}

}  // namespace sonnx::bench
