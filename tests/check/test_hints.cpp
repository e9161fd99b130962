// The hints a check prints beside its verdict (DIV-CLI-D18), each shown
// where it applies and absent where it does not. The expected texts are
// the ones src/check/hints.cpp documents, written out by hand; the types
// each ONNX opset admits are onnx-div-operator-versions.rst's (INT4 in
// none, UINT16 from Div-14).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sonnx/check/hints.hpp"

namespace sonnx::check {
namespace {

DivOptions onnx_at(std::uint32_t opset) {
    DivOptions options;
    options.profile = Profile::onnx;
    options.onnx.opset = opset;
    return options;
}

const Status kOpsetRefusal{StatusCode::unsupported_type, RequirementId::div_onnx_r1, Operand::a, 0U};

// [utest->req~div-cli-d18~1]
TEST(Hints, TheOpsetHintIsForAnOnnxTypeRefusalOnly) {
    RecordProperty("requirements", "DIV-CLI-D18");
    EXPECT_EQ(opset_hint(kOpsetRefusal, ElementType::uint16, onnx_at(13U)),
              "ONNX Div at opset 13 does not take UINT16; opset 14 and later do (--opset 14)");
    EXPECT_EQ(opset_hint(kOpsetRefusal, ElementType::int4, onnx_at(14U)),
              "ONNX Div at opset 14 does not take INT4; no ONNX opset does (--profile sonnx or openvino takes every "
              "type)");
    // Another refusal under the onnx profile, or the same requirement under another profile: no hint.
    const Status shapes{StatusCode::shape_mismatch, RequirementId::div_onnx_r2, Operand::b, 0U};
    EXPECT_EQ(opset_hint(shapes, ElementType::uint16, onnx_at(13U)), "");
    EXPECT_EQ(opset_hint(kOpsetRefusal, ElementType::uint16, DivOptions{}), "");
}

Report stopped_at(StatusCode code) {
    Report report;
    report.precondition = Status{code, RequirementId::div_int_c3, Operand::b, 3U};
    return report;
}

const std::string kSixteenBits =
    "the files hold UINT16 elements; if they are BF16 or FP16 bit patterns (NumPy has no bfloat16), give --type "
    "bf16 or --type fp16";

// [utest->req~div-cli-d18~1]
TEST(Hints, PreconditionHints) {
    RecordProperty("requirements", "DIV-CLI-D18");
    HintContext int32;
    int32.a_type = ElementType::int32;
    int32.y_type = ElementType::int32;
    EXPECT_EQ(precondition_hint(stopped_at(StatusCode::zero_divisor), int32),
              "no result is defined for this element; --undefined list judges the other elements and lists these "
              "apart");
    HintContext uint16 = int32;
    uint16.a_type = ElementType::uint16;
    uint16.y_type = ElementType::uint16;
    EXPECT_EQ(precondition_hint(stopped_at(StatusCode::zero_divisor), uint16), kSixteenBits);
    uint16.type_from_files = false;  // read as UINT16 on purpose (--type): no hint of bit patterns
    EXPECT_EQ(precondition_hint(stopped_at(StatusCode::zero_divisor), uint16),
              "no result is defined for this element; --undefined list judges the other elements and lists these "
              "apart");
    const std::string broadcast =
        "the sonnx profile divides tensors of equal shapes; --profile onnx and --profile openvino broadcast";
    EXPECT_EQ(precondition_hint(stopped_at(StatusCode::shape_mismatch), int32), broadcast);
    HintContext onnx = int32;
    onnx.profile = Profile::onnx;
    EXPECT_EQ(precondition_hint(stopped_at(StatusCode::shape_mismatch), onnx), "");  // it broadcasts already
    EXPECT_EQ(precondition_hint(stopped_at(StatusCode::type_mismatch), int32), "");
}

Report judged(std::uint64_t elements, std::uint64_t conforming, std::uint64_t other_rounding) {
    Report report;
    report.type = ElementType::uint16;
    report.elements = elements;
    report.conforming = conforming;
    report.other_rounding_matches = other_rounding;
    return report;
}

// [utest->req~div-cli-d18~1]
TEST(Hints, ReportHints) {
    RecordProperty("requirements", "DIV-CLI-D18");
    HintContext uint16;
    uint16.a_type = ElementType::uint16;
    uint16.y_type = ElementType::uint16;
    // One element wrong: the bit-pattern hint; all conforming: none.
    EXPECT_EQ(report_hints(judged(5U, 4U, 0U), uint16), std::vector<std::string>{kSixteenBits});
    EXPECT_EQ(report_hints(judged(5U, 5U, 0U), uint16), std::vector<std::string>{});
    // The one wrong element is what truncation gives (the profile floors).
    HintContext int32;
    int32.a_type = ElementType::int32;
    int32.y_type = ElementType::int32;
    const std::string floor_profile =
        "every non-conforming element is what truncation gives: the candidate rounds the other way; --int-rounding "
        "trunc checks against it";
    EXPECT_EQ(report_hints(judged(5U, 4U, 1U), int32), std::vector<std::string>{floor_profile});
    EXPECT_EQ(report_hints(judged(5U, 3U, 1U), int32), std::vector<std::string>{});  // one of two: no pattern
    HintContext onnx = int32;
    onnx.profile = Profile::onnx;
    onnx.rounding = IntRounding::toward_zero;
    EXPECT_EQ(report_hints(judged(5U, 3U, 2U), onnx),
              std::vector<std::string>{"every non-conforming element is what floor division gives: the candidate "
                                       "rounds the other way; --profile sonnx --int-rounding floor checks against it"});
    // A wrong candidate: floats for an integer Div get their hint; a float candidate of the wrong shape none.
    Report wrong_candidate = judged(5U, 0U, 0U);
    wrong_candidate.candidate_mismatch = Status{StatusCode::type_mismatch, RequirementId::div_int_c2, Operand::y, 0U};
    HintContext floats_for_ints = int32;
    floats_for_ints.y_type = ElementType::fp32;
    EXPECT_EQ(report_hints(wrong_candidate, floats_for_ints),
              std::vector<std::string>{"an integer Div gives integers of A's type; true division (NumPy's a / b) "
                                       "gives floats: the candidate should come from the runtime's integer division"});
    HintContext fp32;
    wrong_candidate.candidate_mismatch = Status{StatusCode::shape_mismatch, RequirementId::div_float_c1, Operand::y,
                                                0U};
    EXPECT_EQ(report_hints(wrong_candidate, fp32), std::vector<std::string>{});
}

}  // namespace
}  // namespace sonnx::check
