// The judge's settings at the edges of their ranges (DIV-CLI-D20 for the
// shard, DIV-CLI-D5 for the acceptance bound): K/N with 0 <= K < N <= 10^6
// written in at most 7 digits each, a bound in (0, 10^15] ulp, at most
// 100000 worst elements. Expected values and messages from settings.hpp
// and settings.cpp's texts, written out by hand.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "sonnx/check/settings.hpp"

namespace sonnx::check {
namespace {

bool shard_is(const std::string& text, std::uint64_t index, std::uint64_t count) {
    const std::optional<Shard> shard = parse_shard(text);
    return shard.has_value() && (shard->index == index) && (shard->count == count);
}

// [utest->req~div-cli-d20~2]
TEST(Settings, ShardsAreKOverNWithinTheirBounds) {
    RecordProperty("requirements", "DIV-CLI-D20");
    EXPECT_TRUE(shard_is("0/1", 0U, 1U));
    EXPECT_TRUE(shard_is("999999/1000000", 999999U, 1000000U));
    EXPECT_TRUE(shard_is("0000007/0000008", 7U, 8U));  // seven digits each
    for (const char* wrong : {"0/1000001", "1000000/1000000", "2/2", "0/0", "0/00000001", "00000000/1", "1/", "/1", "1",
                              "-1/2", "1/2/3", "a/2"}) {
        EXPECT_FALSE(parse_shard(wrong).has_value()) << wrong;
    }
}

Settings with_shard(std::uint64_t index, std::uint64_t count) {
    Settings settings;
    settings.shard = Shard{index, count};
    return settings;
}

// [utest->req~div-cli-d20~2]
// [utest->req~div-cli-d5~3]
TEST(Settings, EachSettingIsCheckedAtItsEdges) {
    RecordProperty("requirements", "DIV-CLI-D20,DIV-CLI-D5");
    EXPECT_EQ(settings_problem(Settings{}), "");
    EXPECT_EQ(settings_problem(with_shard(999999U, 1000000U)), "");
    for (const auto& [index, count] : {std::pair<std::uint64_t, std::uint64_t>{2U, 2U}, {0U, 0U}, {0U, 1000001U}}) {
        EXPECT_EQ(settings_problem(with_shard(index, count)), "shard must be K/N with 0 <= K < N <= 1000000, not " +
                                                                  std::to_string(index) + "/" + std::to_string(count));
    }
    Settings settings;
    settings.accept = AcceptanceLevel{Acceptance::ulps, 1e15};
    EXPECT_EQ(settings_problem(settings), "");
    for (const double bound : {0.0, -1.0, 1e15 * (1.0 + 1e-15)}) {
        settings.accept = AcceptanceLevel{Acceptance::ulps, bound};
        EXPECT_EQ(settings_problem(settings), "accept's bound must be above 0 and at most 10^15 ulp") << bound;
    }
    settings.accept = AcceptanceLevel{Acceptance::exact, 0.0};  // no bound: none is checked
    EXPECT_EQ(settings_problem(settings), "");
    settings.worst = 100000U;
    EXPECT_EQ(settings_problem(settings), "");
    settings.worst = 100001U;
    EXPECT_EQ(settings_problem(settings), "worst must be at most 100000, not 100001");
}

}  // namespace
}  // namespace sonnx::check
