// IEEE 754 arithmetic on value sets (ComputedSet): the special cases of
// each operation (signed zeros, infinities, NaN) and the rounding of its
// finite results into the format, computed exactly (DIV-UV-D2, D3). The
// error bookkeeping on top of it is symbolic_domain_error.cpp's.
#ifndef SONNX_ACCURACY_VALUE_SET_ARITHMETIC_HPP
#define SONNX_ACCURACY_VALUE_SET_ARITHMETIC_HPP

#include <cstdint>
#include <vector>

#include "sonnx/accuracy/symbolic_domain_error.hpp"

namespace sonnx::accuracy {

[[nodiscard]] bool negative_sign(const Bound& x);

// One sign class of a value set: NaN, an infinity, a zero, or finite
// non-zero values with the given sign and magnitudes.
struct Piece {
    enum class Kind : std::uint8_t { nan, infinity, zero, finite };
    Kind kind;
    bool negative;
    Interval magnitudes;  // finite pieces: |values|, positive (exact format: may touch 0)
};

[[nodiscard]] std::vector<Piece> pieces_of(const ComputedSet& set, const FormatSpec& format);

// Adds sign * [magnitudes rounded into the format] to `out`.
void add_rounded(ComputedSet& out, const Interval& magnitudes, bool negative, const FormatSpec& format,
                 Rounding rounding);

// The results of one operation on every pair (triple) of members, rounded once.
[[nodiscard]] ComputedSet divide_sets(const ComputedSet& a, const ComputedSet& b, const FormatSpec& format,
                                      Rounding rounding);
[[nodiscard]] ComputedSet multiply_sets(const ComputedSet& a, const ComputedSet& b, const FormatSpec& format,
                                        Rounding rounding);
[[nodiscard]] ComputedSet add_sets(const ComputedSet& a, const ComputedSet& b, const FormatSpec& format,
                                   Rounding rounding);
// a * b + c with one rounding (IEEE 754 fusedMultiplyAdd).
[[nodiscard]] ComputedSet fused_multiply_add_sets(const ComputedSet& a, const ComputedSet& b, const ComputedSet& c,
                                                  const FormatSpec& format, Rounding rounding);
// -x: exact, signs of zeros and infinities swapped.
[[nodiscard]] ComputedSet negate_set(const ComputedSet& x);

}  // namespace sonnx::accuracy

#endif  // SONNX_ACCURACY_VALUE_SET_ARITHMETIC_HPP
