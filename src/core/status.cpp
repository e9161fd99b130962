// Names of status codes, requirements and operands, for messages and reports.
#include "sonnx/status.hpp"

namespace sonnx {

// [impl->req~div-api-d2~1]
const char* requirement_name(RequirementId id) noexcept {
    const char* name = "none";
    switch (id) {
        case RequirementId::div_real_c1:
            name = "DIV-REAL-C1";
            break;
        case RequirementId::div_real_c2:
            name = "DIV-REAL-C2";
            break;
        case RequirementId::div_float_c1:
            name = "DIV-FLOAT-C1";
            break;
        case RequirementId::div_float_c2:
            name = "DIV-FLOAT-C2";
            break;
        case RequirementId::div_int_c1:
            name = "DIV-INT-C1";
            break;
        case RequirementId::div_int_c2:
            name = "DIV-INT-C2";
            break;
        case RequirementId::div_int_c3:
            name = "DIV-INT-C3";
            break;
        case RequirementId::div_int_d2:
            name = "DIV-INT-D2";
            break;
        case RequirementId::div_int_d4:
            name = "DIV-INT-D4";
            break;
        case RequirementId::div_api_d3:
            name = "DIV-API-D3";
            break;
        case RequirementId::div_api_d4:
            name = "DIV-API-D4";
            break;
        case RequirementId::div_api_d5:
            name = "DIV-API-D5";
            break;
        case RequirementId::div_api_d6:
            name = "DIV-API-D6";
            break;
        case RequirementId::div_float_d5:
            name = "DIV-FLOAT-D5";
            break;
        case RequirementId::div_prof_d1:
            name = "DIV-PROF-D1";
            break;
        case RequirementId::div_prof_d4:
            name = "DIV-PROF-D4";
            break;
        case RequirementId::div_bcast_d4:
            name = "DIV-BCAST-D4";
            break;
        case RequirementId::div_onnx_d1:
            name = "DIV-ONNX-D1";
            break;
        case RequirementId::div_onnx_r1:
            name = "DIV-ONNX-R1";
            break;
        case RequirementId::div_onnx_r2:
            name = "DIV-ONNX-R2";
            break;
        case RequirementId::div_onnx_r3:
            name = "DIV-ONNX-R3";
            break;
        case RequirementId::div_ov_r1:
            name = "DIV-OV-R1";
            break;
        case RequirementId::div_ov_r2:
            name = "DIV-OV-R2";
            break;
        case RequirementId::div_api_d8:
            name = "DIV-API-D8";
            break;
        case RequirementId::div_api_d9:
            name = "DIV-API-D9";
            break;
        default:
            break;
    }
    return name;
}

// The spec states each restriction R<n> and checks it as constraint C<n>
// (sonnx-div-spec.md, Restrictions and Constraints); messages name both.
// [impl->req~div-api-d2~1]
// [impl->req~div-real-r1~1]
// [impl->req~div-float-r1~1]
// [impl->req~div-float-r2~1]
// [impl->req~div-int-r1~1]
// [impl->req~div-int-r2~1]
// [impl->req~div-int-r3~1]
const char* restriction_name(RequirementId id) noexcept {
    const char* name = "";
    switch (id) {
        case RequirementId::div_real_c1:
            name = "DIV-REAL-R1";
            break;
        case RequirementId::div_float_c1:
            name = "DIV-FLOAT-R1";
            break;
        case RequirementId::div_float_c2:
            name = "DIV-FLOAT-R2";
            break;
        case RequirementId::div_int_c1:
            name = "DIV-INT-R1";
            break;
        case RequirementId::div_int_c2:
            name = "DIV-INT-R2";
            break;
        case RequirementId::div_int_c3:
            name = "DIV-INT-R3";
            break;
        default:
            break;
    }
    return name;
}

// [impl->req~div-api-d2~1]
const char* status_code_name(StatusCode code) noexcept {
    const char* name = "unknown";
    switch (code) {
        case StatusCode::ok:
            name = "ok";
            break;
        case StatusCode::shape_mismatch:
            name = "shape_mismatch";
            break;
        case StatusCode::type_mismatch:
            name = "type_mismatch";
            break;
        case StatusCode::zero_divisor:
            name = "zero_divisor";
            break;
        case StatusCode::overflow:
            name = "overflow";
            break;
        case StatusCode::null_pointer:
            name = "null_pointer";
            break;
        case StatusCode::buffer_too_small:
            name = "buffer_too_small";
            break;
        case StatusCode::size_overflow:
            name = "size_overflow";
            break;
        case StatusCode::rank_too_large:
            name = "rank_too_large";
            break;
        case StatusCode::value_out_of_range:
            name = "value_out_of_range";
            break;
        case StatusCode::unsupported_type:
            name = "unsupported_type";
            break;
        case StatusCode::invalid_argument:
            name = "invalid_argument";
            break;
        case StatusCode::fp_environment_failure:
            name = "fp_environment_failure";
            break;
        case StatusCode::overlap:
            name = "overlap";
            break;
        case StatusCode::misaligned:
            name = "misaligned";
            break;
        default:
            break;
    }
    return name;
}

// [impl->req~div-api-d2~1]
const char* operand_name(Operand operand) noexcept {
    const char* name = "-";
    switch (operand) {
        case Operand::a:
            name = "A";
            break;
        case Operand::b:
            name = "B";
            break;
        case Operand::y:
            name = "Y";
            break;
        default:
            break;
    }
    return name;
}

}  // namespace sonnx
