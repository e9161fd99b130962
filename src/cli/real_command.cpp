// sonnx-div real A B: the real variant, exact rationals from decimal text.
#include <cstdint>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "exit_status.hpp"
#include "number_options.hpp"
#include "sonnx/io/tensor_file.hpp"
#include "sonnx/real/format.hpp"
#include "sonnx/real/real_div.hpp"
#include "sonnx/text/shape_text.hpp"
#include "sonnx/text/status_text.hpp"

namespace sonnx::cli {

namespace {

constexpr unsigned kMaxDigits = 10000U;
// CLI11 takes an argument that starts with "-." for the short option "-."
// (a digit after '-' it leaves to the operands): how to pass such a decimal.
constexpr const char* kMinusPointHint =
    "an operand that starts with '-.' reads as an option: write -0.5 for -.5, or give the operands after --, as "
    "in sonnx-div real -- -.5 2";
// An operand file larger than this is refused before it is read (64 MiB of decimals).
constexpr std::uint64_t kMaxOperandFileBytes = std::uint64_t{64} << 20U;
// The exact values of one operand may take at most this many bits (8 MiB):
// "1e100000" alone is a 332,193-bit integer, so text size does not bound memory.
// Each value is converted only when the bound its text gives fits what is left.
constexpr std::uint64_t kMaxOperandBits = std::uint64_t{1} << 26U;
// And at most this many elements, counted while splitting (before any parsing).
constexpr std::size_t kMaxOperandElements = 1000000U;

// Bits of numerator and denominator: what the value holds in memory.
std::uint64_t size_in_bits(const real::Rational& value) {
    const mpq_srcptr q = value.backend().data();
    return static_cast<std::uint64_t>(mpz_sizeinbase(mpq_numref(q), 2)) +
           static_cast<std::uint64_t>(mpz_sizeinbase(mpq_denref(q), 2));
}

struct RealArguments {
    std::string a;
    std::string b;
    unsigned digits{4U};
};

// Decimals separated by commas or white space; '#' starts a comment.
std::vector<std::string> split_decimals(const std::string& text) {
    std::vector<std::string> items;
    std::string current;
    bool comment = false;
    for (const char c : text + "\n") {
        if (comment) {
            comment = (c != '\n');
            continue;
        }
        if ((c == ',') || (c == ' ') || (c == '\t') || (c == '\n') || (c == '\r') || (c == '#')) {
            if (!current.empty()) {
                if (items.size() == kMaxOperandElements) {
                    throw io::ResourceError("more than " + std::to_string(kMaxOperandElements) +
                                            " elements, the limit per operand");
                }
                items.push_back(current);
                current.clear();
            }
            comment = (c == '#');
        } else {
            current += c;
        }
    }
    return items;
}

bool parse_all(const std::vector<std::string>& items, real::RealTensor& out, std::string& error) {
    out.values.clear();
    if (items.empty()) {
        error = "no decimal given";
        return false;
    }
    std::uint64_t bits = 0U;  // of the values converted so far, at most kMaxOperandBits
    for (std::size_t i = 0; i < items.size(); ++i) {
        // Converted only when its bound, known from its digits and exponent, fits what is left:
        // no power of ten or significand larger than the limit is ever computed.
        const real::ParseResult parsed = real::parse_decimal(items[i], kMaxOperandBits - bits);
        if (parsed.over_limit) {
            throw io::ResourceError("the exact values of elements 0 to " + std::to_string(i) + " may need up to " +
                                    std::to_string(bits + parsed.bits_bound) + " bits, above the limit of " +
                                    std::to_string(kMaxOperandBits) + " bits (8 MiB) per operand");
        }
        if (!parsed.ok) {
            error = "element " + std::to_string(i) + " '" + real::visible_text(items[i]) + "': " + parsed.error;
            return false;
        }
        bits += size_in_bits(parsed.value);  // at most parsed.bits_bound
        out.values.push_back(parsed.value);
    }
    out.dims = {static_cast<std::uint64_t>(out.values.size())};
    return true;
}

// [impl->req~div-cli-d9~4]
real::RealTensor read_operand(const std::string& argument, const char* name) {
    real::RealTensor tensor;
    std::string literal_error;
    // A comma-separated list of decimals is a literal; anything else names a text file.
    try {
        if ((argument.find_first_of(" \t\n") == std::string::npos) &&
            parse_all(split_decimals(argument), tensor, literal_error)) {
            return tensor;
        }
    } catch (const io::ResourceError& error) { throw io::ResourceError(std::string(name) + ": " + error.what()); }
    std::vector<std::uint8_t> bytes;
    try {
        bytes = io::read_whole_file(argument, kMaxOperandFileBytes);  // a regular file only, never a pipe
    } catch (const io::FileError& error) {
        throw CommandFailure(exit_usage, std::string(name) + ": '" + real::visible_text(argument) +
                                             "' is neither a list of decimals (" + literal_error +
                                             ") nor a readable file (" + error.what() + ")");
    }
    const std::string content(bytes.begin(), bytes.end());
    std::string file_error;
    try {
        if (!parse_all(split_decimals(content), tensor, file_error)) {
            throw CommandFailure(exit_usage, argument + ": " + file_error);
        }
    } catch (const io::ResourceError& error) { throw io::ResourceError(argument + ": " + error.what()); }
    return tensor;
}

// [impl->req~div-cli-d9~4]
int run_real(const RealArguments& args) {
    const real::RealTensor a = read_operand(args.a, "A");
    const real::RealTensor b = read_operand(args.b, "B");
    real::RealTensor y;
    const Status status = real::div(a, b, y);
    if (!status.is_ok()) {
        // Exact values are no elements of a type: the message shows them as fractions.
        std::string message = text::violation_message(status, nullptr, nullptr, nullptr);
        if ((status.code == StatusCode::zero_divisor) && (status.index < a.values.size())) {
            const std::string position = text::position_text(status.index, a.dims);
            message += " (A" + position + " = " + real::to_fraction_string(a.values[status.index]) + ", B" + position +
                       " = 0)";
        } else if (status.code == StatusCode::shape_mismatch) {
            message += " (A has " + std::to_string(a.values.size()) + " elements, B " +
                       std::to_string(b.values.size()) + ")";
        }
        throw CommandFailure(exit_precondition, message);
    }
    for (std::size_t i = 0; i < y.values.size(); ++i) {
        const std::string decimal = real::to_decimal_string(y.values[i], args.digits);
        const real::ParseResult back = real::parse_decimal(decimal);
        const bool exact = back.ok && (back.value == y.values[i]);
        std::cout << "Y[" << i << "] = " << real::to_fraction_string(y.values[i]) << (exact ? " = " : " ~ ") << decimal
                  << "\n";
    }
    return exit_success;
}

}  // namespace

Subcommand add_real_command(CLI::App& parent) {
    auto args = std::make_shared<RealArguments>();
    CLI::App* command = parent.add_subcommand(
        "real", "the real variant: exact quotients of decimals, as fractions and decimals");
    command->add_option("A", args->a, "dividend: decimals separated by commas (6.1,9.5) or a text file of them")
        ->required();
    command->add_option("B", args->b, "divisor, as A, with as many elements")->required();
    command->add_option("--digits,-d", args->digits, "digits after the point, rounded to nearest, ties to even")
        ->check(whole_number_in(0U, kMaxDigits))
        ->capture_default_str();
    // Not in the help (a nameless option group): it catches "-.5", CLI11's option "-." with the
    // value "5", whose operand would otherwise be lost and the message be "B is required".
    command->add_option_group("")
        ->add_option_function<std::string>(
            "-.", [](const std::string&) { throw CLI::ValidationError(kMinusPointHint); }, "")
        ->expected(0, 1);
    command->footer(
        "Example: sonnx-div real 6.1,9.5 3.0,3.3   prints Y[0] = 61/30 ~ 2.0333 and Y[1] = 95/33 ~ 2.8788\n"
        "'=' marks a decimal that is the exact value, '~' a rounded one.\n"
        "A negative operand that starts with '-.' reads as an option: write -0.5 for -.5, or give the operands "
        "after --: sonnx-div real -- -.5,-.25 2,2\n"
        "Exit status: 0 done; 2 usage error or malformed decimal; 3 shape mismatch (DIV-REAL-C1) or zero divisor "
        "(DIV-REAL-C2).");
    return Subcommand{command, [args]() { return run_real(*args); }};
}

}  // namespace sonnx::cli
