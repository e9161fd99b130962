/// @file
/// One check as its reports show it: how it was made, what was asked, the
/// shape of A / B, the judgement, the hints and, when the operands break a
/// precondition, the message that shows the offending element. The JSON
/// codec (report_json.hpp) and the text report (report_text.hpp) render it;
/// `sonnx-div merge` rebuilds it from shards' JSON reports.
#ifndef SONNX_CHECK_RECORD_HPP
#define SONNX_CHECK_RECORD_HPP

#include <cstdint>
#include <string>
#include <vector>

#include "sonnx/check/provenance.hpp"
#include "sonnx/check/report.hpp"
#include "sonnx/check/settings.hpp"
#include "sonnx/element_type.hpp"
#include "sonnx/tensor.hpp"

namespace sonnx::check {

/// A tensor to judge: its type, its shape and a view of its elements in the
/// API's storage (at most kMaxRank axes; the view's shape holds `dims`).
struct Tensor {
    /// The element type the tensor is judged as.
    ElementType type{ElementType::fp32};
    /// The shape; empty for a scalar.
    std::vector<std::uint64_t> dims;
    /// The elements in API storage; the view's shape holds dims.
    ConstTensorView view{};
};

/// A check as it was made and judged: what the text and JSON reports are written from.
struct CheckRecord {
    Provenance provenance;  ///< options: settings_in_force; inputs: A, B, Y
    /// The settings the check ran with.
    Settings settings;
    std::string type_read_as;           ///< the type the operands were read as on request, "" when their own
    std::vector<std::uint64_t> y_dims;  ///< the shape of A / B
    /// The judgement.
    Report report;
    std::vector<std::string> hints;     ///< report_hints (or, for a precondition, its one hint)
    std::string precondition_message;   ///< text::violation_message, when a precondition fails
};

/// Judges Y against A / B (judge.hpp) and records it: the settings in force
/// into the provenance's options, the shape, the hints and the message.
CheckRecord check_tensors(const Tensor& a, const Tensor& b, const Tensor& y, const Settings& settings,
                          Provenance provenance, const std::string& type_read_as);

/// The hints of a record's report, from its settings and the types its
/// provenance records (A's and Y's read_as).
std::vector<std::string> record_hints(const CheckRecord& record);

}  // namespace sonnx::check

#endif  // SONNX_CHECK_RECORD_HPP
