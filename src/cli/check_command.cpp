// sonnx-div check A B Y: another runtime's Y against the exact oracle.
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "check_judgement.hpp"
#include "check_report.hpp"
#include "commands.hpp"
#include "number_options.hpp"
#include "operand_files.hpp"
#include "operator_options.hpp"
#include "output_paths.hpp"
#include "precondition_failure.hpp"
#include "provenance.hpp"
#include "sonnx/io/tensor_file.hpp"

namespace sonnx::cli {

namespace {

struct CheckArguments {
    std::string a;
    std::string b;
    std::string y;
    std::string json;
    CheckSettings settings{"exact", "", "0/1", std::max(1U, std::thread::hardware_concurrency()), 10U, ""};
    OperatorOptions op;
    OperandFiles files;
};

void write_json(const std::string& path, const nlohmann::json& report) {
    const std::string text = report.dump(2) + "\n";
    io::write_file_atomically(path, std::vector<std::uint8_t>(text.begin(), text.end()));
}

// [impl->req~div-cli-d5~2]
// [impl->req~div-cli-d6~2]
// [impl->req~div-cli-d7~3]
// [impl->req~div-cli-d14~1]
// [impl->req~div-cli-d12~2]
// [impl->req~div-cli-d17~1]
// [impl->req~div-io-d5~2]
int run_check(const CheckArguments& args) {
    if (!args.json.empty()) {
        check_output_path(args.json, "--json", {{"A", args.a}, {"B", args.b}, {"Y", args.y}});
    }
    const DivOptions div_options = args.op.div_options();
    Provenance provenance = start_provenance("check");
    std::vector<io::TensorData> files = args.files.read_together({{"A", args.a}, {"B", args.b}, {"Y", args.y}},
                                                                 provenance);
    const io::TensorData a_file = std::move(files[0]);
    const io::TensorData b_file = std::move(files[1]);
    const io::TensorData y_file = std::move(files[2]);
    const CheckOperand a = check_operand(a_file);
    const CheckOperand b = check_operand(b_file);
    const CheckOperand y = check_operand(y_file);
    CheckSettings settings = args.settings;
    settings.type = args.files.type;
    const CheckJudgement judged = judge_check(a, b, y, div_options, settings, provenance);
    const oracle::ConformanceReport& report = judged.report;
    const CheckInputs inputs = check_inputs(a, b, y, judged, provenance);
    if (!args.json.empty()) {
        write_json(args.json, check_report_json(inputs, report));
    }
    if (!report.precondition.is_ok()) {
        throw precondition_failure(report.precondition, &a_file, &b_file, &y_file,
                                   precondition_hint(report, judged.hints));
    }
    print_check_report(std::cout, inputs, report);
    return oracle::conforms(report) ? exit_success : exit_nonconforming;
}

}  // namespace

Subcommand add_check_command(CLI::App& parent) {
    auto args = std::make_shared<CheckArguments>();
    CLI::App* command = parent.add_subcommand(
        "check", "check a candidate Y for A / B, element by element, against the exact oracle (MPFR, GMP)");
    command->add_option("A", args->a, "dividend tensor file (.npy or .pb)")->required();
    command->add_option("B", args->b, "divisor tensor file (.npy or .pb)")->required();
    command->add_option("Y", args->y, "candidate result to check (.npy or .pb)")->required();
    command
        ->add_option("--accept", args->settings.accept,
                     "float acceptance: exact (bit-identical to the correctly rounded quotient, any NaN for NaN), "
                     "half-ulp (|Y - A/B| <= ulp/2), one-ulp (< 1 ulp, the spec's bound) or Nulp (|Y - A/B| <= N "
                     "ulp, e.g. 2ulp or 4ulp as test tolerances); NaN and infinities must match at every level, "
                     "and a zero must carry the quotient's sign; integers are always exact")
        ->check(CLI::Validator(acceptance_error, "LEVEL"))
        ->capture_default_str();
    command
        ->add_option("--undefined", args->settings.undefined,
                     "integer elements with a zero divisor or MIN / -1, which have no defined result: refuse "
                     "(exit 3 at the first, the default) or list (count and list them apart, never as conforming, "
                     "and judge the others; the default under --sonnx-revision 2026-06)")
        ->check(CLI::IsMember({"refuse", "list"}));
    command->add_option("--json", args->json, "also write the report as JSON to this file (atomically)");
    command
        ->add_option("--shard", args->settings.shard,
                     "K/N: judge only the K-th (from 0) of N near-equal contiguous ranges of Y's elements; "
                     "`sonnx-div merge` makes the N shards' JSON reports into the report of one run")
        ->check(shard_option())
        ->capture_default_str();
    command->add_option("--threads,-j", args->settings.threads, "worker threads")
        ->check(whole_number_up_to(1024U))
        ->check(CLI::Range(1U, 1024U))
        ->capture_default_str();
    command->add_option("--worst", args->settings.worst, "how many of the worst elements to list")
        ->check(whole_number_up_to(100000U))
        ->capture_default_str();
    args->op.add_to(*command);
    args->files.add_to(*command);
    command->footer(
        "Example: sonnx-div check a.npy b.npy gpu_y.npy --accept one-ulp --json report.json\n"
        "Under --profile onnx or openvino, A and B may broadcast to Y's shape; integers follow that profile's "
        "rounding.\n"
        "Exit status: 0 every element conforms (undefined ones apart, under --undefined list); 1 some element "
        "does not; 2 usage or file error; 3 the inputs violate the operator's precondition (shapes, types, "
        "integer zero divisor or overflow under --undefined refuse).");
    return Subcommand{command, [args]() { return run_check(*args); }};
}

}  // namespace sonnx::cli
