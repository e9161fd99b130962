// Conformance of a candidate result: another runtime's Y for A / B, element
// by element against the exact oracle (MPFR for floats, GMP for integers).
// What `sonnx-div check` prints (DIV-CLI-D5, D6, D7).
#ifndef SONNX_ORACLE_CONFORMANCE_HPP
#define SONNX_ORACLE_CONFORMANCE_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sonnx/div.hpp"

namespace sonnx::oracle {

// Float acceptance levels (DIV-CLI-D5). Integers are always exact.
//   exact:    bit-identical to the correctly rounded quotient (any NaN matches any NaN)
//   half_ulp: |Y - A/B| <= ulp/2 (DIV-FLOAT-ACC1, DIV-FLOAT-D8)
//   one_ulp:  |Y - A/B| <  ulp   (the spec's bound)
//   ulps:     |Y - A/B| <= N ulp, N = CheckOptions::max_ulps (test tolerances)
// At every level NaN and infinities must match exactly; a zero is a finite
// value with a distance, and must carry the quotient's sign.
enum class Acceptance : std::uint8_t { exact, half_ulp, one_ulp, ulps };

// "exact", "half-ulp", "one-ulp", or N followed by "ulp" ("2ulp", "0.75ulp").
std::string acceptance_name(Acceptance level, double max_ulps);
// Also "Nulp" for a positive decimal N that a double holds exactly (at most 10^15).
bool parse_acceptance(const std::string& text, Acceptance& level, double& max_ulps);
// The shortest decimal that reads back as the same double ("inf" for infinity).
std::string shortest_text(double value);

// Histogram of the error in ulps (integers: |Y - Q| in units).
inline constexpr std::size_t kHistogramBuckets = 9U;
// "0", "(0, 0.5]", "(0.5, 1)", "[1, 2)", "[2, 4)", "[4, 16)", "[16, 256)", ">= 256", "special"
const char* histogram_bucket_name(std::size_t bucket);

struct ElementCheck {
    std::uint64_t index{0U};
    std::uint64_t a{0U}, b{0U}, candidate{0U}, expected{0U};  // element words (float encodings, integers extended)
    double ulps{0.0};        // +inf for a special-value mismatch
    std::uint64_t error_units{0U};  // integers: |Y - Q| exactly
    bool conforming{true};
    bool special_mismatch{false};
    bool flushed{false};     // floats: what a flush-to-zero divider gives (DIV-CLI-D16)
};

// An integer element with a zero divisor or MIN / -1: the operator refuses
// it, and no expected value exists (DIV-CLI-D14).
struct UndefinedElement {
    std::uint64_t index{0U};
    std::uint64_t a{0U}, b{0U}, candidate{0U};  // element words, integers extended
    StatusCode reason{StatusCode::zero_divisor};  // zero_divisor or overflow (MIN / -1)
};

struct CheckOptions {
    Acceptance accept{Acceptance::exact};
    double max_ulps{0.0};  // the bound N of Acceptance::ulps
    IntRounding rounding{IntRounding::floor};
    // Integers: false ends the check at the lowest undefined element as a
    // precondition failure (DIV-CLI-D7); true counts and lists undefined
    // elements apart, never as conforming, and judges the others (DIV-CLI-D14).
    bool list_undefined{false};
    unsigned threads{1U};
    std::size_t worst_count{10U};
    // Judge one of shard_count near-equal contiguous ranges of Y's elements
    // (shard_index from 0): the report counts that range only; element
    // indices stay Y's (DIV-CLI-D20). 0 of 1: every element.
    std::uint64_t shard_index{0U};
    std::uint64_t shard_count{1U};
};

struct ConformanceReport {
    ElementType type{ElementType::fp32};
    // Not ok when the operator's preconditions fail (then no element is
    // checked): B of another type, A's and B's shapes differ, INT4/UINT4
    // operands out of range, an integer zero divisor or MIN / -1 (unless
    // list_undefined), as sonnx::div would report them (DIV-CLI-D7).
    Status precondition{};
    // Not ok when Y has another type or shape than A / B: a wrong candidate,
    // every element non-conforming, none judged (DIV-CLI-D7).
    Status candidate_mismatch{};
    std::uint64_t elements{0U};
    std::uint64_t conforming{0U};
    std::uint64_t undefined{0U};  // with list_undefined: neither conforming nor non-conforming
    std::uint64_t exact_matches{0U};
    std::uint64_t special_mismatches{0U};  // non-conforming, NaN/infinity/zero-sign, not flushed
    std::uint64_t flushed{0U};             // non-conforming and explained by flush to zero (DIV-CLI-D16)
    std::uint64_t other_rounding_matches{0U};  // signed integers: non-conforming, equal to the other rounding
    double max_ulps{0.0};
    std::uint64_t max_error_units{0U};     // integers: the largest |Y - Q|, exactly
    std::array<std::uint64_t, kHistogramBuckets> histogram{};
    std::vector<ElementCheck> worst;                // largest error first, then lowest index
    std::vector<UndefinedElement> undefined_elements;  // the lowest indices, at most worst_count
    std::vector<std::string> failed_requirements;  // IDs, sorted
};

// Y against A / B; the views hold the API's storage.
// Elements neither undefined nor conforming.
std::uint64_t nonconforming(const ConformanceReport& report);
// The operands meet the preconditions, Y is a candidate, and every judged element conforms.
bool conforms(const ConformanceReport& report);

ConformanceReport check_conformance(const ConstTensorView& a, const ConstTensorView& b, const ConstTensorView& y,
                                    const CheckOptions& options);

// The same under a profile that broadcasts: A and B sit on Y's axes as
// `layout` says (sonnx::div_broadcast_layout gives it), and each element of
// Y is judged against the elements of A and B it is computed from, found by
// index, nothing copied (DIV-CLI-D19). Y must have layout.y's shape (else a
// candidate mismatch); element indices in the report are Y's. Throws
// std::invalid_argument when the layout does not fit A's and B's shapes.
ConformanceReport check_conformance(const ConstTensorView& a, const ConstTensorView& b, const ConstTensorView& y,
                                    const BroadcastLayout& layout, const CheckOptions& options);

}  // namespace sonnx::oracle

#endif  // SONNX_ORACLE_CONFORMANCE_HPP
