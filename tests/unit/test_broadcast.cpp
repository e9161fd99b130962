// Broadcasting: output shapes (compatible, incompatible, zero extents, rank
// limit, overflowing products), values against MPFR or exact integer
// arithmetic through an independent index reference, flags, element errors
// indexed in Y, and outputs that overlap an operand that broadcasts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <sys/mman.h>
#include <unistd.h>

#include "broadcast_test_support.hpp"
#include "test_support.hpp"

namespace sonnx::test {
namespace {

constexpr std::uint64_t kTwo32 = std::uint64_t{1} << 32U;

std::string describe(const Shape& s) {
    std::string text = "[";
    for (std::uint32_t axis = 0U; axis < s.rank; ++axis) {
        text += (axis == 0U ? "" : ",") + std::to_string(s.dims[axis]);
    }
    return text + "]";
}

struct ShapeCase {
    Shape a;
    Shape b;
    Shape y;
};

// Every pair from the ONNX and OpenVINO documents and the NumPy rule's
// corners; Y's shape is written out by hand.
std::vector<ShapeCase> compatible_cases() {
    return {
        {make({3, 4, 5}), make({5}), make({3, 4, 5})},                  // ONNX test_div_bcast
        {make({8, 1, 6, 1}), make({7, 1, 5}), make({8, 7, 6, 5})},      // OpenVINO Divide-1 example 2
        {make({2, 3, 4, 5}), make({}), make({2, 3, 4, 5})},             // scalar B
        {make({}), make({2, 3}), make({2, 3})},                         // scalar A
        {make({}), make({}), make({})},                                 // two scalars
        {make({2, 3}), make({2, 3}), make({2, 3})},                     // equal shapes
        {make({2, 1}), make({1, 3}), make({2, 3})},                     // both stretch
        {make({5, 1, 3}), make({4, 1}), make({5, 4, 3})},
        {make({1}), make({0}), make({0})},                              // 1 stretches to 0
        {make({0}), make({1}), make({0})},
        {make({2, 0}), make({0}), make({2, 0})},
        {make({1, 1, 1}), make({7}), make({1, 1, 7})},
        {make({4, 1, 1}), make({1, 1, 1, 1}), make({1, 4, 1, 1})},
    };
}

// [utest->req~div-bcast-d1~1]
// [utest->req~div-bcast-d5~2]
// [utest->req~div-onnx-r2~1]
// [utest->req~div-ov-r2~1]
TEST(BroadcastShapes, CompatibleShapesGiveTheNumpyShape) {
    RecordProperty("requirements", "DIV-BCAST-D1,DIV-BCAST-D5,DIV-ONNX-R2,DIV-OV-R2");
    for (const ShapeCase& c : compatible_cases()) {
        for (const DivOptions& options : {onnx_options(14U), onnx_options(7U), openvino_options()}) {
            Shape y = make({99});
            const Status s = div_output_shape(ElementType::fp32, c.a, c.b, options, y);
            EXPECT_TRUE(s.is_ok()) << describe(c.a) << " / " << describe(c.b) << ": " << status_code_name(s.code);
            EXPECT_TRUE(same_shape(y, c.y)) << describe(c.a) << " / " << describe(c.b) << " gave " << describe(y);
            // The swapped pair has the same shape (the rule is symmetric).
            Shape swapped{};
            EXPECT_TRUE(div_output_shape(ElementType::fp32, c.b, c.a, options, swapped).is_ok());
            EXPECT_TRUE(same_shape(swapped, c.y));
        }
    }
}

// [utest->req~div-bcast-d1~1]
// [utest->req~div-onnx-r2~1]
// [utest->req~div-ov-r2~1]
// [utest->req~div-api-d1~1]
TEST(BroadcastShapes, IncompatibleShapesNameTheRuleBAndTheFirstAxisOfY) {
    RecordProperty("requirements", "DIV-BCAST-D1,DIV-ONNX-R2,DIV-OV-R2,DIV-API-D1");
    struct Bad {
        Shape a;
        Shape b;
        std::uint64_t axis;
    };
    const std::vector<Bad> cases = {
        {make({3}), make({4}), 0U},
        {make({2, 3, 4}), make({5, 4}), 1U},     // B aligned to [1, 5, 4]
        {make({2, 1}), make({3, 4}), 0U},        // axis 0 fails first (axis 1 would stretch)
        {make({0}), make({3}), 0U},              // 0 and 3: neither is 1
        {make({6, 2, 3}), make({6, 2, 4}), 2U},
        {make({8, 1, 6, 1}), make({7, 2, 5}), 2U},
    };
    for (const Bad& c : cases) {
        Shape y = make({42});
        const Status onnx = div_output_shape(ElementType::fp32, c.a, c.b, onnx_options(13U), y);
        expect_status(onnx, StatusCode::shape_mismatch, "DIV-ONNX-R2", Operand::b, c.axis);
        EXPECT_TRUE(same_shape(y, make({42}))) << "y set on error";
        const Status ov = div_output_shape(ElementType::int32, c.a, c.b, openvino_options(), y);
        expect_status(ov, StatusCode::shape_mismatch, "DIV-OV-R2", Operand::b, c.axis);

        // div itself: the same status, nothing written.
        auto a = filled<float>(ElementType::fp32, c.a, 1.0F);
        auto b = filled<float>(ElementType::fp32, c.b, 1.0F);
        auto out = filled<float>(ElementType::fp32, make({64}), 0.0F);
        expect_status(run_untouched(a.in(), b.in(), out, onnx_options(14U)), StatusCode::shape_mismatch, "DIV-ONNX-R2",
                      Operand::b, c.axis);
    }
}

// Y's shape must be the broadcast shape itself, not merely hold as many elements.
// [utest->req~div-bcast-d1~1]
// [utest->req~div-prof-d3~1]
// [utest->req~div-api-d1~1]
TEST(BroadcastShapes, OutputMustHaveTheBroadcastShape) {
    RecordProperty("requirements", "DIV-BCAST-D1,DIV-PROF-D3,DIV-API-D1");
    auto a = filled<float>(ElementType::fp32, make({2, 3}), 6.0F);
    auto b = filled<float>(ElementType::fp32, make({3}), 2.0F);
    auto flat = filled<float>(ElementType::fp32, make({6}), 0.0F);
    expect_status(run_untouched(a.in(), b.in(), flat, onnx_options(14U)), StatusCode::shape_mismatch, "DIV-ONNX-R2",
                  Operand::y, 0U);
    auto transposed = filled<float>(ElementType::fp32, make({2, 4}), 0.0F);
    expect_status(run_untouched(a.in(), b.in(), transposed, openvino_options()), StatusCode::shape_mismatch,
                  "DIV-OV-R2", Operand::y, 1U);
    auto longer = filled<float>(ElementType::fp32, make({2, 3, 1}), 0.0F);
    expect_status(run_untouched(a.in(), b.in(), longer, openvino_options()), StatusCode::shape_mismatch, "DIV-OV-R2",
                  Operand::y, 2U);
    auto right = filled<float>(ElementType::fp32, make({2, 3}), 0.0F);
    EXPECT_TRUE(run_untouched(a.in(), b.in(), right, openvino_options()).is_ok());
    for (const float v : right.data) {
        EXPECT_EQ(v, 3.0F);
    }
}

// [utest->req~div-api-d5~1]
// [utest->req~div-bcast-d5~2]
// [utest->req~div-prof-d3~1]
TEST(BroadcastShapes, RankLimitOfSixteen) {
    RecordProperty("requirements", "DIV-API-D5,DIV-BCAST-D5,DIV-PROF-D3");
    Shape sixteen{};
    sixteen.rank = kMaxRank;
    for (std::uint32_t axis = 0U; axis < kMaxRank; ++axis) {
        sixteen.dims[axis] = (axis % 2U == 0U) ? 1U : 2U;
    }
    Shape y{};
    EXPECT_TRUE(div_output_shape(ElementType::fp32, sixteen, make({2}), onnx_options(14U), y).is_ok());
    EXPECT_EQ(y.rank, kMaxRank);
    EXPECT_EQ(y.dims[kMaxRank - 1U], 2U);
    Shape seventeen = sixteen;
    seventeen.rank = kMaxRank + 1U;
    expect_status(div_output_shape(ElementType::fp32, seventeen, make({2}), onnx_options(14U), y),
                  StatusCode::rank_too_large, "DIV-API-D5", Operand::a, 0U);
    expect_status(div_output_shape(ElementType::fp32, make({2}), seventeen, openvino_options(), y),
                  StatusCode::rank_too_large, "DIV-API-D5", Operand::b, 0U);

    // Values at rank 16, every other axis broadcast in B.
    const std::uint64_t n = elements_of(sixteen);
    auto a = tensor<float>(ElementType::fp32, sixteen, std::vector<float>(n));
    for (std::uint64_t i = 0U; i < n; ++i) {
        a.data[i] = static_cast<float>(i + 1U);
    }
    auto b = tensor<float>(ElementType::fp32, make({2, 1, 2}), {1.0F, 2.0F, 4.0F, 8.0F});
    auto out = filled<float>(ElementType::fp32, sixteen, 0.0F);
    ASSERT_TRUE(div(a.in(), b.in(), out.out(), onnx_options(14U), nullptr).is_ok());
    const auto pairs = source_indices(sixteen, sixteen, b.shape);
    for (std::uint64_t i = 0U; i < n; ++i) {
        EXPECT_EQ(out.data[i], static_cast<float>(mpfr_divide(kFp32, a.data[pairs[i].first], b.data[pairs[i].second])));
    }
}

// div_broadcast_layout: A's and B's shapes at Y's rank, by hand. NumPy:
// [3, 1] / [4] gives Y [3, 4] with B at [1, 4]; ONNX opset 6, axis 1:
// [2, 3, 4] / [3] places B at [1, 3, 1]; the sonnx profile: the shapes
// themselves. A shape mismatch leaves the layout as it was.
// [utest->req~div-bcast-d5~2]
TEST(BroadcastShapes, LayoutPlacesTheOperandsOnYsAxes) {
    RecordProperty("requirements", "DIV-BCAST-D5");
    auto same = [](const Shape& x, const Shape& y) {
        return (x.rank == y.rank) && std::equal(x.dims.begin(), x.dims.begin() + x.rank, y.dims.begin());
    };
    BroadcastLayout layout{};
    ASSERT_TRUE(div_broadcast_layout(ElementType::fp32, make({3, 1}), make({4}), onnx_options(14U), layout).is_ok());
    EXPECT_TRUE(same(layout.y, make({3, 4})));
    EXPECT_TRUE(same(layout.a_aligned, make({3, 1})));
    EXPECT_TRUE(same(layout.b_aligned, make({1, 4})));
    ASSERT_TRUE(
        div_broadcast_layout(ElementType::fp32, make({2, 3, 4}), make({3}), legacy_options(6U, true, true, 1), layout)
            .is_ok());
    EXPECT_TRUE(same(layout.y, make({2, 3, 4})));
    EXPECT_TRUE(same(layout.a_aligned, make({2, 3, 4})));
    EXPECT_TRUE(same(layout.b_aligned, make({1, 3, 1})));
    ASSERT_TRUE(div_broadcast_layout(ElementType::int32, make({5}), make({5}), DivOptions{}, layout).is_ok());
    EXPECT_TRUE(same(layout.y, make({5})));
    EXPECT_TRUE(same(layout.b_aligned, make({5})));
    expect_status(div_broadcast_layout(ElementType::int32, make({5}), make({4}), DivOptions{}, layout),
                  StatusCode::shape_mismatch, "DIV-INT-C1", Operand::b, 0U);
    EXPECT_TRUE(same(layout.y, make({5})));  // unchanged
}

// Products that do not fit 64 bits: A's, B's, and the broadcast shape's
// even when neither operand's does; the byte size as well.
// [utest->req~div-api-d4~1]
// [utest->req~div-bcast-d5~2]
// [utest->req~div-prof-d3~1]
TEST(BroadcastShapes, OverflowingProductsAreRejected) {
    RecordProperty("requirements", "DIV-API-D4,DIV-BCAST-D5,DIV-PROF-D3");
    Shape y{};
    expect_status(div_output_shape(ElementType::fp32, make({kTwo32, 1}), make({1, kTwo32}), onnx_options(14U), y),
                  StatusCode::size_overflow, "DIV-API-D4", Operand::y, 0U);
    expect_status(div_output_shape(ElementType::fp32, make({kTwo32, kTwo32}), make({1}), onnx_options(14U), y),
                  StatusCode::size_overflow, "DIV-API-D4", Operand::a, 0U);
    expect_status(div_output_shape(ElementType::fp32, make({1}), make({kTwo32, kTwo32, 0}), openvino_options(), y),
                  StatusCode::size_overflow, "DIV-API-D4", Operand::b, 0U);
    // 2^61 doubles: the count fits, the bytes (2^64) do not.
    expect_status(div_output_shape(ElementType::fp64, make({std::uint64_t{1} << 61U}), make({}), onnx_options(14U), y),
                  StatusCode::size_overflow, "DIV-API-D4", Operand::a, 0U);
    // A zero extent does not excuse an overflowing product (DIV-API-D4), in Y either.
    expect_status(div_output_shape(ElementType::fp32, make({0, kTwo32, 1}), make({1, 1, kTwo32}), onnx_options(14U), y),
                  StatusCode::size_overflow, "DIV-API-D4", Operand::y, 0U);
    // The largest product that fits is accepted.
    EXPECT_TRUE(
        div_output_shape(ElementType::int8, make({kTwo32 - 1U, 1}), make({1, kTwo32 + 1U}), onnx_options(14U), y)
            .is_ok());
    EXPECT_EQ(y.dims[0] * y.dims[1], std::numeric_limits<std::uint64_t>::max());

    // div reports the same for Y (with views whose buffers are never touched).
    const float one = 1.0F;
    float sink = 0.0F;
    const ConstTensorView a{ElementType::fp32, make({kTwo32, 1}), &one, sizeof one};
    const ConstTensorView b{ElementType::fp32, make({1, kTwo32}), &one, sizeof one};
    const TensorView out{ElementType::fp32, make({kTwo32, kTwo32}), &sink, sizeof sink};
    expect_status(div(a, b, out, onnx_options(14U), nullptr), StatusCode::size_overflow, "DIV-API-D4", Operand::y, 0U);
    EXPECT_EQ(sink, 0.0F);
}

// FP32 values of every compatible pair against MPFR through the reference
// index mapping, under both broadcasting profiles; random operands.
// [utest->req~div-bcast-d2~1]
// [utest->req~div-onnx-r2~1]
// [utest->req~div-ov-r2~1]
// [utest->req~div-prof-d2~1]
TEST(BroadcastValues, Fp32MatchesMpfrForEveryShapePair) {
    RecordProperty("requirements", "DIV-BCAST-D2,DIV-ONNX-R2,DIV-OV-R2,DIV-PROF-D2");
    std::mt19937 generator(11U);
    std::uniform_real_distribution<float> values(-100.0F, 100.0F);
    std::vector<ShapeCase> cases = compatible_cases();
    cases.push_back({make({3, 1, 5}), make({3, 4, 1}), make({3, 4, 5})});
    cases.push_back({make({2, 3, 1, 2}), make({3, 2, 2}), make({2, 3, 2, 2})});
    for (const ShapeCase& c : cases) {
        for (int swap = 0; swap < 2; ++swap) {
            const Shape& sa = (swap == 0) ? c.a : c.b;
            const Shape& sb = (swap == 0) ? c.b : c.a;
            auto a = filled<float>(ElementType::fp32, sa, 0.0F);
            auto b = filled<float>(ElementType::fp32, sb, 0.0F);
            for (float& v : a.data) {
                v = values(generator);
            }
            for (float& v : b.data) {
                v = values(generator);
            }
            for (const DivOptions& options : {onnx_options(14U), openvino_options(false)}) {
                auto out = filled<float>(ElementType::fp32, c.y, -1.0F);
                DivReport report{};
                ASSERT_TRUE(div(a.in(), b.in(), out.out(), options, &report).is_ok()) << describe(sa) << describe(sb);
                EXPECT_EQ(report.elements, elements_of(c.y));
                const auto pairs = source_indices(c.y, sa, sb);
                for (std::size_t i = 0U; i < pairs.size(); ++i) {
                    const float expected = static_cast<float>(
                        mpfr_divide(kFp32, a.data[pairs[i].first], b.data[pairs[i].second]));
                    EXPECT_EQ(out.data[i], expected) << describe(sa) << " / " << describe(sb) << " at " << i;
                }
            }
        }
    }
}

// Runs longer than the tile (2048 bytes) in which a repeated element is
// copied: a scalar on either side, and a repeated column, for each width.
template <typename T>
void long_runs_match(ElementType type, const Format& format, const std::vector<T>& pool) {
    const std::vector<ShapeCase> cases = {
        {make({3000}), make({}), make({3000})},
        {make({}), make({3000}), make({3000})},
        {make({2, 1500}), make({2, 1}), make({2, 1500})},
        {make({3, 1}), make({1, 1100}), make({3, 1100})},
    };
    for (const ShapeCase& c : cases) {
        auto a = filled<T>(type, c.a, T{});
        auto b = filled<T>(type, c.b, T{});
        for (std::size_t i = 0U; i < a.data.size(); ++i) {
            a.data[i] = pool[(i * 7U) % pool.size()];
        }
        for (std::size_t i = 0U; i < b.data.size(); ++i) {
            b.data[i] = pool[(i * 3U + 1U) % pool.size()];
        }
        auto out = filled<T>(type, c.y, T{});
        ASSERT_TRUE(div(a.in(), b.in(), out.out(), onnx_options(14U), nullptr).is_ok());
        const auto pairs = source_indices(c.y, c.a, c.b);
        for (std::size_t i = 0U; i < pairs.size(); ++i) {
            const double expected = mpfr_divide(format, static_cast<double>(a.data[pairs[i].first]),
                                                static_cast<double>(b.data[pairs[i].second]));
            EXPECT_EQ(static_cast<double>(out.data[i]), expected)
                << describe(c.a) << " / " << describe(c.b) << " at " << i;
        }
    }
}

// [utest->req~div-bcast-d2~1]
// [utest->req~div-prof-d2~1]
TEST(BroadcastValues, RunsLongerThanTheTile) {
    RecordProperty("requirements", "DIV-BCAST-D2,DIV-PROF-D2");
    long_runs_match<float>(ElementType::fp32, kFp32, {1.0F, -3.0F, 7.5F, 0.1F, 1e30F, -2e-30F, 3.0F});
    long_runs_match<double>(ElementType::fp64, kFp64, {1.0, -3.0, 7.5, 0.1, 1e300, -2e-300, 3.0});
}

// FP16 and BF16 patterns of exactly representable quotients (hand-encoded).
// [utest->req~div-bcast-d2~1]
// [utest->req~div-float-d7~1]
// [utest->req~div-prof-d2~1]
TEST(BroadcastValues, HalfFormatsBitExact) {
    RecordProperty("requirements", "DIV-BCAST-D2,DIV-FLOAT-D7,DIV-PROF-D2");
    // FP16: 6, 3, -2, 1 / {2, 0.5} -> 3, 12, -1, 0.5 | 1.5, 6, -4, 2  (0x4200 ...)
    auto a16 = tensor<std::uint16_t>(ElementType::fp16, make({4, 1}), {0x4600U, 0x4200U, 0xC000U, 0x3C00U});
    auto b16 = tensor<std::uint16_t>(ElementType::fp16, make({2}), {0x4000U, 0x3800U});
    auto y16 = filled<std::uint16_t>(ElementType::fp16, make({4, 2}), 0U);
    ASSERT_TRUE(div(a16.in(), b16.in(), y16.out(), onnx_options(14U), nullptr).is_ok());
    EXPECT_EQ(y16.data,
              (std::vector<std::uint16_t>{0x4200U, 0x4A00U, 0x3E00U, 0x4600U, 0xBC00U, 0xC400U, 0x3800U, 0x4000U}));
    // BF16, opset 13 (where BF16 is admitted): same values.
    auto a_bf = tensor<std::uint16_t>(ElementType::bf16, make({4, 1}), {0x40C0U, 0x4040U, 0xC000U, 0x3F80U});
    auto b_bf = tensor<std::uint16_t>(ElementType::bf16, make({2}), {0x4000U, 0x3F00U});
    auto y_bf = filled<std::uint16_t>(ElementType::bf16, make({4, 2}), 0U);
    ASSERT_TRUE(div(a_bf.in(), b_bf.in(), y_bf.out(), onnx_options(13U), nullptr).is_ok());
    EXPECT_EQ(y_bf.data,
              (std::vector<std::uint16_t>{0x4040U, 0x4140U, 0x3FC0U, 0x40C0U, 0xBF80U, 0xC080U, 0x3F00U, 0x4000U}));
    // A long BF16 run against a scalar: 3000 x 6 / 2 = 3 (tile chunks of 1024).
    auto many = filled<std::uint16_t>(ElementType::bf16, make({3000}), 0x40C0U);
    auto two = tensor<std::uint16_t>(ElementType::bf16, make({}), {0x4000U});
    auto y_many = filled<std::uint16_t>(ElementType::bf16, make({3000}), 0U);
    ASSERT_TRUE(div(two.in(), many.in(), y_many.out(), openvino_options(), nullptr).is_ok());
    for (const std::uint16_t bits : y_many.data) {
        ASSERT_EQ(bits, 0x3EABU);  // 2 / 6 = 0.3333..., BF16 0x3EAB (0.333984375, nearest)
    }
    auto half_many = filled<std::uint16_t>(ElementType::fp16, make({3000}), 0x4600U);
    auto half_two = tensor<std::uint16_t>(ElementType::fp16, make({}), {0x4000U});
    auto half_out = filled<std::uint16_t>(ElementType::fp16, make({3000}), 0U);
    ASSERT_TRUE(div(half_many.in(), half_two.in(), half_out.out(), openvino_options(), nullptr).is_ok());
    for (const std::uint16_t bits : half_out.data) {
        ASSERT_EQ(bits, 0x4200U);  // 6 / 2 = 3
    }
}

// Exact integer reference: truncation, and floor as truncation stepped down
// when the remainder is non-zero and the signs differ.
std::int64_t reference_quotient(std::int64_t a, std::int64_t b, bool floor) {
    const std::int64_t q = a / b;
    return (floor && (a % b != 0) && ((a < 0) != (b < 0))) ? q - 1 : q;
}

template <typename T>
void integers_match(ElementType type, const DivOptions& options, bool floor) {
    // The four sign combinations, in a column broadcast against a row.
    auto a = tensor<T>(type, make({4, 1}), {T(7), T(-7), T(5), T(-6)});
    auto b = tensor<T>(type, make({3}), {T(2), T(-2), T(-3)});
    auto out = filled<T>(type, make({4, 3}), T(0));
    ASSERT_TRUE(div(a.in(), b.in(), out.out(), options, nullptr).is_ok());
    const auto pairs = source_indices(out.shape, a.shape, b.shape);
    for (std::size_t i = 0U; i < pairs.size(); ++i) {
        const std::int64_t expected = reference_quotient(static_cast<std::int64_t>(a.data[pairs[i].first]),
                                                         static_cast<std::int64_t>(b.data[pairs[i].second]), floor);
        EXPECT_EQ(static_cast<std::int64_t>(out.data[i]), expected) << "at " << i << (floor ? " floor" : " trunc");
    }
}

// [utest->req~div-bcast-d2~1]
// [utest->req~div-onnx-f1~1]
// [utest->req~div-ov-f1~1]
TEST(BroadcastValues, SignedIntegersTruncateOrFloorPerProfile) {
    RecordProperty("requirements", "DIV-BCAST-D2,DIV-ONNX-F1,DIV-OV-F1");
    integers_match<std::int8_t>(ElementType::int8, onnx_options(14U), false);
    integers_match<std::int16_t>(ElementType::int16, openvino_options(true), true);
    integers_match<std::int32_t>(ElementType::int32, onnx_options(7U), false);
    integers_match<std::int32_t>(ElementType::int32, openvino_options(true), true);
    integers_match<std::int64_t>(ElementType::int64, onnx_options(14U), false);
    integers_match<std::int64_t>(ElementType::int64, openvino_options(false), false);
    integers_match<std::int8_t>(ElementType::int4, openvino_options(true), true);
}

// Runs longer than the tile for integer types (int8: 2048 per tile piece).
// [utest->req~div-bcast-d2~1]
TEST(BroadcastValues, IntegerRunsLongerThanTheTile) {
    RecordProperty("requirements", "DIV-BCAST-D2");
    auto a = filled<std::int8_t>(ElementType::int8, make({5000}), std::int8_t{-7});
    auto b = tensor<std::int8_t>(ElementType::int8, make({}), {std::int8_t{2}});
    auto out = filled<std::int8_t>(ElementType::int8, make({5000}), std::int8_t{0});
    ASSERT_TRUE(div(a.in(), b.in(), out.out(), openvino_options(true), nullptr).is_ok());
    for (const std::int8_t v : out.data) {
        ASSERT_EQ(v, -4);
    }
    auto u = filled<std::uint64_t>(ElementType::uint64, make({700}), std::uint64_t{1000});
    auto d = tensor<std::uint64_t>(ElementType::uint64, make({}), {std::uint64_t{7}});
    auto uy = filled<std::uint64_t>(ElementType::uint64, make({700}), std::uint64_t{0});
    ASSERT_TRUE(div(d.in(), u.in(), uy.out(), onnx_options(14U), nullptr).is_ok());
    for (const std::uint64_t v : uy.data) {
        ASSERT_EQ(v, 0U);
    }
    ASSERT_TRUE(div(u.in(), d.in(), uy.out(), onnx_options(14U), nullptr).is_ok());
    for (const std::uint64_t v : uy.data) {
        ASSERT_EQ(v, 142U);
    }
}

// The flags are the OR over every run: 1/3 inexact, 0/0 invalid, 1/0
// divide-by-zero, FLT_MAX/0.5 overflow, FLT_MIN/3 underflow.
// [utest->req~div-float-d6~1]
// [utest->req~div-bcast-d2~1]
TEST(BroadcastFlags, FlagsAreCollectedOverEveryRun) {
    RecordProperty("requirements", "DIV-FLOAT-D6,DIV-BCAST-D2");
    const float max = std::numeric_limits<float>::max();
    const float min = std::numeric_limits<float>::min();
    auto a = tensor<float>(ElementType::fp32, make({5, 1}), {1.0F, 0.0F, 1.0F, max, min});
    auto b = tensor<float>(ElementType::fp32, make({1}), {3.0F});
    auto out = filled<float>(ElementType::fp32, make({5, 1}), 0.0F);
    DivReport report{};
    ASSERT_TRUE(div(a.in(), b.in(), out.out(), onnx_options(14U), &report).is_ok());
    EXPECT_EQ(report.fp_flags, fp_flag_inexact | fp_flag_underflow);  // 1/3, max/3 inexact; min/3 tiny and inexact
    auto divisors = tensor<float>(ElementType::fp32, make({2}), {0.0F, 0.5F});
    auto pairs_out = filled<float>(ElementType::fp32, make({5, 2}), 0.0F);
    ASSERT_TRUE(div(a.in(), divisors.in(), pairs_out.out(), openvino_options(), &report).is_ok());
    // 1/0 and max/0: divide-by-zero; 0/0 invalid; max/0.5 overflow (inexact); min/0.5 exact.
    EXPECT_EQ(report.fp_flags, fp_flag_divide_by_zero | fp_flag_invalid | fp_flag_overflow | fp_flag_inexact);
    EXPECT_TRUE(std::isinf(pairs_out.data[6]));
    EXPECT_TRUE(std::isnan(pairs_out.data[2]));
    // FP16 through the tile: 1 / 3 repeated, inexact only.
    auto one = tensor<std::uint16_t>(ElementType::fp16, make({}), {0x3C00U});
    auto threes = filled<std::uint16_t>(ElementType::fp16, make({40}), 0x4200U);
    auto thirds = filled<std::uint16_t>(ElementType::fp16, make({40}), 0U);
    ASSERT_TRUE(div(one.in(), threes.in(), thirds.out(), onnx_options(14U), &report).is_ok());
    EXPECT_EQ(report.fp_flags, fp_flag_inexact);
    EXPECT_EQ(thirds.data[39], 0x3555U);  // 1/3 in FP16, nearest
    // BF16: 2^-126 / 3 in a broadcast column is tiny and inexact.
    auto tiny = tensor<std::uint16_t>(ElementType::bf16, make({2, 1}), {0x0080U, 0x3F80U});
    auto three = tensor<std::uint16_t>(ElementType::bf16, make({3}), {0x4040U, 0x4040U, 0x3F80U});
    auto tiny_out = filled<std::uint16_t>(ElementType::bf16, make({2, 3}), 0U);
    ASSERT_TRUE(div(tiny.in(), three.in(), tiny_out.out(), onnx_options(14U), &report).is_ok());
    EXPECT_EQ(report.fp_flags, fp_flag_inexact | fp_flag_underflow);
}

// The caller's rounding mode changes nothing under broadcasting either,
// and the caller's environment and flags come back unchanged.
// [utest->req~div-float-d5~1]
// [utest->req~div-prof-d2~1]
TEST(BroadcastFlags, CallersRoundingModeChangesNothingAndIsRestored) {
    RecordProperty("requirements", "DIV-FLOAT-D5,DIV-PROF-D2");
    auto a = tensor<float>(ElementType::fp32, make({3, 1}), {1.0F, -1.0F, 2.0F});
    auto b = tensor<float>(ElementType::fp32, make({2}), {3.0F, 7.0F});
    auto ia = tensor<std::int32_t>(ElementType::int32, make({2, 1}), {-7, 2147483647});
    auto ib = tensor<std::int32_t>(ElementType::int32, make({}), {2});
    const int caller = std::fegetround();
    for (const int mode : {FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO}) {
        ASSERT_EQ(std::fesetround(mode), 0);
        std::feclearexcept(FE_ALL_EXCEPT);
        auto out = filled<float>(ElementType::fp32, make({3, 2}), 0.0F);
        ASSERT_TRUE(div(a.in(), b.in(), out.out(), onnx_options(14U), nullptr).is_ok());
        auto iy = filled<std::int32_t>(ElementType::int32, make({2, 1}), 0);
        ASSERT_TRUE(div(ia.in(), ib.in(), iy.out(), openvino_options(false), nullptr).is_ok());
        EXPECT_EQ(std::fegetround(), mode);
        EXPECT_EQ(std::fetestexcept(FE_ALL_EXCEPT), 0) << "flags leaked to the caller";
        ASSERT_EQ(std::fesetround(caller), 0);  // the reference values below in the default mode
        const auto pairs = source_indices(out.shape, a.shape, b.shape);
        for (std::size_t i = 0U; i < pairs.size(); ++i) {
            EXPECT_EQ(out.data[i],
                      static_cast<float>(mpfr_divide(kFp32, a.data[pairs[i].first], b.data[pairs[i].second])))
                << "mode " << mode << " at " << i;
        }
        EXPECT_EQ(iy.data, (std::vector<std::int32_t>{-3, 1073741823}));
    }
}

// [utest->req~div-bcast-d3~1]
// [utest->req~div-int-c3~1]
// [utest->req~div-int-d2~1]
// [utest->req~div-prof-d2~1]
// [utest->req~div-api-d1~1]
TEST(BroadcastErrors, ZeroDivisorAndOverflowAreIndexedInY) {
    RecordProperty("requirements", "DIV-BCAST-D3,DIV-INT-C3,DIV-INT-D2,DIV-PROF-D2,DIV-API-D1");
    const std::int32_t min = std::numeric_limits<std::int32_t>::min();
    auto a = filled<std::int32_t>(ElementType::int32, make({2, 3}), 5);
    auto out = filled<std::int32_t>(ElementType::int32, make({2, 3}), 0);
    // A row of divisors: B[1] = 0 first divides Y[1].
    auto row = tensor<std::int32_t>(ElementType::int32, make({3}), {1, 0, 2});
    expect_status(run_untouched(a.in(), row.in(), out, onnx_options(14U)), StatusCode::zero_divisor, "DIV-INT-C3",
                  Operand::b, 1U);
    // A column: B[1] = 0 first divides Y[3] (row 1).
    auto column = tensor<std::int32_t>(ElementType::int32, make({2, 1}), {1, 0});
    expect_status(run_untouched(a.in(), column.in(), out, openvino_options()), StatusCode::zero_divisor, "DIV-INT-C3",
                  Operand::b, 3U);
    // MIN / -1 at Y[3]: A = {MIN, 5, 7, MIN} as 2x2, B = {1, -1}.
    auto pairs = tensor<std::int32_t>(ElementType::int32, make({2, 2}), {min, 5, 7, min});
    auto signs = tensor<std::int32_t>(ElementType::int32, make({2}), {1, -1});
    auto out4 = filled<std::int32_t>(ElementType::int32, make({2, 2}), 0);
    expect_status(run_untouched(pairs.in(), signs.in(), out4, onnx_options(14U)), StatusCode::overflow, "DIV-INT-D2",
                  Operand::a, 3U);
    // A repeated: MIN / {2, -1, 0}: the overflow at Y[1] comes before the zero at Y[2].
    auto scalar_min = tensor<std::int32_t>(ElementType::int32, make({}), {min});
    auto mixed = tensor<std::int32_t>(ElementType::int32, make({3}), {2, -1, 0});
    auto out3 = filled<std::int32_t>(ElementType::int32, make({3}), 0);
    expect_status(run_untouched(scalar_min.in(), mixed.in(), out3, openvino_options(false)), StatusCode::overflow,
                  "DIV-INT-D2", Operand::a, 1U);
    // ... and the zero first when it comes first.
    auto zero_first = tensor<std::int32_t>(ElementType::int32, make({3}), {0, -1, 2});
    expect_status(run_untouched(scalar_min.in(), zero_first.in(), out3, openvino_options(false)),
                  StatusCode::zero_divisor, "DIV-INT-C3", Operand::b, 0U);
    // In a later tile piece of a long run: INT8 -128 at A[2500] over B = -1.
    auto long_a = filled<std::int8_t>(ElementType::int8, make({3000}), std::int8_t{4});
    long_a.data[2500] = std::numeric_limits<std::int8_t>::min();
    auto minus_one = tensor<std::int8_t>(ElementType::int8, make({}), {std::int8_t{-1}});
    auto long_out = filled<std::int8_t>(ElementType::int8, make({3000}), std::int8_t{0});
    expect_status(run_untouched(long_a.in(), minus_one.in(), long_out, onnx_options(14U)), StatusCode::overflow,
                  "DIV-INT-D2", Operand::a, 2500U);
    // Unsigned: a zero reached through a broadcast outer axis.
    auto u = tensor<std::uint16_t>(ElementType::uint16, make({3, 1, 2}), {1, 2, 3, 4, 5, 6});
    auto ud = tensor<std::uint16_t>(ElementType::uint16, make({2, 1}), {7, 0});
    auto uo = filled<std::uint16_t>(ElementType::uint16, make({3, 2, 2}), 0U);
    expect_status(run_untouched(u.in(), ud.in(), uo, onnx_options(14U)), StatusCode::zero_divisor, "DIV-INT-C3",
                  Operand::b, 2U);
}

// With no element in Y nothing is divided, so a zero in B is no error; the
// 4-bit ranges are still checked on every element of A and B.
// [utest->req~div-bcast-d3~1]
// [utest->req~div-int-d4~1]
TEST(BroadcastErrors, EmptyOutputHasNoDivisorErrors) {
    RecordProperty("requirements", "DIV-BCAST-D3,DIV-INT-D4");
    auto a = tensor<std::int32_t>(ElementType::int32, make({0, 3}), {});
    auto b = tensor<std::int32_t>(ElementType::int32, make({3}), {0, 0, 0});
    auto out = tensor<std::int32_t>(ElementType::int32, make({0, 3}), {});
    DivReport report{};
    report.elements = 77U;
    EXPECT_TRUE(div(a.in(), b.in(), out.out(), onnx_options(14U), &report).is_ok());
    EXPECT_EQ(report.elements, 0U);
    auto nibble = tensor<std::int8_t>(ElementType::int4, make({1}), {std::int8_t{9}});
    auto empty = tensor<std::int8_t>(ElementType::int4, make({0}), {});
    auto empty_out = tensor<std::int8_t>(ElementType::int4, make({0}), {});
    expect_status(div(nibble.in(), empty.in(), empty_out.out(), openvino_options(), nullptr),
                  StatusCode::value_out_of_range, "DIV-INT-D4", Operand::a, 0U);
}

// UINT4 as well: with Y empty only the range checks can see a value, so
// each element of A and of B must be checked there, the first and the
// smallest value above 15 included. With Y non-empty, the range error
// names the element's index in its own operand (B[1] below), which is not
// the index in Y of its first quotient (2).
// [utest->req~div-bcast-d3~1]
// [utest->req~div-int-d4~1]
// [utest->req~div-ov-r3~1]
TEST(BroadcastErrors, Uint4RangesCoverEveryElementOfBothOperands) {
    RecordProperty("requirements", "DIV-BCAST-D3,DIV-INT-D4,DIV-OV-R3");
    auto sixteen = tensor<std::uint8_t>(ElementType::uint4, make({1}), {std::uint8_t{16}});
    auto fifteen = tensor<std::uint8_t>(ElementType::uint4, make({1}), {std::uint8_t{15}});
    auto empty = tensor<std::uint8_t>(ElementType::uint4, make({0}), {});
    auto empty_out = tensor<std::uint8_t>(ElementType::uint4, make({0}), {});
    expect_status(div(sixteen.in(), empty.in(), empty_out.out(), openvino_options(), nullptr),
                  StatusCode::value_out_of_range, "DIV-INT-D4", Operand::a, 0U);
    expect_status(div(empty.in(), sixteen.in(), empty_out.out(), openvino_options(), nullptr),
                  StatusCode::value_out_of_range, "DIV-INT-D4", Operand::b, 0U);
    EXPECT_TRUE(div(fifteen.in(), empty.in(), empty_out.out(), openvino_options(), nullptr).is_ok());
    auto row = tensor<std::uint8_t>(ElementType::uint4, make({2}), {6, 9});
    auto column = tensor<std::uint8_t>(ElementType::uint4, make({3, 1}), {1, 16, 3});
    auto out = filled<std::uint8_t>(ElementType::uint4, make({3, 2}), std::uint8_t{0});
    expect_status(run_untouched(row.in(), column.in(), out, openvino_options()), StatusCode::value_out_of_range,
                  "DIV-INT-D4", Operand::b, 1U);
    expect_status(run_untouched(column.in(), row.in(), out, openvino_options()), StatusCode::value_out_of_range,
                  "DIV-INT-D4", Operand::a, 1U);
}

// Bytes that end where an unreadable page begins: a read of one byte past
// them faults. Linux (mmap), as the rest of the build.
class GuardedBytes {
public:
    explicit GuardedBytes(std::size_t bytes) : page_(static_cast<std::size_t>(::sysconf(_SC_PAGESIZE))) {
        void* const base = ::mmap(nullptr, 2U * page_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (base != MAP_FAILED) {
            base_ = static_cast<unsigned char*>(base);
            guarded_ = ::mprotect(&base_[page_], page_, PROT_NONE) == 0;
            data_ = &base_[page_ - bytes];
        }
    }
    ~GuardedBytes() {
        if (base_ != nullptr) {
            static_cast<void>(::munmap(base_, 2U * page_));
        }
    }
    GuardedBytes(const GuardedBytes&) = delete;
    GuardedBytes& operator=(const GuardedBytes&) = delete;
    bool guarded() const { return guarded_; }
    unsigned char* data() const { return data_; }

private:
    std::size_t page_;
    unsigned char* base_{nullptr};
    unsigned char* data_{nullptr};
    bool guarded_{false};
};

// Each operand is read within its elements only: with A's and B's last
// byte just before an unreadable page, the range checks of INT4 and UINT4
// (which scan every element of both operands) and the division succeed.
// Values by hand: INT4 floor (openvino) 7/2 = 3, -7/2 = -4, 5/2 = 2;
// UINT4 15/4 = 3, 9/4 = 2, 4/4 = 1.
// [utest->req~div-bcast-d3~1]
// [utest->req~div-int-d4~1]
// [utest->req~div-api-d3~1]
TEST(BroadcastErrors, RangeChecksReadNoByteAfterAnOperand) {
    RecordProperty("requirements", "DIV-BCAST-D3,DIV-INT-D4,DIV-API-D3");
    struct Case {
        ElementType type;
        std::vector<std::uint8_t> a;
        std::uint8_t b;
        std::vector<std::uint8_t> y;
    };
    const std::vector<Case> cases = {
        {ElementType::int4, {7, static_cast<std::uint8_t>(-7), 5}, 2, {3, static_cast<std::uint8_t>(-4), 2}},
        {ElementType::uint4, {15, 9, 4}, 4, {3, 2, 1}},
    };
    for (const Case& c : cases) {
        GuardedBytes a_bytes(c.a.size());
        GuardedBytes b_bytes(1U);
        ASSERT_TRUE(a_bytes.guarded() && b_bytes.guarded());
        std::memcpy(a_bytes.data(), c.a.data(), c.a.size());
        *b_bytes.data() = c.b;
        std::vector<std::uint8_t> y(c.a.size(), 0xA5U);
        const ConstTensorView a{c.type, make({3}), a_bytes.data(), c.a.size()};
        const ConstTensorView b{c.type, make({}), b_bytes.data(), 1U};
        const TensorView out{c.type, make({3}), y.data(), y.size()};
        for (const DivOptions& options : {openvino_options(true), DivOptions{}}) {
            const ConstTensorView b_same{c.type, make({3}), a_bytes.data(), c.a.size()};
            if (options.profile == Profile::sonnx) {
                // Equal shapes: A by itself gives 1 everywhere.
                ASSERT_TRUE(div(a, b_same, out, options, nullptr).is_ok()) << element_type_name(c.type);
                EXPECT_EQ(y, (std::vector<std::uint8_t>{1, 1, 1}));
            } else {
                ASSERT_TRUE(div(a, b, out, options, nullptr).is_ok()) << element_type_name(c.type);
                EXPECT_EQ(y, c.y) << element_type_name(c.type);
            }
        }
    }
}

// INT4/UINT4 range errors index the element in its own operand, A first.
// [utest->req~div-bcast-d3~1]
// [utest->req~div-int-d4~1]
// [utest->req~div-ov-r3~1]
// [utest->req~div-api-d1~1]
TEST(BroadcastErrors, NibbleRangesIndexTheirOwnOperandAFirst) {
    RecordProperty("requirements", "DIV-BCAST-D3,DIV-INT-D4,DIV-OV-R3,DIV-API-D1");
    auto a = tensor<std::int8_t>(ElementType::int4, make({2, 2}), {1, 2, 9, 3});
    auto b = tensor<std::int8_t>(ElementType::int4, make({2}), {1, -9});
    auto good_b = tensor<std::int8_t>(ElementType::int4, make({2}), {1, -8});
    auto good_a = tensor<std::int8_t>(ElementType::int4, make({2, 2}), {1, 2, -8, 7});
    auto out = filled<std::int8_t>(ElementType::int4, make({2, 2}), std::int8_t{0});
    expect_status(run_untouched(a.in(), b.in(), out, openvino_options()), StatusCode::value_out_of_range, "DIV-INT-D4",
                  Operand::a, 2U);
    expect_status(run_untouched(good_a.in(), b.in(), out, openvino_options()), StatusCode::value_out_of_range,
                  "DIV-INT-D4", Operand::b, 1U);
    // The boundary: 8 is one above INT4's largest value (issue #12: a range
    // check accepting 8 survived). The range checks of both operands come
    // before any divisor check: a zero divisor in an earlier run of Y must
    // not be reported instead.
    auto eight_a = tensor<std::int8_t>(ElementType::int4, make({2, 2}), {1, 2, 7, 8});
    auto zero_b = tensor<std::int8_t>(ElementType::int4, make({2}), {0, 1});
    expect_status(run_untouched(eight_a.in(), zero_b.in(), out, openvino_options()), StatusCode::value_out_of_range,
                  "DIV-INT-D4", Operand::a, 3U);
    auto row_a = tensor<std::int8_t>(ElementType::int4, make({2}), {1, 2});
    auto eight_b = tensor<std::int8_t>(ElementType::int4, make({2, 2}), {1, 0, 1, 8});
    expect_status(run_untouched(row_a.in(), eight_b.in(), out, openvino_options()), StatusCode::value_out_of_range,
                  "DIV-INT-D4", Operand::b, 3U);
    auto low = tensor<std::int8_t>(ElementType::int4, make({2, 2}), {1, -9, 3, 4});
    expect_status(run_untouched(low.in(), good_b.in(), out, openvino_options()), StatusCode::value_out_of_range,
                  "DIV-INT-D4", Operand::a, 1U);
    ASSERT_TRUE(run_untouched(good_a.in(), good_b.in(), out, openvino_options(true)).is_ok());
    // floor: 1/1, 2/-8 = -1, -8/1, 7/-8 = -1
    EXPECT_EQ(out.data, (std::vector<std::int8_t>{1, -1, -8, -1}));
    // -8 / -1 = 8 does not fit INT4.
    auto minus_one = tensor<std::int8_t>(ElementType::int4, make({}), {std::int8_t{-1}});
    expect_status(run_untouched(good_a.in(), minus_one.in(), out, openvino_options()), StatusCode::overflow,
                  "DIV-INT-D2", Operand::a, 2U);

    auto ua = tensor<std::uint8_t>(ElementType::uint4, make({3}), {15, 16, 2});
    auto ub = tensor<std::uint8_t>(ElementType::uint4, make({1}), {3});
    auto uo = filled<std::uint8_t>(ElementType::uint4, make({3}), std::uint8_t{0});
    expect_status(run_untouched(ua.in(), ub.in(), uo, openvino_options()), StatusCode::value_out_of_range, "DIV-INT-D4",
                  Operand::a, 1U);
    auto ub_bad = tensor<std::uint8_t>(ElementType::uint4, make({1}), {200});
    auto ua_good = tensor<std::uint8_t>(ElementType::uint4, make({3}), {15, 0, 2});
    expect_status(run_untouched(ua_good.in(), ub_bad.in(), uo, openvino_options()), StatusCode::value_out_of_range,
                  "DIV-INT-D4", Operand::b, 0U);
    ASSERT_TRUE(run_untouched(ua_good.in(), ub.in(), uo, openvino_options()).is_ok());
    EXPECT_EQ(uo.data, (std::vector<std::uint8_t>{5, 0, 0}));
}

// A shape that is a prefix of the other, followed by a zero extent, is
// reported at the shorter rank (DIV-API-D2), for B under the equal-shape
// rules and for Y under every rule: the extents of the longer shape beyond
// the shorter rank are not compared with anything.
// [utest->req~div-api-d2~1]
// [utest->req~div-ov-r1~1]
// [utest->req~div-onnx-r3~1]
// [utest->req~div-bcast-d1~1]
TEST(BroadcastShapes, PrefixShapesAreReportedAtTheShorterRank) {
    RecordProperty("requirements", "DIV-API-D2,DIV-OV-R1,DIV-ONNX-R3,DIV-BCAST-D1");
    const Shape short_shape = make({2, 3});
    const Shape long_shape = make({2, 3, 0});
    Shape y{};
    const DivOptions none = openvino_options(true, AutoBroadcast::none);
    expect_status(div_output_shape(ElementType::fp32, short_shape, long_shape, none, y), StatusCode::shape_mismatch,
                  "DIV-OV-R1", Operand::b, 2U);
    expect_status(div_output_shape(ElementType::fp32, long_shape, short_shape, none, y), StatusCode::shape_mismatch,
                  "DIV-OV-R1", Operand::b, 2U);
    expect_status(div_output_shape(ElementType::fp32, short_shape, long_shape, legacy_options(6U, false), y),
                  StatusCode::shape_mismatch, "DIV-ONNX-R3", Operand::b, 2U);
    expect_status(div_output_shape(ElementType::int32, long_shape, short_shape, DivOptions{}, y),
                  StatusCode::shape_mismatch, "DIV-INT-C1", Operand::b, 2U);
    auto a = filled<float>(ElementType::fp32, short_shape, 6.0F);
    auto b = filled<float>(ElementType::fp32, make({3}), 2.0F);
    auto empty = filled<float>(ElementType::fp32, long_shape, 0.0F);
    expect_status(run_untouched(a.in(), b.in(), empty, onnx_options(14U)), StatusCode::shape_mismatch, "DIV-ONNX-R2",
                  Operand::y, 2U);
    expect_status(run_untouched(a.in(), a.in(), empty, DivOptions{}), StatusCode::shape_mismatch, "DIV-FLOAT-C1",
                  Operand::y, 2U);
}

// One call of div, its views made before the call.
template <typename T>
struct Call {
    Tensor<T> a;
    Tensor<T> b;
    Tensor<T> y;
};

// Two calls made back to back, with nothing between them.
template <typename T>
void run_back_to_back(Call<T>& first, Call<T>& second, const DivOptions& options, Status& status_first,
                      Status& status_second) {
    const ConstTensorView a1 = first.a.in();
    const ConstTensorView b1 = first.b.in();
    const TensorView y1 = first.y.out();
    const ConstTensorView a2 = second.a.in();
    const ConstTensorView b2 = second.b.in();
    const TensorView y2 = second.y.out();
    status_first = div(a1, b1, y1, options, nullptr);
    status_second = div(a2, b2, y2, options, nullptr);
}

// Y's elements against MPFR through the reference mapping, and every
// element of Y's buffer beyond Y's shape still holding `sentinel`.
void expect_call(const Call<float>& c, float sentinel) {
    const auto pairs = source_indices(c.y.shape, c.a.shape, c.b.shape);
    for (std::size_t i = 0U; i < pairs.size(); ++i) {
        EXPECT_EQ(c.y.data[i],
                  static_cast<float>(mpfr_divide(kFp32, c.a.data[pairs[i].first], c.b.data[pairs[i].second])))
            << describe(c.a.shape) << " / " << describe(c.b.shape) << " at " << i;
    }
    for (std::size_t i = pairs.size(); i < c.y.data.size(); ++i) {
        EXPECT_EQ(c.y.data[i], sentinel) << describe(c.y.shape) << ": written beyond Y at " << i;
    }
}

// `count` floats i + 1 (i < used) then `fill`: buffers longer than the view's
// shape, whose extra elements no call may read or write.
std::vector<float> numbered(std::size_t used, std::size_t count, float fill) {
    std::vector<float> values(count, fill);
    for (std::size_t i = 0U; i < used; ++i) {
        values[i] = static_cast<float>(i + 1U);
    }
    return values;
}

// Each call divides by its own shapes alone, whatever call came before it:
// pairs of calls made back to back, where any part of the first call's
// iteration left over would be wrong for the second (one element of Y
// after runs of 5; runs of 3 after one element; a second axis of Y that
// must stay apart from the first, after calls that left a mergeable-looking
// axis of strides (12, 0) or (24, 0) behind). The operands' and Y's buffers
// hold more elements than their shapes, with other values, which must be
// neither read nor written.
// [utest->req~div-bcast-d2~1]
// [utest->req~div-bcast-d3~1]
// [utest->req~div-api-d1~1]
TEST(BroadcastValues, EachCallDependsOnItsOwnShapesOnly) {
    RecordProperty("requirements", "DIV-BCAST-D2,DIV-BCAST-D3,DIV-API-D1");
    constexpr float kSentinel = -7.0F;
    struct Pair {
        Shape a1, b1, y1, a2, b2, y2;
    };
    const std::vector<Pair> pairs = {
        {make({5}), make({5}), make({5}), make({1, 1}), make({1}), make({1, 1})},
        {make({1, 1}), make({1}), make({1, 1}), make({2, 3}), make({1, 3}), make({2, 3})},
        {make({4, 3}), make({1, 3}), make({4, 3}), make({5, 12}), make({1, 12}), make({5, 12})},
        {make({2, 4, 3}), make({1, 4, 1}), make({2, 4, 3}), make({5, 24}), make({1, 24}), make({5, 24})},
    };
    for (const Pair& p : pairs) {
        for (const DivOptions& options : {onnx_options(14U), openvino_options()}) {
            const std::size_t room = 128U;  // elements in every buffer
            Call<float> first{tensor<float>(ElementType::fp32, p.a1, numbered(elements_of(p.a1), room, 0.5F)),
                              tensor<float>(ElementType::fp32, p.b1, numbered(elements_of(p.b1), room, 0.25F)),
                              tensor<float>(ElementType::fp32, p.y1, std::vector<float>(room, kSentinel))};
            Call<float> second{tensor<float>(ElementType::fp32, p.a2, numbered(elements_of(p.a2), room, 0.5F)),
                               tensor<float>(ElementType::fp32, p.b2, numbered(elements_of(p.b2), room, 0.25F)),
                               tensor<float>(ElementType::fp32, p.y2, std::vector<float>(room, kSentinel))};
            Status s1{};
            Status s2{};
            run_back_to_back(first, second, options, s1, s2);
            ASSERT_TRUE(s1.is_ok()) << status_code_name(s1.code);
            ASSERT_TRUE(s2.is_ok()) << status_code_name(s2.code);
            expect_call(first, kSentinel);
            expect_call(second, kSentinel);
        }
    }
    // Integers check every divisor of Y first (DIV-BCAST-D3): after runs of
    // 5, a one-element Y checks B's one element, not the zeros after it.
    Call<std::int32_t> runs{tensor<std::int32_t>(ElementType::int32, make({5}), {10, 20, 30, 40, 50}),
                            tensor<std::int32_t>(ElementType::int32, make({5}), {1, 2, 3, 4, 5}),
                            tensor<std::int32_t>(ElementType::int32, make({5}), std::vector<std::int32_t>(5U, -1))};
    Call<std::int32_t> one{tensor<std::int32_t>(ElementType::int32, make({1, 1}), {7, 1, 1, 1, 1}),
                           tensor<std::int32_t>(ElementType::int32, make({1}), {2, 0, 0, 0, 0}),
                           tensor<std::int32_t>(ElementType::int32, make({1, 1}), std::vector<std::int32_t>(5U, -1))};
    for (const DivOptions& options : {onnx_options(14U), openvino_options(true)}) {
        Status s1{};
        Status s2{};
        run_back_to_back(runs, one, options, s1, s2);
        ASSERT_TRUE(s1.is_ok()) << status_code_name(s1.code);
        ASSERT_TRUE(s2.is_ok()) << status_code_name(s2.code) << " at " << s2.index;
        EXPECT_EQ(runs.y.data, (std::vector<std::int32_t>{10, 10, 10, 10, 10}));
        EXPECT_EQ(one.y.data, (std::vector<std::int32_t>{3, -1, -1, -1, -1}));  // 7 / 2 = 3.5: 3 either way
        std::fill(one.y.data.begin(), one.y.data.end(), -1);
    }
}

// Y sharing bytes with an operand that broadcasts is rejected; in place on
// an operand with Y's element count is allowed and correct.
// [utest->req~div-bcast-d4~2]
// [utest->req~div-api-d1~1]
TEST(BroadcastOverlap, OutputOverlappingABroadcastOperandIsRejected) {
    RecordProperty("requirements", "DIV-BCAST-D4,DIV-API-D1");
    std::vector<float> buffer = {1.0F, 2.0F, 4.0F, 8.0F, 16.0F, 32.0F, 64.0F, 128.0F, 256.0F};
    const auto snapshot = buffer;
    const Shape row = make({3});
    const Shape grid = make({2, 3});
    const ConstTensorView a_grid{ElementType::fp32, grid, &buffer[3], 6U * sizeof(float)};
    // B = buffer[0..3), Y = buffer[2..8): they share buffer[2].
    const ConstTensorView b_row{ElementType::fp32, row, &buffer[0], 3U * sizeof(float)};
    const TensorView y_shifted{ElementType::fp32, grid, &buffer[2], 6U * sizeof(float)};
    expect_status(div(a_grid, b_row, y_shifted, onnx_options(14U), nullptr), StatusCode::overlap, "DIV-BCAST-D4",
                  Operand::b, 0U);
    // B = buffer[6..9), Y = buffer[1..7): they share buffer[6].
    const ConstTensorView b_late{ElementType::fp32, row, &buffer[6], 3U * sizeof(float)};
    const TensorView y_early{ElementType::fp32, grid, &buffer[1], 6U * sizeof(float)};
    expect_status(div(a_grid, b_late, y_early, onnx_options(14U), nullptr), StatusCode::overlap, "DIV-BCAST-D4",
                  Operand::b, 0U);
    // A broadcast and overlapping: A = buffer[0..3) inside Y = buffer[0..6).
    const ConstTensorView a_row{ElementType::fp32, row, &buffer[0], 3U * sizeof(float)};
    const ConstTensorView b_grid{ElementType::fp32, grid, &buffer[3], 6U * sizeof(float)};
    const TensorView y_start{ElementType::fp32, grid, &buffer[0], 6U * sizeof(float)};
    expect_status(div(a_row, b_grid, y_start, openvino_options(), nullptr), StatusCode::overlap, "DIV-BCAST-D4",
                  Operand::a, 0U);
    EXPECT_EQ(buffer, snapshot) << "written on error";

    // Adjacent but disjoint, on either side: accepted. Y = buffer[3..9), B = buffer[0..3).
    std::vector<float> adjacent = {2.0F, 4.0F, 8.0F, 16.0F, 16.0F, 16.0F, 32.0F, 32.0F, 32.0F};
    const ConstTensorView b_before{ElementType::fp32, row, &adjacent[0], 3U * sizeof(float)};
    const TensorView y_after{ElementType::fp32, grid, &adjacent[3], 6U * sizeof(float)};
    ASSERT_TRUE(div(ConstTensorView{ElementType::fp32, grid, &adjacent[3], 6U * sizeof(float)}, b_before, y_after,
                    onnx_options(14U), nullptr)
                    .is_ok());  // in place on A, B right before Y
    EXPECT_EQ(adjacent, (std::vector<float>{2.0F, 4.0F, 8.0F, 8.0F, 4.0F, 2.0F, 16.0F, 8.0F, 4.0F}));
    // Y = buffer[0..6), B = buffer[6..9): B right after Y, A in place.
    std::vector<float> after = {16.0F, 16.0F, 16.0F, 32.0F, 32.0F, 32.0F, 2.0F, 4.0F, 8.0F};
    const ConstTensorView b_after{ElementType::fp32, row, &after[6], 3U * sizeof(float)};
    const TensorView y_before{ElementType::fp32, grid, &after[0], 6U * sizeof(float)};
    ASSERT_TRUE(div(ConstTensorView{ElementType::fp32, grid, &after[0], 6U * sizeof(float)}, b_after, y_before,
                    openvino_options(), nullptr)
                    .is_ok());
    EXPECT_EQ(after, (std::vector<float>{8.0F, 4.0F, 2.0F, 16.0F, 8.0F, 4.0F, 2.0F, 4.0F, 8.0F}));
    // In place on B when A broadcasts: Y = B.
    std::vector<float> divisors = {1.0F, 2.0F, 4.0F, 8.0F, 16.0F, 32.0F};
    const float numerators[3] = {64.0F, 32.0F, 16.0F};
    const ConstTensorView a_small{ElementType::fp32, row, numerators, sizeof numerators};
    ASSERT_TRUE(div(a_small, ConstTensorView{ElementType::fp32, grid, divisors.data(), 6U * sizeof(float)},
                    TensorView{ElementType::fp32, grid, divisors.data(), 6U * sizeof(float)}, onnx_options(14U),
                    nullptr)
                    .is_ok());
    EXPECT_EQ(divisors, (std::vector<float>{64.0F, 16.0F, 4.0F, 8.0F, 2.0F, 0.5F}));
}

}  // namespace
}  // namespace sonnx::test
