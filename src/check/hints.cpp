#include "sonnx/check/hints.hpp"

#include "sonnx/check/profile_rules.hpp"

namespace sonnx::check {

namespace {

bool is_float(ElementType type) { return type_class(type) == TypeClass::floating; }

// 16-bit integers from files that gave their own type: NumPy writes BF16
// (which it lacks) and often FP16 bit patterns as '<u2' or '<i2'.
std::string sixteen_bit_hint(const HintContext& hints) {
    const bool sixteen = (hints.a_type == ElementType::uint16) || (hints.a_type == ElementType::int16);
    if (!sixteen || !hints.type_from_files) {
        return "";
    }
    return std::string("the files hold ") + element_type_name(hints.a_type) +
           " elements; if they are BF16 or FP16 bit patterns (NumPy has no bfloat16), give --type bf16 or "
           "--type fp16";
}

}  // namespace

// [impl->req~div-cli-d18~1]
std::string opset_hint(const Status& status, ElementType type, const DivOptions& options) {
    if ((status.requirement != RequirementId::div_onnx_r1) || (options.profile != Profile::onnx)) {
        return "";
    }
    std::string hint = std::string("ONNX Div at opset ") + std::to_string(options.onnx.opset) + " does not take " +
                       element_type_name(type);
    const std::uint32_t first = first_onnx_opset_admitting(type);
    if (first != 0U) {
        return hint + "; opset " + std::to_string(first) + " and later do (--opset " + std::to_string(first) + ")";
    }
    return hint + "; no ONNX opset does (--profile sonnx or openvino takes every type)";
}

// [impl->req~div-cli-d18~1]
std::string precondition_hint(const Report& report, const HintContext& hints) {
    const StatusCode code = report.precondition.code;
    if ((code == StatusCode::zero_divisor) || (code == StatusCode::overflow)) {
        const std::string bits = sixteen_bit_hint(hints);
        if (!bits.empty()) {
            return bits;
        }
        return "no result is defined for this element; --undefined list judges the other elements and lists "
               "these apart";
    }
    if ((code == StatusCode::shape_mismatch) && (hints.profile == Profile::sonnx)) {
        return "the sonnx profile divides tensors of equal shapes; --profile onnx and --profile openvino broadcast";
    }
    return "";
}

// [impl->req~div-cli-d18~1]
std::vector<std::string> report_hints(const Report& report, const HintContext& hints) {
    std::vector<std::string> out;
    if (!report.candidate_mismatch.is_ok()) {
        if (!is_float(hints.a_type) && is_float(hints.y_type)) {
            out.emplace_back(
                "an integer Div gives integers of A's type; true division (NumPy's a / b) gives "
                "floats: the candidate should come from the runtime's integer division");
        }
        return out;
    }
    const std::string bits = sixteen_bit_hint(hints);
    if ((nonconforming(report) > 0U) && !bits.empty()) {
        out.push_back(bits);
    }
    const std::uint64_t wrong = nonconforming(report);
    if ((wrong > 0U) && (report.other_rounding_matches == wrong)) {
        const IntRounding used = hints.rounding;
        const char* other = (used == IntRounding::floor) ? "trunc" : "floor";
        std::string how = (hints.profile == Profile::sonnx)
                              ? std::string("--int-rounding ") + other + " checks against it"
                              : std::string("--profile sonnx --int-rounding ") + other + " checks against it";
        out.push_back(std::string("every non-conforming element is what ") +
                      ((used == IntRounding::floor) ? "truncation" : "floor division") +
                      " gives: the candidate rounds the other way; " + how);
    }
    return out;
}

}  // namespace sonnx::check
