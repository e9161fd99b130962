#include "sonnx/check/profile_options.hpp"

namespace sonnx::check {

namespace {

std::string command_line_value(const char* option, const std::string& value) {
    return std::string(option) + " " + value;
}

[[noreturn]] void refuse(const std::string& what, const OptionSpelling& spelling, const char* profile_name) {
    throw OptionError(what + " belongs to the " + profile_name + " profile (" +
                      spelling.with_value(spelling.profile, profile_name) + ")");
}

std::string both(const char* first, const char* second) { return std::string(first) + " and " + second; }

}  // namespace

const OptionSpelling kCommandLineSpelling{"--profile",   "--int-rounding",   "--sonnx-revision",
                                          "--opset",     "--broadcast",      "--axis",
                                          "--pythondiv", "--auto-broadcast", command_line_value};

std::optional<Profile> profile_named(const std::string& name) {
    if (name == "sonnx") {
        return Profile::sonnx;
    }
    if (name == "onnx") {
        return Profile::onnx;
    }
    if (name == "openvino") {
        return Profile::openvino;
    }
    return std::nullopt;
}

std::optional<IntRounding> rounding_named(const std::string& name) {
    if (name == "floor") {
        return IntRounding::floor;
    }
    if (name == "trunc") {
        return IntRounding::toward_zero;
    }
    return std::nullopt;
}

std::optional<SonnxRevision> revision_named(const std::string& name) {
    if (name == "seed") {
        return SonnxRevision::seed;
    }
    if (name == "2026-06") {
        return SonnxRevision::r2026_06;
    }
    return std::nullopt;
}

std::optional<AutoBroadcast> auto_broadcast_named(const std::string& name) {
    if (name == "none") {
        return AutoBroadcast::none;
    }
    if (name == "numpy") {
        return AutoBroadcast::numpy;
    }
    return std::nullopt;
}

std::optional<bool> bool_named(const std::string& name) {
    if (name == "true") {
        return true;
    }
    if (name == "false") {
        return false;
    }
    return std::nullopt;
}

// [impl->req~div-prof-d1~1]
// [impl->req~div-prof-d4~2]
// [impl->req~div-cli-d10~1]
// [impl->req~div-cli-d13~1]
DivOptions resolve_profile(const ProfileRequest& request, const OptionSpelling& spelling) {
    if (request.opset.has_value() && ((*request.opset < 1) || (*request.opset > kOnnxOpsetMax))) {
        throw OptionError(std::string(spelling.opset) + " must be from 1 to " + std::to_string(kOnnxOpsetMax) +
                          ", not " + std::to_string(*request.opset));
    }
    if (request.broadcast.has_value() && (*request.broadcast != 0) && (*request.broadcast != 1)) {
        throw OptionError(std::string(spelling.broadcast) + " must be 0 or 1, not " +
                          std::to_string(*request.broadcast));
    }
    DivOptions options{};
    options.int_rounding = request.rounding.value_or(IntRounding::floor);
    options.profile = request.profile;
    if (request.profile == Profile::onnx) {
        options.onnx.opset = static_cast<std::uint32_t>(request.opset.value_or(14));
        options.onnx.broadcast = (request.broadcast.value_or(0) != 0);
        options.onnx.has_axis = request.axis.has_value();
        options.onnx.axis = request.axis.value_or(0);
    } else if (request.profile == Profile::openvino) {
        options.openvino.pythondiv = request.pythondiv.value_or(true);
        options.openvino.auto_broadcast = request.auto_broadcast.value_or(AutoBroadcast::numpy);
    } else {
        options.sonnx_revision = request.revision.value_or(SonnxRevision::seed);
    }
    if ((request.rounding.has_value() || request.revision.has_value()) && (options.profile != Profile::sonnx)) {
        refuse(both(spelling.rounding, spelling.revision), spelling, "sonnx");
    }
    if (request.rounding.has_value() && (options.sonnx_revision == SonnxRevision::r2026_06)) {
        throw OptionError(std::string(spelling.rounding) + " belongs to the seed revision: the 2026-06 revision " +
                          "truncates (" + spelling.with_value(spelling.revision, "2026-06") + " fixes trunc)");
    }
    const bool attributes_given = request.broadcast.has_value() || request.axis.has_value();
    if ((request.opset.has_value() || attributes_given) && (options.profile != Profile::onnx)) {
        refuse(std::string(spelling.opset) + ", " + both(spelling.broadcast, spelling.axis), spelling, "onnx");
    }
    if ((request.pythondiv.has_value() || request.auto_broadcast.has_value()) &&
        (options.profile != Profile::openvino)) {
        refuse(both(spelling.pythondiv, spelling.auto_broadcast), spelling, "openvino");
    }
    // Div has the broadcast and axis attributes at opsets 1 and 6 only: given
    // at another opset, either value is refused alike (DIV-CLI-D13).
    if (attributes_given && (options.profile == Profile::onnx)) {
        if (request.attributes_from_model) {
            throw OptionError(both(spelling.broadcast, spelling.axis) +
                              " come from each model's Div node here; they cannot be given");
        }
        if (options.onnx.opset >= 7U) {
            throw OptionError(
                both(spelling.broadcast, spelling.axis) + " are attributes of Div at opsets 1 and 6 only; opset " +
                std::to_string(options.onnx.opset) + " has neither (give " + spelling.with_value(spelling.opset, "1") +
                " or " + spelling.with_value(spelling.opset, "6") + ")");
        }
    }
    return options;
}

}  // namespace sonnx::check
