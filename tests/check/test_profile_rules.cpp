// The judge's own profile rules (src/check/profile_rules.cpp).
//
// Expected values of the hand-derived tests are written out from the texts
// (spec-sources: onnx-div-6.txt's examples, openvino-divide-1.md's examples,
// the rule of DIV-BCAST-D1 with the examples of ONNX's Broadcasting.md) and
// from spec/profiles.md, spec/onnx.md, spec/openvino.md and spec/common.md for
// the statuses, never from running code.
//
// The agreement tests then compare the rules with the core's
// sonnx::div_broadcast_layout and sonnx::int_rounding_of on seeded random
// cases (the seed is printed; SONNX_CHECK_SEED overrides it), and the seeded
// fault tests show that this comparison, and the one of OperandIndex against
// a direct coordinate computation, do fail on a deliberately wrong map.
// Only this test links the core; the library does not.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <iostream>
#include <limits>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "sonnx/check/profile_rules.hpp"
#include "sonnx/div.hpp"

namespace sonnx::check {
namespace {

constexpr std::uint64_t kTwo31 = std::uint64_t{1} << 31U;
constexpr std::uint64_t kTwo32 = std::uint64_t{1} << 32U;
constexpr std::uint64_t kTwo62 = std::uint64_t{1} << 62U;
constexpr std::uint64_t kMaxU64 = std::numeric_limits<std::uint64_t>::max();

Shape make(std::initializer_list<std::uint64_t> dims) {
    Shape shape{};
    for (const std::uint64_t extent : dims) {
        shape.dims[shape.rank] = extent;
        ++shape.rank;
    }
    return shape;
}

// Rank and the extents within it (what lies above the rank is no part of a shape).
bool same(const Shape& lhs, const Shape& rhs) {
    bool equal = lhs.rank == rhs.rank;
    for (std::uint32_t axis = 0U; equal && (axis < lhs.rank) && (axis < kMaxRank); ++axis) {
        equal = lhs.dims[axis] == rhs.dims[axis];
    }
    return equal;
}

std::string text(const Shape& shape) {
    std::string out = "(";
    for (std::uint32_t axis = 0U; (axis < shape.rank) && (axis < kMaxRank); ++axis) {
        out += (axis == 0U ? "" : ", ") + std::to_string(shape.dims[axis]);
    }
    if (shape.rank > kMaxRank) {
        out += "rank " + std::to_string(shape.rank);
    }
    return out + ")";
}

std::string text(const Status& s) {
    return std::string(status_code_name(s.code)) + " " + requirement_name(s.requirement) + " " +
           operand_name(s.operand) + " " + std::to_string(s.index);
}

bool same_status(const Status& lhs, const Status& rhs) {
    return (lhs.code == rhs.code) && (lhs.requirement == rhs.requirement) && (lhs.operand == rhs.operand) &&
           (lhs.index == rhs.index);
}

Status status_of(StatusCode code, RequirementId requirement, Operand operand, std::uint64_t index) {
    Status s{};
    s.code = code;
    s.requirement = requirement;
    s.operand = operand;
    s.index = index;
    return s;
}

void expect_status(const Status& s, StatusCode code, RequirementId requirement, Operand operand, std::uint64_t index,
                   const std::string& what = "") {
    EXPECT_TRUE(same_status(s, status_of(code, requirement, operand, index)))
        << what << ": got " << text(s) << ", want " << text(status_of(code, requirement, operand, index));
}

DivOptions sonnx_options(IntRounding rounding = IntRounding::floor, SonnxRevision revision = SonnxRevision::seed) {
    DivOptions options{};
    options.int_rounding = rounding;
    options.sonnx_revision = revision;
    return options;
}

DivOptions onnx_options(std::uint32_t opset) {
    DivOptions options{};
    options.profile = Profile::onnx;
    options.onnx.opset = opset;
    return options;
}

DivOptions legacy_options(std::uint32_t opset, bool broadcast, bool has_axis = false, std::int64_t axis = 0) {
    DivOptions options = onnx_options(opset);
    options.onnx.broadcast = broadcast;
    options.onnx.has_axis = has_axis;
    options.onnx.axis = axis;
    return options;
}

DivOptions openvino_options(AutoBroadcast auto_broadcast, bool pythondiv = true) {
    DivOptions options{};
    options.profile = Profile::openvino;
    options.openvino.auto_broadcast = auto_broadcast;
    options.openvino.pythondiv = pythondiv;
    return options;
}

// A success with this map.
void expect_map(ElementType type, const Shape& a, const Shape& b, const DivOptions& options, const Shape& y,
                const Shape& a_on_y, const Shape& b_on_y, const std::string& what) {
    OperandMap map{};
    const Status s = shape_preconditions(type, a, b, options, map);
    ASSERT_TRUE(s.is_ok()) << what << ": " << text(s);
    EXPECT_TRUE(same(map.y, y)) << what << ": Y " << text(map.y) << ", want " << text(y);
    EXPECT_TRUE(same(map.a_on_y, a_on_y)) << what << ": A on Y " << text(map.a_on_y) << ", want " << text(a_on_y);
    EXPECT_TRUE(same(map.b_on_y, b_on_y)) << what << ": B on Y " << text(map.b_on_y) << ", want " << text(b_on_y);
}

// The multidirectional profiles: ONNX Div-7, -13, -14 (opsets 7 to kOnnxOpsetMax) and
// OpenVINO's auto_broadcast numpy, each with the requirement its errors name.
std::vector<std::pair<DivOptions, RequirementId>> multidirectional_profiles() {
    return {{onnx_options(7U), RequirementId::div_onnx_r2},
            {onnx_options(13U), RequirementId::div_onnx_r2},
            {onnx_options(14U), RequirementId::div_onnx_r2},
            {onnx_options(25U), RequirementId::div_onnx_r2},
            {onnx_options(kOnnxOpsetMax), RequirementId::div_onnx_r2},
            {openvino_options(AutoBroadcast::numpy), RequirementId::div_ov_r2}};
}

// DIV-BCAST-D1's rule on onnx-div-operator-versions.rst's test_div_bcast
// ((3, 4, 5) by (5)) and on the examples of ONNX's Broadcasting.md, which
// the Div pages link as "Broadcasting in ONNX": shapes aligned on the right,
// each extent pair equal or one of them 1, Y the other.
// [utest->req~div-bcast-d1~1]
// [utest->req~div-onnx-r2~1]
// [utest->req~div-ov-r2~1]
TEST(Multidirectional, ExamplesOfBroadcastingInOnnx) {
    RecordProperty("requirements", "DIV-BCAST-D1,DIV-ONNX-R2,DIV-OV-R2");
    struct Example {
        Shape a;
        Shape b;
        Shape y;
        Shape a_on_y;
        Shape b_on_y;
        const char* what;
    };
    const std::vector<Example> examples = {
        {make({3, 4, 5}), make({5}), make({3, 4, 5}), make({3, 4, 5}), make({1, 1, 5}), "test_div_bcast"},
        {make({2, 3, 4, 5}), make({}), make({2, 3, 4, 5}), make({2, 3, 4, 5}), make({1, 1, 1, 1}), "scalar B"},
        {make({2, 3, 4, 5}), make({5}), make({2, 3, 4, 5}), make({2, 3, 4, 5}), make({1, 1, 1, 5}), "(5,)"},
        {make({4, 5}), make({2, 3, 4, 5}), make({2, 3, 4, 5}), make({1, 1, 4, 5}), make({2, 3, 4, 5}), "A shorter"},
        {make({1, 4, 5}), make({2, 3, 1, 1}), make({2, 3, 4, 5}), make({1, 1, 4, 5}), make({2, 3, 1, 1}),
         "both expanded"},
        {make({3, 4, 5}), make({2, 1, 1, 1}), make({2, 3, 4, 5}), make({1, 3, 4, 5}), make({2, 1, 1, 1}),
         "both expanded, A padded"},
        {make({2, 3}), make({2, 3}), make({2, 3}), make({2, 3}), make({2, 3}), "equal shapes"},
        {make({}), make({}), make({}), make({}), make({}), "two scalars"},
        {make({2, 1}), make({1, 3}), make({2, 3}), make({2, 1}), make({1, 3}), "outer product"},
    };
    for (const auto& [options, rule] : multidirectional_profiles()) {
        static_cast<void>(rule);
        for (const Example& e : examples) {
            expect_map(ElementType::fp32, e.a, e.b, options, e.y, e.a_on_y, e.b_on_y, e.what);
        }
    }
}

// OpenVINO Divide-1, Example 2 (auto_broadcast numpy): (8, 1, 6, 1) and
// (7, 1, 5) give (8, 7, 6, 5); Example 1 (none): two (256, 56) tensors.
// auto_broadcast none needs equal shapes: "input tensors a and b are
// broadcasted if their shapes are different and auto_broadcast attribute is
// not none"; a mismatch names DIV-OV-R1, B and the first differing axis.
// [utest->req~div-ov-r1~1]
// [utest->req~div-ov-r2~1]
TEST(OpenVino, ExamplesOfDivide1) {
    RecordProperty("requirements", "DIV-OV-R1,DIV-OV-R2");
    expect_map(ElementType::int32, make({8, 1, 6, 1}), make({7, 1, 5}), openvino_options(AutoBroadcast::numpy),
               make({8, 7, 6, 5}), make({8, 1, 6, 1}), make({1, 7, 1, 5}), "Example 2");
    expect_map(ElementType::fp32, make({256, 56}), make({256, 56}), openvino_options(AutoBroadcast::none),
               make({256, 56}), make({256, 56}), make({256, 56}), "Example 1");
    OperandMap map{};
    expect_status(shape_preconditions(ElementType::int32, make({8, 1, 6, 1}), make({7, 1, 5}),
                                      openvino_options(AutoBroadcast::none), map),
                  StatusCode::shape_mismatch, RequirementId::div_ov_r1, Operand::b, 0U, "Example 2 under none");
    expect_status(shape_preconditions(ElementType::fp32, make({256, 56}), make({256, 1}),
                                      openvino_options(AutoBroadcast::none), map),
                  StatusCode::shape_mismatch, RequirementId::div_ov_r1, Operand::b, 1U, "extent 1 under none");
    expect_status(shape_preconditions(ElementType::fp32, make({256, 56}), make({256, 56, 1}),
                                      openvino_options(AutoBroadcast::none), map),
                  StatusCode::shape_mismatch, RequirementId::div_ov_r1, Operand::b, 2U, "prefix: the shorter rank");
    expect_status(shape_preconditions(ElementType::fp32, make({8, 1, 6, 1}), make({7, 2, 5}),
                                      openvino_options(AutoBroadcast::numpy), map),
                  StatusCode::shape_mismatch, RequirementId::div_ov_r2, Operand::b, 2U, "6 against 2 on Y's axis 2");
}

// Extent 0 (F-33, NumPy's rule): 1 stretches to 0, and 0 against an extent
// above 1 is incompatible.
// [utest->req~div-bcast-d1~1]
TEST(Multidirectional, ZeroExtents) {
    RecordProperty("requirements", "DIV-BCAST-D1");
    for (const auto& [options, rule] : multidirectional_profiles()) {
        expect_map(ElementType::fp64, make({1}), make({0}), options, make({0}), make({1}), make({0}), "1 with 0");
        expect_map(ElementType::fp64, make({0}), make({1}), options, make({0}), make({0}), make({1}), "0 with 1");
        expect_map(ElementType::fp64, make({2, 1}), make({0}), options, make({2, 0}), make({2, 1}), make({1, 0}),
                   "(2, 1) with (0)");
        expect_map(ElementType::fp64, make({0, 3}), make({}), options, make({0, 3}), make({0, 3}), make({1, 1}),
                   "empty A, scalar B");
        expect_map(ElementType::fp64, make({0}), make({0}), options, make({0}), make({0}), make({0}), "0 with 0");
        OperandMap map{};
        expect_status(shape_preconditions(ElementType::fp64, make({0}), make({2}), options, map),
                      StatusCode::shape_mismatch, rule, Operand::b, 0U, "0 against 2");
        expect_status(shape_preconditions(ElementType::fp64, make({3, 2}), make({4, 1, 0}), options, map),
                      StatusCode::shape_mismatch, rule, Operand::b, 2U, "2 against 0 on Y's axis 2");
    }
}

// Incompatible pairs: shape_mismatch, the rule's ID, operand B, and the
// first incompatible axis counted from the left in Y's rank (DIV-BCAST-D1).
// [utest->req~div-bcast-d1~1]
// [utest->req~div-onnx-r2~1]
// [utest->req~div-ov-r2~1]
TEST(Multidirectional, IncompatibleShapesNameBAndTheFirstAxisOfY) {
    RecordProperty("requirements", "DIV-BCAST-D1,DIV-ONNX-R2,DIV-OV-R2");
    struct Bad {
        Shape a;
        Shape b;
        std::uint64_t axis;
    };
    const std::vector<Bad> cases = {
        {make({2, 3, 4, 5}), make({3}), 3U},     // 5 against 3 on the last axis
        {make({2, 3, 4, 5}), make({4}), 3U},     // "(4,)" would need axis=2 in Div-6, not here
        {make({2, 3}), make({3, 2, 4}), 2U},     // A at Y's rank: (1, 2, 3)
        {make({5, 2}), make({3, 2, 4}), 1U},     // (1, 5, 2) against (3, 2, 4): axis 1 first
        {make({3, 2, 4}), make({5, 2}), 1U},     // the same with A and B exchanged
        {make({2, 3, 4, 5}), make({3, 4}), 2U},  // Div-6's "(3, 4), with axis=1" is no NumPy pair
    };
    for (const auto& [options, rule] : multidirectional_profiles()) {
        for (const Bad& c : cases) {
            OperandMap map{};
            expect_status(shape_preconditions(ElementType::int32, c.a, c.b, options, map), StatusCode::shape_mismatch,
                          rule, Operand::b, c.axis, text(c.a) + " / " + text(c.b));
        }
    }
}

// onnx-div-6.txt's examples with broadcast=1 and A = (2, 3, 4, 5), under
// Div-1 (opsets 1-5) and Div-6: "shape(B) = (,), i.e. B is a scalar tensor",
// "(1, 1), i.e. B is an 1-element tensor", "(5,)", "(4, 5)", "(3, 4), with
// axis=1", "(2), with axis=0". Y has A's shape ("has same dimensions and
// type as A"); B sits on A's axes from the start axis on.
// [utest->req~div-onnx-r3~1]
TEST(OnnxLegacy, ExamplesOfDiv6) {
    RecordProperty("requirements", "DIV-ONNX-R3");
    const Shape a = make({2, 3, 4, 5});
    struct Example {
        Shape b;
        bool has_axis;
        std::int64_t axis;
        Shape b_on_y;
        const char* what;
    };
    const std::vector<Example> examples = {
        {make({}), false, 0, make({1, 1, 1, 1}), "scalar"},
        {make({1, 1}), false, 0, make({1, 1, 1, 1}), "1-element"},
        {make({5}), false, 0, make({1, 1, 1, 5}), "(5,) suffix"},
        {make({4, 5}), false, 0, make({1, 1, 4, 5}), "(4, 5) suffix"},
        {make({3, 4}), true, 1, make({1, 3, 4, 1}), "(3, 4), axis=1"},
        {make({2}), true, 0, make({2, 1, 1, 1}), "(2), axis=0"},
        {make({1, 1}), true, 2, make({1, 1, 1, 1}), "1-element, axis=2 (its last valid value)"},
        {make({}), true, 4, make({1, 1, 1, 1}), "scalar, axis=4 = rank(A) - 0"},
        {make({2, 3, 4, 5}), true, 0, make({2, 3, 4, 5}), "A's own shape, axis=0"},
        {make({2, 3, 4, 5}), false, 0, make({2, 3, 4, 5}), "A's own shape, suffix"},
    };
    for (const std::uint32_t opset : {1U, 5U, 6U}) {
        for (const Example& e : examples) {
            expect_map(ElementType::fp64, a, e.b, legacy_options(opset, true, e.has_axis, e.axis), a, a, e.b_on_y,
                       std::string(e.what) + " opset " + std::to_string(opset));
        }
    }
    // A zero extent of A is matched by B's like any other extent.
    expect_map(ElementType::fp32, make({2, 0}), make({0}), legacy_options(6U, true), make({2, 0}), make({2, 0}),
               make({1, 0}), "(0) against (2, 0)");
    // One element repeats over an empty A too.
    expect_map(ElementType::fp32, make({0, 3}), make({1}), legacy_options(6U, true), make({0, 3}), make({0, 3}),
               make({1, 1}), "(1) against (0, 3)");
}

// What the legacy rule rejects (DIV-ONNX-R3, F-31): "as index, A's rank
// when B's rank exceeds A's or the axis lies outside its range, otherwise
// the first axis of A whose extent B does not match".
// [utest->req~div-onnx-r3~1]
TEST(OnnxLegacy, RejectionsAndTheirIndex) {
    RecordProperty("requirements", "DIV-ONNX-R3");
    const Shape a = make({2, 3, 4, 5});
    struct Bad {
        Shape b;
        bool has_axis;
        std::int64_t axis;
        std::uint64_t index;
        const char* what;
    };
    const std::vector<Bad> cases = {
        {make({3, 4}), false, 0, 2U, "(3, 4) suffix: A's axis 2 holds 4"},
        {make({1, 5}), false, 0, 2U, "1-dim expansion doesn't work yet"},
        {make({4, 5}), true, 1, 1U, "(4, 5) from axis 1: A's axis 1 holds 3"},
        {make({3, 5}), true, 1, 2U, "(3, 5) from axis 1: axis 2 holds 4"},
        {make({3, 4}), true, 3, 4U, "axis 3 above rank(A) - rank(B) = 2"},
        {make({3, 4}), true, -1, 4U, "negative axis"},
        {make({1, 1}), true, 3, 4U, "one element, but axis 3 above 2"},
        {make({}), true, 5, 4U, "scalar, axis 5 above 4"},
        {make({1, 2, 3, 4, 5}), false, 0, 4U, "rank(B) > rank(A)"},
        {make({1, 1, 1, 1, 1}), false, 0, 4U, "one element, but rank(B) > rank(A)"},
        {make({2, 3, 4, 6}), false, 0, 3U, "last extent differs"},
        {make({0}), false, 0, 3U, "(0) against A's 5"},
    };
    for (const std::uint32_t opset : {1U, 6U}) {
        for (const Bad& c : cases) {
            OperandMap map{};
            expect_status(
                shape_preconditions(ElementType::fp32, a, c.b, legacy_options(opset, true, c.has_axis, c.axis), map),
                StatusCode::shape_mismatch, RequirementId::div_onnx_r3, Operand::b, c.index, c.what);
        }
    }
}

// Without broadcast=1, Div-1 and Div-6 need equal shapes ("Attribute
// broadcast=1 needs to be passed to enable broadcasting"; "If broadcasting
// is disabled it should be of the same size"), and an axis alone has no
// effect (DIV-ONNX-D1).
// [utest->req~div-onnx-r3~1]
// [utest->req~div-onnx-d1~2]
TEST(OnnxLegacy, WithoutBroadcastShapesAreEqual) {
    RecordProperty("requirements", "DIV-ONNX-R3,DIV-ONNX-D1");
    const Shape a = make({2, 3, 4, 5});
    for (const std::uint32_t opset : {1U, 6U}) {
        OperandMap map{};
        expect_status(shape_preconditions(ElementType::fp32, a, make({5}), legacy_options(opset, false), map),
                      StatusCode::shape_mismatch, RequirementId::div_onnx_r3, Operand::b, 0U, "(5) without broadcast");
        expect_status(
            shape_preconditions(ElementType::fp32, a, make({2, 3, 4, 1}), legacy_options(opset, false, true, 3), map),
            StatusCode::shape_mismatch, RequirementId::div_onnx_r3, Operand::b, 3U, "axis alone has no effect");
        expect_status(shape_preconditions(ElementType::fp32, a, make({2, 3}), legacy_options(opset, false), map),
                      StatusCode::shape_mismatch, RequirementId::div_onnx_r3, Operand::b, 2U, "prefix");
        expect_map(ElementType::fp32, a, a, legacy_options(opset, false, true, 7), a, a, a, "equal, axis ignored");
    }
}

// The sonnx profile: equal shapes only, under both revisions ([R1]/[C1];
// F-57), reported with the variant's C1 by A's type.
// [utest->req~div-float-c1~1]
// [utest->req~div-int-c1~1]
// [utest->req~div-prof-d4~2]
TEST(Sonnx, EqualShapesOnly) {
    RecordProperty("requirements", "DIV-FLOAT-C1,DIV-INT-C1,DIV-PROF-D4");
    for (const SonnxRevision revision : {SonnxRevision::seed, SonnxRevision::r2026_06}) {
        const DivOptions options = sonnx_options(IntRounding::floor, revision);
        expect_map(ElementType::fp32, make({3, 2}), make({3, 2}), options, make({3, 2}), make({3, 2}), make({3, 2}),
                   "Example 2's 3 x 2");
        expect_map(ElementType::int32, make({}), make({}), options, make({}), make({}), make({}), "scalars");
        expect_map(ElementType::int8, make({0, 7}), make({0, 7}), options, make({0, 7}), make({0, 7}), make({0, 7}),
                   "empty");
        OperandMap map{};
        expect_status(shape_preconditions(ElementType::fp32, make({2, 3, 4, 5}), make({5}), options, map),
                      StatusCode::shape_mismatch, RequirementId::div_float_c1, Operand::b, 0U, "no broadcasting");
        expect_status(shape_preconditions(ElementType::int16, make({2, 3, 4, 5}), make({5}), options, map),
                      StatusCode::shape_mismatch, RequirementId::div_int_c1, Operand::b, 0U, "no broadcasting, int");
        expect_status(shape_preconditions(ElementType::fp64, make({4}), make({4, 1}), options, map),
                      StatusCode::shape_mismatch, RequirementId::div_float_c1, Operand::b, 1U, "prefix");
        expect_status(shape_preconditions(ElementType::uint64, make({4, 1}), make({4}), options, map),
                      StatusCode::shape_mismatch, RequirementId::div_int_c1, Operand::b, 1U, "prefix, B shorter");
        expect_status(shape_preconditions(ElementType::fp16, make({2, 1}), make({2, 3}), options, map),
                      StatusCode::shape_mismatch, RequirementId::div_float_c1, Operand::b, 1U, "1 does not stretch");
    }
    // INT4 and BF16 are the seed revision's (sonnx-div-spec.md lists them).
    expect_map(ElementType::int4, make({2}), make({2}), sonnx_options(), make({2}), make({2}), make({2}), "INT4");
    OperandMap map{};
    expect_status(shape_preconditions(ElementType::uint4, make({2}), make({3}), sonnx_options(), map),
                  StatusCode::shape_mismatch, RequirementId::div_int_c1, Operand::b, 0U, "UINT4 mismatch");
    expect_status(shape_preconditions(ElementType::bf16, make({2}), make({3}), sonnx_options(), map),
                  StatusCode::shape_mismatch, RequirementId::div_float_c1, Operand::b, 0U, "BF16 mismatch");
}

// Option values (DIV-API-D6, DIV-PROF-D1, DIV-PROF-D4, DIV-ONNX-D1):
// invalid_argument, operand none, index 0; the rounding before anything
// else; only the selected profile's own options.
// [utest->req~div-api-d6~1]
// [utest->req~div-prof-d1~1]
// [utest->req~div-prof-d4~2]
// [utest->req~div-onnx-d1~2]
TEST(Options, ValuesOutsideTheirEnumerationsOrRanges) {
    RecordProperty("requirements", "DIV-API-D6,DIV-PROF-D1,DIV-PROF-D4,DIV-ONNX-D1");
    const Shape s = make({2});
    OperandMap map{};
    const auto expect_invalid = [&](const DivOptions& options, RequirementId requirement, const std::string& what) {
        expect_status(shape_preconditions(ElementType::fp32, s, s, options, map), StatusCode::invalid_argument,
                      requirement, Operand::none, 0U, what);
    };
    // The rounding, under every profile, before the profile's own values.
    for (DivOptions options : {sonnx_options(), onnx_options(14U), openvino_options(AutoBroadcast::numpy)}) {
        options.int_rounding = static_cast<IntRounding>(2U);
        expect_invalid(options, RequirementId::div_api_d6, "rounding 2");
        options.onnx.opset = 0U;
        options.openvino.auto_broadcast = static_cast<AutoBroadcast>(9U);
        options.sonnx_revision = static_cast<SonnxRevision>(9U);
        expect_invalid(options, RequirementId::div_api_d6, "rounding before the profile's options");
    }
    DivOptions options{};
    options.profile = static_cast<Profile>(3U);
    expect_invalid(options, RequirementId::div_prof_d1, "profile 3");
    options.int_rounding = static_cast<IntRounding>(200U);
    expect_invalid(options, RequirementId::div_api_d6, "rounding before the profile");
    // auto_broadcast belongs to openvino, the revision to sonnx.
    options = openvino_options(static_cast<AutoBroadcast>(2U));
    expect_invalid(options, RequirementId::div_prof_d1, "auto_broadcast 2");
    options.profile = Profile::sonnx;
    EXPECT_TRUE(shape_preconditions(ElementType::fp32, s, s, options, map).is_ok()) << "sonnx ignores auto_broadcast";
    options = sonnx_options(IntRounding::toward_zero, static_cast<SonnxRevision>(2U));
    expect_invalid(options, RequirementId::div_prof_d4, "revision 2");
    options.profile = Profile::onnx;
    EXPECT_TRUE(shape_preconditions(ElementType::fp32, s, s, options, map).is_ok()) << "onnx ignores the revision";
    options.profile = Profile::openvino;
    EXPECT_TRUE(shape_preconditions(ElementType::fp32, s, s, options, map).is_ok()) << "openvino ignores it";
    // The opset range [1, kOnnxOpsetMax], and broadcast/axis only up to Div-6.
    for (const std::uint32_t opset : {0U, kOnnxOpsetMax + 1U, 1000U, std::numeric_limits<std::uint32_t>::max()}) {
        expect_invalid(onnx_options(opset), RequirementId::div_onnx_d1, "opset " + std::to_string(opset));
    }
    for (std::uint32_t opset = 1U; opset <= kOnnxOpsetMax; ++opset) {
        EXPECT_TRUE(shape_preconditions(ElementType::fp32, s, s, onnx_options(opset), map).is_ok()) << opset;
    }
    for (const std::uint32_t opset : {7U, 13U, 14U, kOnnxOpsetMax}) {
        expect_invalid(legacy_options(opset, true), RequirementId::div_onnx_d1,
                       "broadcast at " + std::to_string(opset));
        expect_invalid(legacy_options(opset, false, true, 0), RequirementId::div_onnx_d1,
                       "axis at " + std::to_string(opset));
    }
    for (const std::uint32_t opset : {1U, 6U}) {
        EXPECT_TRUE(shape_preconditions(ElementType::fp32, s, s, legacy_options(opset, true, true, 0), map).is_ok());
        EXPECT_TRUE(shape_preconditions(ElementType::fp32, s, s, legacy_options(opset, false, true, 9), map).is_ok());
    }
    // The other profiles ignore the ONNX attributes.
    options = openvino_options(AutoBroadcast::numpy);
    options.onnx.opset = 0U;
    options.onnx.broadcast = true;
    EXPECT_TRUE(shape_preconditions(ElementType::fp32, s, s, options, map).is_ok()) << "openvino ignores onnx";
}

// Element types: unknown (DIV-API-D6), then the profile's list (ONNX per
// opset, DIV-ONNX-R1; the 2026-06 revision's, DIV-PROF-D4), always against
// A with index 0.
// [utest->req~div-api-d6~1]
// [utest->req~div-onnx-r1~1]
// [utest->req~div-prof-d4~2]
// [utest->req~div-ov-r3~1]
TEST(Types, AdmittedPerProfile) {
    RecordProperty("requirements", "DIV-API-D6,DIV-ONNX-R1,DIV-PROF-D4,DIV-OV-R3");
    // From the Type Constraints of Div-1, -6, -7, -13, -14.
    const std::vector<std::pair<ElementType, std::uint32_t>> first_opsets = {
        {ElementType::fp16, 1U},  {ElementType::fp32, 1U},   {ElementType::fp64, 1U},   {ElementType::int32, 6U},
        {ElementType::int64, 6U}, {ElementType::uint32, 6U}, {ElementType::uint64, 6U}, {ElementType::bf16, 13U},
        {ElementType::int8, 14U}, {ElementType::int16, 14U}, {ElementType::uint8, 14U}, {ElementType::uint16, 14U},
        {ElementType::int4, 0U},  {ElementType::uint4, 0U},
    };
    ASSERT_EQ(first_opsets.size(), static_cast<std::size_t>(kElementTypeCount));
    const Shape s = make({});
    OperandMap map{};
    for (const auto& [type, first] : first_opsets) {
        EXPECT_EQ(first_onnx_opset_admitting(type), first) << element_type_name(type);
        for (std::uint32_t opset = 1U; opset <= kOnnxOpsetMax; ++opset) {
            const Status st = shape_preconditions(type, s, s, onnx_options(opset), map);
            if ((first != 0U) && (first <= opset)) {
                EXPECT_TRUE(st.is_ok()) << element_type_name(type) << " opset " << opset;
            } else {
                expect_status(st, StatusCode::unsupported_type, RequirementId::div_onnx_r1, Operand::a, 0U,
                              std::string(element_type_name(type)) + " opset " + std::to_string(opset));
            }
        }
        // Every type under the seed revision and OpenVINO ("any numeric type").
        EXPECT_TRUE(shape_preconditions(type, s, s, sonnx_options(), map).is_ok()) << element_type_name(type);
        EXPECT_TRUE(shape_preconditions(type, s, s, openvino_options(AutoBroadcast::none), map).is_ok());
        // The 2026-06 revision: no bfloat16, INT4 or UINT4.
        const bool in_2026 = (type != ElementType::bf16) && (type != ElementType::int4) && (type != ElementType::uint4);
        const Status st = shape_preconditions(type, s, s, sonnx_options(IntRounding::floor, SonnxRevision::r2026_06),
                                              map);
        if (in_2026) {
            EXPECT_TRUE(st.is_ok()) << element_type_name(type);
        } else {
            expect_status(st, StatusCode::unsupported_type, RequirementId::div_prof_d4, Operand::a, 0U,
                          element_type_name(type));
        }
    }
    // Values outside the enumeration, under every profile.
    for (const std::uint8_t value : {std::uint8_t{14}, std::uint8_t{100}, std::uint8_t{255}}) {
        const auto unknown = static_cast<ElementType>(value);
        EXPECT_EQ(first_onnx_opset_admitting(unknown), 0U);
        for (const DivOptions& options : {sonnx_options(), onnx_options(14U), openvino_options(AutoBroadcast::numpy),
                                          sonnx_options(IntRounding::floor, SonnxRevision::r2026_06)}) {
            expect_status(shape_preconditions(unknown, s, s, options, map), StatusCode::unsupported_type,
                          RequirementId::div_api_d6, Operand::a, 0U, "type " + std::to_string(value));
        }
    }
}

// Ranks above kMaxRank (16): rank_too_large, DIV-API-D5, A before B.
// [utest->req~div-api-d5~1]
TEST(Ranks, AboveSixteen) {
    RecordProperty("requirements", "DIV-API-D5");
    ASSERT_EQ(kMaxRank, 16U);
    Shape sixteen{};
    sixteen.rank = 16U;
    sixteen.dims.fill(1U);
    Shape seventeen = sixteen;
    seventeen.rank = 17U;
    Shape huge = sixteen;
    huge.rank = std::numeric_limits<std::uint32_t>::max();
    OperandMap map{};
    for (const DivOptions& options : {sonnx_options(), onnx_options(14U), legacy_options(6U, true),
                                      openvino_options(AutoBroadcast::numpy), openvino_options(AutoBroadcast::none)}) {
        expect_map(ElementType::fp32, sixteen, sixteen, options, sixteen, sixteen, sixteen, "rank 16");
        expect_status(shape_preconditions(ElementType::fp32, seventeen, sixteen, options, map),
                      StatusCode::rank_too_large, RequirementId::div_api_d5, Operand::a, 0U, "A of rank 17");
        expect_status(shape_preconditions(ElementType::fp32, sixteen, seventeen, options, map),
                      StatusCode::rank_too_large, RequirementId::div_api_d5, Operand::b, 0U, "B of rank 17");
        expect_status(shape_preconditions(ElementType::fp32, huge, seventeen, options, map), StatusCode::rank_too_large,
                      RequirementId::div_api_d5, Operand::a, 0U, "both: A first");
        expect_status(shape_preconditions(ElementType::fp32, make({}), huge, options, map), StatusCode::rank_too_large,
                      RequirementId::div_api_d5, Operand::b, 0U, "B of rank 2^32 - 1");
    }
}

// DIV-API-D4: element count or byte size above 2^64 - 1, A then B then Y
// (operand Y for the rule's result, DIV-BCAST-D5), a zero extent excusing
// neither product (the reading DIV-IO-D4 spells out: "even when another
// extent is zero, as DIV-API-D4").
// [utest->req~div-api-d4~1]
// [utest->req~div-bcast-d5~2]
TEST(Sizes, ElementCountAndByteSize) {
    RecordProperty("requirements", "DIV-API-D4,DIV-BCAST-D5");
    OperandMap map{};
    const DivOptions numpy = onnx_options(14U);
    const auto expect_overflow = [&](ElementType type, const Shape& a, const Shape& b, const DivOptions& options,
                                     Operand operand, const std::string& what) {
        expect_status(shape_preconditions(type, a, b, options, map), StatusCode::size_overflow,
                      RequirementId::div_api_d4, operand, 0U, what);
    };
    // 2^64 elements.
    expect_overflow(ElementType::int8, make({kTwo32, kTwo32}), make({1}), numpy, Operand::a, "A: 2^64 elements");
    expect_overflow(ElementType::int8, make({1}), make({kTwo32, kTwo32}), numpy, Operand::b, "B: 2^64 elements");
    expect_overflow(ElementType::int8, make({kTwo32, 1}), make({1, kTwo32}), numpy, Operand::y, "Y: 2^64 elements");
    expect_overflow(ElementType::int8, make({kTwo32, kTwo32}), make({kTwo32, kTwo32}), sonnx_options(), Operand::a,
                    "A before B");
    // 2^62 FP32 elements: the count fits, the bytes (2^64) do not.
    expect_overflow(ElementType::fp32, make({kTwo62}), make({}), numpy, Operand::a, "A: 2^64 bytes");
    expect_overflow(ElementType::uint32, make({}), make({kTwo62}), numpy, Operand::b, "B: 2^64 bytes");
    expect_overflow(ElementType::fp32, make({kTwo31, 1}), make({1, kTwo31}), numpy, Operand::y, "Y: 2^64 bytes");
    expect_overflow(ElementType::fp64, make({std::uint64_t{1} << 61U}), make({1}), numpy, Operand::a, "2^61 doubles");
    // A zero extent does not excuse the product of the others.
    expect_overflow(ElementType::int8, make({0, kTwo32, kTwo32}), make({1}), numpy, Operand::a, "count behind a 0");
    expect_overflow(ElementType::int8, make({0, kTwo32, 1}), make({1, 1, kTwo32}), numpy, Operand::y,
                    "Y's count behind a 0");
    expect_overflow(ElementType::fp32, make({0, kTwo62}), make({}), numpy, Operand::a, "bytes behind a 0");
    expect_overflow(ElementType::fp32, make({kTwo31, 1, 0}), make({1, kTwo31, 1}), numpy, Operand::y,
                    "Y's bytes behind a 0");
    // The largest that fit: 2^64 - 1 one-byte elements, 2^62 - 1 four-byte ones.
    expect_map(ElementType::uint8, make({kTwo32 - 1U, 1}), make({1, kTwo32 + 1U}), numpy,
               make({kTwo32 - 1U, kTwo32 + 1U}), make({kTwo32 - 1U, 1}), make({1, kTwo32 + 1U}), "2^64 - 1 elements");
    expect_map(ElementType::fp32, make({kTwo62 - 1U}), make({1}), numpy, make({kTwo62 - 1U}), make({kTwo62 - 1U}),
               make({1}), "2^62 - 1 floats");
    expect_map(ElementType::int8, make({0, kMaxU64}), make({1}), numpy, make({0, kMaxU64}), make({0, kMaxU64}),
               make({1, 1}), "2^64 - 1 behind a 0, one byte each");
    // Every type at its own width (element_type.hpp: bytes per element in API
    // storage): floor((2^64 - 1) / width) elements fit, one more does not.
    for (const auto& [type, width] :
         std::initializer_list<std::pair<ElementType, std::uint64_t>>{{ElementType::fp16, 2U},
                                                                      {ElementType::bf16, 2U},
                                                                      {ElementType::fp32, 4U},
                                                                      {ElementType::fp64, 8U},
                                                                      {ElementType::int4, 1U},
                                                                      {ElementType::int8, 1U},
                                                                      {ElementType::int16, 2U},
                                                                      {ElementType::int32, 4U},
                                                                      {ElementType::int64, 8U},
                                                                      {ElementType::uint4, 1U},
                                                                      {ElementType::uint8, 1U},
                                                                      {ElementType::uint16, 2U},
                                                                      {ElementType::uint32, 4U},
                                                                      {ElementType::uint64, 8U}}) {
        const std::uint64_t most = kMaxU64 / width;
        const std::string name = element_type_name(type);
        expect_map(type, make({most}), make({most}), sonnx_options(), make({most}), make({most}), make({most}),
                   name + ": the most that fit");
        if (width > 1U) {
            expect_overflow(type, make({most + 1U}), make({most + 1U}), sonnx_options(), Operand::a,
                            name + ": one more");
        }
    }
    // The same under the legacy and equal-shape rules.
    expect_overflow(ElementType::fp32, make({kTwo62}), make({1}), legacy_options(6U, true), Operand::a, "legacy");
    expect_overflow(ElementType::int64, make({kTwo62}), make({kTwo62}), openvino_options(AutoBroadcast::none),
                    Operand::a, "none");
}

// The order of the steps (DIV-PROF-D3; DIV-API-D2 for sonnx): with several
// faults at once, the first step's is reported.
// [utest->req~div-prof-d3~1]
// [utest->req~div-api-d2~1]
TEST(Order, TheFirstFailingStepIsReported) {
    RecordProperty("requirements", "DIV-PROF-D3,DIV-API-D2");
    OperandMap map{};
    Shape seventeen{};
    seventeen.rank = 17U;
    const Shape huge = make({kTwo32, kTwo32});
    const auto unknown = static_cast<ElementType>(20U);
    // Options before types: an opset past the range with an unknown type.
    expect_status(shape_preconditions(unknown, seventeen, seventeen, onnx_options(kOnnxOpsetMax + 1U), map),
                  StatusCode::invalid_argument, RequirementId::div_onnx_d1, Operand::none, 0U, "options first");
    // Known type before the profile's list, the list before ranks.
    expect_status(shape_preconditions(unknown, seventeen, seventeen, onnx_options(1U), map),
                  StatusCode::unsupported_type, RequirementId::div_api_d6, Operand::a, 0U, "type known");
    expect_status(shape_preconditions(ElementType::int8, seventeen, seventeen, onnx_options(13U), map),
                  StatusCode::unsupported_type, RequirementId::div_onnx_r1, Operand::a, 0U, "list before rank");
    expect_status(shape_preconditions(ElementType::bf16, seventeen, make({}),
                                      sonnx_options(IntRounding::floor, SonnxRevision::r2026_06), map),
                  StatusCode::unsupported_type, RequirementId::div_prof_d4, Operand::a, 0U, "2026-06 list before rank");
    // Ranks before the shape rule, the shape rule before sizes.
    expect_status(shape_preconditions(ElementType::fp32, make({3}), seventeen, sonnx_options(), map),
                  StatusCode::rank_too_large, RequirementId::div_api_d5, Operand::b, 0U, "rank before shapes");
    expect_status(shape_preconditions(ElementType::fp32, huge, make({3}), sonnx_options(), map),
                  StatusCode::shape_mismatch, RequirementId::div_float_c1, Operand::b, 0U, "shapes before sizes");
    expect_status(shape_preconditions(ElementType::fp32, huge, make({3}), onnx_options(14U), map),
                  StatusCode::shape_mismatch, RequirementId::div_onnx_r2, Operand::b, 1U, "shapes before sizes");
    expect_status(shape_preconditions(ElementType::fp32, huge, make({kTwo32 + 1U}), legacy_options(6U, true), map),
                  StatusCode::shape_mismatch, RequirementId::div_onnx_r3, Operand::b, 1U, "legacy before sizes");
}

// On failure the map is left as it was (DIV-BCAST-D5: "on failure `layout`
// is not modified").
// [utest->req~div-bcast-d5~2]
TEST(Map, SetOnlyOnSuccess) {
    RecordProperty("requirements", "DIV-BCAST-D5");
    OperandMap map{};
    map.y = make({9, 9});
    map.a_on_y = make({8});
    map.b_on_y = make({7, 7, 7});
    const OperandMap before = map;
    static_cast<void>(shape_preconditions(ElementType::fp32, make({2, 3}), make({4}), onnx_options(14U), map));
    static_cast<void>(
        shape_preconditions(ElementType::fp32, make({2, 3}), make({3, 4}), legacy_options(6U, true), map));
    static_cast<void>(shape_preconditions(ElementType::fp32, make({kTwo62}), make({1}), onnx_options(14U), map));
    EXPECT_TRUE(same(map.y, before.y) && same(map.a_on_y, before.a_on_y) && same(map.b_on_y, before.b_on_y));
    // Extents stored above a shape's rank are not part of it and are not passed on.
    Shape a = make({2, 3});
    a.dims[2] = 77U;
    Shape b = make({3});
    b.dims[1] = 55U;
    ASSERT_TRUE(shape_preconditions(ElementType::fp32, a, b, legacy_options(6U, true), map).is_ok());
    EXPECT_EQ(map.y.dims[2], 0U);
    EXPECT_EQ(map.b_on_y.dims[2], 0U);
    ASSERT_TRUE(shape_preconditions(ElementType::fp32, a, a, sonnx_options(), map).is_ok());
    EXPECT_EQ(map.y.dims[2], 0U);
}

// The integer rounding each profile fixes.
// [utest->req~div-onnx-f1~1]
// [utest->req~div-ov-f1~1]
// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
// [utest->req~div-prof-d4~2]
TEST(Rounding, PerProfile) {
    RecordProperty("requirements", "DIV-ONNX-F1,DIV-OV-F1,DIV-INT-F1,DIV-INT-D1,DIV-PROF-D4");
    for (const IntRounding option : {IntRounding::floor, IntRounding::toward_zero}) {
        EXPECT_EQ(rounding_of(sonnx_options(option)), option) << "seed: the option's";
        EXPECT_EQ(rounding_of(sonnx_options(option, SonnxRevision::r2026_06)), IntRounding::toward_zero);
        for (std::uint32_t opset = 1U; opset <= kOnnxOpsetMax; ++opset) {
            DivOptions options = onnx_options(opset);
            options.int_rounding = option;
            EXPECT_EQ(rounding_of(options), IntRounding::toward_zero) << opset;
        }
        for (const AutoBroadcast broadcast : {AutoBroadcast::none, AutoBroadcast::numpy}) {
            DivOptions options = openvino_options(broadcast, true);
            options.int_rounding = option;
            EXPECT_EQ(rounding_of(options), IntRounding::floor) << "m_pythondiv true: floor division";
            options.openvino.pythondiv = false;
            EXPECT_EQ(rounding_of(options), IntRounding::toward_zero) << "false: regular division";
        }
    }
    EXPECT_EQ(rounding_of(DivOptions{}), IntRounding::floor) << "the default: SONNX's floor";
}

// OperandIndex by hand: Y (2, 3) from A (2, 1) and B (3) at Y's rank (1, 3);
// Div-6's "(3, 4), with axis=1" in A (2, 3, 4, 5).
// [utest->req~div-cli-d19~2]
// [utest->req~div-bcast-d2~1]
TEST(OperandIndexMap, HandDerivedIndices) {
    RecordProperty("requirements", "DIV-CLI-D19,DIV-BCAST-D2");
    const OperandIndex a(make({2, 3}), make({2, 1}));
    const OperandIndex b(make({2, 3}), make({1, 3}));
    ASSERT_TRUE(a.valid() && b.valid());
    // Y's 0..5 are (0,0) (0,1) (0,2) (1,0) (1,1) (1,2).
    const std::array<std::uint64_t, 6> want_a = {0U, 0U, 0U, 1U, 1U, 1U};
    const std::array<std::uint64_t, 6> want_b = {0U, 1U, 2U, 0U, 1U, 2U};
    for (std::uint64_t i = 0U; i < 6U; ++i) {
        EXPECT_EQ(a.of(i), want_a[i]) << i;
        EXPECT_EQ(b.of(i), want_b[i]) << i;
    }
    // Y (1, 2, 3, 4) = 1*60 + 2*20 + 3*5 + 4 = 119 reads B (2, 3) = 2*4 + 3 = 11.
    const OperandIndex legacy(make({2, 3, 4, 5}), make({1, 3, 4, 1}));
    EXPECT_EQ(legacy.of(119U), 11U);
    EXPECT_EQ(legacy.of(0U), 0U);
    EXPECT_EQ(legacy.of(5U), 1U);    // (0, 0, 1, 0) -> B (0, 1)
    EXPECT_EQ(legacy.of(60U), 0U);   // (1, 0, 0, 0) -> B (0, 0)
    // Equal shapes: the identity; a scalar: always 0.
    const OperandIndex same_shape(make({2, 3, 4, 5}), make({2, 3, 4, 5}));
    EXPECT_EQ(same_shape.of(119U), 119U);
    const OperandIndex scalar(make({2, 3, 4, 5}), make({1, 1, 1, 1}));
    EXPECT_EQ(scalar.of(119U), 0U);
    const OperandIndex rank0(make({}), make({}));
    EXPECT_TRUE(rank0.valid());
    EXPECT_EQ(rank0.of(0U), 0U);
    // OpenVINO's Example 2: Y (8, 7, 6, 5); A (8, 1, 6, 1), B (1, 7, 1, 5).
    // Y (3, 4, 2, 1) = 3*210 + 4*30 + 2*5 + 1 = 761: A (3, 0, 2, 0) = 3*6 + 2 = 20; B (0, 4, 0, 1) = 4*5 + 1 = 21.
    EXPECT_EQ(OperandIndex(make({8, 7, 6, 5}), make({8, 1, 6, 1})).of(761U), 20U);
    EXPECT_EQ(OperandIndex(make({8, 7, 6, 5}), make({1, 7, 1, 5})).of(761U), 21U);
}

// A map that does not fit Y is refused (valid() false, of() 0).
// [utest->req~div-cli-d19~2]
TEST(OperandIndexMap, MapsThatDoNotFitAreRefused) {
    RecordProperty("requirements", "DIV-CLI-D19");
    EXPECT_FALSE(OperandIndex(make({2, 3}), make({3})).valid()) << "another rank";
    EXPECT_FALSE(OperandIndex(make({2, 3}), make({2, 2})).valid()) << "neither Y's extent nor 1";
    EXPECT_FALSE(OperandIndex(make({2, 0}), make({2, 2})).valid()) << "2 against Y's 0";
    EXPECT_TRUE(OperandIndex(make({2, 0}), make({2, 1})).valid()) << "1 against Y's 0";
    Shape seventeen{};
    seventeen.rank = 17U;
    EXPECT_FALSE(OperandIndex(seventeen, seventeen).valid()) << "rank above 16";
    EXPECT_EQ(OperandIndex(make({2, 3}), make({2, 2})).of(5U), 0U);
    EXPECT_FALSE(OperandIndex(make({2, 3}), make({3, 3})).valid()) << "the first axis alone";
    // What lies above the rank is no part of a shape: different values there change nothing.
    Shape y = make({2, 3});
    Shape on_y = make({1, 3});
    y.dims[2] = 5U;
    on_y.dims[2] = 7U;
    const OperandIndex junk_above(y, on_y);
    EXPECT_TRUE(junk_above.valid());
    EXPECT_EQ(junk_above.of(5U), 2U);  // (1, 2) reads (0, 2)
}

// ---------------------------------------------------------------------------
// Agreement with the core on seeded random cases.

using Rng = std::mt19937_64;

std::uint64_t seed_of_run() {
    std::uint64_t seed = 20260614U;
    if (const char* text_seed = std::getenv("SONNX_CHECK_SEED")) {
        seed = std::strtoull(text_seed, nullptr, 10);
    }
    return seed;
}

// rng() % n: mt19937_64's output is fixed by the standard, unlike the
// distributions', so a seed gives the same cases with every library.
std::uint64_t below(Rng& rng, std::uint64_t n) { return rng() % n; }
bool percent(Rng& rng, std::uint64_t p) { return below(rng, 100U) < p; }

struct Case {
    ElementType type{ElementType::fp32};
    Shape a{};
    Shape b{};
    DivOptions options{};
};

std::string text(const Case& c) {
    std::ostringstream out;
    out << "type " << static_cast<unsigned>(c.type) << " A " << text(c.a) << " B " << text(c.b) << " profile "
        << static_cast<unsigned>(c.options.profile) << " rounding " << static_cast<unsigned>(c.options.int_rounding)
        << " revision " << static_cast<unsigned>(c.options.sonnx_revision) << " opset " << c.options.onnx.opset
        << " broadcast " << c.options.onnx.broadcast << " has_axis " << c.options.onnx.has_axis << " axis "
        << c.options.onnx.axis << " auto_broadcast " << static_cast<unsigned>(c.options.openvino.auto_broadcast)
        << " pythondiv " << c.options.openvino.pythondiv;
    return out.str();
}

// Extents drawn so that 1 and 0 are frequent: broadcasting and empty tensors.
std::uint64_t draw_extent(Rng& rng) {
    const std::uint64_t r = below(rng, 100U);
    std::uint64_t extent = 2U + below(rng, 3U);
    if (r < 8U) {
        extent = 0U;
    } else if (r < 38U) {
        extent = 1U;
    }
    return extent;
}

Shape draw_shape(Rng& rng, std::uint32_t rank) {
    Shape shape{};
    shape.rank = rank;
    for (std::uint32_t axis = 0U; axis < rank; ++axis) {
        shape.dims[axis] = draw_extent(rng);
    }
    return shape;
}

DivOptions draw_options(Rng& rng) {
    DivOptions o{};
    o.int_rounding = percent(rng, 1U) ? static_cast<IntRounding>(2U + below(rng, 254U))
                                      : (percent(rng, 50U) ? IntRounding::floor : IntRounding::toward_zero);
    const std::uint64_t p = below(rng, 1000U);
    if (p < 10U) {
        o.profile = static_cast<Profile>(3U + below(rng, 253U));
    } else if (p < 250U) {
        o.profile = Profile::sonnx;
    } else if (p < 700U) {
        o.profile = Profile::onnx;
    } else {
        o.profile = Profile::openvino;
    }
    o.sonnx_revision = percent(rng, 1U) ? static_cast<SonnxRevision>(2U + below(rng, 254U))
                                        : (percent(rng, 50U) ? SonnxRevision::seed : SonnxRevision::r2026_06);
    if (percent(rng, 2U)) {
        const std::array<std::uint32_t, 5> bad = {0U, kOnnxOpsetMax + 1U, kOnnxOpsetMax + 2U, 1000U,
                                                  std::numeric_limits<std::uint32_t>::max()};
        o.onnx.opset = bad[below(rng, bad.size())];
    } else if (percent(rng, 50U)) {
        o.onnx.opset = 1U + static_cast<std::uint32_t>(below(rng, 6U));
    } else {
        o.onnx.opset = 7U + static_cast<std::uint32_t>(below(rng, kOnnxOpsetMax - 6U));
    }
    const bool legacy = o.onnx.opset <= 6U;
    o.onnx.broadcast = legacy ? percent(rng, 70U) : percent(rng, 2U);
    o.onnx.has_axis = legacy ? percent(rng, 40U) : percent(rng, 2U);
    o.openvino.pythondiv = percent(rng, 50U);
    const std::uint64_t ab = below(rng, 100U);
    o.openvino.auto_broadcast = (ab < 1U) ? static_cast<AutoBroadcast>(2U + below(rng, 254U))
                                          : ((ab < 35U) ? AutoBroadcast::none : AutoBroadcast::numpy);
    return o;
}

Case draw_case(Rng& rng) {
    Case c{};
    c.options = draw_options(rng);
    c.type = percent(rng, 1U) ? static_cast<ElementType>(kElementTypeCount + below(rng, 256U - kElementTypeCount))
                              : static_cast<ElementType>(below(rng, kElementTypeCount));
    const auto rank_a = static_cast<std::uint32_t>(below(rng, 7U));
    const auto rank_b = static_cast<std::uint32_t>(below(rng, 7U));
    c.a = draw_shape(rng, rank_a);
    std::uint32_t start = (rank_b <= rank_a) ? (rank_a - rank_b) : 0U;  // where B would sit in the legacy rule
    const std::uint64_t mode = below(rng, 100U);
    if (mode < 15U) {
        c.b = c.a;  // equal shapes
    } else if (mode < 45U) {
        // B aligned on A's right: mostly A's extents or 1.
        c.b.rank = rank_b;
        for (std::uint32_t i = 0U; i < rank_b; ++i) {
            const bool has_a_axis = (rank_a >= rank_b) || (i >= rank_b - rank_a);
            const std::uint32_t a_axis = rank_a + i - rank_b;
            const std::uint64_t r = below(rng, 100U);
            std::uint64_t extent = draw_extent(rng);
            if (has_a_axis && (r < 55U)) {
                extent = c.a.dims[a_axis];
            } else if (r < 80U) {
                extent = 1U;
            }
            c.b.dims[i] = extent;
        }
    } else if (mode < 65U) {
        // A contiguous part of A's shape (Div-6's "contiguous subset").
        start = static_cast<std::uint32_t>(below(rng, rank_a + 1U));
        const auto length = static_cast<std::uint32_t>(below(rng, rank_a - start + 1U));
        c.b.rank = length;
        for (std::uint32_t i = 0U; i < length; ++i) {
            c.b.dims[i] = c.a.dims[start + i];
        }
        if ((length > 0U) && percent(rng, 10U)) {
            c.b.dims[below(rng, length)] = draw_extent(rng);  // sometimes spoiled
        }
    } else if (mode < 75U) {
        c.b.rank = rank_b;  // one element
        for (std::uint32_t i = 0U; i < rank_b; ++i) {
            c.b.dims[i] = 1U;
        }
    } else {
        c.b = draw_shape(rng, rank_b);
    }
    if (c.options.onnx.has_axis) {
        c.options.onnx.axis = percent(rng, 60U) ? static_cast<std::int64_t>(start)
                                                : static_cast<std::int64_t>(below(rng, rank_a + 5U)) - 2;
    }
    if (percent(rng, 30U)) {
        std::swap(c.a, c.b);  // A broadcasts too
    }
    // Extents of 2^31 and up, for the size checks.
    if (percent(rng, 2U)) {
        const std::array<std::uint64_t, 8> big = {
            kTwo31, kTwo32, kTwo32 + 1U, kTwo32 - 1U, std::uint64_t{1} << 61U, kTwo62, std::uint64_t{1} << 63U,
            kMaxU64};
        for (Shape* shape : {&c.a, &c.b}) {
            if ((shape->rank > 0U) && percent(rng, 70U)) {
                shape->dims[below(rng, shape->rank)] = big[below(rng, big.size())];
            }
        }
    }
    // Ranks at and above the limit.
    if (percent(rng, 1U)) {
        Shape& shape = percent(rng, 50U) ? c.a : c.b;
        const std::uint64_t r = below(rng, 4U);
        if (r == 0U) {
            shape = draw_shape(rng, kMaxRank);
        } else {
            const std::array<std::uint32_t, 3> above = {kMaxRank + 1U, 100U, std::numeric_limits<std::uint32_t>::max()};
            shape.rank = above[r - 1U];
        }
    }
    // Stale extents above the rank, which no rule may read.
    if (percent(rng, 10U)) {
        for (Shape* shape : {&c.a, &c.b}) {
            for (std::uint32_t axis = shape->rank; axis < kMaxRank; ++axis) {
                shape->dims[axis] = 1U + below(rng, 9U);
            }
        }
    }
    return c;
}

// The core's answer, as an OperandMap.
Status core_answer(const Case& c, OperandMap& map) {
    BroadcastLayout layout{};
    const Status s = div_broadcast_layout(c.type, c.a, c.b, c.options, layout);
    if (s.is_ok()) {
        map.y = layout.y;
        map.a_on_y = layout.a_aligned;
        map.b_on_y = layout.b_aligned;
    }
    return s;
}

bool same_map(const OperandMap& lhs, const OperandMap& rhs) {
    return same(lhs.y, rhs.y) && same(lhs.a_on_y, rhs.a_on_y) && same(lhs.b_on_y, rhs.b_on_y);
}

// Which shape rule a case's options select (for the tally of accepted cases).
std::string rule_of(const DivOptions& o) {
    std::string rule = "sonnx equal shapes";
    if (o.profile == Profile::onnx) {
        rule = (o.onnx.opset >= 7U)
                   ? "onnx multidirectional"
                   : (o.onnx.broadcast ? (o.onnx.has_axis ? "onnx legacy with axis" : "onnx legacy suffix")
                                       : "onnx equal shapes");
    } else if (o.profile == Profile::openvino) {
        rule = (o.openvino.auto_broadcast == AutoBroadcast::numpy) ? "openvino numpy" : "openvino none";
    } else {
        // sonnx
    }
    return rule;
}

enum class Verdict : std::uint8_t { agree, disagree };

// One case: the status, and on success the map, against the core's.
Verdict compare(const Case& c, const Status& mine, const OperandMap& my_map, std::string& why) {
    OperandMap theirs{};
    const Status core = core_answer(c, theirs);
    Verdict verdict = Verdict::agree;
    if (!same_status(mine, core)) {
        verdict = Verdict::disagree;
        why = "judge " + text(mine) + ", core " + text(core);
    } else if (mine.is_ok() && !same_map(my_map, theirs)) {
        verdict = Verdict::disagree;
        why = "judge map Y " + text(my_map.y) + " A " + text(my_map.a_on_y) + " B " + text(my_map.b_on_y) +
              ", core Y " + text(theirs.y) + " A " + text(theirs.a_on_y) + " B " + text(theirs.b_on_y);
    }
    return verdict;
}

constexpr std::uint64_t kRandomCases = 1000000U;

// shape_preconditions against sonnx::div_broadcast_layout: status (code,
// requirement, operand, index) and, on success, the map, on 1,000,000
// seeded cases of every profile, options (invalid ones at a low rate),
// types, ranks 0 to 6 (16 and above at a low rate) and extents where 1 and
// 0 are frequent. Each map that the core accepts also fits OperandIndex.
// [utest->req~div-bcast-d5~2]
// [utest->req~div-prof-d3~1]
// [utest->req~div-bcast-d1~1]
// [utest->req~div-onnx-r3~1]
TEST(CoreAgreement, RandomCasesGiveTheCoresStatusAndMap) {
    RecordProperty("requirements", "DIV-BCAST-D5,DIV-PROF-D3,DIV-BCAST-D1,DIV-ONNX-R3");
    const std::uint64_t seed = seed_of_run();
    RecordProperty("seed", std::to_string(seed));
    std::cout << "seed " << seed << ", " << kRandomCases << " cases\n";
    Rng rng(seed);
    std::map<std::string, std::uint64_t> outcomes;
    std::map<std::string, std::uint64_t> accepted;
    std::uint64_t disagreements = 0U;
    std::uint64_t broadcasting = 0U;
    for (std::uint64_t n = 0U; n < kRandomCases; ++n) {
        const Case c = draw_case(rng);
        OperandMap map{};
        map.y = make({99});  // a sentinel, which a failure must leave
        const Status mine = shape_preconditions(c.type, c.a, c.b, c.options, map);
        std::string why;
        const Verdict verdict = compare(c, mine, map, why);
        if (verdict == Verdict::disagree) {
            ++disagreements;
            if (disagreements <= 10U) {
                ADD_FAILURE() << "case " << n << ": " << text(c) << ": " << why;
            }
        }
        if (mine.is_ok()) {
            EXPECT_TRUE(OperandIndex(map.y, map.a_on_y).valid() && OperandIndex(map.y, map.b_on_y).valid()) << n;
            const bool broadcasts = !(same(map.a_on_y, map.y) && same(map.b_on_y, map.y));
            broadcasting += broadcasts ? 1U : 0U;
            ++accepted[rule_of(c.options) + (broadcasts ? ", an operand broadcasts" : "")];
        } else {
            EXPECT_TRUE(same(map.y, make({99}))) << "case " << n << ": the map changed on failure";
        }
        ++outcomes[mine.is_ok()
                       ? std::string("ok")
                       : (std::string(status_code_name(mine.code)) + " " + requirement_name(mine.requirement))];
    }
    std::cout << "outcomes of the judge's rules:\n";
    for (const auto& [outcome, count] : outcomes) {
        std::cout << "  " << outcome << ": " << count << "\n";
    }
    std::cout << "accepted, by rule:\n";
    for (const auto& [rule, count] : accepted) {
        std::cout << "  " << rule << ": " << count << "\n";
    }
    std::cout << "accepted with an operand that broadcasts: " << broadcasting << "\n"
              << "disagreements: " << disagreements << "\n";
    RecordProperty("disagreements", std::to_string(disagreements));
    EXPECT_EQ(disagreements, 0U);
    // The draw must reach every rule and both outcomes often enough to mean something.
    EXPECT_GT(outcomes["ok"], kRandomCases / 5U);
    EXPECT_GT(broadcasting, kRandomCases / 10U);
    for (const char* expected :
         {"shape_mismatch DIV-ONNX-R2", "shape_mismatch DIV-ONNX-R3", "shape_mismatch DIV-OV-R1",
          "shape_mismatch DIV-OV-R2", "shape_mismatch DIV-FLOAT-C1", "shape_mismatch DIV-INT-C1",
          "size_overflow DIV-API-D4", "rank_too_large DIV-API-D5", "invalid_argument DIV-ONNX-D1",
          "invalid_argument DIV-PROF-D1", "invalid_argument DIV-PROF-D4", "invalid_argument DIV-API-D6",
          "unsupported_type DIV-API-D6", "unsupported_type DIV-ONNX-R1", "unsupported_type DIV-PROF-D4"}) {
        EXPECT_GT(outcomes[expected], 20U) << expected;
    }
    for (const char* expected :
         {"sonnx equal shapes", "onnx equal shapes", "openvino none", "onnx multidirectional, an operand broadcasts",
          "openvino numpy, an operand broadcasts", "onnx legacy suffix, an operand broadcasts",
          "onnx legacy with axis, an operand broadcasts"}) {
        EXPECT_GT(accepted[expected], 1000U) << expected;
    }
}

// rounding_of against sonnx::int_rounding_of for every valid combination
// of profile, rounding, revision, opset, attributes and m_pythondiv.
// [utest->req~div-onnx-f1~1]
// [utest->req~div-ov-f1~1]
// [utest->req~div-int-d1~1]
// [utest->req~div-prof-d4~2]
TEST(CoreAgreement, RoundingOfEveryCombination) {
    RecordProperty("requirements", "DIV-ONNX-F1,DIV-OV-F1,DIV-INT-D1,DIV-PROF-D4");
    std::uint64_t combinations = 0U;
    for (const Profile profile : {Profile::sonnx, Profile::onnx, Profile::openvino}) {
        for (const IntRounding rounding : {IntRounding::floor, IntRounding::toward_zero}) {
            for (const SonnxRevision revision : {SonnxRevision::seed, SonnxRevision::r2026_06}) {
                for (std::uint32_t opset = 1U; opset <= kOnnxOpsetMax; ++opset) {
                    for (const bool broadcast : {false, true}) {
                        for (const bool pythondiv : {false, true}) {
                            for (const AutoBroadcast ab : {AutoBroadcast::none, AutoBroadcast::numpy}) {
                                DivOptions o{};
                                o.profile = profile;
                                o.int_rounding = rounding;
                                o.sonnx_revision = revision;
                                o.onnx.opset = opset;
                                o.onnx.broadcast = broadcast && (opset <= 6U);
                                o.openvino.pythondiv = pythondiv;
                                o.openvino.auto_broadcast = ab;
                                EXPECT_EQ(rounding_of(o), int_rounding_of(o))
                                    << static_cast<unsigned>(profile) << " " << static_cast<unsigned>(rounding) << " "
                                    << static_cast<unsigned>(revision) << " " << opset << " " << pythondiv;
                                ++combinations;
                            }
                        }
                    }
                }
            }
        }
    }
    RecordProperty("combinations", std::to_string(combinations));
}

// first_onnx_opset_admitting against the core's type check at each opset
// (sonnx::div_output_shape on two scalars).
// [utest->req~div-onnx-r1~1]
TEST(CoreAgreement, FirstOpsetAdmittingMatchesTheCoresTypeCheck) {
    RecordProperty("requirements", "DIV-ONNX-R1");
    for (unsigned value = 0U; value < 256U; ++value) {
        const auto type = static_cast<ElementType>(value);
        const std::uint32_t first = first_onnx_opset_admitting(type);
        for (std::uint32_t opset = 1U; opset <= kOnnxOpsetMax; ++opset) {
            Shape y{};
            const bool core_admits = div_output_shape(type, Shape{}, Shape{}, onnx_options(opset), y).is_ok();
            EXPECT_EQ(core_admits, (first != 0U) && (first <= opset)) << value << " opset " << opset;
        }
    }
}

// ---------------------------------------------------------------------------
// OperandIndex against a direct computation: an odometer over Y's
// coordinates, and the operand's index by Horner's rule over its extents at
// Y's rank, coordinate 0 where the extent is 1.

std::vector<std::uint64_t> direct_indices(const Shape& y, const Shape& on_y) {
    std::uint64_t count = 1U;
    for (std::uint32_t axis = 0U; axis < y.rank; ++axis) {
        count *= y.dims[axis];
    }
    std::vector<std::uint64_t> indices;
    indices.reserve(count);
    std::array<std::uint64_t, kMaxRank> coordinate{};
    for (std::uint64_t n = 0U; n < count; ++n) {
        std::uint64_t index = 0U;
        for (std::uint32_t axis = 0U; axis < y.rank; ++axis) {
            index = index * on_y.dims[axis] + ((on_y.dims[axis] == 1U) ? 0U : coordinate[axis]);
        }
        indices.push_back(index);
        for (std::uint32_t k = 0U; k < y.rank; ++k) {  // the odometer, innermost axis first
            const std::uint32_t axis = y.rank - 1U - k;
            if (++coordinate[axis] < y.dims[axis]) {
                break;
            }
            coordinate[axis] = 0U;
        }
    }
    return indices;
}

struct IndexCase {
    Shape y;
    Shape on_y;
};

IndexCase draw_index_case(Rng& rng) {
    IndexCase c{};
    const auto rank = static_cast<std::uint32_t>(below(rng, 7U));
    c.y.rank = rank;
    c.on_y.rank = rank;
    for (std::uint32_t axis = 0U; axis < rank; ++axis) {
        const std::uint64_t r = below(rng, 100U);
        c.y.dims[axis] = (r < 3U) ? 0U : ((r < 30U) ? 1U : 2U + below(rng, 3U));
        c.on_y.dims[axis] = percent(rng, 50U) ? c.y.dims[axis] : 1U;
    }
    if (percent(rng, 5U) && (rank > 0U)) {
        const std::uint64_t axis = below(rng, rank);  // a long axis now and then
        c.y.dims[axis] = 40U + below(rng, 60U);
        c.on_y.dims[axis] = percent(rng, 50U) ? c.y.dims[axis] : 1U;
    }
    return c;
}

constexpr std::uint64_t kIndexShapes = 20000U;

// [utest->req~div-cli-d19~2]
// [utest->req~div-bcast-d2~1]
TEST(OperandIndexMap, AgreesWithDirectCoordinatesOnRandomShapes) {
    RecordProperty("requirements", "DIV-CLI-D19,DIV-BCAST-D2");
    const std::uint64_t seed = seed_of_run() + 1U;
    RecordProperty("seed", std::to_string(seed));
    std::cout << "seed " << seed << ", " << kIndexShapes << " shapes\n";
    Rng rng(seed);
    std::uint64_t elements = 0U;
    std::uint64_t mismatches = 0U;
    for (std::uint64_t n = 0U; n < kIndexShapes; ++n) {
        const IndexCase c = draw_index_case(rng);
        const OperandIndex index(c.y, c.on_y);
        ASSERT_TRUE(index.valid()) << text(c.y) << " " << text(c.on_y);
        const std::vector<std::uint64_t> want = direct_indices(c.y, c.on_y);
        for (std::uint64_t i = 0U; i < want.size(); ++i) {
            if (index.of(i) != want[i]) {
                ++mismatches;
                if (mismatches <= 10U) {
                    ADD_FAILURE() << "Y " << text(c.y) << " operand " << text(c.on_y) << " element " << i << ": "
                                  << index.of(i) << ", want " << want[i];
                }
            }
        }
        elements += want.size();
    }
    std::cout << elements << " elements mapped\n";
    EXPECT_EQ(mismatches, 0U);
    EXPECT_GT(elements, kIndexShapes * 10U);
}

// ---------------------------------------------------------------------------
// Seeded faults: the comparisons above must fail on a wrong map.

// A copy of the multidirectional rule with one fault: the shorter shape is
// padded with 1 on the right instead of the left (wrong axis alignment).
Status left_aligned_rule(const Shape& a, const Shape& b, RequirementId rule, OperandMap& out) {
    const std::uint32_t rank = (a.rank > b.rank) ? a.rank : b.rank;
    OperandMap map{};
    map.y.rank = rank;
    map.a_on_y.rank = rank;
    map.b_on_y.rank = rank;
    for (std::uint32_t axis = 0U; axis < rank; ++axis) {
        const std::uint64_t extent_a = (axis < a.rank) ? a.dims[axis] : 1U;  // the fault
        const std::uint64_t extent_b = (axis < b.rank) ? b.dims[axis] : 1U;
        if ((extent_a != extent_b) && (extent_a != 1U) && (extent_b != 1U)) {
            return status_of(StatusCode::shape_mismatch, rule, Operand::b, axis);
        }
        map.y.dims[axis] = (extent_a == 1U) ? extent_b : extent_a;
        map.a_on_y.dims[axis] = extent_a;
        map.b_on_y.dims[axis] = extent_b;
    }
    out = map;
    return Status{};
}

// The judge's rules with the faulty copy in place of the multidirectional
// rule: the library decides the option, type and rank steps and every
// other profile; the copy decides the numpy profiles' shapes.
Status left_aligned_preconditions(const Case& c, OperandMap& map) {
    OperandMap right{};
    const Status s = shape_preconditions(c.type, c.a, c.b, c.options, right);
    const bool before_shapes = (s.code == StatusCode::invalid_argument) || (s.code == StatusCode::unsupported_type) ||
                               (s.code == StatusCode::rank_too_large);
    const bool onnx_numpy = (c.options.profile == Profile::onnx) && (c.options.onnx.opset >= 7U);
    const bool openvino_numpy = (c.options.profile == Profile::openvino) &&
                                (c.options.openvino.auto_broadcast == AutoBroadcast::numpy);
    if (before_shapes || !(onnx_numpy || openvino_numpy)) {
        map = right;
        return s;
    }
    const Status faulty = left_aligned_rule(c.a, c.b,
                                            onnx_numpy ? RequirementId::div_onnx_r2 : RequirementId::div_ov_r2, map);
    Status result = faulty;
    if (faulty.is_ok()) {
        // The copy's map stands; where the library's rule rejected the
        // shapes the copy accepts them, otherwise the library's verdict on
        // the sizes (ok or size_overflow) is kept.
        result = (s.code == StatusCode::shape_mismatch) ? Status{} : s;
    }
    return result;
}

// A second fault, in the legacy rule: `axis` ignored, B always placed by
// suffix matching (the library run with the attribute dropped).
Status axis_ignored_preconditions(const Case& c, OperandMap& map) {
    DivOptions options = c.options;
    const bool legacy = (options.profile == Profile::onnx) && (options.onnx.opset <= 6U) && options.onnx.broadcast;
    if (legacy) {
        options.onnx.has_axis = false;
    }
    return shape_preconditions(c.type, c.a, c.b, options, map);
}

using Preconditions = Status (*)(const Case&, OperandMap&);

// The agreement test's comparison on a faulty copy: the number of the
// first case of the seed where it sees a disagreement with the core, out
// of `limit` (limit when none).
std::uint64_t first_disagreement(Preconditions faulty, const char* name, std::uint64_t limit) {
    const std::uint64_t seed = seed_of_run();
    Rng rng(seed);
    std::uint64_t first = limit;
    std::uint64_t caught = 0U;
    for (std::uint64_t n = 0U; n < limit; ++n) {
        const Case c = draw_case(rng);
        OperandMap map{};
        const Status s = faulty(c, map);
        std::string why;
        if (compare(c, s, map, why) == Verdict::disagree) {
            if (first == limit) {
                first = n;
                std::cout << "seed " << seed << ": the " << name << " copy first disagrees at case " << n << ": "
                          << text(c) << ": " << why << "\n";
            }
            ++caught;
        }
    }
    std::cout << name << ": disagreements in the first " << limit << " cases: " << caught << "\n";
    return first;
}

// The agreement test on the faulty copies: each must disagree with the
// core within the first 2,000 cases of the same seed.
// [utest->req~div-cli-d19~2]
// [utest->req~div-bcast-d1~1]
// [utest->req~div-onnx-r3~1]
TEST(SeededFault, FaultyMapsDisagreeWithTheCore) {
    RecordProperty("requirements", "DIV-CLI-D19,DIV-BCAST-D1,DIV-ONNX-R3");
    constexpr std::uint64_t kLimit = 2000U;
    const std::uint64_t left_aligned = first_disagreement(left_aligned_preconditions, "left-aligned", kLimit);
    const std::uint64_t axis_ignored = first_disagreement(axis_ignored_preconditions, "axis-ignored", kLimit);
    RecordProperty("first_disagreement_left_aligned", std::to_string(left_aligned));
    RecordProperty("first_disagreement_axis_ignored", std::to_string(axis_ignored));
    EXPECT_LT(left_aligned, kLimit) << "the agreement test did not see the left-aligned map";
    EXPECT_LT(axis_ignored, kLimit) << "the agreement test did not see the ignored axis";
}

// A copy of OperandIndex with one fault: the stride of an extent-1 axis is
// not zeroed.
class UnzeroedStrideIndex {
public:
    UnzeroedStrideIndex(const Shape& y, const Shape& on_y) : rank_(y.rank) {
        std::uint64_t running = 1U;
        for (std::uint32_t k = 0U; k < rank_; ++k) {
            const std::uint32_t axis = rank_ - 1U - k;
            extent_[axis] = y.dims[axis];
            stride_[axis] = running;  // the fault: 0 where on_y's extent is 1
            running *= on_y.dims[axis];
        }
    }
    std::uint64_t of(std::uint64_t y_index) const {
        std::uint64_t rest = y_index;
        std::uint64_t index = 0U;
        for (std::uint32_t k = 0U; k < rank_; ++k) {
            const std::uint32_t axis = rank_ - 1U - k;
            index += (rest % extent_[axis]) * stride_[axis];
            rest /= extent_[axis];
        }
        return index;
    }

private:
    std::uint32_t rank_;
    std::array<std::uint64_t, kMaxRank> extent_{};
    std::array<std::uint64_t, kMaxRank> stride_{};
};

// The direct-coordinate comparison on the faulty copy: it must find a wrong
// index within the first 100 shapes of the same seed.
// [utest->req~div-cli-d19~2]
// [utest->req~div-bcast-d2~1]
TEST(SeededFault, UnzeroedStrideDisagreesWithDirectCoordinates) {
    RecordProperty("requirements", "DIV-CLI-D19,DIV-BCAST-D2");
    const std::uint64_t seed = seed_of_run() + 1U;
    Rng rng(seed);
    constexpr std::uint64_t kLimit = 100U;
    std::uint64_t first = kLimit;
    for (std::uint64_t n = 0U; (n < kLimit) && (first == kLimit); ++n) {
        const IndexCase c = draw_index_case(rng);
        const UnzeroedStrideIndex faulty(c.y, c.on_y);
        const std::vector<std::uint64_t> want = direct_indices(c.y, c.on_y);
        for (std::uint64_t i = 0U; (i < want.size()) && (first == kLimit); ++i) {
            if (faulty.of(i) != want[i]) {
                first = n;
                std::cout << "seed " << seed << ": the unzeroed stride first differs on shape " << n << ": Y "
                          << text(c.y) << " operand " << text(c.on_y) << " element " << i << ": " << faulty.of(i)
                          << ", want " << want[i] << "\n";
            }
        }
    }
    RecordProperty("first_disagreement", std::to_string(first));
    EXPECT_LT(first, kLimit) << "the direct comparison did not see the seeded fault";
}

}  // namespace
}  // namespace sonnx::check
