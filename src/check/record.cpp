#include "sonnx/check/record.hpp"

#include "sonnx/check/hints.hpp"
#include "sonnx/check/judge.hpp"
#include "sonnx/check/profile_rules.hpp"
#include "sonnx/oracle/element_words.hpp"
#include "sonnx/text/status_text.hpp"

namespace sonnx::check {

namespace {

ElementType read_as(const Provenance& provenance, const char* role, ElementType otherwise) {
    for (const InputRecord& input : provenance.inputs) {
        if (input.role == role) {
            return input.read_as;
        }
    }
    return otherwise;
}

}  // namespace

std::vector<std::string> record_hints(const CheckRecord& record) {
    const Report& r = record.report;
    const HintContext context{record.settings.profile.profile, rounding_of(record.settings.profile),
                              read_as(record.provenance, "A", r.type), read_as(record.provenance, "Y", r.type),
                              record.type_read_as.empty()};
    if (!r.precondition.is_ok()) {
        const std::string hint = (r.precondition.requirement == RequirementId::div_onnx_r1)
                                     ? opset_hint(r.precondition, context.a_type, record.settings.profile)
                                     : precondition_hint(r, context);
        return hint.empty() ? std::vector<std::string>{} : std::vector<std::string>{hint};
    }
    return report_hints(r, context);
}

// [impl->req~div-cli-d17~1]
CheckRecord check_tensors(const Tensor& a, const Tensor& b, const Tensor& y, const Settings& settings,
                          Provenance provenance, const std::string& type_read_as) {
    CheckRecord record;
    record.settings = settings;
    record.type_read_as = type_read_as;
    const bool floating = (static_cast<std::uint8_t>(a.type) < kElementTypeCount) &&
                          oracle::element_traits(a.type).is_float;
    provenance.options = settings_in_force(settings, floating, type_read_as);
    record.provenance = std::move(provenance);
    record.y_dims = result_dims(a.view, b.view, settings);
    record.report = judge(a.view, b.view, y.view, settings);
    record.hints = record_hints(record);
    if (!record.report.precondition.is_ok()) {
        record.precondition_message = text::violation_message(record.report.precondition, &a.view, &b.view, &y.view);
    }
    return record;
}

}  // namespace sonnx::check
