#include "check_judgement.hpp"

#include <utility>

#include "exit_status.hpp"
#include "number_options.hpp"
#include "operand_layout.hpp"
#include "operator_choice.hpp"

namespace sonnx::cli {

namespace {

// Undefined integer elements are listed on request, and by default under the
// 2026-06 revision, which leaves a zero divisor implementation dependent (F-55).
// [impl->req~div-cli-d14~1]
bool list_undefined(const std::string& choice, const DivOptions& options) {
    if (!choice.empty()) {
        return choice == "list";
    }
    return (options.profile == Profile::sonnx) && (options.sonnx_revision == SonnxRevision::r2026_06);
}

// Options of check itself, as they apply (DIV-CLI-D17).
std::vector<std::pair<std::string, std::string>> check_options_in_force(const CheckSettings& settings,
                                                                        const DivOptions& div_options,
                                                                        const oracle::CheckOptions& options,
                                                                        bool floating) {
    std::vector<std::pair<std::string, std::string>> in_force = options_in_force(div_options);
    if (floating) {
        in_force.emplace_back("accept", oracle::acceptance_name(options.accept, options.max_ulps));
    } else {
        in_force.emplace_back("undefined", options.list_undefined ? "list" : "refuse");
    }
    in_force.emplace_back("type", settings.type.empty() ? "(not given)" : settings.type);
    in_force.emplace_back("worst", std::to_string(options.worst_count));
    in_force.emplace_back("shard", std::to_string(options.shard_index) + "/" + std::to_string(options.shard_count));
    in_force.emplace_back("threads", std::to_string(options.threads) + " (the report does not depend on it)");
    return in_force;
}

// The command line's parser checks these before judge_check runs; the
// Python module's arguments arrive unchecked.
oracle::CheckOptions check_options(const CheckSettings& settings, const DivOptions& div_options) {
    oracle::CheckOptions options;
    if (!oracle::parse_acceptance(settings.accept, options.accept, options.max_ulps)) {
        throw CommandFailure(exit_usage, "--accept " + acceptance_error(settings.accept));
    }
    if (!settings.undefined.empty() && (settings.undefined != "refuse") && (settings.undefined != "list")) {
        throw CommandFailure(exit_usage, "--undefined must be refuse or list, not '" + settings.undefined + "'");
    }
    if (!parse_shard(settings.shard, options.shard_index, options.shard_count)) {
        throw CommandFailure(exit_usage,
                             "--shard must be K/N with 0 <= K < N <= 1000000, not '" + settings.shard + "'");
    }
    if ((settings.threads < 1U) || (settings.threads > 1024U)) {
        throw CommandFailure(exit_usage, "--threads must be from 1 to 1024, not " + std::to_string(settings.threads));
    }
    if (settings.worst > 100000U) {
        throw CommandFailure(exit_usage, "--worst must be at most 100000, not " + std::to_string(settings.worst));
    }
    options.rounding = int_rounding_of(div_options);
    options.threads = settings.threads;
    options.worst_count = settings.worst;
    options.list_undefined = list_undefined(settings.undefined, div_options);
    return options;
}

}  // namespace

// [impl->req~div-cli-d5~2]
std::string acceptance_error(const std::string& text) {
    oracle::Acceptance level{};
    double bound = 0.0;
    return oracle::parse_acceptance(text, level, bound)
               ? std::string()
               : "must be exact, half-ulp, one-ulp or a bound such as 2ulp or 0.75ulp (a positive decimal that a "
                 "double holds exactly, at most 10^15)";
}

// [impl->req~div-cli-d5~2]
// [impl->req~div-cli-d7~3]
// [impl->req~div-cli-d14~1]
// [impl->req~div-cli-d17~1]
// [impl->req~div-cli-d19~1]
CheckJudgement judge_check(const CheckOperand& a, const CheckOperand& b, const CheckOperand& y,
                           const DivOptions& div_options, const CheckSettings& settings, Provenance& provenance) {
    CheckJudgement judged;
    judged.options = check_options(settings, div_options);
    provenance.options = check_options_in_force(settings, div_options, judged.options,
                                                type_class(a.type) == TypeClass::floating);
    judged.hints = CheckHints{div_options.profile, judged.options.rounding, a.type, y.type, settings.type.empty()};
    // A and B are never copied: a broadcast operand is read through Y's
    // indices (DIV-CLI-D19, DIV-IO-D5: memory bounded by the inputs).
    const OperandLayout layout = operand_layout(a, b, div_options);
    judged.y_dims = layout.y_dims;
    judged.report = layout.broadcasts ? oracle::check_conformance(a.view, b.view, y.view, layout.layout, judged.options)
                                      : oracle::check_conformance(a.view, b.view, y.view, judged.options);
    return judged;
}

CheckInputs check_inputs(const CheckOperand& a, const CheckOperand& b, const CheckOperand& y,
                         const CheckJudgement& judgement, const Provenance& provenance) {
    return CheckInputs{a, b, y, judgement.options, judgement.y_dims, judgement.hints, provenance};
}

}  // namespace sonnx::cli
