#include "operator_choice.hpp"

#include <initializer_list>

#include "exit_status.hpp"

namespace sonnx::cli {

namespace {

// The command line's parser checks these values before div_options_of runs;
// the Python module's arguments arrive unchecked.
void require_one_of(const std::string& option, const std::string& value, std::initializer_list<const char*> names) {
    std::string listed;
    for (const char* name : names) {
        if (value == name) {
            return;
        }
        listed += (listed.empty() ? "" : ", ") + std::string(name);
    }
    throw CommandFailure(exit_usage, option + " must be one of " + listed + ", not '" + value + "'");
}

void check_values(const OperatorChoice& choice) {
    require_one_of("--profile", choice.profile, {"sonnx", "onnx", "openvino"});
    require_one_of("--int-rounding", choice.int_rounding, {"floor", "trunc"});
    require_one_of("--sonnx-revision", choice.sonnx_revision, {"seed", "2026-06"});
    require_one_of("--pythondiv", choice.pythondiv, {"true", "false"});
    require_one_of("--auto-broadcast", choice.auto_broadcast, {"none", "numpy"});
    if (choice.opset_given && ((choice.opset < 1U) || (choice.opset > kOnnxOpsetMax))) {
        throw CommandFailure(exit_usage, "--opset must be from 1 to " + std::to_string(kOnnxOpsetMax) + ", not " +
                                             std::to_string(choice.opset));
    }
    if ((choice.broadcast != 0) && (choice.broadcast != 1)) {
        throw CommandFailure(exit_usage, "--broadcast must be 0 or 1, not " + std::to_string(choice.broadcast));
    }
}

}  // namespace

// [impl->req~div-prof-d1~1]
// [impl->req~div-prof-d4~2]
// [impl->req~div-cli-d10~1]
// [impl->req~div-cli-d13~1]
DivOptions div_options_of(const OperatorChoice& choice) {
    check_values(choice);
    auto refuse = [](const std::string& what, const std::string& profile_name) {
        throw CommandFailure(exit_usage,
                             what + " belongs to the " + profile_name + " profile (--profile " + profile_name + ")");
    };
    DivOptions options{};
    options.int_rounding = (choice.int_rounding == "trunc") ? IntRounding::toward_zero : IntRounding::floor;
    if (choice.profile == "onnx") {
        options.profile = Profile::onnx;
        options.onnx.opset = choice.opset_given ? choice.opset : 14U;
        options.onnx.broadcast = (choice.broadcast != 0);
        options.onnx.has_axis = choice.axis_given;
        options.onnx.axis = choice.axis;
    } else if (choice.profile == "openvino") {
        options.profile = Profile::openvino;
        options.openvino.pythondiv = (choice.pythondiv == "true");
        options.openvino.auto_broadcast = (choice.auto_broadcast == "none") ? AutoBroadcast::none
                                                                            : AutoBroadcast::numpy;
    } else {
        options.profile = Profile::sonnx;
        options.sonnx_revision = (choice.sonnx_revision == "2026-06") ? SonnxRevision::r2026_06 : SonnxRevision::seed;
    }
    if ((choice.rounding_given || choice.revision_given) && (options.profile != Profile::sonnx)) {
        refuse("--int-rounding and --sonnx-revision", "sonnx");
    }
    if (choice.rounding_given && (options.sonnx_revision == SonnxRevision::r2026_06)) {
        throw CommandFailure(exit_usage,
                             "--int-rounding belongs to the seed revision: the 2026-06 revision "
                             "truncates (--sonnx-revision 2026-06 fixes trunc)");
    }
    if ((choice.opset_given || choice.broadcast_given || choice.axis_given) && (options.profile != Profile::onnx)) {
        refuse("--opset, --broadcast and --axis", "onnx");
    }
    if ((choice.pythondiv_given || choice.auto_broadcast_given) && (options.profile != Profile::openvino)) {
        refuse("--pythondiv and --auto-broadcast", "openvino");
    }
    // Div has the broadcast and axis attributes at opsets 1 and 6 only: given
    // at another opset, either value is refused alike (DIV-CLI-D13).
    const bool attributes_given = choice.broadcast_given || choice.axis_given;
    if (attributes_given && (options.profile == Profile::onnx)) {
        if (choice.attributes_from_model) {
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
