// The conformance runner itself: it passes the committed cases, and fails,
// rejects or errs where it must (a flipped bit, a signed zero, a model that
// is not one Div node, a missing data set); any NaN matches any NaN; the
// opset and legacy attributes come from the model.
#include <gtest/gtest.h>

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "sonnx/conformance/onnx_node_test.hpp"

namespace sonnx::conformance {
namespace {

namespace fs = std::filesystem;

const fs::path kOwnCases = SONNX_OWN_CASES;
const fs::path kScratch = SONNX_CONFORMANCE_SCRATCH;

// A fresh copy of a committed case, to tamper with.
fs::path copy_case(const std::string& name, const std::string& as) {
    const fs::path target = kScratch / as;
    fs::remove_all(target);
    fs::create_directories(kScratch);
    fs::copy(kOwnCases / name, target, fs::copy_options::recursive);
    return target;
}

template <typename Message>
Message load(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    Message message;
    EXPECT_TRUE(message.ParseFromString(bytes)) << path;
    return message;
}

template <typename Message>
void save(const fs::path& path, const Message& message) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << message.SerializeAsString();
}

// Element i of a FP64 raw_data tensor file, as bits.
std::uint64_t fp64_bits(const onnx::TensorProto& tensor, std::size_t i) {
    std::uint64_t bits = 0U;
    std::memcpy(&bits, tensor.raw_data().data() + 8U * i, 8U);
    return bits;
}

void set_fp64_bits(onnx::TensorProto& tensor, std::size_t i, std::uint64_t bits) {
    std::string raw = tensor.raw_data();
    std::memcpy(&raw[8U * i], &bits, 8U);
    tensor.set_raw_data(raw);
}

// The first element of the expected FP64 output satisfying `pick`.
template <typename Pick>
std::size_t find_element(const onnx::TensorProto& tensor, Pick pick) {
    for (std::size_t i = 0U; 8U * i < tensor.raw_data().size(); ++i) {
        if (pick(fp64_bits(tensor, i))) {
            return i;
        }
    }
    ADD_FAILURE() << "no such element";
    return 0U;
}

bool is_nan(std::uint64_t bits) {
    return ((bits & 0x7FF0000000000000ULL) == 0x7FF0000000000000ULL) && ((bits & 0x000FFFFFFFFFFFFFULL) != 0U);
}

// [utest->req~div-onnx-d2~4]
TEST(OnnxNodeTest, CommittedCasesPassAndFindTheirFolders) {
    RecordProperty("requirements", "DIV-ONNX-D2");
    const std::vector<std::string> folders = find_node_tests(kOwnCases.string());
    ASSERT_EQ(folders.size(), 10U);
    EXPECT_TRUE(std::is_sorted(folders.begin(), folders.end()));
    EXPECT_EQ(find_node_tests((kOwnCases / "own_div_fp64").string()),
              std::vector<std::string>{(kOwnCases / "own_div_fp64").string()});
    EXPECT_THROW(static_cast<void>(find_node_tests((kOwnCases / "no_such_folder").string())), std::runtime_error);
    std::ostringstream out;
    EXPECT_EQ(run_node_tests({kOwnCases.string()}, NodeTestSettings{}, out), 0U);
    EXPECT_NE(out.str().find("10 of 10 ONNX node tests passed"), std::string::npos) << out.str();
    const NodeTestOutcome fp64 = run_node_test((kOwnCases / "own_div_fp64").string(), NodeTestSettings{});
    EXPECT_EQ(fp64.verdict, Verdict::pass) << fp64.detail;
    EXPECT_EQ(fp64.model_opset, 7U);
    ASSERT_EQ(fp64.data_sets.size(), 1U);
    EXPECT_EQ(fp64.data_sets[0].elements, 64U);
    EXPECT_EQ(outcome_line(fp64), "PASS own_div_fp64 (opset 7, onnx, FP64 [64] / [64], 1 data set)");
}

// A changed output is the candidate's, and is judged as check judges it
// (issue #14 item 9): a last bit flipped in a correctly rounded quotient
// puts it between half an ulp and one and a half ulps from the exact one,
// above every other element's error (at most half an ulp); a zero of the
// wrong sign has no finite error (the histogram's special bucket).
// [utest->req~div-onnx-d2~4]
TEST(OnnxNodeTest, OutputsAreJudgedAndAnyQuietNanMatches) {
    RecordProperty("requirements", "DIV-ONNX-D2");
    const fs::path folder = copy_case("own_div_fp64", "flipped_bit");
    const fs::path output = folder / "test_data_set_0" / "output_0.pb";
    onnx::TensorProto expected = load<onnx::TensorProto>(output);
    const std::size_t finite = find_element(expected, [](std::uint64_t b) {
        return (b & 0x7FF0000000000000ULL) != 0x7FF0000000000000ULL && (b << 1U) != 0U;
    });
    set_fp64_bits(expected, finite, fp64_bits(expected, finite) ^ 1U);
    save(output, expected);
    NodeTestOutcome outcome = run_node_test(folder.string(), NodeTestSettings{});
    EXPECT_EQ(outcome.verdict, Verdict::fail);
    ASSERT_EQ(outcome.data_sets.size(), 1U);
    EXPECT_EQ(outcome.data_sets[0].mismatches, 1U);
    EXPECT_NE(outcome.detail.find("1 of 64 elements do not conform; the worst at [" + std::to_string(finite) +
                                  "] (index " + std::to_string(finite) + "): A = 0x"),
              std::string::npos)
        << outcome.detail;
    EXPECT_NE(outcome.detail.find(", candidate (output_0.pb) 0x"), std::string::npos) << outcome.detail;
    EXPECT_NE(outcome.detail.find(", exact answer 0x"), std::string::npos) << outcome.detail;
    EXPECT_EQ(outcome.detail.find("expected"), std::string::npos) << outcome.detail;
    EXPECT_NE(outcome.detail.find("failed requirements: DIV-FLOAT-ACC1 DIV-FLOAT-F1"), std::string::npos)
        << outcome.detail;
    const std::size_t histogram = outcome.detail.find("; the candidate's ulp error histogram: ");
    ASSERT_NE(histogram, std::string::npos) << outcome.detail;
    const std::size_t max = outcome.detail.find(" max ", histogram);
    ASSERT_NE(max, std::string::npos) << outcome.detail;
    const double max_ulps = std::stod(outcome.detail.substr(max + 5U));
    EXPECT_GE(max_ulps, 0.5) << outcome.detail;
    EXPECT_LE(max_ulps, 1.5) << outcome.detail;

    // +0 expected where the reference gives -0 (or the reverse): a mismatch.
    const fs::path zero_folder = copy_case("own_div_fp64", "signed_zero");
    const fs::path zero_output = zero_folder / "test_data_set_0" / "output_0.pb";
    onnx::TensorProto zeros = load<onnx::TensorProto>(zero_output);
    const std::size_t zero = find_element(zeros, [](std::uint64_t b) { return (b << 1U) == 0U; });
    set_fp64_bits(zeros, zero, fp64_bits(zeros, zero) ^ 0x8000000000000000ULL);
    save(zero_output, zeros);
    outcome = run_node_test(zero_folder.string(), NodeTestSettings{});
    EXPECT_EQ(outcome.verdict, Verdict::fail);
    EXPECT_EQ(outcome.data_sets[0].mismatches, 1U);
    EXPECT_NE(outcome.detail.find(" special 1, max inf ulp"), std::string::npos) << outcome.detail;

    // Every expected NaN replaced by another quiet NaN (negative, with a payload): still a pass.
    const fs::path nan_folder = copy_case("own_div_fp64", "other_nan");
    const fs::path nan_output = nan_folder / "test_data_set_0" / "output_0.pb";
    onnx::TensorProto nans = load<onnx::TensorProto>(nan_output);
    int replaced = 0;
    for (std::size_t i = 0U; 8U * i < nans.raw_data().size(); ++i) {
        if (is_nan(fp64_bits(nans, i))) {
            set_fp64_bits(nans, i, 0xFFF8000000000001ULL);
            ++replaced;
        }
    }
    EXPECT_GE(replaced, 3);  // 0/0, inf/inf, NaN operands
    save(nan_output, nans);
    outcome = run_node_test(nan_folder.string(), NodeTestSettings{});
    EXPECT_EQ(outcome.verdict, Verdict::pass) << outcome.detail;
    // ... but a signalling NaN (quiet bit 0x0008000000000000 clear) where a NaN is due is not
    // (issue #33, item 2: a PASS before; DIV-FLOAT-D3), at any NaN element:
    for (std::size_t i = 0U; 8U * i < nans.raw_data().size(); ++i) {
        if (is_nan(fp64_bits(nans, i))) {
            onnx::TensorProto signalling = nans;
            set_fp64_bits(signalling, i, 0xFFF0000000000001ULL);
            save(nan_output, signalling);
            outcome = run_node_test(nan_folder.string(), NodeTestSettings{});
            EXPECT_EQ(outcome.verdict, Verdict::fail) << i;
            EXPECT_NE(outcome.detail.find("DIV-FLOAT-D3"), std::string::npos) << outcome.detail;
        }
    }
    // ... nor is a NaN where a number is expected.
    const std::size_t number = find_element(nans, [](std::uint64_t b) { return !is_nan(b); });
    set_fp64_bits(nans, number, 0x7FF8000000000000ULL);
    save(nan_output, nans);
    EXPECT_EQ(run_node_test(nan_folder.string(), NodeTestSettings{}).verdict, Verdict::fail);
}

// [utest->req~div-onnx-d2~4]
TEST(OnnxNodeTest, FoldersThatAreNotOneDivNodeAreErrors) {
    RecordProperty("requirements", "DIV-ONNX-D2");
    const fs::path folder = copy_case("own_div_int32_signs", "not_div");
    onnx::ModelProto model = load<onnx::ModelProto>(folder / "model.onnx");
    model.mutable_graph()->mutable_node(0)->set_op_type("Mul");
    save(folder / "model.onnx", model);
    NodeTestOutcome outcome = run_node_test(folder.string(), NodeTestSettings{});
    EXPECT_EQ(outcome.verdict, Verdict::error);
    EXPECT_NE(outcome.detail.find("not Div"), std::string::npos) << outcome.detail;

    model.mutable_graph()->mutable_node(0)->set_op_type("Div");
    *model.mutable_graph()->add_node() = model.graph().node(0);
    save(folder / "model.onnx", model);
    outcome = run_node_test(folder.string(), NodeTestSettings{});
    EXPECT_EQ(outcome.verdict, Verdict::error);
    EXPECT_NE(outcome.detail.find("2 nodes"), std::string::npos) << outcome.detail;

    const fs::path no_data = copy_case("own_div_int32_signs", "no_data");
    fs::remove_all(no_data / "test_data_set_0");
    outcome = run_node_test(no_data.string(), NodeTestSettings{});
    EXPECT_EQ(outcome.verdict, Verdict::error);
    EXPECT_NE(outcome.detail.find("no test_data_set_"), std::string::npos) << outcome.detail;

    const fs::path garbage = copy_case("own_div_int32_signs", "garbage");
    std::ofstream(garbage / "model.onnx", std::ios::binary | std::ios::trunc) << "not a model";
    EXPECT_EQ(run_node_test(garbage.string(), NodeTestSettings{}).verdict, Verdict::error);
    std::ostringstream out;
    EXPECT_EQ(run_node_tests({garbage.string(), (kOwnCases / "own_div_fp16").string()}, NodeTestSettings{}, out), 1U);
    EXPECT_NE(out.str().find("ERROR garbage"), std::string::npos) << out.str();
}

// A data set with no output (the runtime harness's hazard sets: a zero
// divisor, MIN / -1) is judged by the reference alone: REJECTED with the
// reference's status when it refuses the inputs, an ERROR (nothing to
// compare) when it accepts them.
// [utest->req~div-onnx-d2~4]
TEST(OnnxNodeTest, ADataSetWithoutOutputIsRejectedWithTheReferenceStatus) {
    RecordProperty("requirements", "DIV-ONNX-D2");
    const fs::path hazard = copy_case("own_div_int32_signs", "hazard_zero_divisor");
    onnx::TensorProto divisors = load<onnx::TensorProto>(hazard / "test_data_set_0" / "input_1.pb");
    std::string raw = divisors.raw_data();
    std::memset(&raw[4U * 5U], 0, 4U);  // element 5 of B: 3 -> 0
    divisors.set_raw_data(raw);
    save(hazard / "test_data_set_0" / "input_1.pb", divisors);
    fs::remove(hazard / "test_data_set_0" / "output_0.pb");
    const NodeTestOutcome refused = run_node_test(hazard.string(), NodeTestSettings{});
    EXPECT_EQ(refused.verdict, Verdict::rejected) << refused.detail;
    ASSERT_EQ(refused.data_sets.size(), 1U);
    EXPECT_EQ(refused.data_sets[0].status.code, StatusCode::zero_divisor);
    EXPECT_EQ(refused.data_sets[0].status.index, 5U);
    EXPECT_NE(outcome_line(refused).find("no output_0.pb"), std::string::npos) << outcome_line(refused);

    const fs::path accepted = copy_case("own_div_int32_signs", "no_output");
    fs::remove(accepted / "test_data_set_0" / "output_0.pb");
    const NodeTestOutcome missing = run_node_test(accepted.string(), NodeTestSettings{});
    EXPECT_EQ(missing.verdict, Verdict::error);
    EXPECT_NE(missing.detail.find("no output_0.pb, and the reference accepts the inputs: nothing to judge"),
              std::string::npos)
        << missing.detail;
}

// The opset and Div-6's attributes come from the model; an override opset
// replaces the model's.
// [utest->req~div-onnx-d2~4]
// [utest->req~div-onnx-r3~1]
TEST(OnnxNodeTest, OpsetAndLegacyAttributesComeFromTheModel) {
    RecordProperty("requirements", "DIV-ONNX-D2,DIV-ONNX-R3");
    const NodeTestOutcome axis = run_node_test((kOwnCases / "own_div_opset6_fp32_axis").string(), NodeTestSettings{});
    EXPECT_EQ(axis.verdict, Verdict::pass) << axis.detail;
    EXPECT_EQ(axis.options.onnx.opset, 6U);
    EXPECT_TRUE(axis.options.onnx.broadcast);
    EXPECT_TRUE(axis.options.onnx.has_axis);
    EXPECT_EQ(axis.options.onnx.axis, 1);

    // Without axis, suffix matching: B (3) does not match A's last extent 4.
    const fs::path folder = copy_case("own_div_opset6_fp32_axis", "no_axis");
    onnx::ModelProto model = load<onnx::ModelProto>(folder / "model.onnx");
    onnx::NodeProto* node = model.mutable_graph()->mutable_node(0);
    for (int i = 0; i < node->attribute_size(); ++i) {
        if (node->attribute(i).name() == "axis") {
            node->mutable_attribute()->DeleteSubrange(i, 1);
            break;
        }
    }
    save(folder / "model.onnx", model);
    const NodeTestOutcome suffix = run_node_test(folder.string(), NodeTestSettings{});
    EXPECT_EQ(suffix.verdict, Verdict::rejected);
    EXPECT_EQ(suffix.data_sets[0].status.requirement, RequirementId::div_onnx_r3);
    EXPECT_EQ(suffix.data_sets[0].status.index, 2U);

    NodeTestSettings opset13{};
    opset13.opset_override = 13U;
    const NodeTestOutcome int8 = run_node_test((kOwnCases / "own_div_int8_signs_broadcast").string(), opset13);
    EXPECT_EQ(int8.verdict, Verdict::rejected);
    EXPECT_EQ(int8.data_sets[0].status.requirement, RequirementId::div_onnx_r1);
    EXPECT_NE(outcome_line(int8).find("run as opset 13"), std::string::npos) << outcome_line(int8);
}

// --- The model and the folder: what they claim must be what they hold. ---

// `edit` applied to the model of a fresh copy of the committed case `name`.
template <typename Edit>
fs::path edited_case(const std::string& name, const std::string& as, Edit edit) {
    const fs::path folder = copy_case(name, as);
    onnx::ModelProto model = load<onnx::ModelProto>(folder / "model.onnx");
    edit(model);
    save(folder / "model.onnx", model);
    return folder;
}

// An ERROR whose detail holds every one of `words`.
void expect_error(const NodeTestOutcome& outcome, const std::vector<std::string>& words) {
    EXPECT_EQ(outcome.verdict, Verdict::error) << outcome_line(outcome);
    for (const std::string& word : words) {
        EXPECT_NE(outcome.detail.find(word), std::string::npos) << "'" << word << "' not in: " << outcome.detail;
    }
}

template <typename Edit>
void expect_edit_error(const std::string& name, const std::string& as, Edit edit,
                       const std::vector<std::string>& words) {
    SCOPED_TRACE(as);
    expect_error(run_node_test(edited_case(name, as, edit).string(), NodeTestSettings{}), words);
}

template <typename Edit>
void expect_edit_pass(const std::string& name, const std::string& as, Edit edit) {
    SCOPED_TRACE(as);
    const NodeTestOutcome outcome = run_node_test(edited_case(name, as, edit).string(), NodeTestSettings{});
    EXPECT_EQ(outcome.verdict, Verdict::pass) << outcome_line(outcome);
}

onnx::TensorShapeProto* shape_of(onnx::ValueInfoProto* value) {
    return value->mutable_type()->mutable_tensor_type()->mutable_shape();
}

// The inputs the Div node reads must be declared as the data set holds
// them: element type, rank, and each dim_value (issue: FLOAT [5] with [3]
// data, rank [3, 1] with [3] data, DOUBLE with FP32 data all passed).
// [utest->req~div-onnx-d2~4]
TEST(OnnxNodeTest, GraphInputDeclarationsMustAgreeWithTheData) {
    RecordProperty("requirements", "DIV-ONNX-D2");
    // own_div_opset6_fp32_axis: A FLOAT [2, 3, 4], B FLOAT [3], C FLOAT [2, 3, 4].
    expect_edit_error(
        "own_div_opset6_fp32_axis", "input_extent",
        [](onnx::ModelProto& m) { shape_of(m.mutable_graph()->mutable_input(1))->mutable_dim(0)->set_dim_value(5); },
        {"graph input 'B'", "FLOAT [5]", "input_1.pb", "FLOAT [3]"});
    expect_edit_error(
        "own_div_opset6_fp32_axis", "input_rank",
        [](onnx::ModelProto& m) { shape_of(m.mutable_graph()->mutable_input(1))->add_dim()->set_dim_value(1); },
        {"graph input 'B'", "FLOAT [3, 1]", "input_1.pb", "FLOAT [3]"});
    expect_edit_error("own_div_opset6_fp32_axis", "input_type",
                      [](onnx::ModelProto& m) {
                          for (onnx::ValueInfoProto& value : *m.mutable_graph()->mutable_input()) {
                              value.mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::DOUBLE);
                          }
                      },
                      {"graph input 'A'", "DOUBLE [2, 3, 4]", "input_0.pb", "FLOAT [2, 3, 4]"});
    // A vector [1] declared where the data are a scalar (rank 0).
    expect_edit_error(
        "own_div_opset1_fp16_scalar", "scalar_declared_as_vector",
        [](onnx::ModelProto& m) { shape_of(m.mutable_graph()->mutable_input(1))->add_dim()->set_dim_value(1); },
        {"graph input 'B'", "FLOAT16 [1]", "input_1.pb", "FLOAT16 []"});
}

// [utest->req~div-onnx-d2~4]
TEST(OnnxNodeTest, TheGraphOutputDeclarationMustAgreeWithTheData) {
    RecordProperty("requirements", "DIV-ONNX-D2");
    expect_edit_error(
        "own_div_fp64", "output_extent",
        [](onnx::ModelProto& m) { shape_of(m.mutable_graph()->mutable_output(0))->mutable_dim(0)->set_dim_value(63); },
        {"graph output 'C'", "DOUBLE [63]", "output_0.pb", "DOUBLE [64]"});
    expect_edit_error("own_div_fp64", "output_rank",
                      [](onnx::ModelProto& m) { shape_of(m.mutable_graph()->mutable_output(0))->clear_dim(); },
                      {"graph output 'C'", "DOUBLE []", "output_0.pb", "DOUBLE [64]"});
    expect_edit_error("own_div_fp64", "output_type",
                      [](onnx::ModelProto& m) {
                          m.mutable_graph()->mutable_output(0)->mutable_type()->mutable_tensor_type()->set_elem_type(
                              onnx::TensorProto::FLOAT);
                      },
                      {"graph output 'C'", "FLOAT [64]", "output_0.pb", "DOUBLE [64]"});
}

// A dim_param (a symbolic extent) or a dimension with neither dim_value
// nor dim_param matches any extent.
// [utest->req~div-onnx-d2~4]
TEST(OnnxNodeTest, SymbolicAndUnsetDimensionsMatchAnyExtent) {
    RecordProperty("requirements", "DIV-ONNX-D2");
    expect_edit_pass("own_div_opset6_fp32_axis", "symbolic_dims", [](onnx::ModelProto& m) {
        shape_of(m.mutable_graph()->mutable_input(0))->mutable_dim(0)->set_dim_param("N");
        shape_of(m.mutable_graph()->mutable_input(1))->mutable_dim(0)->set_dim_param("M");
        shape_of(m.mutable_graph()->mutable_output(0))->mutable_dim(0)->set_dim_param("N");
    });
    expect_edit_pass("own_div_opset6_fp32_axis", "unset_dims", [](onnx::ModelProto& m) {
        shape_of(m.mutable_graph()->mutable_input(0))->mutable_dim(2)->clear_value();
        shape_of(m.mutable_graph()->mutable_output(0))->mutable_dim(1)->clear_value();
    });
}

// The top-level graph's inputs and outputs must declare a tensor type with
// an elem_type and a shape (onnx.proto: "This field MUST be present ... for
// inputs and outputs of the top-level graph"; ONNX's checker refuses a
// model without them): a missing declaration is an ERROR, not "anything".
// [utest->req~div-onnx-d2~4]
TEST(OnnxNodeTest, MissingTypeOrShapeDeclarationsAreErrors) {
    RecordProperty("requirements", "DIV-ONNX-D2");
    expect_edit_error("own_div_fp64", "output_no_type",
                      [](onnx::ModelProto& m) { m.mutable_graph()->mutable_output(0)->clear_type(); },
                      {"graph output 'C'", "declares no type"});
    expect_edit_error("own_div_fp64", "input_no_type",
                      [](onnx::ModelProto& m) { m.mutable_graph()->mutable_input(1)->clear_type(); },
                      {"graph input 'B'", "declares no type"});
    expect_edit_error("own_div_fp64", "input_no_elem_type",
                      [](onnx::ModelProto& m) {
                          m.mutable_graph()->mutable_input(0)->mutable_type()->mutable_tensor_type()->clear_elem_type();
                      },
                      {"graph input 'A'", "no elem_type"});
    expect_edit_error("own_div_fp64", "output_no_shape",
                      [](onnx::ModelProto& m) {
                          m.mutable_graph()->mutable_output(0)->mutable_type()->mutable_tensor_type()->clear_shape();
                      },
                      {"graph output 'C'", "no shape"});
    expect_edit_error("own_div_fp64", "input_sequence",
                      [](onnx::ModelProto& m) {
                          onnx::TypeProto* type = m.mutable_graph()->mutable_input(0)->mutable_type();
                          const onnx::TypeProto element = *type;
                          *type->mutable_sequence_type()->mutable_elem_type() = element;
                      },
                      {"graph input 'A'", "not a tensor type"});
}

// Exactly one Div node with two distinct inputs and one output; the graph's
// inputs exactly those two, its outputs exactly that one (issue: A passed
// through as a second graph output, only one output was compared).
// [utest->req~div-onnx-d2~4]
TEST(OnnxNodeTest, TheGraphIsExactlyTheDivNodesInputsAndOutput) {
    RecordProperty("requirements", "DIV-ONNX-D2");
    // Two graph outputs, A and C, each with its file: it passed, comparing C only.
    const fs::path two = edited_case("own_div_fp64", "two_outputs", [](onnx::ModelProto& m) {
        onnx::GraphProto* graph = m.mutable_graph();
        *graph->add_output() = graph->output(0);
        *graph->mutable_output(0) = graph->input(0);
    });
    fs::rename(two / "test_data_set_0" / "output_0.pb", two / "test_data_set_0" / "output_1.pb");
    fs::copy_file(two / "test_data_set_0" / "input_0.pb", two / "test_data_set_0" / "output_0.pb");
    expect_error(run_node_test(two.string(), NodeTestSettings{}), {"2 outputs", "'A'", "'C'"});

    // A third graph input, with data, that the node does not read.
    const fs::path three = edited_case("own_div_fp64", "extra_input", [](onnx::ModelProto& m) {
        onnx::GraphProto* graph = m.mutable_graph();
        *graph->add_input() = graph->input(0);
        graph->mutable_input(2)->set_name("D");
    });
    fs::copy_file(three / "test_data_set_0" / "input_0.pb", three / "test_data_set_0" / "input_2.pb");
    expect_error(run_node_test(three.string(), NodeTestSettings{}), {"3 inputs", "'D'"});

    // The node reads A twice; B is a graph input it does not read.
    expect_edit_error("own_div_fp64", "reads_a_twice",
                      [](onnx::ModelProto& m) { m.mutable_graph()->mutable_node(0)->set_input(1, "A"); },
                      {"'A' twice"});
    // An absent optional input ("").
    expect_edit_error("own_div_fp64", "empty_input",
                      [](onnx::ModelProto& m) { m.mutable_graph()->mutable_node(0)->set_input(1, ""); },
                      {"empty name"});
    // The output named as an input: the node would define A.
    expect_edit_error("own_div_fp64", "output_is_input",
                      [](onnx::ModelProto& m) {
                          m.mutable_graph()->mutable_node(0)->set_output(0, "A");
                          m.mutable_graph()->mutable_output(0)->set_name("A");
                      },
                      {"'A'", "also its input"});
    // value_info about a value (a single-node graph has no other value).
    expect_edit_error("own_div_fp64", "value_info",
                      [](onnx::ModelProto& m) { *m.mutable_graph()->add_value_info() = m.graph().output(0); },
                      {"value_info", "'C'"});
    // An input given by a sparse initializer instead of the data set.
    expect_edit_error("own_div_fp64", "sparse_initializer",
                      [](onnx::ModelProto& m) {
                          onnx::SparseTensorProto* sparse = m.mutable_graph()->add_sparse_initializer();
                          sparse->mutable_values()->set_name("B");
                          sparse->mutable_values()->set_data_type(onnx::TensorProto::DOUBLE);
                          sparse->add_dims(64);
                      },
                      {"initializer"});
}

// A model-local function (ModelProto.functions) could stand for the node's
// operator in a runtime; a single-Div test has none.
// [utest->req~div-onnx-d2~4]
TEST(OnnxNodeTest, AModelWithLocalFunctionsIsAnError) {
    RecordProperty("requirements", "DIV-ONNX-D2");
    expect_edit_error("own_div_fp16", "local_function",
                      [](onnx::ModelProto& m) {
                          onnx::FunctionProto* function = m.add_functions();
                          function->set_name("Div");
                          function->set_domain("");
                          function->add_input("A");
                          function->add_input("B");
                          function->add_output("C");
                          onnx::NodeProto* node = function->add_node();
                          node->set_op_type("Mul");
                          node->add_input("A");
                          node->add_input("B");
                          node->add_output("C");
                      },
                      {"function", "'Div'"});
}

// A data set holds input_0.pb, input_1.pb and at most output_0.pb: another
// input_*.pb or output_*.pb claims a graph value the model does not have.
// A tensor's name, when it has one, is the graph value's. Every entry named
// test_data_set* (ONNX's runner globs that) is a data set, and a folder.
// [utest->req~div-onnx-d2~4]
TEST(OnnxNodeTest, ADataSetHoldsExactlyTheGraphsInputsAndOutput) {
    RecordProperty("requirements", "DIV-ONNX-D2");
    const fs::path extra_output = copy_case("own_div_fp64", "extra_output_file");
    fs::copy_file(extra_output / "test_data_set_0" / "output_0.pb", extra_output / "test_data_set_0" / "output_1.pb");
    expect_error(run_node_test(extra_output.string(), NodeTestSettings{}), {"output_1.pb"});

    const fs::path extra_input = copy_case("own_div_fp64", "extra_input_file");
    fs::copy_file(extra_input / "test_data_set_0" / "input_0.pb", extra_input / "test_data_set_0" / "input_2.pb");
    expect_error(run_node_test(extra_input.string(), NodeTestSettings{}), {"input_2.pb"});

    // input_0.pb and input_1.pb swapped: their names say so.
    const fs::path swapped = copy_case("own_div_fp64", "swapped_inputs");
    const fs::path set = swapped / "test_data_set_0";
    fs::rename(set / "input_0.pb", set / "tmp.pb");
    fs::rename(set / "input_1.pb", set / "input_0.pb");
    fs::rename(set / "tmp.pb", set / "input_1.pb");
    expect_error(run_node_test(swapped.string(), NodeTestSettings{}), {"input_0.pb", "'B'", "graph input 0", "'A'"});

    // A second data set that is not a folder, or a dangling link.
    const fs::path not_folder = copy_case("own_div_fp64", "data_set_file");
    std::ofstream(not_folder / "test_data_set_1") << "not a folder";
    expect_error(run_node_test(not_folder.string(), NodeTestSettings{}), {"test_data_set_1", "not a folder"});
    const fs::path dangling = copy_case("own_div_fp64", "data_set_dangling");
    fs::create_symlink("no_such_folder", dangling / "test_data_set_1");
    expect_error(run_node_test(dangling.string(), NodeTestSettings{}), {"test_data_set_1", "not a folder"});
    // ONNX's runner reads test_data_set* : a data set without the underscore counts.
    const fs::path other_name = copy_case("own_div_fp64", "data_set_other_name");
    fs::copy(other_name / "test_data_set_0", other_name / "test_data_set", fs::copy_options::recursive);
    const NodeTestOutcome two_sets = run_node_test(other_name.string(), NodeTestSettings{});
    EXPECT_EQ(two_sets.verdict, Verdict::pass) << two_sets.detail;
    EXPECT_EQ(two_sets.data_sets.size(), 2U);
    // A dangling output_0.pb is not "no output".
    const fs::path dangling_output = copy_case("own_div_fp64", "dangling_output");
    fs::remove(dangling_output / "test_data_set_0" / "output_0.pb");
    fs::create_symlink("no_such_file.pb", dangling_output / "test_data_set_0" / "output_0.pb");
    expect_error(run_node_test(dangling_output.string(), NodeTestSettings{}), {"output_0.pb"});
}

// In a folder of tests, every sub-folder holding test_data_set* or a
// model.onnx entry (a dangling link included) is a test and counts (issue:
// one without its model was skipped, "1 of 1 passed", exit status 0).
// [utest->req~div-onnx-d2~4]
TEST(OnnxNodeTest, EveryFolderWithDataSetsOrAModelEntryIsATest) {
    RecordProperty("requirements", "DIV-ONNX-D2");
    const fs::path root = kScratch / "folder_of_tests";
    fs::remove_all(root);
    fs::create_directories(root);
    fs::copy(kOwnCases / "own_div_fp16", root / "a_passes", fs::copy_options::recursive);
    fs::copy(kOwnCases / "own_div_fp64", root / "b_no_model", fs::copy_options::recursive);
    fs::remove(root / "b_no_model" / "model.onnx");
    fs::copy(kOwnCases / "own_div_fp64", root / "c_dangling_model", fs::copy_options::recursive);
    fs::remove(root / "c_dangling_model" / "model.onnx");
    fs::create_symlink("no_such_model.onnx", root / "c_dangling_model" / "model.onnx");
    fs::create_directories(root / "d_not_a_test" / "notes");
    const std::vector<std::string> expected = {(root / "a_passes").string(), (root / "b_no_model").string(),
                                               (root / "c_dangling_model").string()};
    EXPECT_EQ(find_node_tests(root.string()), expected);
    std::ostringstream out;
    EXPECT_EQ(run_node_tests({root.string()}, NodeTestSettings{}, out), 2U) << out.str();
    EXPECT_NE(out.str().find("PASS a_passes"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("ERROR b_no_model"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("ERROR c_dangling_model"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("1 of 3 ONNX node tests passed"), std::string::npos) << out.str();
    // Given alone, each is the test itself.
    EXPECT_EQ(find_node_tests((root / "c_dangling_model").string()),
              std::vector<std::string>{(root / "c_dangling_model").string()});
    EXPECT_EQ(find_node_tests((root / "b_no_model").string()),
              std::vector<std::string>{(root / "b_no_model").string()});
    expect_error(run_node_test((root / "b_no_model").string(), NodeTestSettings{}), {"model.onnx"});
    // A folder holding no test at all is still an error line.
    std::ostringstream none;
    EXPECT_EQ(run_node_tests({(root / "d_not_a_test").string()}, NodeTestSettings{}, none), 1U);
    EXPECT_NE(none.str().find("ERROR "), std::string::npos) << none.str();
}

// A test folder that also holds test folders (not data sets): the folder
// and each of them are tests, and count; neither hides the other (a stray
// test_data_set_* or model.onnx in a folder of tests hid every test in it).
// [utest->req~div-onnx-d2~4]
TEST(OnnxNodeTest, TestsInsideATestFolderAreRunToo) {
    RecordProperty("requirements", "DIV-ONNX-D2");
    const fs::path root = copy_case("own_div_fp16", "test_holding_tests");
    fs::copy(kOwnCases / "own_div_fp64", root / "nested_passes", fs::copy_options::recursive);
    fs::copy(kOwnCases / "own_div_fp64", root / "nested_no_model", fs::copy_options::recursive);
    fs::remove(root / "nested_no_model" / "model.onnx");
    const std::vector<std::string> expected = {root.string(), (root / "nested_no_model").string(),
                                               (root / "nested_passes").string()};
    EXPECT_EQ(find_node_tests(root.string()), expected);
    std::ostringstream out;
    EXPECT_EQ(run_node_tests({root.string()}, NodeTestSettings{}, out), 1U) << out.str();
    EXPECT_NE(out.str().find("2 of 3 ONNX node tests passed"), std::string::npos) << out.str();
    // A folder of tests with a stray data set: the stray one is a test (ERROR), the others still run.
    const fs::path stray = kScratch / "folder_with_stray_data_set";
    fs::remove_all(stray);
    fs::create_directories(stray);
    fs::copy(kOwnCases / "own_div_fp16", stray / "a_passes", fs::copy_options::recursive);
    fs::copy(kOwnCases / "own_div_fp16" / "test_data_set_0", stray / "test_data_set_0", fs::copy_options::recursive);
    std::ostringstream stray_out;
    EXPECT_EQ(run_node_tests({stray.string()}, NodeTestSettings{}, stray_out), 1U) << stray_out.str();
    EXPECT_NE(stray_out.str().find("PASS a_passes"), std::string::npos) << stray_out.str();
    EXPECT_NE(stray_out.str().find("1 of 2 ONNX node tests passed"), std::string::npos) << stray_out.str();
}

onnx::AttributeProto* add_int_attribute(onnx::ModelProto& m, const std::string& name, std::int64_t value) {
    onnx::AttributeProto* attribute = m.mutable_graph()->mutable_node(0)->add_attribute();
    attribute->set_name(name);
    attribute->set_type(onnx::AttributeProto::INT);
    attribute->set_i(value);
    return attribute;
}

onnx::AttributeProto* find_attribute(onnx::ModelProto& m, const std::string& name) {
    for (onnx::AttributeProto& attribute : *m.mutable_graph()->mutable_node(0)->mutable_attribute()) {
        if (attribute.name() == name) {
            return &attribute;
        }
    }
    ADD_FAILURE() << "no attribute " << name;
    return m.mutable_graph()->mutable_node(0)->add_attribute();
}

// Div-1 has axis (INT), broadcast (INT) and consumed_inputs (INTS), Div-6
// axis and broadcast, Div-7 and later none (onnx-div-operator-versions.rst):
// another attribute at the model's opset is an ERROR naming it and the
// opset, before the reference runs (issue: consumed_inputs or broadcast = 0
// at opset 14 passed).
// [utest->req~div-onnx-d2~4]
TEST(OnnxNodeTest, AttributesMustBeDefinedByTheModelsDivVersion) {
    RecordProperty("requirements", "DIV-ONNX-D2");
    expect_edit_error("own_div_fp16", "consumed_inputs_at_14",
                      [](onnx::ModelProto& m) {
                          onnx::AttributeProto* attribute = m.mutable_graph()->mutable_node(0)->add_attribute();
                          attribute->set_name("consumed_inputs");
                          attribute->set_type(onnx::AttributeProto::INTS);
                          attribute->add_ints(0);
                          attribute->add_ints(0);
                      },
                      {"'consumed_inputs'", "opset 14", "Div-14"});
    expect_edit_error("own_div_fp16", "broadcast_0_at_14",
                      [](onnx::ModelProto& m) { add_int_attribute(m, "broadcast", 0); },
                      {"'broadcast'", "opset 14", "Div-14"});
    expect_edit_error("own_div_fp64", "axis_at_7", [](onnx::ModelProto& m) { add_int_attribute(m, "axis", 0); },
                      {"'axis'", "opset 7", "Div-7"});
    expect_edit_error("own_div_opset6_int32_suffix", "consumed_inputs_at_6",
                      [](onnx::ModelProto& m) {
                          onnx::AttributeProto* attribute = m.mutable_graph()->mutable_node(0)->add_attribute();
                          attribute->set_name("consumed_inputs");
                          attribute->set_type(onnx::AttributeProto::INTS);
                          attribute->add_ints(0);
                      },
                      {"'consumed_inputs'", "opset 6", "Div-6"});
    expect_edit_error("own_div_fp16", "unknown", [](onnx::ModelProto& m) { add_int_attribute(m, "alpha", 1); },
                      {"'alpha'"});
    // Div-1's consumed_inputs at opset 1 is accepted, and has no effect.
    expect_edit_pass("own_div_opset1_fp16_scalar", "consumed_inputs_at_1", [](onnx::ModelProto& m) {
        onnx::AttributeProto* attribute = m.mutable_graph()->mutable_node(0)->add_attribute();
        attribute->set_name("consumed_inputs");
        attribute->set_type(onnx::AttributeProto::INTS);
        attribute->add_ints(0);
        attribute->add_ints(0);
    });
}

// An attribute's AttributeProto type must be the version's (INT, or INTS
// for consumed_inputs) and its value in that type's field alone; broadcast
// is 0 or 1; no attribute twice (issue: broadcast = 2 ran as 1, a
// STRING-typed broadcast as 0).
// [utest->req~div-onnx-d2~4]
TEST(OnnxNodeTest, AttributeTypesValuesAndRepetitionsAreChecked) {
    RecordProperty("requirements", "DIV-ONNX-D2");
    const std::string opset6 = "own_div_opset6_int32_suffix";  // broadcast = 1, opset 6
    expect_edit_error(opset6, "broadcast_2", [](onnx::ModelProto& m) { find_attribute(m, "broadcast")->set_i(2); },
                      {"'broadcast'", "2", "0 or 1"});
    expect_edit_error(opset6, "broadcast_string",
                      [](onnx::ModelProto& m) {
                          onnx::AttributeProto* attribute = find_attribute(m, "broadcast");
                          attribute->clear_i();
                          attribute->set_type(onnx::AttributeProto::STRING);
                          attribute->set_s("1");
                      },
                      {"'broadcast'", "STRING", "INT"});
    expect_edit_error(opset6, "broadcast_typed_int_holding_float",
                      [](onnx::ModelProto& m) {
                          onnx::AttributeProto* attribute = find_attribute(m, "broadcast");
                          attribute->clear_i();
                          attribute->set_f(1.0F);
                      },
                      {"'broadcast'", "type INT", "in i alone", "holds: f"});
    expect_edit_error(opset6, "broadcast_two_fields",
                      [](onnx::ModelProto& m) { find_attribute(m, "broadcast")->add_ints(1); },
                      {"'broadcast'", "holds: i, ints"});
    expect_edit_error(opset6, "broadcast_twice", [](onnx::ModelProto& m) { add_int_attribute(m, "broadcast", 1); },
                      {"'broadcast'", "twice"});
    expect_edit_error("own_div_opset6_fp32_axis", "axis_twice",
                      [](onnx::ModelProto& m) { add_int_attribute(m, "axis", 1); }, {"'axis'", "twice"});
    expect_edit_error(opset6, "broadcast_untyped",
                      [](onnx::ModelProto& m) { find_attribute(m, "broadcast")->clear_type(); },
                      {"'broadcast'", "no type"});
    expect_edit_error(opset6, "broadcast_reference",
                      [](onnx::ModelProto& m) { find_attribute(m, "broadcast")->set_ref_attr_name("b"); },
                      {"'broadcast'", "ref_attr_name"});
    expect_edit_error("own_div_opset1_fp16_scalar", "consumed_inputs_empty",
                      [](onnx::ModelProto& m) {
                          onnx::AttributeProto* attribute = m.mutable_graph()->mutable_node(0)->add_attribute();
                          attribute->set_name("consumed_inputs");
                          attribute->set_type(onnx::AttributeProto::INTS);
                      },
                      {"'consumed_inputs'", "in ints alone", "holds: nothing"});
    // IR version 1 (0.0.1) had no AttributeProto.type: the value field decides.
    expect_edit_pass(opset6, "ir1_untyped", [](onnx::ModelProto& m) {
        m.set_ir_version(1);
        find_attribute(m, "broadcast")->clear_type();
    });
}

// An override opset (--opset) selects a Div version too: the node's
// attributes must exist in it, or the run is an ERROR naming the attribute
// and both opsets (it was REJECTED as "invalid_argument DIV-ONNX-D1 operand
// - index 0", naming neither).
// [utest->req~div-onnx-d2~4]
TEST(OnnxNodeTest, AnOverrideOpsetMustHaveTheModelsAttributes) {
    RecordProperty("requirements", "DIV-ONNX-D2");
    NodeTestSettings run_as_13{};
    run_as_13.opset_override = 13U;
    expect_error(run_node_test((kOwnCases / "own_div_opset6_fp32_axis").string(), run_as_13),
                 {"'axis'", "Div-13", "override opset 13", "model's opset 6"});
    NodeTestSettings run_as_6{};
    run_as_6.opset_override = 6U;
    const NodeTestOutcome at_6 = run_node_test((kOwnCases / "own_div_opset1_fp16_scalar").string(), run_as_6);
    EXPECT_EQ(at_6.verdict, Verdict::pass) << outcome_line(at_6);
    const fs::path consumed = edited_case(
        "own_div_opset1_fp16_scalar", "consumed_inputs_run_as_6", [](onnx::ModelProto& m) {
            onnx::AttributeProto* attribute = m.mutable_graph()->mutable_node(0)->add_attribute();
            attribute->set_name("consumed_inputs");
            attribute->set_type(onnx::AttributeProto::INTS);
            attribute->add_ints(0);
        });
    expect_error(run_node_test(consumed.string(), run_as_6), {"'consumed_inputs'", "Div-6", "override opset 6"});
    // Under another profile the override is not used, nor checked.
    NodeTestSettings openvino = run_as_13;
    openvino.options.profile = Profile::openvino;
    EXPECT_NE(run_node_test((kOwnCases / "own_div_opset6_int32_suffix").string(), openvino).verdict, Verdict::error);
}

// One ai.onnx opset import: "" and "ai.onnx" are the same domain (issue:
// with both, the last one silently won).
// [utest->req~div-onnx-d2~4]
TEST(OnnxNodeTest, TwoAiOnnxOpsetImportsAreAnError) {
    RecordProperty("requirements", "DIV-ONNX-D2");
    expect_edit_error("own_div_fp16", "two_imports",
                      [](onnx::ModelProto& m) {
                          onnx::OperatorSetIdProto* second = m.add_opset_import();
                          second->set_domain("ai.onnx");
                          second->set_version(13);
                      },
                      {"ai.onnx", "twice", "14", "13"});
    expect_edit_error("own_div_fp16", "same_import_twice",
                      [](onnx::ModelProto& m) { *m.add_opset_import() = m.opset_import(0); }, {"ai.onnx", "twice"});
    // Another domain's import is no ai.onnx import.
    expect_edit_pass("own_div_fp16", "ml_import", [](onnx::ModelProto& m) {
        onnx::OperatorSetIdProto* ml = m.add_opset_import();
        ml->set_domain("ai.onnx.ml");
        ml->set_version(3);
    });
}

// Opsets 1 to kOnnxOpsetMax (27: ONNX 1.23; Div-14 for 14 ... 27) run; a
// model outside that range is an ERROR naming its opset and the range,
// whatever --opset says (issue: opset 26 was REJECTED as "invalid_argument
// DIV-ONNX-D1 operand - index 0").
// [utest->req~div-onnx-d2~4]
// [utest->req~div-onnx-d1~2]
TEST(OnnxNodeTest, OpsetsUpToTheProfilesMaximumRunAndLaterOnesAreErrors) {
    RecordProperty("requirements", "DIV-ONNX-D2,DIV-ONNX-D1");
    EXPECT_EQ(kOnnxOpsetMax, 27U);
    for (const std::int64_t opset : {15, 25, 26, 27}) {
        expect_edit_pass("own_div_fp16", "opset_" + std::to_string(opset),
                         [opset](onnx::ModelProto& m) { m.mutable_opset_import(0)->set_version(opset); });
    }
    const std::string range = "1 to " + std::to_string(kOnnxOpsetMax);
    for (const std::int64_t opset : {0, 28, 100}) {
        expect_edit_error("own_div_fp16", "opset_" + std::to_string(opset),
                          [opset](onnx::ModelProto& m) { m.mutable_opset_import(0)->set_version(opset); },
                          {"opset " + std::to_string(opset), range});
    }
    NodeTestSettings run_as_14{};
    run_as_14.opset_override = 14U;
    const fs::path late = edited_case("own_div_fp16", "opset_28_run_as_14",
                                      [](onnx::ModelProto& m) { m.mutable_opset_import(0)->set_version(28); });
    expect_error(run_node_test(late.string(), run_as_14), {"opset 28", range});
}

}  // namespace
}  // namespace sonnx::conformance
