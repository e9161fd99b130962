#include "operator_options.hpp"

#include "exit_status.hpp"
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
    opset_option_ = command.add_option("--opset", opset, "onnx profile: the opset (1 to 25; default 14)")
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

// [impl->req~div-prof-d1~1]
// [impl->req~div-prof-d4~2]
// [impl->req~div-cli-d10~1]
// [impl->req~div-cli-d13~1]
DivOptions OperatorOptions::div_options() const {
    auto given = [](const CLI::Option* option) { return (option != nullptr) && (option->count() > 0U); };
    auto refuse = [](const std::string& what, const std::string& profile_name) {
        throw CommandFailure(exit_usage,
                             what + " belongs to the " + profile_name + " profile (--profile " + profile_name + ")");
    };
    DivOptions options{};
    options.int_rounding = (int_rounding == "trunc") ? IntRounding::toward_zero : IntRounding::floor;
    if (profile == "onnx") {
        options.profile = Profile::onnx;
        options.onnx.opset = opset_given() ? opset : 14U;
        options.onnx.broadcast = (broadcast != 0);
        options.onnx.has_axis = given(axis_option_);
        options.onnx.axis = axis;
    } else if (profile == "openvino") {
        options.profile = Profile::openvino;
        options.openvino.pythondiv = (pythondiv == "true");
        options.openvino.auto_broadcast = (auto_broadcast == "none") ? AutoBroadcast::none : AutoBroadcast::numpy;
    } else {
        options.profile = Profile::sonnx;
        options.sonnx_revision = (sonnx_revision == "2026-06") ? SonnxRevision::r2026_06 : SonnxRevision::seed;
    }
    if ((given(rounding_option_) || given(revision_option_)) && (options.profile != Profile::sonnx)) {
        refuse("--int-rounding and --sonnx-revision", "sonnx");
    }
    if (given(rounding_option_) && (options.sonnx_revision == SonnxRevision::r2026_06)) {
        throw CommandFailure(exit_usage,
                             "--int-rounding belongs to the seed revision: the 2026-06 revision "
                             "truncates (--sonnx-revision 2026-06 fixes trunc)");
    }
    if ((given(opset_option_) || given(broadcast_option_) || given(axis_option_)) &&
        (options.profile != Profile::onnx)) {
        refuse("--opset, --broadcast and --axis", "onnx");
    }
    if ((given(pythondiv_option_) || given(auto_broadcast_option_)) && (options.profile != Profile::openvino)) {
        refuse("--pythondiv and --auto-broadcast", "openvino");
    }
    // Div has the broadcast and axis attributes at opsets 1 and 6 only: given
    // at another opset, either value is refused alike (DIV-CLI-D13).
    const bool attributes_given = given(broadcast_option_) || given(axis_option_);
    if (attributes_given && (options.profile == Profile::onnx)) {
        if (attributes_from_model) {
            throw CommandFailure(exit_usage,
                                 "--broadcast and --axis come from each model's Div node here; they "
                                 "cannot be given");
        }
        if (options.onnx.opset >= 7U) {
            throw CommandFailure(exit_usage,
                                 "--broadcast and --axis are attributes of Div at opsets 1 and 6 only; "
                                 "opset " +
                                     std::to_string(options.onnx.opset) + " has neither (give --opset 1 or --opset 6)");
        }
    }
    return options;
}

// [impl->req~div-cli-d17~1]
std::vector<std::pair<std::string, std::string>> options_in_force(const DivOptions& options) {
    std::vector<std::pair<std::string, std::string>> in_force;
    switch (options.profile) {
        case Profile::onnx:
            in_force.emplace_back("profile", "onnx");
            in_force.emplace_back("opset", std::to_string(options.onnx.opset));
            if (options.onnx.opset < 7U) {
                in_force.emplace_back("broadcast", options.onnx.broadcast ? "1" : "0");
                in_force.emplace_back("axis", options.onnx.has_axis ? std::to_string(options.onnx.axis) : "none");
            }
            break;
        case Profile::openvino:
            in_force.emplace_back("profile", "openvino");
            in_force.emplace_back("pythondiv", options.openvino.pythondiv ? "true" : "false");
            in_force.emplace_back("auto-broadcast",
                                  (options.openvino.auto_broadcast == AutoBroadcast::none) ? "none" : "numpy");
            break;
        default:
            in_force.emplace_back("profile", "sonnx");
            in_force.emplace_back("sonnx-revision", revision_name(options.sonnx_revision));
            break;
    }
    in_force.emplace_back("int-rounding", rounding_name(int_rounding_of(options)));
    return in_force;
}

const char* rounding_name(IntRounding rounding) { return (rounding == IntRounding::toward_zero) ? "trunc" : "floor"; }

const char* revision_name(SonnxRevision revision) { return (revision == SonnxRevision::r2026_06) ? "2026-06" : "seed"; }

}  // namespace sonnx::cli
