#include "operator_options.hpp"

namespace sonnx::cli {

void OperatorOptions::add_to(CLI::App& command) {
    command
        .add_option("--int-rounding", int_rounding,
                    "integer rounding: floor (the SONNX spec, DIV-INT-F1) or trunc (toward zero, ONNX, DIV-INT-D1)")
        ->check(CLI::IsMember({"floor", "trunc"}))
        ->capture_default_str();
}

DivOptions OperatorOptions::div_options() const {
    DivOptions options{};
    options.int_rounding = (int_rounding == "trunc") ? IntRounding::toward_zero : IntRounding::floor;
    return options;
}

const char* rounding_name(IntRounding rounding) { return (rounding == IntRounding::toward_zero) ? "trunc" : "floor"; }

}  // namespace sonnx::cli
