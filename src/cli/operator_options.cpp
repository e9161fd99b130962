#include "operator_options.hpp"

#include "number_options.hpp"

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
                        ->check(whole_number_up_to(kOnnxOpsetMax))
                        ->check(CLI::Range(1U, kOnnxOpsetMax));
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
    OperatorChoice choice;
    choice.int_rounding = int_rounding;
    choice.sonnx_revision = sonnx_revision;
    choice.profile = profile;
    choice.opset = opset;
    choice.broadcast = broadcast;
    choice.axis = axis;
    choice.pythondiv = pythondiv;
    choice.auto_broadcast = auto_broadcast;
    choice.attributes_from_model = attributes_from_model;
    choice.rounding_given = given(rounding_option_);
    choice.revision_given = given(revision_option_);
    choice.opset_given = opset_given();
    choice.broadcast_given = given(broadcast_option_);
    choice.axis_given = given(axis_option_);
    choice.pythondiv_given = given(pythondiv_option_);
    choice.auto_broadcast_given = given(auto_broadcast_option_);
    return div_options_of(choice);
}

}  // namespace sonnx::cli
