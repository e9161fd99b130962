// Status values: every error names its requirement, operand and first
// offending index, the first failing check wins, and the output is untouched.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>
#include <tuple>
#include <utility>
#include <vector>

#include "broadcast_test_support.hpp"
#include "test_support.hpp"

namespace sonnx::test {
namespace {

constexpr std::uint8_t kSentinel = 0xA5U;

// Runs div on raw views with a sentinel-filled output and checks it stayed so.
struct Call {
    ConstTensorView a;
    ConstTensorView b;
    TensorView y;
    DivOptions options{};
};

Status run_untouched(Call call, std::vector<std::uint8_t>& out) {
    std::fill(out.begin(), out.end(), kSentinel);
    if (call.y.data == nullptr) {
        return div(call.a, call.b, call.y, call.options, nullptr);
    }
    const Status status = div(call.a, call.b, call.y, call.options, nullptr);
    if (!status.is_ok()) {
        for (const std::uint8_t byte : out) {
            EXPECT_EQ(byte, kSentinel) << "output written on error";
        }
    }
    return status;
}

class ApiErrors : public ::testing::Test {
protected:
    std::vector<std::int32_t> a{6, 9, 35, 4};
    std::vector<std::int32_t> b{3, 3, 5, 2};
    std::vector<std::uint8_t> out = std::vector<std::uint8_t>(16U);

    Call call(ElementType type = ElementType::int32) {
        return Call{ConstTensorView{type, shape_1d(4U), a.data(), 16U},
                    ConstTensorView{type, shape_1d(4U), b.data(), 16U}, TensorView{type, shape_1d(4U), out.data(), 16U},
                    DivOptions{}};
    }
};

// [utest->req~div-api-d6~1]
// [utest->req~div-api-d2~1]
// [utest->req~div-api-d1~1]
TEST_F(ApiErrors, UnknownOptionAndTypeValues) {
    RecordProperty("requirements", "DIV-API-D6,DIV-API-D2,DIV-API-D1");
    Call c = call();
    c.options.int_rounding = static_cast<IntRounding>(7);
    expect_status(run_untouched(c, out), StatusCode::invalid_argument, "DIV-API-D6", Operand::none, 0U);
    c = call();
    c.b.type = static_cast<ElementType>(200);
    expect_status(run_untouched(c, out), StatusCode::unsupported_type, "DIV-API-D6", Operand::b, 0U);
    c = call();
    c.y.type = static_cast<ElementType>(99);
    expect_status(run_untouched(c, out), StatusCode::unsupported_type, "DIV-API-D6", Operand::y, 0U);
}

// [utest->req~div-int-r2~1]
// [utest->req~div-int-c2~1]
// [utest->req~div-float-r2~1]
// [utest->req~div-float-c2~1]
TEST_F(ApiErrors, TypeMismatchNamesTheVariantsC2) {
    RecordProperty("requirements", "DIV-INT-R2,DIV-INT-C2,DIV-FLOAT-R2,DIV-FLOAT-C2");
    Call c = call();
    c.b.type = ElementType::uint32;
    expect_status(run_untouched(c, out), StatusCode::type_mismatch, "DIV-INT-C2", Operand::b, 0U);
    c = call(ElementType::fp32);
    c.y.type = ElementType::fp64;
    expect_status(run_untouched(c, out), StatusCode::type_mismatch, "DIV-FLOAT-C2", Operand::y, 0U);
}

// [utest->req~div-api-d5~1]
TEST_F(ApiErrors, RankAboveSixteen) {
    RecordProperty("requirements", "DIV-API-D5");
    Call c = call();
    c.y.shape.rank = 17U;
    expect_status(run_untouched(c, out), StatusCode::rank_too_large, "DIV-API-D5", Operand::y, 0U);
    Shape shape{};
    const std::uint64_t dims[17] = {};
    EXPECT_FALSE(make_shape(dims, 17U, shape));
    EXPECT_TRUE(make_shape(dims, 16U, shape));
    EXPECT_FALSE(make_shape(nullptr, 2U, shape));  // dimensions promised but not given
    EXPECT_TRUE(make_shape(nullptr, 0U, shape));   // a scalar needs none
    EXPECT_EQ(shape.rank, 0U);
    Shape too_deep{};
    too_deep.rank = 17U;
    std::uint64_t count = 0U;
    EXPECT_FALSE(element_count(too_deep, count));
    EXPECT_FALSE(same_shape(too_deep, too_deep));  // equal, but no valid shape has rank 17
}

// Under the sonnx profile the type checks come before the rank checks
// (DIV-API-D2): a call with both a type mismatch and a rank above 16 names
// the type (issue #12: moving the rank checks first survived the suite).
// [utest->req~div-api-d2~1]
TEST_F(ApiErrors, TypesAreCheckedBeforeRanks) {
    RecordProperty("requirements", "DIV-API-D2");
    Call c = call();
    c.b.type = ElementType::uint32;
    c.a.shape.rank = 17U;
    expect_status(run_untouched(c, out), StatusCode::type_mismatch, "DIV-INT-C2", Operand::b, 0U);
    c = call();
    c.y.type = static_cast<ElementType>(99);
    c.a.shape.rank = 17U;
    expect_status(run_untouched(c, out), StatusCode::unsupported_type, "DIV-API-D6", Operand::y, 0U);
}

// A failing call leaves a report that says nothing was written: no flags,
// no elements, whatever it held before (issue #12: a report filled as if
// the call had run survived the suite).
// [utest->req~div-api-d1~1]
TEST_F(ApiErrors, AFailingCallReportsNothingWritten) {
    RecordProperty("requirements", "DIV-API-D1");
    Call c = call(ElementType::fp32);
    c.b.shape = shape_1d(3U);
    DivReport report{};
    report.fp_flags = 0x1FU;
    report.elements = 99U;
    expect_status(div(c.a, c.b, c.y, c.options, &report), StatusCode::shape_mismatch, "DIV-FLOAT-C1", Operand::b, 0U);
    EXPECT_EQ(report.fp_flags, fp_flag_none);
    EXPECT_EQ(report.elements, 0U);
    b[2] = 0;  // INT32 6/3, 9/3, 35/0: a zero divisor found after the shapes
    report.fp_flags = 0x1FU;
    report.elements = 99U;
    const Call z = call();
    expect_status(div(z.a, z.b, z.y, z.options, &report), StatusCode::zero_divisor, "DIV-INT-C3", Operand::b, 2U);
    EXPECT_EQ(report.fp_flags, fp_flag_none);
    EXPECT_EQ(report.elements, 0U);
}

// [utest->req~div-int-r1~1]
// [utest->req~div-int-c1~1]
// [utest->req~div-float-r1~1]
// [utest->req~div-float-c1~1]
TEST_F(ApiErrors, ShapeMismatchNamesTheFirstDifferingAxis) {
    RecordProperty("requirements", "DIV-INT-R1,DIV-INT-C1,DIV-FLOAT-R1,DIV-FLOAT-C1");
    const std::uint64_t dims_a[3] = {2U, 2U, 1U};
    const std::uint64_t dims_b[3] = {2U, 1U, 2U};
    Call c = call();
    ASSERT_TRUE(make_shape(dims_a, 3U, c.a.shape));
    ASSERT_TRUE(make_shape(dims_b, 3U, c.b.shape));
    ASSERT_TRUE(make_shape(dims_a, 3U, c.y.shape));
    expect_status(run_untouched(c, out), StatusCode::shape_mismatch, "DIV-INT-C1", Operand::b, 1U);
    c = call(ElementType::fp32);
    ASSERT_TRUE(make_shape(dims_a, 2U, c.y.shape));  // [2, 2] vs A's [4]: axis 0 differs
    expect_status(run_untouched(c, out), StatusCode::shape_mismatch, "DIV-FLOAT-C1", Operand::y, 0U);
    c = call(ElementType::fp32);
    const std::uint64_t dims_prefix[2] = {4U, 1U};  // [4, 1] vs [4]: same prefix, ranks differ
    ASSERT_TRUE(make_shape(dims_prefix, 2U, c.b.shape));
    expect_status(run_untouched(c, out), StatusCode::shape_mismatch, "DIV-FLOAT-C1", Operand::b, 1U);
}

// [utest->req~div-api-d4~1]
TEST_F(ApiErrors, ElementCountOrByteSizeOverflow) {
    RecordProperty("requirements", "DIV-API-D4");
    const std::uint64_t huge[2] = {std::uint64_t{1} << 32U, std::uint64_t{1} << 32U};  // 2^64 elements
    Call c = call();
    ASSERT_TRUE(make_shape(huge, 2U, c.a.shape));
    c.b.shape = c.a.shape;
    c.y.shape = c.a.shape;
    expect_status(run_untouched(c, out), StatusCode::size_overflow, "DIV-API-D4", Operand::a, 0U);
    const std::uint64_t bytes_overflow[1] = {std::uint64_t{1} << 62U};  // count fits, bytes (x4) do not
    ASSERT_TRUE(make_shape(bytes_overflow, 1U, c.a.shape));
    c.b.shape = c.a.shape;
    c.y.shape = c.a.shape;
    expect_status(run_untouched(c, out), StatusCode::size_overflow, "DIV-API-D4", Operand::a, 0U);
    Shape two_to_the_64{};
    two_to_the_64.rank = 2U;
    two_to_the_64.dims[0] = std::uint64_t{1} << 63U;
    two_to_the_64.dims[1] = 2U;
    std::uint64_t count = 0U;
    EXPECT_FALSE(element_count(two_to_the_64, count));
}

// [utest->req~div-api-d3~1]
// [utest->req~div-gr1~1]
TEST_F(ApiErrors, NullOrTooSmallBuffers) {
    RecordProperty("requirements", "DIV-API-D3,DIV-GR1");
    Call c = call();
    c.a.data = nullptr;
    expect_status(run_untouched(c, out), StatusCode::null_pointer, "DIV-API-D3", Operand::a, 0U);
    c = call();
    c.b.size_bytes = 15U;  // a dense [4] INT32 tensor needs 16 bytes
    expect_status(run_untouched(c, out), StatusCode::buffer_too_small, "DIV-API-D3", Operand::b, 0U);
    c = call();
    c.y.size_bytes = 12U;
    expect_status(run_untouched(c, out), StatusCode::buffer_too_small, "DIV-API-D3", Operand::y, 0U);
    c = call();
    c.y.data = nullptr;
    expect_status(run_untouched(c, out), StatusCode::null_pointer, "DIV-API-D3", Operand::y, 0U);
}

// A data pointer that is not a multiple of the element size is refused
// before anything is read or written (issue #11 item 7: a view one byte
// into a buffer was undefined behaviour, reported by UBSan). One-byte types
// and tensors without elements take any pointer. Expected values by hand.
// [utest->req~div-api-d9~1]
TEST(ApiAlignment, MisalignedPointersAreRefused) {
    RecordProperty("requirements", "DIV-API-D9");
    alignas(8) std::uint8_t a_bytes[40] = {};
    alignas(8) std::uint8_t b_bytes[40] = {};
    alignas(8) std::uint8_t y_bytes[40] = {};
    const float two = 2.0F;
    const float eight = 8.0F;
    for (std::size_t k = 0; k < 4U; ++k) {
        std::memcpy(&a_bytes[1U + 4U * k], &eight, 4U);
        std::memcpy(&b_bytes[4U * k], &two, 4U);
    }
    const std::vector<std::uint8_t> y_before(std::begin(y_bytes), std::end(y_bytes));
    const ConstTensorView a_off{ElementType::fp32, shape_1d(4U), &a_bytes[1], 16U};
    const ConstTensorView b_ok{ElementType::fp32, shape_1d(4U), &b_bytes[0], 16U};
    const TensorView y_ok{ElementType::fp32, shape_1d(4U), &y_bytes[0], 16U};
    expect_status(div(a_off, b_ok, y_ok, DivOptions{}, nullptr), StatusCode::misaligned, "DIV-API-D9", Operand::a, 0U);
    expect_status(div(a_off, b_ok, y_ok, onnx_options(14U), nullptr), StatusCode::misaligned, "DIV-API-D9", Operand::a,
                  0U);
    const TensorView y_off{ElementType::fp32, shape_1d(4U), &y_bytes[2], 16U};
    expect_status(div(b_ok, b_ok, y_off, DivOptions{}, nullptr), StatusCode::misaligned, "DIV-API-D9", Operand::y, 0U);
    EXPECT_EQ(std::vector<std::uint8_t>(std::begin(y_bytes), std::end(y_bytes)), y_before) << "written on error";
    // FP64 at a 4-byte offset: aligned for FP32, not for FP64; B is named before Y.
    const ConstTensorView b64_off{ElementType::fp64, shape_1d(2U), &b_bytes[4], 16U};
    const ConstTensorView a64{ElementType::fp64, shape_1d(2U), &a_bytes[8], 16U};
    const TensorView y64_off{ElementType::fp64, shape_1d(2U), &y_bytes[4], 16U};
    expect_status(div(a64, b64_off, y64_off, DivOptions{}, nullptr), StatusCode::misaligned, "DIV-API-D9", Operand::b,
                  0U);
    // Checked after the buffer checks: a too-small misaligned buffer is DIV-API-D3.
    const ConstTensorView a_short{ElementType::fp32, shape_1d(4U), &a_bytes[1], 15U};
    expect_status(div(a_short, b_ok, y_ok, DivOptions{}, nullptr), StatusCode::buffer_too_small, "DIV-API-D3",
                  Operand::a, 0U);
    // Allowed: INT8 at any address, and no element at a misaligned address. 9 / 3 = 3, -9 / 2 = -5 (floor).
    alignas(8) std::int8_t ints[12] = {0, 9, -9, 0, 0, 3, 2, 0, 0, 0, 0, 0};
    const ConstTensorView a8{ElementType::int8, shape_1d(2U), &ints[1], 2U};
    const ConstTensorView b8{ElementType::int8, shape_1d(2U), &ints[5], 2U};
    const TensorView y8{ElementType::int8, shape_1d(2U), &ints[9], 2U};
    ASSERT_TRUE(div(a8, b8, y8, DivOptions{}, nullptr).is_ok());
    EXPECT_EQ(ints[9], 3);
    EXPECT_EQ(ints[10], -5);
    const ConstTensorView none_a{ElementType::fp32, shape_1d(0U), &a_bytes[1], 0U};
    const TensorView none_y{ElementType::fp32, shape_1d(0U), &y_bytes[3], 0U};
    EXPECT_TRUE(div(none_a, none_a, none_y, DivOptions{}, nullptr).is_ok());
    EXPECT_STREQ(status_code_name(StatusCode::misaligned), "misaligned");
}

// Y sharing bytes with A or B without being exactly that buffer is refused
// before anything is written (issue #11: Y = B + 1 on INT64 returned ok
// while writing into B, then died of SIGFPE; FP32 gave silent garbage).
// In place on A, on B, or on both stays allowed; adjacent buffers too.
// Expected quotients are hand-derived.
// [utest->req~div-api-d8~1]
// [utest->req~div-api-d1~1]
TEST(ApiOverlap, PartialOverlapOfYWithAnOperandIsRefused) {
    RecordProperty("requirements", "DIV-API-D8,DIV-API-D1");
    // INT64: A = {7, -7, 9, 4}, B = buffer[0..4), Y = buffer[1..5): Y starts one element into B.
    const std::int64_t a64[4] = {7, -7, 9, 4};
    std::vector<std::int64_t> buffer64 = {2, 1, -1, 2, 0};
    const auto snapshot64 = buffer64;
    const ConstTensorView va64{ElementType::int64, shape_1d(4U), a64, sizeof a64};
    const ConstTensorView vb64{ElementType::int64, shape_1d(4U), &buffer64[0], 4U * sizeof(std::int64_t)};
    const TensorView vy64{ElementType::int64, shape_1d(4U), &buffer64[1], 4U * sizeof(std::int64_t)};
    expect_status(div(va64, vb64, vy64, DivOptions{}, nullptr), StatusCode::overlap, "DIV-API-D8", Operand::b, 0U);
    EXPECT_EQ(buffer64, snapshot64) << "written on error";
    // FP32: Y = buffer[0..4), A = buffer[1..5): Y starts one element before A.
    std::vector<float> buffer32 = {1.0F, 8.0F, 6.0F, 4.0F, 2.0F};
    const auto snapshot32 = buffer32;
    const float b32[4] = {2.0F, 2.0F, 2.0F, 2.0F};
    const ConstTensorView va32{ElementType::fp32, shape_1d(4U), &buffer32[1], 4U * sizeof(float)};
    const ConstTensorView vb32{ElementType::fp32, shape_1d(4U), b32, sizeof b32};
    const TensorView vy32{ElementType::fp32, shape_1d(4U), &buffer32[0], 4U * sizeof(float)};
    expect_status(div(va32, vb32, vy32, DivOptions{}, nullptr), StatusCode::overlap, "DIV-API-D8", Operand::a, 0U);
    // Both operands partially overlapping: A is named first.
    const ConstTensorView vb32_shifted{ElementType::fp32, shape_1d(4U), &buffer32[1], 4U * sizeof(float)};
    expect_status(div(va32, vb32_shifted, vy32, DivOptions{}, nullptr), StatusCode::overlap, "DIV-API-D8", Operand::a,
                  0U);
    EXPECT_EQ(buffer32, snapshot32) << "written on error";
    // Checked after the buffers (DIV-API-D3) and before any element value: a zero divisor is not reached.
    std::vector<std::int32_t> ints = {6, 0, 3, 2, 1};
    const std::int32_t a32[4] = {6, 6, 6, 6};
    const ConstTensorView va_int{ElementType::int32, shape_1d(4U), a32, sizeof a32};
    const ConstTensorView vb_int{ElementType::int32, shape_1d(4U), &ints[0], 4U * sizeof(std::int32_t)};
    const TensorView vy_int{ElementType::int32, shape_1d(4U), &ints[1], 4U * sizeof(std::int32_t)};
    expect_status(div(va_int, vb_int, vy_int, DivOptions{}, nullptr), StatusCode::overlap, "DIV-API-D8", Operand::b,
                  0U);
    // The same under the onnx profile, shapes equal (no operand broadcasts).
    expect_status(div(va_int, vb_int, vy_int, onnx_options(14U), nullptr), StatusCode::overlap, "DIV-API-D8",
                  Operand::b, 0U);
    EXPECT_EQ(ints, (std::vector<std::int32_t>{6, 0, 3, 2, 1}));

    // Allowed: Y exactly A, exactly B, exactly both, and Y right after B.
    std::vector<float> in_a = {8.0F, 6.0F, 4.0F, 2.0F};
    const TensorView y_a{ElementType::fp32, shape_1d(4U), in_a.data(), 4U * sizeof(float)};
    ASSERT_TRUE(div(ConstTensorView{ElementType::fp32, shape_1d(4U), in_a.data(), 4U * sizeof(float)}, vb32, y_a,
                    DivOptions{}, nullptr)
                    .is_ok());
    EXPECT_EQ(in_a, (std::vector<float>{4.0F, 3.0F, 2.0F, 1.0F}));
    std::vector<float> in_b = {4.0F, 8.0F, 16.0F, 0.5F};
    const float a_b[4] = {8.0F, 8.0F, 8.0F, 8.0F};
    ASSERT_TRUE(div(ConstTensorView{ElementType::fp32, shape_1d(4U), a_b, sizeof a_b},
                    ConstTensorView{ElementType::fp32, shape_1d(4U), in_b.data(), 4U * sizeof(float)},
                    TensorView{ElementType::fp32, shape_1d(4U), in_b.data(), 4U * sizeof(float)}, onnx_options(14U),
                    nullptr)
                    .is_ok());
    EXPECT_EQ(in_b, (std::vector<float>{2.0F, 1.0F, 0.5F, 16.0F}));
    std::vector<std::int64_t> both = {5, -5, 7, 1};
    const ConstTensorView v_both{ElementType::int64, shape_1d(4U), both.data(), 4U * sizeof(std::int64_t)};
    ASSERT_TRUE(
        div(v_both, v_both, TensorView{ElementType::int64, shape_1d(4U), both.data(), 32U}, DivOptions{}, nullptr)
            .is_ok());
    EXPECT_EQ(both, (std::vector<std::int64_t>{1, 1, 1, 1}));
    std::vector<std::int64_t> adjacent = {2, 4, 1, -2, 8, 8, 8, 8};
    const ConstTensorView b_first{ElementType::int64, shape_1d(4U), &adjacent[0], 32U};
    const ConstTensorView a_second{ElementType::int64, shape_1d(4U), &adjacent[4], 32U};
    ASSERT_TRUE(div(a_second, b_first, TensorView{ElementType::int64, shape_1d(4U), &adjacent[4], 32U}, DivOptions{},
                    nullptr)
                    .is_ok());  // Y = A in place, B right before Y
    EXPECT_EQ(adjacent, (std::vector<std::int64_t>{2, 4, 1, -2, 4, 2, 8, -4}));
}

// [utest->req~div-int-r3~1]
// [utest->req~div-int-c3~1]
// [utest->req~div-api-d1~1]
// [utest->req~div-api-d2~1]
TEST_F(ApiErrors, ZeroDivisorNamesTheFirstZero) {
    RecordProperty("requirements", "DIV-INT-R3,DIV-INT-C3,DIV-API-D1,DIV-API-D2");
    b = {3, 0, 5, 0};
    expect_status(run_untouched(call(), out), StatusCode::zero_divisor, "DIV-INT-C3", Operand::b, 1U);
}

// [utest->req~div-int-d2~1]
TEST(ApiOverflow, MinOverMinusOneInEverySignedWidth) {
    RecordProperty("requirements", "DIV-INT-D2");
    {
        const std::vector<std::int8_t> a{1, -8, 3};
        const std::vector<std::int8_t> b{1, -1, 0};  // overflow at 1 comes before the zero at 2
        std::vector<std::int8_t> y{5, 5, 5};
        const Status s = divide(ElementType::int4, a, b, y);
        expect_status(s, StatusCode::overflow, "DIV-INT-D2", Operand::a, 1U);
        EXPECT_EQ(y, (std::vector<std::int8_t>{5, 5, 5}));
    }
    {
        const std::vector<std::int8_t> a{-128};
        const std::vector<std::int8_t> b{-1};
        std::vector<std::int8_t> y{0};
        expect_status(divide(ElementType::int8, a, b, y), StatusCode::overflow, "DIV-INT-D2", Operand::a, 0U);
        const std::vector<std::int8_t> a4{-8};  // -8 / -1 fits INT8 but not INT4
        expect_status(divide(ElementType::int4, a4, b, y), StatusCode::overflow, "DIV-INT-D2", Operand::a, 0U);
    }
    {
        const std::vector<std::int16_t> a{0, std::numeric_limits<std::int16_t>::min()};
        const std::vector<std::int16_t> b{0, -1};  // the zero at 0 comes first
        std::vector<std::int16_t> y(2U);
        expect_status(divide(ElementType::int16, a, b, y), StatusCode::zero_divisor, "DIV-INT-C3", Operand::b, 0U);
    }
    {
        const std::vector<std::int32_t> a{std::numeric_limits<std::int32_t>::min()};
        const std::vector<std::int32_t> b{-1};
        std::vector<std::int32_t> y(1U);
        expect_status(divide(ElementType::int32, a, b, y), StatusCode::overflow, "DIV-INT-D2", Operand::a, 0U);
    }
    {
        const std::vector<std::int64_t> a{7, std::numeric_limits<std::int64_t>::min()};
        const std::vector<std::int64_t> b{1, -1};
        std::vector<std::int64_t> y(2U);
        expect_status(divide(ElementType::int64, a, b, y, IntRounding::toward_zero), StatusCode::overflow, "DIV-INT-D2",
                      Operand::a, 1U);
    }
}

// [utest->req~div-int-d4~1]
TEST(ApiNibbles, Int4AndUint4ValuesOutsideTheirRange) {
    RecordProperty("requirements", "DIV-INT-D4");
    const std::vector<std::int8_t> a{1, 2, 8};   // 8 is not an INT4 value
    const std::vector<std::int8_t> b{1, -9, 1};  // -9 neither; A is scanned first
    std::vector<std::int8_t> y(3U, 0);
    expect_status(divide(ElementType::int4, a, b, y), StatusCode::value_out_of_range, "DIV-INT-D4", Operand::a, 2U);
    const std::vector<std::int8_t> a_ok{1, 2, 3};
    expect_status(divide(ElementType::int4, a_ok, b, y), StatusCode::value_out_of_range, "DIV-INT-D4", Operand::b, 1U);
    const std::vector<std::uint8_t> ua{15, 16};
    const std::vector<std::uint8_t> ub{1, 1};
    std::vector<std::uint8_t> uy(2U, 0);
    expect_status(divide(ElementType::uint4, ua, ub, uy), StatusCode::value_out_of_range, "DIV-INT-D4", Operand::a, 1U);
    EXPECT_EQ(uy, (std::vector<std::uint8_t>{0, 0}));
}

// [utest->req~div-api-d2~1]
TEST(ApiNames, NamesOfCodesRequirementsOperandsAndTypes) {
    RecordProperty("requirements", "DIV-API-D2");
    EXPECT_STREQ(requirement_name(RequirementId::div_int_c3), "DIV-INT-C3");
    EXPECT_STREQ(requirement_name(RequirementId::div_float_c1), "DIV-FLOAT-C1");
    EXPECT_STREQ(requirement_name(RequirementId::div_real_c2), "DIV-REAL-C2");
    EXPECT_STREQ(requirement_name(RequirementId::none), "none");
    EXPECT_STREQ(requirement_name(static_cast<RequirementId>(250)), "none");
    EXPECT_STREQ(status_code_name(StatusCode::zero_divisor), "zero_divisor");
    EXPECT_STREQ(status_code_name(static_cast<StatusCode>(250)), "unknown");
    EXPECT_STREQ(operand_name(Operand::b), "B");
    EXPECT_STREQ(operand_name(static_cast<Operand>(9)), "-");
    EXPECT_STREQ(element_type_name(ElementType::bf16), "BF16");
    EXPECT_STREQ(element_type_name(static_cast<ElementType>(200)), "unknown");
    EXPECT_EQ(element_size(ElementType::int4), 1U);
    EXPECT_EQ(element_size(ElementType::fp64), 8U);
    EXPECT_EQ(element_size(static_cast<ElementType>(200)), 0U);
}

// Constraints name the restriction they enforce (sonnx-div-spec.md: C1
// "[R1]", C2 "[R2]", int C3 "[R3]"); other requirements name none.
// [utest->req~div-api-d2~1]
// [utest->req~div-float-r1~1]
// [utest->req~div-int-r3~1]
TEST(ApiNames, ConstraintsNameTheirRestriction) {
    RecordProperty("requirements", "DIV-API-D2,DIV-FLOAT-R1,DIV-INT-R3");
    const std::vector<std::pair<RequirementId, const char*>> restrictions = {
        {RequirementId::div_real_c1, "DIV-REAL-R1"},
        {RequirementId::div_float_c1, "DIV-FLOAT-R1"},
        {RequirementId::div_float_c2, "DIV-FLOAT-R2"},
        {RequirementId::div_int_c1, "DIV-INT-R1"},
        {RequirementId::div_int_c2, "DIV-INT-R2"},
        {RequirementId::div_int_c3, "DIV-INT-R3"},
        {RequirementId::div_real_c2, ""},
        {RequirementId::div_int_d2, ""},
        {RequirementId::none, ""},
        {static_cast<RequirementId>(250), ""}};
    for (const auto& [id, name] : restrictions) {
        EXPECT_STREQ(restriction_name(id), name) << requirement_name(id);
    }
}

// Every enumerator has its own name (the tables are written out, not derived).
// [utest->req~div-api-d2~1]
TEST(ApiNames, EveryEnumeratorHasItsName) {
    RecordProperty("requirements", "DIV-API-D2");
    const std::vector<std::pair<RequirementId, const char*>> requirements = {
        {RequirementId::div_real_c1, "DIV-REAL-C1"},   {RequirementId::div_real_c2, "DIV-REAL-C2"},
        {RequirementId::div_float_c1, "DIV-FLOAT-C1"}, {RequirementId::div_float_c2, "DIV-FLOAT-C2"},
        {RequirementId::div_int_c1, "DIV-INT-C1"},     {RequirementId::div_int_c2, "DIV-INT-C2"},
        {RequirementId::div_int_c3, "DIV-INT-C3"},     {RequirementId::div_int_d2, "DIV-INT-D2"},
        {RequirementId::div_int_d4, "DIV-INT-D4"},     {RequirementId::div_api_d3, "DIV-API-D3"},
        {RequirementId::div_api_d4, "DIV-API-D4"},     {RequirementId::div_api_d5, "DIV-API-D5"},
        {RequirementId::div_api_d6, "DIV-API-D6"},     {RequirementId::div_float_d5, "DIV-FLOAT-D5"},
        {RequirementId::div_api_d8, "DIV-API-D8"},     {RequirementId::div_api_d9, "DIV-API-D9"}};
    for (const auto& [id, name] : requirements) {
        EXPECT_STREQ(requirement_name(id), name);
    }
    const std::vector<std::pair<StatusCode, const char*>> codes = {
        {StatusCode::ok, "ok"},
        {StatusCode::shape_mismatch, "shape_mismatch"},
        {StatusCode::type_mismatch, "type_mismatch"},
        {StatusCode::zero_divisor, "zero_divisor"},
        {StatusCode::overflow, "overflow"},
        {StatusCode::null_pointer, "null_pointer"},
        {StatusCode::buffer_too_small, "buffer_too_small"},
        {StatusCode::size_overflow, "size_overflow"},
        {StatusCode::rank_too_large, "rank_too_large"},
        {StatusCode::value_out_of_range, "value_out_of_range"},
        {StatusCode::unsupported_type, "unsupported_type"},
        {StatusCode::invalid_argument, "invalid_argument"},
        {StatusCode::fp_environment_failure, "fp_environment_failure"},
        {StatusCode::overlap, "overlap"},
        {StatusCode::misaligned, "misaligned"}};
    for (const auto& [code, name] : codes) {
        EXPECT_STREQ(status_code_name(code), name);
    }
    EXPECT_STREQ(operand_name(Operand::a), "A");
    EXPECT_STREQ(operand_name(Operand::y), "Y");
    EXPECT_STREQ(operand_name(Operand::none), "-");
    const std::vector<std::tuple<ElementType, const char*, std::size_t, TypeClass>> types = {
        {ElementType::fp16, "FP16", 2U, TypeClass::floating},
        {ElementType::bf16, "BF16", 2U, TypeClass::floating},
        {ElementType::fp32, "FP32", 4U, TypeClass::floating},
        {ElementType::fp64, "FP64", 8U, TypeClass::floating},
        {ElementType::int4, "INT4", 1U, TypeClass::integer},
        {ElementType::int8, "INT8", 1U, TypeClass::integer},
        {ElementType::int16, "INT16", 2U, TypeClass::integer},
        {ElementType::int32, "INT32", 4U, TypeClass::integer},
        {ElementType::int64, "INT64", 8U, TypeClass::integer},
        {ElementType::uint4, "UINT4", 1U, TypeClass::integer},
        {ElementType::uint8, "UINT8", 1U, TypeClass::integer},
        {ElementType::uint16, "UINT16", 2U, TypeClass::integer},
        {ElementType::uint32, "UINT32", 4U, TypeClass::integer},
        {ElementType::uint64, "UINT64", 8U, TypeClass::integer}};
    EXPECT_EQ(types.size(), kElementTypeCount);
    for (const auto& [type, name, size, kind] : types) {
        EXPECT_STREQ(element_type_name(type), name);
        EXPECT_EQ(element_size(type), size);
        EXPECT_EQ(type_class(type), kind);
    }
    EXPECT_EQ(type_class(static_cast<ElementType>(200)), TypeClass::unknown);
}

// [utest->req~div-api-d1~1]
TEST(ApiShapes, EmptyScalarInPlaceAndLongTensors) {
    RecordProperty("requirements", "DIV-API-D1");
    // Zero elements: nothing to do, null data allowed.
    const std::uint64_t dims[2] = {3U, 0U};
    Shape empty{};
    ASSERT_TRUE(make_shape(dims, 2U, empty));
    DivReport report{};
    EXPECT_TRUE(div(ConstTensorView{ElementType::fp32, empty, nullptr, 0U},
                    ConstTensorView{ElementType::fp32, empty, nullptr, 0U},
                    TensorView{ElementType::fp32, empty, nullptr, 0U}, DivOptions{}, &report)
                    .is_ok());
    EXPECT_EQ(report.elements, 0U);
    // Rank 0: one element.
    const double a = 1.0;
    const double b = 4.0;
    double y = 0.0;
    EXPECT_TRUE(div(ConstTensorView{ElementType::fp64, Shape{}, &a, 8U},
                    ConstTensorView{ElementType::fp64, Shape{}, &b, 8U}, TensorView{ElementType::fp64, Shape{}, &y, 8U},
                    DivOptions{}, &report)
                    .is_ok());
    EXPECT_EQ(y, 0.25);
    EXPECT_EQ(report.elements, 1U);
    // In place, and a length that is no multiple of any vector width.
    std::vector<std::int32_t> values(100003U);
    std::vector<std::int32_t> divisors(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        values[i] = static_cast<std::int32_t>(i) - 50000;
        divisors[i] = 7;
    }
    const ConstTensorView va{ElementType::int32, shape_1d(values.size()), values.data(), values.size() * 4U};
    const ConstTensorView vb{ElementType::int32, shape_1d(values.size()), divisors.data(), values.size() * 4U};
    const TensorView vy{ElementType::int32, shape_1d(values.size()), values.data(), values.size() * 4U};
    ASSERT_TRUE(div(va, vb, vy, DivOptions{}, nullptr).is_ok());
    for (std::size_t i = 0; i < values.size(); ++i) {
        const std::int64_t original = static_cast<std::int64_t>(i) - 50000;
        ASSERT_LE(7 * static_cast<std::int64_t>(values[i]), original);  // floor by definition
        ASSERT_GT(7 * (static_cast<std::int64_t>(values[i]) + 1), original);
    }
}

// A tensor of exactly one element (rank 0) is checked like any other: a
// null pointer is DIV-API-D3's null_pointer (not buffer_too_small, though
// the size is 0 as well), and a pointer that is no multiple of 4 is
// DIV-API-D9's misaligned for FP32, in the sonnx profile and under
// broadcasting alike.
// [utest->req~div-api-d3~1]
// [utest->req~div-api-d9~1]
// [utest->req~div-api-d1~1]
TEST(ApiShapes, OneElementTensorsAreCheckedLikeAnyOther) {
    RecordProperty("requirements", "DIV-API-D3,DIV-API-D9,DIV-API-D1");
    alignas(8) std::uint8_t a_bytes[8] = {};
    alignas(8) std::uint8_t y_bytes[8] = {};
    const float two = 2.0F;
    const float eight = 8.0F;
    std::memcpy(&a_bytes[1], &eight, 4U);
    std::memcpy(&a_bytes[4], &eight, 4U);
    const ConstTensorView b{ElementType::fp32, Shape{}, &two, 4U};
    const ConstTensorView a_null{ElementType::fp32, Shape{}, nullptr, 0U};
    const ConstTensorView a_off{ElementType::fp32, Shape{}, &a_bytes[1], 4U};
    const TensorView y{ElementType::fp32, Shape{}, &y_bytes[0], 4U};
    const TensorView y_null{ElementType::fp32, Shape{}, nullptr, 0U};
    const TensorView y_off{ElementType::fp32, Shape{}, &y_bytes[2], 4U};
    for (const DivOptions& options : {DivOptions{}, onnx_options(14U), openvino_options()}) {
        expect_status(div(a_null, b, y, options, nullptr), StatusCode::null_pointer, "DIV-API-D3", Operand::a, 0U);
        expect_status(div(b, b, y_null, options, nullptr), StatusCode::null_pointer, "DIV-API-D3", Operand::y, 0U);
        expect_status(div(a_off, b, y, options, nullptr), StatusCode::misaligned, "DIV-API-D9", Operand::a, 0U);
        expect_status(div(b, b, y_off, options, nullptr), StatusCode::misaligned, "DIV-API-D9", Operand::y, 0U);
        for (const std::uint8_t byte : y_bytes) {
            EXPECT_EQ(byte, 0U) << "written on error";
        }
    }
    const ConstTensorView a_ok{ElementType::fp32, Shape{}, &a_bytes[4], 4U};
    ASSERT_TRUE(div(a_ok, b, y, DivOptions{}, nullptr).is_ok());
    float quotient = 0.0F;
    std::memcpy(&quotient, &y_bytes[0], 4U);
    EXPECT_EQ(quotient, 4.0F);
}

// The largest element count whose byte size fits 64 bits is no overflow:
// FP32 [2^62 - 1] is 2^64 - 4 bytes, so the call goes on to the buffer
// checks, which refuse A's 16-byte buffer (DIV-API-D2's order); one more
// element overflows.
// [utest->req~div-api-d4~1]
// [utest->req~div-api-d3~1]
// [utest->req~div-api-d2~1]
TEST_F(ApiErrors, LargestByteSizeThatFitsIsNoOverflow) {
    RecordProperty("requirements", "DIV-API-D4,DIV-API-D3,DIV-API-D2");
    const std::uint64_t largest[1] = {(std::uint64_t{1} << 62U) - 1U};
    Call c = call(ElementType::fp32);
    ASSERT_TRUE(make_shape(largest, 1U, c.a.shape));
    c.b.shape = c.a.shape;
    c.y.shape = c.a.shape;
    expect_status(run_untouched(c, out), StatusCode::buffer_too_small, "DIV-API-D3", Operand::a, 0U);
    c.options = openvino_options();
    expect_status(run_untouched(c, out), StatusCode::buffer_too_small, "DIV-API-D3", Operand::a, 0U);
    const std::uint64_t one_more[1] = {std::uint64_t{1} << 62U};
    ASSERT_TRUE(make_shape(one_more, 1U, c.a.shape));
    c.b.shape = c.a.shape;
    c.y.shape = c.a.shape;
    c.options = DivOptions{};
    expect_status(run_untouched(c, out), StatusCode::size_overflow, "DIV-API-D4", Operand::a, 0U);
}

// A zero extent makes a tensor empty, but the byte size of its other
// extents must still fit 64 bits (DIV-API-D4: "whose element count, or whose
// size in bytes, exceeds 2^64 - 1 ... even when another extent is zero").
// Found by the judge's agreement test (tests/check/test_profile_rules.cpp),
// where the core accepted these shapes: FP32 [0, 2^62] (2^62 x 4 = 2^64
// bytes behind the 0), a broadcast Y of FP32 [2^31, 2^31, 0], INT16
// [0, 4, 1, 2^61, 1] (2^63 x 2 = 2^64 bytes). The same statuses from div,
// div_output_shape and div_broadcast_layout; the largest byte sizes that
// fit behind a 0 are accepted. Expected values by hand.
// [utest->req~div-api-d4~1]
// [utest->req~div-bcast-d5~2]
TEST(ApiSizes, ByteSizeBehindAZeroExtentOverflows) {
    RecordProperty("requirements", "DIV-API-D4,DIV-BCAST-D5");
    constexpr std::uint64_t kTwo31 = std::uint64_t{1} << 31U;
    constexpr std::uint64_t kTwo61 = std::uint64_t{1} << 61U;
    constexpr std::uint64_t kTwo62 = std::uint64_t{1} << 62U;
    struct SizeCase {
        ElementType type;
        Shape a;
        Shape b;
        Shape y;
        DivOptions options;
        Operand operand;
    };
    const SizeCase cases[] = {
        {ElementType::fp32, make({0, kTwo62}), make({}), make({0, kTwo62}), onnx_options(14U), Operand::a},
        {ElementType::fp32, make({0, kTwo62}), make({0, kTwo62}), make({0, kTwo62}), DivOptions{}, Operand::a},
        {ElementType::fp32, make({kTwo31, 1, 0}), make({1, kTwo31, 1}), make({kTwo31, kTwo31, 0}), onnx_options(14U),
         Operand::y},
        {ElementType::int16, make({}), make({0, 4, 1, kTwo61, 1}), make({0, 4, 1, kTwo61, 1}), openvino_options(),
         Operand::b},
    };
    alignas(8) std::uint8_t a_bytes[8] = {};
    alignas(8) std::uint8_t b_bytes[8] = {};
    alignas(8) std::uint8_t y_bytes[8] = {};
    for (const SizeCase& c : cases) {
        std::fill(std::begin(y_bytes), std::end(y_bytes), kSentinel);
        const ConstTensorView a{c.type, c.a, &a_bytes[0], sizeof a_bytes};
        const ConstTensorView b{c.type, c.b, &b_bytes[0], sizeof b_bytes};
        const TensorView y{c.type, c.y, &y_bytes[0], sizeof y_bytes};
        expect_status(div(a, b, y, c.options, nullptr), StatusCode::size_overflow, "DIV-API-D4", c.operand, 0U);
        for (const std::uint8_t byte : y_bytes) {
            EXPECT_EQ(byte, kSentinel) << "written on error";
        }
        Shape shape = make({99});
        expect_status(div_output_shape(c.type, c.a, c.b, c.options, shape), StatusCode::size_overflow, "DIV-API-D4",
                      c.operand, 0U);
        EXPECT_EQ(shape.rank, 1U);  // unchanged
        EXPECT_EQ(shape.dims[0], 99U);
        BroadcastLayout layout{};
        layout.y = make({99});
        expect_status(div_broadcast_layout(c.type, c.a, c.b, c.options, layout), StatusCode::size_overflow,
                      "DIV-API-D4", c.operand, 0U);
        EXPECT_EQ(layout.y.rank, 1U);  // unchanged
    }
    // The largest that fit behind a 0: 2^62 - 1 four-byte elements, 2^64 - 1 one-byte ones.
    Shape y{};
    ASSERT_TRUE(div_output_shape(ElementType::fp32, make({0, kTwo62 - 1U}), make({}), onnx_options(14U), y).is_ok());
    EXPECT_EQ(y.rank, 2U);
    EXPECT_EQ(y.dims[1], kTwo62 - 1U);
    Shape tail = make({0, kTwo62 - 1U});
    tail.dims[2] = 2U;  // beyond the rank: not an extent
    EXPECT_TRUE(div_output_shape(ElementType::fp32, tail, make({}), onnx_options(14U), y).is_ok());
    const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
    ASSERT_TRUE(div_output_shape(ElementType::uint8, make({max, 0}), make({max, 0}), DivOptions{}, y).is_ok());
    const ConstTensorView empty{ElementType::fp32, make({0, kTwo62 - 1U}), nullptr, 0U};
    const TensorView empty_y{ElementType::fp32, make({0, kTwo62 - 1U}), nullptr, 0U};
    EXPECT_TRUE(div(empty, empty, empty_y, DivOptions{}, nullptr).is_ok());
}

}  // namespace
}  // namespace sonnx::test
