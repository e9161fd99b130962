#include "sonnx/check/settings.hpp"

#include <mpfr.h>

#include <cmath>

#include "sonnx/check/report.hpp"

namespace sonnx::check {

const char* const kAcceptanceForms =
    "exact, half-ulp, one-ulp or a bound such as 2ulp or 0.75ulp (a positive decimal that a double holds exactly, "
    "at most 10^15)";

// [impl->req~div-cli-d5~3]
std::string acceptance_name(const AcceptanceLevel& level) {
    switch (level.level) {
        case Acceptance::half_ulp:
            return "half-ulp";
        case Acceptance::one_ulp:
            return "one-ulp";
        case Acceptance::ulps:
            return shortest_text(level.max_ulps) + "ulp";
        default:
            return "exact";
    }
}

// [impl->req~div-cli-d5~3]
std::optional<AcceptanceLevel> parse_acceptance(const std::string& text) {
    for (const Acceptance named : {Acceptance::exact, Acceptance::half_ulp, Acceptance::one_ulp}) {
        if (text == acceptance_name(AcceptanceLevel{named, 0.0})) {
            return AcceptanceLevel{named, 0.0};
        }
    }
    // N ulp: a positive decimal number that a double holds exactly, so that
    // the comparison with the exact distance is exact too.
    const std::string suffix = "ulp";
    if ((text.size() <= suffix.size()) || (text.compare(text.size() - suffix.size(), suffix.size(), suffix) != 0)) {
        return std::nullopt;
    }
    const std::string number = text.substr(0U, text.size() - suffix.size());
    if ((number.find_first_not_of("0123456789.") != std::string::npos) || (number.find_first_of("0123456789") != 0U) ||
        (number.find('.') != number.rfind('.')) || (number.back() == '.')) {
        return std::nullopt;
    }
    // Digits with at most one inner point: MPFR reads all of it; ternary 0
    // says the decimal value is exact in a double's 53 bits.
    mpfr_t value;
    mpfr_init2(value, 53);
    const int ternary = mpfr_strtofr(value, number.c_str(), nullptr, 10, MPFR_RNDN);
    const double bound = mpfr_get_d(value, MPFR_RNDN);
    mpfr_clear(value);
    if ((ternary != 0) || !(bound > 0.0) || !(bound <= 1e15)) {
        return std::nullopt;
    }
    return AcceptanceLevel{Acceptance::ulps, bound};
}

// [impl->req~div-cli-d20~2]
std::optional<Shard> parse_shard(const std::string& text) {
    const std::size_t slash = text.find('/');
    if ((slash == std::string::npos) || (slash == 0U) || (slash + 1U >= text.size())) {
        return std::nullopt;
    }
    std::uint64_t parts[2] = {0U, 0U};
    const std::string pieces[2] = {text.substr(0U, slash), text.substr(slash + 1U)};
    for (std::size_t k = 0U; k < 2U; ++k) {
        if ((pieces[k].size() > 7U) || (pieces[k].find_first_not_of("0123456789") != std::string::npos)) {
            return std::nullopt;
        }
        parts[k] = std::stoull(pieces[k]);
    }
    if ((parts[1] == 0U) || (parts[1] > kMaxShards) || (parts[0] >= parts[1])) {
        return std::nullopt;
    }
    return Shard{parts[0], parts[1]};
}

// Undefined integer elements are listed on request, and by default under the
// 2026-06 revision, which leaves a zero divisor implementation dependent (F-55).
// [impl->req~div-cli-d14~1]
UndefinedPolicy undefined_policy(const Settings& settings) {
    if (settings.undefined.has_value()) {
        return *settings.undefined;
    }
    const bool later_revision = (settings.profile.profile == Profile::sonnx) &&
                                (settings.profile.sonnx_revision == SonnxRevision::r2026_06);
    return later_revision ? UndefinedPolicy::list : UndefinedPolicy::refuse;
}

std::string settings_problem(const Settings& settings) {
    const AcceptanceLevel& accept = settings.accept;
    const bool known_level = (accept.level == Acceptance::exact) || (accept.level == Acceptance::half_ulp) ||
                             (accept.level == Acceptance::one_ulp) || (accept.level == Acceptance::ulps);
    if (!known_level) {
        return "accept holds no acceptance level";
    }
    if ((accept.level == Acceptance::ulps) && !((accept.max_ulps > 0.0) && (accept.max_ulps <= 1e15))) {
        return "accept's bound must be above 0 and at most 10^15 ulp";
    }
    if (settings.undefined.has_value() && (*settings.undefined != UndefinedPolicy::refuse) &&
        (*settings.undefined != UndefinedPolicy::list)) {
        return "undefined holds no policy";
    }
    const Shard& shard = settings.shard;
    if ((shard.count == 0U) || (shard.count > kMaxShards) || (shard.index >= shard.count)) {
        return "shard must be K/N with 0 <= K < N <= " + std::to_string(kMaxShards) + ", not " +
               std::to_string(shard.index) + "/" + std::to_string(shard.count);
    }
    if ((settings.threads < 1U) || (settings.threads > kMaxThreads)) {
        return "threads must be from 1 to " + std::to_string(kMaxThreads) + ", not " + std::to_string(settings.threads);
    }
    if (settings.worst > kMaxWorst) {
        return "worst must be at most " + std::to_string(kMaxWorst) + ", not " + std::to_string(settings.worst);
    }
    return "";
}

}  // namespace sonnx::check
