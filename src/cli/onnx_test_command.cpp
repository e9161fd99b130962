// sonnx-div onnx-test DIR...: ONNX backend node test folders (model.onnx with
// one Div node, test_data_set_*/input_*.pb and output_*.pb) run through the
// reference under a profile (onnx by default: the model's opset and
// attributes), one pass/fail line per test.
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "commands.hpp"
#include "exit_status.hpp"
#include "operator_options.hpp"
#include "sonnx/check/provenance.hpp"
#include "sonnx/check/report_json.hpp"
#include "sonnx/conformance/onnx_node_test.hpp"

namespace sonnx::cli {

namespace {

struct OnnxTestArguments {
    std::vector<std::string> paths;
    OperatorOptions op;
};

// [impl->req~div-onnx-d2~4]
// [impl->req~div-cli-d10~1]
// [impl->req~div-cli-d17~1]
int run_onnx_test(const OnnxTestArguments& args) {
    conformance::NodeTestSettings settings{};
    settings.options = args.op.div_options();
    settings.opset_override = args.op.opset_given() ? args.op.opset : 0U;
    for (const std::string& path : args.paths) {
        try {
            (void)conformance::find_node_tests(path);
        } catch (const std::runtime_error& error) { throw CommandFailure(exit_usage, error.what()); }
    }
    check::Provenance provenance = check::start_provenance("onnx-test");
    provenance.options = check::options_in_force(settings.options);
    for (auto& [name, value] : provenance.options) {
        if ((name == "opset") && !args.op.opset_given()) {
            value = "(each model's own)";
        }
    }
    check::print_provenance(std::cout, provenance);  // DIV-CLI-D17
    const std::size_t not_passed = conformance::run_node_tests(args.paths, settings, std::cout);
    return (not_passed == 0U) ? exit_success : exit_nonconforming;
}

}  // namespace

Subcommand add_onnx_test_command(CLI::App& parent) {
    auto args = std::make_shared<OnnxTestArguments>();
    CLI::App* command = parent.add_subcommand(
        "onnx-test",
        "run ONNX backend node test folders (one Div node each) against the reference and compare "
        "with their expected outputs");
    command->add_option("DIR", args->paths, "a test folder (with model.onnx) or a folder of test folders")
        ->required()
        ->check(CLI::ExistingDirectory);
    args->op.profile = "onnx";  // what ONNX's tests expect; --profile sonnx or openvino to compare
    args->op.attributes_from_model = true;
    args->op.add_to(*command);
    command->footer(
        "Under the onnx profile (the default here) the opset and the broadcast/axis attributes come from each "
        "model (--opset overrides the opset); --profile sonnx or openvino shows where those semantics differ.\n"
        "Each output is judged as `check` judges it, at the exact level: floats correctly rounded (a quiet NaN "
        "where a NaN is due), integers equal; the reference runs beside it and must agree.\n"
        "Example: sonnx-div onnx-test build/release/tests/conformance/onnx-node-tests/node tests/conformance/data\n"
        "Exit status: 0 every test passed; 1 a test failed, was rejected or could not be read; 2 usage error.");
    return Subcommand{command, [args]() { return run_onnx_test(*args); }};
}

}  // namespace sonnx::cli
