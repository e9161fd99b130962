// sonnx-div check A B Y: another runtime's Y against the exact oracle.
#include <iostream>
#include <memory>
#include <string>
#include <thread>

#include "broadcast_operands.hpp"
#include "check_report.hpp"
#include "commands.hpp"
#include "number_options.hpp"
#include "operand_files.hpp"
#include "operator_options.hpp"
#include "output_paths.hpp"
#include "sonnx/io/tensor_file.hpp"
#include "status_text.hpp"

namespace sonnx::cli {

namespace {

struct CheckArguments {
    std::string a;
    std::string b;
    std::string y;
    std::string accept{"exact"};
    std::string undefined;  // refuse or list; empty: the revision's default (DIV-CLI-D14)
    std::string json;
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

// [impl->req~div-cli-d5~1]
// [impl->req~div-cli-d6~1]
// [impl->req~div-cli-d7~2]
// [impl->req~div-cli-d14~1]
// [impl->req~div-cli-d12~2]
// [impl->req~div-io-d5~1]
int run_check(const CheckArguments& args) {
    if (!args.json.empty()) {
        check_output_path(args.json, "--json", {{"A", args.a}, {"B", args.b}, {"Y", args.y}});
    }
    const DivOptions div_options = args.op.div_options();
    const io::TensorData a_file = args.files.read(args.a);
    const io::TensorData b_file = args.files.read(args.b);
    const io::TensorData y = args.files.read(args.y);
    // No copy of A or B unless one broadcasts (DIV-IO-D5: memory bounded by the inputs).
    const BroadcastOperands operands(a_file, b_file, y, div_options);
    const io::TensorData& a = operands.a();
    const io::TensorData& b = operands.b();
    oracle::CheckOptions options;
    (void)oracle::parse_acceptance(args.accept, options.accept);  // validated by the option's check
    options.rounding = int_rounding_of(div_options);
    options.threads = args.threads;
    options.worst_count = args.worst;
    options.list_undefined = list_undefined(args.undefined, div_options);
    const oracle::ConformanceReport report = oracle::check_conformance(a.view(), b.view(), y.view(), options);
    const CheckInputs inputs{a, b, y, options};
    if (!args.json.empty()) {
        write_json(args.json, check_report_json(inputs, report));
    }
    if (!report.precondition.is_ok()) {
        throw precondition_failure(report.precondition, &a_file, &b_file, &y);  // positions in the files' shapes
    }
    print_check_report(std::cout, inputs, report);
    return (oracle::nonconforming(report) == 0U) ? exit_success : exit_nonconforming;
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
                     "half-ulp (|Y - A/B| <= ulp/2) or one-ulp (< 1 ulp, the spec's bound); NaN, infinities and "
                     "signed zeros must match at every level; integers are always exact")
        ->check(CLI::IsMember({"exact", "half-ulp", "one-ulp"}))
        ->capture_default_str();
    command
        ->add_option("--undefined", args->undefined,
                     "integer elements with a zero divisor or MIN / -1, which have no defined result: refuse "
                     "(exit 3 at the first, the default) or list (count and list them apart, never as conforming, "
                     "and judge the others; the default under --sonnx-revision 2026-06)")
        ->check(CLI::IsMember({"refuse", "list"}));
    command->add_option("--json", args->json, "also write the report as JSON to this file (atomically)");
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
