// The report of `sonnx-div check`, as text and as JSON (DIV-CLI-D6).
#ifndef SONNX_CLI_CHECK_REPORT_HPP
#define SONNX_CLI_CHECK_REPORT_HPP

#include <nlohmann/json.hpp>

#include <ostream>

#include "check_hints.hpp"
#include "provenance.hpp"
#include "sonnx/io/tensor_data.hpp"
#include "sonnx/oracle/conformance.hpp"

namespace sonnx::cli {

struct CheckInputs {
    const io::TensorData& a;
    const io::TensorData& b;
    const io::TensorData& y;
    oracle::CheckOptions options;
    std::vector<std::uint64_t> y_dims;  // the shape of A / B
    CheckHints hints;
    const Provenance& provenance;
};

void print_check_report(std::ostream& out, const CheckInputs& inputs, const oracle::ConformanceReport& report);
nlohmann::json check_report_json(const CheckInputs& inputs, const oracle::ConformanceReport& report);

}  // namespace sonnx::cli

#endif  // SONNX_CLI_CHECK_REPORT_HPP
