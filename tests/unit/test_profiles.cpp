// Profiles: selection and option values, ONNX opsets (version resolution,
// type lists, limited and multidirectional broadcasting, truncation),
// OpenVINO (auto_broadcast, m_pythondiv, types), the errors every profile
// keeps, and the order of the checks. Expected values are hand-derived from
// the documents in spec-sources (quoted in spec/onnx.md and spec/openvino.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "broadcast_test_support.hpp"
#include "test_support.hpp"

namespace sonnx::test {
namespace {

// The defaults keep the SONNX behaviour: DivOptions{} and DivOptions{rounding}
// still compile and select the sonnx profile with its rounding.
// [utest->req~div-prof-d1~1]
TEST(ProfileSelection, DefaultsAreTheSonnxProfile) {
    RecordProperty("requirements", "DIV-PROF-D1");
    const DivOptions defaults{};
    EXPECT_EQ(defaults.profile, Profile::sonnx);
    EXPECT_EQ(defaults.int_rounding, IntRounding::floor);
    EXPECT_EQ(defaults.onnx.opset, 14U);
    EXPECT_FALSE(defaults.onnx.broadcast);
    EXPECT_FALSE(defaults.onnx.has_axis);
    EXPECT_TRUE(defaults.openvino.pythondiv);                          // OpenVINO's default: true
    EXPECT_EQ(defaults.openvino.auto_broadcast, AutoBroadcast::numpy);  // OpenVINO's default: "numpy"
    const DivOptions truncating{IntRounding::toward_zero};
    EXPECT_EQ(truncating.profile, Profile::sonnx);
    // Floor by default, truncation on request; -7 / 2.
    auto n = tensor<std::int32_t>(ElementType::int32, make({1}), {-7});
    auto d = tensor<std::int32_t>(ElementType::int32, make({1}), {2});
    auto q = filled<std::int32_t>(ElementType::int32, make({1}), 0);
    ASSERT_TRUE(div(n.in(), d.in(), q.out(), defaults, nullptr).is_ok());
    EXPECT_EQ(q.data[0], -4);
    ASSERT_TRUE(div(n.in(), d.in(), q.out(), truncating, nullptr).is_ok());
    EXPECT_EQ(q.data[0], -3);
}

// Under the sonnx profile any shape difference is R1's violation, reported
// as its constraint C1, by div and by the output-shape query alike.
// [utest->req~div-float-r1~1]
// [utest->req~div-float-c1~1]
// [utest->req~div-int-r1~1]
// [utest->req~div-int-c1~1]
// [utest->req~div-bcast-d5~2]
TEST(ProfileSelection, SonnxRejectsEveryShapeDifference) {
    RecordProperty("requirements", "DIV-FLOAT-R1,DIV-FLOAT-C1,DIV-INT-R1,DIV-INT-C1,DIV-BCAST-D5");
    const DivOptions defaults{};
    const DivOptions truncating{IntRounding::toward_zero};
    // ONNX's test_div_bcast shapes: [3,4,5] / [5] differ at axis 0.
    auto a = filled<float>(ElementType::fp32, make({3, 4, 5}), 1.0F);
    auto b = filled<float>(ElementType::fp32, make({5}), 2.0F);
    auto y = filled<float>(ElementType::fp32, make({3, 4, 5}), 0.0F);
    expect_status(run_untouched(a.in(), b.in(), y, defaults), StatusCode::shape_mismatch, "DIV-FLOAT-C1", Operand::b,
                  0U);
    auto ia = filled<std::int32_t>(ElementType::int32, make({2, 3}), 7);
    auto ib = filled<std::int32_t>(ElementType::int32, make({2, 1}), 2);
    auto iy = filled<std::int32_t>(ElementType::int32, make({2, 3}), 0);
    expect_status(run_untouched(ia.in(), ib.in(), iy, truncating), StatusCode::shape_mismatch, "DIV-INT-C1", Operand::b,
                  1U);
    // The output-shape query follows the same rule.
    Shape shape{};
    expect_status(div_output_shape(ElementType::int32, ia.shape, ib.shape, defaults, shape), StatusCode::shape_mismatch,
                  "DIV-INT-C1", Operand::b, 1U);
    expect_status(div_output_shape(ElementType::bf16, a.shape, b.shape, defaults, shape), StatusCode::shape_mismatch,
                  "DIV-FLOAT-C1", Operand::b, 0U);
    ASSERT_TRUE(div_output_shape(ElementType::uint4, ia.shape, ia.shape, defaults, shape).is_ok());
    EXPECT_TRUE(same_shape(shape, ia.shape));
}

// [utest->req~div-prof-d1~1]
// [utest->req~div-api-d6~1]
// [utest->req~div-api-d1~1]
TEST(ProfileSelection, UnknownOptionValuesAreRejected) {
    RecordProperty("requirements", "DIV-PROF-D1,DIV-API-D6,DIV-API-D1");
    auto a = filled<float>(ElementType::fp32, make({2}), 1.0F);
    auto y = filled<float>(ElementType::fp32, make({2}), 0.0F);
    DivOptions options{};
    options.profile = static_cast<Profile>(3);
    expect_status(run_untouched(a.in(), a.in(), y, options), StatusCode::invalid_argument, "DIV-PROF-D1", Operand::none,
                  0U);
    options.int_rounding = static_cast<IntRounding>(9);  // the rounding is checked first
    expect_status(run_untouched(a.in(), a.in(), y, options), StatusCode::invalid_argument, "DIV-API-D6", Operand::none,
                  0U);
    DivOptions onnx = onnx_options(14U);
    onnx.int_rounding = static_cast<IntRounding>(2);
    expect_status(run_untouched(a.in(), a.in(), y, onnx), StatusCode::invalid_argument, "DIV-API-D6", Operand::none,
                  0U);
    DivOptions ov = openvino_options();
    ov.openvino.auto_broadcast = static_cast<AutoBroadcast>(2);
    expect_status(run_untouched(a.in(), a.in(), y, ov), StatusCode::invalid_argument, "DIV-PROF-D1", Operand::none, 0U);
    Shape shape{};
    expect_status(div_output_shape(ElementType::fp32, a.shape, a.shape, ov, shape), StatusCode::invalid_argument,
                  "DIV-PROF-D1", Operand::none, 0U);
    EXPECT_TRUE(div(a.in(), a.in(), y.out(), openvino_options(true, AutoBroadcast::none), nullptr).is_ok());
}

// Opsets 1 ... 27 (ONNX 1.23's newest; Div-14 from 14 on); broadcast and
// axis only before Div-7.
// [utest->req~div-onnx-d1~2]
// [utest->req~div-api-d1~1]
TEST(OnnxProfile, OpsetRangeAndLegacyAttributes) {
    RecordProperty("requirements", "DIV-ONNX-D1,DIV-API-D1");
    auto a = filled<float>(ElementType::fp32, make({2}), 1.0F);
    auto y = filled<float>(ElementType::fp32, make({2}), 0.0F);
    for (const std::uint32_t opset : {0U, 28U, 1000U}) {
        expect_status(run_untouched(a.in(), a.in(), y, onnx_options(opset)), StatusCode::invalid_argument,
                      "DIV-ONNX-D1", Operand::none, 0U);
    }
    for (std::uint32_t opset = 1U; opset <= kOnnxOpsetMax; ++opset) {
        EXPECT_TRUE(run_untouched(a.in(), a.in(), y, onnx_options(opset)).is_ok()) << "opset " << opset;
    }
    EXPECT_EQ(kOnnxOpsetMax, 27U);
    for (const std::uint32_t opset : {7U, 13U, 14U, 25U, 26U, 27U}) {
        expect_status(run_untouched(a.in(), a.in(), y, legacy_options(opset, true)), StatusCode::invalid_argument,
                      "DIV-ONNX-D1", Operand::none, 0U);
        expect_status(run_untouched(a.in(), a.in(), y, legacy_options(opset, false, true, 0)),
                      StatusCode::invalid_argument, "DIV-ONNX-D1", Operand::none, 0U);
    }
    for (const std::uint32_t opset : {1U, 5U, 6U}) {
        EXPECT_TRUE(run_untouched(a.in(), a.in(), y, legacy_options(opset, true, true, 0)).is_ok()) << opset;
        // axis without broadcast is accepted and has no effect (equal shapes).
        EXPECT_TRUE(run_untouched(a.in(), a.in(), y, legacy_options(opset, false, true, 5)).is_ok()) << opset;
    }
}

// The admitted types of each opset, written out from the Type Constraints
// of Div-1, -6, -7, -13 and -14 in onnx-div-operator-versions.rst.
std::set<ElementType> onnx_admitted(std::uint32_t opset) {
    std::set<ElementType> types = {ElementType::fp16, ElementType::fp32, ElementType::fp64};
    if (opset >= 6U) {
        types.insert({ElementType::int32, ElementType::int64, ElementType::uint32, ElementType::uint64});
    }
    if (opset >= 13U) {
        types.insert(ElementType::bf16);
    }
    if (opset >= 14U) {
        types.insert({ElementType::int8, ElementType::int16, ElementType::uint8, ElementType::uint16});
    }
    return types;
}

// [utest->req~div-onnx-r1~1]
// [utest->req~div-onnx-d1~2]
// [utest->req~div-bcast-d5~2]
TEST(OnnxProfile, EachOpsetAdmitsItsTypeList) {
    RecordProperty("requirements", "DIV-ONNX-R1,DIV-ONNX-D1,DIV-BCAST-D5");
    for (std::uint32_t opset = 1U; opset <= kOnnxOpsetMax; ++opset) {
        const std::set<ElementType> admitted = onnx_admitted(opset);
        for (std::uint8_t t = 0U; t < kElementTypeCount; ++t) {
            const auto type = static_cast<ElementType>(t);
            Shape y{};
            const Status s = div_output_shape(type, make({2}), make({2}), onnx_options(opset), y);
            if (admitted.count(type) != 0U) {
                EXPECT_TRUE(s.is_ok()) << "opset " << opset << " " << element_type_name(type);
            } else {
                expect_status(s, StatusCode::unsupported_type, "DIV-ONNX-R1", Operand::a, 0U);
            }
        }
    }
    // Through div: INT8 only from opset 14, BF16 from 13, INT32 from 6.
    auto a8 = tensor<std::int8_t>(ElementType::int8, make({2}), {-7, 7});
    auto b8 = tensor<std::int8_t>(ElementType::int8, make({2}), {2, 2});
    auto y8 = filled<std::int8_t>(ElementType::int8, make({2}), std::int8_t{0});
    expect_status(run_untouched(a8.in(), b8.in(), y8, onnx_options(13U)), StatusCode::unsupported_type, "DIV-ONNX-R1",
                  Operand::a, 0U);
    ASSERT_TRUE(run_untouched(a8.in(), b8.in(), y8, onnx_options(14U)).is_ok());
    EXPECT_EQ(y8.data, (std::vector<std::int8_t>{-3, 3}));
    auto bf = tensor<std::uint16_t>(ElementType::bf16, make({1}), {0x4040U});
    auto bf_y = filled<std::uint16_t>(ElementType::bf16, make({1}), 0U);
    expect_status(run_untouched(bf.in(), bf.in(), bf_y, onnx_options(12U)), StatusCode::unsupported_type, "DIV-ONNX-R1",
                  Operand::a, 0U);
    ASSERT_TRUE(run_untouched(bf.in(), bf.in(), bf_y, onnx_options(13U)).is_ok());
    EXPECT_EQ(bf_y.data[0], 0x3F80U);  // 3 / 3 = 1
    auto i32 = tensor<std::int32_t>(ElementType::int32, make({1}), {9});
    auto i32_y = filled<std::int32_t>(ElementType::int32, make({1}), 0);
    expect_status(run_untouched(i32.in(), i32.in(), i32_y, legacy_options(5U, false)), StatusCode::unsupported_type,
                  "DIV-ONNX-R1", Operand::a, 0U);
    ASSERT_TRUE(run_untouched(i32.in(), i32.in(), i32_y, legacy_options(6U, false)).is_ok());
    EXPECT_EQ(i32_y.data[0], 1);
}

// Opset 7 and later broadcast; opset 6 and earlier only with broadcast = 1.
// [utest->req~div-onnx-r2~1]
// [utest->req~div-onnx-r3~1]
// [utest->req~div-onnx-d1~2]
TEST(OnnxProfile, BroadcastingDependsOnTheOpset) {
    RecordProperty("requirements", "DIV-ONNX-R2,DIV-ONNX-R3,DIV-ONNX-D1");
    Shape y{};
    for (const std::uint32_t opset : {7U, 12U, 13U, 14U, 17U, 25U, 27U}) {
        ASSERT_TRUE(div_output_shape(ElementType::fp32, make({3, 4, 5}), make({5}), onnx_options(opset), y).is_ok());
        EXPECT_TRUE(same_shape(y, make({3, 4, 5})));
        ASSERT_TRUE(div_output_shape(ElementType::fp32, make({5}), make({3, 4, 5}), onnx_options(opset), y).is_ok());
    }
    for (const std::uint32_t opset : {1U, 6U}) {
        expect_status(div_output_shape(ElementType::fp32, make({3, 4, 5}), make({5}), legacy_options(opset, false), y),
                      StatusCode::shape_mismatch, "DIV-ONNX-R3", Operand::b, 0U);
        ASSERT_TRUE(
            div_output_shape(ElementType::fp32, make({3, 4, 5}), make({5}), legacy_options(opset, true), y).is_ok());
        EXPECT_TRUE(same_shape(y, make({3, 4, 5})));
        // Only B broadcasts in the legacy rule.
        expect_status(div_output_shape(ElementType::fp32, make({5}), make({3, 4, 5}), legacy_options(opset, true), y),
                      StatusCode::shape_mismatch, "DIV-ONNX-R3", Operand::b, 1U);
        ASSERT_TRUE(
            div_output_shape(ElementType::fp32, make({2, 2}), make({2, 2}), legacy_options(opset, false), y).is_ok());
    }
}

struct LegacyCase {
    Shape b;
    bool has_axis;
    std::int64_t axis;
    Shape b_aligned;  // B written at A's rank: where each element of B applies
};

// onnx-div-6.txt's examples with A = (2, 3, 4, 5), and their values.
// [utest->req~div-onnx-r3~1]
// [utest->req~div-bcast-d2~1]
TEST(OnnxProfile, LegacyBroadcastExamplesOfTheDocument) {
    RecordProperty("requirements", "DIV-ONNX-R3,DIV-BCAST-D2");
    const Shape a_shape = make({2, 3, 4, 5});
    const std::vector<LegacyCase> cases = {
        {make({}), false, 0, make({1, 1, 1, 1})},          // "B is a scalar tensor"
        {make({1, 1}), false, 0, make({1, 1, 1, 1})},      // "B is an 1-element tensor"
        {make({5}), false, 0, make({1, 1, 1, 5})},    {make({4, 5}), false, 0, make({1, 1, 4, 5})},
        {make({3, 4}), true, 1, make({1, 3, 4, 1})},       // "with axis=1"
        {make({2}), true, 0, make({2, 1, 1, 1})},          // "with axis=0"
        {make({1, 1}), true, 2, make({1, 1, 1, 1})},       // one element, a valid axis
        {make({}), true, 4, make({1, 1, 1, 1})},      {make({2, 3, 4, 5}), true, 0, make({2, 3, 4, 5})},
    };
    auto a = filled<double>(ElementType::fp64, a_shape, 0.0);
    for (std::size_t i = 0U; i < a.data.size(); ++i) {
        a.data[i] = static_cast<double>(i) - 60.5;
    }
    for (const std::uint32_t opset : {1U, 6U}) {
        for (const LegacyCase& c : cases) {
            auto b = filled<double>(ElementType::fp64, c.b, 0.0);
            for (std::size_t i = 0U; i < b.data.size(); ++i) {
                b.data[i] = 3.0 + static_cast<double>(i);
            }
            auto y = filled<double>(ElementType::fp64, a_shape, 0.0);
            const Status s = div(a.in(), b.in(), y.out(), legacy_options(opset, true, c.has_axis, c.axis), nullptr);
            ASSERT_TRUE(s.is_ok()) << status_code_name(s.code) << " axis " << c.axis << " B rank " << c.b.rank;
            const auto pairs = source_indices(a_shape, a_shape, c.b_aligned);
            for (std::size_t i = 0U; i < pairs.size(); ++i) {
                ASSERT_EQ(y.data[i], mpfr_divide(kFp64, a.data[pairs[i].first], b.data[pairs[i].second])) << i;
            }
        }
    }
}

// What the legacy rule rejects, with the index it reports: the first axis
// of A that B fails to match, or A's rank when no start axis fits.
// [utest->req~div-onnx-r3~1]
// [utest->req~div-api-d1~1]
TEST(OnnxProfile, LegacyBroadcastRejections) {
    RecordProperty("requirements", "DIV-ONNX-R3,DIV-API-D1");
    const Shape a_shape = make({2, 3, 4, 5});
    struct Bad {
        Shape b;
        bool has_axis;
        std::int64_t axis;
        std::uint64_t index;
    };
    const std::vector<Bad> cases = {
        {make({3, 4}), false, 0, 2U},           // suffix: (4, 5) is required
        {make({1, 5}), false, 0, 2U},           // "1-dim expansion doesn't work yet"
        {make({4, 5}), true, 1, 1U},            // from axis 1: (3, 4) is required
        {make({3, 4}), true, 3, 4U},            // axis beyond rank(A) - rank(B) = 2
        {make({3, 4}), true, -1, 4U},           // negative axis
        {make({1, 2, 3, 4, 5}), false, 0, 4U},  // rank(B) > rank(A)
        {make({1, 2, 3, 4, 5}), true, 0, 4U},
        {make({1, 1, 1, 1, 1}), false, 0, 4U},  // one element, but rank(B) > rank(A)
        {make({2, 3, 4, 6}), false, 0, 3U},
    };
    auto a = filled<float>(ElementType::fp32, a_shape, 1.0F);
    auto y = filled<float>(ElementType::fp32, a_shape, 0.0F);
    for (const Bad& c : cases) {
        auto b = filled<float>(ElementType::fp32, c.b, 1.0F);
        expect_status(run_untouched(a.in(), b.in(), y, legacy_options(6U, true, c.has_axis, c.axis)),
                      StatusCode::shape_mismatch, "DIV-ONNX-R3", Operand::b, c.index);
    }
    // Y has A's shape, nothing else.
    auto b = filled<float>(ElementType::fp32, make({5}), 1.0F);
    auto wrong = filled<float>(ElementType::fp32, make({2, 3, 4, 1}), 0.0F);
    expect_status(run_untouched(a.in(), b.in(), wrong, legacy_options(6U, true)), StatusCode::shape_mismatch,
                  "DIV-ONNX-R3", Operand::y, 3U);
    // Equal shapes are required without broadcast = 1.
    expect_status(run_untouched(a.in(), b.in(), y, legacy_options(6U, false)), StatusCode::shape_mismatch,
                  "DIV-ONNX-R3", Operand::b, 0U);
}

// A shape is its rank and the extents below it (F-24): extents a caller
// leaves stored above the rank change nothing. B = (1) with a 1 stored
// above its rank still holds one element; B = (3) placed at axis 1 of
// A = (2, 3, 4), with A's next extent 4 stored above its rank, still
// applies along axis 1 only (B's buffer holds 12 elements, of which the
// view's shape names 3).
// [utest->req~div-onnx-r3~1]
// [utest->req~div-bcast-d2~1]
TEST(OnnxProfile, LegacyBroadcastIgnoresExtentsStoredAboveTheRank) {
    RecordProperty("requirements", "DIV-ONNX-R3,DIV-BCAST-D2");
    const Shape a_shape = make({2, 3, 4});
    auto a = filled<float>(ElementType::fp32, a_shape, 0.0F);
    for (std::size_t i = 0U; i < a.data.size(); ++i) {
        a.data[i] = static_cast<float>(i + 1U);
    }
    Shape one = make({1});
    for (std::uint32_t axis = 1U; axis < kMaxRank; ++axis) {
        one.dims[axis] = 1U;
    }
    auto b_one = tensor<float>(ElementType::fp32, one, {4.0F});
    auto y = filled<float>(ElementType::fp32, a_shape, -1.0F);
    Shape shape{};
    ASSERT_TRUE(div_output_shape(ElementType::fp32, a_shape, one, legacy_options(6U, true), shape).is_ok());
    EXPECT_TRUE(same_shape(shape, a_shape));
    ASSERT_TRUE(div(a.in(), b_one.in(), y.out(), legacy_options(6U, true), nullptr).is_ok());
    for (std::size_t i = 0U; i < y.data.size(); ++i) {
        EXPECT_EQ(y.data[i], static_cast<float>(i + 1U) / 4.0F) << i;  // exact: a power-of-two divisor
    }

    Shape column = make({3});
    column.dims[1] = 4U;  // A's extent on the axis after B's
    std::vector<float> b_values = {2.0F, 4.0F, 8.0F};
    b_values.resize(12U, 0.5F);
    auto b_column = tensor<float>(ElementType::fp32, column, b_values);
    for (const std::uint32_t opset : {1U, 6U}) {
        std::fill(y.data.begin(), y.data.end(), -1.0F);
        ASSERT_TRUE(div(a.in(), b_column.in(), y.out(), legacy_options(opset, true, true, 1), nullptr).is_ok());
        // Y[i][j][k] = A[i][j][k] / B[j], exact (powers of two).
        for (std::size_t i = 0U; i < y.data.size(); ++i) {
            const std::size_t j = (i / 4U) % 3U;
            EXPECT_EQ(y.data[i], a.data[i] / b_values[j]) << i;
        }
    }
}

// Integers truncate toward zero in every ONNX version; the rounding option
// of the sonnx profile has no effect.
// [utest->req~div-onnx-f1~1]
// [utest->req~div-prof-d1~1]
TEST(OnnxProfile, IntegersTruncateTowardZero) {
    RecordProperty("requirements", "DIV-ONNX-F1,DIV-PROF-D1");
    for (const std::uint32_t opset : {6U, 7U, 13U, 14U}) {
        DivOptions options = (opset < 7U) ? legacy_options(opset, true) : onnx_options(opset);
        options.int_rounding = IntRounding::floor;
        auto a = tensor<std::int32_t>(ElementType::int32, make({4}), {7, -7, 7, -7});
        auto b = tensor<std::int32_t>(ElementType::int32, make({4}), {2, 2, -2, -2});
        auto y = filled<std::int32_t>(ElementType::int32, make({4}), 0);
        ASSERT_TRUE(div(a.in(), b.in(), y.out(), options, nullptr).is_ok());
        EXPECT_EQ(y.data, (std::vector<std::int32_t>{3, -3, -3, 3})) << "opset " << opset;
        auto a64 = tensor<std::int64_t>(ElementType::int64, make({4}),
                                        {std::numeric_limits<std::int64_t>::min(), -9, 9, -1});
        auto b64 = tensor<std::int64_t>(ElementType::int64, make({}), {std::int64_t{4}});
        auto y64 = filled<std::int64_t>(ElementType::int64, make({4}), std::int64_t{0});
        ASSERT_TRUE(div(a64.in(), b64.in(), y64.out(), options, nullptr).is_ok());
        EXPECT_EQ(y64.data, (std::vector<std::int64_t>{std::numeric_limits<std::int64_t>::min() / 4, -2, 2, 0}));
    }
}

// m_pythondiv: floor when true (the default), truncation when false; for
// integers only. The sonnx rounding option has no effect.
// [utest->req~div-ov-f1~1]
// [utest->req~div-prof-d1~1]
// [utest->req~div-prof-d2~1]
TEST(OpenVinoProfile, PythondivChoosesFloorOrTruncation) {
    RecordProperty("requirements", "DIV-OV-F1,DIV-PROF-D1,DIV-PROF-D2");
    auto a = tensor<std::int16_t>(ElementType::int16, make({4}), {7, -7, 7, -7});
    auto b = tensor<std::int16_t>(ElementType::int16, make({4}), {2, 2, -2, -2});
    auto y = filled<std::int16_t>(ElementType::int16, make({4}), std::int16_t{0});
    DivOptions floor = openvino_options(true);
    floor.int_rounding = IntRounding::toward_zero;
    ASSERT_TRUE(div(a.in(), b.in(), y.out(), floor, nullptr).is_ok());
    EXPECT_EQ(y.data, (std::vector<std::int16_t>{3, -4, -4, 3}));
    DivOptions trunc = openvino_options(false);
    trunc.int_rounding = IntRounding::floor;
    ASSERT_TRUE(div(a.in(), b.in(), y.out(), trunc, nullptr).is_ok());
    EXPECT_EQ(y.data, (std::vector<std::int16_t>{3, -3, -3, 3}));
    // Floats: -7 / 2 = -3.5 either way.
    auto fa = tensor<float>(ElementType::fp32, make({2}), {-7.0F, 7.0F});
    auto fb = tensor<float>(ElementType::fp32, make({}), {2.0F});
    auto fy = filled<float>(ElementType::fp32, make({2}), 0.0F);
    for (const bool pythondiv : {true, false}) {
        ASSERT_TRUE(div(fa.in(), fb.in(), fy.out(), openvino_options(pythondiv), nullptr).is_ok());
        EXPECT_EQ(fy.data, (std::vector<float>{-3.5F, 3.5F}));
    }
}

// The rounding a checker must compare against: the option under sonnx, the
// profile's own elsewhere, whatever int_rounding says.
// [utest->req~div-onnx-f1~1]
// [utest->req~div-ov-f1~1]
TEST(EveryProfile, IntRoundingOfNamesTheRoundingApplied) {
    RecordProperty("requirements", "DIV-ONNX-F1,DIV-OV-F1");
    for (const IntRounding option : {IntRounding::floor, IntRounding::toward_zero}) {
        DivOptions sonnx_options{};
        sonnx_options.int_rounding = option;
        EXPECT_EQ(int_rounding_of(sonnx_options), option);
        DivOptions onnx_options{};
        onnx_options.profile = Profile::onnx;
        onnx_options.int_rounding = option;
        EXPECT_EQ(int_rounding_of(onnx_options), IntRounding::toward_zero);
        DivOptions floor = openvino_options(true);
        floor.int_rounding = option;
        EXPECT_EQ(int_rounding_of(floor), IntRounding::floor);
        DivOptions trunc = openvino_options(false);
        trunc.int_rounding = option;
        EXPECT_EQ(int_rounding_of(trunc), IntRounding::toward_zero);
    }
}

// auto_broadcast none: equal shapes only (Example 1 of the document passes).
// [utest->req~div-ov-r1~1]
// [utest->req~div-ov-r2~1]
// [utest->req~div-api-d1~1]
TEST(OpenVinoProfile, AutoBroadcastNoneRequiresEqualShapes) {
    RecordProperty("requirements", "DIV-OV-R1,DIV-OV-R2,DIV-API-D1");
    Shape y{};
    const DivOptions none = openvino_options(true, AutoBroadcast::none);
    ASSERT_TRUE(div_output_shape(ElementType::fp32, make({256, 56}), make({256, 56}), none, y).is_ok());
    EXPECT_TRUE(same_shape(y, make({256, 56})));
    expect_status(div_output_shape(ElementType::fp32, make({8, 1, 6, 1}), make({7, 1, 5}), none, y),
                  StatusCode::shape_mismatch, "DIV-OV-R1", Operand::b, 0U);
    expect_status(div_output_shape(ElementType::fp32, make({2, 3}), make({2, 3, 1}), none, y),
                  StatusCode::shape_mismatch, "DIV-OV-R1", Operand::b, 2U);
    ASSERT_TRUE(
        div_output_shape(ElementType::fp32, make({8, 1, 6, 1}), make({7, 1, 5}), openvino_options(), y).is_ok());
    EXPECT_TRUE(same_shape(y, make({8, 7, 6, 5})));  // Example 2 of the document
    auto a = filled<float>(ElementType::fp32, make({2, 3}), 4.0F);
    auto b = filled<float>(ElementType::fp32, make({3}), 2.0F);
    auto out = filled<float>(ElementType::fp32, make({2, 3}), 0.0F);
    expect_status(run_untouched(a.in(), b.in(), out, none), StatusCode::shape_mismatch, "DIV-OV-R1", Operand::b, 0U);
    auto out_wrong = filled<float>(ElementType::fp32, make({3, 2}), 0.0F);
    expect_status(run_untouched(a.in(), a.in(), out_wrong, none), StatusCode::shape_mismatch, "DIV-OV-R1", Operand::y,
                  0U);
}

// Equal shapes of rank 2 under the rules that require them (auto_broadcast
// none; ONNX Div-1/6 without broadcast): Y[i][j] = A[i][j] / B[i][j], with
// every element of both operands distinct.
// [utest->req~div-ov-r1~1]
// [utest->req~div-onnx-r3~1]
TEST(EveryProfile, EqualShapeRulesDivideElementByElement) {
    RecordProperty("requirements", "DIV-OV-R1,DIV-ONNX-R3");
    const Shape grid = make({2, 3});
    auto a = tensor<float>(ElementType::fp32, grid, {3.0F, 5.0F, 7.0F, 9.0F, 11.0F, 13.0F});
    auto b = tensor<float>(ElementType::fp32, grid, {1.0F, 2.0F, 4.0F, 8.0F, 16.0F, 32.0F});
    const std::vector<float> expected = {3.0F, 2.5F, 1.75F, 1.125F, 0.6875F, 0.40625F};  // exact
    for (const DivOptions& options :
         {openvino_options(true, AutoBroadcast::none), legacy_options(1U, false), legacy_options(6U, false)}) {
        auto y = filled<float>(ElementType::fp32, grid, -1.0F);
        ASSERT_TRUE(div(a.in(), b.in(), y.out(), options, nullptr).is_ok());
        EXPECT_EQ(y.data, expected);
    }
}

// Equal shapes are equal in rank and in the extents below it (F-24): A, B
// and Y of shape (2, 3) are equal whatever each holds above its rank
// (here 5, 0 and 9 at axis 2), under every rule that requires equal shapes.
// [utest->req~div-float-c1~1]
// [utest->req~div-ov-r1~1]
// [utest->req~div-onnx-r3~1]
TEST(EveryProfile, EqualShapesIgnoreExtentsStoredAboveTheRank) {
    RecordProperty("requirements", "DIV-FLOAT-C1,DIV-OV-R1,DIV-ONNX-R3");
    Shape a_shape = make({2, 3});
    a_shape.dims[2] = 5U;
    Shape y_shape = make({2, 3});
    y_shape.dims[2] = 9U;
    auto a = tensor<float>(ElementType::fp32, a_shape, {2.0F, 4.0F, 6.0F, 8.0F, 10.0F, 12.0F});
    auto b = filled<float>(ElementType::fp32, make({2, 3}), 2.0F);
    for (const DivOptions& options :
         {DivOptions{}, openvino_options(true, AutoBroadcast::none), legacy_options(6U, false), onnx_options(14U)}) {
        auto y = filled<float>(ElementType::fp32, y_shape, -1.0F);
        const Status s = div(a.in(), b.in(), y.out(), options, nullptr);
        ASSERT_TRUE(s.is_ok()) << status_code_name(s.code) << " " << requirement_name(s.requirement);
        EXPECT_EQ(y.data, (std::vector<float>{1.0F, 2.0F, 3.0F, 4.0F, 5.0F, 6.0F}));
        Shape shape{};
        ASSERT_TRUE(div_output_shape(ElementType::fp32, a_shape, b.shape, options, shape).is_ok());
        EXPECT_TRUE(same_shape(shape, y_shape));
    }
}

// "T: any numeric type": every type of the API, INT4 and UINT4 included.
// [utest->req~div-ov-r3~1]
TEST(OpenVinoProfile, EveryTypeIsAdmitted) {
    RecordProperty("requirements", "DIV-OV-R3");
    for (std::uint8_t t = 0U; t < kElementTypeCount; ++t) {
        Shape y{};
        EXPECT_TRUE(div_output_shape(static_cast<ElementType>(t), make({3}), make({}), openvino_options(), y).is_ok())
            << element_type_name(static_cast<ElementType>(t));
    }
    auto a = tensor<std::uint8_t>(ElementType::uint4, make({3}), {15, 9, 1});
    auto b = tensor<std::uint8_t>(ElementType::uint4, make({}), {4});
    auto y = filled<std::uint8_t>(ElementType::uint4, make({3}), std::uint8_t{0});
    ASSERT_TRUE(div(a.in(), b.in(), y.out(), openvino_options(false), nullptr).is_ok());
    EXPECT_EQ(y.data, (std::vector<std::uint8_t>{3, 2, 0}));
}

// Zero divisors and MIN / -1 stay errors in every profile; float division
// by zero stays IEEE (an infinity or a NaN, no error).
// [utest->req~div-prof-d2~1]
// [utest->req~div-int-c3~1]
// [utest->req~div-int-d2~1]
// [utest->req~div-float-c3~1]
TEST(EveryProfile, IntegerErrorsStayErrorsFloatsStayIeee) {
    RecordProperty("requirements", "DIV-PROF-D2,DIV-INT-C3,DIV-INT-D2,DIV-FLOAT-C3");
    const std::vector<DivOptions> profiles = {DivOptions{},           onnx_options(14U),
                                              onnx_options(7U),       legacy_options(6U, false),
                                              openvino_options(true), openvino_options(false, AutoBroadcast::none)};
    const std::int64_t min = std::numeric_limits<std::int64_t>::min();
    for (const DivOptions& options : profiles) {
        auto a = tensor<std::int64_t>(ElementType::int64, make({3}), {1, 2, 3});
        auto zero = tensor<std::int64_t>(ElementType::int64, make({3}), {1, 0, 0});
        auto y = filled<std::int64_t>(ElementType::int64, make({3}), std::int64_t{0});
        expect_status(run_untouched(a.in(), zero.in(), y, options), StatusCode::zero_divisor, "DIV-INT-C3", Operand::b,
                      1U);
        auto lowest = tensor<std::int64_t>(ElementType::int64, make({3}), {1, min, min});
        auto minus = tensor<std::int64_t>(ElementType::int64, make({3}), {1, -1, 0});
        expect_status(run_untouched(lowest.in(), minus.in(), y, options), StatusCode::overflow, "DIV-INT-D2",
                      Operand::a, 1U);
        auto f = tensor<double>(ElementType::fp64, make({3}), {1.0, -1.0, 0.0});
        auto fz = tensor<double>(ElementType::fp64, make({3}), {0.0, 0.0, 0.0});
        auto fy = filled<double>(ElementType::fp64, make({3}), 0.0);
        DivReport report{};
        ASSERT_TRUE(div(f.in(), fz.in(), fy.out(), options, &report).is_ok());
        EXPECT_EQ(fy.data[0], std::numeric_limits<double>::infinity());
        EXPECT_EQ(fy.data[1], -std::numeric_limits<double>::infinity());
        EXPECT_TRUE(std::isnan(fy.data[2]));
        EXPECT_EQ(report.fp_flags, fp_flag_divide_by_zero | fp_flag_invalid);
    }
}

// DIV-PROF-D3's order, one pair of neighbouring checks at a time: the
// call fails both, and the earlier one is reported.
// [utest->req~div-prof-d3~1]
// [utest->req~div-api-d1~1]
TEST(EveryProfile, ChecksRunInTheDocumentedOrder) {
    RecordProperty("requirements", "DIV-PROF-D3,DIV-API-D1");
    std::vector<std::int8_t> storage(64U, std::int8_t{1});
    auto view = [&](ElementType type, const Shape& shape, std::size_t offset = 0U) {
        return ConstTensorView{type, shape, &storage[offset], storage.size() - offset};
    };
    auto y = filled<std::int8_t>(ElementType::int8, make({2, 3}), std::int8_t{0});
    const Shape s23 = make({2, 3});
    const Shape s3 = make({3});
    Shape s17{};
    s17.rank = kMaxRank + 1U;

    // options before types
    DivOptions bad_opset = onnx_options(0U);
    expect_status(run_untouched(view(static_cast<ElementType>(99), s23), view(ElementType::int8, s3), y, bad_opset),
                  StatusCode::invalid_argument, "DIV-ONNX-D1", Operand::none, 0U);
    // unknown types (A, B, Y) before mismatched ones
    expect_status(
        run_untouched(view(ElementType::int8, s23), view(static_cast<ElementType>(99), s3), y, onnx_options(14U)),
        StatusCode::unsupported_type, "DIV-API-D6", Operand::b, 0U);
    {
        auto unknown_y = y;
        unknown_y.type = static_cast<ElementType>(77);
        expect_status(
            run_untouched(view(ElementType::int8, s23), view(ElementType::int8, s3), unknown_y, onnx_options(14U)),
            StatusCode::unsupported_type, "DIV-API-D6", Operand::y, 0U);
        auto int16_y = y;
        int16_y.type = ElementType::int16;
        expect_status(
            run_untouched(view(ElementType::int8, s23), view(ElementType::int8, s3), int16_y, onnx_options(14U)),
            StatusCode::type_mismatch, "DIV-INT-C2", Operand::y, 0U);
    }
    // B's type mismatch before the opset's type list (int8 is not in Div-13)
    expect_status(run_untouched(view(ElementType::int8, s23), view(ElementType::int16, s3), y, onnx_options(13U)),
                  StatusCode::type_mismatch, "DIV-INT-C2", Operand::b, 0U);
    // the type list before ranks
    expect_status(run_untouched(view(ElementType::int8, s17), view(ElementType::int8, s3), y, onnx_options(13U)),
                  StatusCode::unsupported_type, "DIV-ONNX-R1", Operand::a, 0U);
    // ranks (A, B, Y) before the shape rule
    expect_status(run_untouched(view(ElementType::int8, s17), view(ElementType::int8, make({4})), y, onnx_options(14U)),
                  StatusCode::rank_too_large, "DIV-API-D5", Operand::a, 0U);
    {
        auto rank_y = y;
        rank_y.shape = s17;
        expect_status(
            run_untouched(view(ElementType::int8, s23), view(ElementType::int8, make({4})), rank_y, onnx_options(14U)),
            StatusCode::rank_too_large, "DIV-API-D5", Operand::y, 0U);
    }
    // the shape rule before Y's shape
    {
        auto other_y = filled<std::int8_t>(ElementType::int8, make({5}), std::int8_t{0});
        expect_status(
            run_untouched(view(ElementType::int8, s23), view(ElementType::int8, make({4})), other_y, onnx_options(14U)),
            StatusCode::shape_mismatch, "DIV-ONNX-R2", Operand::b, 1U);
        // Y's shape before sizes: A's product overflows, but Y's shape is wrong first.
        const std::uint64_t big = std::uint64_t{1} << 40U;
        expect_status(run_untouched(view(ElementType::int8, make({big, big})), view(ElementType::int8, make({1})),
                                    other_y, onnx_options(14U)),
                      StatusCode::shape_mismatch, "DIV-ONNX-R2", Operand::y, 0U);
    }
    // sizes before buffers: B's product overflows and A's buffer is null
    {
        const std::uint64_t big = std::uint64_t{1} << 40U;
        const ConstTensorView null_a{ElementType::int8, make({big, big}), nullptr, 0U};
        const TensorView huge_y{ElementType::int8, make({big, big}), y.data.data(), y.data.size()};
        expect_status(div(null_a, view(ElementType::int8, make({big, 1})), huge_y, openvino_options(), nullptr),
                      StatusCode::size_overflow, "DIV-API-D4", Operand::a, 0U);
    }
    // buffers (A, B, Y) before the overlap check
    {
        const ConstTensorView null_b{ElementType::int8, s3, nullptr, 0U};
        expect_status(run_untouched(view(ElementType::int8, s23), null_b, y, onnx_options(14U)),
                      StatusCode::null_pointer, "DIV-API-D3", Operand::b, 0U);
        const ConstTensorView short_b{ElementType::int8, s3, storage.data(), 2U};
        expect_status(run_untouched(view(ElementType::int8, s23), short_b, y, onnx_options(14U)),
                      StatusCode::buffer_too_small, "DIV-API-D3", Operand::b, 0U);
        const TensorView short_y{ElementType::int8, s23, y.data.data(), 5U};
        expect_status(
            div(view(ElementType::int8, s23), view(ElementType::int8, s3), short_y, onnx_options(14U), nullptr),
            StatusCode::buffer_too_small, "DIV-API-D3", Operand::y, 0U);
        const ConstTensorView null_a{ElementType::int8, s23, nullptr, 0U};
        expect_status(run_untouched(null_a, view(ElementType::int8, s3), y, onnx_options(14U)),
                      StatusCode::null_pointer, "DIV-API-D3", Operand::a, 0U);
    }
    // the overlap before element values: B overlaps Y and holds a zero
    {
        std::vector<std::int8_t> shared = {0, 1, 1, 1, 1, 1, 1, 1};
        const ConstTensorView a{ElementType::int8, s23, &storage[0], 6U};
        const ConstTensorView b{ElementType::int8, s3, &shared[0], 3U};
        const TensorView out{ElementType::int8, s23, &shared[2], 6U};
        expect_status(div(a, b, out, onnx_options(14U), nullptr), StatusCode::overlap, "DIV-BCAST-D4", Operand::b, 0U);
    }
    // 4-bit ranges before divisors: B has a zero at Y[1] and A a 9 at A[4]
    {
        std::vector<std::int8_t> a4 = {1, 1, 1, 1, 9, 1};
        std::vector<std::int8_t> b4 = {1, 0, 1};
        auto y4 = filled<std::int8_t>(ElementType::int4, s23, std::int8_t{0});
        expect_status(run_untouched(ConstTensorView{ElementType::int4, s23, a4.data(), 6U},
                                    ConstTensorView{ElementType::int4, s3, b4.data(), 3U}, y4, openvino_options()),
                      StatusCode::value_out_of_range, "DIV-INT-D4", Operand::a, 4U);
    }
}

// One pipeline for every profile (issue #16: the sonnx profile had a copy
// of the checks, and a mutant that moved its rank checks before its type
// checks went unnoticed). Each case fails two neighbouring steps of the
// order DIV-API-D2 and DIV-PROF-D3 share, and every profile must report the
// earlier one; only the shape rule's requirement differs by profile.
// [utest->req~div-api-d2~1]
// [utest->req~div-prof-d3~1]
TEST(EveryProfile, OneOrderUnderEveryProfile) {
    RecordProperty("requirements", "DIV-API-D2,DIV-PROF-D3");
    struct Named {
        const char* name;
        DivOptions options;
        const char* shape_rule;        // the requirement of a failed shape rule, INT32 operands
        std::uint64_t shape_axis;      // its index for A [2, 3], B [4]
        bool admits_int4;
    };
    DivOptions later{};
    later.sonnx_revision = SonnxRevision::r2026_06;
    DivOptions onnx6 = onnx_options(6U);
    DivOptions ov_none = openvino_options();
    ov_none.openvino.auto_broadcast = AutoBroadcast::none;
    const std::vector<Named> profiles = {
        {"sonnx seed", DivOptions{}, "DIV-INT-C1", 0U, true},
        {"sonnx 2026-06", later, "DIV-INT-C1", 0U, false},
        {"onnx 14", onnx_options(14U), "DIV-ONNX-R2", 1U, false},
        {"onnx 6", onnx6, "DIV-ONNX-R3", 0U, false},
        {"openvino numpy", openvino_options(), "DIV-OV-R2", 1U, true},
        {"openvino none", ov_none, "DIV-OV-R1", 0U, true},
    };
    alignas(8) std::array<std::int32_t, 64> storage{};
    storage.fill(1);
    const auto i32 = ElementType::int32;
    const std::uint64_t big = std::uint64_t{1} << 40U;
    Shape s17{};
    s17.rank = kMaxRank + 1U;
    auto in = [&](ElementType type, const Shape& shape, std::size_t offset = 0U) {
        return ConstTensorView{type, shape, &storage[offset], (storage.size() - offset) * sizeof(std::int32_t)};
    };
    for (const Named& p : profiles) {
        SCOPED_TRACE(p.name);
        auto y = filled<std::int32_t>(i32, make({2, 3}), 0);
        // option values before types: a rounding no profile knows, and an unknown A
        DivOptions bad_rounding = p.options;
        bad_rounding.int_rounding = static_cast<IntRounding>(7);
        expect_status(
            run_untouched(in(static_cast<ElementType>(99), make({2, 3})), in(i32, make({2, 3})), y, bad_rounding),
            StatusCode::invalid_argument, "DIV-API-D6", Operand::none, 0U);
        // a type known before types equal: B unknown and Y of another type
        {
            auto y16 = filled<std::int16_t>(ElementType::int16, make({2, 3}), std::int16_t{0});
            expect_status(
                run_untouched(in(i32, make({2, 3})), in(static_cast<ElementType>(99), make({2, 3})), y16, p.options),
                StatusCode::unsupported_type, "DIV-API-D6", Operand::b, 0U);
        }
        // types equal before ranks: B of another type, A of too high a rank
        expect_status(run_untouched(in(i32, s17), in(ElementType::int64, make({2, 3})), y, p.options),
                      StatusCode::type_mismatch, "DIV-INT-C2", Operand::b, 0U);
        // ranks before the shape rule: A of too high a rank, B of another shape
        expect_status(run_untouched(in(i32, s17), in(i32, make({4})), y, p.options), StatusCode::rank_too_large,
                      "DIV-API-D5", Operand::a, 0U);
        // the shape rule before Y's shape
        {
            auto y5 = filled<std::int32_t>(i32, make({5}), 0);
            expect_status(run_untouched(in(i32, make({2, 3})), in(i32, make({4})), y5, p.options),
                          StatusCode::shape_mismatch, p.shape_rule, Operand::b, p.shape_axis);
            // Y's shape before sizes: A and B overflow 64 bits
            expect_status(run_untouched(in(i32, make({big, big})), in(i32, make({big, big})), y5, p.options),
                          StatusCode::shape_mismatch, p.shape_rule, Operand::y, 0U);
        }
        // sizes before buffers: the products overflow and A's buffer is null
        {
            const ConstTensorView null_a{i32, make({big, big}), nullptr, 0U};
            const TensorView huge_y{i32, make({big, big}), y.data.data(), y.data.size() * sizeof(std::int32_t)};
            expect_status(div(null_a, in(i32, make({big, big})), huge_y, p.options, nullptr), StatusCode::size_overflow,
                          "DIV-API-D4", Operand::a, 0U);
        }
        // buffers before alignment: B's buffer is null and A is misaligned
        {
            const auto* bytes = reinterpret_cast<const unsigned char*>(storage.data());
            const ConstTensorView odd_a{i32, make({2, 3}), bytes + 1, 6U * sizeof(std::int32_t)};
            const ConstTensorView null_b{i32, make({2, 3}), nullptr, 0U};
            expect_status(run_untouched(odd_a, null_b, y, p.options), StatusCode::null_pointer, "DIV-API-D3",
                          Operand::b, 0U);
            // alignment before overlap: A misaligned, Y starting inside B
            const TensorView inside_b{i32, make({2, 3}), &storage[1], 6U * sizeof(std::int32_t)};
            expect_status(div(odd_a, in(i32, make({2, 3})), inside_b, p.options, nullptr), StatusCode::misaligned,
                          "DIV-API-D9", Operand::a, 0U);
        }
        // overlap before element values: Y starts inside A, and B holds a zero
        {
            std::array<std::int32_t, 6> zero_b{1, 0, 1, 1, 1, 1};
            const ConstTensorView b{i32, make({2, 3}), zero_b.data(), sizeof zero_b};
            const TensorView inside_a{i32, make({2, 3}), &storage[1], 6U * sizeof(std::int32_t)};
            expect_status(div(in(i32, make({2, 3})), b, inside_a, p.options, nullptr), StatusCode::overlap,
                          "DIV-API-D8", Operand::a, 0U);
        }
        // 4-bit ranges (A, then B) before divisors: B holds a zero at 1, B a 9 at 2, A a -9 at 4
        if (p.admits_int4) {
            std::vector<std::int8_t> a4 = {1, 1, 1, 1, -9, 1};
            std::vector<std::int8_t> b4 = {1, 0, 9, 1, 1, 1};
            auto y4 = filled<std::int8_t>(ElementType::int4, make({2, 3}), std::int8_t{0});
            expect_status(run_untouched(ConstTensorView{ElementType::int4, make({2, 3}), a4.data(), 6U},
                                        ConstTensorView{ElementType::int4, make({2, 3}), b4.data(), 6U}, y4, p.options),
                          StatusCode::value_out_of_range, "DIV-INT-D4", Operand::a, 4U);
            a4[4] = 1;
            expect_status(run_untouched(ConstTensorView{ElementType::int4, make({2, 3}), a4.data(), 6U},
                                        ConstTensorView{ElementType::int4, make({2, 3}), b4.data(), 6U}, y4, p.options),
                          StatusCode::value_out_of_range, "DIV-INT-D4", Operand::b, 2U);
            b4[2] = 1;
            expect_status(run_untouched(ConstTensorView{ElementType::int4, make({2, 3}), a4.data(), 6U},
                                        ConstTensorView{ElementType::int4, make({2, 3}), b4.data(), 6U}, y4, p.options),
                          StatusCode::zero_divisor, "DIV-INT-C3", Operand::b, 1U);
        }
    }
}

// [utest->req~div-api-d2~1]
// [utest->req~div-prof-d1~1]
TEST(EveryProfile, NewRequirementAndStatusNames) {
    RecordProperty("requirements", "DIV-API-D2,DIV-PROF-D1");
    const std::vector<std::pair<RequirementId, const char*>> names = {
        {RequirementId::div_prof_d1, "DIV-PROF-D1"}, {RequirementId::div_bcast_d4, "DIV-BCAST-D4"},
        {RequirementId::div_onnx_d1, "DIV-ONNX-D1"}, {RequirementId::div_onnx_r1, "DIV-ONNX-R1"},
        {RequirementId::div_onnx_r2, "DIV-ONNX-R2"}, {RequirementId::div_onnx_r3, "DIV-ONNX-R3"},
        {RequirementId::div_ov_r1, "DIV-OV-R1"},     {RequirementId::div_ov_r2, "DIV-OV-R2"}};
    for (const auto& [id, name] : names) {
        EXPECT_STREQ(requirement_name(id), name);
    }
    EXPECT_STREQ(status_code_name(StatusCode::overlap), "overlap");
}

// ---- the later SONNX revision (2026-06), DIV-PROF-D4 ----

DivOptions revision_2026() {
    DivOptions options{};
    options.sonnx_revision = SonnxRevision::r2026_06;
    return options;
}

// The later revision's int example 1 (sonnx-div-spec-upstream-2026-06.md):
// A = [6 5 -35], B = [3 3 3] gives C = [2 1 -11] ("any fractional part
// discarded"), where the seed revision's floor gives -12; int_rounding is
// ignored, and int_rounding_of says so.
// [utest->req~div-prof-d4~2]
TEST(SonnxRevision2026, IntegersTruncateAsItsExampleShows) {
    RecordProperty("requirements", "DIV-PROF-D4");
    auto a = tensor<std::int32_t>(ElementType::int32, make({3}), {6, 5, -35});
    auto b = tensor<std::int32_t>(ElementType::int32, make({3}), {3, 3, 3});
    auto y = filled<std::int32_t>(ElementType::int32, make({3}), 0);
    DivOptions later = revision_2026();
    later.int_rounding = IntRounding::floor;  // no effect under this revision
    ASSERT_TRUE(div(a.in(), b.in(), y.out(), later, nullptr).is_ok());
    EXPECT_EQ(y.data, (std::vector<std::int32_t>{2, 1, -11}));
    EXPECT_EQ(int_rounding_of(later), IntRounding::toward_zero);
    ASSERT_TRUE(div(a.in(), b.in(), y.out(), DivOptions{}, nullptr).is_ok());
    EXPECT_EQ(y.data, (std::vector<std::int32_t>{2, 1, -12}));  // the seed revision floors
    EXPECT_EQ(int_rounding_of(DivOptions{}), IntRounding::floor);
    // Every signed width: -7 / 2 = -3 (floor: -4).
    auto a8 = tensor<std::int8_t>(ElementType::int8, make({1}), {-7});
    auto b8 = tensor<std::int8_t>(ElementType::int8, make({1}), {2});
    auto y8 = filled<std::int8_t>(ElementType::int8, make({1}), std::int8_t{0});
    ASSERT_TRUE(div(a8.in(), b8.in(), y8.out(), later, nullptr).is_ok());
    EXPECT_EQ(y8.data[0], -3);
    auto a64 = tensor<std::int64_t>(ElementType::int64, make({1}), {-7});
    auto b64 = tensor<std::int64_t>(ElementType::int64, make({1}), {2});
    auto y64 = filled<std::int64_t>(ElementType::int64, make({1}), std::int64_t{0});
    ASSERT_TRUE(div(a64.in(), b64.in(), y64.out(), later, nullptr).is_ok());
    EXPECT_EQ(y64.data[0], -3);
    // Zero divisors and MIN / -1 stay errors (F-55, F-61).
    auto z = tensor<std::int32_t>(ElementType::int32, make({3}), {3, 0, 3});
    expect_status(run_untouched(a.in(), z.in(), y, later), StatusCode::zero_divisor, "DIV-INT-C3", Operand::b, 1U);
    auto m = tensor<std::int8_t>(ElementType::int8, make({1}), {-128});
    auto minus_one = tensor<std::int8_t>(ElementType::int8, make({1}), {-1});
    expect_status(run_untouched(m.in(), minus_one.in(), y8, later), StatusCode::overflow, "DIV-INT-D2", Operand::a, 0U);
}

// Its type lists: FP16, FP32, FP64 and the eight 8- to 64-bit integers;
// BF16, INT4 and UINT4 refused (unsupported_type, DIV-PROF-D4, A, 0), by div
// and by the output-shape query; the seed revision admits all of them.
// [utest->req~div-prof-d4~2]
// [utest->req~div-bcast-d5~2]
TEST(SonnxRevision2026, OnlyItsTypesAreAdmitted) {
    RecordProperty("requirements", "DIV-PROF-D4,DIV-BCAST-D5");
    const std::set<ElementType> refused = {ElementType::bf16, ElementType::int4, ElementType::uint4};
    std::size_t admitted = 0U;
    for (std::uint8_t t = 0U; t < kElementTypeCount; ++t) {
        const auto type = static_cast<ElementType>(t);
        Shape y{};
        const Status later = div_output_shape(type, make({2}), make({2}), revision_2026(), y);
        if (refused.count(type) != 0U) {
            expect_status(later, StatusCode::unsupported_type, "DIV-PROF-D4", Operand::a, 0U);
        } else {
            EXPECT_TRUE(later.is_ok()) << element_type_name(type);
            ++admitted;
        }
        EXPECT_TRUE(div_output_shape(type, make({2}), make({2}), DivOptions{}, y).is_ok()) << element_type_name(type);
    }
    EXPECT_EQ(admitted, 11U);
    auto bf = tensor<std::uint16_t>(ElementType::bf16, make({1}), {0x4040U});
    auto bf_y = filled<std::uint16_t>(ElementType::bf16, make({1}), 0U);
    expect_status(run_untouched(bf.in(), bf.in(), bf_y, revision_2026()), StatusCode::unsupported_type, "DIV-PROF-D4",
                  Operand::a, 0U);
    ASSERT_TRUE(run_untouched(bf.in(), bf.in(), bf_y, DivOptions{}).is_ok());
    EXPECT_EQ(bf_y.data[0], 0x3F80U);  // 3 / 3 = 1 under the seed revision
    const std::uint8_t nibbles[1] = {0x21U};  // INT4 [1, 2]
    std::uint8_t out[1] = {0x5AU};
    const Shape two = make({2});
    for (const ElementType type : {ElementType::int4, ElementType::uint4}) {
        expect_status(div(ConstTensorView{type, two, nibbles, 1U}, ConstTensorView{type, two, nibbles, 1U},
                          TensorView{type, two, out, 1U}, revision_2026(), nullptr),
                      StatusCode::unsupported_type, "DIV-PROF-D4", Operand::a, 0U);
        EXPECT_EQ(out[0], 0x5AU) << "output written on error";
    }
    auto h = tensor<std::uint16_t>(ElementType::fp16, make({1}), {0x4200U});  // 3
    auto h_y = filled<std::uint16_t>(ElementType::fp16, make({1}), 0U);
    ASSERT_TRUE(div(h.in(), h.in(), h_y.out(), revision_2026(), nullptr).is_ok());
    EXPECT_EQ(h_y.data[0], 0x3C00U);  // 1
}

// Where its checks sit: the revision value right after the rounding (an
// option value, DIV-API-D2's first step); the type list after B's and Y's
// type equal to A's and before the ranks and shapes. Other profiles ignore
// the revision.
// [utest->req~div-prof-d4~2]
// [utest->req~div-api-d2~1]
// [utest->req~div-api-d6~1]
TEST(SonnxRevision2026, ItsChecksComeInTheirPlace) {
    RecordProperty("requirements", "DIV-PROF-D4,DIV-API-D2,DIV-API-D6");
    auto a = filled<float>(ElementType::fp32, make({2}), 1.0F);
    auto y = filled<float>(ElementType::fp32, make({2}), 0.0F);
    DivOptions unknown{};
    unknown.sonnx_revision = static_cast<SonnxRevision>(2);
    expect_status(run_untouched(a.in(), a.in(), y, unknown), StatusCode::invalid_argument, "DIV-PROF-D4", Operand::none,
                  0U);
    Shape shape{};
    expect_status(div_output_shape(ElementType::fp32, a.shape, a.shape, unknown, shape), StatusCode::invalid_argument,
                  "DIV-PROF-D4", Operand::none, 0U);
    unknown.int_rounding = static_cast<IntRounding>(7);  // the rounding first
    expect_status(run_untouched(a.in(), a.in(), y, unknown), StatusCode::invalid_argument, "DIV-API-D6", Operand::none,
                  0U);
    // A BF16 A with an FP32 B: the type mismatch first; BF16 throughout with
    // unequal shapes and a rank beyond the limit: the revision's type list first.
    auto bf = filled<std::uint16_t>(ElementType::bf16, make({2}), std::uint16_t{0x3F80U});
    expect_status(div(bf.in(), a.in(), y.out(), revision_2026(), nullptr), StatusCode::type_mismatch, "DIV-FLOAT-C2",
                  Operand::b, 0U);
    auto bf_wide = filled<std::uint16_t>(ElementType::bf16, make({3}), std::uint16_t{0x3F80U});
    auto bf_y = filled<std::uint16_t>(ElementType::bf16, make({2}), std::uint16_t{0U});
    expect_status(run_untouched(bf.in(), bf_wide.in(), bf_y, revision_2026()), StatusCode::unsupported_type,
                  "DIV-PROF-D4", Operand::a, 0U);
    // The onnx and openvino profiles ignore it: BF16 is Div-13's and OpenVINO's.
    DivOptions onnx = onnx_options(14U);
    onnx.sonnx_revision = SonnxRevision::r2026_06;
    EXPECT_TRUE(run_untouched(bf.in(), bf.in(), bf_y, onnx).is_ok());
    DivOptions ov = openvino_options();
    ov.sonnx_revision = static_cast<SonnxRevision>(9);
    EXPECT_TRUE(run_untouched(bf.in(), bf.in(), bf_y, ov).is_ok());
    EXPECT_STREQ(requirement_name(RequirementId::div_prof_d4), "DIV-PROF-D4");
}

}  // namespace
}  // namespace sonnx::test
