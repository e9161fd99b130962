// The judge's settings as the tests vary them: a struct of fields, the
// sonnx profile (seed revision) unless a test gives another.
#ifndef SONNX_TESTS_CHECK_JUDGE_TEST_SUPPORT_HPP
#define SONNX_TESTS_CHECK_JUDGE_TEST_SUPPORT_HPP

#include <cstddef>
#include <cstdint>
#include <vector>

#include "sonnx/check/judge.hpp"

namespace sonnx::check {

using ConformanceReport = Report;

// What most tests vary, as fields: the settings of a check under a profile
// (the sonnx profile's seed revision unless `profile` says otherwise), with
// the integer rounding given.
struct CheckOptions {
    Acceptance accept{Acceptance::exact};
    double max_ulps{0.0};
    IntRounding rounding{IntRounding::floor};
    bool list_undefined{false};
    unsigned threads{1U};
    std::size_t worst_count{10U};
    std::uint64_t shard_index{0U};
    std::uint64_t shard_count{1U};
    DivOptions profile{};  // its int_rounding is `rounding`'s
};

inline Settings settings_of(const CheckOptions& options) {
    Settings settings;
    settings.profile = options.profile;
    settings.profile.int_rounding = options.rounding;
    settings.accept = AcceptanceLevel{options.accept, options.max_ulps};
    settings.undefined = options.list_undefined ? UndefinedPolicy::list : UndefinedPolicy::refuse;
    settings.threads = options.threads;
    settings.worst = options.worst_count;
    settings.shard = Shard{options.shard_index, options.shard_count};
    return settings;
}

inline ConformanceReport check_conformance(const ConstTensorView& a, const ConstTensorView& b, const ConstTensorView& y,
                                           const CheckOptions& options) {
    return judge(a, b, y, settings_of(options));
}

// A shape of these extents (at most kMaxRank).
inline Shape shape_of(const std::vector<std::uint64_t>& dims) {
    Shape shape{};
    for (const std::uint64_t d : dims) {
        shape.dims[shape.rank++] = d;
    }
    return shape;
}

}  // namespace sonnx::check

#endif  // SONNX_TESTS_CHECK_JUDGE_TEST_SUPPORT_HPP
