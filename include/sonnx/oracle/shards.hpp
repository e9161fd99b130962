/// @file
/// Shards of a check or a campaign (DIV-CLI-D20): K of N near-equal
/// contiguous ranges of `count` items.
#ifndef SONNX_ORACLE_SHARDS_HPP
#define SONNX_ORACLE_SHARDS_HPP

#include <cstdint>

namespace sonnx::oracle {

/// A half-open range of items, [first, end).
struct ShardRange {
    /// The first item.
    std::uint64_t first{0U};
    std::uint64_t end{0U};  ///< one past the last
};

/// Shard `index` of `shards` over `count` items: [K q + min(K, r), (K + 1) q
/// + min(K + 1, r)) with count = N q + r, so that the N shards cover every
/// item once and differ in size by at most one. Throws std::invalid_argument
/// when `shards` is 0 or `index` is not below it.
ShardRange shard_range(std::uint64_t count, std::uint64_t index, std::uint64_t shards);

}  // namespace sonnx::oracle

#endif  // SONNX_ORACLE_SHARDS_HPP
