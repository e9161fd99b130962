// libFuzzer target: the onnx-test path, sonnx::conformance::run_node_test
// (sonnx/conformance/onnx_node_test.hpp), through the public headers only.
//
// Input: byte 0 selects the data set and the settings, the rest is written
// as model.onnx into a fresh folder of a private temporary directory.
//   bits 0-1: 0 no test_data_set_0; 1 A [2, 3] / B [2, 3] with the right Y;
//             2 A [2, 3] / B [3] (broadcasting) with the right Y; 3 a zero
//             divisor in B and Y all zeros (rejected for integers, a
//             mismatch for floats);
//   bits 2-3: the data set's type: FP32, INT32, FP16, UINT8;
//   bits 4-5: the profile: onnx (0, 1), sonnx (2), openvino (3);
//   bit 6:    opset_override 13 (onnx profile).
// The data set's files are fixed small valid tensors, so that a model that
// reads reaches the reference and the comparison. run_node_test must never
// throw; the target traps when it does, or when the outcome contradicts its
// documentation: a verdict outside the four, the test verdict not the most
// severe of its data sets' (error > rejected > fail > pass), a PASS without
// data sets or with a mismatch, or no ERROR for a folder without data sets.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "sonnx/conformance/onnx_node_test.hpp"
#include "sonnx/io/onnx_tensor.hpp"
#include "fuzz_private_directory.hpp"
#include "sonnx/io/tensor_data.hpp"

namespace {

namespace fs = std::filesystem;
using sonnx::ElementType;
using sonnx::conformance::Verdict;
using sonnx::io::TensorData;

std::string g_directory;  // private temporary directory, removed at exit

using sonnx_fuzz::check;

void write_raw(const fs::path& path, const std::uint8_t* data, std::size_t size) {
    sonnx_fuzz::write_raw(path.string(), data, size);
}

// The data sets' encoded files: [kind 1..3][type 0..3] = {input_0, input_1, output_0}.
struct DataSetFiles {
    std::vector<std::uint8_t> input_0;
    std::vector<std::uint8_t> input_1;
    std::vector<std::uint8_t> output_0;
};
DataSetFiles g_sets[3][4];

template <typename T>
std::vector<std::uint8_t> bytes_of(const std::vector<T>& values) {
    std::vector<std::uint8_t> bytes(values.size() * sizeof(T));
    if (!bytes.empty()) {
        std::memcpy(bytes.data(), values.data(), bytes.size());
    }
    return bytes;
}

// The elements of `type` holding `numbers` (each exact in every type used:
// integers, or halves for the float types).
std::vector<std::uint8_t> values(ElementType type, const std::vector<double>& numbers) {
    switch (type) {
        case ElementType::fp32: {
            std::vector<float> v;
            for (const double x : numbers) {
                v.push_back(static_cast<float>(x));
            }
            return bytes_of(v);
        }
        case ElementType::int32: {
            std::vector<std::int32_t> v;
            for (const double x : numbers) {
                v.push_back(static_cast<std::int32_t>(x));
            }
            return bytes_of(v);
        }
        case ElementType::uint8: {
            std::vector<std::uint8_t> v;
            for (const double x : numbers) {
                v.push_back(static_cast<std::uint8_t>(x));
            }
            return bytes_of(v);
        }
        default: {  // FP16 bit patterns of 0, 0.5, 1, ..., 6
            static const std::uint16_t kHalves[13] = {0x0000, 0x3800, 0x3C00, 0x3E00, 0x4000, 0x4100, 0x4200,
                                                      0x4300, 0x4400, 0x4480, 0x4500, 0x4580, 0x4600};
            std::vector<std::uint16_t> v;
            for (const double x : numbers) {
                v.push_back(kHalves[static_cast<std::size_t>(x * 2.0)]);
            }
            return bytes_of(v);
        }
    }
}

TensorData tensor(ElementType type, std::vector<std::uint64_t> dims, std::vector<std::uint8_t> bytes) {
    TensorData t;
    t.type = type;
    t.dims = std::move(dims);
    t.bytes = std::move(bytes);
    return t;
}

// A = 1..6, B = 2 everywhere (or with a zero), Y = A / B: exact in every
// type (integers truncate and floor alike: every operand is positive).
void build_data_sets() {
    const ElementType types[4] = {ElementType::fp32, ElementType::int32, ElementType::fp16, ElementType::uint8};
    for (std::size_t t = 0; t < 4U; ++t) {
        const ElementType type = types[t];
        const bool integer = (type == ElementType::int32) || (type == ElementType::uint8);
        const std::vector<double> a{1, 2, 3, 4, 5, 6};
        const std::vector<double> b{2, 2, 2, 2, 2, 2};
        const std::vector<double> b_row{2, 2, 2};
        const std::vector<double> b_zero{2, 0, 2, 2, 2, 2};
        const std::vector<double> y = integer ? std::vector<double>{0, 1, 1, 2, 2, 3}
                                              : std::vector<double>{0.5, 1, 1.5, 2, 2.5, 3};
        const std::vector<double> zeros(6U, 0.0);
        const auto file = [type](std::vector<std::uint64_t> dims, const std::vector<double>& numbers) {
            return sonnx::io::encode_tensor_proto(tensor(type, std::move(dims), values(type, numbers)));
        };
        g_sets[0][t] = {file({2, 3}, a), file({2, 3}, b), file({2, 3}, y)};
        g_sets[1][t] = {file({2, 3}, a), file({3}, b_row), file({2, 3}, y)};
        g_sets[2][t] = {file({2, 3}, a), file({2, 3}, b_zero), file({2, 3}, zeros)};
    }
}

int severity(Verdict verdict) { return static_cast<int>(verdict); }  // pass 0 < fail 1 < rejected 2 < error 3

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
    g_directory = sonnx_fuzz::make_private_directory("sonnx-fuzz-onnx-model");
    build_data_sets();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1U) {
        return 0;
    }
    const unsigned selector = data[0];
    const unsigned kind = selector & 3U;
    const unsigned type = (selector >> 2U) & 3U;
    const unsigned profile = (selector >> 4U) & 3U;

    // A fresh folder for every input.
    const fs::path folder = fs::path(g_directory) / "test_div_fuzz";
    fs::remove_all(folder);
    fs::create_directory(folder);
    write_raw(folder / "model.onnx", data + 1, size - 1U);
    if (kind != 0U) {
        const DataSetFiles& files = g_sets[kind - 1U][type];
        const fs::path set = folder / "test_data_set_0";
        fs::create_directory(set);
        write_raw(set / "input_0.pb", files.input_0.data(), files.input_0.size());
        write_raw(set / "input_1.pb", files.input_1.data(), files.input_1.size());
        write_raw(set / "output_0.pb", files.output_0.data(), files.output_0.size());
    }

    sonnx::conformance::NodeTestSettings settings{};
    if (profile == 2U) {
        settings.options.profile = sonnx::Profile::sonnx;
    } else if (profile == 3U) {
        settings.options.profile = sonnx::Profile::openvino;
    }
    if ((selector & 0x40U) != 0U) {
        settings.opset_override = 13U;
    }

    sonnx::conformance::NodeTestOutcome outcome;
    std::string line;
    try {
        outcome = sonnx::conformance::run_node_test(folder.string(), settings);
        line = sonnx::conformance::outcome_line(outcome);
    } catch (...) {
        __builtin_trap();  // documented never to throw
    }
    check(severity(outcome.verdict) <= severity(Verdict::error));
    const char* name = sonnx::conformance::verdict_name(outcome.verdict);
    check((name != nullptr) && (std::strcmp(name, "unknown") != 0));
    check(!line.empty());
    check(outcome.folder == folder.string());
    check(outcome.name == "test_div_fuzz");
    if (kind == 0U) {
        check((outcome.verdict == Verdict::error) && outcome.data_sets.empty());
    }
    if (outcome.verdict != Verdict::error) {
        check(outcome.data_sets.size() == 1U);
        int worst = severity(Verdict::pass);
        for (const sonnx::conformance::DataSetOutcome& set : outcome.data_sets) {
            check(set.name == "test_data_set_0");
            worst = (severity(set.verdict) > worst) ? severity(set.verdict) : worst;
            if (set.verdict == Verdict::pass) {
                check((set.mismatches == 0U) && (set.elements == 6U));
            }
            if (set.verdict != Verdict::pass) {
                check(!set.detail.empty());
            }
        }
        check(worst == severity(outcome.verdict));
    }
    return 0;
}
