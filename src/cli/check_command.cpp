// sonnx-div check A B Y: another runtime's Y against the exact oracle.
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "check_report.hpp"
#include "commands.hpp"
#include "number_options.hpp"
#include "operand_files.hpp"
#include "operand_layout.hpp"
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
    std::string accept{"exact"};
    std::string undefined;  // refuse or list; empty: the revision's default (DIV-CLI-D14)
    std::string json;
    std::string shard{"0/1"};  // K/N, K from 0 (DIV-CLI-D20)
    unsigned threads{std::max(1U, std::thread::hardware_concurrency())};
    std::size_t worst{10U};
    OperatorOptions op;
    OperandFiles files;
};

void write_json(const std::string& path, const nlohmann::json& report) {
    const std::string text = report.dump(2) + "\n";
    io::write_file_atomically(path, std::vector<std::uint8_t>(text.begin(), text.end()));
}

// Undefined integer elements are listed on request, and by default under the
// 2026-06 revision, which leaves a zero divisor implementation dependent (F-55).
// [impl->req~div-cli-d14~1]
bool list_undefined(const std::string& choice, const DivOptions& options) {
    if (!choice.empty()) {
        return choice == "list";
    }
    return (options.profile == Profile::sonnx) && (options.sonnx_revision == SonnxRevision::r2026_06);
}

// Options of check itself, as they apply (DIV-CLI-D17).
std::vector<std::pair<std::string, std::string>> check_options_in_force(const CheckArguments& args,
                                                                        const DivOptions& div_options,
                                                                        const oracle::CheckOptions& options,
                                                                        bool floating) {
    std::vector<std::pair<std::string, std::string>> in_force = options_in_force(div_options);
    if (floating) {
        in_force.emplace_back("accept", oracle::acceptance_name(options.accept, options.max_ulps));
    } else {
        in_force.emplace_back("undefined", options.list_undefined ? "list" : "refuse");
    }
    in_force.emplace_back("type", args.files.type.empty() ? "(not given)" : args.files.type);
    in_force.emplace_back("worst", std::to_string(options.worst_count));
    in_force.emplace_back("shard", std::to_string(options.shard_index) + "/" + std::to_string(options.shard_count));
    in_force.emplace_back("threads", std::to_string(options.threads) + " (the report does not depend on it)");
    return in_force;
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
    const io::TensorData y = std::move(files[2]);
    oracle::CheckOptions options;
    (void)oracle::parse_acceptance(args.accept, options.accept, options.max_ulps);  // validated by the option's check
    options.rounding = int_rounding_of(div_options);
    options.threads = args.threads;
    options.worst_count = args.worst;
    options.list_undefined = list_undefined(args.undefined, div_options);
    (void)parse_shard(args.shard, options.shard_index, options.shard_count);  // validated by the option's check
    provenance.options = check_options_in_force(args, div_options, options,
                                                type_class(a_file.type) == TypeClass::floating);
    const CheckHints hints{div_options.profile, options.rounding, a_file.type, y.type, args.files.type.empty()};
    // A and B are never copied: a broadcast operand is read through Y's
    // indices (DIV-CLI-D19, DIV-IO-D5: memory bounded by the inputs).
    const OperandLayout layout = operand_layout(a_file, b_file, div_options);
    const oracle::ConformanceReport report = layout.broadcasts
                                                 ? oracle::check_conformance(a_file.view(), b_file.view(), y.view(),
                                                                             layout.layout, options)
                                                 : oracle::check_conformance(a_file.view(), b_file.view(), y.view(),
                                                                             options);
    const CheckInputs inputs{a_file, b_file, y, options, layout.y_dims, hints, provenance};
    if (!args.json.empty()) {
        write_json(args.json, check_report_json(inputs, report));
    }
    if (!report.precondition.is_ok()) {
        throw precondition_failure(report.precondition, &a_file, &b_file, &y, precondition_hint(report, hints));
    }
    print_check_report(std::cout, inputs, report);
    return oracle::conforms(report) ? exit_success : exit_nonconforming;
}

// --accept: a level or a bound in ulps (DIV-CLI-D5).
std::string acceptance_error(const std::string& text) {
    oracle::Acceptance level{};
    double bound = 0.0;
    return oracle::parse_acceptance(text, level, bound)
               ? std::string()
               : "must be exact, half-ulp, one-ulp or a bound such as 2ulp or 0.75ulp (a positive decimal that a "
                 "double holds exactly, at most 10^15)";
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
        ->add_option("--accept", args->accept,
                     "float acceptance: exact (bit-identical to the correctly rounded quotient, any NaN for NaN), "
                     "half-ulp (|Y - A/B| <= ulp/2), one-ulp (< 1 ulp, the spec's bound) or Nulp (|Y - A/B| <= N "
                     "ulp, e.g. 2ulp or 4ulp as test tolerances); NaN and infinities must match at every level, "
                     "and a zero must carry the quotient's sign; integers are always exact")
        ->check(CLI::Validator(acceptance_error, "LEVEL"))
        ->capture_default_str();
    command
        ->add_option("--undefined", args->undefined,
                     "integer elements with a zero divisor or MIN / -1, which have no defined result: refuse "
                     "(exit 3 at the first, the default) or list (count and list them apart, never as conforming, "
                     "and judge the others; the default under --sonnx-revision 2026-06)")
        ->check(CLI::IsMember({"refuse", "list"}));
    command->add_option("--json", args->json, "also write the report as JSON to this file (atomically)");
    command
        ->add_option("--shard", args->shard,
                     "K/N: judge only the K-th (from 0) of N near-equal contiguous ranges of Y's elements; "
                     "`sonnx-div merge` makes the N shards' JSON reports into the report of one run")
        ->check(shard_option())
        ->capture_default_str();
    command->add_option("--threads,-j", args->threads, "worker threads")
        ->check(whole_number_up_to(1024U))
        ->check(CLI::Range(1U, 1024U))
        ->capture_default_str();
    command->add_option("--worst", args->worst, "how many of the worst elements to list")
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
