#include "sonnx/oracle/shards.hpp"

#include <algorithm>
#include <stdexcept>

namespace sonnx::oracle {

// [impl->req~div-cli-d20~2]
ShardRange shard_range(std::uint64_t count, std::uint64_t index, std::uint64_t shards) {
    if ((shards == 0U) || (index >= shards)) {
        throw std::invalid_argument("shard index not below the shard count");
    }
    const std::uint64_t q = count / shards;
    const std::uint64_t r = count % shards;
    return ShardRange{index * q + std::min(index, r), (index + 1U) * q + std::min(index + 1U, r)};
}

}  // namespace sonnx::oracle
