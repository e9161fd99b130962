#include "operator_options.hpp"

#include "exit_status.hpp"
#include "number_options.hpp"
#include "sonnx/check/profile_options.hpp"

namespace sonnx::cli {

// [impl->req~div-prof-d1~1]
// [impl->req~div-cli-d10~1]
void OperatorOptions::add_to(CLI::App& command) {
    command
        .add_option("--profile", profile,
                    "whose semantics: sonnx (the SONNX spec: equal shapes, floor), onnx (ONNX Div of --opset: "
                    "broadcasting, truncation, the opset's types) or openvino (Divide-1)")
        ->check(CLI::IsMember({"sonnx", "onnx", "openvino"}))
        ->capture_default_str();
    rounding_option_ =
        command
            .add_option("--int-rounding", int_rounding,
                        "sonnx profile: integer rounding, floor (the SONNX spec, DIV-INT-F1) or trunc (toward zero, "
                        "ONNX, DIV-INT-D1)")
            ->check(CLI::IsMember({"floor", "trunc"}))
            ->capture_default_str();
    revision_option_ =
        command
            .add_option("--sonnx-revision", sonnx_revision,
                        "sonnx profile: the SONNX spec revision, seed (the default) or 2026-06 (the working group's "
                        "later one: truncation; FP16, FP32, FP64 and 8- to 64-bit integers only; DIV-PROF-D4)")
            ->check(CLI::IsMember({"seed", "2026-06"}))
            ->capture_default_str();
    opset_option_ = command.add_option("--opset", opset, "onnx profile: the opset (1 to 27; default 14)")
                        ->check(whole_number_in(1U, kOnnxOpsetMax));
    broadcast_option_ = command
                            .add_option("--broadcast", broadcast,
                                        "onnx profile, opset 1 and 6: the broadcast attribute")
                            ->check(CLI::Range(0, 1));
    axis_option_ = command.add_option("--axis", axis, "onnx profile, opset 1 and 6: the axis attribute");
    pythondiv_option_ = command
                            .add_option(
                                "--pythondiv", pythondiv,
                                "openvino profile: m_pythondiv, true (floor, the default) or false (truncation)")
                            ->check(CLI::IsMember({"true", "false"}));
    auto_broadcast_option_ = command
                                 .add_option("--auto-broadcast", auto_broadcast,
                                             "openvino profile: auto_broadcast, none or numpy (the default)")
                                 ->check(CLI::IsMember({"none", "numpy"}));
}

bool OperatorOptions::opset_given() const { return (opset_option_ != nullptr) && (opset_option_->count() > 0U); }

// [impl->req~div-cli-d10~1]
DivOptions OperatorOptions::div_options() const {
    auto given = [](const CLI::Option* option) { return (option != nullptr) && (option->count() > 0U); };
    // CLI11 has checked each value against its names (add_to) before this runs.
    check::ProfileRequest request;
    request.profile = check::profile_named(profile).value_or(Profile::sonnx);
    if (given(rounding_option_)) {
        request.rounding = check::rounding_named(int_rounding);
    }
    if (given(revision_option_)) {
        request.revision = check::revision_named(sonnx_revision);
    }
    if (opset_given()) {
        request.opset = static_cast<std::int64_t>(opset);
    }
    if (given(broadcast_option_)) {
        request.broadcast = static_cast<std::int64_t>(broadcast);
    }
    if (given(axis_option_)) {
        request.axis = axis;
    }
    if (given(pythondiv_option_)) {
        request.pythondiv = check::bool_named(pythondiv);
    }
    if (given(auto_broadcast_option_)) {
        request.auto_broadcast = check::auto_broadcast_named(auto_broadcast);
    }
    request.attributes_from_model = attributes_from_model;
    try {
        return check::resolve_profile(request, check::kCommandLineSpelling);
    } catch (const check::OptionError& error) { throw CommandFailure(exit_usage, error.what()); }
}

}  // namespace sonnx::cli
