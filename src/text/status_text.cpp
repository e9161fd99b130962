#include "sonnx/text/status_text.hpp"

#include <cstdint>
#include <vector>

#include "sonnx/text/element_text.hpp"
#include "sonnx/text/shape_text.hpp"

namespace sonnx::text {

namespace {

std::vector<std::uint64_t> dims_of(const Shape& shape) {
    const std::uint32_t rank = (shape.rank < kMaxRank) ? shape.rank : kMaxRank;  // a view holds no more axes
    return std::vector<std::uint64_t>(shape.dims.begin(), shape.dims.begin() + rank);
}

// "?" when the index lies outside the bytes the view holds (nothing to show).
std::string value_at(const ConstTensorView& t, std::uint64_t index) {
    const std::size_t size = element_size(t.type);
    if ((size == 0U) || (t.data == nullptr) || (index >= t.size_bytes / size)) {  // no overflow at any index
        return "?";
    }
    const std::uint64_t word = element_word(t.type, static_cast<const std::uint8_t*>(t.data) + index * size);
    return element_value_text(t.type, word);
}

}  // namespace

std::string status_summary(const Status& status) {
    if (status.is_ok()) {
        return "ok";
    }
    const std::string restriction = restriction_name(status.requirement);
    return std::string(status_code_name(status.code)) + " " + requirement_name(status.requirement) +
           (restriction.empty() ? std::string() : " (" + restriction + ")") + " operand " +
           operand_name(status.operand) + " index " + std::to_string(status.index);
}

// [impl->req~div-cli-d2~1]
std::string violation_message(const Status& status, const ConstTensorView* a, const ConstTensorView* b,
                              const ConstTensorView* y) {
    std::string text = std::string(status_code_name(status.code)) + ": " + requirement_name(status.requirement) +
                       " violated";
    const std::string restriction = restriction_name(status.requirement);
    const char* operand = operand_name(status.operand);
    const ConstTensorView* which = (status.operand == Operand::a) ? a : (status.operand == Operand::b) ? b : y;
    switch (status.code) {
        case StatusCode::zero_divisor:
        case StatusCode::overflow:
        case StatusCode::value_out_of_range: {
            // A range error indexes the operand that holds the value; a zero
            // divisor or an overflow indexes Y, which under broadcasting has
            // more elements than A or B (DIV-BCAST-D3).
            const ConstTensorView* indexed = (status.code == StatusCode::value_out_of_range) ? which
                                             : (y != nullptr)                                ? y
                                                                                             : a;
            const std::vector<std::uint64_t> dims = (indexed != nullptr) ? dims_of(indexed->shape)
                                                                         : std::vector<std::uint64_t>{};
            const std::string position = position_text(status.index, dims);
            const bool elementwise = (a != nullptr) && (b != nullptr) && (dims_of(a->shape) == dims) &&
                                     (dims_of(b->shape) == dims);
            const bool broadcast = (a != nullptr) && (b != nullptr) && !elementwise;
            const bool in_y = (status.code != StatusCode::value_out_of_range) && broadcast;
            text += std::string(" at ") + (in_y ? "Y" : operand) + position;
            if (elementwise) {
                text += " (A" + position + " = " + value_at(*a, status.index) + ", B" + position + " = " +
                        value_at(*b, status.index) + ")";
            }
            break;
        }
        case StatusCode::shape_mismatch:
            text += std::string(": ") + operand + "'s shape differs from A's at axis " + std::to_string(status.index);
            if ((a != nullptr) && (which != nullptr)) {
                text += " (A " + shape_text(dims_of(a->shape)) + ", " + operand + " " +
                        shape_text(dims_of(which->shape)) + ")";
            }
            break;
        case StatusCode::type_mismatch:
            text += std::string(": ") + operand + "'s element type differs from A's";
            if ((a != nullptr) && (which != nullptr)) {
                text += std::string(" (A ") + element_type_name(a->type) + ", " + operand + " " +
                        element_type_name(which->type) + ")";
            }
            break;
        case StatusCode::invalid_argument:
            text += ": an option has a value the operator does not accept";  // options belong to no operand
            break;
        case StatusCode::unsupported_type:
            text += ": the profile does not admit A's element type";
            if (a != nullptr) {
                text += std::string(" ") + element_type_name(a->type);
            }
            if (status.requirement == RequirementId::div_prof_d4) {
                text +=
                    " (the SONNX 2026-06 revision admits FP16, FP32, FP64 and the 8- to 64-bit integers; the "
                    "default seed revision admits every type)";
            }
            break;
        default:
            if (status.operand == Operand::none) {
                break;  // nothing to point at
            }
            text += std::string(" by ") + operand;
            if ((status.code != StatusCode::overlap) && (status.code != StatusCode::misaligned)) {
                text += " (index " + std::to_string(status.index) + ")";
            }
            break;
    }
    if (!restriction.empty()) {
        text += " [restriction " + restriction + "]";
    }
    return text;
}

}  // namespace sonnx::text
