// Runs ONNX backend node test folders through sonnx::conformance (what the
// command line's `onnx-test` will wrap) for the conformance ctest tests.
//
//   onnx_test_runner [--profile onnx|sonnx|openvino] [--opset N]
//                    [--pythondiv true|false] [--auto-broadcast none|numpy]
//                    [--rounding floor|toward_zero] DIR...
//
// One line per test (sonnx::conformance::outcome_line) and a summary; exit
// status 0 when every test passed, 1 otherwise, 2 for a usage error.
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "sonnx/conformance/onnx_node_test.hpp"

namespace {

bool parse_bool(const std::string& text) {
    if (text == "true") {
        return true;
    }
    if (text == "false") {
        return false;
    }
    throw std::invalid_argument("expected true or false, got '" + text + "'");
}

sonnx::conformance::NodeTestSettings parse(const std::vector<std::string>& args, std::vector<std::string>& paths) {
    sonnx::conformance::NodeTestSettings settings{};
    for (std::size_t i = 0U; i < args.size(); ++i) {
        const std::string& arg = args[i];
        const bool has_value = (i + 1U) < args.size();
        if (arg.rfind("--", 0) != 0) {
            paths.push_back(arg);
        } else if (!has_value) {
            throw std::invalid_argument(arg + " needs a value");
        } else if (arg == "--profile") {
            const std::string& value = args[++i];
            if (value == "onnx") {
                settings.options.profile = sonnx::Profile::onnx;
            } else if (value == "sonnx") {
                settings.options.profile = sonnx::Profile::sonnx;
            } else if (value == "openvino") {
                settings.options.profile = sonnx::Profile::openvino;
            } else {
                throw std::invalid_argument("unknown profile '" + value + "'");
            }
        } else if (arg == "--opset") {
            const unsigned long opset = std::stoul(args[++i]);
            if ((opset == 0U) || (opset > 0xFFFFFFFFUL)) {
                throw std::invalid_argument("--opset must be a positive 32-bit number");
            }
            settings.opset_override = static_cast<std::uint32_t>(opset);
        } else if (arg == "--pythondiv") {
            settings.options.openvino.pythondiv = parse_bool(args[++i]);
        } else if (arg == "--auto-broadcast") {
            const std::string& value = args[++i];
            if (value != "none" && value != "numpy") {
                throw std::invalid_argument("--auto-broadcast is none or numpy, not '" + value + "'");
            }
            settings.options.openvino.auto_broadcast =
                (value == "none") ? sonnx::AutoBroadcast::none : sonnx::AutoBroadcast::numpy;
        } else if (arg == "--rounding") {
            const std::string& value = args[++i];
            if (value != "floor" && value != "toward_zero") {
                throw std::invalid_argument("--rounding is floor or toward_zero, not '" + value + "'");
            }
            settings.options.int_rounding =
                (value == "floor") ? sonnx::IntRounding::floor : sonnx::IntRounding::toward_zero;
        } else {
            throw std::invalid_argument("unknown option " + arg);
        }
    }
    if (paths.empty()) {
        throw std::invalid_argument("no test folder given");
    }
    return settings;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> paths;
    sonnx::conformance::NodeTestSettings settings{};
    try {
        settings = parse(std::vector<std::string>(argv + 1, argv + argc), paths);
    } catch (const std::exception& e) {
        std::cerr << "onnx_test_runner: " << e.what() << '\n';
        return 2;
    }
    const std::size_t failed = sonnx::conformance::run_node_tests(paths, settings, std::cout);
    return (failed == 0U) ? EXIT_SUCCESS : EXIT_FAILURE;
}
