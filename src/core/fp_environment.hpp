// The core's floating-point environment: every division runs in the IEEE 754
// default environment (round to nearest even, no flush-to-zero, no
// denormals-are-zero, all exceptions masked, flags clear), whatever the caller
// set; the caller's environment, sticky flags included, is restored afterwards.
#ifndef SONNX_CORE_FP_ENVIRONMENT_HPP
#define SONNX_CORE_FP_ENVIRONMENT_HPP

#include <cstdint>

// SONNX_FP_ENV_PORTABLE (the asan preset) takes the <cfenv> path on x86-64
// too, so that the path other ISAs use is compiled and tested here.
// AArch64 (built by gcc) writes FPCR itself: glibc's fesetenv(FE_DFL_ENV)
// clears FZ and the rounding mode but keeps the caller's DN, FZ16 and AHP
// (bits glibc counts as reserved), and DN changes the NaN a division returns.
#if defined(__x86_64__) && defined(__SSE2__) && !defined(SONNX_FP_ENV_PORTABLE)
#define SONNX_FP_ENV_MXCSR 1
#elif defined(__aarch64__) && defined(__GNUC__) && !defined(__clang__) && !defined(SONNX_FP_ENV_PORTABLE)
#define SONNX_FP_ENV_FPCR 1
#else
#include <cfenv>
#endif

namespace sonnx::core {

struct SavedFpEnvironment {
#if defined(SONNX_FP_ENV_MXCSR)
    std::uint32_t mxcsr{0U};
#elif defined(SONNX_FP_ENV_FPCR)
    std::uint64_t fpcr{0U};
    std::uint64_t fpsr{0U};
#else
    std::fenv_t env{};
#endif
};

// Saves the caller's environment and installs the default one. False on failure.
[[nodiscard]] bool enter_default_fp_environment(SavedFpEnvironment& saved) noexcept;
// The IEEE exception flags raised since enter_default_fp_environment, as fp_flag_* bits.
[[nodiscard]] std::uint8_t raised_fp_flags() noexcept;
// Reinstalls the caller's environment. False on failure.
[[nodiscard]] bool restore_fp_environment(const SavedFpEnvironment& saved) noexcept;

}  // namespace sonnx::core

#endif  // SONNX_CORE_FP_ENVIRONMENT_HPP
