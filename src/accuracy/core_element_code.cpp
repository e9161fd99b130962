// The core's element-level templates (src/core/div_element.hpp) instantiated
// with the scenario types: what the scenarios verify is that code.
//
// The choice of template and of the float and signed types per element type
// mirrors the dispatch of src/core/div_float.cpp and div_int.cpp (the
// templates are shared, the dispatch table is restated here; see
// spec/unit-verification.md, DIV-UV-D7).
#include <cstdint>

#include "div_element.hpp"
#include "sonnx/accuracy/scenario.hpp"

namespace sonnx::accuracy {

namespace {

// The 16-bit formats' widening step on the scenario types: the same
// Format interface as the core's Fp16 / Bf16 structs in div_float.cpp.
// [impl->req~div-uv-d7~1]
template <typename Narrow>
struct WidenedFormat {
    using Bits = Sde<Narrow>;
    using Wide = Sde<Fp32>;
    using Narrowed = Sde<Narrow>;
    static Wide widen(const Bits& x) { return convert_to<Fp32>(x); }
    static Narrowed narrow(const Wide& x) { return convert_to<Narrow>(x, Rounding::to_nearest_even); }
};

}  // namespace

// [impl->req~div-uv-d7~1]
template <>
FloatDivision<Fp32> core_float_division<Fp32>() {
    return [](const Sde<Fp32>& a, const Sde<Fp32>& b) { return core::divide_element(a, b); };
}

// [impl->req~div-uv-d7~1]
template <>
FloatDivision<Fp64> core_float_division<Fp64>() {
    return [](const Sde<Fp64>& a, const Sde<Fp64>& b) { return core::divide_element(a, b); };
}

// [impl->req~div-uv-d7~1]
template <>
FloatDivision<Fp16> core_float_division<Fp16>() {
    return
        [](const Sde<Fp16>& a, const Sde<Fp16>& b) { return core::divide_widened<WidenedFormat<Fp16>>(a, b).result; };
}

// [impl->req~div-uv-d7~1]
template <>
FloatDivision<Bf16> core_float_division<Bf16>() {
    return
        [](const Sde<Bf16>& a, const Sde<Bf16>& b) { return core::divide_widened<WidenedFormat<Bf16>>(a, b).result; };
}

// The real variant divides exactly; its element step is the same template.
// [impl->req~div-uv-d7~1]
template <>
FloatDivision<Exact> core_float_division<Exact>() {
    return [](const Sde<Exact>& a, const Sde<Exact>& b) { return core::divide_element(a, b); };
}

namespace {

// INT4/INT8/INT16 (and unsigned) through FP32, INT32 through FP64, the
// truncated quotient held in int32 (div_int.cpp, divide_int).
// [impl->req~div-uv-d7~1]
template <typename T, typename F>
IntDivision<T> through_float(IntRounding rounding) {
    using S = SdeInt<std::int32_t>;
    if (rounding == IntRounding::floor) {
        return [](const SdeInt<T>& a, const SdeInt<T>& b) {
            return core::divide_floor_through<SdeInt<T>, Sde<F>, S>(a, b);
        };
    }
    return [](const SdeInt<T>& a, const SdeInt<T>& b) {
        return core::divide_toward_zero_through<SdeInt<T>, Sde<F>, S>(a, b);
    };
}

}  // namespace

// [impl->req~div-uv-d7~1]
template <>
IntDivision<std::int8_t> core_int_division<std::int8_t>(IntRounding rounding) {
    return through_float<std::int8_t, Fp32>(rounding);
}

// [impl->req~div-uv-d7~1]
template <>
IntDivision<std::uint8_t> core_int_division<std::uint8_t>(IntRounding rounding) {
    return through_float<std::uint8_t, Fp32>(rounding);
}

// [impl->req~div-uv-d7~1]
template <>
IntDivision<std::int16_t> core_int_division<std::int16_t>(IntRounding rounding) {
    return through_float<std::int16_t, Fp32>(rounding);
}

// [impl->req~div-uv-d7~1]
template <>
IntDivision<std::uint16_t> core_int_division<std::uint16_t>(IntRounding rounding) {
    return through_float<std::uint16_t, Fp32>(rounding);
}

// [impl->req~div-uv-d7~1]
template <>
IntDivision<std::int32_t> core_int_division<std::int32_t>(IntRounding rounding) {
    return through_float<std::int32_t, Fp64>(rounding);
}

// UINT32: floor and truncation agree (divide_uint32).
// [impl->req~div-uv-d7~1]
template <>
IntDivision<std::uint32_t> core_int_division<std::uint32_t>(IntRounding rounding) {
    static_cast<void>(rounding);
    return [](const SdeInt<std::uint32_t>& a, const SdeInt<std::uint32_t>& b) {
        const Sde<Fp64> half_range = Sde<Fp64>::exact(power_of_two(31L));
        const SdeInt<std::uint32_t> high_bit(0x80000000U);
        return core::divide_unsigned_through<SdeInt<std::uint32_t>, Sde<Fp64>, SdeInt<std::int32_t>>(a, b, half_range,
                                                                                                     high_bit);
    };
}

// INT64: the integer divider (divide_int64).
// [impl->req~div-uv-d7~1]
template <>
IntDivision<std::int64_t> core_int_division<std::int64_t>(IntRounding rounding) {
    const bool floor_division = rounding == IntRounding::floor;
    return [floor_division](const SdeInt<std::int64_t>& a, const SdeInt<std::int64_t>& b) {
        return core::divide_integer(a, b, floor_division);
    };
}

// UINT64: one truncating division (divide_uint64).
// [impl->req~div-uv-d7~1]
template <>
IntDivision<std::uint64_t> core_int_division<std::uint64_t>(IntRounding rounding) {
    static_cast<void>(rounding);
    return [](const SdeInt<std::uint64_t>& a, const SdeInt<std::uint64_t>& b) { return core::divide_element(a, b); };
}

}  // namespace sonnx::accuracy
