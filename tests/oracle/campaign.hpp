// Campaigns: the core against the oracle over many operand pairs, on threads.
#ifndef SONNX_TESTS_ORACLE_CAMPAIGN_HPP
#define SONNX_TESTS_ORACLE_CAMPAIGN_HPP

#include <cstdint>
#include <string>
#include <vector>

#include "sonnx/div.hpp"

namespace sonnx::test {

struct CampaignResult {
    std::uint64_t pairs{0U};
    std::uint64_t mismatches{0U};
    std::vector<std::string> examples;  // the first few mismatches, with operands
    double seconds{0.0};
};

// 16-bit float formats: every numerator a = start, start + stride, ... below
// 2^16, each against all 2^16 divisors; the core's result must be the
// oracle's bit for bit (any NaN matching any NaN).
CampaignResult float16_campaign(ElementType type, std::uint32_t start, std::uint32_t stride, unsigned threads);

// 4- and 8-bit integer types: every pair, against GMP, with the given rounding;
// zero divisors and unrepresentable quotients must be rejected with the
// right requirement.
CampaignResult small_int_campaign(ElementType type, IntRounding rounding);

}  // namespace sonnx::test

#endif  // SONNX_TESTS_ORACLE_CAMPAIGN_HPP
