// Checking an element-wise division function of your own against the spec's
// unit-verification scenario: write it over Sde<Format> (the operations of
// sonnx/accuracy/symbolic_domain_error.hpp model your format's arithmetic:
// + - * /, fma, negation, constants T(1), static_cast between formats), or
// as an ordinary template that also compiles for float; run the scenario on
// the standard boxes or on boxes of your own, and read the report.
//
//   sonnx_accuracy_example [boxes]      (default 2000 boxes per function)
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "sonnx/accuracy/scenario.hpp"
#include "user_dividers.hpp"

namespace acc = sonnx::accuracy;

namespace {

// A division that rounds toward zero (a truncating divider).
acc::Sde<acc::Fp32> truncating_division(const acc::Sde<acc::Fp32>& a, const acc::Sde<acc::Fp32>& b) {
    return acc::divide_with(a, b, acc::Rounding::toward_zero);
}

// A correctly rounded division whose results are flushed to zero when
// subnormal (an FTZ mode left on).
acc::Sde<acc::Fp32> flushing_division(const acc::Sde<acc::Fp32>& a, const acc::Sde<acc::Fp32>& b) {
    return acc::flush_to_zero(a / b);
}

// A division through BF16: widen, divide in BF16's precision, widen back.
acc::Sde<acc::Fp32> division_through_bf16(const acc::Sde<acc::Fp32>& a, const acc::Sde<acc::Fp32>& b) {
    const acc::Sde<acc::Bf16> narrow_a = acc::convert_to<acc::Bf16>(a);
    const acc::Sde<acc::Bf16> narrow_b = acc::convert_to<acc::Bf16>(b);
    return acc::convert_to<acc::Fp32>(narrow_a / narrow_b);
}

void run(const char* title, const acc::FloatDivision<acc::Fp32>& divide, const std::vector<acc::FloatBox>& boxes) {
    acc::ScenarioOptions options;
    options.max_listed = 2U;
    const acc::ScenarioReport report = acc::run_float_scenario<acc::Fp32>(divide, boxes, options);
    std::printf("== %s\n%s\n", title, acc::to_text(report).c_str());
}

}  // namespace

int main(int argc, char** argv) {
    const std::size_t count = (argc > 1) ? static_cast<std::size_t>(std::strtoul(argv[1], nullptr, 10)) : 2000U;
    std::vector<acc::FloatBox> boxes = acc::standard_float_boxes(acc::Fp32::spec, count, 20261122U);

    // A box of your own: A' = 1 with an error in [-2^-30, 2^-30], B' = 3 exact.
    acc::FloatBox mine;
    mine.a.computed_low = acc::Dyadic{1, 0};
    mine.a.computed_high = acc::Dyadic{1, 0};
    mine.a.error_low = acc::Dyadic{-1, -30};
    mine.a.error_high = acc::Dyadic{1, -30};
    mine.b.computed_low = acc::Dyadic{3, 0};
    mine.b.computed_high = acc::Dyadic{3, 0};
    mine.region = "my box";
    boxes.push_back(mine);

    run("the core's FP32 division", acc::core_float_division<acc::Fp32>(), boxes);
    run("a truncating division", truncating_division, boxes);
    run("a division that flushes subnormal results", flushing_division, boxes);
    run("a division through BF16", division_through_bf16, boxes);
    run("a reciprocal, then a multiplication", user_dividers::reciprocal_multiply<acc::Sde<acc::Fp32>>, boxes);
    run("a BF16 reciprocal estimate, one Newton step, a multiplication",
        user_dividers::newton_step_division<acc::Sde<acc::Fp32>, acc::Sde<acc::Bf16>>, boxes);
    run("the same with the quotient corrected by its residual",
        user_dividers::corrected_newton_division<acc::Sde<acc::Fp32>, acc::Sde<acc::Bf16>>, boxes);

    // The same templates are ordinary C++: here on float.
    std::printf("on float: 1/3 by reciprocal %.9g, by Newton %.9g, corrected %.9g\n",
                static_cast<double>(user_dividers::reciprocal_multiply(1.0F, 3.0F)),
                static_cast<double>(user_dividers::newton_step_division<float, float>(1.0F, 3.0F)),
                static_cast<double>(user_dividers::corrected_newton_division<float, float>(1.0F, 3.0F)));
    return 0;
}
