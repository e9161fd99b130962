/// @file
/// The spec's unit-verification scenarios (real, float, int), run on input
/// boxes with SymbolicDomainError enclosures, on the core's element code or
/// on a user's element-wise division function.
///
/// A box gives, for each operand, its computed value (one format value or a
/// range of them) and an interval of its error; the ideal operand is
/// computed - error (the spec's real = float - err). For every assertion the
/// scenario either proves it for every point of the box, or refutes it with a
/// witness point checked in exact rational arithmetic, or, when the split
/// budget runs out first, reports it undecided (spec/unit-verification.md,
/// DIV-UV-D5). The ideal result c.real is the specification's (A/B, or its
/// floor or truncation for integers), not the function's own real field, so
/// a function cannot pass by computing something else in both fields.
#ifndef SONNX_ACCURACY_SCENARIO_HPP
#define SONNX_ACCURACY_SCENARIO_HPP

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "sonnx/accuracy/format.hpp"
#include "sonnx/accuracy/interval.hpp"
#include "sonnx/accuracy/symbolic_domain_error.hpp"
#include "sonnx/div.hpp"

namespace sonnx::accuracy {

// ---------------------------------------------------------------------------
// Boxes

/// One operand's part of a box: its computed values and its error interval.
struct OperandBox {
    Dyadic computed_low{};   ///< computed values: format values, low <= high
    Dyadic computed_high{};  ///< (equal for one value)
    bool negative_zero{false};  ///< a computed zero is -0
    Dyadic error_low{};      ///< error interval; ideal = computed - error
    /// The error interval's upper end.
    Dyadic error_high{};
};

/// An input box of the float scenario: A's and B's computed values and errors.
struct FloatBox {
    /// The dividend.
    OperandBox a{};
    /// The divisor.
    OperandBox b{};
    std::string region;  ///< what the box covers, for reports
};

/// Integer operands are single computed values (the element code branches on
/// them); the errors are intervals.
struct IntBox {
    Rational a{};  ///< the computed integers (exact)
    /// The computed divisor (exact).
    Rational b{};
    /// A's error interval, lower end.
    Dyadic a_error_low{};
    /// A's error interval, upper end.
    Dyadic a_error_high{};
    /// B's error interval, lower end.
    Dyadic b_error_low{};
    /// B's error interval, upper end.
    Dyadic b_error_high{};
    /// What the box covers, for reports.
    std::string region;
};

// ---------------------------------------------------------------------------
// Assertions and verdicts

/// The assertions a scenario judges on each box (spec/unit-verification.md).
enum class Assertion : std::uint8_t {
    spec_bound,         ///< |c.err| <= |a.err/b.real| + |a.real*b.err/b.real^2| + ulp(c.real)  (reals: + 0)
    exact_bound,        ///< |c.err| <= |Aerr*B - A*Berr| / (|B| |B+Berr|) + ulp(q')/2           (reals: + 0)
    half_ulp,           ///< |c.float - A'/B'| <= ulp(q')/2 for the computed operands A', B'   (reals: = 0)
    one_ulp,            ///< |c.float - A'/B'| <= ulp(q'), the spec's introduced error
    spec_zero_divisor,  ///< spec: b.real == 0: c.is_inf() when a.real != 0, c.is_nan() when a.real == 0
    ieee_zero_divisor,  ///< b.float == +-0: infinity signed by the XOR of the signs, or NaN for 0/0
    int_exact,          ///< operands without error: c.int == floor(A/B) (or trunc), no error introduced
    int_spec_bound      ///< the spec's int scenario: |c.err| <= first-order bound + 0
};
/// The number of Assertion values.
inline constexpr std::size_t kAssertionCount = 8U;

/// The assertion's short name, e.g. "half_ulp".
[[nodiscard]] const char* assertion_name(Assertion assertion);
/// The assertion as a formula.
[[nodiscard]] const char* assertion_statement(Assertion assertion);

/// An assertion's verdict on a box (DIV-UV-D5).
enum class Verdict : std::uint8_t { proved, refuted, undecided, not_applicable };
/// "proved", "refuted", "undecided" or "not applicable".
[[nodiscard]] const char* verdict_name(Verdict verdict);

/// A point of the box where an assertion fails, in exact arithmetic.
struct Witness {
    std::string point;     ///< A (ideal), Aerr, B, Berr
    std::string computed;  ///< c.float (c.int)
    std::string ideal;     ///< c.real
    std::string err;       ///< c.err = computed - ideal
    std::string bound;     ///< the assertion's right-hand side at the point
    std::string cause;     ///< why it fails (for the spec bound: which term)
};

/// An assertion's verdict on one box, with its witness or what was left.
struct BoxVerdict {
    /// The verdict.
    Verdict verdict{Verdict::not_applicable};
    Witness witness{};       ///< when refuted
    std::string note{};      ///< when undecided: what was left
    std::size_t leaves{0};   ///< sub-boxes examined
};

/// A box listed in a report: a refuted or undecided assertion.
struct Listed {
    /// The box's index.
    std::size_t box{0};
    /// The box's region.
    std::string region;
    /// The box as text.
    std::string box_text;
    /// The assertion.
    Assertion assertion{Assertion::spec_bound};
    /// Its verdict on the box.
    BoxVerdict verdict{};
};

/// How many boxes each verdict has.
struct Tally {
    /// Boxes where the assertion holds at every point.
    std::size_t proved{0};
    /// Boxes with a witness point where it fails.
    std::size_t refuted{0};
    /// Boxes left undecided.
    std::size_t undecided{0};
    /// Boxes the assertion does not apply to.
    std::size_t not_applicable{0};
};

/// A scenario's verdicts over its boxes.
struct ScenarioReport {
    std::string variant;  ///< "FP32", "real", "INT32 floor", ...
    /// The boxes run.
    std::size_t boxes{0};
    /// Each assertion's tally.
    std::map<Assertion, Tally> tallies;
    /// Refuted spec_bound (or int_spec_bound) boxes by cause.
    std::map<std::string, std::size_t> causes;
    /// Refuted and undecided boxes, at most ScenarioOptions::max_listed per assertion.
    std::vector<Listed> listed;
    /// Boxes the function could not run on (an operation the model rejects).
    std::size_t model_failures{0};
    /// A few of those boxes, with the reason.
    std::vector<std::string> model_failure_examples;

    /// The tally of one assertion (empty when it was not judged).
    [[nodiscard]] const Tally& tally(Assertion assertion) const;
};

/// How a scenario runs.
struct ScenarioOptions {
    /// Worker threads; the verdicts do not depend on them.
    unsigned threads{1};
    std::size_t max_leaves{256};  ///< sub-boxes per assertion and box before "undecided"
    /// Boxes listed per assertion at most.
    std::size_t max_listed{8};
};

/// The report as text: verdicts per assertion, causes and the listed boxes with their witnesses.
[[nodiscard]] std::string to_text(const ScenarioReport& report);
/// A float box as text.
[[nodiscard]] std::string to_text(const FloatBox& box);
/// An integer box as text.
[[nodiscard]] std::string to_text(const IntBox& box);

// ---------------------------------------------------------------------------
// Scenarios

template <typename Format>
/// A user's float division on the scenario type of a format.
using FloatDivision = std::function<Sde<Format>(const Sde<Format>&, const Sde<Format>&)>;

template <typename T>
/// A user's integer division on the scenario type of an integer type.
using IntDivision = std::function<SdeInt<T>(const SdeInt<T>&, const SdeInt<T>&)>;

/// The float scenario on FP16, BF16, FP32 or FP64 (explicitly instantiated),
/// and the real scenario on Exact: the same assertions, with no rounding.
template <typename Format>
[[nodiscard]] ScenarioReport run_float_scenario(const FloatDivision<Format>& divide, const std::vector<FloatBox>& boxes,
                                                const ScenarioOptions& options = ScenarioOptions{});

template <typename T>
/// The integer scenario on INT8 ... UINT64 (explicitly instantiated) under `rounding`.
[[nodiscard]] ScenarioReport run_int_scenario(const IntDivision<T>& divide, IntRounding rounding,
                                              const std::vector<IntBox>& boxes,
                                              const ScenarioOptions& options = ScenarioOptions{});

/// Boxes over the regions the spec's scenario must cover: operands near one,
/// near overflow, near underflow, subnormal, powers of two, zero divisors;
/// errors from none to half the operand, small and large against B, on
/// either side and across zero. Deterministic for a seed. `format` is the
/// float format (for the reals, FP64 values are used).
[[nodiscard]] std::vector<FloatBox> standard_float_boxes(const FormatSpec& format, std::size_t count,
                                                         std::uint64_t seed);
/// Integer boxes: all pairs of the type's edge values and `random_count`
/// random pairs, without errors; with `with_errors`, a set of boxes whose
/// operands carry error intervals (the spec's int scenario with errors).
template <typename T>
[[nodiscard]] std::vector<IntBox> standard_int_boxes(std::size_t random_count, std::uint64_t seed, bool with_errors);

// ---------------------------------------------------------------------------
// The core's element code (src/core/div_element.hpp) on the scenario types.

template <typename Format>
/// The core's float element code as a FloatDivision.
[[nodiscard]] FloatDivision<Format> core_float_division();

template <typename T>
/// The core's integer element code, in `rounding`, as an IntDivision.
[[nodiscard]] IntDivision<T> core_int_division(IntRounding rounding);

}  // namespace sonnx::accuracy

#endif  // SONNX_ACCURACY_SCENARIO_HPP
