// How statuses are written: the one-line summary of report lines and the
// message of a violated precondition, against hand-written strings.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "sonnx/text/status_text.hpp"

namespace sonnx::text {
namespace {

Status status(StatusCode code, RequirementId requirement, Operand operand, std::uint64_t index) {
    Status s{};
    s.code = code;
    s.requirement = requirement;
    s.operand = operand;
    s.index = index;
    return s;
}

// A view of `bytes` bytes at `data`; the elements' count need not match them.
ConstTensorView view(ElementType type, const std::vector<std::uint64_t>& dims, const void* data, std::size_t bytes) {
    ConstTensorView v{};
    v.type = type;
    EXPECT_TRUE(make_shape(dims.data(), static_cast<std::uint32_t>(dims.size()), v.shape));
    v.data = data;
    v.size_bytes = bytes;
    return v;
}

// Every field of a status, in one line: what a campaign's example (DIV-CLI-D8)
// and an ONNX node test's REJECTED verdict (DIV-ONNX-D2, read back by
// tests/conformance/check_verdicts.py) print.
// [utest->req~div-cli-d8~2]
// [utest->req~div-onnx-d2~4]
TEST(StatusSummary, EveryFieldInOneLine) {
    RecordProperty("requirements", "DIV-CLI-D8,DIV-ONNX-D2");
    EXPECT_EQ(status_summary(Status{}), "ok");
    EXPECT_EQ(status_summary(status(StatusCode::zero_divisor, RequirementId::div_int_c3, Operand::b, 2U)),
              "zero_divisor DIV-INT-C3 (DIV-INT-R3) operand B index 2");
    EXPECT_EQ(status_summary(status(StatusCode::overflow, RequirementId::div_int_d2, Operand::a, 0U)),
              "overflow DIV-INT-D2 operand A index 0");  // no restriction behind D2
    EXPECT_EQ(status_summary(status(StatusCode::shape_mismatch, RequirementId::div_float_c1, Operand::b, 1U)),
              "shape_mismatch DIV-FLOAT-C1 (DIV-FLOAT-R1) operand B index 1");
    EXPECT_EQ(status_summary(status(StatusCode::shape_mismatch, RequirementId::div_ov_r2, Operand::b, 0U)),
              "shape_mismatch DIV-OV-R2 operand B index 0");
    EXPECT_EQ(status_summary(status(StatusCode::invalid_argument, RequirementId::div_onnx_d1, Operand::none, 0U)),
              "invalid_argument DIV-ONNX-D1 operand - index 0");
}

// Element errors point at the element, with both operands' values there
// when A and B have that shape (README's example).
// [utest->req~div-cli-d2~1]
TEST(ViolationMessage, ElementErrorsShowTheOperandsThere) {
    RecordProperty("requirements", "DIV-CLI-D2");
    const std::int32_t a[3] = {7, -7, 6};
    const std::int32_t b[3] = {2, 2, 0};
    const std::int32_t y[3] = {};
    const ConstTensorView va = view(ElementType::int32, {3U}, a, sizeof a);
    const ConstTensorView vb = view(ElementType::int32, {3U}, b, sizeof b);
    const ConstTensorView vy = view(ElementType::int32, {3U}, y, sizeof y);
    const Status zero = status(StatusCode::zero_divisor, RequirementId::div_int_c3, Operand::b, 2U);
    EXPECT_EQ(violation_message(zero, &va, &vb, &vy),
              "zero_divisor: DIV-INT-C3 violated at B[2] (A[2] = 6, B[2] = 0) [restriction DIV-INT-R3]");
    // Nothing known of the operands: the position alone.
    EXPECT_EQ(violation_message(zero, nullptr, nullptr, nullptr),
              "zero_divisor: DIV-INT-C3 violated at B[2] [restriction DIV-INT-R3]");
    // A value outside the bytes a view holds is not read.
    const ConstTensorView short_b = view(ElementType::int32, {3U}, b, 2U * sizeof(std::int32_t));
    EXPECT_EQ(violation_message(zero, &va, &short_b, &vy),
              "zero_divisor: DIV-INT-C3 violated at B[2] (A[2] = 6, B[2] = ?) [restriction DIV-INT-R3]");
    // Nor one whose byte offset would overflow 64 bits.
    EXPECT_EQ(violation_message(
                  status(StatusCode::zero_divisor, RequirementId::div_int_c3, Operand::b, 18446744073709551615U), &va,
                  &vb, &vy),
              "zero_divisor: DIV-INT-C3 violated at B[18446744073709551615] (A[18446744073709551615] = ?, "
              "B[18446744073709551615] = ?) [restriction DIV-INT-R3]");

    // Rank 2: coordinates. Y unknown: an overflow indexes A.
    const std::int8_t a2[6] = {1, 2, 3, 4, 5, -128};
    const std::int8_t b2[6] = {1, 1, 1, 1, 1, -1};
    const ConstTensorView va2 = view(ElementType::int8, {2U, 3U}, a2, sizeof a2);
    const ConstTensorView vb2 = view(ElementType::int8, {2U, 3U}, b2, sizeof b2);
    EXPECT_EQ(
        violation_message(status(StatusCode::overflow, RequirementId::div_int_d2, Operand::a, 5U), &va2, &vb2, nullptr),
        "overflow: DIV-INT-D2 violated at A[1, 2] (A[1, 2] = -128, B[1, 2] = -1)");

    // INT4 out of range in B: indexed in B, which holds the value.
    const std::int8_t a4[2] = {1, 2};
    const std::int8_t b4[2] = {3, 9};
    const ConstTensorView va4 = view(ElementType::int4, {2U}, a4, sizeof a4);
    const ConstTensorView vb4 = view(ElementType::int4, {2U}, b4, sizeof b4);
    EXPECT_EQ(violation_message(status(StatusCode::value_out_of_range, RequirementId::div_int_d4, Operand::b, 1U), &va4,
                                &vb4, nullptr),
              "value_out_of_range: DIV-INT-D4 violated at B[1] (A[1] = 2, B[1] = 9)");
}

// Under broadcasting a zero divisor is found at Y's index (DIV-BCAST-D3):
// the message points at Y, where A and B have no element of that index.
// [utest->req~div-cli-d2~1]
TEST(ViolationMessage, BroadcastErrorsPointAtY) {
    RecordProperty("requirements", "DIV-CLI-D2");
    const std::int16_t a[6] = {1, 2, 3, 4, 5, 6};
    const std::int16_t b[3] = {1, 0, 1};
    const std::int16_t y[6] = {};
    const ConstTensorView va = view(ElementType::int16, {2U, 3U}, a, sizeof a);
    const ConstTensorView vb = view(ElementType::int16, {3U}, b, sizeof b);
    const ConstTensorView vy = view(ElementType::int16, {2U, 3U}, y, sizeof y);
    EXPECT_EQ(
        violation_message(status(StatusCode::zero_divisor, RequirementId::div_int_c3, Operand::b, 4U), &va, &vb, &vy),
        "zero_divisor: DIV-INT-C3 violated at Y[1, 1] [restriction DIV-INT-R3]");
}

// Shape and type errors name both shapes or both types; a status of no
// operand says what it is about instead of pointing at an element.
// [utest->req~div-cli-d2~1]
TEST(ViolationMessage, ShapeTypeAndOptionErrors) {
    RecordProperty("requirements", "DIV-CLI-D2");
    const float a[6] = {};
    const float b[8] = {};
    const double d[6] = {};
    const ConstTensorView va = view(ElementType::fp32, {2U, 3U}, a, sizeof a);
    const ConstTensorView vb = view(ElementType::fp32, {2U, 4U}, b, sizeof b);
    const ConstTensorView vd = view(ElementType::fp64, {2U, 3U}, d, sizeof d);
    const Status shape = status(StatusCode::shape_mismatch, RequirementId::div_float_c1, Operand::b, 1U);
    EXPECT_EQ(violation_message(shape, &va, &vb, nullptr),
              "shape_mismatch: DIV-FLOAT-C1 violated: B's shape differs from A's at axis 1 (A [2, 3], B [2, 4]) "
              "[restriction DIV-FLOAT-R1]");
    EXPECT_EQ(violation_message(shape, nullptr, &vb, nullptr),
              "shape_mismatch: DIV-FLOAT-C1 violated: B's shape differs from A's at axis 1 [restriction DIV-FLOAT-R1]");
    EXPECT_EQ(violation_message(status(StatusCode::type_mismatch, RequirementId::div_float_c2, Operand::b, 0U), &va,
                                &vd, nullptr),
              "type_mismatch: DIV-FLOAT-C2 violated: B's element type differs from A's (A FP32, B FP64) "
              "[restriction DIV-FLOAT-R2]");
    EXPECT_EQ(violation_message(status(StatusCode::invalid_argument, RequirementId::div_onnx_d1, Operand::none, 0U),
                                &va, &vb, nullptr),
              "invalid_argument: DIV-ONNX-D1 violated: an option has a value the operator does not accept");
    const std::uint16_t h[1] = {};
    const ConstTensorView vh = view(ElementType::bf16, {1U}, h, sizeof h);
    EXPECT_EQ(violation_message(status(StatusCode::unsupported_type, RequirementId::div_prof_d4, Operand::a, 0U), &vh,
                                &vh, nullptr),
              "unsupported_type: DIV-PROF-D4 violated: the profile does not admit A's element type BF16 (the SONNX "
              "2026-06 revision admits FP16, FP32, FP64 and the 8- to 64-bit integers; the default seed revision "
              "admits every type)");
    const std::int8_t i[1] = {};
    const ConstTensorView vi = view(ElementType::int8, {1U}, i, sizeof i);
    EXPECT_EQ(violation_message(status(StatusCode::unsupported_type, RequirementId::div_onnx_r1, Operand::a, 0U), &vi,
                                &vi, nullptr),
              "unsupported_type: DIV-ONNX-R1 violated: the profile does not admit A's element type INT8");
}

// Buffer statuses name the operand; an index only where it means one.
// [utest->req~div-cli-d2~1]
TEST(ViolationMessage, BufferErrorsNameTheOperand) {
    RecordProperty("requirements", "DIV-CLI-D2");
    EXPECT_EQ(violation_message(status(StatusCode::buffer_too_small, RequirementId::div_api_d3, Operand::y, 0U),
                                nullptr, nullptr, nullptr),
              "buffer_too_small: DIV-API-D3 violated by Y (index 0)");
    EXPECT_EQ(violation_message(status(StatusCode::overlap, RequirementId::div_api_d8, Operand::y, 0U), nullptr,
                                nullptr, nullptr),
              "overlap: DIV-API-D8 violated by Y");
    EXPECT_EQ(violation_message(status(StatusCode::misaligned, RequirementId::div_api_d9, Operand::b, 0U), nullptr,
                                nullptr, nullptr),
              "misaligned: DIV-API-D9 violated by B");
    EXPECT_EQ(
        violation_message(status(StatusCode::fp_environment_failure, RequirementId::div_float_d5, Operand::none, 0U),
                          nullptr, nullptr, nullptr),
        "fp_environment_failure: DIV-FLOAT-D5 violated");
}

}  // namespace
}  // namespace sonnx::text
