/// @file
/// Runs ONNX backend node test folders against the reference: `model.onnx`
/// (a graph of one Div node) and `test_data_set_*/input_*.pb`, `output_*.pb`.
///
/// The model is read with Debian's libonnx (protobuf); the opset and, for
/// opsets 1 to 6, the `broadcast` and `axis` attributes come from the model.
/// Each data set's output, the candidate, is judged by sonnx::check::judge
/// under the settings' profile (onnx by default) at the exact level: floats
/// correctly rounded (a quiet NaN where a NaN is due), integers equal; the
/// reference (sonnx::div) runs beside it and must agree with the judge.
///
///   sonnx::conformance::NodeTestSettings settings{};  // onnx profile
///   const std::size_t failed = sonnx::conformance::run_node_tests({"node/"}, settings, std::cout);
#ifndef SONNX_CONFORMANCE_ONNX_NODE_TEST_HPP
#define SONNX_CONFORMANCE_ONNX_NODE_TEST_HPP

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "sonnx/div.hpp"

namespace sonnx::conformance {

/// pass: every data set's output conforms; fail: an output is of another
/// type or shape, or an element does not conform; rejected: the operator's
/// precondition fails for the inputs (a data set without output_*.pb, such
/// as the runtime harness's hazard sets, is rejected with that status); error:
/// the folder could not be read, is not a single-Div test, is not what its
/// model declares (a graph input's or output's type or shape against the
/// data, the data set's files, an attribute its Div version lacks, an opset
/// outside 1 to kOnnxOpsetMax: DIV-ONNX-D2), a data set the operator
/// accepts has no output to compare, or the reference and the judge disagree.
enum class Verdict : std::uint8_t { pass = 0U, fail = 1U, rejected = 2U, error = 3U };

/// "PASS", "FAIL", "REJECTED", "ERROR".
[[nodiscard]] const char* verdict_name(Verdict verdict) noexcept;

/// How the reference runs a node test.
struct NodeTestSettings {
    /// The profile and its attributes. Under the onnx profile, `onnx.opset`,
    /// `onnx.broadcast`, `onnx.has_axis` and `onnx.axis` are replaced by the
    /// model's (its ai.onnx opset import and the Div node's attributes).
    DivOptions options = onnx_profile();
    /// Non-zero: run under this opset instead of the model's (onnx profile).
    std::uint32_t opset_override{0U};

    /// The onnx profile with its defaults.
    [[nodiscard]] static DivOptions onnx_profile() noexcept {
        DivOptions options{};
        options.profile = Profile::onnx;
        return options;
    }
};

/// The outcome of one data set of a node test.
struct DataSetOutcome {
    std::string name;  ///< "test_data_set_0"
    /// PASS, FAIL, REJECTED or ERROR.
    Verdict verdict{Verdict::error};
    Status status{};              ///< rejected: the reference's status
    std::uint64_t elements{0U};   ///< elements compared
    /// Elements that differ from the expected output.
    std::uint64_t mismatches{0U};
    std::string detail;           ///< for anything but pass: why
};

/// The outcome of one node-test folder.
struct NodeTestOutcome {
    std::string name;  ///< the folder's name, e.g. "test_div_bcast"
    /// The folder's path.
    std::string folder;
    Verdict verdict{Verdict::error};  ///< error > rejected > fail > pass over the data sets
    std::uint32_t model_opset{0U};    ///< the model's ai.onnx opset (0 if unread)
    DivOptions options{};             ///< the options the reference ran with
    /// The element type of the model's inputs.
    ElementType type{ElementType::fp32};
    std::string shapes;               ///< "[3, 4, 5] / [5]" of the first data set
    std::string detail;               ///< the first non-passing data set's detail, or the folder's error
    /// Each data set's outcome, in name order.
    std::vector<DataSetOutcome> data_sets;
};

/// The test folders under `path`: `path` itself when it is a test (it holds
/// a model.onnx entry, even a dangling link, or an entry named
/// test_data_set*), then its sub-folders that are tests (data sets aside),
/// sorted by name; a test without a readable model is run, and is an ERROR.
/// Throws std::runtime_error when `path` is not a directory.
[[nodiscard]] std::vector<std::string> find_node_tests(const std::string& path);

/// Runs one test folder. Never throws: problems with the folder are an
/// `error` verdict with the reason in `detail`.
[[nodiscard]] NodeTestOutcome run_node_test(const std::string& folder, const NodeTestSettings& settings);

/// One line: "<VERDICT> <name> (opset N, <type> <shapes>, ...): <detail>",
/// for example "REJECTED test_div_bcast (opset 14, FP32 [3, 4, 5] / [5]):
/// shape_mismatch DIV-FLOAT-C1 operand B index 0".
[[nodiscard]] std::string outcome_line(const NodeTestOutcome& outcome);

/// Finds the tests under every path, runs them, writes one outcome_line per
/// test and a summary line to `out`; returns the number of tests that did
/// not pass (a path that is not a directory counts as one, with an ERROR line).
std::size_t run_node_tests(const std::vector<std::string>& paths, const NodeTestSettings& settings, std::ostream& out);

}  // namespace sonnx::conformance

#endif  // SONNX_CONFORMANCE_ONNX_NODE_TEST_HPP
