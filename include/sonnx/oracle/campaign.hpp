/// @file
/// Campaigns: the core's Div against the exact oracle over many operand
/// pairs, on threads. Exhaustive for types of at most 16 bits; boundary
/// tables plus seeded random sampling for every type. Shared by the
/// `sonnx-div campaign` command and the test suites.
#ifndef SONNX_ORACLE_CAMPAIGN_HPP
#define SONNX_ORACLE_CAMPAIGN_HPP

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "sonnx/div.hpp"
#include "sonnx/oracle/shards.hpp"

namespace sonnx::oracle {

/// What a campaign found.
struct CampaignResult {
    /// Pairs divided and judged.
    std::uint64_t pairs{0U};
    /// Pairs where the division under test differs from the oracle.
    std::uint64_t mismatches{0U};
    std::vector<std::string> examples;  ///< the first mismatches (at most 10) with operands, core and oracle
    /// Where each example sits in the campaign's pair order (block, index in
    /// the block), so that shards' examples merge into the run's (DIV-CLI-D20).
    std::vector<std::pair<std::uint64_t, std::uint64_t>> example_positions;
    /// Wall-clock time of the run (reported, never judged).
    double seconds{0.0};
};

/// Called from the thread that runs the campaign, about ten times a second.
using CampaignProgress = std::function<void(std::uint64_t pairs_done, std::uint64_t pairs_total)>;

/// Every pair of the type, or the boundary table plus seeded random pairs.
enum class CampaignMode : std::uint8_t { exhaustive, sampled };

/// The division a campaign checks: sonnx::div, or for the engine's own
/// qualification a deliberately wrong one (tests/oracle/test_campaign_controls.cpp).
using DivFunction = Status (*)(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y,
                               const DivOptions& options, DivReport* report) noexcept;

/// The most random pairs a sampled plan may ask for (2^60, about 10^18): the
/// pair and block counts then fit 64 bits with the boundary table added.
inline constexpr std::uint64_t kMaxRandomPairs = std::uint64_t{1} << 60U;

/// What a campaign runs: the type, the mode, the pairs, the rounding, the threads and the shard.
struct CampaignPlan {
    /// The element type.
    ElementType type{ElementType::fp32};
    /// Exhaustive or sampled.
    CampaignMode mode{CampaignMode::sampled};
    std::uint64_t random_pairs{1000000U};  ///< sampled: random pairs after the boundary table
    std::uint64_t seed{0U};                ///< sampled: the same seed gives the same pairs on any thread count
    /// The integer rounding judged.
    IntRounding rounding{IntRounding::floor};
    /// Worker threads; the result does not depend on them.
    unsigned threads{1U};
    DivFunction subject{&div};             ///< the division under test
    /// One of shard_count near-equal contiguous ranges of the campaign's
    /// blocks of pairs (shard_index from 0); 0 of 1: the whole campaign.
    std::uint64_t shard_index{0U};
    /// N of the shard (see shard_index).
    std::uint64_t shard_count{1U};
};

/// Every type of at most 16 bits (2^32 pairs at most).
bool supports_exhaustive(ElementType type);

/// Pairs the plan checks: 2^(2n) exhaustive; boundary table squared plus
/// random_pairs sampled; of a shard, the pairs of its blocks.
std::uint64_t planned_pairs(const CampaignPlan& plan);

/// The blocks of pairs a plan's shard runs, [first, end) in the campaign's
/// block order (DIV-CLI-D20), and the pairs block `block` of the whole plan
/// holds (0 past its last block). A shard's report is held to them when
/// `sonnx-div merge` reads it back.
ShardRange planned_blocks(const CampaignPlan& plan);
/// The pairs block `block` of the whole plan holds (0 past its last block).
std::uint64_t pairs_in_block(const CampaignPlan& plan, std::uint64_t block);
/// The operands (element words) of pair `index` of block `block`; throws
/// std::out_of_range past the block's pairs.
std::pair<std::uint64_t, std::uint64_t> planned_pair(const CampaignPlan& plan, std::uint64_t block,
                                                     std::uint64_t index);

/// Floats: the core's result must be the oracle's correctly rounded quotient
/// bit for bit, where a NaN quotient is matched by any quiet NaN (a signalling
/// NaN is a mismatch); each block runs twice, without and with a DivReport,
/// since the 16-bit kernels take another path when they derive flags.
/// Integers: the oracle's quotient with the plan's rounding, and for a zero
/// divisor or an unrepresentable quotient the core's rejection with
/// DIV-INT-C3 / DIV-INT-D2 and Y untouched.
CampaignResult run_campaign(const CampaignPlan& plan, const CampaignProgress& progress = {});

/// FP16 or BF16: numerators start, start + stride, ... below 2^16, each
/// against all 2^16 divisors (the default suite's strided subset).
CampaignResult float16_campaign(ElementType type, std::uint32_t start, std::uint32_t stride, unsigned threads,
                                const CampaignProgress& progress = {}, DivFunction subject = &div);

}  // namespace sonnx::oracle

#endif  // SONNX_ORACLE_CAMPAIGN_HPP
