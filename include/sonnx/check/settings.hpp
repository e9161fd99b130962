/// @file
/// What a check is asked, typed: the operator's semantics (the profile and
/// its options, sonnx::DivOptions), the acceptance level of float elements,
/// what becomes of integer elements without a defined result, which share
/// of Y's elements is judged, how many of the worst elements are listed and
/// on how many threads. The front ends (the command line, the Python module)
/// turn their own spellings into these values and name their own options in
/// their messages; nothing here knows a flag or an argument name.
#ifndef SONNX_CHECK_SETTINGS_HPP
#define SONNX_CHECK_SETTINGS_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "sonnx/div_options.hpp"

namespace sonnx::check {

/// Float acceptance levels (DIV-CLI-D5). Integers are always exact.
///   exact:    the correctly rounded quotient, bit for bit; where a NaN is
///             due, any quiet NaN (DIV-FLOAT-D3)
///   half_ulp: |Y - A/B| <= ulp/2 (DIV-FLOAT-ACC1, DIV-FLOAT-D8)
///   one_ulp:  |Y - A/B| <  ulp   (the spec's bound)
///   ulps:     |Y - A/B| <= N ulp, N = max_ulps (test tolerances)
/// At every level NaN and infinities must match exactly (a NaN by a quiet
/// NaN); a zero is a finite value with a distance, and must carry the
/// quotient's sign.
enum class Acceptance : std::uint8_t { exact, half_ulp, one_ulp, ulps };

/// An acceptance level with its bound.
struct AcceptanceLevel {
    /// The level.
    Acceptance level{Acceptance::exact};
    double max_ulps{0.0};  ///< the bound N of Acceptance::ulps
};

/// "exact", "half-ulp", "one-ulp", or N followed by "ulp" ("2ulp", "0.75ulp").
std::string acceptance_name(const AcceptanceLevel& level);
/// The level a name gives, also "Nulp" for a positive decimal N that a
/// double holds exactly, at most 10^15; nullopt for anything else.
std::optional<AcceptanceLevel> parse_acceptance(const std::string& text);
/// What parse_acceptance takes, for messages: "exact, half-ulp, ...".
extern const char* const kAcceptanceForms;

/// Integer elements with a zero divisor or MIN / -1 (DIV-CLI-D7, D14):
/// refuse ends the check at the lowest such element as a precondition
/// failure; list counts and lists them apart, never as conforming, and
/// judges the others.
enum class UndefinedPolicy : std::uint8_t { refuse, list };

/// The share of Y's elements a check judges: the index-th (from 0) of count
/// near-equal contiguous ranges (DIV-CLI-D20). 0 of 1 is every element.
struct Shard {
    /// K: which range, from 0.
    std::uint64_t index{0U};
    /// N: how many ranges.
    std::uint64_t count{1U};
};

/// The most shards a check or a campaign may be split into.
inline constexpr std::uint64_t kMaxShards = 1000000U;
/// The most worker threads.
inline constexpr unsigned kMaxThreads = 1024U;
/// The most worst elements a report may list.
inline constexpr std::size_t kMaxWorst = 100000U;

/// "K/N" with 0 <= K < N <= kMaxShards, decimal digits only; nullopt for anything else.
std::optional<Shard> parse_shard(const std::string& text);

/// Everything a check is judged with besides its operands.
struct Settings {
    DivOptions profile{};  ///< the shape rule, admitted types and integer rounding judged against
    /// The float acceptance level.
    AcceptanceLevel accept{};
    std::optional<UndefinedPolicy> undefined{};  ///< nullopt: the revision's default (undefined_policy)
    /// The share of Y's elements judged.
    Shard shard{};
    unsigned threads{1U};    ///< 1 ... kMaxThreads; the report does not depend on it
    std::size_t worst{10U};  ///< how many of the worst elements to list, at most kMaxWorst
};

/// The policy in force: the one given, else list under the sonnx profile's
/// 2026-06 revision, which leaves a zero divisor implementation dependent
/// (F-55), and refuse everywhere else (DIV-CLI-D14).
UndefinedPolicy undefined_policy(const Settings& settings);

/// "" when every setting but the profile lies in its range, else what is
/// wrong, naming the setting by its field ("threads must be from 1 to 1024,
/// not 0"). The profile's options are the operator's preconditions, which a
/// check reports as it would report any (the report's precondition).
std::string settings_problem(const Settings& settings);

}  // namespace sonnx::check

#endif  // SONNX_CHECK_SETTINGS_HPP
