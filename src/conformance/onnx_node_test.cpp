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
#include <optional>
#include <stdexcept>
#include <thread>
#include <utility>

#include "sonnx/check/input_files.hpp"
#include "sonnx/check/judge.hpp"
#include "sonnx/check/provenance.hpp"
#include "sonnx/io/onnx_tensor.hpp"
#include "sonnx/io/tensor_data.hpp"
#include "sonnx/io/tensor_file.hpp"
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

// A graph input's or output's declaration (its ValueInfoProto), to which
// every data set's tensor is held.
struct Declaration {
    std::string what;      // "graph input 'A'", "graph output 'C'"
    std::string position;  // "graph input 0", "graph output 0": the file input_0.pb, output_0.pb
    std::string name;
    int elem_type{0};
    onnx::TensorShapeProto shape;
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
    int output_type{0};       // the graph output's elem_type
    std::vector<Declaration> inputs;  // the graph's inputs, in order: input_<i>.pb
    Declaration output_declaration;   // the graph's output: output_0.pb
    std::vector<std::string> attributes;  // the Div node's attribute names
};

// The SHA-256 of a data set's files as the declaration check read them:
// input_0.pb, input_1.pb and output_0.pb ("" when there is none).
struct DataSetHashes {
    std::string inputs[2];
    std::string output;
};

// "FLOAT", or the number of a data_type the headers do not name.
std::string data_type_text(int data_type) {
    if (onnx::TensorProto_DataType_IsValid(data_type) && (data_type != 0)) {
        return onnx::TensorProto_DataType_Name(data_type);
    }
    return "data_type " + std::to_string(data_type);
}

// "FLOAT [N, 3, ?]": dim_value, dim_param, or ? for a dimension with neither.
std::string declaration_text(const Declaration& declaration) {
    std::string text = data_type_text(declaration.elem_type) + " [";
    for (int k = 0; k < declaration.shape.dim_size(); ++k) {
        const onnx::TensorShapeProto_Dimension& dim = declaration.shape.dim(k);
        text += (k == 0) ? "" : ", ";
        if (dim.has_dim_value()) {
            text += std::to_string(dim.dim_value());
        } else if (dim.has_dim_param()) {
            text += dim.dim_param();
        } else {
            text += "?";
        }
    }
    return text + "]";
}

// The declaration of a graph input or output: the top-level graph's must
// have a tensor type with elem_type and shape (onnx.proto; ONNX's checker).
// [impl->req~div-onnx-d2~4]
Declaration declaration_of(const onnx::ValueInfoProto& value, const std::string& kind, int index) {
    Declaration declaration;
    declaration.name = value.name();
    declaration.what = "graph " + kind + " '" + value.name() + "'";
    declaration.position = "graph " + kind + " " + std::to_string(index);
    if (!value.has_type()) {
        throw TestError(declaration.what + " declares no type (the top-level graph's inputs and outputs must)");
    }
    if (!value.type().has_tensor_type()) {
        throw TestError(declaration.what + " is not a tensor type");
    }
    const onnx::TypeProto_Tensor& tensor = value.type().tensor_type();
    if (!tensor.has_elem_type() || (tensor.elem_type() == 0)) {
        throw TestError(declaration.what + " declares no elem_type");
    }
    if (!tensor.has_shape()) {
        throw TestError(declaration.what +
                        " declares no shape (a rank must be declared; dim_param or an empty "
                        "dimension leaves an extent open)");
    }
    declaration.elem_type = tensor.elem_type();
    declaration.shape = tensor.shape();
    return declaration;
}

// The Div version an opset selects: the newest of 1, 6, 7, 13, 14 not above it.
// [impl->req~div-onnx-d2~4]
std::uint32_t div_version(std::uint32_t opset) {
    std::uint32_t version = 1U;
    for (const std::uint32_t since : {6U, 7U, 13U, 14U}) {
        version = (opset >= since) ? since : version;
    }
    return version;
}

// The opset of the model's single ai.onnx import ("" and "ai.onnx" are one
// domain), within the profile's range (DIV-ONNX-D1).
// [impl->req~div-onnx-d2~4]
std::uint32_t model_opset(const onnx::ModelProto& model) {
    const onnx::OperatorSetIdProto* found = nullptr;
    for (const onnx::OperatorSetIdProto& import : model.opset_import()) {
        if (import.domain().empty() || (import.domain() == "ai.onnx")) {
            if (found != nullptr) {
                throw TestError("the model imports the ai.onnx domain twice: opset " +
                                std::to_string(found->version()) + " as \"" + found->domain() + "\" and opset " +
                                std::to_string(import.version()) + " as \"" + import.domain() + "\"");
            }
            found = &import;
        }
    }
    if (found == nullptr) {
        throw TestError("the model imports no ai.onnx opset");
    }
    if ((found->version() < 1) || (found->version() > static_cast<std::int64_t>(kOnnxOpsetMax))) {
        throw TestError("the model imports ai.onnx opset " + std::to_string(found->version()) +
                        "; the onnx profile knows opsets 1 to " + std::to_string(kOnnxOpsetMax) + " (DIV-ONNX-D1)");
    }
    return static_cast<std::uint32_t>(found->version());
}

// The value fields an attribute holds, by their names in AttributeProto.
std::vector<std::string> value_fields(const onnx::AttributeProto& attribute) {
    std::vector<std::string> fields;
    const std::pair<bool, const char*> present[] = {
        {attribute.has_f(), "f"},
        {attribute.has_i(), "i"},
        {attribute.has_s(), "s"},
        {attribute.has_t(), "t"},
        {attribute.has_g(), "g"},
        {attribute.has_sparse_tensor(), "sparse_tensor"},
        {attribute.has_tp(), "tp"},
        {attribute.floats_size() > 0, "floats"},
        {attribute.ints_size() > 0, "ints"},
        {attribute.strings_size() > 0, "strings"},
        {attribute.tensors_size() > 0, "tensors"},
        {attribute.graphs_size() > 0, "graphs"},
        {attribute.sparse_tensors_size() > 0, "sparse_tensors"},
        {attribute.type_protos_size() > 0, "type_protos"},
    };
    for (const auto& [is_set, name] : present) {
        if (is_set) {
            fields.emplace_back(name);
        }
    }
    return fields;
}

// The attributes of Div-1 and Div-6 (onnx-div-operator-versions.rst), with
// the types of ONNX's schemas (python3-onnx 1.12, onnx.defs.get_schema):
// Div-1 axis (INT), broadcast (INT), consumed_inputs (INTS); Div-6 axis,
// broadcast; Div-7 and later none.
struct DivAttribute {
    const char* name;
    onnx::AttributeProto_AttributeType type;
    const char* field;           // the AttributeProto field that holds a value of that type
    std::uint32_t last_version;  // the newest Div version that has it
};
constexpr DivAttribute kDivAttributes[] = {
    {"axis", onnx::AttributeProto::INT, "i", 6U},
    {"broadcast", onnx::AttributeProto::INT, "i", 6U},
    {"consumed_inputs", onnx::AttributeProto::INTS, "ints", 1U},
};

// The attribute `name` of Div-`version`; nullptr when that version has none such.
// [impl->req~div-onnx-d2~4]
const DivAttribute* div_attribute(const std::string& name, std::uint32_t version) {
    const DivAttribute* found = nullptr;
    for (const DivAttribute& attribute : kDivAttributes) {
        if ((name == attribute.name) && (version <= attribute.last_version)) {
            found = &attribute;
        }
    }
    return found;
}

// "the Div node's attribute 'x' is not one of Div-14's, which opset 14 selects (Div-14 has none)".
std::string undefined_attribute(const std::string& name, std::uint32_t opset, const std::string& which_opset) {
    const std::uint32_t version = div_version(opset);
    const std::string div = "Div-" + std::to_string(version);
    const std::string its = (version == 1U)   ? div + " has axis, broadcast and consumed_inputs"
                            : (version == 6U) ? div + " has axis and broadcast"
                                              : div + " has none";
    return "the Div node's attribute '" + name + "' is not one of " + div + "'s, which " + which_opset + " " +
           std::to_string(opset) + " selects (" + its + ")";
}

// The Div node's attributes against the version the model's opset selects:
// each defined by it (kDivAttributes), at most once, of its type (`type`
// required from IR version 2, onnx.proto), its value in that type's field
// alone, broadcast 0 or 1.
// [impl->req~div-onnx-d2~4]
void read_attributes(const onnx::NodeProto& node, std::int64_t ir_version, DivModel& div_model) {
    const std::uint32_t version = div_version(div_model.opset);
    const std::string div = "Div-" + std::to_string(version);
    std::vector<std::string> seen;
    for (const onnx::AttributeProto& attribute : node.attribute()) {
        const std::string named = "the Div node's attribute '" + attribute.name() + "'";
        if (std::find(seen.begin(), seen.end(), attribute.name()) != seen.end()) {
            throw TestError("the Div node has the attribute '" + attribute.name() + "' twice");
        }
        seen.push_back(attribute.name());
        const DivAttribute* defined = div_attribute(attribute.name(), version);
        if (defined == nullptr) {
            throw TestError(undefined_attribute(attribute.name(), div_model.opset, "opset"));
        }
        if (attribute.has_ref_attr_name()) {
            throw TestError(named + " has ref_attr_name '" + attribute.ref_attr_name() +
                            "', a reference to a function's attribute, which a model's graph may not hold");
        }
        const std::string type_name = onnx::AttributeProto_AttributeType_Name(defined->type);
        if (attribute.has_type() && (attribute.type() != onnx::AttributeProto::UNDEFINED)) {
            if (attribute.type() != defined->type) {
                throw TestError(named + " has type " + onnx::AttributeProto_AttributeType_Name(attribute.type()) +
                                "; " + div + " defines it as " + type_name);
            }
        } else if (ir_version != 1) {
            throw TestError(named +
                            " has no type (AttributeProto.type, which IR version 2 and later require; the "
                            "model's ir_version is " +
                            std::to_string(ir_version) + ")");
        } else {
            // IR version 1 had no `type`: the value field alone says what the attribute holds.
        }
        const std::vector<std::string> fields = value_fields(attribute);
        if ((fields.size() != 1U) || (fields[0] != defined->field)) {
            std::string held;
            for (const std::string& field : fields) {
                held += (held.empty() ? "" : ", ") + field;
            }
            throw TestError(named + " (type " + type_name + ") must hold its value in " + defined->field +
                            " alone; it holds: " + (held.empty() ? std::string("nothing") : held));
        }
        if (attribute.name() == "broadcast") {
            if ((attribute.i() != 0) && (attribute.i() != 1)) {
                throw TestError(named + " is " + std::to_string(attribute.i()) + "; " + div + " takes 0 or 1");
            }
            div_model.broadcast = attribute.i() != 0;
        } else if (attribute.name() == "axis") {
            div_model.has_axis = true;
            div_model.axis = attribute.i();
        } else {
            // consumed_inputs: Div-1's "legacy optimization attribute", no effect.
        }
    }
    div_model.attributes = seen;
}

// Under an override opset (the onnx profile's --opset), the Div version it
// selects must have the node's attributes too.
// [impl->req~div-onnx-d2~4]
void check_attributes_at(std::uint32_t opset, const DivModel& model) {
    for (const std::string& name : model.attributes) {
        if (div_attribute(name, div_version(opset)) == nullptr) {
            throw TestError(undefined_attribute(name, opset, "the override opset") + "; the model's opset " +
                            std::to_string(model.opset) + " has it");
        }
    }
}

// The graph is exactly one Div node, its inputs exactly the node's two
// (distinct, named) inputs, its outputs exactly the node's output; nothing
// else declares or gives a value.
// [impl->req~div-onnx-d2~4]
void check_graph(const onnx::GraphProto& graph, DivModel& div_model) {
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
    const std::string& a = node.input(0);
    const std::string& b = node.input(1);
    const std::string& c = node.output(0);
    if (a.empty() || b.empty() || c.empty()) {
        throw TestError(std::string("the Div node's ") + (a.empty() ? "input A" : (b.empty() ? "input B" : "output")) +
                        " has an empty name (an absent optional value)");
    }
    if (a == b) {
        throw TestError("the Div node reads '" + a + "' twice, as A and as B");
    }
    if ((c == a) || (c == b)) {
        throw TestError("the Div node's output '" + c + "' is also its input: a value has one definition");
    }
    if ((graph.initializer_size() > 0) || (graph.sparse_initializer_size() > 0)) {
        throw TestError("the graph has initializers; node tests give every input in test_data_set_*");
    }
    auto names = [](const google::protobuf::RepeatedPtrField<onnx::ValueInfoProto>& values) {
        std::string text;
        for (const onnx::ValueInfoProto& value : values) {
            text += (text.empty() ? "'" : ", '") + value.name() + "'";
        }
        return text;
    };
    const bool inputs_are_the_nodes = (graph.input_size() == 2) &&
                                      (((graph.input(0).name() == a) && (graph.input(1).name() == b)) ||
                                       ((graph.input(0).name() == b) && (graph.input(1).name() == a)));
    if (!inputs_are_the_nodes) {
        throw TestError("the graph has " + std::to_string(graph.input_size()) + " inputs (" + names(graph.input()) +
                        "); they must be exactly the Div node's two, '" + a + "' and '" + b + "'");
    }
    if ((graph.output_size() != 1) || (graph.output(0).name() != c)) {
        throw TestError("the graph has " + std::to_string(graph.output_size()) + " outputs (" + names(graph.output()) +
                        "); they must be exactly the Div node's output, '" + c + "'");
    }
    if (graph.value_info_size() > 0) {
        throw TestError("the graph's value_info declares " + names(graph.value_info()) +
                        "; a graph of one Div node has no value but its inputs and output, which the graph declares");
    }
    div_model.input_a = (graph.input(0).name() == a) ? 0U : 1U;
    div_model.input_b = 1U - div_model.input_a;
    div_model.output = 0U;
    div_model.inputs = {declaration_of(graph.input(0), "input", 0), declaration_of(graph.input(1), "input", 1)};
    div_model.output_declaration = declaration_of(graph.output(0), "output", 0);
    div_model.output_type = div_model.output_declaration.elem_type;
}

// [impl->req~div-onnx-d2~4]
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
    if (model.functions_size() > 0) {
        throw TestError("the model defines " + std::to_string(model.functions_size()) + " local function(s), '" +
                        model.functions(0).name() +
                        "' first; a runtime may run one in the Div node's place, and a Div node test needs none");
    }
    DivModel div_model;
    div_model.opset = model_opset(model);
    check_graph(model.graph(), div_model);
    read_attributes(model.graph().node(0), model.ir_version(), div_model);
    return div_model;
}

// One file of a data set against its declaration: its name (when it has
// one) is the graph value's, its data_type the declared elem_type, its rank
// the declared rank, and each extent the declared dim_value where there is one.
// [impl->req~div-onnx-d2~4]
// Returns the SHA-256 of the bytes it read, which the judge's read must match.
std::string check_tensor_file(const fs::path& file, const Declaration& declared, const std::string& set) {
    std::vector<std::uint8_t> bytes;
    try {
        bytes = io::read_whole_file(file.string(), io::kMaxTensorProtoBytes);
    } catch (const io::FileError& e) { throw TestError(e.what()); }
    check::Sha256 sha;
    sha.update(bytes.data(), bytes.size());
    onnx::TensorProto tensor;
    if (!tensor.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
        throw TestError(file.string() + ": not an ONNX TensorProto");
    }
    const std::string file_name = file.filename().string();
    if (!tensor.name().empty() && (tensor.name() != declared.name)) {
        throw TestError(set + ": " + file_name + " holds the tensor '" + tensor.name() + "', but " + declared.position +
                        " is '" + declared.name + "'");
    }
    bool agrees = (tensor.data_type() == declared.elem_type) && (tensor.dims_size() == declared.shape.dim_size());
    std::string held = data_type_text(tensor.data_type()) + " [";
    for (int k = 0; k < tensor.dims_size(); ++k) {
        held += ((k == 0) ? "" : ", ") + std::to_string(tensor.dims(k));
        if (agrees && declared.shape.dim(k).has_dim_value() && (declared.shape.dim(k).dim_value() != tensor.dims(k))) {
            agrees = false;
        }
    }
    if (!agrees) {
        throw TestError(set + ": " + declared.what + " is declared " + declaration_text(declared) + ", but " +
                        file_name + " holds " + held + "]");
    }
    return sha.hex();
}

// A data set's files: input_0.pb and input_1.pb, output_0.pb or no output,
// no other input_*.pb or output_*.pb (ONNX's runner reads each of those as
// a graph value); each held to its declaration.
// [impl->req~div-onnx-d2~4]
DataSetHashes check_data_set(const fs::path& directory, const DivModel& model) {
    DataSetHashes hashes;
    const std::string set = directory.filename().string();
    std::vector<std::string> names;
    for (const fs::directory_entry& entry : fs::directory_iterator(directory)) {
        names.push_back(entry.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    bool inputs_found[2] = {false, false};
    for (const std::string& name : names) {
        const bool tensor_file = (name.size() > 3U) && (name.compare(name.size() - 3U, 3U, ".pb") == 0) &&
                                 ((name.rfind("input_", 0) == 0) || (name.rfind("output_", 0) == 0));
        if (!tensor_file) {
            continue;
        }
        if ((name == "input_0.pb") || (name == "input_1.pb")) {
            const std::size_t i = (name == "input_0.pb") ? 0U : 1U;
            inputs_found[i] = true;
            hashes.inputs[i] = check_tensor_file(directory / name, model.inputs[i], set);
        } else if (name == "output_0.pb") {
            hashes.output = check_tensor_file(directory / name, model.output_declaration, set);
        } else {
            throw TestError(set + ": " + name + " is no value of the graph, which has 2 inputs (input_0.pb, " +
                            "input_1.pb) and 1 output (output_0.pb)");
        }
    }
    for (std::size_t i = 0U; i < 2U; ++i) {
        if (!inputs_found[i]) {
            throw TestError(set + ": no input_" + std::to_string(i) + ".pb (" + model.inputs[i].what + ")");
        }
    }
    return hashes;
}

// Whether a directory entry's name makes it a data set (ONNX's runner globs
// test_data_set*).
bool is_data_set_name(const std::string& name) { return name.rfind("test_data_set", 0) == 0; }

// Whether a folder is a node test: it holds a model.onnx entry (a dangling
// link included) or a data set.
// [impl->req~div-onnx-d2~4]
bool is_node_test(const fs::path& folder) {
    if (fs::exists(fs::symlink_status(folder / "model.onnx"))) {
        return true;
    }
    for (const fs::directory_entry& entry : fs::directory_iterator(folder)) {
        if (is_data_set_name(entry.path().filename().string())) {
            return true;
        }
    }
    return false;
}

// The options the judge and the reference run with for this model.
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

// The judge's settings for a data set: exact, integers' undefined elements
// refused (the operator's verdict), one worst element for the detail.
check::Settings judge_settings(const DivOptions& options) {
    check::Settings settings;
    settings.profile = options;
    settings.accept = check::AcceptanceLevel{check::Acceptance::exact, 0.0};
    settings.undefined = check::UndefinedPolicy::refuse;
    settings.worst = 1U;
    settings.threads = std::max(1U, std::min(check::kMaxThreads, std::thread::hardware_concurrency()));
    return settings;
}

bool same_status(const Status& x, const Status& y) {
    return (x.code == y.code) && (x.requirement == y.requirement) && (x.operand == y.operand) && (x.index == y.index);
}

// The reference's output for A / B, or its status: a cross-check of the
// core against the judge on every data set (they must agree, else ERROR).
Status reference_output(const io::TensorData& a, const io::TensorData& b, const DivOptions& options,
                        io::TensorData& y) {
    Shape y_shape{};
    Status status = div_output_shape(a.type, a.shape(), b.shape(), options, y_shape);
    if (status.is_ok()) {
        y.type = a.type;
        y.dims.assign(y_shape.dims.begin(), y_shape.dims.begin() + y_shape.rank);
        y.bytes.assign(static_cast<std::size_t>(io::checked_size(y.dims, y.type, "Y").bytes), 0U);
        status = div(a.view(), b.view(), y.mutable_view(), options, nullptr);
    }
    return status;
}

// The judge's verdict in words: how many elements do not conform, the worst
// one with its operands, and the candidate's error histogram (DIV-CLI-D6).
std::string failure_text(const check::Report& r, const std::vector<std::uint64_t>& y_dims) {
    const bool floating = type_class(r.type) == TypeClass::floating;
    std::string text = std::to_string(check::nonconforming(r)) + " of " + std::to_string(r.elements) +
                       " elements do not conform";
    if (!r.worst.empty()) {
        const check::ElementCheck& e = r.worst.front();
        text += "; the worst at " + text::position_text(e.index, y_dims) + " (index " + std::to_string(e.index) +
                "): A = " + text::element_value_text(r.type, e.a) + ", B = " + text::element_value_text(r.type, e.b) +
                ", candidate (output_0.pb) " + text::element_value_text(r.type, e.candidate) + ", exact answer " +
                text::element_value_text(r.type, e.expected) + ", error " +
                (floating ? check::shortest_text(e.ulps) + " ulp" : std::to_string(e.error_units));
    }
    text += floating ? "; the candidate's ulp error histogram:" : "; the candidate's error histogram:";
    for (std::size_t k = 0U; k < check::kHistogramBuckets; ++k) {
        if (r.histogram[k] > 0U) {
            text += std::string(" ") + check::histogram_bucket_name(k) + " " + std::to_string(r.histogram[k]) + ",";
        }
    }
    text += floating ? " max " + check::shortest_text(r.max_ulps) + " ulp"
                     : " max " + std::to_string(r.max_error_units);
    text += "; failed requirements:";
    for (const std::string& id : r.failed_requirements) {
        text += " " + id;
    }
    return text;
}

// A data set judged by the judge (src/check), as `sonnx-div check` judges a
// candidate: the folder's output is what a runtime gave (ONNX's layout calls
// it the expected output). Each tensor is read once, by the project's reader,
// and must be the bytes the declaration check read (their SHA-256). The core
// runs beside it: its status and output must agree with the judge's verdict.
// [impl->req~div-onnx-d2~4]
DataSetOutcome run_data_set(const fs::path& directory, const DivModel& model, const DataSetHashes& hashes,
                            const DivOptions& options, NodeTestOutcome& test) {
    DataSetOutcome outcome;
    outcome.name = directory.filename().string();
    const fs::path output = directory / "output_0.pb";
    const bool has_output = !hashes.output.empty();
    // A and B are the Div node's inputs, in whichever order the graph lists them.
    const std::string a_file = "input_" + std::to_string(model.input_a) + ".pb";
    const std::string b_file = "input_" + std::to_string(model.input_b) + ".pb";
    std::vector<std::pair<std::string, std::string>> files{{"A", (directory / a_file).string()},
                                                           {"B", (directory / b_file).string()}};
    if (has_output) {
        files.emplace_back("Y", output.string());
    }
    check::Provenance read;
    std::vector<io::TensorData> tensors;
    try {
        tensors = check::read_inputs(files, std::nullopt, read);
    } catch (const io::FileError& e) { throw TestError(e.what()); }
    const std::string* declared[] = {&hashes.inputs[model.input_a], &hashes.inputs[model.input_b], &hashes.output};
    for (std::size_t k = 0U; k < read.inputs.size(); ++k) {
        if (read.inputs[k].sha256 != *declared[k]) {
            throw TestError(outcome.name + ": " + fs::path(read.inputs[k].path).filename().string() +
                            " changed while it was read (its SHA-256 differs between two reads)");
        }
    }
    const io::TensorData& a = tensors[0];
    const io::TensorData& b = tensors[1];
    if (test.shapes.empty()) {
        test.type = a.type;
        test.shapes = text::shape_text(a.dims) + " / " + text::shape_text(b.dims);
    }
    // Without an output (a hazard set) the judge still states the operator's
    // preconditions, zero divisors included, which it looks for only in a Y
    // of the right type and shape: zeros of A / B's shape stand in for it.
    const check::Settings settings = judge_settings(options);
    io::TensorData stand_in;
    if (!has_output) {
        stand_in.type = a.type;
        stand_in.dims = check::result_dims(a.view(), b.view(), settings);
        stand_in.bytes.assign(static_cast<std::size_t>(io::checked_size(stand_in.dims, a.type, "Y").bytes), 0U);
    }
    const check::Report judged = check::judge(a.view(), b.view(), has_output ? tensors[2].view() : stand_in.view(),
                                              settings);

    io::TensorData reference;
    const Status reference_status = reference_output(a, b, options, reference);
    if (!judged.precondition.is_ok() || !reference_status.is_ok()) {
        if (!same_status(judged.precondition, reference_status)) {
            throw TestError(outcome.name + ": the reference and the judge disagree: the reference says " +
                            text::status_summary(reference_status) + ", the judge " +
                            text::status_summary(judged.precondition));
        }
        outcome.verdict = Verdict::rejected;
        outcome.status = judged.precondition;
        outcome.detail = outcome.name + ": " + text::status_summary(judged.precondition) +
                         (has_output ? "" : " (no output_0.pb: nothing to compare)");
        return outcome;
    }
    const check::Report own = check::judge(a.view(), b.view(), reference.view(), settings);
    if (!check::conforms(own)) {
        throw TestError(outcome.name + ": the reference's own output does not conform to the judge: " +
                        failure_text(own, reference.dims));
    }
    if (!has_output) {
        throw TestError(outcome.name + ": no output_0.pb, and the reference accepts the inputs: nothing to judge");
    }
    const io::TensorData& y = tensors[2];
    outcome.elements = judged.elements;
    if (!judged.candidate_mismatch.is_ok()) {
        outcome.verdict = Verdict::fail;
        outcome.mismatches = judged.elements;
        outcome.detail = outcome.name + ": the candidate (output_0.pb) is " + element_type_name(y.type) + " " +
                         text::shape_text(y.dims) + ", A / B gives " + element_type_name(reference.type) + " " +
                         text::shape_text(reference.dims);
        return outcome;
    }
    outcome.mismatches = check::nonconforming(judged);
    if (check::conforms(judged)) {
        outcome.verdict = Verdict::pass;
    } else {
        outcome.verdict = Verdict::fail;
        outcome.detail = outcome.name + ": " + failure_text(judged, reference.dims);
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

// [impl->req~div-onnx-d2~4]
std::vector<std::string> find_node_tests(const std::string& path) {
    const fs::path root(path);
    if (!fs::is_directory(root)) {
        throw std::runtime_error(path + ": not a directory");
    }
    // The folder itself, when it is a test, then its sub-folders that are
    // tests (data sets aside): a test folder holding tests, or a folder of
    // tests holding a stray data set or model, hides none of them.
    std::vector<std::string> folders;
    for (const fs::directory_entry& entry : fs::directory_iterator(root)) {
        if (entry.is_directory() && !is_data_set_name(entry.path().filename().string()) && is_node_test(entry.path())) {
            folders.push_back(entry.path().string());
        }
    }
    std::sort(folders.begin(), folders.end());
    if (is_node_test(root)) {
        folders.insert(folders.begin(), root.string());
    }
    return folders;
}

// [impl->req~div-onnx-d2~4]
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
        if ((test.options.profile == Profile::onnx) && (test.options.onnx.opset != model.opset)) {
            check_attributes_at(test.options.onnx.opset, model);
        }
        std::vector<fs::path> sets;
        for (const fs::directory_entry& entry : fs::directory_iterator(directory)) {
            const std::string entry_name = entry.path().filename().string();
            if (is_data_set_name(entry_name)) {
                if (!entry.is_directory()) {
                    throw TestError(entry_name + " is not a folder (every test_data_set* entry is a data set)");
                }
                sets.push_back(entry.path());
            }
        }
        std::sort(sets.begin(), sets.end());
        if (sets.empty()) {
            throw TestError("no test_data_set_* folder");
        }
        test.verdict = Verdict::pass;
        for (const fs::path& set : sets) {
            const DataSetHashes hashes = check_data_set(set, model);
            DataSetOutcome outcome = run_data_set(set, model, hashes, test.options, test);
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

// [impl->req~div-onnx-d2~4]
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
            out << "ERROR " << path << ": no node test in it (a folder holding model.onnx or test_data_set_*)\n";
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
