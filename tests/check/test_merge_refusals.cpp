// merge refuses what is not the N shards of one check or campaign, and
// says which file and why (DIV-CLI-D20). Every report here is one the
// writer writes: a record of the judge (or a campaign run), written and
// read back; what differs between two shards is what a user could really
// hand merge (another input, another build, a shard given twice). The
// expected messages are the ones merge.cpp documents, written out by hand.
// Written for the mutants of src/check/merge.cpp that survived the suite.
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "report_test_support.hpp"
#include "sonnx/check/judge.hpp"
#include "sonnx/check/merge.hpp"
#include "sonnx/check/profile_rules.hpp"

namespace sonnx::check {
namespace {

using test::campaign_report;
using test::Words;

const Words kA(ElementType::fp32, {4U}, {0x3f800000U, 0x40000000U, 0x40400000U, 0x40800000U});  // 1, 2, 3, 4
const Words kB(ElementType::fp32, {4U}, {0x40400000U, 0x40400000U, 0x40400000U, 0x40400000U});  // 3
const Words kY(ElementType::fp32, {4U}, {0x3eaaaaabU, 0x3f2aaaabU, 0x3f800000U, 0x3faaaaabU});  // their quotients

CheckRecord shard_of(const Words& a, const Words& b, const Words& y, std::uint64_t index, std::uint64_t count) {
    Settings settings;
    settings.shard = Shard{index, count};
    return test::record_of(a, b, y, settings);
}

// The MergeError's text, or "" when merge accepts the reports.
std::string refusal(const std::vector<CheckRecord>& records) {
    std::vector<nlohmann::json> shards;
    std::vector<std::string> names;
    for (const CheckRecord& record : records) {
        shards.push_back(test::written(record));
        names.push_back("s" + std::to_string(names.size()) + ".json");
    }
    try {
        (void)merge_check_reports(shards, names);
    } catch (const MergeError& error) { return error.what(); }
    return "";
}

std::string sha_of(const Words& words) { return words.input("A").sha256; }

// [utest->req~div-cli-d20~2]
TEST(MergeRefusals, EachInputIsComparedByItsBytes) {
    RecordProperty("requirements", "DIV-CLI-D20");
    EXPECT_EQ(refusal({shard_of(kA, kB, kY, 0U, 2U), shard_of(kA, kB, kY, 1U, 2U)}), "");
    const Words other_a(ElementType::fp32, {4U}, {0x3f800000U, 0x40000000U, 0x40400000U, 0x40a00000U});  // 5 last
    EXPECT_EQ(refusal({shard_of(kA, kB, kY, 0U, 2U), shard_of(other_a, kB, kY, 1U, 2U)}),
              "s1.json is a shard of another check than s0.json: A's SHA-256 differs (" + sha_of(other_a) + ", " +
                  sha_of(kA) + ")");
    const Words other_b(ElementType::fp32, {4U}, {0x40400000U, 0x40400000U, 0x40400000U, 0x40800000U});
    EXPECT_EQ(refusal({shard_of(kA, other_b, kY, 0U, 2U), shard_of(kA, kB, kY, 1U, 2U)}),
              "s1.json is a shard of another check than s0.json: B's SHA-256 differs (" + sha_of(kB) + ", " +
                  sha_of(other_b) + ")");
    const Words other_y(ElementType::fp32, {4U}, {0x3eaaaaabU, 0x3f2aaaabU, 0x3f800000U, 0x3faaaaacU});
    EXPECT_EQ(refusal({shard_of(kA, kB, kY, 0U, 2U), shard_of(kA, kB, other_y, 1U, 2U)}),
              "s1.json is a shard of another check than s0.json: Y's SHA-256 differs (" + sha_of(other_y) + ", " +
                  sha_of(kY) + ")");
}

// The same bytes read with another shape, or as another type, are another
// check: each alone is enough.
// [utest->req~div-cli-d20~2]
TEST(MergeRefusals, TheSameBytesOfAnotherShapeOrTypeAreAnotherCheck) {
    RecordProperty("requirements", "DIV-CLI-D20");
    const Words a_as_matrix(ElementType::fp32, {2U, 2U},
                            {0x3f800000U, 0x40000000U, 0x40400000U, 0x40800000U});  // kA's bytes
    ASSERT_EQ(sha_of(a_as_matrix), sha_of(kA));
    EXPECT_EQ(refusal({shard_of(kA, kB, kY, 0U, 2U), shard_of(a_as_matrix, kB, kY, 1U, 2U)}),
              "s1.json is a shard of another check than s0.json: A's type or shape differs");
    const Words a_as_int(ElementType::int32, {4U}, {0x3f800000U, 0x40000000U, 0x40400000U, 0x40800000U});
    ASSERT_EQ(sha_of(a_as_int), sha_of(kA));
    EXPECT_EQ(refusal({shard_of(a_as_int, kB, kY, 0U, 2U), shard_of(kA, kB, kY, 1U, 2U)}),
              "s1.json is a shard of another check than s0.json: A's type or shape differs");
}

// The same UINT16 files read as FP16 by one shard and as BF16 by the other
// (--type): only the type read differs.
CheckRecord read_as(ElementType type, std::uint64_t index) {
    const Words a(type, {2U}, {0x3c00U, 0x4000U});
    const Words b(type, {2U}, {0x4000U, 0x4000U});
    const Words y(type, {2U}, {0x3800U, 0x3c00U});
    Provenance provenance = start_provenance("check");
    provenance.command_line = "sonnx-div check A.npy B.npy Y.npy --type ...";
    provenance.inputs = {a.input("A"), b.input("B"), y.input("Y")};
    for (InputRecord& input : provenance.inputs) {
        input.stored = ElementType::uint16;
    }
    Settings settings;
    settings.shard = Shard{index, 2U};
    return check_tensors(a.tensor(), b.tensor(), y.tensor(), settings, provenance, element_type_name(type));
}

// [utest->req~div-cli-d20~2]
TEST(MergeRefusals, TheSameFilesReadAsAnotherTypeAreAnotherCheck) {
    RecordProperty("requirements", "DIV-CLI-D20");
    EXPECT_EQ(refusal({read_as(ElementType::fp16, 0U), read_as(ElementType::fp16, 1U)}), "");
    EXPECT_EQ(refusal({read_as(ElementType::fp16, 0U), read_as(ElementType::bf16, 1U)}),
              "s1.json is a shard of another check than s0.json: A's type or shape differs");
}

// [utest->req~div-cli-d20~2]
TEST(MergeRefusals, EveryShardComesFromOneBuild) {
    RecordProperty("requirements", "DIV-CLI-D20");
    CheckRecord later = shard_of(kA, kB, kY, 1U, 2U);
    later.provenance.version = "9.9.9";
    const CheckRecord first = shard_of(kA, kB, kY, 0U, 2U);
    EXPECT_EQ(refusal({first, later}), "s1.json was made by sonnx-div version 9.9.9, s0.json by version " +
                                           first.provenance.version + ": the shards of one check come from one build");
    CheckRecord rebuilt = shard_of(kA, kB, kY, 1U, 2U);
    rebuilt.provenance.revision = "0123456789abcdef0123456789abcdef01234567";
    EXPECT_EQ(refusal({first, rebuilt}),
              "s1.json was made by sonnx-div revision 0123456789abcdef0123456789abcdef01234567, s0.json by revision " +
                  first.provenance.revision + ": the shards of one check come from one build");
}

// Shards 0 to N-1 of one N, each once.
// [utest->req~div-cli-d20~2]
TEST(MergeRefusals, TheShardsAreZeroToNMinusOneOfOneN) {
    RecordProperty("requirements", "DIV-CLI-D20");
    const auto s = [](std::uint64_t index, std::uint64_t count) { return shard_of(kA, kB, kY, index, count); };
    EXPECT_EQ(refusal({s(0U, 2U), s(1U, 3U)}),
              "s1.json is shard 1/3: the reports must be the shards 0 to N-1 of N, each once");
    EXPECT_EQ(refusal({s(0U, 2U), s(0U, 2U)}),
              "s1.json is shard 0/2: the reports must be the shards 0 to N-1 of N, each once");
    // Two reports of three shards, whichever two; three of two.
    EXPECT_EQ(refusal({s(0U, 3U), s(2U, 3U)}), "2 reports for 3 shards: give every shard's report once");
    EXPECT_EQ(refusal({s(0U, 3U), s(1U, 3U)}), "2 reports for 3 shards: give every shard's report once");
    EXPECT_EQ(refusal({s(0U, 2U), s(1U, 2U), s(1U, 2U)}), "3 reports for 2 shards: give every shard's report once");
    EXPECT_EQ(refusal({s(0U, 3U), s(1U, 2U), s(2U, 3U)}),
              "s1.json is shard 1/2: the reports must be the shards 0 to N-1 of N, each once");
    EXPECT_EQ(refusal({s(2U, 3U), s(0U, 3U), s(1U, 3U)}), "");
}

// A report that names no command, or is no object, is refused by the
// check reader, which names what is missing.
// [utest->req~div-cli-d20~2]
TEST(MergeRefusals, AReportWithoutItsCommandIsRefused) {
    RecordProperty("requirements", "DIV-CLI-D20");
    nlohmann::json nameless = test::written(shard_of(kA, kB, kY, 0U, 1U));
    nameless.erase("command");
    const auto why = [](const nlohmann::json& report) {
        try {
            (void)merge_check_reports({report}, {"s0.json"});
        } catch (const MergeError& error) { return std::string(error.what()); }
        return std::string();
    };
    EXPECT_EQ(why(nameless).rfind("s0.json: /command", 0U), 0U) << why(nameless);
    EXPECT_EQ(why(nlohmann::json::array({1, 2})).rfind("s0.json: ", 0U), 0U);
    EXPECT_EQ(why(nlohmann::json::array({1, 2})).find("campaign"), std::string::npos);
}

std::string campaign_refusal(const std::vector<nlohmann::json>& shards) {
    std::vector<std::string> names;
    for (std::size_t k = 0U; k < shards.size(); ++k) {
        names.push_back("c" + std::to_string(k) + ".json");
    }
    try {
        (void)merge_check_reports(shards, names);
    } catch (const MergeError& error) { return error.what(); }
    return "";
}

oracle::CampaignPlan int8_plan(oracle::CampaignMode mode, const DivOptions& profile, std::uint64_t index) {
    oracle::CampaignPlan plan;
    plan.type = ElementType::int8;
    plan.mode = mode;
    plan.random_pairs = 100U;
    plan.seed = 3U;
    plan.rounding = rounding_of(profile);
    plan.shard_index = index;
    plan.shard_count = 2U;
    return plan;
}

// [utest->req~div-cli-d20~2]
TEST(MergeRefusals, CampaignsOfAnotherModeOrTypeAreAnotherCampaign) {
    RecordProperty("requirements", "DIV-CLI-D20");
    DivOptions onnx;
    onnx.profile = Profile::onnx;
    onnx.onnx.opset = 14U;
    const nlohmann::json exhaustive0 = campaign_report(int8_plan(oracle::CampaignMode::exhaustive, onnx, 0U), onnx);
    const nlohmann::json sampled1 = campaign_report(int8_plan(oracle::CampaignMode::sampled, onnx, 1U), onnx);
    const nlohmann::json exhaustive1 = campaign_report(int8_plan(oracle::CampaignMode::exhaustive, onnx, 1U), onnx);
    EXPECT_EQ(campaign_refusal({exhaustive0, exhaustive1}), "");
    EXPECT_EQ(campaign_refusal({exhaustive0, sampled1}),
              "c1.json is a shard of another campaign than c0.json: the option mode differs");
    oracle::CampaignPlan unsigned_plan = int8_plan(oracle::CampaignMode::exhaustive, onnx, 1U);
    unsigned_plan.type = ElementType::uint8;
    EXPECT_EQ(campaign_refusal({exhaustive0, campaign_report(unsigned_plan, onnx)}),
              "c1.json is a shard of another campaign than c0.json: the type differs");
}

// Options are compared from the first: a float check's first is its
// acceptance, which is also the report's own field; the option names it.
// An integer check records a bound given with --accept Nulp only in
// acceptance_ulps, so two such bounds differ there alone.
// [utest->req~div-cli-d20~2]
TEST(MergeRefusals, ShardsJudgedAtAnotherAcceptanceAreAnotherCheck) {
    RecordProperty("requirements", "DIV-CLI-D20");
    Settings settings;
    settings.shard = Shard{1U, 2U};
    settings.accept = AcceptanceLevel{Acceptance::one_ulp, 0.0};
    EXPECT_EQ(refusal({shard_of(kA, kB, kY, 0U, 2U), test::record_of(kA, kB, kY, settings)}),
              "s1.json is a shard of another check than s0.json: the option accept differs");
    // Options of two profiles: the profile, the first option recorded, is named.
    settings = Settings{};
    settings.shard = Shard{1U, 2U};
    settings.profile.profile = Profile::onnx;
    settings.profile.onnx.opset = 14U;
    const CheckRecord onnx_shard = test::record_of(kA, kB, kY, settings);
    settings.shard = Shard{0U, 2U};
    const CheckRecord onnx_first = test::record_of(kA, kB, kY, settings);
    EXPECT_EQ(refusal({shard_of(kA, kB, kY, 0U, 2U), onnx_shard}),
              "s1.json is a shard of another check than s0.json: the option profile differs");
    EXPECT_EQ(refusal({onnx_first, shard_of(kA, kB, kY, 1U, 2U)}),
              "s1.json is a shard of another check than s0.json: the option profile differs");
    const Words a(ElementType::int16, {2U}, {7U, 9U});
    const Words b(ElementType::int16, {2U}, {2U, 2U});
    const Words y(ElementType::int16, {2U}, {3U, 4U});
    std::vector<CheckRecord> shards;
    for (const auto& [index, ulps] : {std::pair<std::uint64_t, double>{0U, 2.0}, {1U, 3.0}}) {
        settings.shard = Shard{index, 2U};
        settings.accept = AcceptanceLevel{Acceptance::ulps, ulps};
        shards.push_back(test::record_of(a, b, y, settings));
    }
    EXPECT_EQ(refusal(shards), "s1.json is a shard of another check than s0.json: the acceptance differs");
    settings.accept = AcceptanceLevel{Acceptance::ulps, 2.0};  // shard 1 at shard 0's bound
    EXPECT_EQ(refusal({shards[0], test::record_of(a, b, y, settings)}), "");
}

// The merged campaign: shard 0's threads, the shards' time summed, no
// provenance (the caller writes its own).
// [utest->req~div-cli-d20~2]
TEST(MergeRefusals, AMergedCampaignSumsTheShardsTime) {
    RecordProperty("requirements", "DIV-CLI-D20");
    std::vector<nlohmann::json> shards;
    for (std::uint64_t k = 0U; k < 3U; ++k) {
        oracle::CampaignPlan plan = int8_plan(oracle::CampaignMode::exhaustive, DivOptions{}, k);
        plan.shard_count = 3U;
        plan.threads = static_cast<unsigned>(3U - k);
        shards.push_back(campaign_report(plan));
        shards.back()["seconds"] = 0.25 * static_cast<double>(k + 1U);  // 0.25 + 0.5 + 0.75, exact in binary
    }
    nlohmann::json merged;
    ASSERT_NO_THROW(merged = merge_check_reports(shards, {"c0.json", "c1.json", "c2.json"}));
    EXPECT_EQ(merged["seconds"], 1.5);
    EXPECT_EQ(merged["threads"], 3U);
    EXPECT_FALSE(merged.contains("provenance"));
    EXPECT_FALSE(merged.contains("shard"));
    EXPECT_EQ(merged["pairs"], 65536U);
    // Times that sum past the largest double are no time.
    shards[1]["seconds"] = std::numeric_limits<double>::max();
    shards[2]["seconds"] = std::numeric_limits<double>::max();
    EXPECT_EQ(campaign_refusal(shards),
              "the shards' pairs (65536) are not the campaign's (65536), or their time is not finite");
}

}  // namespace
}  // namespace sonnx::check
