// On x86-64 all float arithmetic of the core is SSE, so the environment that
// matters is MXCSR; saving and loading it costs a few cycles, where the x87
// fnstenv/fldenv behind <cfenv> costs hundreds. On AArch64 it is FPCR (the
// controls) and FPSR (the flags), read and written whole. Elsewhere <cfenv>
// is used.
#include "fp_environment.hpp"

#include "sonnx/div_options.hpp"

#if defined(SONNX_FP_ENV_MXCSR)
#include <xmmintrin.h>
#endif

namespace sonnx::core {

#if defined(SONNX_FP_ENV_MXCSR)

namespace {
// MXCSR: flags in bits 0-5, DAZ bit 6, masks bits 7-12, rounding 13-14, FTZ 15.
constexpr std::uint32_t kMxcsrDefault = 0x1F80U;  // all masked, nearest, no FTZ/DAZ, no flags
constexpr std::uint32_t kInvalid = 0x01U;
constexpr std::uint32_t kDivideByZero = 0x04U;
constexpr std::uint32_t kOverflow = 0x08U;
constexpr std::uint32_t kUnderflow = 0x10U;
constexpr std::uint32_t kInexact = 0x20U;
}  // namespace

// [impl->req~div-float-d5~1]
bool enter_default_fp_environment(SavedFpEnvironment& saved) noexcept {
    saved.mxcsr = _mm_getcsr();
    _mm_setcsr(kMxcsrDefault);
    return _mm_getcsr() == kMxcsrDefault;
}

// [impl->req~div-float-d6~1]
std::uint8_t raised_fp_flags() noexcept {
    const std::uint32_t csr = _mm_getcsr();
    std::uint32_t flags = fp_flag_none;
    flags |= ((csr & kInvalid) != 0U) ? static_cast<std::uint32_t>(fp_flag_invalid) : 0U;
    flags |= ((csr & kDivideByZero) != 0U) ? static_cast<std::uint32_t>(fp_flag_divide_by_zero) : 0U;
    flags |= ((csr & kOverflow) != 0U) ? static_cast<std::uint32_t>(fp_flag_overflow) : 0U;
    flags |= ((csr & kUnderflow) != 0U) ? static_cast<std::uint32_t>(fp_flag_underflow) : 0U;
    flags |= ((csr & kInexact) != 0U) ? static_cast<std::uint32_t>(fp_flag_inexact) : 0U;
    return static_cast<std::uint8_t>(flags);
}

// [impl->req~div-float-d5~1]
bool restore_fp_environment(const SavedFpEnvironment& saved) noexcept {
    _mm_setcsr(saved.mxcsr);
    return _mm_getcsr() == saved.mxcsr;
}

#elif defined(SONNX_FP_ENV_FPCR)

namespace {
// FPCR with every control bit clear is the IEEE 754 default environment:
// round to nearest even (RMode 0), no flush-to-zero (FZ bit 24, FZ16 bit
// 19), NaN operands propagated (DN bit 25 clear), IEEE half precision (AHP
// bit 26), no exception trapped (IOE ... IDE, bits 8-15), and where FEAT_AFP
// exists its IEEE behaviour (FIZ bit 0, AH bit 1, NEP bit 2 clear: with AH
// set, FZ and DN act otherwise and NaNs propagate as on x86). It is also the
// FPCR Linux starts a process with; the other bits are RES0.
constexpr std::uint64_t kFpcrDefault = 0U;
// FPSR cumulative flags: IOC bit 0, DZC 1, OFC 2, UFC 3, IXC 4, IDC 7.
constexpr std::uint64_t kFpsrFlags = 0x9FU;
constexpr std::uint64_t kInvalid = 0x01U;
constexpr std::uint64_t kDivideByZero = 0x02U;
constexpr std::uint64_t kOverflow = 0x04U;
constexpr std::uint64_t kUnderflow = 0x08U;
constexpr std::uint64_t kInexact = 0x10U;
}  // namespace

// [impl->req~div-float-d5~1]
// [impl->req~div-tgt-d2~1]
bool enter_default_fp_environment(SavedFpEnvironment& saved) noexcept {
    saved.fpcr = __builtin_aarch64_get_fpcr64();
    saved.fpsr = __builtin_aarch64_get_fpsr64();
    __builtin_aarch64_set_fpcr64(kFpcrDefault);
    __builtin_aarch64_set_fpsr64(saved.fpsr & ~kFpsrFlags);
    return __builtin_aarch64_get_fpcr64() == kFpcrDefault;
}

// [impl->req~div-float-d6~1]
std::uint8_t raised_fp_flags() noexcept {
    const std::uint64_t fpsr = __builtin_aarch64_get_fpsr64();
    std::uint32_t flags = fp_flag_none;
    flags |= ((fpsr & kInvalid) != 0U) ? static_cast<std::uint32_t>(fp_flag_invalid) : 0U;
    flags |= ((fpsr & kDivideByZero) != 0U) ? static_cast<std::uint32_t>(fp_flag_divide_by_zero) : 0U;
    flags |= ((fpsr & kOverflow) != 0U) ? static_cast<std::uint32_t>(fp_flag_overflow) : 0U;
    flags |= ((fpsr & kUnderflow) != 0U) ? static_cast<std::uint32_t>(fp_flag_underflow) : 0U;
    flags |= ((fpsr & kInexact) != 0U) ? static_cast<std::uint32_t>(fp_flag_inexact) : 0U;
    return static_cast<std::uint8_t>(flags);
}

// [impl->req~div-float-d5~1]
// [impl->req~div-tgt-d2~1]
bool restore_fp_environment(const SavedFpEnvironment& saved) noexcept {
    __builtin_aarch64_set_fpcr64(saved.fpcr);
    __builtin_aarch64_set_fpsr64(saved.fpsr);
    return __builtin_aarch64_get_fpcr64() == saved.fpcr;
}

#else

// [impl->req~div-float-d5~1]
bool enter_default_fp_environment(SavedFpEnvironment& saved) noexcept {
    const bool saved_ok = std::fegetenv(&saved.env) == 0;
    return saved_ok && (std::fesetenv(FE_DFL_ENV) == 0);
}

// [impl->req~div-float-d6~1]
// fetestexcept's result and the FE_ macros are ints holding bit sets: they
// are tested as unsigned values (MISRA C++:2023 Rule 7.0.3, no bitwise
// operator on a signed operand); every FE_ macro is a non-negative power of two.
std::uint8_t raised_fp_flags() noexcept {
    const auto raised = static_cast<std::uint32_t>(std::fetestexcept(FE_ALL_EXCEPT));
    std::uint32_t flags = fp_flag_none;
    flags |= ((raised & static_cast<std::uint32_t>(FE_INVALID)) != 0U) ? static_cast<std::uint32_t>(fp_flag_invalid)
                                                                       : 0U;
    flags |= ((raised & static_cast<std::uint32_t>(FE_DIVBYZERO)) != 0U)
                 ? static_cast<std::uint32_t>(fp_flag_divide_by_zero)
                 : 0U;
    flags |= ((raised & static_cast<std::uint32_t>(FE_OVERFLOW)) != 0U) ? static_cast<std::uint32_t>(fp_flag_overflow)
                                                                        : 0U;
    flags |= ((raised & static_cast<std::uint32_t>(FE_UNDERFLOW)) != 0U) ? static_cast<std::uint32_t>(fp_flag_underflow)
                                                                         : 0U;
    flags |= ((raised & static_cast<std::uint32_t>(FE_INEXACT)) != 0U) ? static_cast<std::uint32_t>(fp_flag_inexact)
                                                                       : 0U;
    return static_cast<std::uint8_t>(flags);
}

// [impl->req~div-float-d5~1]
bool restore_fp_environment(const SavedFpEnvironment& saved) noexcept { return std::fesetenv(&saved.env) == 0; }

#endif

}  // namespace sonnx::core
