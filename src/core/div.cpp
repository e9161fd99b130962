// The Div entry point: validate everything, then divide inside the default
// floating-point environment, then restore the caller's.
#include "sonnx/div.hpp"

#include "broadcast.hpp"
#include "broadcast_checks.hpp"
#include "div_float.hpp"
#include "div_int.hpp"
#include "fp_environment.hpp"
#include "make_status.hpp"
#include "profile.hpp"
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
    // coverage: COV-01 (the default below never runs)
    switch (type) {
        case ElementType::fp32:
            core::divide_fp32(static_cast<const float*>(a), static_cast<const float*>(b), static_cast<float*>(y),
                              count);
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
        // coverage: COV-01
        default:
            flags = fp_flag_none;
            break;
    }
    return flags;
}

// coverage: COV-02 (never called on x86-64)
// [impl->req~div-float-d5~1]
Status environment_failure() noexcept {
    return core::make_status(StatusCode::fp_environment_failure, RequirementId::div_float_d5, Operand::none, 0U);
}

// A validated division: what the kernels need, whatever the profile.
struct Division {
    core::BroadcastPlan plan;  // default-initialised: see BroadcastPlan
    IntRounding rounding{IntRounding::floor};
};

// Every check of DIV-API-D2 / DIV-PROF-D3, under every profile, then the
// plan of Y's runs: equal shapes are one run.
// [impl->req~div-api-d1~1]
// [impl->req~div-api-d2~1]
// [impl->req~div-prof-d3~1]
// [impl->req~div-bcast-d3~1]
Status check_call(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y, const DivOptions& options,
                  Division& division) noexcept {
    core::ProfileCall call{};
    Status status = core::validate_operands(a, b, y, options, call);
    if (status.is_ok()) {
        core::make_plan(call.shapes, call.count_y, division.plan);
        division.rounding = call.rounding;
    }
    if (status.is_ok() && (type_class(a.type) != TypeClass::floating)) {
        status = core::check_nibble_ranges(a.type, a.data, call.count_a, b.data, call.count_b);
        if (status.is_ok()) {
            status = core::check_divisors_broadcast(a.type, division.plan, a.data, b.data);
        }
    }
    return status;
}

// Divides `count` contiguous elements; returns the fp_flag_* bits raised.
// [impl->req~div-float-d6~1]
// [impl->req~div-int-f1~1]
std::uint8_t divide_run(ElementType type, const void* a, const void* b, void* y, std::uint64_t count,
                        IntRounding rounding, bool want_flags) noexcept {
    std::uint8_t flags = fp_flag_none;
    if (type_class(type) == TypeClass::floating) {
        flags = divide_float(type, a, b, y, count, want_flags);
    } else {
        static_cast<void>(core::divide_int(type, a, b, y, count, rounding));
    }
    return flags;
}

// Divides every run of the plan; returns the fp_flag_* bits raised. Equal
// shapes are one run, divided without the cursor (small calls stay cheap).
// [impl->req~div-bcast-d2~1]
// [impl->req~div-float-d6~1]
std::uint8_t divide_runs(ElementType type, const Division& division, const void* a, const void* b, void* y,
                         bool want_flags) noexcept {
    const core::BroadcastPlan& plan = division.plan;
    std::uint32_t flags = fp_flag_none;
    const bool contiguous = (plan.stride_a[0] == 1U) && (plan.stride_b[0] == 1U);
    if ((plan.rank == 1U) && contiguous) {
        flags = divide_run(type, a, b, y, plan.count, division.rounding, want_flags);
    } else {
        const std::size_t size = element_size(type);
        unsigned char* const y_bytes = static_cast<unsigned char*>(y);
        core::RunCursor cursor(plan, size, a, b);
        core::Run run{};
        bool more = cursor.next(run);
        while (more) {
            flags |= static_cast<std::uint32_t>(divide_run(type, run.a, run.b, &y_bytes[run.y_offset * size], run.count,
                                                           division.rounding, want_flags));
            more = cursor.next(run);
        }
    }
    return static_cast<std::uint8_t>(flags);
}

}  // namespace

// [impl->req~div-api-d1~1]
// [impl->req~div-float-d5~1]
// [impl->req~div-float-d6~1]
// [impl->req~div-int-f1~1]
// [impl->req~div-int-d1~1]
// [impl->req~div-prof-d1~1]
Status div(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y, const DivOptions& options,
           DivReport* report) noexcept {
    Division division;
    Status status = check_call(a, b, y, options, division);
    const std::uint64_t count = division.plan.count;

    std::uint8_t flags = fp_flag_none;
    if (status.is_ok() && (count > 0U)) {
        // Integer division goes through FP too, so it also runs in the default
        // environment, and its inexact flags must not leak to the caller.
        core::SavedFpEnvironment saved{};
        // coverage: COV-02
        if (!core::enter_default_fp_environment(saved)) {
            static_cast<void>(core::restore_fp_environment(saved));
            status = environment_failure();
        } else {
            flags = divide_runs(a.type, division, a.data, b.data, y.data, report != nullptr);
            // coverage: COV-02
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

// [impl->req~div-onnx-f1~1]
// [impl->req~div-ov-f1~1]
IntRounding int_rounding_of(const DivOptions& options) noexcept { return core::profile_rounding(options); }

// [impl->req~div-bcast-d5~2]
Status div_output_shape(ElementType type, const Shape& a, const Shape& b, const DivOptions& options,
                        Shape& y) noexcept {
    core::BroadcastShapes shapes{};
    const Status status = core::validate_shapes(type, a, b, options, shapes);
    if (status.is_ok()) {
        y = shapes.y;
    }
    return status;
}

// [impl->req~div-bcast-d5~2]
Status div_broadcast_layout(ElementType type, const Shape& a, const Shape& b, const DivOptions& options,
                            BroadcastLayout& layout) noexcept {
    core::BroadcastShapes shapes{};
    const Status status = core::validate_shapes(type, a, b, options, shapes);
    if (status.is_ok()) {
        layout.y = shapes.y;
        layout.a_aligned = shapes.a_aligned;
        layout.b_aligned = shapes.b_aligned;
    }
    return status;
}

}  // namespace sonnx
