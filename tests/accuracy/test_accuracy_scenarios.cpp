// The spec's unit-verification scenarios on the core's element code (the
// templates of src/core/div_element.hpp), on hand-made boxes whose verdicts
// are derived by hand, and on deliberately wrong user functions that the
// report must catch.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "div_element.hpp"
#include "sonnx/accuracy/scenario.hpp"
#include "user_dividers.hpp"

namespace sonnx::accuracy {
namespace {

OperandBox operand(Dyadic computed, Dyadic error_low, Dyadic error_high) {
    OperandBox o;
    o.computed_low = computed;
    o.computed_high = computed;
    o.error_low = error_low;
    o.error_high = error_high;
    return o;
}

FloatBox box(OperandBox a, OperandBox b, const char* region) {
    FloatBox x;
    x.a = a;
    x.b = b;
    x.region = region;
    return x;
}

const Listed* listed(const ScenarioReport& report, Assertion assertion, std::size_t index) {
    for (const Listed& l : report.listed) {
        if ((l.assertion == assertion) && (l.box == index)) {
            return &l;
        }
    }
    return nullptr;
}

// Debug, sanitizer and coverage builds set SONNX_ACCURACY_QUICK: the same
// checks on a sample of the boxes (tests/accuracy/CMakeLists.txt).
bool quick() {
    const char* value = std::getenv("SONNX_ACCURACY_QUICK");
    return (value != nullptr) && (std::string(value) == "1");
}

std::vector<IntBox> sample(std::vector<IntBox> boxes) {
    if (!quick()) {
        return boxes;
    }
    std::vector<IntBox> kept;
    for (std::size_t i = 0U; i < boxes.size(); i += 16U) {
        kept.push_back(boxes[i]);
    }
    return kept;
}

template <typename Format>
ScenarioReport run(const FloatDivision<Format>& f, const std::vector<FloatBox>& boxes) {
    ScenarioOptions options;
    options.max_listed = 1000U;
    return run_float_scenario<Format>(f, boxes, options);
}

// F-10's counterexample as a box of single points: A = 1, Aerr = 0, B = 1,
// Berr = -1/2, so the computed operands are A' = 1, B' = 1/2 and c.float = 2,
// c.real = 1, c.err = 1 > |0/1| + |1 * (-1/2) / 1| + ulp(1) = 1/2 + 2^-23.
// [utest->req~div-float-acc2~1]
// [utest->req~div-uv-d5~1]
TEST(FloatScenario, FirstOrderCounterexampleIsRefutedWithItsWitness) {
    RecordProperty("requirements", "DIV-FLOAT-ACC2,DIV-UV-D5");
    const std::vector<FloatBox> boxes{
        box(operand({1, 0}, {0, 0}, {0, 0}), operand({1, -1}, {-1, -1}, {-1, -1}), "F-10 counterexample")};
    const ScenarioReport r = run(core_float_division<Fp32>(), boxes);
    EXPECT_EQ(r.tally(Assertion::spec_bound).refuted, 1U);
    const Listed* l = listed(r, Assertion::spec_bound, 0U);
    ASSERT_NE(l, nullptr);
    EXPECT_NE(l->verdict.witness.err.find("1*2^0"), std::string::npos) << l->verdict.witness.err;
    EXPECT_NE(l->verdict.witness.cause.find("second-order"), std::string::npos);
    // the exact bound (|Yp| = 1) and the introduced error (none) hold
    EXPECT_EQ(r.tally(Assertion::exact_bound).proved, 1U);
    EXPECT_EQ(r.tally(Assertion::half_ulp).proved, 1U);
}

// Small errors on ordinary operands: every assertion proved on the whole box.
// [utest->req~div-float-acc1~1]
// [utest->req~div-float-acc2~1]
// [utest->req~div-uv-d5~1]
TEST(FloatScenario, SmallErrorsProveEveryBoundOnTheWholeBox) {
    RecordProperty("requirements", "DIV-FLOAT-ACC1,DIV-FLOAT-ACC2,DIV-UV-D5");
    // A' = 1 with |Aerr| <= 2^-40, B' = 3 with |Berr| <= 2^-40.
    const std::vector<FloatBox> boxes{
        box(operand({1, 0}, {-1, -40}, {1, -40}), operand({3, 0}, {-1, -40}, {1, -40}), "small errors")};
    const ScenarioReport r = run(core_float_division<Fp32>(), boxes);
    for (const Assertion a : {Assertion::spec_bound, Assertion::exact_bound, Assertion::half_ulp, Assertion::one_ulp}) {
        EXPECT_EQ(r.tally(a).proved, 1U) << assertion_name(a);
    }
}

// Berr = -B/4 on either side of the exact quotient: the first-order bound
// fails where B+Berr is closer to zero than B (second-order term) and holds
// on the other side; the exact bound holds on both.
// [utest->req~div-float-acc2~1]
// [utest->req~div-uv-d5~1]
TEST(FloatScenario, FirstOrderBoundFailsOnlyWhereTheDivisorShrinks) {
    RecordProperty("requirements", "DIV-FLOAT-ACC2,DIV-UV-D5");
    const std::vector<FloatBox> boxes{
        // B' = 3, Berr in [0, 3/4]: B = 3 - Berr in [2.25, 3], |B'| >= |B|: holds
        box(operand({1, 0}, {0, 0}, {1, -20}), operand({3, 0}, {0, 0}, {3, -2}), "divisor grows"),
        // Berr in [-3/4, 0]: B in [3, 3.75], |B'| < |B|: fails
        box(operand({1, 0}, {0, 0}, {1, -20}), operand({3, 0}, {-3, -2}, {0, 0}), "divisor shrinks")};
    const ScenarioReport r = run(core_float_division<Fp64>(), boxes);
    const Listed* shrinks = listed(r, Assertion::spec_bound, 1U);
    ASSERT_NE(shrinks, nullptr);
    EXPECT_EQ(shrinks->verdict.verdict, Verdict::refuted);
    EXPECT_EQ(listed(r, Assertion::spec_bound, 0U), nullptr);  // proved, so not listed
    EXPECT_EQ(r.tally(Assertion::spec_bound).proved, 1U);
    EXPECT_EQ(r.tally(Assertion::exact_bound).proved, 2U);
}

// The spec's zero-divisor assertions read b.real; the infinity comes from
// b.float. B' = 2 with Berr = 2 (b.real = 0): the spec expects inf, the
// implementation gives 1/2. B' = -0: IEEE's -inf, which the spec also
// accepts since b.real = 0 there.
// [utest->req~div-float-d1~1]
// [utest->req~div-float-d3~2]
// [utest->req~div-uv-d5~1]
TEST(FloatScenario, ZeroDivisorAssertionsOfTheSpecAndOfIeee) {
    RecordProperty("requirements", "DIV-FLOAT-D1,DIV-FLOAT-D3,DIV-UV-D5");
    FloatBox minus_zero = box(operand({1, 0}, {0, 0}, {0, 0}), operand({0, 0}, {0, 0}, {0, 0}), "1 / -0");
    minus_zero.b.negative_zero = true;
    const std::vector<FloatBox> boxes{
        box(operand({1, 0}, {0, 0}, {0, 0}), operand({2, 0}, {2, 0}, {2, 0}), "b.real == 0, b.float == 2"), minus_zero,
        box(operand({0, 0}, {0, 0}, {0, 0}), operand({0, 0}, {0, 0}, {0, 0}), "0 / 0")};
    const ScenarioReport r = run(core_float_division<Fp16>(), boxes);
    const Listed* spec = listed(r, Assertion::spec_zero_divisor, 0U);
    ASSERT_NE(spec, nullptr);
    EXPECT_EQ(spec->verdict.verdict, Verdict::refuted);
    EXPECT_NE(spec->verdict.witness.computed.find("0.5"), std::string::npos) << spec->verdict.witness.computed;
    EXPECT_EQ(r.tally(Assertion::spec_zero_divisor).proved, 2U);
    EXPECT_EQ(r.tally(Assertion::ieee_zero_divisor).proved, 2U);
    EXPECT_EQ(r.tally(Assertion::ieee_zero_divisor).refuted, 0U);
}

// The core's element code over the standard boxes: the exact bound plus half
// an ulp and the introduced error are never refuted nor left undecided; the
// first-order bound's refutations have the causes F-40 lists.
// [utest->req~div-float-acc1~1]
// [utest->req~div-float-acc2~1]
// [utest->req~div-uv-d4~1]
// [utest->req~div-uv-d5~1]
// [utest->req~div-uv-d7~1]
TEST(FloatScenario, CoreElementCodeOnStandardBoxes) {
    RecordProperty("requirements", "DIV-FLOAT-ACC1,DIV-FLOAT-ACC2,DIV-UV-D4,DIV-UV-D5,DIV-UV-D7");
    const auto check = [](const ScenarioReport& r) {
        EXPECT_EQ(r.model_failures, 0U) << r.variant;
        for (const Assertion a :
             {Assertion::exact_bound, Assertion::half_ulp, Assertion::one_ulp, Assertion::ieee_zero_divisor}) {
            EXPECT_EQ(r.tally(a).refuted, 0U) << r.variant << " " << assertion_name(a);
            EXPECT_EQ(r.tally(a).undecided, 0U) << r.variant << " " << assertion_name(a);
        }
        EXPECT_GT(r.tally(Assertion::half_ulp).proved, r.boxes * 3U / 4U) << r.variant;
        EXPECT_GT(r.tally(Assertion::spec_bound).refuted, 0U) << r.variant;
        EXPECT_GT(r.tally(Assertion::spec_zero_divisor).refuted, 0U) << r.variant;
        for (const auto& [cause, count] : r.causes) {
            const bool known = (cause.find("overflow") != std::string::npos) ||
                               (cause.find("second-order") != std::string::npos);
            EXPECT_TRUE(known) << r.variant << ": " << count << " " << cause;
        }
    };
    const std::size_t boxes_per_format = quick() ? 1000U : 4000U;
    check(
        run_float_scenario<Fp16>(core_float_division<Fp16>(), standard_float_boxes(Fp16::spec, boxes_per_format, 16U)));
    check(
        run_float_scenario<Bf16>(core_float_division<Bf16>(), standard_float_boxes(Bf16::spec, boxes_per_format, 17U)));
    check(
        run_float_scenario<Fp32>(core_float_division<Fp32>(), standard_float_boxes(Fp32::spec, boxes_per_format, 32U)));
    check(
        run_float_scenario<Fp64>(core_float_division<Fp64>(), standard_float_boxes(Fp64::spec, boxes_per_format, 64U)));
}

// The 16-bit path widens, divides in FP32 and narrows. Over a range of
// computed values the enclosures bound its introduced error only by
// ulp16/2 + ulp32/2 (double rounding), where a direct FP16 division model
// gets ulp16/2; the scenario proves the half-ulp bound value by value.
// [utest->req~div-float-acc1~1]
// [utest->req~div-float-d7~1]
// [utest->req~div-uv-d7~1]
TEST(FloatScenario, WidenedPathIsProvedValueByValueOverRanges) {
    RecordProperty("requirements", "DIV-FLOAT-ACC1,DIV-FLOAT-D7,DIV-UV-D7");
    // A' in the 16 consecutive FP16 values 1025/1024 ... 1040/1024, B' = 3:
    // quotients in [0.3336, 0.3386], ulp16 = 2^-12.
    const Sde<Fp16> a = Sde<Fp16>::input(
        ComputedSet::finite_range(Bound(Bound(1025) / 1024), Bound(Bound(1040) / 1024)), point(Bound(0)));
    const Sde<Fp16> b = Sde<Fp16>::exact(Bound(3));
    const Sde<Fp16> widened = core_float_division<Fp16>()(a, b);
    const Sde<Fp16> direct = a / b;
    EXPECT_GT(magnitude_high(widened.introduced()), power_of_two(-13));
    EXPECT_LE(magnitude_high(widened.introduced()), Bound(power_of_two(-13) + power_of_two(-26)));
    EXPECT_LE(magnitude_high(direct.introduced()), power_of_two(-13));

    FloatBox range = box(operand({1025, -10}, {0, 0}, {0, 0}), operand({3, 0}, {0, 0}, {0, 0}), "A' in 16 values");
    range.a.computed_high = Dyadic{1040, -10};
    const ScenarioReport r = run(core_float_division<Fp16>(), {range});
    EXPECT_EQ(r.tally(Assertion::half_ulp).proved, 1U);
    EXPECT_EQ(r.tally(Assertion::one_ulp).proved, 1U);
    EXPECT_EQ(r.tally(Assertion::exact_bound).proved, 1U);
}

// Deliberately wrong user functions are reported.
// [utest->req~div-uv-d6~1]
// [utest->req~div-float-acc1~1]
TEST(UserFunctions, TruncatingDivisionFailsHalfUlpButPassesTheSpecsOneUlp) {
    RecordProperty("requirements", "DIV-UV-D6,DIV-FLOAT-ACC1");
    const FloatDivision<Fp32> truncating = [](const Sde<Fp32>& a, const Sde<Fp32>& b) {
        return divide_with(a, b, Rounding::toward_zero);
    };
    // 1/3 truncates to 0x3EAAAAAA, 2/3 ulp below 1/3: above half an ulp, below one.
    const std::vector<FloatBox> third{box(operand({1, 0}, {0, 0}, {0, 0}), operand({3, 0}, {0, 0}, {0, 0}), "1/3")};
    const ScenarioReport one_third = run(truncating, third);
    EXPECT_EQ(one_third.tally(Assertion::half_ulp).refuted, 1U);
    EXPECT_EQ(one_third.tally(Assertion::one_ulp).proved, 1U);
    const Listed* l = listed(one_third, Assertion::half_ulp, 0U);
    ASSERT_NE(l, nullptr);
    // RZ(1/3) - 1/3 = 11184810/2^25 - 1/3 = -1/50331648
    EXPECT_NE(l->verdict.witness.err.find("-1/50331648"), std::string::npos) << l->verdict.witness.err;

    const ScenarioReport r = run_float_scenario<Fp32>(truncating, standard_float_boxes(Fp32::spec, 2000U, 5U));
    EXPECT_GT(r.tally(Assertion::half_ulp).refuted, 0U);
    EXPECT_EQ(r.tally(Assertion::one_ulp).refuted, 0U);  // F-43: the spec's bound accepts truncation
    EXPECT_NE(to_text(r).find("refuted half_ulp"), std::string::npos);
}

// [utest->req~div-uv-d6~1]
// [utest->req~div-float-f1~1]
TEST(UserFunctions, FlushingSubnormalsIsReportedWithASubnormalWitness) {
    RecordProperty("requirements", "DIV-UV-D6,DIV-FLOAT-F1");
    const FloatDivision<Fp32> flushing = [](const Sde<Fp32>& a, const Sde<Fp32>& b) { return flush_to_zero(a / b); };
    // 2^-140 / 4 = 2^-142, a subnormal, flushed to 0: error 2^-142 = 128 ulps.
    const std::vector<FloatBox> boxes{
        box(operand({1, -140}, {0, 0}, {0, 0}), operand({4, 0}, {0, 0}, {0, 0}), "subnormal quotient"),
        box(operand({1, 0}, {0, 0}, {0, 0}), operand({3, 0}, {0, 0}, {0, 0}), "ordinary")};
    const ScenarioReport r = run(flushing, boxes);
    const Listed* l = listed(r, Assertion::half_ulp, 0U);
    ASSERT_NE(l, nullptr);
    EXPECT_EQ(l->verdict.verdict, Verdict::refuted);
    EXPECT_NE(l->verdict.witness.computed.find("0"), std::string::npos);
    EXPECT_EQ(r.tally(Assertion::half_ulp).proved, 1U);  // the ordinary box
    EXPECT_EQ(r.tally(Assertion::spec_bound).refuted, 1U);
    EXPECT_EQ(r.tally(Assertion::one_ulp).refuted, 1U);
}

// The example's dividers (examples/accuracy/user_dividers.hpp), ordinary
// templates that compile for float as well as for the scenario types.
using user_dividers::corrected_newton_division;
using user_dividers::newton_step_division;
using user_dividers::reciprocal_multiply;

// 227 / 63 by reciprocal: RN(1/63) = 8521761 * 2^-29 (2^29/63 = 8521760.51),
// 227 * 8521761 * 2^-29 = 1934439747 * 2^-29 rounds at quantum 2^-22 to
// 15112811 * 2^-22 (1934439747 / 2^7 = 15112810.52); minus 227/63 that is
// 85/264241152 = 1.35 ulp (ulp = 2^-22 = 63/264241152).
// [utest->req~div-uv-d6~1]
// [utest->req~div-uv-d2~1]
// [utest->req~div-float-acc1~1]
TEST(UserFunctions, ReciprocalThenMultiplyFailsHalfAndOneUlpWithAWitness) {
    RecordProperty("requirements", "DIV-UV-D6,DIV-UV-D2,DIV-FLOAT-ACC1");
    EXPECT_EQ(reciprocal_multiply(227.0F, 63.0F), 15112811.0F / 4194304.0F);  // the template on float
    const FloatDivision<Fp32> divider = reciprocal_multiply<Sde<Fp32>>;
    const std::vector<FloatBox> point{
        box(operand({227, 0}, {0, 0}, {0, 0}), operand({63, 0}, {0, 0}, {0, 0}), "227/63")};
    const ScenarioReport r = run(divider, point);
    EXPECT_EQ(r.tally(Assertion::half_ulp).refuted, 1U);
    EXPECT_EQ(r.tally(Assertion::one_ulp).refuted, 1U);
    const Listed* l = listed(r, Assertion::one_ulp, 0U);
    ASSERT_NE(l, nullptr);
    EXPECT_NE(l->verdict.witness.err.find("85/264241152 "), std::string::npos) << l->verdict.witness.err;

    const ScenarioReport standard = run_float_scenario<Fp32>(divider, standard_float_boxes(Fp32::spec, 2000U, 5U));
    EXPECT_GT(standard.tally(Assertion::half_ulp).refuted, 0U);
    EXPECT_GT(standard.tally(Assertion::one_ulp).refuted, 0U);
    EXPECT_GT(standard.tally(Assertion::half_ulp).proved, 0U);
    EXPECT_EQ(standard.model_failures, 0U);
}

// 1/3 by one Newton step from BF16: RN_BF16(1/3) = 171/512; 1 - 3 * 171/512 =
// -1/512 exactly; 171/512 + 171/512 * (-1/512) = 87381/2^18 exactly; the
// error 87381/262144 - 1/3 = -1/786432 is 42.7 ulps of 2^-25. The residual
// correction adds (1 - 3 * 87381/2^18) * 87381/2^18 = 87381/2^36 and
// rounds to RN(1/3) = 11184811 * 2^-25 (22906492245/2048 = 11184810.67 ulps).
// [utest->req~div-uv-d6~1]
// [utest->req~div-uv-d2~1]
// [utest->req~div-float-acc1~1]
TEST(UserFunctions, NewtonStepFromABf16EstimateAndItsCorrection) {
    RecordProperty("requirements", "DIV-UV-D6,DIV-UV-D2,DIV-FLOAT-ACC1");
    EXPECT_EQ((newton_step_division<float, float>(1.0F, 3.0F)), 1.0F / 3.0F);  // the templates on float
    EXPECT_EQ((corrected_newton_division<float, float>(1.0F, 3.0F)), 1.0F / 3.0F);
    const FloatDivision<Fp32> newton = newton_step_division<Sde<Fp32>, Sde<Bf16>>;
    const FloatDivision<Fp32> corrected = corrected_newton_division<Sde<Fp32>, Sde<Bf16>>;
    const std::vector<FloatBox> third{box(operand({1, 0}, {0, 0}, {0, 0}), operand({3, 0}, {0, 0}, {0, 0}), "1/3")};
    const ScenarioReport n = run(newton, third);
    EXPECT_EQ(n.tally(Assertion::half_ulp).refuted, 1U);
    EXPECT_EQ(n.tally(Assertion::one_ulp).refuted, 1U);
    const Listed* l = listed(n, Assertion::one_ulp, 0U);
    ASSERT_NE(l, nullptr);
    EXPECT_NE(l->verdict.witness.err.find("-1/786432 "), std::string::npos) << l->verdict.witness.err;
    EXPECT_NE(l->verdict.witness.computed.find("0.33333206"), std::string::npos) << l->verdict.witness.computed;
    const ScenarioReport c = run(corrected, third);
    EXPECT_EQ(c.tally(Assertion::half_ulp).proved, 1U);
    EXPECT_EQ(c.tally(Assertion::exact_bound).proved, 1U);
}

// A function whose real part is not a division cannot pass by computing the
// same wrong value in both fields: the scenario's c.real is A/B.
// [utest->req~div-uv-d6~1]
TEST(UserFunctions, ANonDivisionIsRejected) {
    RecordProperty("requirements", "DIV-UV-D6");
    const FloatDivision<Fp32> subtraction = [](const Sde<Fp32>& a, const Sde<Fp32>& b) { return a - b; };
    const std::vector<FloatBox> boxes{box(operand({7, 0}, {0, 0}, {0, 0}), operand({3, 0}, {0, 0}, {0, 0}), "7, 3")};
    const ScenarioReport r = run(subtraction, boxes);
    EXPECT_EQ(r.model_failures, 1U);
    ASSERT_EQ(r.model_failure_examples.size(), 1U);
    EXPECT_NE(r.model_failure_examples[0].find("not a division"), std::string::npos);
}

// The real variant: exact division introduces nothing; the first-order bound
// fails exactly where the computed divisor is closer to zero than the ideal.
// [utest->req~div-real-acc1~1]
// [utest->req~div-real-acc2~1]
// [utest->req~div-uv-d5~1]
TEST(RealScenario, NoIntroducedErrorAndTheFirstOrderBoundsFailures) {
    RecordProperty("requirements", "DIV-REAL-ACC1,DIV-REAL-ACC2,DIV-UV-D5");
    const std::vector<FloatBox> boxes{
        box(operand({1, 0}, {0, 0}, {0, 0}), operand({1, -1}, {-1, -1}, {-1, -1}), "F-10 counterexample"),
        box(operand({1, 0}, {0, 0}, {1, -20}), operand({3, 0}, {0, 0}, {3, -2}), "divisor grows")};
    const ScenarioReport r = run(core_float_division<Exact>(), boxes);
    EXPECT_EQ(r.tally(Assertion::half_ulp).proved, 2U);  // for the reals: no introduced error
    EXPECT_EQ(r.tally(Assertion::exact_bound).proved, 2U);
    EXPECT_EQ(r.tally(Assertion::spec_bound).refuted, 1U);
    EXPECT_EQ(r.tally(Assertion::spec_bound).proved, 1U);
    EXPECT_EQ(r.tally(Assertion::one_ulp).not_applicable, 2U);

    const ScenarioReport standard = run_float_scenario<Exact>(core_float_division<Exact>(),
                                                              standard_float_boxes(Fp64::spec, 2000U, 9U));
    EXPECT_EQ(standard.model_failures, 0U);
    EXPECT_EQ(standard.tally(Assertion::half_ulp).refuted, 0U);
    EXPECT_EQ(standard.tally(Assertion::half_ulp).undecided, 0U);
    EXPECT_EQ(standard.tally(Assertion::exact_bound).refuted, 0U);
    EXPECT_GT(standard.tally(Assertion::spec_bound).refuted, 0U);
    for (const auto& [cause, count] : standard.causes) {
        EXPECT_NE(cause.find("second-order"), std::string::npos) << count << " " << cause;
    }
}

// The int scenario on the core's element code, every type, both roundings:
// no introduced error on operands without error; with errors, the spec's
// first-order bound (+ 0) fails where an error moves A/B across an integer.
template <typename T>
void int_scenario_on_core(std::size_t random_count) {
    for (const IntRounding rounding : {IntRounding::floor, IntRounding::toward_zero}) {
        const std::vector<IntBox> boxes = sample(standard_int_boxes<T>(random_count, 11U, true));
        ScenarioOptions options;
        options.threads = 2U;
        const ScenarioReport r = run_int_scenario<T>(core_int_division<T>(rounding), rounding, boxes, options);
        EXPECT_EQ(r.model_failures, 0U) << r.variant;
        EXPECT_EQ(r.tally(Assertion::int_exact).refuted, 0U) << r.variant;
        EXPECT_EQ(r.tally(Assertion::int_exact).undecided, 0U) << r.variant;
        EXPECT_GT(r.tally(Assertion::int_exact).proved, boxes.size() / 2U) << r.variant;
        EXPECT_GT(r.tally(Assertion::int_spec_bound).refuted, 0U) << r.variant;
        EXPECT_EQ(r.tally(Assertion::int_spec_bound).undecided, 0U) << r.variant;
    }
}

// [utest->req~div-int-acc1~1]
// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
// [utest->req~div-uv-d4~1]
// [utest->req~div-uv-d7~1]
TEST(IntScenario, CoreElementCodeIsExactOnEveryType) {
    RecordProperty("requirements", "DIV-INT-ACC1,DIV-INT-F1,DIV-INT-D1,DIV-UV-D4,DIV-UV-D7");
    int_scenario_on_core<std::int8_t>(0U);  // all pairs
    int_scenario_on_core<std::uint8_t>(0U);
    int_scenario_on_core<std::int16_t>(3000U);
    int_scenario_on_core<std::uint16_t>(3000U);
    int_scenario_on_core<std::int32_t>(3000U);
    int_scenario_on_core<std::uint32_t>(3000U);
    int_scenario_on_core<std::int64_t>(3000U);
    int_scenario_on_core<std::uint64_t>(3000U);
}

// UINT32 quotients of 2^31 and more take the high half of
// divide_unsigned_through (q - 2^31 truncated in int32, then + 2^31). Only
// B = 1 gives them (for B >= 2, A / B < 2^32 / 2), and quick builds sample
// every 16th standard box, which misses them: these boxes always run, with
// one just below 2^31 beside them. Expected quotients by hand.
// [utest->req~div-int-acc1~1]
// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
// [utest->req~div-uv-d7~1]
TEST(IntScenario, CoreUint32QuotientsFromTwoToThe31AreExact) {
    RecordProperty("requirements", "DIV-INT-ACC1,DIV-INT-F1,DIV-INT-D1,DIV-UV-D7");
    struct Case {
        unsigned long long a;
        unsigned long long b;
        unsigned long long quotient;
    };
    const Case cases[] = {
        {2147483648ULL, 1ULL, 2147483648ULL},  // 2^31 / 1: exactly the boundary, high half
        {2147483649ULL, 1ULL, 2147483649ULL},  // (2^31 + 1) / 1
        {3221225473ULL, 1ULL, 3221225473ULL},  // (3 * 2^30 + 1) / 1
        {4294967295ULL, 1ULL, 4294967295ULL},  // (2^32 - 1) / 1, the largest quotient
        {4294967295ULL, 2ULL, 2147483647ULL},  // (2^32 - 1) / 2 = 2^31 - 1/2: low half, truncated
    };
    std::vector<IntBox> boxes;
    for (const Case& c : cases) {
        IntBox box;
        box.a = Rational(c.a);
        box.b = Rational(c.b);
        box.region = "UINT32 quotient near and above 2^31";
        boxes.push_back(box);
    }
    using U = SdeInt<std::uint32_t>;
    for (const IntRounding rounding : {IntRounding::floor, IntRounding::toward_zero}) {
        const IntDivision<std::uint32_t> divide = core_int_division<std::uint32_t>(rounding);
        const ScenarioReport r = run_int_scenario<std::uint32_t>(divide, rounding, boxes);
        EXPECT_EQ(r.model_failures, 0U) << r.variant;
        EXPECT_EQ(r.tally(Assertion::int_exact).proved, boxes.size()) << r.variant;
        for (const Case& c : cases) {
            const U a = U::input(point(Bound(c.a)), point(Bound(0)));
            const U y = divide(a, U::input(point(Bound(c.b)), point(Bound(0))));
            EXPECT_TRUE(is_point(y.computed())) << c.a << " / " << c.b;
            EXPECT_EQ(to_rational(low(y.computed())), Rational(c.quotient)) << c.a << " / " << c.b;
        }
    }
}

// Wrong integer element code is refuted with a witness: INT32 through FP32
// (2^24 + 1 does not convert exactly) and truncation where floor is asked.
// [utest->req~div-uv-d6~1]
// [utest->req~div-int-acc1~1]
TEST(IntScenario, WrongElementCodeIsRefuted) {
    RecordProperty("requirements", "DIV-UV-D6,DIV-INT-ACC1");
    const std::vector<IntBox> boxes = standard_int_boxes<std::int32_t>(0U, 1U, false);
    ScenarioOptions options;
    options.max_listed = 3U;
    const IntDivision<std::int32_t> through_fp32 = [](const SdeInt<std::int32_t>& a, const SdeInt<std::int32_t>& b) {
        return core::divide_floor_through<SdeInt<std::int32_t>, Sde<Fp32>, SdeInt<std::int32_t>>(a, b);
    };
    const ScenarioReport fp32 = run_int_scenario<std::int32_t>(through_fp32, IntRounding::floor, boxes, options);
    EXPECT_GT(fp32.tally(Assertion::int_exact).refuted, 0U);
    const ScenarioReport truncating = run_int_scenario<std::int32_t>(
        core_int_division<std::int32_t>(IntRounding::toward_zero), IntRounding::floor, boxes, options);
    EXPECT_GT(truncating.tally(Assertion::int_exact).refuted, 0U);
    EXPECT_NE(to_text(truncating).find("refuted int_exact"), std::string::npos);
}

// A user's function that throws is the worker pool's rule (DIV-CLI-D21):
// no box after the lowest one that throws is started, and that box's error
// is the one reported, naming the box, whatever the thread count and
// whichever box threw first in time. Boxes: A' = 1 ... 64, B' = 3, exact.
// The function throws on box 5 (A' = 6) a quarter of a second after it is
// called, and on box 40 (A' = 41) at once, so that on two threads box 40
// usually throws first in time.
// [utest->req~div-cli-d21~1]
// [utest->req~div-uv-d6~1]
TEST(UserFunctions, AFunctionThatThrowsIsReportedAtTheLowestBox) {
    RecordProperty("requirements", "DIV-CLI-D21,DIV-UV-D6");
    std::vector<FloatBox> boxes;
    for (std::int64_t i = 1; i <= 64; ++i) {
        boxes.push_back(box(operand({i, 0}, {0, 0}, {0, 0}), operand({3, 0}, {0, 0}, {0, 0}), "exact"));
    }
    std::mutex lock;
    std::set<double> called;
    const FloatDivision<Fp32> throws = [&](const Sde<Fp32>& a, const Sde<Fp32>& b) {
        const double value = low(a.computed().finite()).convert_to<double>();
        {
            const std::lock_guard<std::mutex> guard(lock);
            called.insert(value);
        }
        if (value == 6.0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(250));
            throw std::runtime_error("no division of 6");
        }
        if (value == 41.0) {
            throw std::runtime_error("no division of 41");
        }
        return a / b;
    };
    const std::string expected = "box 5 (" + to_text(boxes[5]) + "): no division of 6";
    for (const unsigned threads : {1U, 2U, 3U}) {
        called.clear();
        ScenarioOptions options;
        options.threads = threads;
        try {
            (void)run_float_scenario<Fp32>(throws, boxes, options);
            ADD_FAILURE() << "no exception on " << threads << " threads";
        } catch (const std::runtime_error& e) { EXPECT_EQ(std::string(e.what()), expected) << threads << " threads"; }
        if (threads == 1U) {  // one worker: nothing after box 5 started
            EXPECT_EQ(called, (std::set<double>{1.0, 2.0, 3.0, 4.0, 5.0, 6.0}));
        }
    }
}

}  // namespace
}  // namespace sonnx::accuracy
