// The sonnx-div executable, driven as a user drives it: exit statuses,
// messages, files written and left alone, reports. Inputs are written by
// hand (tests/io/io_test_support.hpp) and outputs compared with hand-derived
// bytes or read back with Debian's python3-onnx.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "io_test_support.hpp"

namespace sonnx::test {
namespace {

class Cli : public ::testing::Test {
protected:
    void SetUp() override { dir_ = make_scratch_dir("cli"); }

    CommandResult run(std::vector<std::string> args) {
        args.insert(args.begin(), SONNX_DIV_EXE);
        return run_command(args, dir_);
    }

    std::string path(const std::string& name) const { return dir_ + "/" + name; }

    // A .npy file of `words` (bit patterns or two's complement values) with `size` bytes each.
    std::string npy(const std::string& name, const std::string& descr, const std::string& shape,
                    const std::vector<std::uint64_t>& words, std::size_t size) {
        write_bytes(path(name), npy_bytes(descr, shape, le_bytes(words, size)));
        return path(name);
    }
    std::string fp32(const std::string& name, const std::vector<std::uint64_t>& bits) {
        return npy(name, "<f4", "(" + std::to_string(bits.size()) + ",)", bits, 4U);
    }
    // truncated.npy: a [2] FP32 header with a data byte missing.
    std::string truncated_fp32() {
        std::vector<std::uint8_t> bytes = npy_bytes("<f4", "(2,)", le_bytes({1U, 2U}, 4U));
        bytes.pop_back();
        write_bytes(path("truncated.npy"), bytes);
        return path("truncated.npy");
    }
    std::string int32(const std::string& name, const std::vector<std::int64_t>& values) {
        std::vector<std::uint64_t> words(values.begin(), values.end());
        return npy(name, "<i4", "(" + std::to_string(values.size()) + ",)", words, 4U);
    }
    // A serialized TensorProto written byte by byte: dims (field 1), data_type (2), raw_data (9).
    std::string pb(const std::string& name, std::uint8_t count, std::uint8_t data_type,
                   const std::vector<std::uint8_t>& raw) {
        std::vector<std::uint8_t> bytes = {0x08U,     count, 0x10U,
                                           data_type, 0x4AU, static_cast<std::uint8_t>(raw.size())};
        bytes.insert(bytes.end(), raw.begin(), raw.end());
        write_bytes(path(name), bytes);
        return path(name);
    }
    // The elements of a .pb file as ONNX itself reads them.
    std::string onnx_values(const std::string& file) {
        const std::string script = "import onnx, onnx.numpy_helper as h; print(h.to_array(onnx.load_tensor(" +
                                   std::string("'") + file + "')).tolist())";
        const CommandResult r = run_command({SONNX_PYTHON, "-c", script}, dir_);
        return r.out;
    }
    nlohmann::json json(const std::string& name) { return nlohmann::json::parse(file_text(path(name))); }

    std::string dir_;
};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// [utest->req~div-cli-d1~1]
TEST_F(Cli, HelpOnEveryCommandExitsZero) {
    RecordProperty("requirements", "DIV-CLI-D1");
    const CommandResult top = run({"--help"});
    EXPECT_EQ(top.status, 0);
    for (const char* command : {"div", "check", "real", "campaign", "onnx-test", "merge"}) {
        EXPECT_TRUE(contains(top.out, command)) << command;
        const CommandResult help = run({command, "--help"});
        EXPECT_EQ(help.status, 0) << command;
        EXPECT_TRUE(contains(help.out, std::string("Usage: sonnx-div ") + command)) << help.out;
        EXPECT_TRUE(contains(help.out, "Exit status")) << command;
    }
}

// [utest->req~div-cli-d1~1]
// [utest->req~div-cli-d8~2]
TEST_F(Cli, UsageErrorsExitTwo) {
    RecordProperty("requirements", "DIV-CLI-D1,DIV-CLI-D8");
    const std::string a = fp32("a.npy", {0x3F800000U});
    const std::vector<std::vector<std::string>> usage_errors = {
        {},
        {"frobnicate"},
        {"div", a, a},                                          // no --out
        {"div", a, a, "--out", path("y.npy"), "--int-rounding", "round"},
        {"check", a, a},                                        // no Y
        {"check", a, a, a, "--accept", "two-ulp"},
        {"div", a, a, "--out", path("y.npy"), "--type", "fp8"},
        {"campaign", "fp32", "--exhaustive"},                   // 2^64 pairs
        {"campaign", "int8", "--exhaustive", "--seed", "3"},
        {"campaign", "complex64"},
        {"real", "1", "2", "--digits", "20000"},
    };
    for (const std::vector<std::string>& args : usage_errors) {
        const CommandResult r = run(args);
        EXPECT_EQ(r.status, 2) << (args.empty() ? "(none)" : args[0]) << " " << r.err;
        EXPECT_FALSE(r.err.empty());
    }
    EXPECT_FALSE(file_exists(path("y.npy")));
}

// 1/3 = 0x3EAAAAAB, 2/+0 = +inf, -7/2 = -3.5, -1/-0 = +inf.
// [utest->req~div-cli-d4~1]
// [utest->req~div-float-f1~1]
// [utest->req~div-float-d1~1]
TEST_F(Cli, DivWritesNpyOfAsType) {
    RecordProperty("requirements", "DIV-CLI-D4,DIV-FLOAT-F1,DIV-FLOAT-D1");
    const std::string a = fp32("a.npy", {0x3F800000U, 0x40000000U, 0xC0E00000U, 0xBF800000U});
    const std::string b = fp32("b.npy", {0x40400000U, 0x00000000U, 0x40000000U, 0x80000000U});
    const CommandResult r = run({"div", a, b, "--out", path("y.npy")});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "divide-by-zero")) << r.out;
    EXPECT_EQ(file_bytes(path("y.npy")),
              npy_bytes("<f4", "(4,)", le_bytes({0x3EAAAAABU, 0x7F800000U, 0xC0600000U, 0x7F800000U}, 4U)));
}

// 7/2, -7/2, 7/-2, -7/-2: floor 3, -4, -4, 3; trunc 3, -3, -3, 3. Read back by ONNX.
// [utest->req~div-cli-d4~1]
// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
// [utest->req~div-io-d3~1]
TEST_F(Cli, DivIntegersFloorAndTruncToPb) {
    RecordProperty("requirements", "DIV-CLI-D4,DIV-INT-F1,DIV-INT-D1,DIV-IO-D3");
    const std::string a = int32("a.npy", {7, -7, 7, -7});
    const std::string b = int32("b.npy", {2, 2, -2, -2});
    EXPECT_EQ(run({"div", a, b, "--out", path("floor.pb")}).status, 0);
    EXPECT_EQ(run({"div", a, b, "--out", path("trunc.pb"), "--int-rounding", "trunc"}).status, 0);
    EXPECT_EQ(onnx_values(path("floor.pb")), "[3, -4, -4, 3]\n");
    EXPECT_EQ(onnx_values(path("trunc.pb")), "[3, -3, -3, 3]\n");
}

// INT4 A = [7, -8, -7] (nibbles 7, 8, 9: bytes 0x87 0x09), B = [2, 2, 2]:
// floor [3, -4, -4] -> nibbles 3, C, C -> 0xC3 0x0C. -8 / -1 overflows INT4.
// [utest->req~div-int-d3~1]
// [utest->req~div-int-d2~1]
// [utest->req~div-cli-d2~1]
TEST_F(Cli, DivInt4PackedInPbFiles) {
    RecordProperty("requirements", "DIV-INT-D3,DIV-INT-D2,DIV-CLI-D2");
    const std::string a = pb("a.pb", 3U, 22U, {0x87U, 0x09U});
    const std::string b = pb("b.pb", 3U, 22U, {0x22U, 0x02U});
    const CommandResult r = run({"div", a, b, "--out", path("y.pb")});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(file_bytes(path("y.pb")), (std::vector<std::uint8_t>{0x08U, 3U, 0x10U, 22U, 0x4AU, 2U, 0xC3U, 0x0CU}));
    const std::string minus_one = pb("m.pb", 3U, 22U, {0xFFU, 0x0FU});  // [-1, -1, -1]
    const CommandResult overflow = run({"div", a, minus_one, "--out", path("o.pb")});
    EXPECT_EQ(overflow.status, 3);
    EXPECT_TRUE(contains(overflow.err, "overflow: DIV-INT-D2 violated at A[1] (A[1] = -8, B[1] = -1)")) << overflow.err;
    EXPECT_FALSE(file_exists(path("o.pb")));
}

// [utest->req~div-cli-d2~1]
// [utest->req~div-cli-d3~3]
// [utest->req~div-int-c3~1]
// [utest->req~div-float-c1~1]
// [utest->req~div-float-c2~1]
TEST_F(Cli, DivPreconditionsExitThreeAndLeaveTheOutput) {
    RecordProperty("requirements", "DIV-CLI-D2,DIV-CLI-D3,DIV-INT-C3,DIV-FLOAT-C1,DIV-FLOAT-C2");
    write_text(path("y.npy"), "previous");
    const std::string ai = int32("ai.npy", {7, -7, 6});
    const std::string bi = int32("bi.npy", {2, 2, 0});
    const CommandResult zero = run({"div", ai, bi, "--out", path("y.npy")});
    EXPECT_EQ(zero.status, 3);
    EXPECT_TRUE(contains(zero.err, "zero_divisor: DIV-INT-C3 violated at B[2] (A[2] = 6, B[2] = 0)")) << zero.err;
    // Coordinates for rank 2: flat index 3 of shape (2, 2) is [1, 1].
    const std::string a2 = npy("a2.npy", "<i2", "(2, 2)", {1U, 2U, 3U, 4U}, 2U);
    const std::string b2 = npy("b2.npy", "<i2", "(2, 2)", {1U, 1U, 1U, 0U}, 2U);
    EXPECT_TRUE(contains(run({"div", a2, b2, "-o", path("y.npy")}).err, "at B[1, 1] (A[1, 1] = 4, B[1, 1] = 0)"));
    const std::string a23 = npy("a23.npy", "<f4", "(2, 3)", {0U, 0U, 0U, 0U, 0U, 0U}, 4U);
    const std::string b32 = npy("b32.npy", "<f4", "(3, 2)", {0U, 0U, 0U, 0U, 0U, 0U}, 4U);
    const CommandResult shape = run({"div", a23, b32, "--out", path("y.npy")});
    EXPECT_EQ(shape.status, 3);
    EXPECT_TRUE(contains(shape.err,
                         "shape_mismatch: DIV-FLOAT-C1 violated: B's shape differs from A's at axis 0 "
                         "(A [2, 3], B [3, 2])"))
        << shape.err;
    const std::string b64 = npy("b64.npy", "<f8", "(2, 3)", {0U, 0U, 0U, 0U, 0U, 0U}, 8U);
    const CommandResult type = run({"div", a23, b64, "--out", path("y.npy")});
    EXPECT_EQ(type.status, 3);
    EXPECT_TRUE(contains(type.err,
                         "type_mismatch: DIV-FLOAT-C2 violated: B's element type differs from A's (A FP32, "
                         "B FP64)"))
        << type.err;
    EXPECT_EQ(file_text(path("y.npy")), "previous");
    EXPECT_EQ(directory_entries(dir_), (std::set<std::string>{"y.npy", "ai.npy", "bi.npy", "a2.npy", "b2.npy",
                                                              "a23.npy", "b32.npy", "b64.npy"}));
}

// [utest->req~div-cli-d1~1]
// [utest->req~div-cli-d3~3]
// [utest->req~div-cli-d4~1]
// [utest->req~div-io-d4~1]
TEST_F(Cli, DivFileErrorsExitTwoAndWriteNothing) {
    RecordProperty("requirements", "DIV-CLI-D1,DIV-CLI-D3,DIV-CLI-D4,DIV-IO-D4");
    const std::string a = fp32("a.npy", {0x3F800000U, 0x3F800000U});
    (void)truncated_fp32();
    write_bytes(path("fortran.npy"), {0x93U, 'N', 'U', 'M', 'P', 'Y', 1U, 0U, 60U, 0U});
    const std::vector<std::vector<std::string>> failures = {
        {"div", path("missing.npy"), a, "--out", path("y.npy")},
        {"div", path("truncated.npy"), a, "--out", path("y.npy")},
        {"div", path("fortran.npy"), a, "--out", path("y.npy")},
        {"div", a, a, "--out", path("y.onnx")},
        {"div", a, a, "--out", path("no/such/dir/y.npy")},
        {"div", a, a, "--out", dir_},
    };
    for (const std::vector<std::string>& args : failures) {
        const CommandResult r = run(args);
        EXPECT_EQ(r.status, 2) << args[1] << " " << args[4] << ": " << r.err;
        EXPECT_TRUE(contains(r.err, "sonnx-div div: ")) << r.err;
    }
    EXPECT_TRUE(contains(run(failures[1]).err, "truncated.npy: .npy: shape [2] of dtype '<f4' needs 8 data bytes"));
    EXPECT_EQ(directory_entries(dir_), (std::set<std::string>{"a.npy", "truncated.npy", "fortran.npy"}));
}

// check reads A, B and Y at once (a thread each) but reports a file error
// as reading them in order would: the first of A, B, Y that fails, every
// time, whichever thread finishes first.
// [utest->req~div-io-d4~1]
// [utest->req~div-cli-d17~1]
TEST_F(Cli, CheckFileErrorsNameTheFirstFailingFileInOrder) {
    RecordProperty("requirements", "DIV-IO-D4,DIV-CLI-D17");
    const std::string a = fp32("a.npy", {0x3F800000U, 0x3F800000U});
    (void)truncated_fp32();
    struct Case {
        std::vector<std::string> args;
        std::string message;  // the first failing file's error
        std::string absent;   // a later failing file, which must not be named
    };
    const std::vector<Case> cases = {
        {{"check", path("missing.npy"), path("truncated.npy"), path("gone.npy")},
         path("missing.npy") + ": cannot open",
         "truncated.npy"},
        {{"check", a, path("truncated.npy"), path("gone.npy")},
         path("truncated.npy") + ": .npy: shape [2]",
         "gone.npy"},
        {{"check", a, a, path("gone.npy")}, path("gone.npy") + ": cannot open", "truncated.npy"},
    };
    for (int round = 0; round < 5; ++round) {
        for (const Case& c : cases) {
            const CommandResult r = run(c.args);
            EXPECT_EQ(r.status, 2) << r.err;
            EXPECT_TRUE(contains(r.err, c.message)) << c.message << " / " << r.err;
            EXPECT_FALSE(contains(r.err, c.absent)) << r.err;
        }
    }
}

// BF16 in .npy: <u2 patterns, BF16 only when asked. 1.0 / 2.0 = 0.5 (0x3F00);
// the same patterns as UINT16 divide to 16256 / 16384 = 0.
// [utest->req~div-io-d2~1]
TEST_F(Cli, DivBf16FromNpyOnlyWhenAsked) {
    RecordProperty("requirements", "DIV-IO-D2");
    const std::string a = npy("a.npy", "<u2", "(1,)", {0x3F80U}, 2U);
    const std::string b = npy("b.npy", "<u2", "(1,)", {0x4000U}, 2U);
    EXPECT_EQ(run({"div", a, b, "--out", path("y.npy"), "--type", "bf16"}).status, 0);
    EXPECT_EQ(file_bytes(path("y.npy")), npy_bytes("<u2", "(1,)", le_bytes({0x3F00U}, 2U)));
    EXPECT_EQ(run({"div", a, b, "--out", path("y16.npy")}).status, 0);
    EXPECT_EQ(file_bytes(path("y16.npy")), npy_bytes("<u2", "(1,)", le_bytes({0U}, 2U)));
    EXPECT_EQ(run({"div", a, b, "--out", path("y.pb"), "--type", "BF16"}).status, 0);
    EXPECT_EQ(file_bytes(path("y.pb")), (std::vector<std::uint8_t>{0x08U, 1U, 0x10U, 16U, 0x4AU, 2U, 0x00U, 0x3FU}));
}

// Signalling NaNs where a quiet NaN is due (issue #33, item 2, as measured:
// "conforming: 4 of 4, bit-exact: 4"): A = 0, NaN, inf, 1 over B = 0, 1,
// inf, NaN in FP32 with Y = 0x7F800001, 0xFF800001, 0x7FBFFFFF, 0x7F800002,
// each with the quiet bit (0x00400000) clear. None conforms at any level.
// [utest->req~div-cli-d5~3]
// [utest->req~div-cli-d6~3]
TEST_F(Cli, CheckRefusesSignallingNans) {
    RecordProperty("requirements", "DIV-CLI-D5,DIV-CLI-D6");
    const std::string a = fp32("a.npy", {0x00000000U, 0x7FC00000U, 0x7F800000U, 0x3F800000U});
    const std::string b = fp32("b.npy", {0x00000000U, 0x3F800000U, 0x7F800000U, 0x7FC00000U});
    const std::string y = fp32("y.npy", {0x7F800001U, 0xFF800001U, 0x7FBFFFFFU, 0x7F800002U});
    for (const char* level : {"exact", "half-ulp", "one-ulp", "4ulp"}) {
        const CommandResult r = run({"check", a, b, y, "--accept", level, "--json", path("report.json")});
        EXPECT_EQ(r.status, 1) << level << r.out << r.err;
        EXPECT_TRUE(contains(r.out, "conforming: 0 of 4 (4 non-conforming)")) << r.out;
        EXPECT_TRUE(contains(r.out, "bit-exact: 0")) << r.out;
        const nlohmann::json report = json("report.json");
        EXPECT_EQ(report["special_value_mismatches"], 4) << level;
        EXPECT_EQ(report["failed_requirements"], nlohmann::json::array({"DIV-FLOAT-D3"})) << level;
    }
}

// Correct results: 1/3, 1/0 = inf, 0/0 given another quiet NaN (negative,
// payload 1: conforming, not bit-exact), 1/-inf = -0.
// [utest->req~div-cli-d1~1]
// [utest->req~div-cli-d6~3]
TEST_F(Cli, CheckConformingResultExitsZeroWithReport) {
    RecordProperty("requirements", "DIV-CLI-D1,DIV-CLI-D6");
    const std::string a = fp32("a.npy", {0x3F800000U, 0x3F800000U, 0x00000000U, 0x3F800000U});
    const std::string b = fp32("b.npy", {0x40400000U, 0x00000000U, 0x00000000U, 0xFF800000U});
    const std::string y = fp32("y.npy", {0x3EAAAAABU, 0x7F800000U, 0xFFC00001U, 0x80000000U});
    const CommandResult r = run({"check", a, b, y, "--json", path("report.json")});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_TRUE(contains(r.out, "conforming: 4 of 4 (0 non-conforming)")) << r.out;
    EXPECT_TRUE(contains(r.out, "result: CONFORMING"));
    const nlohmann::json report = json("report.json");
    EXPECT_EQ(report["type"], "FP32");
    EXPECT_EQ(report["elements"], 4);
    EXPECT_EQ(report["conforming"], 4);
    EXPECT_EQ(report["exact_matches"], 3);  // bit-identical: not 0xFFC00001 for the default NaN 0x7FC00000
    EXPECT_EQ(report["conforming_result"], true);
    EXPECT_TRUE(report["precondition"].is_null());
    EXPECT_TRUE(report["failed_requirements"].empty());
    // Three exact values (0 ulp) and 1/3, a third of an ulp from 0x3EAAAAAB.
    EXPECT_EQ(report["histogram"][0]["count"], 3);
    EXPECT_EQ(report["histogram"][1]["bucket"], "(0, 0.5]");
    EXPECT_EQ(report["histogram"][1]["count"], 1);
    EXPECT_NEAR(report["max_ulp_error"].get<double>(), 1.0 / 3.0, 1e-6);
    ASSERT_EQ(report["worst"].size(), 1U);
    EXPECT_EQ(report["worst"][0]["index"], 0);
    EXPECT_EQ(report["worst"][0]["expected"], "0x3eaaaaab");
}

// Negative control: one ulp off. 1/3 given 0x3EAAAAAA, 2/3 ulp below the
// exact quotient: fails exact and half-ulp, passes one-ulp.
// [utest->req~div-cli-d5~3]
// [utest->req~div-cli-d6~3]
// [utest->req~div-float-acc1~1]
TEST_F(Cli, CheckNegativeControlOffByOneUlp) {
    RecordProperty("requirements", "DIV-CLI-D5,DIV-CLI-D6,DIV-FLOAT-ACC1");
    const std::string a = fp32("a.npy", {0x3F800000U});
    const std::string b = fp32("b.npy", {0x40400000U});
    const std::string y = fp32("y.npy", {0x3EAAAAAAU});
    const CommandResult exact = run({"check", a, b, y, "--json", path("exact.json")});
    EXPECT_EQ(exact.status, 1);
    EXPECT_TRUE(contains(exact.out, "failed requirements: DIV-FLOAT-ACC1 DIV-FLOAT-F1")) << exact.out;
    EXPECT_TRUE(contains(exact.out, "result: NOT CONFORMING"));
    const nlohmann::json report = json("exact.json");
    EXPECT_EQ(report["nonconforming"], 1);
    EXPECT_NEAR(report["worst"][0]["ulp_error"].get<double>(), 2.0 / 3.0, 1e-6);
    EXPECT_EQ(report["worst"][0]["y"], "0x3eaaaaaa");
    EXPECT_EQ(report["worst"][0]["expected"], "0x3eaaaaab");
    EXPECT_EQ(report["worst"][0]["a_value"], "1");
    EXPECT_EQ(run({"check", a, b, y, "--accept", "half-ulp"}).status, 1);
    EXPECT_EQ(run({"check", a, b, y, "--accept", "one-ulp"}).status, 0);
}

// Negative control: a flushed subnormal, as AVX512-BF16 vcvtneps2bf16 gives.
// BF16 3 * 2^-133 / 2 = 1.5 * 2^-133 rounds to 0x0002; +0 is 1.5 ulp
// (2^-133) away: it fails at every level, reported as a flush to zero with
// its true error, not as a special value (DIV-CLI-D16).
// [utest->req~div-cli-d5~3]
// [utest->req~div-cli-d16~1]
// [utest->req~div-float-d7~1]
// [utest->req~div-float-f1~1]
TEST_F(Cli, CheckNegativeControlFlushedSubnormal) {
    RecordProperty("requirements", "DIV-CLI-D5,DIV-CLI-D16,DIV-FLOAT-D7,DIV-FLOAT-F1");
    const std::string a = npy("a.npy", "<u2", "(1,)", {0x0003U}, 2U);
    const std::string b = npy("b.npy", "<u2", "(1,)", {0x4000U}, 2U);
    const std::string y = npy("y.npy", "<u2", "(1,)", {0x0000U}, 2U);
    const CommandResult r = run({"check", a, b, y, "--type", "bf16", "--accept", "one-ulp", "--json", path("r.json")});
    EXPECT_EQ(r.status, 1) << r.err;
    const nlohmann::json report = json("r.json");
    EXPECT_EQ(report["type"], "BF16");
    EXPECT_EQ(report["special_value_mismatches"], 0);
    EXPECT_EQ(report["flush_to_zero"], 1);
    EXPECT_EQ(report["max_ulp_error"], 1.5);
    EXPECT_EQ(report["worst"][0]["expected"], "0x0002");
    EXPECT_EQ(report["worst"][0]["flush_to_zero"], true);
    EXPECT_EQ(report["histogram"][3]["count"], 1);  // [1, 2)
    EXPECT_EQ(report["histogram"][8]["count"], 0);
    EXPECT_TRUE(contains(r.out,
                         "flush to zero (subnormal operands read as zero, or a zero for a quotient below the "
                         "smallest normal): 1\n"))
        << r.out;
    EXPECT_TRUE(contains(r.out, "error 1.5 ulp, flush to zero, NON-CONFORMING")) << r.out;
}

// Negative control: a lost sign of zero. 0 / -5 = -0, given +0.
// [utest->req~div-float-d2~1]
// [utest->req~div-cli-d6~3]
TEST_F(Cli, CheckNegativeControlLostSignOfZero) {
    RecordProperty("requirements", "DIV-FLOAT-D2,DIV-CLI-D6");
    const CommandResult r = run({"check", fp32("a.npy", {0x00000000U}), fp32("b.npy", {0xC0A00000U}),
                                 fp32("y.npy", {0x00000000U}), "--accept", "one-ulp"});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.out, "failed requirements: DIV-FLOAT-D2\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "expected 0x80000000 (-0)")) << r.out;
}

// Negative control: a NaN where an infinity is due. 1 / 0 = +inf, given NaN.
// [utest->req~div-float-d1~1]
// [utest->req~div-cli-d6~3]
TEST_F(Cli, CheckNegativeControlNanWhereInfinityIsDue) {
    RecordProperty("requirements", "DIV-FLOAT-D1,DIV-CLI-D6");
    const CommandResult r = run({"check", fp32("a.npy", {0x3F800000U}), fp32("b.npy", {0x00000000U}),
                                 fp32("y.npy", {0x7FC00000U}), "--accept", "one-ulp"});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.out, "failed requirements: DIV-FLOAT-D1\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "special-value mismatches (NaN, infinity, sign of a zero): 1")) << r.out;
}

// Negative control: floor where truncation was asked. -7 / 2: trunc -3, floor -4.
// [utest->req~div-int-d1~1]
// [utest->req~div-int-f1~1]
// [utest->req~div-cli-d5~3]
TEST_F(Cli, CheckNegativeControlFloorWhereTruncationWasAsked) {
    RecordProperty("requirements", "DIV-INT-D1,DIV-INT-F1,DIV-CLI-D5");
    const std::string a = int32("a.npy", {-7, 7});
    const std::string b = int32("b.npy", {2, 2});
    const std::string y = int32("y.npy", {-4, 3});
    const CommandResult trunc = run({"check", a, b, y, "--int-rounding", "trunc", "--accept", "one-ulp"});
    EXPECT_EQ(trunc.status, 1);
    EXPECT_TRUE(contains(trunc.out, "failed requirements: DIV-INT-ACC1 DIV-INT-D1")) << trunc.out;
    EXPECT_TRUE(contains(trunc.out, "[0]: A = -7, B = 2, Y = -4, expected -3, error 1, NON-CONFORMING")) << trunc.out;
    EXPECT_EQ(run({"check", a, b, y}).status, 0);
}

// [utest->req~div-cli-d7~3]
// [utest->req~div-cli-d2~1]
// [utest->req~div-cli-d3~3]
TEST_F(Cli, CheckPreconditionsExitThreeAndAreRecorded) {
    RecordProperty("requirements", "DIV-CLI-D7,DIV-CLI-D2,DIV-CLI-D3");
    const std::string a = int32("a.npy", {1, -2147483648, 3});
    const std::string b = int32("b.npy", {1, -1, 0});
    const std::string y = int32("y.npy", {1, 0, 0});
    const CommandResult r = run({"check", a, b, y, "--json", path("r.json")});
    EXPECT_EQ(r.status, 3);
    EXPECT_TRUE(contains(r.err, "overflow: DIV-INT-D2 violated at A[1] (A[1] = -2147483648, B[1] = -1)")) << r.err;
    const nlohmann::json report = json("r.json");
    EXPECT_EQ(report["precondition"]["requirement"], "DIV-INT-D2");
    EXPECT_EQ(report["precondition"]["index"], 1);
    EXPECT_EQ(report["conforming_result"], false);
    // Y of another shape is a wrong candidate, not a precondition (exit 1);
    // Y's shape and type are judged before the elements' preconditions.
    const CommandResult shape = run({"check", a, b, int32("y2.npy", {1, 2})});
    EXPECT_EQ(shape.status, 1);
    EXPECT_TRUE(contains(shape.out, "Y is not a candidate result: Y is INT32 [2], and A / B gives INT32 [3] here"))
        << shape.out;
}

// INT4 in packed .pb files: [7, -8, -7] / [2, 2, 2] = [3, -4, -4] (0xC3 0x0C).
// [utest->req~div-int-d3~1]
// [utest->req~div-cli-d7~3]
TEST_F(Cli, CheckInt4PackedFiles) {
    RecordProperty("requirements", "DIV-INT-D3,DIV-CLI-D7");
    const std::string a = pb("a.pb", 3U, 22U, {0x87U, 0x09U});
    const std::string b = pb("b.pb", 3U, 22U, {0x22U, 0x02U});
    EXPECT_EQ(run({"check", a, b, pb("y.pb", 3U, 22U, {0xC3U, 0x0CU})}).status, 0);
    EXPECT_EQ(run({"check", a, b, pb("w.pb", 3U, 22U, {0xC3U, 0x0DU})}).status, 1);  // -3 for -4
    // INT4 operands out of range from .npy (i1): DIV-INT-D4.
    const std::string a8 = npy("a8.npy", "|i1", "(2,)", {1U, 9U}, 1U);
    const CommandResult range = run({"check", a8, a8, a8, "--type", "int4"});
    EXPECT_EQ(range.status, 3);
    EXPECT_TRUE(contains(range.err, "value_out_of_range: DIV-INT-D4 violated at A[1]")) << range.err;
}

// The spec's real examples: 6.1/3.0 = 61/30 ~ 2.0333, 9.5/3.3 = 95/33 ~
// 2.8788, 35.7/5.1 = 7 (F-15); 1/8 at 2 digits is 0.12 (ties to even).
// [utest->req~div-cli-d9~4]
// [utest->req~div-real-f1~1]
// [utest->req~div-real-d2~1]
TEST_F(Cli, RealPrintsFractionsAndDecimals) {
    RecordProperty("requirements", "DIV-CLI-D9,DIV-REAL-F1,DIV-REAL-D2");
    const CommandResult r = run({"real", "6.1,9.5,35.7", "3.0,3.3,5.1"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "Y[0] = 61/30 ~ 2.0333\nY[1] = 95/33 ~ 2.8788\nY[2] = 7 = 7.0000\n");
    EXPECT_EQ(run({"real", "1", "8", "--digits", "2"}).out, "Y[0] = 1/8 ~ 0.12\n");
    EXPECT_EQ(run({"real", "-1", "8", "--digits", "3"}).out, "Y[0] = -1/8 = -0.125\n");
    write_text(path("a.txt"), "# dividends\n16.2 25.3\n24.8, 3.7\n");
    write_text(path("b.txt"), "4.1 5.2 4.0 3.0  # divisors\n");
    EXPECT_EQ(run({"real", path("a.txt"), path("b.txt")}).out,
              "Y[0] = 162/41 ~ 3.9512\nY[1] = 253/52 ~ 4.8654\nY[2] = 31/5 = 6.2000\nY[3] = 37/30 ~ 1.2333\n");
}

// [utest->req~div-cli-d9~4]
// [utest->req~div-cli-d1~1]
// [utest->req~div-real-c1~1]
// [utest->req~div-real-c2~1]
TEST_F(Cli, RealErrors) {
    RecordProperty("requirements", "DIV-CLI-D9,DIV-CLI-D1,DIV-REAL-C1,DIV-REAL-C2");
    const CommandResult zero = run({"real", "1,2", "3,0.000"});
    EXPECT_EQ(zero.status, 3);
    EXPECT_TRUE(contains(zero.err, "zero_divisor: DIV-REAL-C2 violated at B[1] (A[1] = 2, B[1] = 0)")) << zero.err;
    const CommandResult shape = run({"real", "1,2", "3"});
    EXPECT_EQ(shape.status, 3);
    EXPECT_TRUE(contains(shape.err, "DIV-REAL-C1")) << shape.err;
    EXPECT_EQ(run({"real", "6.1x", "3"}).status, 2);
    EXPECT_EQ(run({"real", "inf", "3"}).status, 2);
    EXPECT_EQ(run({"real", path("none.txt"), "3"}).status, 2);
    write_text(path("bad.txt"), "1 2 zwei\n");
    EXPECT_TRUE(contains(run({"real", path("bad.txt"), "1,1,1"}).err, "element 2 'zwei'"));
}

// CLI11 reads an argument that starts with "-." as an option (issue #33
// item 7: `real -.5 2` said "B is required"): the message says how to pass
// such a decimal, and the help says it too; `--` and -0.5 work.
// [utest->req~div-cli-d9~4]
// [utest->req~div-cli-d1~1]
TEST_F(Cli, RealSaysHowToPassADecimalThatStartsWithMinusPoint) {
    RecordProperty("requirements", "DIV-CLI-D9,DIV-CLI-D1");
    const std::string how =
        "an operand that starts with '-.' reads as an option: write -0.5 for -.5, or give the operands after "
        "--, as in sonnx-div real -- -.5 2";
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"real", "-.5", "2"}, std::vector<std::string>{"real", "1", "-.5,-.25"},
          std::vector<std::string>{"real", "--digits", "2", "-.5"}}) {
        const CommandResult r = run(args);
        EXPECT_EQ(r.status, 2) << args[1] << " " << r.err;
        EXPECT_TRUE(contains(r.err, how)) << args[1] << " " << r.err;
        EXPECT_FALSE(contains(r.err, "is required")) << args[1] << " " << r.err;
        EXPECT_TRUE(r.out.empty()) << r.out;
    }
    EXPECT_EQ(run({"real", "--", "-.5", "2"}).out, "Y[0] = -1/4 = -0.2500\n");
    EXPECT_EQ(run({"real", "--digits", "3", "--", "-.5,-.25", "2,-.5"}).out,
              "Y[0] = -1/4 = -0.250\nY[1] = 1/2 = 0.500\n");
    EXPECT_EQ(run({"real", "-0.5", "2"}).out, "Y[0] = -1/4 = -0.2500\n");
    EXPECT_TRUE(contains(run({"real", "--help"}).out, "sonnx-div real -- -.5,-.25 2,2")) << run({"real", "--help"}).out;
}

// A malformed item is shown whole in the message, control bytes escaped
// as \xHH and a backslash doubled (issue #33 item 7: an embedded NUL cut the
// message off at the NUL, hiding the rest of the item and the reason).
// [utest->req~div-cli-d9~4]
// [utest->req~div-real-d1~1]
TEST_F(Cli, RealMessagesShowTheWholeItem) {
    RecordProperty("requirements", "DIV-CLI-D9,DIV-REAL-D1");
    const char nul_items[] = "6.1 1\0x\x1b[2J 2\n";  // "1", NUL, "x", ESC, "[2J" between 6.1 and 2
    write_text(path("nul.txt"), std::string(nul_items, sizeof(nul_items) - 1U));
    const CommandResult nul = run({"real", path("nul.txt"), "1,1,1"});
    EXPECT_EQ(nul.status, 2) << nul.err;
    EXPECT_EQ(nul.err, "sonnx-div real: " + path("nul.txt") +
                           ": element 1 '1\\x00x\\x1b[2J': unexpected character '\\x00' at position 1 in "
                           "\"1\\x00x\\x1b[2J\"\n");
    write_text(path("slash.txt"), "1\\x00\n");  // a backslash and "x00": not a NUL
    const CommandResult slash = run({"real", path("slash.txt"), "1"});
    EXPECT_EQ(slash.status, 2) << slash.err;
    EXPECT_TRUE(contains(slash.err, "element 0 '1\\\\x00': unexpected character '\\\\' at position 1")) << slash.err;
}

// The largest operand real admits, of the form that took longest (issue #33
// item 7: a million `0e99999` ran nine minutes per operand, each computing
// 10^99999 before seeing the zero): every item is 0, with no power computed.
// A decimal whose bound from its text passes the limit is refused before any
// power is computed: 10^-21,000,001 would be a 70-million-bit denominator.
// (The time is measured with /usr/bin/time, not here: spec/cli.md, DIV-CLI-D9.)
// [utest->req~div-cli-d9~4]
TEST_F(Cli, RealTakesAMillionZerosWithAnyExponent) {
    RecordProperty("requirements", "DIV-CLI-D9");
    std::string zeros;
    std::string ones;
    for (int i = 0; i < 1000000; ++i) {
        zeros += "0e99999\n";
        ones += "1\n";
    }
    write_text(path("zeros.txt"), zeros);
    write_text(path("ones.txt"), ones);
    const CommandResult r = run({"real", path("zeros.txt"), path("ones.txt"), "--digits", "0"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out.size(), 17888890U);  // "Y[i] = 0 = 0\n" for i from 0 to 999999
    EXPECT_TRUE(contains(r.out, "\nY[999999] = 0 = 0\n")) << r.out.substr(r.out.size() - 100U);
    write_text(path("tiny.txt"), "0." + std::string(21000000, '0') + "1\n");
    const CommandResult tiny = run({"real", path("tiny.txt"), "1"});
    EXPECT_EQ(tiny.status, 2) << tiny.err;
    EXPECT_TRUE(contains(tiny.err, "elements 0 to 0 may need up to 69760498 bits")) << tiny.err;
    for (const char* name : {"zeros.txt", "ones.txt", "tiny.txt"}) {  // 31 MB the scratch folder need not keep
        ::unlink(path(name).c_str());
    }
}

// [utest->req~div-cli-d8~2]
// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
TEST_F(Cli, CampaignExhaustiveSmallIntegers) {
    RecordProperty("requirements", "DIV-CLI-D8,DIV-INT-F1,DIV-INT-D1");
    const CommandResult int8 = run({"campaign", "int8", "--exhaustive", "--threads", "2"});
    EXPECT_EQ(int8.status, 0) << int8.out;
    EXPECT_TRUE(contains(int8.out, "pairs: 65536, mismatches: 0")) << int8.out;
    const CommandResult uint4 = run({"campaign", "UINT4", "--exhaustive", "--int-rounding", "trunc"});
    EXPECT_EQ(uint4.status, 0);
    EXPECT_TRUE(contains(uint4.out, "rounding trunc")) << uint4.out;
    EXPECT_TRUE(contains(uint4.out, "pairs: 256, mismatches: 0")) << uint4.out;
    EXPECT_TRUE(uint4.err.empty()) << "no progress bar when stderr is not a terminal";
}

// A named pipe given as an input is refused at once, as every file that is
// not a regular one (issue #11: `div` blocked forever in open() on a FIFO
// with no writer). No test here writes to the pipes: a reader that waits
// for a writer would hang, which ctest's timeout reports as a failure.
// [utest->req~div-io-d4~1]
// [utest->req~div-cli-d9~4]
TEST_F(Cli, NamedPipesAreRefusedWithoutWaiting) {
    RecordProperty("requirements", "DIV-IO-D4,DIV-CLI-D9");
    const std::string a = fp32("a.npy", {0x3F800000U});
    ASSERT_EQ(::mkfifo(path("pipe.npy").c_str(), 0600), 0);
    ASSERT_EQ(::mkfifo(path("pipe.pb").c_str(), 0600), 0);
    ASSERT_EQ(::mkfifo(path("pipe.txt").c_str(), 0600), 0);
    ASSERT_EQ(::mkdir(path("node").c_str(), 0700), 0);
    ASSERT_EQ(::mkfifo(path("node/model.onnx").c_str(), 0600), 0);
    const std::vector<std::vector<std::string>> commands = {
        {"div", path("pipe.npy"), a, "--out", path("y.npy")},
        {"div", a, path("pipe.pb"), "--out", path("y.npy")},
        {"check", a, a, path("pipe.npy")},
        {"real", path("pipe.txt"), "1"},
    };
    for (const std::vector<std::string>& args : commands) {
        const CommandResult r = run(args);
        EXPECT_EQ(r.status, 2) << args[0] << " " << args[1] << " " << r.err;
        EXPECT_TRUE(contains(r.err, "not a regular file")) << args[0] << ": " << r.err;
    }
    EXPECT_FALSE(file_exists(path("y.npy")));
    const CommandResult node = run({"onnx-test", path("node")});
    EXPECT_NE(node.status, 0) << node.out;
    EXPECT_TRUE(contains(node.out + node.err, "not a regular file")) << node.out << node.err;
}

// real's operand files are regular files of at most 64 MiB, refused before
// they are read (issue #11: `real /dev/zero 1` read until memory ran out).
// [utest->req~div-cli-d9~4]
TEST_F(Cli, RealOperandFilesAreBounded) {
    RecordProperty("requirements", "DIV-CLI-D9");
    const CommandResult zero = run({"real", "/dev/zero", "1"});
    EXPECT_EQ(zero.status, 2) << zero.err;
    EXPECT_TRUE(contains(zero.err, "not a regular file")) << zero.err;
    write_text(path("big.txt"), "1\n");
    ASSERT_EQ(::truncate(path("big.txt").c_str(), (off_t{64} << 20) + 1), 0);  // sparse: 64 MiB + 1 byte
    const CommandResult big = run({"real", path("big.txt"), "1"});
    EXPECT_EQ(big.status, 2) << big.err;
    EXPECT_TRUE(contains(big.err, "67108865 bytes, above the limit of 67108864 bytes")) << big.err;
    write_text(path("small.txt"), "6.1 # a comment\n");
    const CommandResult small = run({"real", path("small.txt"), "3"});
    EXPECT_EQ(small.status, 0) << small.err;
    EXPECT_TRUE(contains(small.out, "Y[0] = 61/30")) << small.out;
}

// Output paths are checked before any work (issue #11: `check A B Y --json A`
// overwrote A; `--json -` created a file named "-"; an unwritable --json
// path was found only after the computation).
// [utest->req~div-cli-d12~3]
TEST_F(Cli, OutputPathsAreCheckedBeforeTheWork) {
    RecordProperty("requirements", "DIV-CLI-D12");
    const std::string a = fp32("a.npy", {0x3F800000U});
    const std::string b = fp32("b.npy", {0x40000000U});
    const std::string y = fp32("y.npy", {0x3F000000U});  // 1 / 2 = 0.5
    const std::string a_bytes = file_text(a);
    for (const std::string& input : {a, b, y}) {
        const CommandResult r = run({"check", a, b, y, "--json", input});
        EXPECT_EQ(r.status, 2) << r.err;
        EXPECT_TRUE(contains(r.err, "it would be overwritten")) << r.err;
    }
    EXPECT_EQ(file_text(a), a_bytes);
    const CommandResult dash = run({"check", a, b, y, "--json", "-"});
    EXPECT_EQ(dash.status, 2) << dash.err;
    EXPECT_TRUE(contains(dash.err, "standard output is not supported")) << dash.err;
    EXPECT_FALSE(file_exists(path("-")));
    const CommandResult missing = run({"check", a, b, y, "--json", path("none/report.json")});
    EXPECT_EQ(missing.status, 2) << missing.err;
    EXPECT_TRUE(contains(missing.err, "its directory does not exist or cannot be written")) << missing.err;
    EXPECT_TRUE(missing.out.empty()) << "refused before the check ran: " << missing.out;
    ASSERT_EQ(::mkdir(path("report.json").c_str(), 0700), 0);
    const CommandResult directory = run({"campaign", "int8", "--exhaustive", "--json", path("report.json")});
    EXPECT_EQ(directory.status, 2) << directory.err;
    EXPECT_TRUE(contains(directory.err, "exists and is not a regular file")) << directory.err;
    const CommandResult out = run({"div", a, b, "--out", path("none/y.npy")});
    EXPECT_EQ(out.status, 2) << out.err;
    EXPECT_TRUE(contains(out.err, "--out")) << out.err;
    const CommandResult fine = run({"check", a, b, y, "--json", path("r.json")});
    EXPECT_EQ(fine.status, 0) << fine.out << fine.err;
    EXPECT_TRUE(file_exists(path("r.json")));
    // div may replace an operand: 1 / 2 written over A.
    const CommandResult in_place = run({"div", a, b, "--out", a});
    EXPECT_EQ(in_place.status, 0) << in_place.err;
    EXPECT_EQ(file_text(a), file_text(y));
}

// An empty output path is a usage error naming the option, for every
// option that names a file to write (issue #33 item 7: `check`, `merge` and
// `campaign` with `--json ""` exited 0 and wrote no report, "" standing for
// "not given"; `div --out ""` failed without naming --out).
// [utest->req~div-cli-d12~3]
// [utest->req~div-cli-d1~1]
TEST_F(Cli, EmptyOutputPathsAreUsageErrors) {
    RecordProperty("requirements", "DIV-CLI-D12,DIV-CLI-D1");
    const std::string a = fp32("a.npy", {0x3F800000U, 0x40000000U});
    const std::string b = fp32("b.npy", {0x40000000U, 0x40000000U});
    const std::string y = fp32("y.npy", {0x3F000000U, 0x3F800000U});  // 1 / 2, 2 / 2
    ASSERT_EQ(run({"check", a, b, y, "--shard", "0/2", "--json", path("r0.json")}).status, 0);
    ASSERT_EQ(run({"check", a, b, y, "--shard", "1/2", "--json", path("r1.json")}).status, 0);
    const std::vector<std::vector<std::string>> commands = {
        {"div", a, b, "--out", ""},
        {"div", a, b, "-o", ""},
        {"check", a, b, y, "--json", ""},
        {"campaign", "int8", "--exhaustive", "--json", ""},
        {"merge", path("r0.json"), path("r1.json"), "--json", ""},
    };
    for (const std::vector<std::string>& args : commands) {
        const CommandResult r = run(args);
        const std::string option = (args[0] == "div") ? "--out" : "--json";
        EXPECT_EQ(r.status, 2) << args[0] << " " << r.out << r.err;
        EXPECT_TRUE(contains(r.err, option + ": an empty path names no file; give a file name"))
            << args[0] << " " << r.err;
        EXPECT_TRUE(r.out.empty()) << args[0] << " ran: " << r.out;
    }
    EXPECT_EQ(directory_entries(dir_), (std::set<std::string>{"a.npy", "b.npy", "y.npy", "r0.json", "r1.json"}));
    // `--json= -j2`: CLI11 takes -j2 as the path (found after the helper's change: a report
    // written to a file named -j2, exit 0); a path that reads as an option is refused.
    const CommandResult dash = run({"check", a, b, y, "--json=", "-j2"});
    EXPECT_EQ(dash.status, 2) << dash.out << dash.err;
    EXPECT_TRUE(contains(dash.err, "'-j2' reads as an option, not a file; write ./-j2 for a file named so"))
        << dash.err;
    EXPECT_EQ(directory_entries(dir_), (std::set<std::string>{"a.npy", "b.npy", "y.npy", "r0.json", "r1.json"}));
    // merge's --json is checked as check's: here it names one of the reports.
    const std::string r0 = file_text(path("r0.json"));
    const CommandResult over = run({"merge", path("r0.json"), path("r1.json"), "--json", path("r0.json")});
    EXPECT_EQ(over.status, 2) << over.err;
    EXPECT_TRUE(contains(over.err, "--json " + path("r0.json") + ": is input REPORT; it would be overwritten"))
        << over.err;
    EXPECT_EQ(file_text(path("r0.json")), r0);
}

// Negative or oversized counts are usage errors, never wrapped into 2^64 - 1
// and run short (issue #11: `--random -1` reported 18446744073709551615
// random pairs, ran 1600 and exited 0).
// [utest->req~div-cli-d11~2]
TEST_F(Cli, CampaignNumbersAtTheirExtremesAreUsageErrors) {
    RecordProperty("requirements", "DIV-CLI-D11");
    for (const std::vector<std::string>& options :
         {std::vector<std::string>{"--random", "-1", "--seed", "1"},
          std::vector<std::string>{"--random", "18446744073709550000", "--seed", "1"},
          std::vector<std::string>{"--random", "1152921504606846977", "--seed", "1"},
          std::vector<std::string>{"--random", "18446744073709551616", "--seed", "1"},
          std::vector<std::string>{"--random", "0x10", "--seed", "1"},
          std::vector<std::string>{"--random", "10", "--seed", "-1"},
          std::vector<std::string>{"--random", "10", "--seed", " -1"},
          std::vector<std::string>{"--random", "10", "--seed", "18446744073709551616"},
          std::vector<std::string>{"--threads", "-1"}, std::vector<std::string>{"--threads", "0"}}) {
        std::vector<std::string> args = {"campaign", "fp32"};
        args.insert(args.end(), options.begin(), options.end());
        args.insert(args.end(), {"--json", path("extreme.json")});
        const CommandResult r = run(args);
        EXPECT_EQ(r.status, 2) << options[0] << " " << options[1] << "\n" << r.out << r.err;
        EXPECT_FALSE(contains(r.out, "no mismatch")) << r.out;
        EXPECT_FALSE(file_exists(path("extreme.json"))) << options[1];
    }
    const CommandResult zero = run({"campaign", "fp32", "--random", "0", "--seed", "18446744073709551615"});
    EXPECT_EQ(zero.status, 0) << zero.out << zero.err;
    EXPECT_TRUE(contains(zero.out, "pairs: 1600, mismatches: 0")) << zero.out;
}

// 40 x 40 boundary pairs + 5000 random; the seed printed and recorded, and
// how the report was made (DIV-CLI-D17).
// [utest->req~div-cli-d8~2]
// [utest->req~div-cli-d3~3]
// [utest->req~div-cli-d17~1]
TEST_F(Cli, CampaignSampledPrintsTheSeedAndWritesJson) {
    RecordProperty("requirements", "DIV-CLI-D8,DIV-CLI-D3,DIV-CLI-D17");
    const CommandResult r = run({"campaign", "fp64", "--random", "5000", "--seed", "42", "--json", path("c.json")});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_TRUE(contains(r.out, "seed 42")) << r.out;
    EXPECT_TRUE(contains(r.out, "pairs: 6600, mismatches: 0")) << r.out;
    EXPECT_TRUE(r.err.empty());
    const nlohmann::json report = json("c.json");
    EXPECT_EQ(report["seed"], 42);
    EXPECT_EQ(report["pairs"], 6600);
    EXPECT_EQ(report["mismatches"], 0);
    EXPECT_EQ(report["mode"], "sampled");
    EXPECT_EQ(report["provenance"]["version"], "0.1.0");
    EXPECT_EQ(report["provenance"]["options"]["seed"], "42");
    EXPECT_EQ(report["provenance"]["options"]["random"], "5000");
    EXPECT_EQ(report["provenance"]["options"]["profile"], "sonnx");
    EXPECT_TRUE(contains(r.out, "made by: sonnx-div 0.1.0 (revision ")) << r.out;
    const CommandResult drawn = run({"campaign", "int64", "--random", "1000"});
    EXPECT_EQ(drawn.status, 0);
    EXPECT_TRUE(contains(drawn.out, " random pairs, seed ")) << drawn.out;
}

// A [2, 3] = [[7, -7, 7], [-7, 7, -7]] over B [3] = [2, -2, 2]: broadcasting
// under onnx and openvino, truncation under onnx ([[3, 3, 3], [-3, -3, -3]]),
// floor under openvino's default m_pythondiv ([[3, 3, 3], [-4, -4, -4]]);
// the sonnx profile rejects the shapes (R1 through C1).
// [utest->req~div-cli-d10~1]
// [utest->req~div-onnx-f1~1]
// [utest->req~div-ov-f1~1]
// [utest->req~div-int-r1~1]
TEST_F(Cli, DivUnderEachProfile) {
    RecordProperty("requirements", "DIV-CLI-D10,DIV-ONNX-F1,DIV-OV-F1,DIV-INT-R1");
    const std::string a = npy(
        "a.npy", "<i4", "(2, 3)",
        {7U, static_cast<std::uint64_t>(-7), 7U, static_cast<std::uint64_t>(-7), 7U, static_cast<std::uint64_t>(-7)},
        4U);
    const std::string b = npy("b.npy", "<i4", "(3,)", {2U, static_cast<std::uint64_t>(-2), 2U}, 4U);
    EXPECT_EQ(run({"div", a, b, "--out", path("onnx.pb"), "--profile", "onnx"}).status, 0);
    EXPECT_EQ(onnx_values(path("onnx.pb")), "[[3, 3, 3], [-3, -3, -3]]\n");
    EXPECT_EQ(run({"div", a, b, "--out", path("ov.pb"), "--profile", "openvino"}).status, 0);
    EXPECT_EQ(onnx_values(path("ov.pb")), "[[3, 3, 3], [-4, -4, -4]]\n");
    EXPECT_EQ(run({"div", a, b, "--out", path("ovt.pb"), "--profile", "openvino", "--pythondiv", "false"}).status, 0);
    EXPECT_EQ(onnx_values(path("ovt.pb")), "[[3, 3, 3], [-3, -3, -3]]\n");
    const CommandResult sonnx = run({"div", a, b, "--out", path("s.pb")});
    EXPECT_EQ(sonnx.status, 3);
    EXPECT_TRUE(contains(sonnx.err, "shape_mismatch: DIV-INT-C1 violated")) << sonnx.err;
    EXPECT_TRUE(contains(sonnx.err, "[restriction DIV-INT-R1]")) << sonnx.err;
    const CommandResult none = run(
        {"div", a, b, "--out", path("n.pb"), "--profile", "openvino", "--auto-broadcast", "none"});
    EXPECT_EQ(none.status, 3);
    EXPECT_TRUE(contains(none.err, "DIV-OV-R1")) << none.err;
    EXPECT_FALSE(file_exists(path("s.pb")));
    EXPECT_FALSE(file_exists(path("n.pb")));
}

// Options of another profile than the chosen one are usage errors; the
// opset's type list is a precondition (INT8 from Div-14 only).
// [utest->req~div-cli-d10~1]
// [utest->req~div-onnx-r1~1]
TEST_F(Cli, ProfileOptionsBelongToTheirProfile) {
    RecordProperty("requirements", "DIV-CLI-D10,DIV-ONNX-R1");
    const std::string a = int32("a.npy", {7});
    const std::vector<std::vector<std::string>> usage_errors = {
        {"div", a, a, "--out", path("y.npy"), "--opset", "13"},
        {"div", a, a, "--out", path("y.npy"), "--profile", "onnx", "--pythondiv", "false"},
        {"div", a, a, "--out", path("y.npy"), "--profile", "onnx", "--int-rounding", "floor"},
        {"check", a, a, a, "--profile", "openvino", "--axis", "1"},
        {"div", a, a, "--out", path("y.npy"), "--profile", "tensorflow"},
        {"div", a, a, "--out", path("y.npy"), "--profile", "onnx", "--opset", "0"},
        {"onnx-test", path("no-such-folder")},
    };
    for (const std::vector<std::string>& args : usage_errors) {
        const CommandResult r = run(args);
        EXPECT_EQ(r.status, 2) << args[0] << " " << r.err;
    }
    EXPECT_FALSE(file_exists(path("y.npy")));
    const std::string i8 = npy("i8.npy", "|i1", "(1,)", {7U}, 1U);
    const CommandResult opset13 = run({"div", i8, i8, "--out", path("y.npy"), "--profile", "onnx", "--opset", "13"});
    EXPECT_EQ(opset13.status, 3);
    EXPECT_TRUE(contains(opset13.err, "unsupported_type: DIV-ONNX-R1 violated")) << opset13.err;
    EXPECT_EQ(run({"div", i8, i8, "--out", path("y.npy"), "--profile", "onnx", "--opset", "14"}).status, 0);
}

// Every range option's help and message state the range it accepts (issue
// #33 item 7: --threads said "a whole number from 0 to 1024" and --opset
// "from 0 to 27" while 0 was refused, by a second check in other words).
// [utest->req~div-cli-d11~2]
TEST_F(Cli, RangeOptionsStateTheRangeTheyAccept) {
    RecordProperty("requirements", "DIV-CLI-D11");
    const std::string campaign = run({"campaign", "--help"}).out;
    const std::string check = run({"check", "--help"}).out;
    const std::string div = run({"div", "--help"}).out;
    const std::string onnx_test = run({"onnx-test", "--help"}).out;
    for (const std::string* help : {&campaign, &check}) {
        EXPECT_TRUE(contains(*help, "-j,--threads UINT:a whole number from 1 to 1024=")) << *help;
    }
    for (const std::string* help : {&campaign, &check, &div, &onnx_test}) {
        EXPECT_TRUE(contains(*help, "--opset UINT:a whole number from 1 to 27\n")) << *help;
        EXPECT_FALSE(contains(*help, "from 0 to 1024")) << *help;
        EXPECT_FALSE(contains(*help, "from 0 to 27")) << *help;
        EXPECT_FALSE(contains(*help, "UINT in [")) << *help;
    }
    EXPECT_TRUE(contains(check, "--worst UINT:a whole number from 0 to 100000=10")) << check;
    EXPECT_TRUE(contains(campaign, "--random UINT:a whole number from 0 to 1152921504606846976=1000000")) << campaign;
    EXPECT_TRUE(contains(campaign, "--seed UINT:a whole number from 0 to 18446744073709551615")) << campaign;
    EXPECT_TRUE(contains(run({"real", "--help"}).out, "-d,--digits UINT:a whole number from 0 to 10000=4"));
    const std::string a = int32("a.npy", {7});
    const std::vector<std::pair<std::vector<std::string>, std::string>> refused = {
        {{"campaign", "int8", "--threads", "0"}, "--threads: 0 is below the smallest value, 1"},
        {{"check", a, a, a, "-j", "0"}, "--threads: 0 is below the smallest value, 1"},
        {{"campaign", "int8", "--threads", "1025"}, "--threads: 1025 is above the largest value, 1024"},
        {{"check", a, a, a, "--threads", "x"}, "--threads: 'x' is not a whole number from 1 to 1024"},
        {{"div", a, a, "--out", path("y.npy"), "--profile", "onnx", "--opset", "0"},
         "--opset: 0 is below the smallest value, 1"},
        {{"onnx-test", "--opset", "00", SONNX_CONFORMANCE_DATA}, "--opset: 00 is below the smallest value, 1"},
        {{"div", a, a, "--out", path("y.npy"), "--profile", "onnx", "--opset", "-1"},
         "--opset: '-1' is not a whole number from 1 to 27"},
    };
    for (const auto& [args, message] : refused) {
        const CommandResult r = run(args);
        EXPECT_EQ(r.status, 2) << args[0] << " " << r.err;
        EXPECT_TRUE(contains(r.err, message)) << args[0] << " " << r.err;
        EXPECT_TRUE(r.out.empty()) << r.out;
    }
    EXPECT_FALSE(file_exists(path("y.npy")));
    EXPECT_EQ(run({"campaign", "uint4", "--exhaustive", "--threads", "1"}).status, 0);
    EXPECT_EQ(run({"check", a, a, int32("one.npy", {1}), "-j", "1024"}).status, 0);
    EXPECT_EQ(run({"div", a, a, "--out", path("y.npy"), "--profile", "onnx", "--opset", "1"}).status,
              3);  // INT32 at opset 1
    EXPECT_EQ(run({"div", a, a, "--out", path("y.npy"), "--profile", "onnx", "--opset", "7"}).status, 0);
}

// --opset takes 1 to 27 (kOnnxOpsetMax: ONNX 1.23 released opsets 26 and
// 27, Div-14 still the newest version): 26 and 27 divide as Div-14 does
// (INT8, which Div-14 added, truncated), 28 is a usage error naming the
// bound, for div and onnx-test alike; the help states the range (issue: a
// model at opset 26 or 27 was refused).
// [utest->req~div-onnx-d1~2]
// [utest->req~div-cli-d11~2]
TEST_F(Cli, OpsetOptionTakesOneToTwentySeven) {
    RecordProperty("requirements", "DIV-ONNX-D1,DIV-CLI-D11");
    const std::string i8 = npy("i8.npy", "|i1", "(2,)", {static_cast<std::uint8_t>(-7), 7U}, 1U);
    const std::string two = npy("two.npy", "|i1", "(2,)", {2U, 2U}, 1U);
    for (const char* opset : {"26", "27"}) {
        const CommandResult r = run({"div", i8, two, "--out", path("y.npy"), "--profile", "onnx", "--opset", opset});
        ASSERT_EQ(r.status, 0) << opset << " " << r.err;
        EXPECT_EQ(npy_v1_data(file_bytes(path("y.npy"))), le_bytes({static_cast<std::uint8_t>(-3), 3U}, 1U)) << opset;
    }
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"div", i8, two, "--out", path("late.npy"), "--profile", "onnx", "--opset", "28"},
          std::vector<std::string>{"onnx-test", "--opset", "28", SONNX_CONFORMANCE_DATA}}) {
        const CommandResult late = run(args);
        EXPECT_EQ(late.status, 2) << args[0] << " " << late.err;
        EXPECT_TRUE(contains(late.err, "--opset: 28 is above the largest value, 27")) << late.err;
    }
    EXPECT_FALSE(file_exists(path("late.npy")));
    EXPECT_TRUE(contains(run({"div", "--help"}).out, "the opset (1 to 27;")) << run({"div", "--help"}).out;
}

// --sonnx-revision 2026-06: its int example 1 (A = [6 5 -35], B = [3 3 3]
// gives [2 1 -11]) by div, and by check (floor's -12 is caught); BF16
// refused with a message naming the type and the revision's list;
// --int-rounding beside it and --sonnx-revision under another profile are
// usage errors.
// [utest->req~div-prof-d4~2]
// [utest->req~div-cli-d10~1]
TEST_F(Cli, SonnxRevision2026) {
    RecordProperty("requirements", "DIV-PROF-D4,DIV-CLI-D10");
    const std::string a = int32("a.npy", {6, 5, -35});
    const std::string b = int32("b.npy", {3, 3, 3});
    EXPECT_EQ(run({"div", a, b, "--out", path("y.pb"), "--sonnx-revision", "2026-06"}).status, 0);
    EXPECT_EQ(onnx_values(path("y.pb")), "[2, 1, -11]\n");
    EXPECT_EQ(run({"div", a, b, "--out", path("seed.pb"), "--sonnx-revision", "seed"}).status, 0);
    EXPECT_EQ(onnx_values(path("seed.pb")), "[2, 1, -12]\n");
    const std::string truncated = int32("t.npy", {2, 1, -11});
    const std::string floored = int32("f.npy", {2, 1, -12});
    EXPECT_EQ(run({"check", a, b, truncated, "--sonnx-revision", "2026-06"}).status, 0);
    EXPECT_EQ(run({"check", a, b, floored, "--sonnx-revision", "2026-06"}).status, 1);
    EXPECT_EQ(run({"check", a, b, floored}).status, 0);
    const std::string h = npy("bf_in.npy", "<u2", "(1,)", {0x4040U}, 2U);
    const CommandResult bf16 = run(
        {"div", h, h, "--type", "bf16", "--out", path("bf.npy"), "--sonnx-revision", "2026-06"});
    EXPECT_EQ(bf16.status, 3);
    EXPECT_TRUE(contains(bf16.err, "unsupported_type: DIV-PROF-D4 violated")) << bf16.err;
    EXPECT_TRUE(contains(bf16.err, "BF16")) << bf16.err;
    EXPECT_TRUE(contains(bf16.err, "2026-06")) << bf16.err;
    EXPECT_FALSE(file_exists(path("bf.npy")));
    const std::vector<std::vector<std::string>> usage_errors = {
        {"div", a, b, "--out", path("u.pb"), "--sonnx-revision", "2026-06", "--int-rounding", "floor"},
        {"div", a, b, "--out", path("u.pb"), "--profile", "onnx", "--sonnx-revision", "2026-06"},
        {"div", a, b, "--out", path("u.pb"), "--sonnx-revision", "2025"},
    };
    for (const std::vector<std::string>& args : usage_errors) {
        const CommandResult r = run(args);
        EXPECT_EQ(r.status, 2) << r.err;
    }
    EXPECT_FALSE(file_exists(path("u.pb")));
}

// check --undefined (DIV-CLI-D14) on INT32, by hand: [0] 7 / 0 (zero
// divisor), [1] MIN / -1, [2] 9 / 2 = 4.5 (floor and trunc 4, Y = 4),
// [3] -7 / 2 = -3.5 (floor -4, trunc -3, Y = -3). Refused by default under
// the seed revision; listed on request (floor: [3] non-conforming, exit 1)
// and by default under 2026-06 (trunc: the two judged elements conform).
// [utest->req~div-cli-d14~1]
// [utest->req~div-cli-d7~3]
// [utest->req~div-prof-d4~2]
TEST_F(Cli, CheckListsUndefinedElementsApart) {
    RecordProperty("requirements", "DIV-CLI-D14,DIV-CLI-D7,DIV-PROF-D4");
    const std::string a = int32("a.npy", {7, -2147483648, 9, -7});
    const std::string b = int32("b.npy", {0, -1, 2, 2});
    const std::string y = int32("y.npy", {0, 5, 4, -3});
    const CommandResult refused = run({"check", a, b, y});
    EXPECT_EQ(refused.status, 3);
    EXPECT_TRUE(contains(refused.err, "zero_divisor: DIV-INT-C3 violated at B[0]")) << refused.err;
    const CommandResult floor = run({"check", a, b, y, "--undefined", "list", "--json", path("floor.json")});
    EXPECT_EQ(floor.status, 1) << floor.err;
    EXPECT_TRUE(contains(floor.out, "conforming: 1 of 4 (1 non-conforming, 2 undefined)")) << floor.out;
    EXPECT_TRUE(contains(floor.out, "[0]: A = 7, B = 0, Y = 0, zero divisor")) << floor.out;
    EXPECT_TRUE(contains(floor.out, "[1]: A = -2147483648, B = -1, Y = 5, MIN / -1")) << floor.out;
    EXPECT_TRUE(contains(floor.out, "[3]: A = -7, B = 2, Y = -3, expected -4, error 1, NON-CONFORMING")) << floor.out;
    EXPECT_TRUE(contains(floor.out, "result: NOT CONFORMING (2 undefined elements not judged)")) << floor.out;
    const nlohmann::json report = json("floor.json");
    EXPECT_EQ(report["undefined_policy"], "list");
    EXPECT_EQ(report["undefined"], 2);
    EXPECT_EQ(report["conforming"], 1);
    EXPECT_EQ(report["nonconforming"], 1);
    ASSERT_EQ(report["undefined_elements"].size(), 2U);
    EXPECT_EQ(report["undefined_elements"][1]["index"], 1);
    EXPECT_EQ(report["undefined_elements"][1]["reason"], "MIN / -1");
    EXPECT_EQ(report["undefined_elements"][1]["y"], "5");
    const CommandResult later = run({"check", a, b, y, "--sonnx-revision", "2026-06", "--json", path("later.json")});
    EXPECT_EQ(later.status, 0) << later.out << later.err;
    EXPECT_TRUE(contains(later.out, "conforming: 2 of 4 (0 non-conforming, 2 undefined)")) << later.out;
    EXPECT_TRUE(contains(later.out, "result: CONFORMING (2 undefined elements not judged)")) << later.out;
    EXPECT_EQ(json("later.json")["conforming_result"], true);
    EXPECT_EQ(run({"check", a, b, y, "--sonnx-revision", "2026-06", "--undefined", "refuse"}).status, 3);
    EXPECT_EQ(run({"check", a, b, y, "--profile", "onnx", "--undefined", "list"}).status, 0);
    EXPECT_EQ(run({"check", a, b, y, "--profile", "onnx"}).status, 3);
    EXPECT_EQ(run({"check", a, b, y, "--undefined", "skip"}).status, 2);
    // Without undefined elements the report reads as before.
    const std::string clean_b = int32("cb.npy", {1, 1, 2, 2});
    const CommandResult clean = run({"check", a, clean_b, int32("cy.npy", {7, -2147483648, 4, -3}), "--undefined",
                                     "list", "--int-rounding", "trunc"});
    EXPECT_EQ(clean.status, 0) << clean.err;
    EXPECT_TRUE(contains(clean.out, "conforming: 4 of 4 (0 non-conforming, 0 undefined)")) << clean.out;
    EXPECT_TRUE(contains(clean.out, "result: CONFORMING\n")) << clean.out;
}

// check under a broadcasting profile: A [2, 3] / B [3] against a candidate
// Y [2, 3]; a floor result where ONNX truncates is caught; a zero divisor
// in B is reported at Y's first failing element (DIV-BCAST-D3).
// [utest->req~div-cli-d10~1]
// [utest->req~div-bcast-d3~1]
// [utest->req~div-cli-d5~3]
TEST_F(Cli, CheckUnderABroadcastingProfile) {
    RecordProperty("requirements", "DIV-CLI-D10,DIV-BCAST-D3,DIV-CLI-D5");
    auto i32 = [](std::int64_t v) { return static_cast<std::uint64_t>(static_cast<std::uint32_t>(v)); };
    const std::string a = npy("a.npy", "<i4", "(2, 3)", {i32(7), i32(-7), i32(7), i32(-7), i32(7), i32(-7)}, 4U);
    const std::string b = npy("b.npy", "<i4", "(3,)", {i32(2), i32(-2), i32(2)}, 4U);
    const std::string trunc = npy("t.npy", "<i4", "(2, 3)", {3U, 3U, 3U, i32(-3), i32(-3), i32(-3)}, 4U);
    const std::string floor = npy("f.npy", "<i4", "(2, 3)", {3U, 3U, 3U, i32(-4), i32(-4), i32(-4)}, 4U);
    EXPECT_EQ(run({"check", a, b, trunc, "--profile", "onnx"}).status, 0);
    const CommandResult wrong = run({"check", a, b, floor, "--profile", "onnx"});
    EXPECT_EQ(wrong.status, 1);
    EXPECT_TRUE(contains(wrong.out, "[1, 0]: A = -7, B = 2, Y = -4, expected -3")) << wrong.out;
    EXPECT_EQ(run({"check", a, b, floor, "--profile", "openvino"}).status, 0);
    const CommandResult sonnx = run({"check", a, b, trunc});
    EXPECT_EQ(sonnx.status, 3);
    EXPECT_TRUE(contains(sonnx.err, "DIV-INT-C1")) << sonnx.err;
    const std::string zero = npy("z.npy", "<i4", "(3,)", {i32(2), 0U, i32(2)}, 4U);
    const CommandResult z = run({"check", a, zero, trunc, "--profile", "onnx"});
    EXPECT_EQ(z.status, 3);
    EXPECT_TRUE(contains(z.err, "zero_divisor: DIV-INT-C3 violated at Y[0, 1]")) << z.err;
}

// onnx-test on the project's own node-test folders: truncation passes under
// onnx (the default here), floor fails where the signs differ (sonnx), and
// the sonnx profile rejects broadcasting with C1 and its restriction R1.
// [utest->req~div-onnx-d2~4]
// [utest->req~div-cli-d10~1]
// [utest->req~div-cli-d17~1]
TEST_F(Cli, OnnxTestRunsNodeTestFolders) {
    RecordProperty("requirements", "DIV-ONNX-D2,DIV-CLI-D10,DIV-CLI-D17");
    const std::string data = SONNX_CONFORMANCE_DATA;
    const CommandResult onnx = run(
        {"onnx-test", data + "/own_div_int32_signs", data + "/own_div_int8_signs_broadcast"});
    EXPECT_EQ(onnx.status, 0) << onnx.out << onnx.err;
    EXPECT_TRUE(contains(onnx.out, "made by: sonnx-div 0.1.0 (revision ")) << onnx.out;
    EXPECT_TRUE(contains(onnx.out, "options: profile=onnx opset=(each model's own) int-rounding=trunc\n")) << onnx.out;
    EXPECT_TRUE(contains(onnx.out, "PASS own_div_int32_signs")) << onnx.out;
    EXPECT_TRUE(contains(onnx.out, "PASS own_div_int8_signs_broadcast")) << onnx.out;
    const CommandResult sonnx = run(
        {"onnx-test", "--profile", "sonnx", data + "/own_div_int32_signs", data + "/own_div_int8_signs_broadcast"});
    EXPECT_EQ(sonnx.status, 1);
    EXPECT_TRUE(contains(sonnx.out, "FAIL own_div_int32_signs")) << sonnx.out;
    EXPECT_TRUE(contains(sonnx.out, "REJECTED own_div_int8_signs_broadcast")) << sonnx.out;
    EXPECT_TRUE(contains(sonnx.out, "DIV-INT-C1 (DIV-INT-R1)")) << sonnx.out;
    const CommandResult trunc = run(
        {"onnx-test", "--profile", "sonnx", "--int-rounding", "trunc", data + "/own_div_int32_signs"});
    EXPECT_EQ(trunc.status, 0) << trunc.out;
}

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;  // shadow memory: neither ulimit -v nor peak RSS means anything
#else
constexpr bool kAddressSanitizer = false;
#endif

// The peak resident memory (KiB) of one run of sonnx-div, from wait4's
// rusage of that child alone; -1 when it did not exit 0.
long peak_kib(const std::vector<std::string>& args) {
    const pid_t child = ::fork();
    if (child == 0) {
        const int null_fd = ::open("/dev/null", O_WRONLY);
        (void)::dup2(null_fd, 1);
        (void)::dup2(null_fd, 2);
        std::vector<char*> argv;
        std::string exe = SONNX_DIV_EXE;
        argv.push_back(exe.data());
        std::vector<std::string> copies = args;
        for (std::string& word : copies) {
            argv.push_back(word.data());
        }
        argv.push_back(nullptr);
        ::execv(exe.c_str(), argv.data());
        ::_exit(127);
    }
    int status = 0;
    struct rusage usage{};
    if (::wait4(child, &status, 0, &usage) != child) {
        return -1;
    }
    return (WIFEXITED(status) && (WEXITSTATUS(status) == 0)) ? usage.ru_maxrss : -1;
}

// --broadcast and --axis exist at opsets 1 and 6 only: at the default
// opset both values are usage errors alike (issue #11 item 7: `--broadcast
// 0` was accepted, `--broadcast 1` refused with exit 3 and the message
// "violated by - (index 0)"); onnx-test takes them from each model.
// [utest->req~div-cli-d13~1]
TEST_F(Cli, LegacyAttributesOnlyAtTheirOpsets) {
    RecordProperty("requirements", "DIV-CLI-D13");
    const std::string a = npy("a.npy", "<f4", "(2, 3)", std::vector<std::uint64_t>(6U, 0x40C00000U), 4U);  // 6.0
    const std::string b = fp32("b.npy", {0x40000000U, 0x40400000U, 0x40C00000U});                        // 2, 3, 6
    const std::vector<std::vector<std::string>> refused = {
        {"--profile", "onnx", "--broadcast", "0"},
        {"--profile", "onnx", "--broadcast", "1"},
        {"--profile", "onnx", "--opset", "7", "--axis", "0"},
        {"--profile", "onnx", "--opset", "14", "--broadcast", "1", "--axis", "1"},
    };
    for (const std::vector<std::string>& options : refused) {
        std::vector<std::string> args = {"div", a, b, "--out", path("y.npy")};
        args.insert(args.end(), options.begin(), options.end());
        const CommandResult r = run(args);
        EXPECT_EQ(r.status, 2) << options[3] << " " << r.err;
        EXPECT_TRUE(contains(r.err, "attributes of Div at opsets 1 and 6 only")) << r.err;
        EXPECT_FALSE(contains(r.err, "(index")) << r.err;
    }
    EXPECT_FALSE(file_exists(path("y.npy")));
    const CommandResult node = run({"onnx-test", path("."), "--broadcast", "1"});
    EXPECT_EQ(node.status, 2) << node.err;
    EXPECT_TRUE(contains(node.err, "come from each model")) << node.err;
    // At opset 6 with broadcast 1, B [3] broadcasts over A [2, 3]: 6/2, 6/3, 6/6 = 3, 2, 1 per row.
    const CommandResult legacy = run(
        {"div", a, b, "--out", path("y.npy"), "--profile", "onnx", "--opset", "6", "--broadcast", "1"});
    ASSERT_EQ(legacy.status, 0) << legacy.err;
    EXPECT_EQ(npy_v1_data(file_bytes(path("y.npy"))),
              le_bytes({0x40400000U, 0x40000000U, 0x3F800000U, 0x40400000U, 0x40000000U, 0x3F800000U}, 4U));
}

// Memory that does not suffice is a classified error with the size, exit 2
// (issue #11 item 5: exit 4 `std::bad_alloc`, no size): a Y of 4e12 bytes
// from a broadcast is refused from the shapes before the computation; under
// ulimit -v the buffer that did not fit is named; real's exact values are
// bounded (180 KB of 1e100000 took 1.6 GB).
// [utest->req~div-io-d5~2]
// [utest->req~div-cli-d9~4]
TEST_F(Cli, MemoryLimitsAreClassifiedErrors) {
    RecordProperty("requirements", "DIV-IO-D5,DIV-CLI-D9");
    const std::vector<std::uint64_t> ones(1000000U, 0x3F800000U);
    const std::string column = npy("column.npy", "<f4", "(1000000, 1)", ones, 4U);
    const std::string row = npy("row.npy", "<f4", "(1, 1000000)", ones, 4U);
    const CommandResult outer = run({"div", column, row, "--out", path("y.npy"), "--profile", "onnx"});
    EXPECT_EQ(outer.status, 2) << outer.err;
    EXPECT_TRUE(contains(outer.err,
                         "Y (shape [1000000, 1000000] FP32): out of memory: cannot allocate "
                         "4000000000000 bytes (3.64 TiB)"))
        << outer.err;
    EXPECT_FALSE(file_exists(path("y.npy")));
    // Y [1000000, 1] is not the broadcast shape: a wrong candidate, found
    // from the shapes, before anything is expanded.
    const CommandResult outer_check = run({"check", column, row, column, "--profile", "onnx"});
    EXPECT_EQ(outer_check.status, 1) << outer_check.err;
    EXPECT_TRUE(contains(outer_check.out, "A / B gives FP32 [1000000, 1000000] here")) << outer_check.out;

    // 1e100000 is a 332,193-bit integer: 203 of them pass 2^26 bits.
    std::string huge;
    for (int i = 0; i < 210; ++i) {
        huge += "1e100000\n";
    }
    write_text(path("huge.txt"), huge);
    const CommandResult real = run({"real", path("huge.txt"), "1"});
    EXPECT_EQ(real.status, 2) << real.err;
    // 202 values take 202 x 332,194 bits; the 203rd's bound from its text, 332,198, passes the limit.
    EXPECT_TRUE(contains(real.err,
                         "elements 0 to 202 may need up to 67435386 bits, above the limit of 67108864 bits (8 MiB) "
                         "per operand"))
        << real.err;
    std::string many;
    for (int i = 0; i <= 1000000; ++i) {
        many += "1 ";
    }
    write_text(path("many.txt"), many);
    const CommandResult count = run({"real", path("many.txt"), "1"});
    EXPECT_EQ(count.status, 2) << count.err;
    EXPECT_TRUE(contains(count.err, "more than 1000000 elements, the limit per operand")) << count.err;

    if (kAddressSanitizer) {
        GTEST_SKIP() << "ulimit -v: ASan reserves terabytes of address space";
    }
    // Two 64 MiB operands (sparse zeros) within a 100 MB address space: B does not fit.
    const std::vector<std::uint8_t> header = npy_bytes("<f4", "(16777216,)", {});
    for (const char* name : {"a.npy", "b.npy"}) {
        write_bytes(path(name), header);
        ASSERT_EQ(::truncate(path(name).c_str(), static_cast<off_t>(header.size() + (std::size_t{64} << 20U))), 0);
    }
    const CommandResult limited = run_command({"sh", "-c", "ulimit -v 100000 && exec \"$0\" \"$@\"", SONNX_DIV_EXE,
                                               "div", path("a.npy"), path("b.npy"), "--out", path("y.npy")},
                                              dir_);
    EXPECT_EQ(limited.status, 2) << limited.err;
    EXPECT_TRUE(contains(limited.err, "out of memory: cannot allocate 67108864 bytes (64.00 MiB)")) << limited.err;
    EXPECT_FALSE(contains(limited.err, "internal error")) << limited.err;
    EXPECT_FALSE(file_exists(path("y.npy")));
}

// div and check on equal shapes hold the inputs and the output once each
// (issue #11 item 5: div peaked at 4-5x its output, check copied A and B;
// 1.05-1.3 GB for 64M FP32 elements). 16M FP32 elements: 64 MiB per tensor.
// Peak RSS of the process is what the kernel counts, not a timing.
// [utest->req~div-io-d5~2]
TEST_F(Cli, PeakMemoryIsTheTensorsThemselves) {
    RecordProperty("requirements", "DIV-IO-D5");
    if (kAddressSanitizer) {
        GTEST_SKIP() << "ASan's shadow memory and quarantine change the peak";
    }
    const std::size_t tensor = std::size_t{64} << 20U;
    const std::vector<std::uint8_t> header = npy_bytes("<f4", "(16777216,)", {});
    for (const char* name : {"a.npy", "b.npy"}) {  // zeros: 0 / 0 = NaN throughout
        write_bytes(path(name), header);
        ASSERT_EQ(::truncate(path(name).c_str(), static_cast<off_t>(header.size() + tensor)), 0);
    }
    std::vector<std::uint8_t> nan_file = header;
    for (std::size_t i = 0; i < tensor / 4U; ++i) {
        for (const unsigned byte : {0x00U, 0x00U, 0xC0U, 0x7FU}) {
            nan_file.push_back(static_cast<std::uint8_t>(byte));
        }
    }
    write_bytes(path("nan.npy"), nan_file);
    nan_file = std::vector<std::uint8_t>();
    const long small = peak_kib({"real", "1", "2"});  // the program alone
    const long div_peak = peak_kib({"div", path("a.npy"), path("b.npy"), "--out", path("y.npy")});
    const long check_peak = peak_kib({"check", path("a.npy"), path("b.npy"), path("nan.npy"), "-j", "2"});
    ASSERT_GT(small, 0);
    ASSERT_GT(div_peak, 0);
    ASSERT_GT(check_peak, 0);
    const long three_tensors = static_cast<long>(3U * tensor / 1024U);
    const long working_set = 32L * 1024L;  // KiB, beyond the program alone
    EXPECT_LE(div_peak, small + three_tensors + working_set) << "div: " << div_peak << " KiB, program " << small;
    EXPECT_LE(check_peak, small + three_tensors + working_set) << "check: " << check_peak << " KiB, program " << small;
    RecordProperty("div_peak_kib", std::to_string(div_peak));
    RecordProperty("check_peak_kib", std::to_string(check_peak));
}

// Output paths that are symbolic links are refused before the work and left
// alone (issue #11 item 7: the link was replaced by a regular file).
// [utest->req~div-cli-d12~3]
// [utest->req~div-cli-d3~3]
TEST_F(Cli, OutputLinksAreRefused) {
    RecordProperty("requirements", "DIV-CLI-D12,DIV-CLI-D3");
    const std::string a = fp32("a.npy", {0x3F800000U});
    write_text(path("target.json"), "old");
    ASSERT_EQ(::symlink("target.json", path("link.json").c_str()), 0);
    ASSERT_EQ(::symlink("a.npy", path("link.npy").c_str()), 0);
    const CommandResult json = run({"check", a, a, a, "--json", path("link.json")});
    EXPECT_EQ(json.status, 2) << json.err;
    EXPECT_TRUE(contains(json.err, "is a symbolic link")) << json.err;
    EXPECT_TRUE(json.out.empty()) << json.out;
    const CommandResult out = run({"div", a, a, "--out", path("link.npy")});
    EXPECT_EQ(out.status, 2) << out.err;
    EXPECT_TRUE(contains(out.err, "is a symbolic link")) << out.err;
    struct stat info{};
    ASSERT_EQ(::lstat(path("link.json").c_str(), &info), 0);
    EXPECT_TRUE(S_ISLNK(info.st_mode));
    EXPECT_EQ(file_text(path("target.json")), "old");
}

// Reports say how they were made (DIV-CLI-D17, issue #14 item 6): version
// and source revision, the command line, every option in force, each input
// with its SHA-256 (compared with coreutils' sha256sum) and how it was read,
// and the date.
// [utest->req~div-cli-d17~1]
TEST_F(Cli, ReportsSayHowTheyWereMade) {
    RecordProperty("requirements", "DIV-CLI-D17");
    const CommandResult version = run({"--version"});
    EXPECT_EQ(version.status, 0) << version.err;
    EXPECT_TRUE(contains(version.out, "sonnx-div 0.1.0 (revision ")) << version.out;
    const std::string a = npy("a.npy", "<u2", "(2,)", {0x3F80U, 0x4000U}, 2U);
    const std::string b = npy("b.npy", "<u2", "(2,)", {0x4040U, 0x4000U}, 2U);
    const std::string y = npy("y.npy", "<u2", "(2,)", {0x3EABU, 0x3F80U}, 2U);  // 1/3 -> 0x3EAB, 2/2 = 1
    const CommandResult r = run({"check", a, b, y, "--type", "bf16", "--accept", "2ulp", "--json", path("r.json")});
    EXPECT_EQ(r.status, 0) << r.err << r.out;
    const nlohmann::json p = json("r.json")["provenance"];
    EXPECT_EQ(p["tool"], "sonnx-div");
    EXPECT_EQ(p["version"], "0.1.0");
    const std::string revision = p["revision"].get<std::string>();
    const bool hex40 = (revision.size() >= 40U) &&
                       (revision.substr(0U, 40U).find_first_not_of("0123456789abcdef") == std::string::npos) &&
                       ((revision.size() == 40U) || (revision.substr(40U) == "-dirty"));
    EXPECT_TRUE(hex40 || (revision == "unknown")) << revision;
    const std::string date = p["date"].get<std::string>();
    EXPECT_EQ(date.size(), 20U) << date;
    EXPECT_EQ(date[10], 'T');
    EXPECT_EQ(date.back(), 'Z');
    EXPECT_EQ(p["command"], "check");
    EXPECT_TRUE(contains(p["command_line"].get<std::string>(),
                         "check " + a + " " + b + " " + y + " --type bf16 --accept 2ulp --json "))
        << p["command_line"];
    EXPECT_EQ(p["options"]["profile"], "sonnx");
    EXPECT_EQ(p["options"]["sonnx-revision"], "seed");
    EXPECT_EQ(p["options"]["int-rounding"], "floor");
    EXPECT_EQ(p["options"]["accept"], "2ulp");
    EXPECT_EQ(p["options"]["type"], "bf16");
    ASSERT_EQ(p["inputs"].size(), 3U);
    const char* roles[] = {"A", "B", "Y"};
    const std::string files[] = {a, b, y};
    for (std::size_t k = 0; k < 3U; ++k) {
        const nlohmann::json& in = p["inputs"][k];
        EXPECT_EQ(in["role"], roles[k]);
        EXPECT_EQ(in["path"], files[k]);
        EXPECT_EQ(in["stored_type"], "UINT16");
        EXPECT_EQ(in["read_as"], "BF16");
        const CommandResult sum = run_command({"sha256sum", files[k]}, dir_);
        ASSERT_EQ(sum.status, 0);
        EXPECT_EQ(in["sha256"], sum.out.substr(0U, 64U)) << files[k];
        EXPECT_TRUE(contains(r.out, std::string(roles[k]) + ": " + files[k] + " sha256 " + sum.out.substr(0U, 64U) +
                                        ", UINT16 read as BF16 (--type) [2]\n"))
            << r.out;
    }
    EXPECT_TRUE(contains(r.out, "made by: sonnx-div 0.1.0 (revision ")) << r.out;
    EXPECT_TRUE(contains(r.out,
                         "options: profile=sonnx sonnx-revision=seed int-rounding=floor accept=2ulp type=bf16 "
                         "worst=10 shard=0/1 threads="))
        << r.out;
    EXPECT_TRUE(contains(r.out, "acceptance 2ulp")) << r.out;
}

// Numbers are exact (issue #14 item 7): a float error prints as the double
// that holds it rounded up, in the fewest digits that read back as that
// double (1/3 ulp rounded up is 0x3FD5555555555556 = 0.33333333333333337);
// an integer error is an integer (UINT64 2^64 - 1 and 2^64 - 2 off).
// [utest->req~div-cli-d6~3]
TEST_F(Cli, CheckPrintsExactNumbers) {
    RecordProperty("requirements", "DIV-CLI-D6");
    const CommandResult third = run({"check", fp32("a.npy", {0x3F800000U}), fp32("b.npy", {0x40400000U}),
                                     fp32("y.npy", {0x3EAAAAABU}), "--json", path("f.json")});
    EXPECT_EQ(third.status, 0) << third.err;
    EXPECT_TRUE(contains(third.out, "max error: 0.33333333333333337 ulp\n")) << third.out;
    EXPECT_EQ(json("f.json")["max_ulp_error"].get<double>(), 0.33333333333333337);
    const std::string a = npy("ua.npy", "<u8", "(3,)", {UINT64_MAX - 1U, UINT64_MAX, 5U}, 8U);
    const std::string b = npy("ub.npy", "<u8", "(3,)", {1U, 1U, 1U}, 8U);
    const std::string y = npy("uy.npy", "<u8", "(3,)", {0U, 0U, 5U}, 8U);
    const CommandResult r = run({"check", a, b, y, "--json", path("u.json")});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.out, "max error: 18446744073709551615 (integer units, exact)\n")) << r.out;
    EXPECT_TRUE(contains(r.out,
                         "[1]: A = 18446744073709551615, B = 1, Y = 0, expected 18446744073709551615, error "
                         "18446744073709551615, NON-CONFORMING\n"))
        << r.out;
    EXPECT_TRUE(contains(r.out,
                         "[0]: A = 18446744073709551614, B = 1, Y = 0, expected 18446744073709551614, error "
                         "18446744073709551614, NON-CONFORMING\n"))
        << r.out;
    const nlohmann::json report = json("u.json");
    EXPECT_EQ(report["max_error"].get<std::uint64_t>(), UINT64_MAX);
    EXPECT_EQ(report["worst"][1]["error"].get<std::uint64_t>(), UINT64_MAX - 1U);
    EXPECT_FALSE(report.contains("max_ulp_error"));
}

// A Y of the wrong type or shape is a wrong candidate (DIV-CLI-D7, issue
// #14 item 5): exit 1, with what Y should have been. NumPy's int a / b
// gives float64: [7, 8] / [2, 4] as FP64 [3.5, 2].
// [utest->req~div-cli-d7~3]
// [utest->req~div-cli-d18~1]
TEST_F(Cli, WrongCandidateTypeOrShapeIsNonConforming) {
    RecordProperty("requirements", "DIV-CLI-D7,DIV-CLI-D18");
    const std::string a = int32("a.npy", {7, 8});
    const std::string b = int32("b.npy", {2, 4});
    const std::string y = npy("y.npy", "<f8", "(2,)", {0x400C000000000000U, 0x4000000000000000U}, 8U);
    const CommandResult r = run({"check", a, b, y, "--json", path("r.json")});
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_TRUE(contains(r.out, "Y is not a candidate result: Y is FP64 [2], and A / B gives INT32 [2] here")) << r.out;
    EXPECT_TRUE(contains(r.out,
                         "hint: an integer Div gives integers of A's type; true division (NumPy's a / b) gives "
                         "floats"))
        << r.out;
    const nlohmann::json report = json("r.json");
    EXPECT_EQ(report["candidate_mismatch"]["y_type"], "FP64");
    EXPECT_EQ(report["candidate_mismatch"]["expected_type"], "INT32");
    EXPECT_EQ(report["nonconforming"], 2);
    EXPECT_EQ(report["conforming_result"], false);
    // Under a broadcasting profile: [2, 1] / [2] gives [2, 2]; a Y [2] is the wrong shape.
    const std::string col = npy("col.npy", "<i4", "(2, 1)", {7U, 8U}, 4U);
    const CommandResult wide = run({"check", col, b, int32("y2.npy", {3, 2}), "--profile", "onnx"});
    EXPECT_EQ(wide.status, 1) << wide.err;
    EXPECT_TRUE(contains(wide.out, "Y is INT32 [2], and A / B gives INT32 [2, 2] here")) << wide.out;
}

// Messages hint at the fix (DIV-CLI-D18, issue #14 item 8).
// [utest->req~div-cli-d18~1]
TEST_F(Cli, MessagesHintAtTheFix) {
    RecordProperty("requirements", "DIV-CLI-D18");
    // BF16 bit patterns in '<u2' files read as UINT16: 0x0000 is a zero divisor.
    const std::string a = npy("a.npy", "<u2", "(2,)", {0x3F80U, 0x4000U}, 2U);
    const std::string b = npy("b.npy", "<u2", "(2,)", {0x0000U, 0x4000U}, 2U);
    const CommandResult bits = run({"check", a, b, a});
    EXPECT_EQ(bits.status, 3);
    EXPECT_TRUE(contains(bits.err,
                         "hint: the files hold UINT16 elements; if they are BF16 or FP16 bit patterns "
                         "(NumPy has no bfloat16), give --type bf16 or --type fp16"))
        << bits.err;
    // An integer zero divisor otherwise: the policy that judges the rest.
    const CommandResult zero = run({"check", int32("za.npy", {1}), int32("zb.npy", {0}), int32("zy.npy", {0})});
    EXPECT_EQ(zero.status, 3);
    EXPECT_TRUE(contains(zero.err, "hint: no result is defined for this element; --undefined list judges")) << zero.err;
    // Shapes that differ under the default profile: the profiles that broadcast.
    const CommandResult shape = run({"check", int32("sa.npy", {1, 2}), int32("sb.npy", {1}), int32("sy.npy", {1, 2})});
    EXPECT_EQ(shape.status, 3);
    EXPECT_TRUE(contains(shape.err,
                         "hint: the sonnx profile divides tensors of equal shapes; --profile onnx and "
                         "--profile openvino broadcast"))
        << shape.err;
    // Truncated results checked under floor: -7 / 2 = -3 (trunc), 7 / -2 = -3.
    const std::string ia = int32("ia.npy", {-7, 7, 6});
    const std::string ib = int32("ib.npy", {2, -2, 3});
    const std::string iy = int32("iy.npy", {-3, -3, 2});
    const CommandResult floor = run({"check", ia, ib, iy});
    EXPECT_EQ(floor.status, 1);
    EXPECT_TRUE(contains(floor.out,
                         "hint: every non-conforming element is what truncation gives: the candidate "
                         "rounds the other way; --int-rounding trunc checks against it"))
        << floor.out;
    EXPECT_EQ(run({"check", ia, ib, iy, "--int-rounding", "trunc"}).status, 0);
    // A type the ONNX opset does not take: the opset, and the first that does
    // (UINT8 enters ONNX Div at Div-14: "Extend supported types to include
    // uint8, int8, uint16, and int16", onnx-div-operator-versions.rst; DIV-ONNX-R1).
    const std::string u8 = npy("u8.npy", "|u1", "(2,)", {1U, 2U}, 1U);
    for (const char* command : {"check", "div"}) {
        std::vector<std::string> args = {command, u8, u8};
        if (std::string(command) == "check") {
            args.push_back(u8);
        } else {
            args.insert(args.end(), {"--out", path("o.npy")});
        }
        args.insert(args.end(), {"--profile", "onnx", "--opset", "6"});
        const CommandResult old = run(args);
        EXPECT_EQ(old.status, 3) << command;
        EXPECT_TRUE(
            contains(old.err, "hint: ONNX Div at opset 6 does not take UINT8; opset 14 and later do (--opset 14)"))
            << old.err;
    }
    // One element nobody's rounding explains: no hint.
    const CommandResult neither = run({"check", ia, ib, int32("iy2.npy", {-3, 5, 2})});
    EXPECT_EQ(neither.status, 1);
    EXPECT_FALSE(contains(neither.out, "hint:")) << neither.out;
}

// Shards (DIV-CLI-D20, issue #14 item 12): N runs of check --shard K/N and
// a merge of their JSON reports give exactly the single run's report (but
// for provenance), for floats with errors past several chunks, for
// integers with undefined elements listed, and for a precondition stop.
// [utest->req~div-cli-d20~2]
TEST_F(Cli, ShardsMergeIntoTheSingleRunsReport) {
    RecordProperty("requirements", "DIV-CLI-D20");
    const std::size_t n = 200003U;  // past three chunks of 65536, not a multiple of 3 or 4
    std::vector<std::uint64_t> a(n), b(n), y(n);
    std::uint64_t state = 12345U;
    for (std::size_t i = 0U; i < n; ++i) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        const auto word = static_cast<std::uint32_t>(state >> 32U);
        a[i] = word;
        b[i] = (word * 2654435761U) ^ 0x5A5A5A5AU;
        y[i] = (i % 7919U == 3U) ? (word ^ 1U) : (word >> 1U);  // wrong nearly everywhere, differently
    }
    const std::string af = npy("a.npy", "<f4", "(" + std::to_string(n) + ",)", a, 4U);
    const std::string bf = npy("b.npy", "<f4", "(" + std::to_string(n) + ",)", b, 4U);
    const std::string yf = npy("y.npy", "<f4", "(" + std::to_string(n) + ",)", y, 4U);
    const std::vector<std::int64_t> ia = {7, -128, 5, 9, -7, 100, 3, -128, 0, 6};
    const std::vector<std::int64_t> ib = {2, -1, 0, 3, 2, 7, 0, -1, 5, 4};
    const std::vector<std::int64_t> iy = {3, -128, 0, 3, -3, 14, 1, 0, 0, 2};
    std::vector<std::uint64_t> ia8, ib8, iy8;
    for (std::size_t k = 0U; k < ia.size(); ++k) {
        ia8.push_back(static_cast<std::uint64_t>(ia[k]));
        ib8.push_back(static_cast<std::uint64_t>(ib[k]));
        iy8.push_back(static_cast<std::uint64_t>(iy[k]));
    }
    const std::string ai = npy("ia.npy", "|i1", "(10,)", ia8, 1U);
    const std::string bi = npy("ib.npy", "|i1", "(10,)", ib8, 1U);
    const std::string yi = npy("iy.npy", "|i1", "(10,)", iy8, 1U);
    struct Case {
        std::vector<std::string> args;
        int status;
    };
    const Case cases[] = {{{"check", af, bf, yf, "--accept", "one-ulp", "--worst", "7"}, 1},
                          {{"check", ai, bi, yi, "--undefined", "list", "--worst", "2"}, 1},
                          {{"check", ai, bi, yi}, 3}};
    for (const Case& c : cases) {
        std::vector<std::string> single = c.args;
        single.insert(single.end(), {"--json", path("single.json")});
        ASSERT_EQ(run(single).status, c.status);
        nlohmann::json expected = json("single.json");
        expected.erase("provenance");
        for (const std::uint64_t shards : {std::uint64_t{3}, std::uint64_t{4}}) {
            std::vector<std::string> merge = {"merge"};
            for (std::uint64_t k = shards; k > 0U; --k) {  // in reverse: the order must not matter
                std::vector<std::string> part = c.args;
                const std::string name = path("s" + std::to_string(k - 1U) + ".json");
                part.insert(part.end(), {"--shard", std::to_string(k - 1U) + "/" + std::to_string(shards), "--json",
                                         name, "-j", std::to_string(1U + (k % 2U))});
                const CommandResult r = run(part);
                ASSERT_TRUE((r.status == 0) || (r.status == 1) || (r.status == 3)) << r.err;
                merge.push_back(name);
            }
            merge.insert(merge.end(), {"--json", path("merged.json")});
            const CommandResult m = run(merge);
            EXPECT_EQ(m.status, c.status) << m.err << m.out;
            nlohmann::json merged = json("merged.json");
            EXPECT_EQ(merged["merged_from"].size(), shards);
            merged.erase("provenance");
            merged.erase("merged_from");
            EXPECT_EQ(merged, expected) << c.args[1] << ", " << shards << " shards";
        }
    }
    // A campaign in shards: the same pairs, the same report but for the
    // threads and the time (summed over the shards).
    ASSERT_EQ(run({"campaign", "int8", "--exhaustive", "--json", path("c.json")}).status, 0);
    std::vector<std::string> merge = {"merge"};
    for (int k = 0; k < 3; ++k) {
        const std::string name = path("c" + std::to_string(k) + ".json");
        ASSERT_EQ(run({"campaign", "int8", "--exhaustive", "--shard", std::to_string(k) + "/3", "--json", name}).status,
                  0);
        merge.push_back(name);
    }
    merge.insert(merge.end(), {"--json", path("cm.json")});
    EXPECT_EQ(run(merge).status, 0);
    nlohmann::json campaign = json("c.json");
    nlohmann::json merged_campaign = json("cm.json");
    EXPECT_EQ(merged_campaign["pairs"], 65536);
    for (const char* key : {"threads", "seconds"}) {
        campaign.erase(key);
        merged_campaign.erase(key);
    }
    campaign.erase("provenance");
    merged_campaign.erase("provenance");
    merged_campaign.erase("merged_from");
    EXPECT_EQ(merged_campaign, campaign);

    // Not the shards of one check: one missing, one twice, another Y.
    run({"check", af, bf, yf, "--shard", "0/2", "--json", path("p0.json")});
    run({"check", af, bf, yf, "--shard", "1/2", "--json", path("p1.json")});
    run({"check", af, bf, af, "--shard", "1/2", "--json", path("q1.json")});
    EXPECT_EQ(run({"merge", path("p0.json")}).status, 2);
    EXPECT_EQ(run({"merge", path("p0.json"), path("p0.json")}).status, 2);
    const CommandResult other = run({"merge", path("p0.json"), path("q1.json")});
    EXPECT_EQ(other.status, 2);
    EXPECT_TRUE(contains(other.err, "is a shard of another check")) << other.err;
    // The same operands judged under another profile: another check too (the
    // profile is an option, and no other field of the record differs).
    run({"check", af, bf, yf, "--shard", "1/2", "--profile", "onnx", "--json", path("r1.json")});
    const CommandResult profile = run({"merge", path("p0.json"), path("r1.json")});
    EXPECT_EQ(profile.status, 2);
    EXPECT_TRUE(contains(profile.err, "is a shard of another check than")) << profile.err;
    EXPECT_TRUE(contains(profile.err, "the option profile differs")) << profile.err;
    EXPECT_EQ(run({"merge", path("p0.json"), path("p1.json")}).status, 1);
    for (const char* bad : {"2/2", "1/0", "-1/2", "a/2", "1", "1/", "/2", "0/1000001"}) {
        EXPECT_EQ(run({"check", af, bf, yf, "--shard", bad}).status, 2) << bad;
    }
}

// Hand-edited shard reports (issue #33 item 6, issue #34 item 1): a hostile
// review made merge say CONFORMING for a check that fails. The shards here
// are of an FP32 check at half-ulp: A = [1 1 1 1 2 2 2 2], B = 3, Y the
// correctly rounded quotients (1/3 and 2/3 are inexact: 1/3 ulp of error,
// conforming, so listed among the worst) but Y[6] one ulp above 2/3 (4/3
// ulp: non-conforming). Shard 0/2 conforms, shard 1/2 does not; every
// forgery below must make merge refuse (exit status 2), never answer.
class ForgedShards : public Cli {
protected:
    void SetUp() override {
        Cli::SetUp();
        const std::vector<std::uint64_t> a = {0x3f800000U, 0x3f800000U, 0x3f800000U, 0x3f800000U,
                                              0x40000000U, 0x40000000U, 0x40000000U, 0x40000000U};
        const std::vector<std::uint64_t> b(8U, 0x40400000U);
        std::vector<std::uint64_t> y = {0x3eaaaaabU, 0x3eaaaaabU, 0x3eaaaaabU, 0x3eaaaaabU,
                                        0x3f2aaaabU, 0x3f2aaaabU, 0x3f2aaaabU, 0x3f2aaaabU};
        y[6] = 0x3f2aaaacU;
        args_ = {"check", fp32("a.npy", a), fp32("b.npy", b), fp32("y.npy", y), "--accept", "half-ulp"};
        y[6] = 0x3f2aaaabU;
        good_y_ = fp32("good_y.npy", y);
        for (int k = 0; k < 2; ++k) {
            std::vector<std::string> shard = args_;
            shard.insert(shard.end(), {"--shard", std::to_string(k) + "/2", "--json", path(shard_name(k))});
            ASSERT_EQ(run(shard).status, k) << "shard " << k;
        }
        ASSERT_EQ(merge({shard_name(0), shard_name(1)}).status, 1);  // the honest merge
    }

    static std::string shard_name(int k) { return "s" + std::to_string(k) + ".json"; }

    CommandResult merge(const std::vector<std::string>& names) {
        std::vector<std::string> args = {"merge"};
        for (const std::string& name : names) {
            args.push_back(path(name));
        }
        args.insert(args.end(), {"--json", path("merged.json")});
        return run(args);
    }

    // Writes `report` as check writes its reports.
    void save(const std::string& name, const nlohmann::json& report) { write_text(path(name), report.dump(2) + "\n"); }

    // merge of shard 0 and a forged shard 1 (or the reverse): the status and what it said.
    CommandResult merge_forged(const nlohmann::json& forged, int index = 1) {
        save("forged.json", forged);
        return merge({"forged.json", shard_name(1 - index)});
    }

    std::vector<std::string> args_;
    std::string good_y_;
};

// [utest->req~div-cli-d20~2]
TEST_F(ForgedShards, CountsThatContradictTheWorstListAreRefused) {
    RecordProperty("requirements", "DIV-CLI-D20");
    // The non-conforming count set to 0: conforming + nonconforming +
    // undefined no longer adds up to the elements, and the worst list and
    // the failed requirements still say otherwise.
    nlohmann::json s1 = json("s1.json");
    s1["nonconforming"] = 0;
    const CommandResult zeroed = merge_forged(s1);
    EXPECT_EQ(zeroed.status, 2) << zeroed.out << zeroed.err;
    EXPECT_FALSE(contains(zeroed.out, "result: CONFORMING")) << zeroed.out;
    EXPECT_TRUE(contains(zeroed.err, "forged.json")) << zeroed.err;
    EXPECT_TRUE(contains(zeroed.err, "nonconforming")) << zeroed.err;
    // Every count consistent with "all conform", but the worst list and the
    // failed requirements left as they were.
    s1 = json("s1.json");
    s1["conforming"] = 4;
    s1["nonconforming"] = 0;
    s1["conforming_result"] = true;
    const CommandResult relabelled_counts = merge_forged(s1);
    EXPECT_EQ(relabelled_counts.status, 2) << relabelled_counts.out << relabelled_counts.err;
}

// [utest->req~div-cli-d20~2]
TEST_F(ForgedShards, NegativeAndWrappingCountsAreRefused) {
    RecordProperty("requirements", "DIV-CLI-D20");
    // -1 in shard 0 cancels shard 1's one non-conforming element modulo
    // 2^64; so does 2^64 - 1.
    for (const nlohmann::json& count : {nlohmann::json(-1), nlohmann::json(UINT64_MAX)}) {
        nlohmann::json s0 = json("s0.json");
        s0["nonconforming"] = count;
        const CommandResult r = merge_forged(s0, 0);
        EXPECT_EQ(r.status, 2) << count.dump() << r.out << r.err;
        EXPECT_FALSE(contains(r.out, "result: CONFORMING")) << count.dump() << r.out;
    }
}

// [utest->req~div-cli-d20~2]
TEST_F(ForgedShards, FloatsWhereCountsAreDueAreRefused) {
    RecordProperty("requirements", "DIV-CLI-D20");
    // 0.5 and -0.0 converted to 0, 1e300 out of range (undefined behaviour
    // in the conversion), 1.0 a float where a whole number is written.
    for (const char* text : {"0.5", "-0.0", "1e300", "1.0"}) {
        nlohmann::json s1 = json("s1.json");
        s1["nonconforming"] = nlohmann::json::parse(text);
        const CommandResult r = merge_forged(s1);
        EXPECT_EQ(r.status, 2) << text << r.out << r.err;
        EXPECT_FALSE(contains(r.out, "result: CONFORMING")) << text << r.out;
    }
}

// [utest->req~div-cli-d20~2]
TEST_F(ForgedShards, AShardRelabelledWithAnotherIndexIsRefused) {
    RecordProperty("requirements", "DIV-CLI-D20");
    // Shard 0's report, which conforms, given again as shard 1: its worst
    // elements (conforming, 1/3 ulp) lie in [0, 4), outside shard 1's [4, 8).
    nlohmann::json copy = json("s0.json");
    copy["shard"]["index"] = 1;
    copy["provenance"]["options"]["shard"] = "1/2";
    save("copy.json", copy);
    const CommandResult r = merge({shard_name(0), "copy.json"});
    EXPECT_EQ(r.status, 2) << r.out << r.err;
    EXPECT_FALSE(contains(r.out, "result: CONFORMING")) << r.out;
}

// [utest->req~div-cli-d20~2]
TEST_F(ForgedShards, ShardsOfAnotherRevisionOrVersionAreRefused) {
    RecordProperty("requirements", "DIV-CLI-D20");
    const std::string other = "0123456789abcdef0123456789abcdef01234567";
    for (const char* field : {"revision", "version"}) {
        nlohmann::json s1 = json("s1.json");
        const std::string ours = s1["provenance"][field].get<std::string>();
        s1["provenance"][field] = (std::string(field) == "version") ? "9.9.9" : other;
        const CommandResult r = merge_forged(s1);
        EXPECT_EQ(r.status, 2) << field << r.out << r.err;
        // Both named, so that the user sees which builds made them.
        EXPECT_TRUE(contains(r.err, ours)) << r.err;
        EXPECT_TRUE(contains(r.err, s1["provenance"][field].get<std::string>())) << r.err;
    }
}

// [utest->req~div-cli-d20~2]
TEST_F(ForgedShards, UnknownKeysAreRefusedNotCopied) {
    RecordProperty("requirements", "DIV-CLI-D20");
    // At the top, in the provenance, in its options and in a worst element.
    const std::vector<std::vector<std::string>> places = {
        {}, {"provenance"}, {"provenance", "options"}, {"provenance", "inputs", "0"}, {"histogram", "1"}};
    for (const std::vector<std::string>& place : places) {
        nlohmann::json s0 = json("s0.json");
        nlohmann::json* at = &s0;
        for (const std::string& key : place) {
            at = at->is_array() ? &(*at)[std::stoul(key)] : &(*at)[key];
        }
        (*at)["note"] = {{"nested", {1, 2, {{"deeper", "x"}}}}};
        const CommandResult r = merge_forged(s0, 0);
        EXPECT_EQ(r.status, 2) << s0.dump() << r.out;
        EXPECT_TRUE(contains(r.err, "note")) << r.err;
    }
    nlohmann::json s1 = json("s1.json");
    s1["worst"][0]["note"] = 1;
    EXPECT_EQ(merge_forged(s1).status, 2);
}

// [utest->req~div-cli-d20~2]
TEST_F(ForgedShards, DeepNestingIsRefusedWithoutACrash) {
    RecordProperty("requirements", "DIV-CLI-D20");
    // 100,000 nested arrays in both shards' options: merge crashed
    // (SIGSEGV), copying, comparing and writing them recursively.
    for (int k = 0; k < 2; ++k) {
        std::string text = file_text(path(shard_name(k)));
        const std::string options = "\"options\": {";
        const std::size_t at = text.find(options);
        ASSERT_NE(at, std::string::npos);
        text.insert(at + options.size(), "\"deep\": " + std::string(100000U, '[') + std::string(100000U, ']') + ", ");
        write_text(path("deep" + std::to_string(k) + ".json"), text);
    }
    const CommandResult r = merge({"deep0.json", "deep1.json"});
    EXPECT_EQ(r.status, 2) << r.out << r.err;
    EXPECT_TRUE(contains(r.err, "deep0.json")) << r.err;
}

// [utest->req~div-cli-d20~2]
TEST_F(ForgedShards, AWorstOptionThatIsNoNumberIsAFileError) {
    RecordProperty("requirements", "DIV-CLI-D20");
    // "abc" reached std::stoull: "internal error: stoull", exit status 4.
    for (const char* worst : {"abc", "-1", "18446744073709551616", "1e3", " 10", "010", "100001"}) {
        nlohmann::json s0 = json("s0.json");
        nlohmann::json s1 = json("s1.json");
        s0["provenance"]["options"]["worst"] = worst;
        s1["provenance"]["options"]["worst"] = worst;
        save("w0.json", s0);
        save("w1.json", s1);
        const CommandResult r = merge({"w0.json", "w1.json"});
        EXPECT_EQ(r.status, 2) << worst << r.out << r.err;
        EXPECT_TRUE(contains(r.err, "worst")) << worst << r.err;
    }
}

// [utest->req~div-cli-d20~2]
TEST_F(ForgedShards, AForgedWorstElementIsRefused) {
    RecordProperty("requirements", "DIV-CLI-D20");
    // Y[6] marked conforming with the error of a conforming element, the
    // counts and the histogram made to agree with it: only the oracle, re-
    // judging the listed operands, sees that 0x3f2aaaac is not 2 / 3.
    nlohmann::json s1 = json("s1.json");
    ASSERT_EQ(s1["worst"][0]["index"], 6);
    const nlohmann::json third = s1["worst"][1]["ulp_error"];  // a conforming element's error
    s1["worst"][0]["conforming"] = true;
    s1["worst"][0]["ulp_error"] = third;
    s1["conforming"] = 4;
    s1["nonconforming"] = 0;
    s1["failed_requirements"] = nlohmann::json::array();
    s1["conforming_result"] = true;
    s1["histogram"][1]["count"] = 4;
    s1["histogram"][3]["count"] = 0;
    s1["max_ulp_error"] = third;
    nlohmann::json sorted = s1["worst"];
    std::sort(sorted.begin(), sorted.end(),
              [](const nlohmann::json& x, const nlohmann::json& y) { return x["index"] < y["index"]; });
    s1["worst"] = sorted;
    const CommandResult r = merge_forged(s1);
    EXPECT_EQ(r.status, 2) << r.out << r.err;
    EXPECT_FALSE(contains(r.out, "result: CONFORMING")) << r.out;
    // Another expected value for the same operands (its text fields agreeing).
    s1 = json("s1.json");
    s1["worst"][0]["expected"] = "0x3f2aaaac";
    s1["worst"][0]["expected_value"] = "0.666666746";
    EXPECT_EQ(merge_forged(s1).status, 2);
}

// [utest->req~div-cli-d20~2]
TEST_F(ForgedShards, DuplicateKeysAreRefused) {
    RecordProperty("requirements", "DIV-CLI-D20");
    // nlohmann keeps the last of two equal keys; merge refuses the file.
    std::string text = file_text(path("s1.json"));
    const std::size_t last = text.rfind('}');
    ASSERT_NE(last, std::string::npos);
    text.insert(last, ", \"nonconforming\": 0");
    write_text(path("dup.json"), text);
    const CommandResult r = merge({shard_name(0), "dup.json"});
    EXPECT_EQ(r.status, 2) << r.out << r.err;
    EXPECT_TRUE(contains(r.err, "nonconforming")) << r.err;
}

// [utest->req~div-cli-d20~2]
TEST_F(ForgedShards, AnotherChecksShardAndAMergedReportAreRefused) {
    RecordProperty("requirements", "DIV-CLI-D20");
    // Shard 1 of a check of another Y (which conforms): other SHA-256.
    std::vector<std::string> other = args_;
    other[3] = good_y_;
    other.insert(other.end(), {"--shard", "1/2", "--json", path("other1.json")});
    ASSERT_EQ(run(other).status, 0);
    const CommandResult mixed = merge({shard_name(0), "other1.json"});
    EXPECT_EQ(mixed.status, 2) << mixed.out;
    // The merged report given back as a shard, alone or beside one.
    ASSERT_EQ(merge({shard_name(0), shard_name(1)}).status, 1);
    ASSERT_EQ(std::rename(path("merged.json").c_str(), path("m.json").c_str()), 0);
    EXPECT_EQ(merge({"m.json"}).status, 2);
    EXPECT_EQ(merge({"m.json", shard_name(1)}).status, 2);
}

// [utest->req~div-cli-d20~2]
TEST_F(ForgedShards, OneShardMergesIntoItsOwnReport) {
    RecordProperty("requirements", "DIV-CLI-D20");
    // N = 1: check without --shard (or --shard 0/1) writes no `shard`, and
    // its report is the one shard of the check.
    std::vector<std::string> single = args_;
    single.insert(single.end(), {"--json", path("single.json")});
    ASSERT_EQ(run(single).status, 1);
    const CommandResult r = merge({"single.json"});
    EXPECT_EQ(r.status, 1) << r.out << r.err;
    nlohmann::json merged = json("merged.json");
    nlohmann::json expected = json("single.json");
    merged.erase("provenance");
    merged.erase("merged_from");
    expected.erase("provenance");
    EXPECT_EQ(merged, expected);
}

// [utest->req~div-cli-d20~2]
TEST_F(ForgedShards, AReportLargerThanAnyCheckWritesIsRefusedUnread) {
    RecordProperty("requirements", "DIV-CLI-D20");
    // 256 MiB + 1 byte, sparse: refused from its size before any of it is read.
    write_text(path("huge.json"), "{");
    ASSERT_EQ(::truncate(path("huge.json").c_str(), (off_t{256} << 20) + 1), 0);
    const CommandResult r = merge({"huge.json", shard_name(1)});
    EXPECT_EQ(r.status, 2) << r.out << r.err;
    EXPECT_TRUE(contains(r.err, "268435457 bytes")) << r.err;
}

// Campaign shards (DIV-CLI-D20): INT8, exhaustive, in two shards of
// 32,768 pairs each.
class ForgedCampaignShards : public Cli {
protected:
    void SetUp() override {
        Cli::SetUp();
        for (int k = 0; k < 2; ++k) {
            ASSERT_EQ(run({"campaign", "int8", "--exhaustive", "-j", "1", "--shard", std::to_string(k) + "/2", "--json",
                           path("c" + std::to_string(k) + ".json")})
                          .status,
                      0);
        }
    }
    CommandResult merge_pair(const nlohmann::json& c0, const nlohmann::json& c1) {
        write_text(path("f0.json"), c0.dump(2) + "\n");
        write_text(path("f1.json"), c1.dump(2) + "\n");
        return run({"merge", path("f0.json"), path("f1.json")});
    }
};

// [utest->req~div-cli-d20~2]
TEST_F(ForgedCampaignShards, ForgedPairsAndMismatchesAreRefused) {
    RecordProperty("requirements", "DIV-CLI-D20");
    const nlohmann::json c0 = json("c0.json");
    const nlohmann::json c1 = json("c1.json");
    ASSERT_EQ(merge_pair(c0, c1).status, 0);
    // +1 and -1 mismatches cancel modulo 2^64.
    nlohmann::json plus = c1;  // block 129 is the numerator 1, index 129 the divisor 1
    plus["mismatches"] = 1;
    plus["examples"] = {"INT8 1 / 1: core 2, oracle 1"};
    plus["example_positions"] = {{129, 129}};
    nlohmann::json minus = c0;
    minus["mismatches"] = -1;
    const CommandResult cancelled = merge_pair(minus, plus);
    EXPECT_EQ(cancelled.status, 2) << cancelled.out << cancelled.err;
    EXPECT_FALSE(contains(cancelled.out, "no mismatch")) << cancelled.out;
    // No pair compared, every shard saying so.
    nlohmann::json none0 = c0;
    nlohmann::json none1 = c1;
    none0["pairs"] = 0;
    none1["pairs"] = 0;
    const CommandResult empty = merge_pair(none0, none1);
    EXPECT_EQ(empty.status, 2) << empty.out << empty.err;
    EXPECT_TRUE(contains(empty.err, "pairs")) << empty.err;
    // Fewer examples than the count says, an example outside the shard's
    // blocks, a float count.
    nlohmann::json few = c1;
    few["mismatches"] = 3;
    EXPECT_EQ(merge_pair(c0, few).status, 2);
    nlohmann::json outside = c1;
    outside["mismatches"] = 1;
    outside["examples"] = {"INT8 1 / 1: core 2, oracle 1"};
    outside["example_positions"] = {{0, 129}};  // block 0 is shard 0's
    EXPECT_EQ(merge_pair(c0, outside).status, 2);
    nlohmann::json half = c1;
    half["mismatches"] = 0.5;
    EXPECT_EQ(merge_pair(c0, half).status, 2);
    // Unknown keys, another revision.
    nlohmann::json extra = c1;
    extra["note"] = "x";
    EXPECT_EQ(merge_pair(c0, extra).status, 2);
    nlohmann::json revision = c1;
    revision["provenance"]["revision"] = "0123456789abcdef0123456789abcdef01234567";
    EXPECT_EQ(merge_pair(c0, revision).status, 2);
}

}  // namespace
}  // namespace sonnx::test
