// Helpers for the API, profile and broadcasting tests: shapes from lists,
// typed tensors, options per profile, a status expectation, a call that
// must leave Y untouched on error, and a reference for where each element of Y
// takes its operands from. The reference unravels every flat index of Y and
// applies NumPy's definition axis by axis; it shares no code with the core's
// run iteration (which merges axes and walks runs).
#ifndef SONNX_TESTS_UNIT_BROADCAST_TEST_SUPPORT_HPP
#define SONNX_TESTS_UNIT_BROADCAST_TEST_SUPPORT_HPP

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <utility>
#include <vector>

#include "sonnx/div.hpp"

namespace sonnx::test {

// A status with this code, requirement, operand and index.
inline void expect_status(const Status& s, StatusCode code, const char* requirement, Operand operand,
                          std::uint64_t index) {
    EXPECT_EQ(s.code, code) << status_code_name(s.code) << " " << requirement_name(s.requirement);
    EXPECT_STREQ(requirement_name(s.requirement), requirement);
    EXPECT_EQ(s.operand, operand) << operand_name(s.operand);
    EXPECT_EQ(s.index, index);
}

inline Shape make(std::initializer_list<std::uint64_t> dims) {
    Shape shape{};
    for (const std::uint64_t extent : dims) {
        shape.dims[shape.rank] = extent;
        ++shape.rank;
    }
    return shape;
}

inline std::uint64_t elements_of(const Shape& shape) {
    std::uint64_t count = 1U;
    for (std::uint32_t axis = 0U; axis < shape.rank; ++axis) {
        count *= shape.dims[axis];
    }
    return count;
}

template <typename T>
struct Tensor {
    ElementType type;
    Shape shape;
    std::vector<T> data;

    ConstTensorView in() const { return ConstTensorView{type, shape, data.data(), data.size() * sizeof(T)}; }
    TensorView out() { return TensorView{type, shape, data.data(), data.size() * sizeof(T)}; }
};

template <typename T>
Tensor<T> tensor(ElementType type, const Shape& shape, std::vector<T> data) {
    return Tensor<T>{type, shape, std::move(data)};
}

template <typename T>
Tensor<T> filled(ElementType type, const Shape& shape, T value) {
    return Tensor<T>{type, shape, std::vector<T>(static_cast<std::size_t>(elements_of(shape)), value)};
}

// Runs div with Y prefilled by a sentinel; on error, checks Y kept it.
template <typename T>
Status run_untouched(const ConstTensorView& a, const ConstTensorView& b, Tensor<T>& y, const DivOptions& options,
                     DivReport* report = nullptr) {
    std::vector<unsigned char> before(y.data.size() * sizeof(T));
    if (!before.empty()) {  // an empty Y has no data pointer, which memset and memcmp must not be given
        std::memset(y.data.data(), 0xA5, before.size());
        std::memcpy(before.data(), y.data.data(), before.size());
    }
    const Status status = div(a, b, y.out(), options, report);
    if (!status.is_ok() && !before.empty()) {
        EXPECT_EQ(std::memcmp(before.data(), y.data.data(), before.size()), 0) << "output written on error";
    }
    return status;
}

inline DivOptions onnx_options(std::uint32_t opset) {
    DivOptions options{};
    options.profile = Profile::onnx;
    options.onnx.opset = opset;
    return options;
}

inline DivOptions legacy_options(std::uint32_t opset, bool broadcast, bool has_axis = false, std::int64_t axis = 0) {
    DivOptions options = onnx_options(opset);
    options.onnx.broadcast = broadcast;
    options.onnx.has_axis = has_axis;
    options.onnx.axis = axis;
    return options;
}

inline DivOptions openvino_options(bool pythondiv = true, AutoBroadcast mode = AutoBroadcast::numpy) {
    DivOptions options{};
    options.profile = Profile::openvino;
    options.openvino.pythondiv = pythondiv;
    options.openvino.auto_broadcast = mode;
    return options;
}

// For every flat index of Y (shape y), the flat indices of A and B, whose
// shapes are aligned to Y's rank on the right (an operand may be given at
// Y's rank with explicit 1s, which is how the tests express ONNX's legacy
// axis broadcasting). Extent 1 repeats; any other extent must equal Y's.
inline std::vector<std::pair<std::uint64_t, std::uint64_t>> source_indices(const Shape& y, const Shape& a,
                                                                           const Shape& b) {
    std::vector<std::pair<std::uint64_t, std::uint64_t>> pairs;
    const std::uint64_t count = elements_of(y);
    for (std::uint64_t flat = 0U; flat < count; ++flat) {
        std::vector<std::uint64_t> index(y.rank);
        std::uint64_t rest = flat;
        for (std::uint32_t k = 0U; k < y.rank; ++k) {
            const std::uint32_t axis = y.rank - 1U - k;
            index[axis] = rest % y.dims[axis];
            rest /= y.dims[axis];
        }
        auto flat_of = [&](const Shape& s) {
            std::uint64_t position = 0U;
            for (std::uint32_t axis = 0U; axis < s.rank; ++axis) {
                const std::uint64_t extent = s.dims[axis];
                const std::uint64_t i = (extent == 1U) ? 0U : index[y.rank - s.rank + axis];
                position = position * extent + i;
            }
            return position;
        };
        pairs.emplace_back(flat_of(a), flat_of(b));
    }
    return pairs;
}

}  // namespace sonnx::test

#endif  // SONNX_TESTS_UNIT_BROADCAST_TEST_SUPPORT_HPP
