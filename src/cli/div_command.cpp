// sonnx-div div A B --out Y: the reference result, written atomically in the
// format of Y's extension.
#include <iostream>
#include <memory>
#include <string>

#include "sonnx/check/hints.hpp"
#include "commands.hpp"
#include "operand_files.hpp"
#include "operator_options.hpp"
#include "output_paths.hpp"
#include "precondition_failure.hpp"
#include "sonnx/io/tensor_file.hpp"
#include "sonnx/text/shape_text.hpp"

namespace sonnx::cli {

namespace {

struct DivArguments {
    std::string a;
    std::string b;
    std::string out;
    OperatorOptions op;
    OperandFiles files;
};

std::string flag_names(std::uint8_t flags) {
    std::string names;
    const struct {
        std::uint8_t bit;
        const char* name;
    } kFlags[] = {{fp_flag_invalid, "invalid"},
                  {fp_flag_divide_by_zero, "divide-by-zero"},
                  {fp_flag_overflow, "overflow"},
                  {fp_flag_underflow, "underflow"},
                  {fp_flag_inexact, "inexact"}};
    for (const auto& flag : kFlags) {
        if ((flags & flag.bit) != 0U) {
            names += (names.empty() ? "" : ", ") + std::string(flag.name);
        }
    }
    return names.empty() ? "none" : names;
}

// The shape of Y as the operator defines it (A's, or the broadcast shape
// under a profile that broadcasts). With operand types that differ, div
// itself reports the type mismatch, which comes before any shape check.
std::vector<std::uint64_t> output_dims(const io::TensorData& a, const io::TensorData& b, const DivOptions& options) {
    if (a.type != b.type) {
        return a.dims;
    }
    Shape y{};
    const Status status = div_output_shape(a.type, a.shape(), b.shape(), options, y);
    if (!status.is_ok()) {
        throw precondition_failure(status, &a, &b, nullptr, check::opset_hint(status, a.type, options));
    }
    return std::vector<std::uint64_t>(y.dims.begin(), y.dims.begin() + y.rank);
}

// [impl->req~div-cli-d3~3]
// [impl->req~div-cli-d4~1]
// [impl->req~div-cli-d12~3]
// [impl->req~div-io-d5~2]
int run_div(const DivArguments& args) {
    (void)io::format_of(args.out);  // an unknown output format fails before any work
    // Y may replace A or B: both are read whole before Y is written, atomically.
    check_output_path(args.out, "--out", {});
    const io::TensorData a = args.files.read(args.a);
    const io::TensorData b = args.files.read(args.b);
    const DivOptions options = args.op.div_options();
    io::TensorData y;
    y.type = a.type;
    y.dims = output_dims(a, b, options);
    // Known from the shapes: a Y that does not fit memory fails here, before the computation.
    y.bytes = io::allocate_bytes(io::checked_size(y.dims, y.type, "Y").bytes,
                                 "Y (shape " + text::shape_text(y.dims) + " " + element_type_name(y.type) + ")");
    DivReport report{};
    const Status status = div(a.view(), b.view(), y.mutable_view(), options, &report);
    if (!status.is_ok()) {
        throw precondition_failure(status, &a, &b, &y);
    }
    io::write_tensor_file(args.out, y);
    std::cout << args.out << ": " << element_type_name(y.type) << " " << text::shape_text(y.dims) << ", "
              << report.elements << " elements";
    if (type_class(y.type) == TypeClass::floating) {
        std::cout << "; IEEE flags raised: " << flag_names(report.fp_flags);
    }
    std::cout << "\n";
    return 0;
}

}  // namespace

Subcommand add_div_command(CLI::App& parent) {
    auto args = std::make_shared<DivArguments>();
    CLI::App* command = parent.add_subcommand(
        "div", "Y = A / B with the reference operator; Y's format follows --out's extension (.npy or .pb)");
    command->add_option("A", args->a, "dividend tensor file (.npy or .pb)")->required();
    command->add_option("B", args->b, "divisor tensor file (.npy or .pb)")->required();
    command->add_option("--out,-o", args->out, "result file, .npy or .pb; replaced atomically, untouched on failure")
        ->required()
        ->check(output_path_option());
    args->op.add_to(*command);
    args->files.add_to(*command);
    command->footer(
        "Example: sonnx-div div a.npy b.npy --out y.pb --int-rounding trunc\n"
        "Exit status: 0 written; 2 usage or file error; 3 precondition violated (the message names the "
        "requirement and the first offending element).");
    return Subcommand{command, [args]() { return run_div(*args); }};
}

}  // namespace sonnx::cli
