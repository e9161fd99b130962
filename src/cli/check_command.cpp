// sonnx-div check A B Y: another runtime's Y against the exact oracle, by
// the judge of src/check/.
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "commands.hpp"
#include "number_options.hpp"
#include "operand_files.hpp"
#include "operator_options.hpp"
#include "output_paths.hpp"
#include "precondition_failure.hpp"
#include "sonnx/check/provenance.hpp"
#include "sonnx/check/record.hpp"
#include "sonnx/check/report_json.hpp"
#include "sonnx/check/report_text.hpp"
#include "sonnx/check/settings.hpp"
#include "sonnx/io/tensor_file.hpp"

namespace sonnx::cli {

namespace {

struct CheckArguments {
    std::string a;
    std::string b;
    std::string y;
    std::string json;
    std::string accept{"exact"};
    std::string undefined;  // refuse or list; empty: the revision's default (DIV-CLI-D14)
    std::string shard{"0/1"};
    unsigned threads{std::max(1U, std::thread::hardware_concurrency())};
    std::size_t worst{10U};
    OperatorOptions op;
    OperandFiles files;
};

void write_json(const std::string& path, const nlohmann::json& report) {
    const std::string text = report.dump(2) + "\n";
    io::write_file_atomically(path, std::vector<std::uint8_t>(text.begin(), text.end()));
}

// The typed settings of what CLI11 has checked (add_check_command's validators).
check::Settings settings_of(const CheckArguments& args) {
    check::Settings settings;
    settings.profile = args.op.div_options();
    settings.accept = check::parse_acceptance(args.accept).value_or(check::AcceptanceLevel{});
    if (!args.undefined.empty()) {
        settings.undefined = (args.undefined == "list") ? check::UndefinedPolicy::list : check::UndefinedPolicy::refuse;
    }
    settings.shard = check::parse_shard(args.shard).value_or(check::Shard{});
    settings.threads = args.threads;
    settings.worst = args.worst;
    return settings;
}

// [impl->req~div-cli-d5~3]
// [impl->req~div-cli-d6~3]
// [impl->req~div-cli-d7~3]
// [impl->req~div-cli-d14~1]
// [impl->req~div-cli-d12~3]
// [impl->req~div-cli-d17~1]
// [impl->req~div-io-d5~2]
int run_check(const CheckArguments& args) {
    if (!args.json.empty()) {
        check_output_path(args.json, "--json", {{"A", args.a}, {"B", args.b}, {"Y", args.y}});
    }
    const check::Settings settings = settings_of(args);
    check::Provenance provenance = check::start_provenance("check");
    std::vector<io::TensorData> files = args.files.read_together({{"A", args.a}, {"B", args.b}, {"Y", args.y}},
                                                                 provenance);
    const io::TensorData a_file = std::move(files[0]);
    const io::TensorData b_file = std::move(files[1]);
    const io::TensorData y_file = std::move(files[2]);
    const check::CheckRecord record = check::check_tensors(
        check::Tensor{a_file.type, a_file.dims, a_file.view()}, check::Tensor{b_file.type, b_file.dims, b_file.view()},
        check::Tensor{y_file.type, y_file.dims, y_file.view()}, settings, provenance, args.files.type);
    if (!args.json.empty()) {
        write_json(args.json, check::report_json(record));
    }
    const check::Report& report = record.report;
    if (!report.precondition.is_ok()) {
        throw precondition_failure(report.precondition, &a_file, &b_file, &y_file,
                                   record.hints.empty() ? std::string() : record.hints.front());
    }
    check::print_report(std::cout, record);
    return check::conforms(report) ? exit_success : exit_nonconforming;
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
        ->add_option(
            "--accept", args->accept,
            "float acceptance: exact (bit-identical to the correctly rounded quotient, any quiet NaN for NaN), "
            "half-ulp (|Y - A/B| <= ulp/2), one-ulp (< 1 ulp, the spec's bound) or Nulp (|Y - A/B| <= N "
            "ulp, e.g. 2ulp or 4ulp as test tolerances); NaN and infinities must match at every level (a "
            "signalling NaN never does), "
            "and a zero must carry the quotient's sign; integers are always exact")
        ->check(CLI::Validator(
            [](const std::string& text) {
                return check::parse_acceptance(text).has_value() ? std::string()
                                                                 : std::string("must be ") + check::kAcceptanceForms;
            },
            "LEVEL"))
        ->capture_default_str();
    command
        ->add_option("--undefined", args->undefined,
                     "integer elements with a zero divisor or MIN / -1, which have no defined result: refuse "
                     "(exit 3 at the first, the default) or list (count and list them apart, never as conforming, "
                     "and judge the others; the default under --sonnx-revision 2026-06)")
        ->check(CLI::IsMember({"refuse", "list"}));
    command->add_option("--json", args->json, "also write the report as JSON to this file (atomically)")
        ->check(output_path_option());
    command
        ->add_option("--shard", args->shard,
                     "K/N: judge only the K-th (from 0) of N near-equal contiguous ranges of Y's elements; "
                     "`sonnx-div merge` makes the N shards' JSON reports into the report of one run")
        ->check(shard_option())
        ->capture_default_str();
    command->add_option("--threads,-j", args->threads, "worker threads")
        ->check(whole_number_in(1U, check::kMaxThreads))
        ->capture_default_str();
    command->add_option("--worst", args->worst, "how many of the worst elements to list")
        ->check(whole_number_in(0U, check::kMaxWorst))
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
