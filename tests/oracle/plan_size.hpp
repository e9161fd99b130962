// Where the tested code runs ten times slower or more, the oracle tests take
// smaller plans: under AddressSanitizer, and in the mutant builds of
// tools/mutate (every operator behind a run-time switch; DIV-TQ-D4).
#ifndef SONNX_TESTS_ORACLE_PLAN_SIZE_HPP
#define SONNX_TESTS_ORACLE_PLAN_SIZE_HPP

#include <cstdint>

#if defined(__SANITIZE_ADDRESS__) || defined(SONNX_MUTATION_BUILD)
#define SONNX_LIGHT_PLANS 1
#endif

namespace sonnx::oracle::test {

// The strided FP16/BF16 plan of the controls and the quick oracle agreement:
// every divisor of numerators 0, 251, ... (262 of them); every 2053rd (32)
// with light plans.
#if defined(SONNX_LIGHT_PLANS)
inline constexpr std::uint32_t kStride = 2053U;
#else
inline constexpr std::uint32_t kStride = 251U;
#endif

}  // namespace sonnx::oracle::test

#endif
