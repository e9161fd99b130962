// Where the tested code runs ten times slower or more, the oracle tests take
// smaller plans: under AddressSanitizer, and in the mutant builds of
// tools/mutate (every operator behind a run-time switch; DIV-TQ-D4).
#ifndef SONNX_TESTS_ORACLE_PLAN_SIZE_HPP
#define SONNX_TESTS_ORACLE_PLAN_SIZE_HPP

#if defined(__SANITIZE_ADDRESS__) || defined(SONNX_MUTATION_BUILD)
#define SONNX_LIGHT_PLANS 1
#endif

#endif
