// One row of 16-bit pairs on the C++ core, for the extracted Why3 integer
// model (tests/why3/int_model_every_pair.ml), which calls it in-process
// through tests/why3/core_rows_stubs.c and compares every pair.
//
// The row is a fixed A against every B of the type, divided by sonnx::div
// in calls of many elements, as a user calls it, so the core's vector
// loops run. Zero divisors and MIN / -1 make a whole call fail, so the
// divisors 0 and -1 get calls of their own and the other divisors are
// divided in one call per sign; this split is fixed by the type, not by
// anything the core returns.
#include "core_rows.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "sonnx/div.hpp"

namespace {

constexpr std::size_t row_length = 65536U;

// Divides a by b[first, last) with one sonnx::div call and writes each
// element's verdict (and quotient, when the call succeeds).
template <typename T>
void divide_segment(sonnx::ElementType type, sonnx::IntRounding rounding, T a, const std::array<T, row_length>& b,
                    std::size_t first, std::size_t last, std::int32_t* quotients, std::uint8_t* verdicts) {
    static std::array<T, row_length> a_row{};
    static std::array<T, row_length> y_row{};
    const std::size_t count = last - first;
    for (std::size_t i = 0U; i < count; ++i) {
        a_row[i] = a;
        y_row[i] = 0;
    }
    sonnx::Shape shape{};
    shape.rank = 1U;
    shape.dims[0] = static_cast<std::uint64_t>(count);
    const sonnx::ConstTensorView va{type, shape, a_row.data(), count * sizeof(T)};
    const sonnx::ConstTensorView vb{type, shape, &b[first], count * sizeof(T)};
    const sonnx::TensorView vy{type, shape, y_row.data(), count * sizeof(T)};
    sonnx::DivOptions options{};
    options.int_rounding = rounding;
    const sonnx::Status status = sonnx::div(va, vb, vy, options, nullptr);
    for (std::size_t i = 0U; i < count; ++i) {
        quotients[first + i] = 0;
        verdicts[first + i] = sonnx_row_not_computed;
    }
    if (status.code == sonnx::StatusCode::ok) {
        for (std::size_t i = 0U; i < count; ++i) {
            quotients[first + i] = static_cast<std::int32_t>(y_row[i]);
            verdicts[first + i] = sonnx_row_quotient;
        }
    } else if (status.index < count) {
        std::uint8_t verdict = sonnx_row_other_status;
        if (status.code == sonnx::StatusCode::zero_divisor) {
            verdict = sonnx_row_zero_divisor;
        } else if (status.code == sonnx::StatusCode::overflow) {
            verdict = sonnx_row_overflow;
        } else {
            verdict = sonnx_row_other_status;
        }
        verdicts[first + static_cast<std::size_t>(status.index)] = verdict;
    } else {
        // An error without an element index in the call: every element stays not computed.
    }
}

template <typename T>
void divide_row(sonnx::ElementType type, sonnx::IntRounding rounding, std::int32_t a, std::int32_t* quotients,
                std::uint8_t* verdicts) {
    static std::array<T, row_length> b{};
    constexpr std::int32_t lowest = static_cast<std::int32_t>(std::numeric_limits<T>::min());
    for (std::size_t i = 0U; i < row_length; ++i) {
        b[i] = static_cast<T>(lowest + static_cast<std::int32_t>(i));
    }
    const T a_value = static_cast<T>(a);
    const std::size_t zero_at = static_cast<std::size_t>(-lowest);
    if (lowest < 0) {
        // [MIN, -2], then -1 and 0 alone, then [1, MAX].
        divide_segment<T>(type, rounding, a_value, b, 0U, zero_at - 1U, quotients, verdicts);
        divide_segment<T>(type, rounding, a_value, b, zero_at - 1U, zero_at, quotients, verdicts);
    }
    divide_segment<T>(type, rounding, a_value, b, zero_at, zero_at + 1U, quotients, verdicts);
    divide_segment<T>(type, rounding, a_value, b, zero_at + 1U, row_length, quotients, verdicts);
}

}  // namespace

extern "C" void sonnx_core_row16(int is_signed, int floor_rounding, std::int32_t a, std::int32_t* quotients,
                                 std::uint8_t* verdicts) {
    const sonnx::IntRounding rounding = (floor_rounding != 0) ? sonnx::IntRounding::floor
                                                              : sonnx::IntRounding::toward_zero;
    if (is_signed != 0) {
        divide_row<std::int16_t>(sonnx::ElementType::int16, rounding, a, quotients, verdicts);
    } else {
        divide_row<std::uint16_t>(sonnx::ElementType::uint16, rounding, a, quotients, verdicts);
    }
}
