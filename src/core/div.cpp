// The Div entry point: validate everything, then divide inside the default
// floating-point environment, then restore the caller's.
#include "sonnx/div.hpp"

#include "div_float.hpp"
#include "div_int.hpp"
#include "fp_environment.hpp"
#include "make_status.hpp"
#include "validate.hpp"

namespace sonnx {

namespace {

// Runs the kernel of a float type; returns the fp_flag_* bits it raised.
// [impl->req~div-float-d6~1]
// [impl->req~div-float-d7~1]
// want_flags: whether the caller asked for the flags (BF16 can skip deriving them).
std::uint8_t divide_float(ElementType type, const void* a, const void* b, void* y, std::uint64_t count,
                          bool want_flags) noexcept {
    std::uint8_t flags = fp_flag_none;
    switch (type) {
        case ElementType::fp32:
            core::divide_fp32(static_cast<const float*>(a), static_cast<const float*>(b), static_cast<float*>(y), count);
            flags = core::raised_fp_flags();
            break;
        case ElementType::fp64:
            core::divide_fp64(static_cast<const double*>(a), static_cast<const double*>(b), static_cast<double*>(y),
                              count);
            flags = core::raised_fp_flags();
            break;
        case ElementType::fp16:
            flags = core::divide_fp16(static_cast<const std::uint16_t*>(a), static_cast<const std::uint16_t*>(b),
                                      static_cast<std::uint16_t*>(y), count);
            flags = static_cast<std::uint8_t>(static_cast<std::uint32_t>(flags) |
                                              (static_cast<std::uint32_t>(core::raised_fp_flags()) &
                                               static_cast<std::uint32_t>(core::kFp16HardwareFlags)));
            break;
        case ElementType::bf16:
            flags = core::divide_bf16(static_cast<const std::uint16_t*>(a), static_cast<const std::uint16_t*>(b),
                                      static_cast<std::uint16_t*>(y), count, want_flags);
            flags = static_cast<std::uint8_t>(static_cast<std::uint32_t>(flags) |
                                              (static_cast<std::uint32_t>(core::raised_fp_flags()) &
                                               static_cast<std::uint32_t>(core::kBf16HardwareFlags)));
            break;
        default:
            flags = fp_flag_none;
            break;
    }
    return flags;
}

// [impl->req~div-float-d5~1]
Status environment_failure() noexcept {
    return core::make_status(StatusCode::fp_environment_failure, RequirementId::div_float_d5, Operand::none, 0U);
}

}  // namespace

// [impl->req~div-api-d1~1]
// [impl->req~div-float-d5~1]
// [impl->req~div-float-d6~1]
// [impl->req~div-int-f1~1]
// [impl->req~div-int-d1~1]
Status div(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y, const DivOptions& options,
           DivReport* report) noexcept {
    std::uint64_t count = 0U;
    Status status = core::validate_operands(a, b, y, options, count);
    const bool is_float = type_class(a.type) == TypeClass::floating;
    if (status.is_ok() && !is_float) {
        status = core::check_int_operands(a.type, a.data, b.data, count);
    }

    std::uint8_t flags = fp_flag_none;
    if (status.is_ok() && (count > 0U)) {
        // Integer division goes through FP too, so it also runs in the default
        // environment, and its inexact flags must not leak to the caller.
        core::SavedFpEnvironment saved{};
        if (!core::enter_default_fp_environment(saved)) {
            static_cast<void>(core::restore_fp_environment(saved));
            status = environment_failure();
        } else {
            if (is_float) {
                flags = divide_float(a.type, a.data, b.data, y.data, count, report != nullptr);
            } else {
                static_cast<void>(core::divide_int(a.type, a.data, b.data, y.data, count, options.int_rounding));
            }
            if (!core::restore_fp_environment(saved)) {
                status = environment_failure();
            }
        }
    }

    if (report != nullptr) {
        DivReport filled{};
        filled.fp_flags = status.is_ok() ? flags : static_cast<std::uint8_t>(fp_flag_none);
        filled.elements = status.is_ok() ? count : 0U;
        *report = filled;
    }
    return status;
}

}  // namespace sonnx
