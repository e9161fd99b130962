// The typed fields the verifying reader takes from a report (DIV-CLI-D20;
// src/check/json_input.cpp), at the edges of their ranges: decimals with and
// without a sign, element words of each width, element type names, the
// message about a negative number, the cut of a long value in messages.
// Each expected value is derived by hand from the type's range (2^64 - 1 =
// 18446744073709551615, 2^63 = 9223372036854775808, ...). Written for the
// mutants of json_input.cpp that survived the first mutation run of
// src/check/ (no test held these edges).
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "json_input.hpp"
#include "sonnx/check/report_json.hpp"

namespace sonnx::check::json_input {
namespace {

using nlohmann::json;

// What a field reader says: "" when it takes the value, else its message.
template <typename Read>
std::string refusal(Read read) {
    try {
        read();
    } catch (const ReportError& error) { return error.what(); }
    return "";
}

// [utest->req~div-cli-d20~2]
TEST(JsonInputDecimal, TakesEveryUnsignedNumberAsWrittenAndNothingElse) {
    RecordProperty("requirements", "DIV-CLI-D20");
    EXPECT_EQ(decimal("0", UINT64_MAX), std::optional<std::uint64_t>(0U));
    EXPECT_EQ(decimal("18446744073709551615", UINT64_MAX), std::optional<std::uint64_t>(UINT64_MAX));
    EXPECT_EQ(decimal("10000000000000000000", UINT64_MAX), std::optional<std::uint64_t>(10000000000000000000U));
    EXPECT_EQ(decimal("1844674407370955161", UINT64_MAX), std::optional<std::uint64_t>(1844674407370955161U));
    EXPECT_EQ(decimal("18446744073709551616", UINT64_MAX), std::nullopt);   // 2^64
    EXPECT_EQ(decimal("99999999999999999999", UINT64_MAX), std::nullopt);   // 20 digits, above 2^64 - 1
    EXPECT_EQ(decimal("100000000000000000000", UINT64_MAX), std::nullopt);  // 21 digits
    EXPECT_EQ(decimal("10", 10U), std::optional<std::uint64_t>(10U));
    EXPECT_EQ(decimal("11", 10U), std::nullopt);
    EXPECT_EQ(decimal("", UINT64_MAX), std::nullopt);
    EXPECT_EQ(decimal("01", UINT64_MAX), std::nullopt);
    EXPECT_EQ(decimal("00", UINT64_MAX), std::nullopt);
    EXPECT_EQ(decimal("12a", UINT64_MAX), std::nullopt);
    EXPECT_EQ(decimal("+1", UINT64_MAX), std::nullopt);
}

// [utest->req~div-cli-d20~2]
TEST(JsonInputDecimal, TakesEverySignedNumberAsWrittenAndNothingElse) {
    RecordProperty("requirements", "DIV-CLI-D20");
    EXPECT_EQ(signed_decimal("-9223372036854775808"), std::optional<std::int64_t>(INT64_MIN));
    EXPECT_EQ(signed_decimal("9223372036854775807"), std::optional<std::int64_t>(INT64_MAX));
    EXPECT_EQ(signed_decimal("-5"), std::optional<std::int64_t>(-5));
    EXPECT_EQ(signed_decimal("0"), std::optional<std::int64_t>(0));
    EXPECT_EQ(signed_decimal("-9223372036854775809"), std::nullopt);
    EXPECT_EQ(signed_decimal("9223372036854775808"), std::nullopt);
    EXPECT_EQ(signed_decimal("-0"), std::nullopt);
    EXPECT_EQ(signed_decimal("-"), std::nullopt);
    EXPECT_EQ(signed_decimal("--1"), std::nullopt);
}

// The integers of each width, at both ends of their storage and one past.
// [utest->req~div-cli-d20~2]
TEST(JsonInputElementWord, IntegersAreTakenWithinTheirStorageOnly) {
    RecordProperty("requirements", "DIV-CLI-D20");
    struct Edge {
        ElementType type;
        const char* text;
        std::uint64_t word;  // 0 when refused
        bool taken;
    };
    const Edge edges[] = {
        {ElementType::int8, "127", 127U, true},
        {ElementType::int8, "-128", static_cast<std::uint64_t>(std::int64_t{-128}), true},
        {ElementType::int8, "128", 0U, false},
        {ElementType::int8, "-129", 0U, false},
        {ElementType::int16, "32767", 32767U, true},
        {ElementType::int16, "-32768", static_cast<std::uint64_t>(std::int64_t{-32768}), true},
        {ElementType::int16, "32768", 0U, false},
        {ElementType::int16, "-32769", 0U, false},
        {ElementType::int32, "2147483647", 2147483647U, true},
        {ElementType::int32, "-2147483648", static_cast<std::uint64_t>(std::int64_t{-2147483648LL}), true},
        {ElementType::int32, "2147483648", 0U, false},
        {ElementType::int32, "-2147483649", 0U, false},
        {ElementType::int64, "9223372036854775807", 9223372036854775807U, true},
        {ElementType::int64, "-9223372036854775808", 9223372036854775808U, true},
        {ElementType::int64, "9223372036854775808", 0U, false},
        {ElementType::uint8, "255", 255U, true},
        {ElementType::uint8, "256", 0U, false},
        {ElementType::uint16, "65535", 65535U, true},
        {ElementType::uint16, "65536", 0U, false},
        {ElementType::uint32, "4294967295", 4294967295U, true},
        {ElementType::uint32, "4294967296", 0U, false},
        {ElementType::uint64, "18446744073709551615", UINT64_MAX, true},
        {ElementType::uint64, "18446744073709551616", 0U, false},
        {ElementType::uint8, "-1", 0U, false},
        {ElementType::int8, "07", 0U, false},
    };
    for (const Edge& edge : edges) {
        const std::string name = std::string(element_type_name(edge.type)) + " " + edge.text;
        std::uint64_t word = 0U;
        const std::string why = refusal([&] { word = element_word(edge.type, json(edge.text), "/e/a"); });
        EXPECT_EQ(why.empty(), edge.taken) << name << ": " << why;
        if (edge.taken) {
            EXPECT_EQ(word, edge.word) << name;
        } else {
            EXPECT_EQ(why.rfind("/e/a: \"", 0), 0U) << name << ": " << why;
        }
    }
    EXPECT_NE(refusal([] { (void)element_word(ElementType::int32, json(5), "/e/a"); }), "");  // a number, not text
}

// [utest->req~div-cli-d20~2]
TEST(JsonInputElementWord, FloatsAreTakenAsTheirLowerCaseEncodingOfTheirWidth) {
    RecordProperty("requirements", "DIV-CLI-D20");
    std::uint64_t word = 0U;
    EXPECT_EQ(refusal([&] { word = element_word(ElementType::fp16, json("0x3c00"), ""); }), "");
    EXPECT_EQ(word, 0x3C00U);
    EXPECT_EQ(refusal([&] { word = element_word(ElementType::fp64, json("0xfff0000000000001"), ""); }), "");
    EXPECT_EQ(word, 0xFFF0000000000001U);
    for (const char* bad : {"0x3C00", "0x03c00", "0x3c0", "3c00x", "003c00", "0x3g00", "0xg3c0", "0xC3c0"}) {
        EXPECT_NE(refusal([&] { (void)element_word(ElementType::fp16, json(bad), ""); }), "") << bad;
    }
}

// The last name of the list is found; what element_type_name gives an
// unknown value is not a type.
// [utest->req~div-cli-d20~2]
TEST(JsonInputTypeNamed, EveryNameButUnknown) {
    RecordProperty("requirements", "DIV-CLI-D20");
    EXPECT_EQ(type_named("UINT64", "/t"), ElementType::uint64);
    EXPECT_EQ(type_named("FP16", "/t"), ElementType::fp16);
    EXPECT_EQ(refusal([] { (void)type_named("unknown", "/t"); }),
              "/t: \"unknown\" is not an element type's name (FP16, BF16, FP32, ..., UINT64)");
    EXPECT_NE(refusal([] { (void)type_named("fp32", "/t"); }), "");
}

// [utest->req~div-cli-d20~2]
TEST(JsonInputMessages, NameANegativeNumberAndCutLongValues) {
    RecordProperty("requirements", "DIV-CLI-D20");
    EXPECT_EQ(refusal([] { (void)whole(json::parse("-1"), "/n"); }),
              "/n: -1 is a negative number, not a whole number from 0 to 18446744073709551615");
    EXPECT_EQ(refusal([] { (void)whole(json::parse("7"), "/n", 6U); }), "/n: 7 is above 6");
    EXPECT_EQ(whole(json::parse("6"), "/n", 6U), 6U);
    // Parsed text gives a signed integer for negative numbers only; one made in memory may be 0.
    EXPECT_EQ(refusal([] { (void)whole(json(std::int64_t{0}), "/n"); }),
              "/n: 0 is a signed integer, not a whole number from 0 to 18446744073709551615");
    EXPECT_EQ(shown(json::array({1, 2})), "[1,2]");  // one line, as it was given
    const std::string eighty(78U, 'x');  // with its quotes, 80 characters: shown whole
    EXPECT_EQ(shown(json(eighty)), "\"" + eighty + "\"");
    const std::string longer(79U, 'x');  // 81: cut to 80 and marked
    EXPECT_EQ(shown(json(longer)), "\"" + longer.substr(0U, 79U) + "...");
}

json provenance_with(const char* key, const json& value) {
    json p = {{"tool", "sonnx-div"},
              {"version", "0.1.0"},
              {"revision", "0123456789abcdef0123456789abcdef01234567-dirty"},
              {"compiler", "GNU 12.2.0"},
              {"date", "2026-11-27T21:54:32Z"},
              {"command", "check"},
              {"command_line", "sonnx-div check a.npy b.npy y.npy"},
              {"options", {{"profile", "sonnx"}}},
              {"inputs", json::array()}};
    p[key] = value;
    return p;
}

std::string provenance_refusal(const char* key, const json& value) {
    return refusal([&] { (void)read_provenance(provenance_with(key, value), "/provenance", "check"); });
}

// The provenance as read back: each field as written, each name within its
// length (version 64, revision 128, compiler 256) and alphabet, the date
// exactly as start_provenance writes it.
// [utest->req~div-cli-d20~2]
TEST(JsonInputProvenance, FieldsAreReadAsWrittenWithinTheirBounds) {
    RecordProperty("requirements", "DIV-CLI-D20");
    const Provenance read = read_provenance(provenance_with("compiler", "Clang 19.1.7"), "/provenance", "check");
    EXPECT_EQ(read.version, "0.1.0");
    EXPECT_EQ(read.revision, "0123456789abcdef0123456789abcdef01234567-dirty");
    EXPECT_EQ(read.compiler, "Clang 19.1.7");
    EXPECT_EQ(read.date, "2026-11-27T21:54:32Z");
    EXPECT_EQ(read.command_line, "sonnx-div check a.npy b.npy y.npy");
    for (const auto& [key, most] : {std::pair<const char*, std::size_t>{"version", 64U}, {"revision", 128U}}) {
        EXPECT_EQ(provenance_refusal(key, std::string(most, '7')), "") << key;
        EXPECT_EQ(provenance_refusal(key, std::string(most + 1U, '7')).rfind(std::string("/provenance/") + key, 0U), 0U)
            << key;
        EXPECT_NE(provenance_refusal(key, ""), "") << key;
        EXPECT_NE(provenance_refusal(key, "0.1 beta"), "") << key;  // a space
    }
    EXPECT_EQ(provenance_refusal("compiler", std::string(256U, '~')), "");
    const std::string compiler_refused = "/provenance/compiler: ";
    EXPECT_EQ(provenance_refusal("compiler", std::string(257U, '~')).rfind(compiler_refused, 0U), 0U);
    EXPECT_EQ(provenance_refusal("compiler", "").rfind(compiler_refused, 0U), 0U);
    EXPECT_EQ(provenance_refusal("compiler", "GNU\t12").rfind(compiler_refused, 0U), 0U);
    EXPECT_EQ(provenance_refusal("compiler", "GNU\u00e9").rfind(compiler_refused, 0U), 0U);
}

json input_of_rank(std::size_t rank) {
    return json{{"role", "A"},           {"path", "a.npy"},   {"sha256", std::string(64U, 'a')},
                {"stored_type", "FP32"}, {"read_as", "FP32"}, {"shape", json(std::vector<std::uint64_t>(rank, 1U))}};
}

// An input's shape has at most 16 axes (kMaxRank).
// [utest->req~div-cli-d20~2]
TEST(JsonInputProvenance, AnInputHasAtMostSixteenAxes) {
    RecordProperty("requirements", "DIV-CLI-D20");
    const Provenance read = read_provenance(provenance_with("inputs", json::array({input_of_rank(16U)})), "/provenance",
                                            "check");
    ASSERT_EQ(read.inputs.size(), 1U);
    EXPECT_EQ(read.inputs[0].dims, std::vector<std::uint64_t>(16U, 1U));
    EXPECT_EQ(provenance_refusal("inputs", json::array({input_of_rank(17U)})),
              "/provenance/inputs/0/shape: has 17 axes, more than 16");
}

// A report of exactly 256 MiB is parsed (here: refused as JSON, not for its
// size); a key of exactly 4 MiB is taken.
// [utest->req~div-cli-d20~2]
TEST(JsonInputLimits, TheLimitsAreInclusive) {
    RecordProperty("requirements", "DIV-CLI-D20");
    const std::vector<std::uint8_t> largest(static_cast<std::size_t>(kMaxReportBytes), static_cast<std::uint8_t>('}'));
    const std::string why = refusal(
        [&] { (void)parse_report_text(largest.data(), static_cast<std::size_t>(kMaxReportBytes)); });
    EXPECT_NE(why, "");
    EXPECT_EQ(why.find("above the limit"), std::string::npos) << why.substr(0U, 200U);
    const std::string text = "{\"" + std::string(kMaxReportString, 'k') + "\": 1}";
    json parsed;
    EXPECT_EQ(
        refusal([&] { parsed = parse_report_text(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()); }),
        "");
    EXPECT_EQ(parsed.size(), 1U);
}

// [utest->req~div-cli-d20~2]
TEST(JsonInputProvenance, TheDateIsAUtcDateAsCheckWritesIt) {
    RecordProperty("requirements", "DIV-CLI-D20");
    EXPECT_EQ(provenance_refusal("date", "0000-00-00T00:00:00Z"), "");
    EXPECT_EQ(provenance_refusal("date", "9999-99-99T99:99:99Z"), "");
    for (const char* wrong :
         {"x026-11-27T21:54:32Z", "2026-11-27T21:54:3xZ", "2026-11-27T21:54:32z", "2026-11-27 21:54:32Z",
          "2026/11-27T21:54:32Z", "2026-11-27T21:54:32", "2026-11-27T21:54:32ZZ", "", "2026-11-27T21:54:32+00:00"}) {
        EXPECT_EQ(provenance_refusal("date", wrong), "/provenance/date: " + shown(json(wrong)) +
                                                         " is not a UTC date as check writes it (YYYY-MM-DDTHH:MM:SSZ)")
            << wrong;
    }
}

// [utest->req~div-cli-d20~2]
TEST(JsonInputProvenance, AReportOfAnotherCommandIsNamed) {
    RecordProperty("requirements", "DIV-CLI-D20");
    EXPECT_EQ(provenance_refusal("command", "campaign"),
              "/provenance/command: \"campaign\": made by campaign, not by check");
    EXPECT_EQ(provenance_refusal("command", "merge"),
              "/provenance/command: \"merge\": made by merge, not by check (a merged report: merge the shards' own)");
    EXPECT_EQ(provenance_refusal("tool", "other"), "/provenance/tool: \"other\" is not sonnx-div");
}

}  // namespace
}  // namespace sonnx::check::json_input
