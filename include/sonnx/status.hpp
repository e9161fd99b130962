/// @file
/// Status values returned by every sonnx-div entry point.
/// The core never throws: each call returns a Status that names the violated
/// requirement, the operand at fault and the first offending index.
#ifndef SONNX_STATUS_HPP
#define SONNX_STATUS_HPP

#include <cstdint>

namespace sonnx {

// [impl->req~div-api-d2~1]
/// What a call's status says happened: ok, or the kind of violation (the README's table of status codes lists each with its requirement).
enum class StatusCode : std::uint8_t {
    ok = 0U,
    shape_mismatch = 1U,  ///< R1 / C1: shapes of A, B and Y differ
    type_mismatch = 2U,  ///< R2 / C2: element types of A, B and Y differ
    zero_divisor = 3U,  ///< int R3 / C3, real C2: B holds a zero
    overflow = 4U,  ///< int: the quotient does not fit (MIN / -1)
    null_pointer = 5U,  ///< a data pointer is null while the tensor has elements
    buffer_too_small = 6U,  ///< a buffer holds fewer bytes than the shape needs
    size_overflow = 7U,  ///< the element count or byte size overflows 64 bits
    rank_too_large = 8U,  ///< rank above kMaxRank
    value_out_of_range = 9U,  ///< an INT4/UINT4 element outside its 4-bit range
    unsupported_type = 10U,  ///< an element type value the API does not know
    invalid_argument = 11U,  ///< an option value outside its enumeration
    fp_environment_failure = 12U,  ///< the default FP environment could not be set or restored
    overlap = 13U,  ///< Y's buffer overlaps an operand that broadcasts (DIV-BCAST-D4), or
    ///< partially overlaps A or B (DIV-API-D8)
    misaligned = 14U  ///< a data pointer is not a multiple of the element size (DIV-API-D9)
};

/// The requirement a status refers to; the IDs of spec/requirements.
enum class RequirementId : std::uint8_t {
    none = 0U,
    div_real_c1,
    div_real_c2,
    div_float_c1,
    div_float_c2,
    div_int_c1,
    div_int_c2,
    div_int_c3,
    div_int_d2,  ///< overflow of the quotient
    div_int_d4,  ///< INT4/UINT4 element range
    div_api_d3,  ///< null or too-small buffer
    div_api_d4,  ///< element count / byte size overflow
    div_api_d5,  ///< rank limit
    div_api_d6,  ///< unknown type or option value
    div_float_d5,  ///< floating-point environment
    div_prof_d1,  ///< profile option values
    div_bcast_d4,  ///< output overlapping a broadcast operand
    div_onnx_d1,  ///< ONNX opset and legacy attributes
    div_onnx_r1,  ///< ONNX element types per opset
    div_onnx_r2,  ///< ONNX multidirectional broadcasting (opset 7+)
    div_onnx_r3,  ///< ONNX limited broadcasting (opset 1, 6)
    div_ov_r1,  ///< OpenVINO auto_broadcast none
    div_ov_r2,  ///< OpenVINO auto_broadcast numpy
    div_api_d8,  ///< output partially overlapping an operand
    div_api_d9,  ///< data pointer alignment
    div_prof_d4  ///< SONNX revision value and the 2026-06 revision's element types
};

/// Which tensor a status points at.
enum class Operand : std::uint8_t { none = 0U, a = 1U, b = 2U, y = 3U };

/// The result of every entry point: the code, the requirement violated, the operand at fault and the first offending index (DIV-API-D2).
struct Status {
    /// ok, or what went wrong.
    StatusCode code{StatusCode::ok};
    /// The requirement the check that failed enforces; RequirementId::none when ok.
    RequirementId requirement{RequirementId::none};
    /// The tensor at fault (A, B or Y); Operand::none when ok or for an option.
    Operand operand{Operand::none};
    /// For element errors: the first offending flat (row-major) element index.
    /// For shape errors: the first axis that differs (or the rank, when ranks differ).
    std::uint64_t index{0U};

    /// True when the call succeeded (and wrote Y).
    [[nodiscard]] constexpr bool is_ok() const noexcept { return code == StatusCode::ok; }
};

/// "DIV-INT-C3" and so on; "none" for RequirementId::none. Never null.
[[nodiscard]] const char* requirement_name(RequirementId id) noexcept;
/// The SONNX restriction a constraint enforces: "DIV-FLOAT-R1" for
/// DIV-FLOAT-C1, "DIV-INT-R3" for DIV-INT-C3 and so on; "" for a requirement
/// that is not a constraint of a restriction. Never null.
[[nodiscard]] const char* restriction_name(RequirementId id) noexcept;
/// "zero_divisor" and so on. Never null.
[[nodiscard]] const char* status_code_name(StatusCode code) noexcept;
/// "A", "B", "Y" or "-". Never null.
[[nodiscard]] const char* operand_name(Operand operand) noexcept;

}  // namespace sonnx

#endif  // SONNX_STATUS_HPP
