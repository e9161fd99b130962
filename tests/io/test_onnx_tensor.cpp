// The TensorProto reader and writer: messages built field by field with
// protobuf, the hostile ones of DIV-IO-D4, and 4-bit packing (DIV-INT-D3).
#include <gtest/gtest.h>
#include <onnx/onnx_pb.h>

#include <string>
#include <vector>

#include "io_test_support.hpp"
#include "sonnx/io/onnx_tensor.hpp"

namespace sonnx::io {
namespace {

using onnx::TensorProto;
using test::le_bytes;

std::string serialized(const TensorProto& proto) { return proto.SerializeAsString(); }

std::vector<std::uint8_t> bytes_of(const TensorProto& proto) {
    const std::string text = serialized(proto);
    return std::vector<std::uint8_t>(text.begin(), text.end());
}

TensorData parse(const std::string& bytes) {
    return parse_tensor_proto(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

std::string rejection(const std::string& bytes) {
    try {
        (void)parse(bytes);
    } catch (const FileError& error) { return error.what(); }
    return "";
}

TensorProto proto_of(int data_type, std::vector<std::int64_t> dims) {
    TensorProto proto;
    proto.set_data_type(data_type);
    for (const std::int64_t d : dims) {
        proto.add_dims(d);
    }
    return proto;
}

// [utest->req~div-io-d3~1]
TEST(OnnxTensor, RawDataOfEveryType) {
    RecordProperty("requirements", "DIV-IO-D3");
    struct Case {
        int data_type;
        ElementType type;
        std::size_t size;
    };
    const Case cases[] = {{1, ElementType::fp32, 4U},    {2, ElementType::uint8, 1U},   {3, ElementType::int8, 1U},
                          {4, ElementType::uint16, 2U},  {5, ElementType::int16, 2U},   {6, ElementType::int32, 4U},
                          {7, ElementType::int64, 8U},   {10, ElementType::fp16, 2U},   {11, ElementType::fp64, 8U},
                          {12, ElementType::uint32, 4U}, {13, ElementType::uint64, 8U}, {16, ElementType::bf16, 2U}};
    for (const Case& c : cases) {
        TensorProto proto = proto_of(c.data_type, {3, 1});
        const std::vector<std::uint8_t> data = le_bytes({0x11U, 0x22U, 0x33U}, c.size);
        proto.set_raw_data(data.data(), data.size());
        const TensorData t = parse(serialized(proto));
        EXPECT_EQ(t.type, c.type) << c.data_type;
        EXPECT_EQ(t.dims, (std::vector<std::uint64_t>{3U, 1U}));
        EXPECT_EQ(t.bytes, data) << c.data_type;
        // And back: the writer gives the same message (raw_data, data_type, dims).
        EXPECT_EQ(encode_tensor_proto(t), bytes_of(proto));
    }
}

// [utest->req~div-io-d3~1]
TEST(OnnxTensor, TypedFields) {
    RecordProperty("requirements", "DIV-IO-D3");
    TensorProto f = proto_of(1, {2});
    f.add_float_data(1.0F);
    f.add_float_data(-2.0F);
    EXPECT_EQ(parse(serialized(f)).bytes, le_bytes({0x3F800000U, 0xC0000000U}, 4U));
    TensorProto d = proto_of(11, {1});
    d.add_double_data(0.5);
    EXPECT_EQ(parse(serialized(d)).bytes, le_bytes({0x3FE0000000000000U}, 8U));
    TensorProto i8 = proto_of(3, {2});
    i8.add_int32_data(-128);
    i8.add_int32_data(127);
    EXPECT_EQ(parse(serialized(i8)).bytes, (std::vector<std::uint8_t>{0x80U, 0x7FU}));
    TensorProto h = proto_of(10, {1});
    h.add_int32_data(0xFBFF);  // -65504 as an FP16 pattern
    EXPECT_EQ(parse(serialized(h)).bytes, le_bytes({0xFBFFU}, 2U));
    TensorProto bf = proto_of(16, {1});
    bf.add_int32_data(0x3F80);
    EXPECT_EQ(parse(serialized(bf)).bytes, le_bytes({0x3F80U}, 2U));
    TensorProto i64 = proto_of(7, {1});
    i64.add_int64_data(INT64_MIN);
    EXPECT_EQ(parse(serialized(i64)).bytes, le_bytes({0x8000000000000000U}, 8U));
    TensorProto u32 = proto_of(12, {1});
    u32.add_uint64_data(0xFFFFFFFFU);
    EXPECT_EQ(parse(serialized(u32)).bytes, le_bytes({0xFFFFFFFFU}, 4U));
    TensorProto u64 = proto_of(13, {1});
    u64.add_uint64_data(UINT64_MAX);
    EXPECT_EQ(parse(serialized(u64)).bytes, le_bytes({UINT64_MAX}, 8U));
    TensorProto scalar = proto_of(6, {});
    scalar.add_int32_data(-5);
    const TensorData s = parse(serialized(scalar));
    EXPECT_TRUE(s.dims.empty());
    EXPECT_EQ(s.bytes, le_bytes({0xFFFFFFFBU}, 4U));
    EXPECT_TRUE(parse(serialized(proto_of(6, {0, 4}))).bytes.empty());  // no data for no element
}

// INT4 [-8, 7, -1] raw 0x78 0x0F; UINT4 [1, 2, 3, 4] int32_data 0x21 0x43.
// [utest->req~div-int-d3~1]
// [utest->req~div-io-d3~1]
TEST(OnnxTensor, FourBitTypesByNumber) {
    RecordProperty("requirements", "DIV-INT-D3,DIV-IO-D3");
    TensorProto i4 = proto_of(22, {3});
    i4.set_raw_data(std::string("\x78\x0F", 2U));
    const TensorData t = parse(serialized(i4));
    EXPECT_EQ(t.type, ElementType::int4);
    EXPECT_EQ(t.bytes, (std::vector<std::uint8_t>{0xF8U, 7U, 0xFFU}));
    EXPECT_EQ(encode_tensor_proto(t), bytes_of(i4));
    TensorProto u4 = proto_of(21, {4});
    u4.add_int32_data(0x21);
    u4.add_int32_data(0x43);
    const TensorData u = parse(serialized(u4));
    EXPECT_EQ(u.type, ElementType::uint4);
    EXPECT_EQ(u.bytes, (std::vector<std::uint8_t>{1U, 2U, 3U, 4U}));
    EXPECT_EQ(onnx_data_type(ElementType::int4), 22);
    EXPECT_EQ(onnx_data_type(ElementType::uint4), 21);
}

// [utest->req~div-io-d4~1]
TEST(OnnxTensorHostile, NotATensorProto) {
    RecordProperty("requirements", "DIV-IO-D4");
    EXPECT_NE(rejection(std::string("\x93NUMPY\x01\x00", 8U)), "");  // a .npy file
    EXPECT_NE(rejection(std::string("\x0A\xFF\xFF\xFF", 4U)), "");   // a truncated length-delimited field
    TensorProto good = proto_of(1, {1});
    good.add_float_data(1.0F);
    const std::string bytes = serialized(good);
    for (std::size_t length = 1; length < bytes.size(); ++length) {
        // Truncations either fail to parse or leave a message that disagrees with itself.
        EXPECT_NE(rejection(bytes.substr(0U, length)), "") << "length " << length;
    }
    std::string unknown = bytes + std::string("\xA0\x06\x01", 3U);  // field 100, varint 1
    EXPECT_NE(rejection(unknown).find("fields a TensorProto does not have"), std::string::npos);
    EXPECT_NE(rejection("").find("no data_type"), std::string::npos);
}

// [utest->req~div-io-d4~1]
TEST(OnnxTensorHostile, TypesLocationsAndFields) {
    RecordProperty("requirements", "DIV-IO-D4");
    for (const int data_type : {0, 8, 9, 14, 15, 17, 18, 19, 20, 23, 24, -1, 1000}) {
        EXPECT_NE(rejection(serialized(proto_of(data_type, {}))).find("unsupported data_type"), std::string::npos)
            << data_type;
    }
    TensorProto segment = proto_of(1, {0});
    segment.mutable_segment()->set_begin(0);
    EXPECT_NE(rejection(serialized(segment)).find("segment"), std::string::npos);
    TensorProto external = proto_of(1, {0});
    external.set_data_location(TensorProto::EXTERNAL);
    EXPECT_NE(rejection(serialized(external)).find("external"), std::string::npos);
    TensorProto external_entry = proto_of(1, {0});
    external_entry.add_external_data()->set_key("location");
    EXPECT_NE(rejection(serialized(external_entry)).find("external"), std::string::npos);
    TensorProto strings = proto_of(1, {0});
    strings.add_string_data("x");
    EXPECT_NE(rejection(serialized(strings)).find("string_data"), std::string::npos);
    TensorProto both = proto_of(1, {1});
    both.add_float_data(1.0F);
    both.set_raw_data(std::string(4U, '\0'));
    EXPECT_NE(rejection(serialized(both)).find("alongside raw_data"), std::string::npos);
    TensorProto wrong_field = proto_of(6, {1});
    wrong_field.add_float_data(1.0F);
    EXPECT_NE(rejection(serialized(wrong_field)).find("float_data is set"), std::string::npos);
}

// [utest->req~div-io-d4~1]
TEST(OnnxTensorHostile, ShapesSizesAndValues) {
    RecordProperty("requirements", "DIV-IO-D4");
    EXPECT_NE(rejection(serialized(proto_of(1, {-1}))).find("negative dimension"), std::string::npos);
    EXPECT_NE(rejection(serialized(proto_of(1, {0, 4294967296, 4294967296}))).find("overflows"), std::string::npos);
    EXPECT_NE(rejection(serialized(proto_of(1, std::vector<std::int64_t>(17U, 1)))).find("rank"), std::string::npos);
    TensorProto short_raw = proto_of(1, {2});
    short_raw.set_raw_data(std::string(7U, '\0'));
    EXPECT_NE(rejection(serialized(short_raw)).find("needs 8"), std::string::npos);
    TensorProto long_raw = proto_of(1, {2});
    long_raw.set_raw_data(std::string(9U, '\0'));
    EXPECT_NE(rejection(serialized(long_raw)).find("holds 9"), std::string::npos);
    TensorProto few = proto_of(1, {2});
    few.add_float_data(1.0F);
    EXPECT_NE(rejection(serialized(few)).find("holds 1 values"), std::string::npos);
    TensorProto missing = proto_of(6, {2});
    EXPECT_NE(rejection(serialized(missing)).find("holds 0 values"), std::string::npos);
    struct Range {
        int data_type;
        std::int32_t bad;
    };
    for (const Range r : {Range{3, 128}, Range{3, -129}, Range{2, 256}, Range{2, -1}, Range{5, 32768}, Range{4, 65536},
                          Range{10, -1}, Range{10, 65536}, Range{16, -32768}, Range{21, 256}, Range{22, -1}}) {
        TensorProto p = proto_of(r.data_type, {1});
        p.add_int32_data(r.bad);
        EXPECT_NE(rejection(serialized(p)).find("is outside"), std::string::npos) << r.data_type << " " << r.bad;
    }
    TensorProto u32 = proto_of(12, {1});
    u32.add_uint64_data(0x100000000U);
    EXPECT_NE(rejection(serialized(u32)).find("outside UINT32"), std::string::npos);
}

// An odd 4-bit count: exactly ceil(n/2) bytes, zero padding.
// [utest->req~div-io-d4~1]
// [utest->req~div-int-d3~1]
TEST(OnnxTensorHostile, FourBitSizesAndPadding) {
    RecordProperty("requirements", "DIV-IO-D4,DIV-INT-D3");
    TensorProto odd = proto_of(22, {3});
    odd.set_raw_data(std::string("\x21\x43", 2U));  // padding nibble 4
    EXPECT_NE(rejection(serialized(odd)).find("padding nibble"), std::string::npos);
    odd.set_raw_data(std::string("\x21\x03\x00", 3U));
    EXPECT_NE(rejection(serialized(odd)).find("pack into 2 bytes"), std::string::npos);
    odd.set_raw_data(std::string("\x21", 1U));
    EXPECT_NE(rejection(serialized(odd)).find("pack into 2 bytes"), std::string::npos);
    TensorProto typed = proto_of(21, {3});
    typed.add_int32_data(0x21);
    EXPECT_NE(rejection(serialized(typed)).find("holds 1 values"), std::string::npos);
    typed.add_int32_data(0xF3);
    EXPECT_NE(rejection(serialized(typed)).find("padding nibble"), std::string::npos);
}

}  // namespace
}  // namespace sonnx::io
