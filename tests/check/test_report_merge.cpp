// merge over the report model (DIV-CLI-D20): the shards of a check, each
// written as `check --json` writes it and read back by the verifying
// reader, merge into exactly the single run's report but for `provenance`,
// on every profile, for floats and integers, at every acceptance level,
// with a precondition stop in some shards, a wrong candidate, undefined
// elements listed, worst lists that straddle shards, N = 1, 2, 3 and 7
// shards and threads that differ between shards. The expected report is
// the single run's, made by the judge itself; nothing is derived by hand.
#include <gtest/gtest.h>

#include <cstring>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "report_test_support.hpp"
#include "sonnx/check/campaign_json.hpp"
#include "sonnx/check/merge.hpp"
#include "sonnx/check/profile_rules.hpp"
#include "sonnx/div.hpp"

namespace sonnx::check {
namespace {

using test::campaign_report;
using test::Draw;
using test::Words;

struct Case {
    std::string name;
    Words a, b, y;
    Settings settings;
};

Settings settings_with(DivOptions profile, AcceptanceLevel accept, std::size_t worst,
                       std::optional<UndefinedPolicy> undefined = std::nullopt) {
    Settings settings;
    settings.profile = profile;
    settings.accept = accept;
    settings.worst = worst;
    settings.undefined = undefined;
    settings.threads = 2U;
    return settings;
}

// n float words of a type, drawn; every 9th a subnormal (flush to zero
// then explains a zero candidate); every 13th a zero; every 17th an infinity.
std::vector<std::uint64_t> float_words(ElementType type, std::size_t n, Draw& draw) {
    const oracle::FloatFormat& f = oracle::float_format(type);
    const unsigned bits = static_cast<unsigned>(f.total_bits);
    const std::uint64_t mask = (bits == 64U) ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1U;
    const std::uint64_t fraction = (std::uint64_t{1} << static_cast<unsigned>(f.precision - 1)) - 1U;
    const std::uint64_t infinity = mask >> 1U & ~fraction;
    std::vector<std::uint64_t> words;
    for (std::size_t k = 0U; k < n; ++k) {
        std::uint64_t w = (draw.next() ^ (draw.next() << 32U)) & mask;
        if (k % 9U == 4U) {
            w &= fraction;  // a subnormal (or +0)
        } else if (k % 13U == 6U) {
            w &= ~(mask >> 1U);  // a signed zero
        } else if (k % 17U == 8U) {
            w = infinity;
        }
        words.push_back(w);
    }
    return words;
}

// The quotients with faults: one ulp up, a zero of the quotient's sign
// (where float_words made A subnormal: a flush to zero), the other sign, a
// quiet NaN; the rest exact.
std::vector<std::uint64_t> faulty(ElementType type, std::vector<std::uint64_t> q) {
    const oracle::FloatFormat& f = oracle::float_format(type);
    const unsigned bits = static_cast<unsigned>(f.total_bits);
    const std::uint64_t sign = std::uint64_t{1} << (bits - 1U);
    for (std::size_t k = 0U; k < q.size(); ++k) {
        if ((k % 9U == 4U) || (k % 7U == 2U)) {
            q[k] &= sign;
        } else if (k % 5U == 1U) {
            q[k] += 1U;
        } else if (k % 11U == 3U) {
            q[k] ^= sign;
        } else if (k % 19U == 5U) {
            q[k] = (sign - 1U) & ~(std::uint64_t{1} << (static_cast<unsigned>(f.precision) - 3U));  // a NaN
        }
    }
    return q;
}

std::vector<std::uint64_t> int_words(ElementType type, std::size_t n, Draw& draw, bool nonzero) {
    const oracle::ElementTraits t = oracle::element_traits(type);
    std::vector<std::uint64_t> words;
    for (std::size_t k = 0U; k < n; ++k) {
        const std::uint64_t span = oracle::int_max(t) - static_cast<std::uint64_t>(oracle::int_min(t)) + 1U;
        std::uint64_t w = (span == 0U) ? draw.next()
                                       : static_cast<std::uint64_t>(oracle::int_min(t)) + draw.next() % span;
        if (nonzero && (w == 0U)) {
            w = 3U;
        }
        words.push_back(w);
    }
    return words;
}

std::vector<std::uint64_t> off_by_one(std::vector<std::uint64_t> q, std::size_t every) {
    for (std::size_t k = 0U; k < q.size(); k += every) {
        q[k] += 1U;
    }
    return q;
}

DivOptions onnx(std::uint32_t opset, bool broadcast = false, bool has_axis = false, std::int64_t axis = 0) {
    DivOptions o;
    o.profile = Profile::onnx;
    o.onnx = OnnxOptions{opset, broadcast, has_axis, axis};
    return o;
}

std::vector<Case> cases() {
    std::vector<Case> all;
    Draw draw(20261127U);
    const AcceptanceLevel exact{Acceptance::exact, 0.0};
    for (const auto& [type, accept, worst] :
         {std::tuple<ElementType, AcceptanceLevel, std::size_t>{ElementType::fp32, exact, 4U},
          {ElementType::fp16, AcceptanceLevel{Acceptance::half_ulp, 0.0}, 3U},
          {ElementType::bf16, AcceptanceLevel{Acceptance::one_ulp, 0.0}, 5U},
          {ElementType::fp64, AcceptanceLevel{Acceptance::ulps, 2.0}, 0U},
          {ElementType::fp32, AcceptanceLevel{Acceptance::ulps, 0.25}, 100U}}) {
        const std::vector<std::uint64_t> a = float_words(type, 61U, draw);
        const std::vector<std::uint64_t> b = float_words(type, 61U, draw);
        all.push_back(Case{std::string("sonnx ") + element_type_name(type) + " " + acceptance_name(accept),
                           Words(type, {61U}, a), Words(type, {61U}, b),
                           Words(type, {61U}, faulty(type, test::float_quotients(type, a, b))),
                           settings_with(DivOptions{}, accept, worst)});
    }
    {  // ONNX opset 14: [2, 3] / [3], truncation
        const std::vector<std::uint64_t> a = int_words(ElementType::int32, 6U, draw, false);
        const std::vector<std::uint64_t> b = int_words(ElementType::int32, 3U, draw, true);
        all.push_back(Case{
            "onnx 14 INT32 [2, 3] / [3]", Words(ElementType::int32, {2U, 3U}, a), Words(ElementType::int32, {3U}, b),
            Words(ElementType::int32, {2U, 3U},
                  off_by_one(test::int_quotients(ElementType::int32, a, b, IntRounding::toward_zero), 4U)),
            settings_with(onnx(14U), exact, 2U)});
    }
    {  // ONNX opset 6, broadcast = 1, axis = 0: Y[i, j] = A[i, j] / B[i]
        const std::vector<std::uint64_t> a = float_words(ElementType::fp32, 6U, draw);
        const std::vector<std::uint64_t> b = float_words(ElementType::fp32, 2U, draw);
        const std::vector<std::uint64_t> rows = {b[0], b[0], b[0], b[1], b[1], b[1]};
        all.push_back(Case{"onnx 6 FP32 [2, 3] / [2] axis 0", Words(ElementType::fp32, {2U, 3U}, a),
                           Words(ElementType::fp32, {2U}, b),
                           Words(ElementType::fp32, {2U, 3U},
                                 faulty(ElementType::fp32, test::float_quotients(ElementType::fp32, a, rows))),
                           settings_with(onnx(6U, true, true, 0), exact, 3U)});
    }
    {  // ONNX opset 7 (the first with multidirectional broadcasting, no legacy attributes): [2, 3] / [3]
        const std::vector<std::uint64_t> a = float_words(ElementType::fp32, 6U, draw);
        const std::vector<std::uint64_t> b = float_words(ElementType::fp32, 3U, draw);
        all.push_back(Case{"onnx 7 FP32 [2, 3] / [3]", Words(ElementType::fp32, {2U, 3U}, a),
                           Words(ElementType::fp32, {3U}, b),
                           Words(ElementType::fp32, {2U, 3U},
                                 faulty(ElementType::fp32, test::float_quotients(ElementType::fp32, a, b))),
                           settings_with(onnx(7U), exact, 3U)});
    }
    {  // ONNX opset 6, broadcast = 1, axis = 1: Y[i, j, k] = A[i, j, k] / B[j]
        const std::vector<std::uint64_t> a = float_words(ElementType::fp64, 12U, draw);
        const std::vector<std::uint64_t> b = float_words(ElementType::fp64, 3U, draw);
        std::vector<std::uint64_t> spread;
        for (std::size_t k = 0U; k < 12U; ++k) {
            spread.push_back(b[(k / 2U) % 3U]);  // [2, 3, 2]: j = (k / 2) mod 3
        }
        all.push_back(Case{"onnx 6 FP64 [2, 3, 2] / [3] axis 1", Words(ElementType::fp64, {2U, 3U, 2U}, a),
                           Words(ElementType::fp64, {3U}, b),
                           Words(ElementType::fp64, {2U, 3U, 2U},
                                 faulty(ElementType::fp64, test::float_quotients(ElementType::fp64, a, spread))),
                           settings_with(onnx(6U, true, true, 1), exact, 3U)});
    }
    {  // The sonnx profile's seed revision asked to truncate; OpenVINO without pythondiv and broadcasting
        const std::vector<std::uint64_t> a = int_words(ElementType::int8, 30U, draw, false);
        const std::vector<std::uint64_t> b = int_words(ElementType::int8, 30U, draw, true);
        DivOptions trunc;
        trunc.int_rounding = IntRounding::toward_zero;
        all.push_back(
            Case{"sonnx INT8 trunc", Words(ElementType::int8, {30U}, a), Words(ElementType::int8, {30U}, b),
                 Words(ElementType::int8, {30U},
                       off_by_one(test::int_quotients(ElementType::int8, a, b, IntRounding::toward_zero), 4U)),
                 settings_with(trunc, exact, 3U)});
        DivOptions c_division;
        c_division.profile = Profile::openvino;
        c_division.openvino.pythondiv = false;
        c_division.openvino.auto_broadcast = AutoBroadcast::none;
        all.push_back(
            Case{"openvino INT8 pythondiv false, none", Words(ElementType::int8, {30U}, a),
                 Words(ElementType::int8, {30U}, b),
                 Words(ElementType::int8, {30U},
                       off_by_one(test::int_quotients(ElementType::int8, a, b, IntRounding::toward_zero), 5U)),
                 settings_with(c_division, exact, 3U)});
    }
    {  // OpenVINO numpy: [4, 1] / [1, 3] = [4, 3], floor
        const std::vector<std::uint64_t> a = int_words(ElementType::int8, 4U, draw, false);
        const std::vector<std::uint64_t> b = int_words(ElementType::int8, 3U, draw, true);
        std::vector<std::uint64_t> wide_a, wide_b;
        for (std::size_t i = 0U; i < 4U; ++i) {
            for (std::size_t j = 0U; j < 3U; ++j) {
                wide_a.push_back(a[i]);
                wide_b.push_back(b[j]);
            }
        }
        DivOptions openvino;
        openvino.profile = Profile::openvino;
        all.push_back(
            Case{"openvino INT8 [4, 1] / [1, 3]", Words(ElementType::int8, {4U, 1U}, a),
                 Words(ElementType::int8, {1U, 3U}, b),
                 Words(ElementType::int8, {4U, 3U},
                       off_by_one(test::int_quotients(ElementType::int8, wide_a, wide_b, IntRounding::floor), 5U)),
                 settings_with(openvino, exact, 4U)});
    }
    {  // Undefined elements listed: zero divisors and MIN / -1 in several shards
        std::vector<std::uint64_t> a = int_words(ElementType::int16, 40U, draw, false);
        std::vector<std::uint64_t> b = int_words(ElementType::int16, 40U, draw, true);
        for (const std::size_t k : {3U, 11U, 12U, 30U, 38U}) {
            b[k] = 0U;
        }
        a[20] = static_cast<std::uint64_t>(std::int64_t{-32768});
        b[20] = ~std::uint64_t{0};
        all.push_back(Case{"INT16 undefined listed", Words(ElementType::int16, {40U}, a),
                           Words(ElementType::int16, {40U}, b),
                           Words(ElementType::int16, {40U},
                                 off_by_one(test::int_quotients(ElementType::int16, a, b, IntRounding::floor), 6U)),
                           settings_with(DivOptions{}, exact, 2U, UndefinedPolicy::list)});
        // The same refused: each shard stops at its own lowest, the merge at the lowest.
        all.push_back(
            Case{"INT16 undefined refused", Words(ElementType::int16, {40U}, a), Words(ElementType::int16, {40U}, b),
                 Words(ElementType::int16, {40U}, test::int_quotients(ElementType::int16, a, b, IntRounding::floor)),
                 settings_with(DivOptions{}, exact, 2U, UndefinedPolicy::refuse)});
        // Refused where only a later shard stops: the merged stop carries that shard's message.
        std::vector<std::uint64_t> late_b = int_words(ElementType::int16, 40U, draw, true);
        late_b[25] = 0U;
        late_b[38] = 0U;
        all.push_back(Case{
            "INT16 undefined refused in a later shard", Words(ElementType::int16, {40U}, a),
            Words(ElementType::int16, {40U}, late_b),
            Words(ElementType::int16, {40U}, test::int_quotients(ElementType::int16, a, late_b, IntRounding::floor)),
            settings_with(DivOptions{}, exact, 2U, UndefinedPolicy::refuse)});
        DivOptions later;
        later.sonnx_revision = SonnxRevision::r2026_06;  // lists by default, truncates
        all.push_back(
            Case{"INT16 2026-06", Words(ElementType::int16, {40U}, a), Words(ElementType::int16, {40U}, b),
                 Words(ElementType::int16, {40U}, test::int_quotients(ElementType::int16, a, b, IntRounding::floor)),
                 settings_with(later, exact, 3U)});
    }
    {
        const std::vector<std::uint64_t> a = int_words(ElementType::uint8, 30U, draw, false);
        const std::vector<std::uint64_t> b = int_words(ElementType::uint8, 30U, draw, true);
        all.push_back(Case{"UINT8", Words(ElementType::uint8, {5U, 6U}, a), Words(ElementType::uint8, {5U, 6U}, b),
                           Words(ElementType::uint8, {5U, 6U},
                                 off_by_one(test::int_quotients(ElementType::uint8, a, b, IntRounding::floor), 7U)),
                           settings_with(DivOptions{}, exact, 10U)});
    }
    {  // Wrong candidates and operands that break a precondition
        const std::vector<std::uint64_t> a = float_words(ElementType::fp32, 20U, draw);
        const std::vector<std::uint64_t> b = float_words(ElementType::fp32, 20U, draw);
        const std::vector<std::uint64_t> q = test::float_quotients(ElementType::fp32, a, b);
        all.push_back(Case{"Y of another type", Words(ElementType::fp32, {20U}, a), Words(ElementType::fp32, {20U}, b),
                           Words(ElementType::fp64, {20U}, q), settings_with(DivOptions{}, exact, 3U)});
        all.push_back(Case{"Y of another shape", Words(ElementType::fp32, {20U}, a), Words(ElementType::fp32, {20U}, b),
                           Words(ElementType::fp32, {4U, 5U}, q), settings_with(DivOptions{}, exact, 3U)});
        all.push_back(Case{"shapes that differ", Words(ElementType::fp32, {20U}, a),
                           Words(ElementType::fp32, {4U, 5U}, b), Words(ElementType::fp32, {20U}, q),
                           settings_with(DivOptions{}, exact, 3U)});
        all.push_back(Case{"INT4 out of range", Words(ElementType::int4, {3U}, {1U, 9U, 2U}),
                           Words(ElementType::int4, {3U}, {1U, 1U, 1U}), Words(ElementType::int4, {3U}, {1U, 9U, 2U}),
                           settings_with(DivOptions{}, exact, 3U)});
        all.push_back(Case{"onnx 6 UINT8", Words(ElementType::uint8, {2U}, {4U, 6U}),
                           Words(ElementType::uint8, {2U}, {2U, 3U}), Words(ElementType::uint8, {2U}, {2U, 2U}),
                           settings_with(onnx(6U), exact, 3U)});
    }
    return all;
}

// [utest->req~div-cli-d20~2]
TEST(ReportMerge, ShardsMergeIntoTheSingleRunsReport) {
    RecordProperty("requirements", "DIV-CLI-D20");
    for (const Case& c : cases()) {
        nlohmann::json single = report_json(test::record_of(c.a, c.b, c.y, c.settings));
        single.erase("provenance");
        for (const std::uint64_t n : {1U, 2U, 3U, 7U}) {
            std::vector<nlohmann::json> shards;
            std::vector<std::string> names;
            for (std::uint64_t k = n; k > 0U; --k) {  // in reverse: the order does not matter
                Settings settings = c.settings;
                settings.shard = Shard{k - 1U, n};
                settings.threads = static_cast<unsigned>(1U + (k % 3U));  // the report does not depend on it
                shards.push_back(test::written(test::record_of(c.a, c.b, c.y, settings)));
                names.push_back("s" + std::to_string(k - 1U) + ".json");
                // Each shard reads back to a record the writer writes again unchanged.
                EXPECT_EQ(report_json(read_report_json(shards.back())), shards.back()) << c.name << " " << k - 1U;
            }
            nlohmann::json merged;
            ASSERT_NO_THROW(merged = merge_check_reports(shards, names)) << c.name << ", " << n << " shards";
            EXPECT_EQ(merged, single) << c.name << ", " << n << " shards";
        }
    }
}

// The cases exercise what they claim: a listed undefined element, a stop,
// a candidate mismatch, worst lists longer than a shard's share.
// [utest->req~div-cli-d20~2]
TEST(ReportMerge, TheCasesCoverEachKindOfReport) {
    RecordProperty("requirements", "DIV-CLI-D20");
    std::size_t undefined = 0U, stops = 0U, candidates = 0U, specials = 0U, flushed = 0U, partial = 0U;
    for (const Case& c : cases()) {
        const Report r = test::record_of(c.a, c.b, c.y, c.settings).report;
        undefined += r.undefined_elements.empty() ? 0U : 1U;
        stops += r.precondition.is_ok() ? 0U : 1U;
        candidates += r.candidate_mismatch.is_ok() ? 0U : 1U;
        specials += (r.special_mismatches > 0U) ? 1U : 0U;
        flushed += (r.flushed > 0U) ? 1U : 0U;
        partial += (r.elements - r.undefined - r.histogram[0] > c.settings.worst) ? 1U : 0U;
    }
    EXPECT_GE(undefined, 2U);
    EXPECT_GE(stops, 4U);
    EXPECT_EQ(candidates, 2U);
    EXPECT_GE(specials, 3U);
    EXPECT_GE(flushed, 2U);
    EXPECT_GE(partial, 5U);
}

// Campaign shards: INT8 exhaustive with a division that is wrong on most
// pairs (Y = A, and no rejection), so that examples come from several
// shards; and a sampled FP16 campaign. The merge gives the single run's
// report but for the threads and the time.
Status copy_a(const ConstTensorView& a, const ConstTensorView&, const TensorView& y, const DivOptions&,
              DivReport*) noexcept {
    std::memcpy(y.data, a.data, y.size_bytes);
    return Status{};
}

// [utest->req~div-cli-d20~2]
TEST(ReportMerge, CampaignShardsMergeIntoTheSingleRunsReport) {
    RecordProperty("requirements", "DIV-CLI-D20");
    oracle::CampaignPlan wrong;
    wrong.type = ElementType::int8;
    wrong.mode = oracle::CampaignMode::exhaustive;
    wrong.subject = &copy_a;
    oracle::CampaignPlan sampled;
    sampled.type = ElementType::fp16;
    sampled.random_pairs = 10000U;
    sampled.seed = 7U;
    for (const oracle::CampaignPlan& plan : {wrong, sampled}) {
        nlohmann::json single = campaign_report(plan);
        for (const std::uint64_t n : {1U, 2U, 3U, 7U}) {
            std::vector<nlohmann::json> shards;
            std::vector<std::string> names;
            for (std::uint64_t k = 0U; k < n; ++k) {
                oracle::CampaignPlan part = plan;
                part.shard_index = k;
                part.shard_count = n;
                part.threads = static_cast<unsigned>(1U + (k % 2U));
                shards.push_back(campaign_report(part));
                names.push_back("c" + std::to_string(k) + ".json");
            }
            nlohmann::json merged;
            ASSERT_NO_THROW(merged = merge_check_reports(shards, names)) << n;
            nlohmann::json expected = single;
            for (const char* key : {"provenance", "threads", "seconds"}) {
                expected.erase(key);
                merged.erase(key);
            }
            EXPECT_EQ(merged, expected) << element_type_name(plan.type) << ", " << n << " shards";
        }
        if (plan.subject == &copy_a) {
            EXPECT_EQ(single["examples"].size(), 10U);
        }
    }
}

}  // namespace
}  // namespace sonnx::check
