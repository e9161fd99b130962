#include "status_text.hpp"

#include "sonnx/oracle/element_words.hpp"

namespace sonnx::cli {

namespace {

std::string value_at(const io::TensorData& t, std::uint64_t index) {
    const oracle::ElementTraits traits = oracle::element_traits(t.type);
    if ((index + 1U) * traits.size > t.bytes.size()) {
        return "?";
    }
    const std::uint64_t word = oracle::load_element(traits, t.bytes.data(), index);
    return traits.is_float ? oracle::element_text(traits, word) + " (" + oracle::value_text(traits, t.type, word) + ")"
                           : oracle::element_text(traits, word);
}

}  // namespace

std::string element_position(std::uint64_t flat_index, const std::vector<std::uint64_t>& dims) {
    if (dims.size() <= 1U) {
        return "[" + std::to_string(flat_index) + "]";
    }
    std::vector<std::uint64_t> coordinates(dims.size(), 0U);
    std::uint64_t rest = flat_index;
    for (std::size_t k = dims.size(); k > 0U; --k) {
        const std::uint64_t extent = dims[k - 1U];
        coordinates[k - 1U] = (extent == 0U) ? 0U : rest % extent;
        rest = (extent == 0U) ? 0U : rest / extent;
    }
    return io::shape_text(coordinates);
}

// [impl->req~div-cli-d2~1]
std::string describe_status(const Status& status, const io::TensorData* a, const io::TensorData* b,
                            const io::TensorData* y) {
    std::string text = std::string(status_code_name(status.code)) + ": " + requirement_name(status.requirement) +
                       " violated";
    const std::string restriction = restriction_name(status.requirement);
    const char* operand = operand_name(status.operand);
    const io::TensorData* which = (status.operand == Operand::a) ? a : (status.operand == Operand::b) ? b : y;
    switch (status.code) {
        case StatusCode::zero_divisor:
        case StatusCode::overflow:
        case StatusCode::value_out_of_range: {
            // A range error indexes the operand that holds the value; a zero
            // divisor or an overflow indexes Y, which under broadcasting has
            // more elements than A or B (DIV-BCAST-D3).
            const io::TensorData* indexed = (status.code == StatusCode::value_out_of_range) ? which
                                            : (y != nullptr)                               ? y
                                                                                           : a;
            const std::vector<std::uint64_t> dims = (indexed != nullptr) ? indexed->dims : std::vector<std::uint64_t>{};
            const std::string position = element_position(status.index, dims);
            const bool elementwise = (a != nullptr) && (b != nullptr) && (a->dims == dims) && (b->dims == dims);
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
                text += " (A " + io::shape_text(a->dims) + ", " + operand + " " + io::shape_text(which->dims) + ")";
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
                text += " (the SONNX 2026-06 revision admits FP16, FP32, FP64 and the 8- to 64-bit integers; the "
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

CommandFailure precondition_failure(const Status& status, const io::TensorData* a, const io::TensorData* b,
                                    const io::TensorData* y, const std::string& hint) {
    return CommandFailure(exit_precondition, describe_status(status, a, b, y) + (hint.empty() ? "" : "\nhint: " + hint));
}

}  // namespace sonnx::cli
