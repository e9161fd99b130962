// ONNX backend node tests of Div against the reference (see the header).
// The model is a protobuf ModelProto read with libonnx; tensors are read by
// src/io (TensorProto .pb files).
#include "sonnx/conformance/onnx_node_test.hpp"

#include <onnx/onnx_pb.h>  // defines ONNX_API, then includes onnx-ml.pb.h

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <limits>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "sonnx/io/onnx_tensor.hpp"
#include "sonnx/io/tensor_data.hpp"
#include "sonnx/io/tensor_file.hpp"
#include "sonnx/check/judge.hpp"
#include "sonnx/text/element_text.hpp"
#include "sonnx/text/shape_text.hpp"
#include "sonnx/text/status_text.hpp"

namespace sonnx::conformance {

namespace {

namespace fs = std::filesystem;

// A folder problem: becomes an ERROR verdict with this text.
class TestError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// What the model says about the Div node.
struct DivModel {
    std::uint32_t opset{0U};
    bool broadcast{false};
    bool has_axis{false};
    std::int64_t axis{0};
    std::size_t input_a{0U};  // indices of the node's inputs and output among the graph's
    std::size_t input_b{0U};
    std::size_t output{0U};
    int output_type{0};       // the graph output's elem_type (0: not given)
};

std::size_t graph_index(const google::protobuf::RepeatedPtrField<onnx::ValueInfoProto>& values, const std::string& name,
                        const char* what) {
    for (int i = 0; i < values.size(); ++i) {
        if (values.Get(i).name() == name) {
            return static_cast<std::size_t>(i);
        }
    }
    throw TestError(std::string("the Div node's ") + what + " '" + name + "' is not a graph " +
                    (std::strcmp(what, "output") == 0 ? "output" : "input"));
}

// [impl->req~div-onnx-d2~2]
DivModel read_model(const fs::path& folder) {
    const fs::path path = folder / "model.onnx";
    std::vector<std::uint8_t> bytes;
    try {
        bytes = io::read_whole_file(path.string());
    } catch (const io::FileError& e) { throw TestError(e.what()); }
    onnx::ModelProto model;
    if (bytes.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()) ||
        !model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
        throw TestError(path.string() + ": not an ONNX ModelProto");
    }
    DivModel div_model;
    bool opset_found = false;
    for (const onnx::OperatorSetIdProto& import : model.opset_import()) {
        if (import.domain().empty() || (import.domain() == "ai.onnx")) {
            if ((import.version() < 1) ||
                (import.version() > static_cast<std::int64_t>(std::numeric_limits<std::uint32_t>::max()))) {
                throw TestError("ai.onnx opset import " + std::to_string(import.version()) + " is not an opset");
            }
            div_model.opset = static_cast<std::uint32_t>(import.version());
            opset_found = true;
        }
    }
    if (!opset_found) {
        throw TestError("the model imports no ai.onnx opset");
    }
    const onnx::GraphProto& graph = model.graph();
    if (graph.node_size() != 1) {
        throw TestError("the graph holds " + std::to_string(graph.node_size()) + " nodes, not a single Div node");
    }
    const onnx::NodeProto& node = graph.node(0);
    if ((node.op_type() != "Div") || !(node.domain().empty() || (node.domain() == "ai.onnx"))) {
        throw TestError("the node is '" + node.domain() + (node.domain().empty() ? "" : ".") + node.op_type() +
                        "', not Div");
    }
    if ((node.input_size() != 2) || (node.output_size() != 1)) {
        throw TestError("the Div node has " + std::to_string(node.input_size()) + " inputs and " +
                        std::to_string(node.output_size()) + " outputs, not 2 and 1");
    }
    for (const onnx::AttributeProto& attribute : node.attribute()) {
        if (attribute.name() == "broadcast") {
            div_model.broadcast = attribute.i() != 0;
        } else if (attribute.name() == "axis") {
            div_model.has_axis = true;
            div_model.axis = attribute.i();
        } else if (attribute.name() != "consumed_inputs") {  // Div-1's legacy optimisation attribute
            throw TestError("the Div node has an attribute '" + attribute.name() + "' that no Div version defines");
        }
    }
    if (graph.initializer_size() > 0) {
        throw TestError("the graph has initializers; node tests give every input in test_data_set_*");
    }
    div_model.input_a = graph_index(graph.input(), node.input(0), "input A");
    div_model.input_b = graph_index(graph.input(), node.input(1), "input B");
    div_model.output = graph_index(graph.output(), node.output(0), "output");
    const onnx::TypeProto& output_type = graph.output(static_cast<int>(div_model.output)).type();
    if (output_type.has_tensor_type()) {
        div_model.output_type = output_type.tensor_type().elem_type();
    }
    return div_model;
}

io::TensorData read_tensor(const fs::path& path) {
    try {
        return io::read_tensor_file(path.string());
    } catch (const io::FileError& e) { throw TestError(e.what()); }
}

// True for a NaN encoding of a float type.
// [impl->req~div-onnx-d2~2]
bool is_nan(ElementType type, const std::uint8_t* element) {
    std::uint64_t bits = 0U;
    std::memcpy(&bits, element, element_size(type));  // little-endian host (x86-64)
    switch (type) {
        case ElementType::fp16:
            return ((bits & 0x7C00U) == 0x7C00U) && ((bits & 0x03FFU) != 0U);
        case ElementType::bf16:
            return ((bits & 0x7F80U) == 0x7F80U) && ((bits & 0x007FU) != 0U);
        case ElementType::fp32:
            return ((bits & 0x7F800000U) == 0x7F800000U) && ((bits & 0x007FFFFFU) != 0U);
        case ElementType::fp64:
            return ((bits & 0x7FF0000000000000ULL) == 0x7FF0000000000000ULL) && ((bits & 0x000FFFFFFFFFFFFFULL) != 0U);
        default:
            return false;
    }
}

// The options the reference runs with for this model.
DivOptions options_for(const DivModel& model, const NodeTestSettings& settings) {
    DivOptions options = settings.options;
    if (options.profile == Profile::onnx) {
        options.onnx.opset = (settings.opset_override != 0U) ? settings.opset_override : model.opset;
        options.onnx.broadcast = model.broadcast;
        options.onnx.has_axis = model.has_axis;
        options.onnx.axis = model.axis;
    }
    return options;
}

// The folder's output judged as check judges a candidate: its error against
// the exact quotient, element by element (DIV-CLI-D6's histogram).
// [impl->req~div-onnx-d2~2]
std::string candidate_errors(const io::TensorData& a, const io::TensorData& b, const io::TensorData& candidate,
                             const DivOptions& options) {
    check::Settings settings;
    settings.profile = options;
    settings.worst = 0U;
    const check::Report r = check::judge(a.view(), b.view(), candidate.view(), settings);
    if (!r.precondition.is_ok() || !r.candidate_mismatch.is_ok()) {
        return "";
    }
    const bool floating = type_class(a.type) == TypeClass::floating;
    std::string text = floating ? "; the candidate's ulp error histogram:" : "; the candidate's error histogram:";
    for (std::size_t k = 0U; k < check::kHistogramBuckets; ++k) {
        if (r.histogram[k] > 0U) {
            text += std::string(" ") + check::histogram_bucket_name(k) + " " + std::to_string(r.histogram[k]) + ",";
        }
    }
    text += floating ? " max " + check::shortest_text(r.max_ulps) + " ulp"
                     : " max " + std::to_string(r.max_error_units);
    return text;
}

// [impl->req~div-onnx-d2~2]
DataSetOutcome run_data_set(const fs::path& directory, const DivModel& model, const DivOptions& options,
                            NodeTestOutcome& test) {
    DataSetOutcome outcome;
    outcome.name = directory.filename().string();
    const io::TensorData a = read_tensor(directory / ("input_" + std::to_string(model.input_a) + ".pb"));
    const io::TensorData b = read_tensor(directory / ("input_" + std::to_string(model.input_b) + ".pb"));
    if (test.shapes.empty()) {
        test.type = a.type;
        test.shapes = text::shape_text(a.dims) + " / " + text::shape_text(b.dims);
    }

    // The reference first: Y's shape from the profile's rule, then the
    // division. When it refuses the inputs, that is the verdict, with or
    // without a candidate output (a hazard set has none).
    const fs::path output = directory / ("output_" + std::to_string(model.output) + ".pb");
    Shape y_shape{};
    Status status = div_output_shape(a.type, a.shape(), b.shape(), options, y_shape);
    io::TensorData y;
    if (status.is_ok()) {
        y.type = a.type;
        y.dims.assign(y_shape.dims.begin(), y_shape.dims.begin() + y_shape.rank);
        y.bytes.assign(static_cast<std::size_t>(io::checked_size(y.dims, y.type, "Y").bytes), 0U);
        status = div(a.view(), b.view(), y.mutable_view(), options, nullptr);
    }
    if (!status.is_ok()) {
        outcome.verdict = Verdict::rejected;
        outcome.status = status;
        outcome.detail = outcome.name + ": " + text::status_summary(status) +
                         (fs::exists(output) ? "" : " (no " + output.filename().string() + ": nothing to compare)");
        return outcome;
    }

    const io::TensorData expected = read_tensor(output);
    if (model.output_type != 0 && model.output_type != io::onnx_data_type(expected.type)) {
        throw TestError(outcome.name + ": output_" + std::to_string(model.output) + ".pb's data_type " +
                        std::to_string(io::onnx_data_type(expected.type)) + " differs from the graph output's " +
                        std::to_string(model.output_type));
    }

    if ((expected.type != y.type) || (expected.dims != y.dims)) {
        outcome.verdict = Verdict::fail;
        outcome.detail = outcome.name + ": the candidate (output_" + std::to_string(model.output) + ".pb) is " +
                         element_type_name(expected.type) + " " + text::shape_text(expected.dims) +
                         ", the reference gives " + element_type_name(y.type) + " " + text::shape_text(y.dims);
        return outcome;
    }
    const std::size_t size = element_size(y.type);
    const std::uint64_t count = y.element_count();
    const bool floating = type_class(y.type) == TypeClass::floating;
    std::uint64_t first = 0U;
    for (std::uint64_t i = 0U; i < count; ++i) {
        const std::uint8_t* got = &y.bytes[i * size];
        const std::uint8_t* want = &expected.bytes[i * size];
        const bool same = (std::memcmp(got, want, size) == 0) ||
                          (floating && is_nan(y.type, got) && is_nan(y.type, want));
        if (!same) {
            if (outcome.mismatches == 0U) {
                first = i;
            }
            ++outcome.mismatches;
        }
    }
    outcome.elements = count;
    if (outcome.mismatches == 0U) {
        outcome.verdict = Verdict::pass;
    } else {
        outcome.verdict = Verdict::fail;
        // The folder's output is the candidate: ONNX's layout calls it the
        // expected output, but here it is what a runtime gave (DIV-ONNX-D2).
        outcome.detail = outcome.name + ": " + std::to_string(outcome.mismatches) + " of " + std::to_string(count) +
                         " elements differ, first at " + std::to_string(first) + ": reference " +
                         text::element_text(y.type, text::element_word(y.type, &y.bytes[first * size])) +
                         ", candidate (output_" + std::to_string(model.output) + ".pb) " +
                         text::element_text(y.type, text::element_word(y.type, &expected.bytes[first * size])) +
                         candidate_errors(a, b, expected, options);
    }
    return outcome;
}

int severity(Verdict verdict) {
    switch (verdict) {
        case Verdict::pass:
            return 0;
        case Verdict::fail:
            return 1;
        case Verdict::rejected:
            return 2;
        default:
            return 3;
    }
}

}  // namespace

const char* verdict_name(Verdict verdict) noexcept {
    switch (verdict) {
        case Verdict::pass:
            return "PASS";
        case Verdict::fail:
            return "FAIL";
        case Verdict::rejected:
            return "REJECTED";
        case Verdict::error:
            return "ERROR";
        default:
            return "UNKNOWN";
    }
}

std::vector<std::string> find_node_tests(const std::string& path) {
    const fs::path root(path);
    if (!fs::is_directory(root)) {
        throw std::runtime_error(path + ": not a directory");
    }
    if (fs::exists(root / "model.onnx")) {
        return {root.string()};
    }
    std::vector<std::string> folders;
    for (const fs::directory_entry& entry : fs::directory_iterator(root)) {
        if (entry.is_directory() && fs::exists(entry.path() / "model.onnx")) {
            folders.push_back(entry.path().string());
        }
    }
    std::sort(folders.begin(), folders.end());
    return folders;
}

NodeTestOutcome run_node_test(const std::string& folder, const NodeTestSettings& settings) {
    NodeTestOutcome test;
    const fs::path directory(folder);
    test.folder = folder;
    test.name = directory.filename().empty() ? directory.parent_path().filename().string()
                                             : directory.filename().string();
    test.options = settings.options;
    try {
        const DivModel model = read_model(directory);
        test.model_opset = model.opset;
        test.options = options_for(model, settings);
        std::vector<fs::path> sets;
        for (const fs::directory_entry& entry : fs::directory_iterator(directory)) {
            if (entry.is_directory() && (entry.path().filename().string().rfind("test_data_set_", 0) == 0)) {
                sets.push_back(entry.path());
            }
        }
        std::sort(sets.begin(), sets.end());
        if (sets.empty()) {
            throw TestError("no test_data_set_* folder");
        }
        test.verdict = Verdict::pass;
        for (const fs::path& set : sets) {
            DataSetOutcome outcome = run_data_set(set, model, test.options, test);
            if (severity(outcome.verdict) > severity(test.verdict)) {
                test.verdict = outcome.verdict;
                test.detail = outcome.detail;
            }
            test.data_sets.push_back(std::move(outcome));
        }
    } catch (const std::exception& e) {  // TestError, filesystem_error, bad_alloc: the folder's error
        test.verdict = Verdict::error;
        test.detail = e.what();
    }
    return test;
}

std::string outcome_line(const NodeTestOutcome& outcome) {
    std::ostringstream line;
    line << verdict_name(outcome.verdict) << ' ' << outcome.name << " (";
    if (outcome.model_opset != 0U) {
        line << "opset " << outcome.model_opset;
        if (outcome.options.profile == Profile::onnx && outcome.options.onnx.opset != outcome.model_opset) {
            line << ", run as opset " << outcome.options.onnx.opset;
        }
        line << ", ";
    }
    switch (outcome.options.profile) {
        case Profile::onnx:
            line << "onnx";
            break;
        case Profile::openvino:
            line << "openvino pythondiv=" << (outcome.options.openvino.pythondiv ? "true" : "false")
                 << " auto_broadcast="
                 << (outcome.options.openvino.auto_broadcast == AutoBroadcast::none ? "none" : "numpy");
            break;
        default:
            line << "sonnx " << (outcome.options.int_rounding == IntRounding::floor ? "floor" : "toward_zero");
            break;
    }
    if (!outcome.shapes.empty()) {
        line << ", " << element_type_name(outcome.type) << ' ' << outcome.shapes;
    }
    line << ", " << outcome.data_sets.size() << (outcome.data_sets.size() == 1U ? " data set)" : " data sets)");
    if (!outcome.detail.empty()) {
        line << ": " << outcome.detail;
    }
    return line.str();
}

std::size_t run_node_tests(const std::vector<std::string>& paths, const NodeTestSettings& settings, std::ostream& out) {
    std::size_t total = 0U;
    std::size_t passed = 0U;
    for (const std::string& path : paths) {
        std::vector<std::string> folders;
        try {
            folders = find_node_tests(path);
        } catch (const std::exception& e) {
            out << "ERROR " << path << ": " << e.what() << '\n';
            ++total;
            continue;
        }
        if (folders.empty()) {
            out << "ERROR " << path << ": no folder with a model.onnx\n";
            ++total;
            continue;
        }
        for (const std::string& folder : folders) {
            const NodeTestOutcome outcome = run_node_test(folder, settings);
            out << outcome_line(outcome) << '\n';
            ++total;
            passed += (outcome.verdict == Verdict::pass) ? 1U : 0U;
        }
    }
    out << passed << " of " << total << " ONNX node tests passed\n";
    return total - passed;
}

}  // namespace sonnx::conformance
