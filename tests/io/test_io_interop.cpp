// Interoperability with NumPy and ONNX themselves (Debian's python3-numpy
// and python3-onnx): files they write read as they hold, and files written
// here read in them as written.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <string>
#include <vector>

#include "io_test_support.hpp"
#include "sonnx/io/tensor_file.hpp"
#include "sonnx/oracle/element_words.hpp"

namespace sonnx::io {
namespace {

std::string reference_script(const std::string& command, const std::string& dir) {
    return test::quoted(SONNX_PYTHON) + " " + test::quoted(SONNX_REFERENCE_SCRIPT) + " " + command + " " +
           test::quoted(dir);
}

// The elements of a tensor as words (float bit patterns, integer values).
std::vector<std::int64_t> words_of(const TensorData& t) {
    const oracle::ElementTraits traits = oracle::element_traits(t.type);
    std::vector<std::int64_t> words;
    for (std::uint64_t i = 0; i < t.element_count(); ++i) {
        words.push_back(static_cast<std::int64_t>(oracle::load_element(traits, t.bytes.data(), i)));
    }
    return words;
}

std::vector<std::int64_t> words_of(const nlohmann::json& entry) {
    std::vector<std::int64_t> words;
    for (const nlohmann::json& w : entry["words"]) {
        words.push_back(w.is_number_unsigned() ? static_cast<std::int64_t>(w.get<std::uint64_t>())
                                               : w.get<std::int64_t>());
    }
    return words;
}

// [utest->req~div-io-d1~1]
// [utest->req~div-io-d3~1]
// [utest->req~div-int-d3~1]
TEST(IoInterop, ReadsWhatNumpyAndOnnxWrite) {
    RecordProperty("requirements", "DIV-IO-D1,DIV-IO-D3,DIV-INT-D3");
    const std::string dir = test::make_scratch_dir("numpy-onnx");
    ASSERT_EQ(std::system(reference_script("write", dir).c_str()), 0);
    const nlohmann::json manifest = nlohmann::json::parse(test::file_text(dir + "/manifest.json"));
    ASSERT_GE(manifest.size(), 40U);
    for (const auto& [name, entry] : manifest.items()) {
        const TensorData t = read_tensor_file(dir + "/" + name);
        EXPECT_STREQ(element_type_name(t.type), entry["type"].get<std::string>().c_str()) << name;
        EXPECT_EQ(t.dims, entry["shape"].get<std::vector<std::uint64_t>>()) << name;
        EXPECT_EQ(words_of(t), words_of(entry)) << name;
    }
    // What NumPy writes and the reader must refuse.
    for (const char* name : {"fortran_2d.npy", "big_endian.npy", "bool.npy"}) {
        EXPECT_THROW((void)read_tensor_file(dir + "/" + name), FileError) << name;
    }
}

// [utest->req~div-io-d1~1]
// [utest->req~div-io-d2~1]
// [utest->req~div-io-d3~1]
// [utest->req~div-int-d3~1]
TEST(IoInterop, NumpyAndOnnxReadWhatIsWrittenHere) {
    RecordProperty("requirements", "DIV-IO-D1,DIV-IO-D2,DIV-IO-D3,DIV-INT-D3");
    const std::string dir = test::make_scratch_dir("written");
    struct Case {
        ElementType type;
        std::vector<std::uint64_t> words;
        const char* npy_type;  // how NumPy sees the .npy file
    };
    const std::vector<Case> cases = {
        {ElementType::fp16, {0x3C00U, 0x8000U, 0x7C00U}, "FP16"},
        {ElementType::bf16, {0x3F80U, 0xFF80U, 0x0001U}, "UINT16"},
        {ElementType::fp32, {0x3EAAAAABU, 0x00000001U, 0xFF800000U}, "FP32"},
        {ElementType::fp64, {0x3FD5555555555555U, 0x8000000000000000U, 1U}, "FP64"},
        {ElementType::int4, {static_cast<std::uint64_t>(-8), 7U, static_cast<std::uint64_t>(-1)}, "INT8"},
        {ElementType::uint4, {0U, 15U, 9U}, "UINT8"},
        {ElementType::int8, {static_cast<std::uint64_t>(-128), 127U, 0U}, "INT8"},
        {ElementType::uint8, {255U, 1U, 0U}, "UINT8"},
        {ElementType::int16, {static_cast<std::uint64_t>(-32768), 32767U, 1U}, "INT16"},
        {ElementType::uint16, {65535U, 0U, 2U}, "UINT16"},
        {ElementType::int32, {static_cast<std::uint64_t>(INT32_MIN), 5U, 6U}, "INT32"},
        {ElementType::uint32, {UINT32_MAX, 0U, 1U}, "UINT32"},
        {ElementType::int64, {static_cast<std::uint64_t>(INT64_MIN), 5U, 6U}, "INT64"},
        {ElementType::uint64, {UINT64_MAX, 0U, 1U}, "UINT64"},
    };
    for (const Case& c : cases) {
        TensorData t;
        t.type = c.type;
        t.dims = {3U, 1U};
        const oracle::ElementTraits traits = oracle::element_traits(c.type);
        t.bytes.resize(3U * traits.size);
        for (std::size_t i = 0; i < 3U; ++i) {
            oracle::store_element(traits, t.bytes.data(), i, c.words[i]);
        }
        const std::string stem = dir + "/" + element_type_name(c.type);
        write_tensor_file(stem + ".npy", t);
        write_tensor_file(stem + ".pb", t);
    }
    const std::string listing = dir + "/listing.json";
    ASSERT_EQ(std::system((reference_script("read", dir) + " > " + test::quoted(listing)).c_str()), 0);
    const nlohmann::json read = nlohmann::json::parse(test::file_text(listing));
    for (const Case& c : cases) {
        std::vector<std::int64_t> expected;
        const oracle::ElementTraits traits = oracle::element_traits(c.type);
        for (const std::uint64_t w : c.words) {
            std::uint64_t word = 0U;
            oracle::store_element(traits, &word, 0U, w);
            expected.push_back(static_cast<std::int64_t>(oracle::load_element(traits, &word, 0U)));
        }
        const std::string name = element_type_name(c.type);
        const nlohmann::json& npy = read[name + ".npy"];
        EXPECT_EQ(npy["type"], c.npy_type) << name;
        EXPECT_EQ(npy["shape"], nlohmann::json::array({3, 1})) << name;
        EXPECT_EQ(words_of(npy), expected) << name << ".npy";
        const nlohmann::json& pb = read[name + ".pb"];
        EXPECT_EQ(pb["type"], name) << name;
        EXPECT_EQ(words_of(pb), expected) << name << ".pb";
    }
}

}  // namespace
}  // namespace sonnx::io
