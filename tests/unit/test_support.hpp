// Helpers for the core's unit tests: views over std::vector, exact decoding
// of float bit patterns, and an MPFR reference for correctly rounded
// division in each format. None of it uses the code under test.
#ifndef SONNX_TESTS_UNIT_TEST_SUPPORT_HPP
#define SONNX_TESTS_UNIT_TEST_SUPPORT_HPP

#include <cstdint>
#include <vector>

#include "sonnx/div.hpp"

namespace sonnx::test {

// An IEEE-style binary format: precision p (with the implicit bit), exponent
// field width and bias.
struct Format {
    int precision;
    int exponent_bits;
    int bias;
    int total_bits;
};

inline constexpr Format kFp16{11, 5, 15, 16};
inline constexpr Format kBf16{8, 8, 127, 16};
inline constexpr Format kFp32{24, 8, 127, 32};
inline constexpr Format kFp64{53, 11, 1023, 64};

// The exact value of a bit pattern as a double (every FP16/BF16/FP32 value
// is a double; FP64 is itself). NaN for NaN patterns.
double decode(const Format& format, std::uint64_t bits);
bool is_nan_bits(const Format& format, std::uint64_t bits);
bool is_quiet_nan_bits(const Format& format, std::uint64_t bits);
bool sign_bit(const Format& format, std::uint64_t bits);

// The bit patterns of 3 and 1.5 in `format`: 3 / 1.5 = 2 is exact and
// raises no flag, the filler of the flag tests' other elements.
std::uint64_t three_bits(const Format& format);
std::uint64_t one_and_half_bits(const Format& format);

// MPFR: a / b rounded to nearest even in `format`, with its exponent range
// and subnormals (mpfr_set_emin/emax + mpfr_subnormalize). Operands exact.
double mpfr_divide(const Format& format, double a, double b);

// The IEEE 754 flags (fp_flag_* bits) that a / b raises in `format` under
// default exception handling, with tininess detected after rounding (as on
// x86 and in IEEE 754-2019 7.5): a signalling NaN operand, 0/0 and inf/inf
// are invalid; finite non-zero / 0 divides by zero; otherwise MPFR rounds the
// exact quotient to p bits with an unbounded exponent to decide overflow and
// tininess, and multiplies back exactly to decide inexactness.
std::uint8_t ieee_flags(const Format& format, std::uint64_t a_bits, std::uint64_t b_bits);

// Shape of a 1-D tensor of n elements.
Shape shape_1d(std::uint64_t n);

template <typename T>
ConstTensorView in_view(ElementType type, const std::vector<T>& data) {
    return ConstTensorView{type, shape_1d(data.size()), data.data(), data.size() * sizeof(T)};
}

template <typename T>
TensorView out_view(ElementType type, std::vector<T>& data) {
    return TensorView{type, shape_1d(data.size()), data.data(), data.size() * sizeof(T)};
}

// Divides element-wise with the given rounding; returns the status.
template <typename T>
Status divide(ElementType type, const std::vector<T>& a, const std::vector<T>& b, std::vector<T>& y,
              IntRounding rounding = IntRounding::floor, DivReport* report = nullptr) {
    return div(in_view(type, a), in_view(type, b), out_view(type, y), DivOptions{rounding}, report);
}

}  // namespace sonnx::test

#endif  // SONNX_TESTS_UNIT_TEST_SUPPORT_HPP
