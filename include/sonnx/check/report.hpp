/// @file
/// The one report model of a check: what is known of some of Y's elements
/// once they are judged, and the one merge that makes two such reports into
/// the report of both. Threads merge their shares with it, and so does
/// `sonnx-div merge` with shards' reports read back from JSON (report_json.hpp),
/// so a sharded report equals the unsharded one by construction (DIV-CLI-D20).
#ifndef SONNX_CHECK_REPORT_HPP
#define SONNX_CHECK_REPORT_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sonnx/element_type.hpp"
#include "sonnx/status.hpp"

namespace sonnx::check {

/// Histogram of the error in ulps (integers: |Y - Q| in units).
inline constexpr std::size_t kHistogramBuckets = 9U;
/// "0", "(0, 0.5]", "(0.5, 1)", "[1, 2)", "[2, 4)", "[4, 16)", "[16, 256)", ">= 256", "special"; "?" past the end.
const char* histogram_bucket_name(std::size_t bucket);
/// The histogram bucket of special-value mismatches.
inline constexpr std::size_t kSpecialBucket = 8U;

/// The shortest decimal that reads back as the same double ("inf" for infinity).
std::string shortest_text(double value);

/// One judged element, as the worst elements list it.
struct ElementCheck {
    /// The element's flat index in Y.
    std::uint64_t index{0U};
    /// @{
    /// Element words (float encodings, integers extended) of A, B, the candidate and the expected quotient.
    std::uint64_t a{0U}, b{0U}, candidate{0U}, expected{0U};  ///< element words (float encodings, integers extended)
    /// @}
    double ulps{0.0};               ///< +inf for a special-value mismatch; integers: |Y - Q| as a double
    std::uint64_t error_units{0U};  ///< integers: |Y - Q| exactly
    /// Whether the element conforms at the level in force.
    bool conforming{true};
    /// NaN, infinity or the sign of a zero not matched (and not explained by flush to zero).
    bool special_mismatch{false};
    bool flushed{false};  ///< floats: what a flush-to-zero divider gives (DIV-CLI-D16)
};

/// Largest error first (integers: the exact distance breaks ties of its
/// double), then lowest index: the order of the worst elements.
bool worse(const ElementCheck& x, const ElementCheck& y);

/// An integer element with a zero divisor or MIN / -1: the operator refuses
/// it, and no expected value exists (DIV-CLI-D14).
struct UndefinedElement {
    /// The element's flat index in Y.
    std::uint64_t index{0U};
    /// @{
    /// Element words of A, B and the candidate, integers extended.
    std::uint64_t a{0U}, b{0U}, candidate{0U};    ///< element words, integers extended
    /// @}
    StatusCode reason{StatusCode::zero_divisor};  ///< zero_divisor or overflow (MIN / -1)
};

/// The judgement of a check (or of a shard of one): counts, errors and the elements that matter.
struct Report {
    /// The element type judged.
    ElementType type{ElementType::fp32};
    /// Not ok when the operator's preconditions fail (then no element is
    /// judged): the profile's options and types, A's and B's shapes under its
    /// shape rule, INT4/UINT4 operands out of range, an integer zero divisor
    /// or MIN / -1 (under UndefinedPolicy::refuse: the lowest such index).
    Status precondition{};
    /// Not ok when Y has another type or shape than A / B: a wrong candidate,
    /// every element non-conforming, none judged (DIV-CLI-D7).
    Status candidate_mismatch{};
    /// Elements judged.
    std::uint64_t elements{0U};
    /// Elements that conform at the level in force.
    std::uint64_t conforming{0U};
    std::uint64_t undefined{0U};  ///< under UndefinedPolicy::list: neither conforming nor non-conforming
    std::uint64_t exact_matches{0U};           ///< bit-identical to the correctly rounded quotient
    std::uint64_t special_mismatches{0U};      ///< non-conforming, NaN/infinity/zero-sign, not flushed
    std::uint64_t flushed{0U};                 ///< non-conforming and explained by flush to zero (DIV-CLI-D16)
    std::uint64_t other_rounding_matches{0U};  ///< signed integers: non-conforming, equal to the other rounding
    /// The largest error in ulps (integers: |Y - Q| as a double).
    double max_ulps{0.0};
    std::uint64_t max_error_units{0U};  ///< integers: the largest |Y - Q|, exactly
    /// Elements per error bucket (histogram_bucket_name).
    std::array<std::uint64_t, kHistogramBuckets> histogram{};
    std::vector<ElementCheck> worst;                   ///< worse() first, at most the settings' worst
    std::vector<UndefinedElement> undefined_elements;  ///< the lowest indices, at most the settings' worst
    std::vector<std::string> failed_requirements;      ///< IDs, sorted, each once
};

/// Elements neither undefined nor conforming.
std::uint64_t nonconforming(const Report& report);
/// The operands meet the preconditions, Y is a candidate, and every judged element conforms.
bool conforms(const Report& report);

/// Makes `into` the report of its elements and `part`'s, which are other
/// elements of the same check: counts and histogram summed, the largest
/// errors the larger, the worst elements and the undefined ones re-ranked
/// and cut to `limit`, failed requirements united, and of two precondition
/// stops the one at the lower index. Throws std::overflow_error when a sum
/// would pass 2^64 - 1, and std::invalid_argument when the two are not of
/// one check (another type, another candidate mismatch, a precondition that
/// is not an element's stop in one of them only). Associative and
/// commutative, so that the order of threads or shards does not matter.
void merge_into(Report& into, const Report& part, std::size_t limit);

}  // namespace sonnx::check

#endif  // SONNX_CHECK_REPORT_HPP
