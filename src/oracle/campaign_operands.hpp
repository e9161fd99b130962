// Operands of the sampled campaigns: boundary tables and seeded random pairs.
#ifndef SONNX_SRC_ORACLE_CAMPAIGN_OPERANDS_HPP
#define SONNX_SRC_ORACLE_CAMPAIGN_OPERANDS_HPP

#include <cstdint>
#include <vector>

#include "sonnx/oracle/element_words.hpp"

namespace sonnx::oracle::detail {

// Values at the edges of the type, as element words: for floats signed
// zeros, the smallest and largest subnormals and normals, neighbours of 1
// and 2, the largest finite values, infinities, quiet and signalling NaNs;
// for integers 0, ±1, ±2, ±3, MIN, MIN + 1, MAX, MAX - 1, powers of two.
std::vector<std::uint64_t> boundary_operands(ElementType type);

// `count` random pairs, a function of (seed, block) only: uniform bit
// patterns, quotients near 1, near the subnormal range and near overflow
// (floats); uniform values, small divisors, operands near MIN/MAX and
// log-uniform magnitudes (integers).
void random_pairs(ElementType type, std::uint64_t seed, std::uint64_t block, std::size_t count,
                  std::vector<std::uint64_t>& a, std::vector<std::uint64_t>& b);

}  // namespace sonnx::oracle::detail

#endif  // SONNX_SRC_ORACLE_CAMPAIGN_OPERANDS_HPP
