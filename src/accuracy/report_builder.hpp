// Collects the per-box verdicts of a scenario into its report.
#ifndef SONNX_ACCURACY_REPORT_BUILDER_HPP
#define SONNX_ACCURACY_REPORT_BUILDER_HPP

#include <array>
#include <functional>
#include <initializer_list>
#include <string>

#include "sonnx/accuracy/scenario.hpp"

namespace sonnx::accuracy {

// A box's verdict on one assertion; the witness text (exact rationals
// printed in full) is only made for the boxes the report lists.
struct Decided {
    BoxVerdict verdict{};  // witness.cause is set when refuted; the rest by describe
    std::function<Witness()> describe{};
};

class ReportBuilder {
public:
    ReportBuilder(std::string variant, const ScenarioOptions& options);

    // The verdicts of one box for the listed assertions (the others are not
    // part of this scenario and are not counted).
    void add_box(std::size_t index, const std::string& region, const std::function<std::string()>& box_text,
                 const std::array<Decided, kAssertionCount>& verdicts, const std::string& model_failure,
                 std::initializer_list<Assertion> assertions);

    [[nodiscard]] ScenarioReport take();

private:
    ScenarioReport report_;
    ScenarioOptions options_;
    std::array<std::size_t, kAssertionCount> listed_{};
};

}  // namespace sonnx::accuracy

#endif  // SONNX_ACCURACY_REPORT_BUILDER_HPP
