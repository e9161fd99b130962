// The verifying reader of check's and campaign's JSON reports (DIV-CLI-D20,
// issue #33 item 6, issue #34 item 1): honest reports read back to the
// record that wrote them; each forgery of a hostile review, and more of the
// same classes, is refused naming the field; and seeded faults show that
// each step of the reader is needed: without the consistency step, or
// without re-judging the listed elements, a forged shard makes a failing
// check conform.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "report_test_support.hpp"
#include "sonnx/check/campaign_json.hpp"
#include "sonnx/check/merge.hpp"

namespace sonnx::check {
namespace {

using nlohmann::json;
using test::Words;

// What the reader says of a report: "" when it takes it, else its message.
std::string refusal(const json& report) {
    try {
        (void)read_report_json(report);
        return "";
    } catch (const ReportError& error) { return error.what(); }
}

std::string campaign_refusal(const json& report) {
    try {
        (void)read_campaign_json(report);
        return "";
    } catch (const ReportError& error) { return error.what(); }
}

std::string parse_refusal(const std::string& text) {
    try {
        (void)parse_report_text(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
        return "";
    } catch (const ReportError& error) { return error.what(); }
}

Settings shard_of(std::uint64_t index, std::uint64_t count, AcceptanceLevel accept = {}) {
    Settings settings;
    settings.accept = accept;
    settings.shard = Shard{index, count};
    return settings;
}

// FP32 at half-ulp, as the command-line tests: A = [1 1 1 1 2 2 2 2], B = 3,
// Y the correctly rounded quotients (1/3 ulp of error each, conforming and
// listed) but Y[6] one ulp above 2/3 (4/3 ulp, non-conforming).
struct FloatCheck {
    Words a{ElementType::fp32,
            {8U},
            {0x3f800000U, 0x3f800000U, 0x3f800000U, 0x3f800000U, 0x40000000U, 0x40000000U, 0x40000000U, 0x40000000U}};
    Words b{ElementType::fp32, {8U}, std::vector<std::uint64_t>(8U, 0x40400000U)};
    Words y{ElementType::fp32,
            {8U},
            {0x3eaaaaabU, 0x3eaaaaabU, 0x3eaaaaabU, 0x3eaaaaabU, 0x3f2aaaabU, 0x3f2aaaabU, 0x3f2aaaacU, 0x3f2aaaabU}};
    CheckRecord shard(std::uint64_t k) const {
        return test::record_of(a, b, y, shard_of(k, 2U, AcceptanceLevel{Acceptance::half_ulp, 0.0}));
    }
};

// INT16 with undefined elements listed: zero divisors at 1 and 5, MIN / -1
// at 3, wrong quotients at 0 and 6 (floor: 7 / 2 = 3, given 4; -7 / 2 = -4,
// given -3, truncation's).
CheckRecord int_check(std::size_t worst = 10U) {
    const Words a(ElementType::int16, {8U},
                  {7U, 1U, 8U, static_cast<std::uint64_t>(std::int64_t{-32768}), 9U, 4U,
                   static_cast<std::uint64_t>(std::int64_t{-7}), 6U});
    const Words b(ElementType::int16, {8U}, {2U, 0U, 2U, ~std::uint64_t{0}, 3U, 0U, 2U, 3U});
    const Words y(ElementType::int16, {8U}, {4U, 5U, 4U, 0U, 3U, 0U, static_cast<std::uint64_t>(std::int64_t{-3}), 2U});
    Settings settings;
    settings.undefined = UndefinedPolicy::list;
    settings.worst = worst;
    return test::record_of(a, b, y, settings);
}

// INT8 refused at the zero divisor at index 5, in shard 1 of 2 ([4, 8)).
CheckRecord stopped_check() {
    const Words a(ElementType::int8, {8U}, {6U, 6U, 6U, 6U, 6U, 6U, 6U, 6U});
    const Words b(ElementType::int8, {8U}, {2U, 3U, 2U, 3U, 2U, 0U, 2U, 3U});
    const Words y(ElementType::int8, {8U}, {3U, 2U, 3U, 2U, 3U, 0U, 3U, 2U});
    return test::record_of(a, b, y, shard_of(1U, 2U));
}

struct Forgery {
    const char* what;
    std::function<void(json&)> edit;
    const char* field;  // the JSON pointer the refusal names
};

void expect_refused(const json& honest, const std::vector<Forgery>& forgeries) {
    ASSERT_EQ(refusal(honest), "");
    for (const Forgery& f : forgeries) {
        json forged = honest;
        f.edit(forged);
        const std::string why = refusal(forged);
        EXPECT_NE(why, "") << f.what;
        EXPECT_EQ(why.rfind(f.field, 0U), 0U) << f.what << ": " << why;
    }
}

// [utest->req~div-cli-d20~2]
TEST(ReportReader, AnHonestReportReadsBackToItsRecord) {
    RecordProperty("requirements", "DIV-CLI-D20");
    for (const CheckRecord& record :
         {FloatCheck().shard(0U), FloatCheck().shard(1U), int_check(), int_check(1U), stopped_check()}) {
        const json written = test::written(record);
        const CheckRecord read = read_report_json(written);
        EXPECT_EQ(report_json(read), written);
        EXPECT_EQ(read.report.elements, record.report.elements);
        EXPECT_EQ(read.report.worst.size(), record.report.worst.size());
        EXPECT_EQ(read.settings.shard.index, record.settings.shard.index);
        EXPECT_EQ(read.provenance.inputs[2].sha256, record.provenance.inputs[2].sha256);
    }
}

// [utest->req~div-cli-d20~2]
TEST(ReportReader, CountsMustBeWholeNumbersThatAddUp) {
    RecordProperty("requirements", "DIV-CLI-D20");
    const std::vector<Forgery> forgeries = {
        {"nonconforming zeroed", [](json& j) { j["nonconforming"] = 0U; }, "/nonconforming"},
        {"negative", [](json& j) { j["conforming"] = -1; }, "/conforming"},
        {"a half", [](json& j) { j["conforming"] = 0.5; }, "/conforming"},
        {"minus zero", [](json& j) { j["conforming"] = -0.0; }, "/conforming"},
        {"1e300", [](json& j) { j["conforming"] = 1e300; }, "/conforming"},
        {"a float one", [](json& j) { j["undefined"] = 1.0; }, "/undefined"},
        {"a string", [](json& j) { j["elements"] = "4"; }, "/elements"},
        {"2^64 - 1", [](json& j) { j["exact_matches"] = UINT64_MAX; }, "/exact_matches"},
        {"past 2^64 - 1", [](json& j) { j["elements"] = json::parse("18446744073709551616"); }, "/elements"},
        {"all conform, the list says not",
         [](json& j) {
             j["conforming"] = 4U;
             j["nonconforming"] = 0U;
             j["conforming_result"] = true;
         },
         "/conforming"},
        {"elements not the shard's",
         [](json& j) {
             j["elements"] = 5U;
             j["nonconforming"] = 2U;
         },
         "/elements"},
        {"a histogram bucket more", [](json& j) { j["histogram"][1]["count"] = 4U; }, "/histogram"},
        {"eight buckets", [](json& j) { j["histogram"].erase(8); }, "/histogram"},
        {"a special mismatch more", [](json& j) { j["special_value_mismatches"] = 1U; }, "/special_value_mismatches"},
        {"a flush more", [](json& j) { j["flush_to_zero"] = 1U; }, "/flush_to_zero"},
        {"exact matches", [](json& j) { j["exact_matches"] = 4U; }, "/exact_matches"},
        {"the largest error", [](json& j) { j["max_ulp_error"] = 2.5; }, "/max_ulp_error"},
        {"the largest error a whole number", [](json& j) { j["max_ulp_error"] = 1U; }, "/max_ulp_error"},
        {"no failed requirement", [](json& j) { j["failed_requirements"] = json::array(); }, "/failed_requirements"},
        {"failed requirements unsorted", [](json& j) { j["failed_requirements"] = {"DIV-FLOAT-F1", "DIV-FLOAT-ACC1"}; },
         "/failed_requirements"},
        {"an integer's requirement", [](json& j) { j["failed_requirements"] = {"DIV-INT-F1"}; },
         "/failed_requirements"},
        {"a verdict", [](json& j) { j["conforming_result"] = true; }, "/conforming_result"},
    };
    expect_refused(test::written(FloatCheck().shard(1U)), forgeries);
}

// [utest->req~div-cli-d20~2]
TEST(ReportReader, UnknownMissingAndRepeatedKeysAreRefused) {
    RecordProperty("requirements", "DIV-CLI-D20");
    const std::vector<Forgery> forgeries = {
        {"top", [](json& j) { j["note"] = {{"nested", {1, 2}}}; }, "/note"},
        {"provenance", [](json& j) { j["provenance"]["note"] = 1U; }, "/provenance/note"},
        {"options", [](json& j) { j["provenance"]["options"]["note"] = "x"; }, "/provenance/options/note"},
        {"an input", [](json& j) { j["provenance"]["inputs"][0]["note"] = 1U; }, "/provenance/inputs/0/note"},
        {"a worst element", [](json& j) { j["worst"][0]["note"] = 1U; }, "/worst/0/note"},
        {"a bucket", [](json& j) { j["histogram"][0]["note"] = 1U; }, "/histogram/0/note"},
        {"the shard", [](json& j) { j["shard"]["note"] = 1U; }, "/shard/note"},
        {"missing: a worst element's verdict", [](json& j) { j["worst"][0].erase("conforming"); },
         "/worst/0/conforming"},
        {"missing: the shard", [](json& j) { j.erase("shard"); }, "/shard"},
        {"missing: the hints", [](json& j) { j.erase("hints"); }, "/hints"},
        {"a merged report", [](json& j) { j["merged_from"] = json::array(); }, "/merged_from"},
        {"a merge's provenance", [](json& j) { j["provenance"]["command"] = "merge"; }, "/provenance/command"},
        {"a campaign", [](json& j) { j["command"] = "campaign"; }, "/command"},
    };
    expect_refused(test::written(FloatCheck().shard(1U)), forgeries);
    // nlohmann keeps the last of two equal keys: the parser refuses them.
    EXPECT_NE(parse_refusal(R"({"a": 1, "b": {"c": 1, "c": 2}})"), "");
    EXPECT_NE(parse_refusal(R"({"a": 1, "a": 1})").find("\"a\" appears twice"), std::string::npos);
    EXPECT_EQ(parse_refusal(R"({"a": {"c": 1}, "b": {"c": 2}, "d": [{"c": 1}, {"c": 2}]})"), "");
}

// [utest->req~div-cli-d20~2]
TEST(ReportReader, TextIsBoundedInDepthAndLength) {
    RecordProperty("requirements", "DIV-CLI-D20");
    // 100,000 nested arrays: refused when the eleventh opens, nothing deeper built.
    const std::string deep = std::string(100000U, '[') + std::string(100000U, ']');
    EXPECT_NE(parse_refusal(deep).find("nested deeper than 10"), std::string::npos);
    EXPECT_NE(parse_refusal("{\"a\": " + std::string(10U, '[') + std::string(10U, ']') + "}"), "");
    EXPECT_EQ(parse_refusal("{\"a\": " + std::string(9U, '[') + std::string(9U, ']') + "}"), "");
    const std::string long_string(kMaxReportString + 1U, 'x');
    EXPECT_NE(parse_refusal("{\"a\": \"" + long_string + "\"}").find("a string of"), std::string::npos);
    EXPECT_NE(parse_refusal("{\"" + long_string + "\": 1}").find("a key of"), std::string::npos);
    EXPECT_EQ(parse_refusal("{\"a\": \"" + std::string(kMaxReportString, 'x') + "\"}"), "");
    for (const char* text : {"", "{", "{\"a\": 1} x", "{\"a\": NaN}", "{\"a\": 1e400}", "{\"a\": \"\xff\"}"}) {
        EXPECT_NE(parse_refusal(text).find("not JSON"), std::string::npos) << text;
    }
}

// [utest->req~div-cli-d20~2]
TEST(ReportReader, TextsMustBeTheWritersOfWhatWasRead) {
    RecordProperty("requirements", "DIV-CLI-D20");
    const std::vector<Forgery> forgeries = {
        {"hex in capitals", [](json& j) { j["worst"][0]["a"] = "0X40000000"; }, "/worst/0/a"},
        {"too few digits", [](json& j) { j["worst"][0]["b"] = "0x4040000"; }, "/worst/0/b"},
        {"too many digits", [](json& j) { j["worst"][0]["y"] = "0x3f2aaaac0"; }, "/worst/0/y"},
        {"a number", [](json& j) { j["worst"][0]["expected"] = 1060547243U; }, "/worst/0/expected"},
        {"a position", [](json& j) { j["worst"][0]["position"] = "[7]"; }, "/worst/0/position"},
        {"a value", [](json& j) { j["worst"][0]["y_value"] = "0.666666687"; }, "/worst/0/y_value"},
        {"a bucket's name", [](json& j) { j["histogram"][3]["bucket"] = "[1, 2]"; }, "/histogram/3/bucket"},
        {"a hint", [](json& j) { j["hints"] = {"all is well"}; }, "/hints"},
        {"the acceptance", [](json& j) { j["acceptance"] = "one-ulp"; }, "/acceptance"},
        {"the shape", [](json& j) { j["shape"] = {2U, 4U}; }, "/shape"},
        {"an error in ulps as text", [](json& j) { j["worst"][0]["ulp_error"] = "1.3"; }, "/worst/0/ulp_error"},
        {"an error in ulps below 0", [](json& j) { j["worst"][0]["ulp_error"] = -1.0; }, "/worst/0/ulp_error"},
        {"the tool", [](json& j) { j["provenance"]["tool"] = "other"; }, "/provenance/tool"},
        {"a version that is no name", [](json& j) { j["provenance"]["version"] = "0.1.0 beta"; },
         "/provenance/version"},
        {"a revision that is no name", [](json& j) { j["provenance"]["revision"] = ""; }, "/provenance/revision"},
        {"a date", [](json& j) { j["provenance"]["date"] = "yesterday"; }, "/provenance/date"},
        {"a hash in capitals",
         [](json& j) {
             std::string sha = j["provenance"]["inputs"][0]["sha256"];
             for (char& c : sha) {
                 c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
             }
             j["provenance"]["inputs"][0]["sha256"] = sha;
         },
         "/provenance/inputs/0/sha256"},
        {"a role", [](json& j) { j["provenance"]["inputs"][1]["role"] = "Y"; }, "/provenance/inputs/1/role"},
        {"A read as another type", [](json& j) { j["provenance"]["inputs"][0]["read_as"] = "FP64"; },
         "/provenance/inputs/0/read_as"},
        {"the type", [](json& j) { j["type"] = "FP64"; }, "/type"},
        {"17 axes", [](json& j) { j["provenance"]["inputs"][0]["shape"] = std::vector<unsigned>(17U, 1U); },
         "/provenance/inputs/0/shape"},
        {"an element count past 2^64 - 1", [](json& j) { j["provenance"]["inputs"][0]["shape"] = {UINT64_MAX, 2U}; },
         "/provenance/inputs/0/shape"},
    };
    expect_refused(test::written(FloatCheck().shard(1U)), forgeries);
}

// [utest->req~div-cli-d20~2]
TEST(ReportReader, OptionsAreParsedNeverConverted) {
    RecordProperty("requirements", "DIV-CLI-D20");
    std::vector<Forgery> forgeries;
    for (const char* worst : {"abc", "-1", "18446744073709551616", "1e3", " 10", "010", "100001", ""}) {
        forgeries.push_back(
            {worst, [worst](json& j) { j["provenance"]["options"]["worst"] = worst; }, "/provenance/options/worst"});
    }
    forgeries.push_back(
        {"worst as a number", [](json& j) { j["provenance"]["options"]["worst"] = 10U; }, "/provenance/options/worst"});
    for (const char* threads :
         {"0 (the report does not depend on it)", "2", "1025 (the report does not depend on it)"}) {
        forgeries.push_back({threads, [threads](json& j) { j["provenance"]["options"]["threads"] = threads; },
                             "/provenance/options/threads"});
    }
    for (const char* shard : {"2/2", "1/0", "01/2", "a/2"}) {
        forgeries.push_back(
            {shard, [shard](json& j) { j["provenance"]["options"]["shard"] = shard; }, "/provenance/options/shard"});
    }
    forgeries.push_back(
        {"accept", [](json& j) { j["provenance"]["options"]["accept"] = "0.1ulp"; }, "/provenance/options/accept"});
    forgeries.push_back({"profile", [](json& j) { j["provenance"]["options"]["profile"] = "tensorflow"; },
                         "/provenance/options/profile"});
    // (trunc would be another check's: a float check takes --int-rounding and ignores it.)
    forgeries.push_back({"rounding", [](json& j) { j["provenance"]["options"]["int-rounding"] = "nearest"; },
                         "/provenance/options/int-rounding"});
    forgeries.push_back(
        {"type", [](json& j) { j["provenance"]["options"]["type"] = "fp128"; }, "/provenance/options/type"});
    forgeries.push_back(
        {"type given", [](json& j) { j["provenance"]["options"]["type"] = "fp64"; }, "/provenance/inputs/0/read_as"});
    forgeries.push_back(
        {"missing", [](json& j) { j["provenance"]["options"].erase("accept"); }, "/provenance/options/accept"});
    expect_refused(test::written(FloatCheck().shard(1U)), forgeries);
}

// [utest->req~div-cli-d20~2]
TEST(ReportReader, WorstElementsAreTheJudgesOwn) {
    RecordProperty("requirements", "DIV-CLI-D20");
    const std::vector<Forgery> forgeries = {
        {"outside the shard (relabelled)",
         [](json& j) {
             j["worst"][2]["index"] = 0U;
             j["worst"][2]["position"] = "[0]";
         },
         "/worst/2/index"},
        {"listed twice", [](json& j) { j["worst"][1] = j["worst"][0]; }, "/worst/1"},
        {"out of order", [](json& j) { std::swap(j["worst"][1], j["worst"][2]); }, "/worst/2"},
        {"one left out", [](json& j) { j["worst"].erase(2); }, "/worst"},
        {"another expected value",
         [](json& j) {
             j["worst"][0]["expected"] = "0x3f2aaaac";
             j["worst"][0]["expected_value"] = "0.666666746";
         },
         "/worst/0/expected"},
        {"another error", [](json& j) { j["worst"][3]["ulp_error"] = 0.25; }, "/worst/3/ulp_error"},
        {"the largest error, with its element's",
         [](json& j) {
             j["worst"][0]["ulp_error"] = 1.25;
             j["max_ulp_error"] = 1.25;
         },
         "/worst/0/ulp_error"},
        {"marked conforming", [](json& j) { j["worst"][0]["conforming"] = true; }, "/worst/0"},
        {"a flush to zero", [](json& j) { j["worst"][0]["flush_to_zero"] = true; }, "/worst/0"},
        {"an exact quotient listed",
         [](json& j) {
             json& e = j["worst"][2];  // 2 / 3 -> 3 / 3, exact: conforming with no error
             e["a"] = "0x40400000";
             e["a_value"] = "3";
             e["y"] = "0x3f800000";
             e["y_value"] = "1";
             e["expected"] = "0x3f800000";
             e["expected_value"] = "1";
             e["ulp_error"] = 0.0;
         },
         "/worst/2"},
        {"a NaN dividend",
         [](json& j) {
             j["worst"][0]["a"] = "0x7fc00000";
             j["worst"][0]["a_value"] = "nan";
         },
         "/worst/0/expected"},
    };
    expect_refused(test::written(FloatCheck().shard(1U)), forgeries);
    // An element's verdict at another acceptance, and a forged worst list
    // whose counts were made to agree: only re-judging sees them.
    json forged = test::written(FloatCheck().shard(1U));
    const json third = forged["worst"][1]["ulp_error"];
    forged["worst"][0]["conforming"] = true;
    forged["worst"][0]["ulp_error"] = third;
    forged["conforming"] = 4U;
    forged["nonconforming"] = 0U;
    forged["failed_requirements"] = json::array();
    forged["conforming_result"] = true;
    forged["histogram"][1]["count"] = 4U;
    forged["histogram"][3]["count"] = 0U;
    forged["max_ulp_error"] = third;
    std::sort(forged["worst"].begin(), forged["worst"].end(),
              [](const json& x, const json& y) { return x["index"] < y["index"]; });
    EXPECT_EQ(refusal(forged).rfind("/worst/2/ulp_error", 0U), 0U) << refusal(forged);
}

// [utest->req~div-cli-d20~2]
TEST(ReportReader, IntegerAndUndefinedElementsAreTheJudgesOwn) {
    RecordProperty("requirements", "DIV-CLI-D20");
    const json honest = test::written(int_check());
    ASSERT_EQ(honest["undefined"], 3);
    ASSERT_EQ(honest["worst"].size(), 2U);
    const std::vector<Forgery> forgeries = {
        {"a reason swapped", [](json& j) { j["undefined_elements"][0]["reason"] = "MIN / -1"; },
         "/undefined_elements/0/reason"},
        {"a defined element listed", [](json& j) { j["undefined_elements"][0]["b"] = "5"; }, "/undefined_elements/0"},
        {"out of order", [](json& j) { std::swap(j["undefined_elements"][0], j["undefined_elements"][1]); },
         "/undefined_elements/1/index"},
        {"one left out", [](json& j) { j["undefined_elements"].erase(0); }, "/undefined_elements"},
        {"also among the worst", [](json& j) { j["undefined_elements"][0]["index"] = 0U; }, "/undefined_elements"},
        {"another candidate, the same error",
         [](json& j) {
             j["worst"][0]["y"] = "5";
             j["worst"][0]["y_value"] = "5";
         },
         "/worst/0/error"},
        {"a candidate past INT16", [](json& j) { j["worst"][0]["y"] = "40000"; }, "/worst/0/y"},
        {"a candidate as +4", [](json& j) { j["worst"][0]["y"] = "+4"; }, "/worst/0/y"},
        {"the other rounding's requirement", [](json& j) { j["failed_requirements"] = {"DIV-INT-ACC1", "DIV-INT-D1"}; },
         "/failed_requirements"},
        {"other rounding matches", [](json& j) { j["other_rounding_matches"] = 3U; }, "/other_rounding_matches"},
        {"refused, yet listed", [](json& j) { j["provenance"]["options"]["undefined"] = "refuse"; },
         "/undefined_policy"},
        {"integers' bucket (0, 0.5]",
         [](json& j) {
             j["histogram"][1]["count"] = 1U;
             j["histogram"][0]["count"] = j["histogram"][0]["count"].get<std::uint64_t>() - 1U;
         },
         "/histogram"},
        {"an undefined element fewer counted",
         [](json& j) {
             j["undefined"] = 2U;
             j["nonconforming"] = 3U;
         },
         "/histogram"},
    };
    expect_refused(honest, forgeries);
}

// [utest->req~div-cli-d20~2]
TEST(ReportReader, APreconditionIsTheOneTheInputsAndTheShardAllow) {
    RecordProperty("requirements", "DIV-CLI-D20");
    const json honest = test::written(stopped_check());
    ASSERT_EQ(honest["precondition"]["index"], 5);
    const std::vector<Forgery> forgeries = {
        {"an index in the other shard", [](json& j) { j["precondition"]["index"] = 1U; }, "/precondition/index"},
        {"another index, same message", [](json& j) { j["precondition"]["index"] = 6U; }, "/precondition/message"},
        {"a divisor that is not zero",
         [](json& j) {
             std::string m = j["precondition"]["message"];
             m.replace(m.find("B[5] = 0"), 8U, "B[5] = 2");
             j["precondition"]["message"] = m;
         },
         "/precondition/message"},
        {"a dividend past INT8",
         [](json& j) {
             std::string m = j["precondition"]["message"];
             m.replace(m.find("A[5] = 6"), 8U, "A[5] = 600");
             j["precondition"]["message"] = m;
         },
         "/precondition/message"},
        {"a shape mismatch", [](json& j) { j["precondition"]["status"] = "shape_mismatch"; }, "/precondition"},
        {"an unknown status", [](json& j) { j["precondition"]["status"] = "bad"; }, "/precondition/status"},
        {"MIN / -1 for a zero divisor",
         [](json& j) {
             j["precondition"]["status"] = "overflow";
             j["precondition"]["requirement"] = "DIV-INT-D2";
             j["precondition"]["operand"] = "A";
         },
         "/precondition/message"},
        {"undefined elements listed", [](json& j) { j["provenance"]["options"]["undefined"] = "list"; },
         "/undefined_policy"},
        {"no stop, no counts", [](json& j) { j["precondition"] = nullptr; }, "/"},
        {"a verdict", [](json& j) { j["conforming_result"] = true; }, "/conforming_result"},
    };
    expect_refused(honest, forgeries);
    // A float check with a precondition no float element gives.
    json f = test::written(FloatCheck().shard(1U));
    f["precondition"] = honest["precondition"];
    EXPECT_NE(refusal(f), "");
}

// [utest->req~div-cli-d20~2]
TEST(ReportReader, ACandidateMismatchFollowsFromTheInputs) {
    RecordProperty("requirements", "DIV-CLI-D20");
    json honest = test::written(FloatCheck().shard(1U));
    json forged = honest;
    forged["provenance"]["inputs"][2]["shape"] = {9U};  // Y of 9 elements, judged as if it fitted
    EXPECT_EQ(refusal(forged).rfind("/candidate_mismatch", 0U), 0U) << refusal(forged);
    forged = honest;
    forged["candidate_mismatch"] = {{"y_type", "FP32"}};
    EXPECT_EQ(refusal(forged).rfind("/candidate_mismatch", 0U), 0U) << refusal(forged);
}

// Seeded faults: a reader without the consistency step, or without the
// re-judging step, lets a forged shard make a failing check conform. The
// merge is shown as the judge's threads merge (merge_into).
bool merged_conforms(const CheckRecord& honest, const CheckRecord& forged) {
    Report merged = honest.report;
    merge_into(merged, forged.report, honest.settings.worst);
    return conforms(merged);
}

// [utest->req~div-cli-d20~2]
TEST(ReportReader, WithoutTheConsistencyStepAForgedShardConforms) {
    RecordProperty("requirements", "DIV-CLI-D20");
    const FloatCheck check;
    json forged = test::written(check.shard(1U));
    forged["conforming"] = 4U;  // the element counted as conforming; the worst list and requirements left
    forged["nonconforming"] = 0U;
    forged["conforming_result"] = true;
    const CheckRecord honest = read_report_json(test::written(check.shard(0U)));
    ASSERT_FALSE(merged_conforms(honest, read_report_json(test::written(check.shard(1U)))));
    // The fault: the schema alone (every field's type, every derived text).
    const CheckRecord schema_only = parse_report_fields(forged);
    EXPECT_TRUE(merged_conforms(honest, schema_only));
    EXPECT_THROW(check_report_consistency(schema_only), ReportError);
    EXPECT_NE(refusal(forged), "");
}

// [utest->req~div-cli-d20~2]
TEST(ReportReader, WithoutRejudgingAForgedWorstListConforms) {
    RecordProperty("requirements", "DIV-CLI-D20");
    const FloatCheck check;
    json forged = test::written(check.shard(1U));
    const json third = forged["worst"][1]["ulp_error"];  // a conforming element's error, given to Y[6]
    forged["worst"][0]["conforming"] = true;
    forged["worst"][0]["ulp_error"] = third;
    forged["conforming"] = 4U;
    forged["nonconforming"] = 0U;
    forged["failed_requirements"] = json::array();
    forged["conforming_result"] = true;
    forged["histogram"][1]["count"] = 4U;
    forged["histogram"][3]["count"] = 0U;
    forged["max_ulp_error"] = third;
    std::sort(forged["worst"].begin(), forged["worst"].end(),
              [](const json& x, const json& y) { return x["index"] < y["index"]; });
    const CheckRecord honest = read_report_json(test::written(check.shard(0U)));
    const CheckRecord unjudged = parse_report_fields(forged);
    EXPECT_NO_THROW(check_report_consistency(unjudged));  // every count agrees with every other
    EXPECT_TRUE(merged_conforms(honest, unjudged));
    EXPECT_THROW(rejudge_listed_elements(unjudged), ReportError);
    std::vector<json> shards = {test::written(check.shard(0U)), forged};
    EXPECT_THROW((void)merge_check_reports(shards, {"s0.json", "forged.json"}), MergeError);
}

// Campaign reports: INT8 exhaustive against a division that copies A to Y
// (so that mismatches and examples are real), shard 1 of 2.
Status copy_a(const ConstTensorView& a, const ConstTensorView&, const TensorView& y, const DivOptions&,
              DivReport*) noexcept {
    std::memcpy(y.data, a.data, y.size_bytes);
    return Status{};
}

json campaign_shard(std::uint64_t index) {
    oracle::CampaignPlan plan;
    plan.type = ElementType::int8;
    plan.mode = oracle::CampaignMode::exhaustive;
    plan.subject = &copy_a;
    plan.shard_index = index;
    plan.shard_count = 2U;
    return test::campaign_report(plan);
}

// [utest->req~div-cli-d20~2]
TEST(ReportReader, CampaignShardsAreHeldToThePlan) {
    RecordProperty("requirements", "DIV-CLI-D20");
    const json honest = campaign_shard(1U);
    ASSERT_EQ(campaign_refusal(honest), "");
    ASSERT_EQ(honest["pairs"], 32768);
    ASSERT_EQ(honest["examples"].size(), 10U);
    EXPECT_EQ(campaign_json(read_campaign_json(honest)), honest);
    const std::vector<Forgery> forgeries = {
        {"no pair", [](json& j) { j["pairs"] = 0U; }, "/pairs"},
        {"a pair more", [](json& j) { j["pairs"] = 32769U; }, "/pairs"},
        {"more mismatches than pairs", [](json& j) { j["mismatches"] = 32769U; }, "/mismatches"},
        {"a negative count", [](json& j) { j["mismatches"] = -1; }, "/mismatches"},
        {"a float count", [](json& j) { j["mismatches"] = 0.5; }, "/mismatches"},
        {"fewer examples than kept", [](json& j) { j["examples"].erase(9); }, "/examples"},
        {"no mismatch, examples left", [](json& j) { j["mismatches"] = 0U; }, "/examples"},
        {"an example of shard 0's blocks", [](json& j) { j["example_positions"][0] = {0U, 1U}; },
         "/example_positions/0"},
        {"past a block's pairs", [](json& j) { j["example_positions"][0] = {128U, 256U}; }, "/example_positions/0"},
        {"out of order", [](json& j) { std::swap(j["example_positions"][0], j["example_positions"][1]); },
         "/example_positions/1"},
        {"other operands",
         [](json& j) {
             std::string e = j["examples"][0];
             j["examples"][0] = "INT8 99 / 1" + e.substr(e.find(':'));
         },
         "/examples/0"},
        {"another oracle",
         [](json& j) {
             std::string e = j["examples"][0];
             j["examples"][0] = e.substr(0U, e.rfind("oracle ")) + "oracle 42";
         },
         "/examples/0"},
        {"a time below 0", [](json& j) { j["seconds"] = -1.0; }, "/seconds"},
        {"a time not a double", [](json& j) { j["seconds"] = 3; }, "/seconds"},
        {"a core's answer of no text",
         [](json& j) {
             const std::string e = j["examples"][0];
             j["examples"][0] = e.substr(0U, e.find(": core ") + 7U) + e.substr(e.rfind(", oracle "));
         },
         "/examples/0"},
        {"no threads", [](json& j) { j["threads"] = 0U; }, "/threads"},
        {"another rounding", [](json& j) { j["int_rounding"] = "trunc"; }, "/int_rounding"},
        {"another mode", [](json& j) { j["provenance"]["options"]["mode"] = "sampled"; }, "/provenance/options/random"},
        {"an input", [](json& j) { j["provenance"]["inputs"] = json::array({json::object()}); }, "/provenance/inputs"},
        {"an unknown key", [](json& j) { j["note"] = 1U; }, "/note"},
    };
    for (const Forgery& f : forgeries) {
        json forged = honest;
        f.edit(forged);
        const std::string why = campaign_refusal(forged);
        EXPECT_EQ(why.rfind(f.field, 0U), 0U) << f.what << ": " << why;
    }
    // A whole number is no time, said as such (not only as a field the writer writes otherwise).
    json whole_seconds = honest;
    whole_seconds["seconds"] = 3;
    EXPECT_EQ(campaign_refusal(whole_seconds), "/seconds: 3 is not a time in seconds (a finite double, 0 or above)");
    // Shard 0's blocks are [0, 128): block 128 is shard 1's first.
    json next_shards = campaign_shard(0U);
    ASSERT_EQ(campaign_refusal(next_shards), "");
    next_shards["example_positions"][9] = {128U, 0U};
    const std::string why = campaign_refusal(next_shards);
    EXPECT_EQ(why.rfind("/example_positions/9", 0U), 0U) << why;
    // Shards: +1 and -1 mismatches, both refused before any sum.
    json minus = campaign_shard(0U);
    minus["mismatches"] = -1;
    EXPECT_THROW((void)merge_check_reports({minus, honest}, {"c0.json", "c1.json"}), MergeError);
}

json fp32_sampled_campaign() {
    oracle::CampaignPlan plan;
    plan.type = ElementType::fp32;
    plan.random_pairs = 50U;
    plan.seed = 5U;
    return test::campaign_report(plan);
}

std::vector<std::string> keys_of(const json& report) {
    std::vector<std::string> keys;
    for (const auto& item : report.items()) {
        keys.push_back(item.key());
    }
    return keys;
}

// What a campaign report holds, by plan: a sampled one its seed and pairs,
// an integer one its rounding, a shard its place; and a sampled FP32
// campaign cannot claim to have been exhaustive.
// [utest->req~div-cli-d8~2]
// [utest->req~div-cli-d20~2]
TEST(ReportReader, ACampaignReportHoldsWhatItsPlanHas) {
    RecordProperty("requirements", "DIV-CLI-D8,DIV-CLI-D20");
    const json sampled = fp32_sampled_campaign();
    ASSERT_EQ(campaign_refusal(sampled), "");
    EXPECT_EQ(keys_of(sampled),
              (std::vector<std::string>{"command", "example_positions", "examples", "mismatches", "mode", "pairs",
                                        "provenance", "random_pairs", "seconds", "seed", "threads", "type"}));
    const json shard = campaign_shard(0U);
    EXPECT_EQ(keys_of(shard),
              (std::vector<std::string>{"command", "example_positions", "examples", "int_rounding", "mismatches",
                                        "mode", "pairs", "provenance", "seconds", "shard", "threads", "type"}));
    EXPECT_EQ(shard["int_rounding"], "floor");
    EXPECT_EQ(shard["shard"], (json{{"count", 2U}, {"index", 0U}}));
    json exhaustive = sampled;
    exhaustive["provenance"]["options"]["mode"] = "exhaustive";
    const std::string why = campaign_refusal(exhaustive);
    EXPECT_EQ(why.rfind("/provenance/options/mode: exhaustive, but FP32 has more than 2^32 pairs", 0U), 0U) << why;
}

}  // namespace
}  // namespace sonnx::check
