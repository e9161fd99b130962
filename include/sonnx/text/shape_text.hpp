/// @file
/// How a shape and an element's position in it are written, in every message
/// and report of the project (file errors, check reports, precondition
/// messages, ONNX node-test verdicts).
#ifndef SONNX_TEXT_SHAPE_TEXT_HPP
#define SONNX_TEXT_SHAPE_TEXT_HPP

#include <cstdint>
#include <string>
#include <vector>

namespace sonnx::text {

/// "[2, 3]"; "[]" for a scalar.
std::string shape_text(const std::vector<std::uint64_t>& dims);

/// The element at flat (row-major) index `flat_index` of a tensor of shape
/// `dims`: "[7]" for rank 0 or 1, its coordinates otherwise ("[1, 2]" for
/// flat index 5 of [2, 3]). An axis of extent 0 gives coordinate 0.
std::string position_text(std::uint64_t flat_index, const std::vector<std::uint64_t>& dims);

}  // namespace sonnx::text

#endif  // SONNX_TEXT_SHAPE_TEXT_HPP
