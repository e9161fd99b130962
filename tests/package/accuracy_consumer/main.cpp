// A downstream program: the spec's float scenario on the core's FP32 element
// code, through the installed sonnx::accuracy. A real run, not a link check:
// the core's division must be proved within half an ulp on some boxes and
// refuted on none.
#include <sonnx/accuracy/scenario.hpp>

#include <cstdio>
#include <vector>

namespace acc = sonnx::accuracy;

int main() {
    const std::vector<acc::FloatBox> boxes = acc::standard_float_boxes(acc::Fp32::spec, 50U, 1U);
    const acc::ScenarioOptions options{};
    const acc::ScenarioReport report = acc::run_float_scenario<acc::Fp32>(acc::core_float_division<acc::Fp32>(), boxes,
                                                                          options);
    const acc::Tally& half_ulp = report.tally(acc::Assertion::half_ulp);
    std::printf("%s\n", acc::to_text(report).c_str());
    const bool ok = (half_ulp.proved > 0U) && (half_ulp.refuted == 0U);
    std::printf("accuracy consumer: half_ulp proved %zu refuted %zu undecided %zu: %s\n", half_ulp.proved,
                half_ulp.refuted, half_ulp.undecided, ok ? "ok" : "wrong verdicts");
    return ok ? 0 : 1;
}
