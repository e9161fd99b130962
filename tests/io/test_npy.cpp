// The .npy reader and writer on hand-made files: every dtype, versions,
// headers, and the hostile files of DIV-IO-D4.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "io_test_support.hpp"
#include "sonnx/io/npy.hpp"

namespace sonnx::io {
namespace {

using test::le_bytes;
using test::npy_bytes;

TensorData parse(const std::vector<std::uint8_t>& bytes) { return parse_npy(bytes.data(), bytes.size()); }

// The message of the FileError a parse throws ("" when it does not throw).
std::string rejection(const std::vector<std::uint8_t>& bytes) {
    try {
        (void)parse(bytes);
    } catch (const FileError& error) { return error.what(); }
    return "";
}

std::vector<std::uint8_t> with_header(const std::string& header, const std::vector<std::uint8_t>& data = {},
                                      std::uint8_t major = 1U) {
    std::vector<std::uint8_t> bytes;
    for (const char c : std::string("\x93NUMPY", 6U)) {
        bytes.push_back(static_cast<std::uint8_t>(c));
    }
    bytes.push_back(major);
    bytes.push_back(0U);
    for (const std::uint8_t b : le_bytes({header.size()}, (major == 1U) ? 2U : 4U)) {
        bytes.push_back(b);
    }
    for (const char c : header) {
        bytes.push_back(static_cast<std::uint8_t>(c));
    }
    for (const std::uint8_t b : data) {
        bytes.push_back(b);
    }
    return bytes;
}

// [utest->req~div-io-d1~1]
TEST(Npy, ReadsEveryDtype) {
    RecordProperty("requirements", "DIV-IO-D1");
    struct Case {
        const char* descr;
        ElementType type;
        std::size_t size;
    };
    const Case cases[] = {
        {"<f2", ElementType::fp16, 2U},  {"<f4", ElementType::fp32, 4U},   {"<f8", ElementType::fp64, 8U},
        {"|i1", ElementType::int8, 1U},  {"<i1", ElementType::int8, 1U},   {">i1", ElementType::int8, 1U},
        {"<i2", ElementType::int16, 2U}, {"<i4", ElementType::int32, 4U},  {"<i8", ElementType::int64, 8U},
        {"|u1", ElementType::uint8, 1U}, {"<u2", ElementType::uint16, 2U}, {"<u4", ElementType::uint32, 4U},
        {"<u8", ElementType::uint64, 8U}};
    for (const Case& c : cases) {
        const std::vector<std::uint8_t> data = le_bytes({1U, 2U, 3U, 4U, 5U, 6U}, c.size);
        const TensorData t = parse(npy_bytes(c.descr, "(2, 3)", data));
        EXPECT_EQ(t.type, c.type) << c.descr;
        EXPECT_EQ(t.dims, (std::vector<std::uint64_t>{2U, 3U})) << c.descr;
        EXPECT_EQ(t.bytes, data) << c.descr;
    }
}

// [utest->req~div-io-d1~1]
TEST(Npy, ShapesScalarsEmptyAndVersions) {
    RecordProperty("requirements", "DIV-IO-D1");
    EXPECT_TRUE(parse(npy_bytes("<f4", "()", le_bytes({0x40200000U}, 4U))).dims.empty());
    EXPECT_EQ(parse(npy_bytes("<i2", "(0, 5)", {})).dims, (std::vector<std::uint64_t>{0U, 5U}));
    EXPECT_EQ(parse(npy_bytes("<i2", "(3,)", le_bytes({1U, 2U, 3U}, 2U))).dims, (std::vector<std::uint64_t>{3U}));
    // Python 2 long literals, double quotes, keys in another order, no trailing comma.
    const std::string header = "{\"shape\": (2L,), \"fortran_order\": False, \"descr\": \"|u1\"}\n";
    EXPECT_EQ(parse(with_header(header, {7U, 8U})).bytes, (std::vector<std::uint8_t>{7U, 8U}));
    // Versions 2.0 and 3.0: a 4-byte header length.
    const std::string v2 = "{'descr': '<u2', 'fortran_order': False, 'shape': (1,), }\n";
    EXPECT_EQ(parse(with_header(v2, {1U, 0U}, 2U)).type, ElementType::uint16);
    EXPECT_EQ(parse(with_header(v2, {1U, 0U}, 3U)).type, ElementType::uint16);
}

// The writer: version 1.0, NumPy's layout (data at a multiple of 64).
// [utest->req~div-io-d1~1]
// [utest->req~div-io-d2~1]
TEST(Npy, WritesNumpysLayout) {
    RecordProperty("requirements", "DIV-IO-D1,DIV-IO-D2");
    TensorData t;
    t.type = ElementType::fp32;
    t.dims = {2U, 1U};
    t.bytes = le_bytes({0x3F800000U, 0xBF800000U}, 4U);
    const std::vector<std::uint8_t> file = encode_npy(t);
    EXPECT_EQ(file, npy_bytes("<f4", "(2, 1)", t.bytes));
    EXPECT_EQ((file.size() - t.bytes.size()) % 64U, 0U);
    t.dims = {2U};
    EXPECT_EQ(encode_npy(t), npy_bytes("<f4", "(2,)", t.bytes));
    // Types NumPy lacks: BF16 as <u2 patterns, INT4/UINT4 one per byte.
    t.type = ElementType::bf16;
    t.dims = {1U};
    t.bytes = le_bytes({0x3F80U}, 2U);
    EXPECT_EQ(encode_npy(t), npy_bytes("<u2", "(1,)", t.bytes));
    t.type = ElementType::int4;
    t.bytes = {0xF8U};
    EXPECT_EQ(encode_npy(t), npy_bytes("|i1", "(1,)", t.bytes));
    t.type = ElementType::uint4;
    t.dims = {};
    t.bytes = {15U};
    EXPECT_EQ(encode_npy(t), npy_bytes("|u1", "()", t.bytes));
}

// [utest->req~div-io-d4~1]
TEST(NpyHostile, MagicVersionAndTruncation) {
    RecordProperty("requirements", "DIV-IO-D4");
    const std::vector<std::uint8_t> good = npy_bytes("<i4", "(2,)", le_bytes({1U, 2U}, 4U));
    EXPECT_NE(rejection({}).find("wrong magic"), std::string::npos);
    EXPECT_NE(rejection({0x93U, 'N', 'U', 'M', 'P', 'X', 1U, 0U}).find("wrong magic"), std::string::npos);
    // Every truncation of a valid file is rejected, never over-read (ASan run).
    for (std::size_t length = 0; length < good.size(); ++length) {
        const std::vector<std::uint8_t> cut(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(length));
        EXPECT_NE(rejection(cut), "") << "length " << length;
    }
    std::vector<std::uint8_t> version = good;
    version[6] = 4U;
    EXPECT_NE(rejection(version).find("version 4.0"), std::string::npos);
    version[6] = 1U;
    version[7] = 1U;
    EXPECT_NE(rejection(version).find("version 1.1"), std::string::npos);
    std::vector<std::uint8_t> long_header = good;
    long_header[8] = 0xFFU;
    long_header[9] = 0xFFU;
    EXPECT_NE(rejection(long_header).find("truncated"), std::string::npos);
}

// [utest->req~div-io-d4~1]
TEST(NpyHostile, HeaderDictionary) {
    RecordProperty("requirements", "DIV-IO-D4");
    const std::vector<std::uint8_t> data = {1U, 2U};
    const char* bad_headers[] = {
        "",                                                                      // empty
        "{'descr': '|u1', 'fortran_order': False}",                              // no shape
        "{'descr': '|u1', 'fortran_order': False, 'shape': (2,), 'extra': 1}",   // unknown key
        "{'descr': '|u1', 'descr': '|u1', 'fortran_order': False, 'shape': (2,)}",  // repeated key
        "{'descr': [('a', '|u1')], 'fortran_order': False, 'shape': (2,)}",      // structured dtype
        "{'descr': '|u1', 'fortran_order': 0, 'shape': (2,)}",                   // not a bool
        "{'descr': '|u1', 'fortran_order': False, 'shape': (2)}",                // not a tuple
        "{'descr': '|u1', 'fortran_order': False, 'shape': [2]}",                // a list
        "{'descr': '|u1', 'fortran_order': False, 'shape': (-2,)}",              // negative
        "{'descr': '|u1', 'fortran_order': False, 'shape': (2,)} trailing",      // text after
        "{'descr': '|u1', 'fortran_order': False, 'shape': (2,)",                // unterminated
        "{'descr': '|u1\\x00', 'fortran_order': False, 'shape': (2,)}",          // escape
        "{'descr': '|u1, 'fortran_order': False, 'shape': (2,)}",                // broken quote
        "{'descr': '|u1', 'fortran_order': False, 'shape': (99999999999999999999,)}",  // above 2^64 - 1
    };
    for (const char* header : bad_headers) {
        EXPECT_NE(rejection(with_header(header, data)), "") << header;
    }
    std::string non_ascii = "{'descr': '|u1', 'fortran_order': False, 'shape': (2,), 'x\xC3\xA9': 1}";
    EXPECT_NE(rejection(with_header(non_ascii, data)), "");
}

// [utest->req~div-io-d4~1]
TEST(NpyHostile, DtypeByteOrderAndFortranOrder) {
    RecordProperty("requirements", "DIV-IO-D4");
    const std::vector<std::uint8_t> eight(8U, 0U);
    EXPECT_NE(rejection(npy_bytes(">i4", "(2,)", eight)).find("byte order '>'"), std::string::npos);
    EXPECT_NE(rejection(npy_bytes("|i4", "(2,)", eight)).find("byte order '|'"), std::string::npos);
    EXPECT_NE(rejection(npy_bytes("=f4", "(2,)", eight)).find("byte order '='"), std::string::npos);
    for (const char* dtype : {"|b1", "<c8", "<f16", "<U2", "|O", "<i3", "<f1", "<u16", "<M8"}) {
        EXPECT_NE(rejection(npy_bytes(dtype, "(2,)", eight)).find("unsupported dtype"), std::string::npos) << dtype;
    }
    std::string fortran = "{'descr': '<i4', 'fortran_order': True, 'shape': (2,), }";
    EXPECT_NE(rejection(with_header(fortran, eight)).find("Fortran"), std::string::npos);
}

// [utest->req~div-io-d4~1]
// [utest->req~div-api-d4~1]
// [utest->req~div-api-d5~1]
TEST(NpyHostile, ShapesThatOverflowOrDisagreeWithTheData) {
    RecordProperty("requirements", "DIV-IO-D4,DIV-API-D4,DIV-API-D5");
    // 2^32 * 2^32 elements: the count overflows, even with a zero extent.
    EXPECT_NE(rejection(npy_bytes("|u1", "(4294967296, 4294967296)", {})).find("overflows"), std::string::npos);
    EXPECT_NE(rejection(npy_bytes("|u1", "(0, 4294967296, 4294967296)", {})).find("overflows"), std::string::npos);
    // 2^62 eight-byte elements: the byte size overflows.
    EXPECT_NE(rejection(npy_bytes("<f8", "(4611686018427387904,)", {})).find("byte size"), std::string::npos);
    // 17 dimensions.
    EXPECT_NE(rejection(npy_bytes("|u1", "(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)", {1U})).find("rank"),
              std::string::npos);
    EXPECT_EQ(rejection(npy_bytes("|u1", "(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)", {1U})), "");
    // Data shorter and longer than the shape needs.
    EXPECT_NE(rejection(npy_bytes("<i4", "(3,)", std::vector<std::uint8_t>(11U, 0U))).find("needs 12"),
              std::string::npos);
    EXPECT_NE(rejection(npy_bytes("<i4", "(3,)", std::vector<std::uint8_t>(13U, 0U))).find("holds 13"),
              std::string::npos);
    EXPECT_NE(rejection(npy_bytes("<i4", "(0,)", {0U})), "");
}

}  // namespace
}  // namespace sonnx::io
