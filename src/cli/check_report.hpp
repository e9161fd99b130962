// The report of `sonnx-div check`, as text and as JSON (DIV-CLI-D6); the
// Python module's check returns the same JSON.
#ifndef SONNX_CLI_CHECK_REPORT_HPP
#define SONNX_CLI_CHECK_REPORT_HPP

#include <nlohmann/json.hpp>

#include <cstdint>
#include <ostream>
#include <vector>

#include "check_hints.hpp"
#include "provenance.hpp"
#include "sonnx/io/tensor_data.hpp"
#include "sonnx/oracle/conformance.hpp"
#include "sonnx/tensor.hpp"

namespace sonnx::cli {

// A tensor of a check as its report shows it: its type, its shape and a
// view of its elements in the API's storage (at most kMaxRank axes).
struct CheckOperand {
    ElementType type{ElementType::fp32};
    std::vector<std::uint64_t> dims;
    ConstTensorView view{};
};

// A tensor read from a file, viewed (no copy): it must outlive the operand.
CheckOperand check_operand(const io::TensorData& tensor);

struct CheckInputs {
    const CheckOperand& a;
    const CheckOperand& b;
    const CheckOperand& y;
    oracle::CheckOptions options;
    std::vector<std::uint64_t> y_dims;  // the shape of A / B
    CheckHints hints;
    const Provenance& provenance;
};

void print_check_report(std::ostream& out, const CheckInputs& inputs, const oracle::ConformanceReport& report);
nlohmann::json check_report_json(const CheckInputs& inputs, const oracle::ConformanceReport& report);

}  // namespace sonnx::cli

#endif  // SONNX_CLI_CHECK_REPORT_HPP
