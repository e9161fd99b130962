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
// At every level NaN, infinities and zeros must match exactly, zeros by sign.
enum class Acceptance : std::uint8_t { exact, half_ulp, one_ulp };

const char* acceptance_name(Acceptance level);                   // "exact", "half-ulp", "one-ulp"
bool parse_acceptance(const std::string& text, Acceptance& level);

// Histogram of the error in ulps (integers: |Y - Q| in units).
inline constexpr std::size_t kHistogramBuckets = 9U;
// "0", "(0, 0.5]", "(0.5, 1)", "[1, 2)", "[2, 4)", "[4, 16)", "[16, 256)", ">= 256", "special"
const char* histogram_bucket_name(std::size_t bucket);

struct ElementCheck {
    std::uint64_t index{0U};
    std::uint64_t a{0U}, b{0U}, candidate{0U}, expected{0U};  // element words (float encodings, integers extended)
    double ulps{0.0};        // +inf for a special-value mismatch
    bool conforming{true};
    bool special_mismatch{false};
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
    IntRounding rounding{IntRounding::floor};
    // Integers: false ends the check at the lowest undefined element as a
    // precondition failure (DIV-CLI-D7); true counts and lists undefined
    // elements apart, never as conforming, and judges the others (DIV-CLI-D14).
    bool list_undefined{false};
    unsigned threads{1U};
    std::size_t worst_count{10U};
};

struct ConformanceReport {
    ElementType type{ElementType::fp32};
    // Not ok when the operator's preconditions fail (then no element is
    // checked): B or Y of another type, shapes differ, INT4/UINT4 operands
    // out of range, an integer zero divisor or MIN / -1 (unless
    // list_undefined), as sonnx::div would report them (DIV-CLI-D7).
    Status precondition{};
    std::uint64_t elements{0U};
    std::uint64_t conforming{0U};
    std::uint64_t undefined{0U};  // with list_undefined: neither conforming nor non-conforming
    std::uint64_t exact_matches{0U};
    std::uint64_t special_mismatches{0U};
    double max_ulps{0.0};
    std::array<std::uint64_t, kHistogramBuckets> histogram{};
    std::vector<ElementCheck> worst;                // largest error first, then lowest index
    std::vector<UndefinedElement> undefined_elements;  // the lowest indices, at most worst_count
    std::vector<std::string> failed_requirements;  // IDs, sorted
};

// Y against A / B; the views hold the API's storage.
// Elements neither undefined nor conforming.
std::uint64_t nonconforming(const ConformanceReport& report);

ConformanceReport check_conformance(const ConstTensorView& a, const ConstTensorView& b, const ConstTensorView& y,
                                    const CheckOptions& options);

}  // namespace sonnx::oracle

#endif  // SONNX_ORACLE_CONFORMANCE_HPP
