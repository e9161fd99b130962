// The operator's options as a front end gives them, made into DivOptions
// (DIV-CLI-D10, DIV-CLI-D13): the defaults of what is not given, the
// ranges, and refusals that name the options as the front end spells them.
// Expected values are include/sonnx/check/profile_options.hpp's and
// spec/profiles.md's (onnx: opset 14 unless given; Div-1/6 attributes
// absent unless given), written out by hand.
#include <gtest/gtest.h>

#include <string>

#include "sonnx/check/profile_options.hpp"

namespace sonnx::check {
namespace {

std::string python_value(const char* option, const std::string& value) {
    return std::string(option) + "='" + value + "'";
}

const OptionSpelling kPython{"profile", "rounding",  "sonnx_revision", "opset",     "broadcast",
                             "axis",    "pythondiv", "auto_broadcast", python_value};

// The OptionError's text, or "" when the request resolves.
std::string refusal(const ProfileRequest& request, const OptionSpelling& spelling = kCommandLineSpelling) {
    try {
        (void)resolve_profile(request, spelling);
    } catch (const OptionError& error) { return error.what(); }
    return "";
}

// [utest->req~div-cli-d10~1]
TEST(ProfileOptions, WhatIsNotGivenTakesItsDefault) {
    RecordProperty("requirements", "DIV-CLI-D10");
    ProfileRequest request;
    request.profile = Profile::onnx;
    DivOptions onnx = resolve_profile(request, kCommandLineSpelling);
    EXPECT_EQ(onnx.profile, Profile::onnx);
    EXPECT_EQ(onnx.onnx.opset, 14U);
    EXPECT_FALSE(onnx.onnx.broadcast);
    EXPECT_FALSE(onnx.onnx.has_axis);
    EXPECT_EQ(onnx.onnx.axis, 0);
    request.opset = 6;
    request.broadcast = 1;
    request.axis = -1;
    onnx = resolve_profile(request, kCommandLineSpelling);
    EXPECT_EQ(onnx.onnx.opset, 6U);
    EXPECT_TRUE(onnx.onnx.broadcast);
    EXPECT_TRUE(onnx.onnx.has_axis);
    EXPECT_EQ(onnx.onnx.axis, -1);
    const DivOptions sonnx = resolve_profile(ProfileRequest{}, kCommandLineSpelling);
    EXPECT_EQ(sonnx.profile, Profile::sonnx);
    EXPECT_EQ(sonnx.sonnx_revision, SonnxRevision::seed);
    EXPECT_EQ(sonnx.int_rounding, IntRounding::floor);
}

// [utest->req~div-cli-d10~1]
TEST(ProfileOptions, AnOpsetOutsideOneToTheLastIsRefused) {
    RecordProperty("requirements", "DIV-CLI-D10");
    ProfileRequest request;
    request.profile = Profile::onnx;
    const std::string last = std::to_string(kOnnxOpsetMax);
    for (const std::int64_t opset : {std::int64_t{0}, std::int64_t{-1}, std::int64_t{kOnnxOpsetMax} + 1}) {
        request.opset = opset;
        EXPECT_EQ(refusal(request), "--opset must be from 1 to " + last + ", not " + std::to_string(opset));
    }
    request.opset = 0;
    EXPECT_EQ(refusal(request, kPython), "opset must be from 1 to " + last + ", not 0");
    for (const std::int64_t opset : {std::int64_t{1}, std::int64_t{kOnnxOpsetMax}}) {
        request.opset = opset;
        EXPECT_EQ(refusal(request), "");
    }
}

// [utest->req~div-cli-d10~1]
// [utest->req~div-cli-d13~1]
TEST(ProfileOptions, AnOptionOfAnotherProfileIsRefusedByItsName) {
    RecordProperty("requirements", "DIV-CLI-D10,DIV-CLI-D13");
    ProfileRequest request;
    request.profile = Profile::onnx;
    request.rounding = IntRounding::toward_zero;
    EXPECT_EQ(refusal(request), "--int-rounding and --sonnx-revision belongs to the sonnx profile (--profile sonnx)");
    EXPECT_EQ(refusal(request, kPython), "rounding and sonnx_revision belongs to the sonnx profile (profile='sonnx')");
    request = ProfileRequest{};
    request.opset = 14;
    EXPECT_EQ(refusal(request), "--opset, --broadcast and --axis belongs to the onnx profile (--profile onnx)");
    request = ProfileRequest{};
    request.pythondiv = false;
    EXPECT_EQ(refusal(request, kPython),
              "pythondiv and auto_broadcast belongs to the openvino profile (profile='openvino')");
    request = ProfileRequest{};
    request.profile = Profile::onnx;
    request.axis = 0;
    EXPECT_EQ(refusal(request),
              "--broadcast and --axis are attributes of Div at opsets 1 and 6 only; opset 14 has neither (give "
              "--opset 1 or --opset 6)");
}

}  // namespace
}  // namespace sonnx::check
