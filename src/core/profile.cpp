// Profile rules: option values, admitted element types, shape rules and
// integer rounding of the sonnx, onnx and openvino profiles.
#include "profile.hpp"

#include "make_status.hpp"

namespace sonnx::core {

namespace {

// One bit per ElementType value.
// [impl->req~div-onnx-r1~1]
constexpr std::uint32_t bit(ElementType type) noexcept {
    return static_cast<std::uint32_t>(1U) << static_cast<std::uint32_t>(type);
}

// onnx-div-operator-versions.rst, Type Constraints of each version, and
// onnx-div-6.txt: Div-1 double, float, float16; Div-6 and Div-7 add int32,
// int64, uint32, uint64; Div-13 adds bfloat16; Div-14 adds int8, int16,
// uint8, uint16. No version admits INT4 or UINT4.
// [impl->req~div-onnx-r1~1]
constexpr std::uint32_t kOnnxTypes1 = bit(ElementType::fp16) | bit(ElementType::fp32) | bit(ElementType::fp64);
constexpr std::uint32_t kOnnxTypes6 = kOnnxTypes1 | bit(ElementType::int32) | bit(ElementType::int64) |
                                      bit(ElementType::uint32) | bit(ElementType::uint64);
constexpr std::uint32_t kOnnxTypes13 = kOnnxTypes6 | bit(ElementType::bf16);
constexpr std::uint32_t kOnnxTypes14 = kOnnxTypes13 | bit(ElementType::int8) | bit(ElementType::int16) |
                                       bit(ElementType::uint8) | bit(ElementType::uint16);

// sonnx-div-spec-upstream-2026-06.md, the float and int variants' type
// lists: float16, float, double and the eight 8- to 64-bit integers; no
// bfloat16, no INT4 or UINT4 (F-56).
// [impl->req~div-prof-d4~2]
constexpr std::uint32_t kSonnx2026Types = bit(ElementType::fp16) | bit(ElementType::fp32) | bit(ElementType::fp64) |
                                          bit(ElementType::int8) | bit(ElementType::int16) | bit(ElementType::int32) |
                                          bit(ElementType::int64) | bit(ElementType::uint8) | bit(ElementType::uint16) |
                                          bit(ElementType::uint32) | bit(ElementType::uint64);

// [impl->req~div-onnx-r1~1]
std::uint32_t onnx_types(std::uint32_t version) noexcept {
    std::uint32_t types = kOnnxTypes14;
    if (version < 6U) {
        types = kOnnxTypes1;
    } else if (version < 13U) {
        types = kOnnxTypes6;
    } else if (version < 14U) {
        types = kOnnxTypes13;
    } else {
        // Div-14: kOnnxTypes14, as initialised.
    }
    return types;
}

// [impl->req~div-prof-d1~1]
Status invalid_option(RequirementId requirement) noexcept {
    return make_status(StatusCode::invalid_argument, requirement, Operand::none, 0U);
}

// The opset lies in [1, kOnnxOpsetMax]; broadcast and axis exist only up to
// Div-6 (the attributes were removed in Div-7).
// [impl->req~div-onnx-d1~2]
Status check_onnx_options(const OnnxOptions& onnx) noexcept {
    Status status{};
    const bool opset_known = (onnx.opset >= 1U) && (onnx.opset <= kOnnxOpsetMax);
    const bool legacy_attributes = onnx.broadcast || onnx.has_axis;
    if ((!opset_known) || (legacy_attributes && (onnx.opset >= 7U))) {
        status = invalid_option(RequirementId::div_onnx_d1);
    }
    return status;
}

// [impl->req~div-prof-d4~2]
Status check_sonnx_options(SonnxRevision revision) noexcept {
    Status status{};
    const bool known = (revision == SonnxRevision::seed) || (revision == SonnxRevision::r2026_06);
    if (!known) {
        status = invalid_option(RequirementId::div_prof_d4);
    }
    return status;
}

// [impl->req~div-prof-d1~1]
Status check_openvino_options(const OpenVinoOptions& openvino) noexcept {
    Status status{};
    const bool known = (openvino.auto_broadcast == AutoBroadcast::none) ||
                       (openvino.auto_broadcast == AutoBroadcast::numpy);
    if (!known) {
        status = invalid_option(RequirementId::div_prof_d1);
    }
    return status;
}

}  // namespace

// Since-versions of Div: 1, 6, 7, 13, 14; an opset selects the newest one
// not above it (ONNX versioning: a model importing opset N uses, for each
// operator, its newest version with since_version <= N).
// [impl->req~div-onnx-d1~2]
std::uint32_t onnx_div_version(std::uint32_t opset) noexcept {
    std::uint32_t version = 1U;
    if (opset >= 14U) {
        version = 14U;
    } else if (opset >= 13U) {
        version = 13U;
    } else if (opset >= 7U) {
        version = 7U;
    } else if (opset >= 6U) {
        version = 6U;
    } else {
        version = 1U;
    }
    return version;
}

// [impl->req~div-api-d6~1]
// [impl->req~div-prof-d1~1]
// [impl->req~div-onnx-d1~2]
Status check_profile_options(const DivOptions& options) noexcept {
    Status status{};
    const bool rounding_known = (options.int_rounding == IntRounding::floor) ||
                                (options.int_rounding == IntRounding::toward_zero);
    if (!rounding_known) {
        status = make_status(StatusCode::invalid_argument, RequirementId::div_api_d6, Operand::none, 0U);
    } else {
        switch (options.profile) {
            case Profile::sonnx:
                status = check_sonnx_options(options.sonnx_revision);
                break;
            case Profile::onnx:
                status = check_onnx_options(options.onnx);
                break;
            case Profile::openvino:
                status = check_openvino_options(options.openvino);
                break;
            default:
                status = invalid_option(RequirementId::div_prof_d1);
                break;
        }
    }
    return status;
}

// [impl->req~div-onnx-r1~1]
// [impl->req~div-ov-r3~1]
// [impl->req~div-prof-d4~2]
Status check_profile_type(const DivOptions& options, ElementType type) noexcept {
    Status status{};
    if (options.profile == Profile::onnx) {
        const std::uint32_t admitted = onnx_types(onnx_div_version(options.onnx.opset));
        if ((admitted & bit(type)) == 0U) {
            status = make_status(StatusCode::unsupported_type, RequirementId::div_onnx_r1, Operand::a, 0U);
        }
    } else if ((options.profile == Profile::sonnx) && (options.sonnx_revision == SonnxRevision::r2026_06)) {
        if ((kSonnx2026Types & bit(type)) == 0U) {
            status = make_status(StatusCode::unsupported_type, RequirementId::div_prof_d4, Operand::a, 0U);
        }
    } else {
        // The seed revision of the sonnx profile admits every type of the API
        // (DIV-FLOAT-*, DIV-INT-*), and OpenVINO's Divide-1 "any numeric
        // type" (DIV-OV-R3).
    }
    return status;
}

// [impl->req~div-float-c1~1]
// [impl->req~div-int-c1~1]
// [impl->req~div-onnx-r2~1]
// [impl->req~div-onnx-r3~1]
// [impl->req~div-ov-r1~1]
// [impl->req~div-ov-r2~1]
// [impl->req~div-bcast-d5~2]
Status profile_shapes(const DivOptions& options, ElementType type, const Shape& a, const Shape& b, BroadcastShapes& out,
                      RequirementId& shape_rule) noexcept {
    Status status{};
    switch (options.profile) {
        case Profile::onnx:
            if (onnx_div_version(options.onnx.opset) >= 7U) {
                shape_rule = RequirementId::div_onnx_r2;
                status = numpy_rule(a, b, shape_rule, out);
            } else if (options.onnx.broadcast) {
                shape_rule = RequirementId::div_onnx_r3;
                status = legacy_rule(a, b, options.onnx.has_axis, options.onnx.axis, shape_rule, out);
            } else {
                shape_rule = RequirementId::div_onnx_r3;
                status = same_shape_rule(a, b, shape_rule, out);
            }
            break;
        case Profile::openvino:
            if (options.openvino.auto_broadcast == AutoBroadcast::numpy) {
                shape_rule = RequirementId::div_ov_r2;
                status = numpy_rule(a, b, shape_rule, out);
            } else {
                shape_rule = RequirementId::div_ov_r1;
                status = same_shape_rule(a, b, shape_rule, out);
            }
            break;
        default:
            shape_rule = (type_class(type) == TypeClass::floating) ? RequirementId::div_float_c1
                                                                   : RequirementId::div_int_c1;
            status = same_shape_rule(a, b, shape_rule, out);
            break;
    }
    return status;
}

// [impl->req~div-onnx-f1~1]
// [impl->req~div-ov-f1~1]
// [impl->req~div-int-f1~1]
// [impl->req~div-int-d1~1]
// [impl->req~div-prof-d4~2]
IntRounding profile_rounding(const DivOptions& options) noexcept {
    IntRounding rounding = options.int_rounding;
    // ONNX, and the 2026-06 revision's "any fractional part discarded" (F-54), truncate.
    const bool truncates = (options.profile == Profile::onnx) ||
                           ((options.profile == Profile::sonnx) && (options.sonnx_revision == SonnxRevision::r2026_06));
    if (truncates) {
        rounding = IntRounding::toward_zero;
    } else if (options.profile == Profile::openvino) {
        rounding = options.openvino.pythondiv ? IntRounding::floor : IntRounding::toward_zero;
    } else {
        // sonnx, seed revision: the option's rounding, as initialised.
    }
    return rounding;
}

}  // namespace sonnx::core
