/// @file
/// A second exact oracle for float division, independent of the MPFR one
/// (float_oracle.hpp): the correctly rounded quotient of two encodings from
/// exact integer division of their significands (Boost.Multiprecision's
/// fixed-width cpp_int, which never allocates) and its own rounding. It
/// shares no code with the MPFR oracle or with the core, so that the two
/// oracles agreeing on a pair is evidence that both are right (DIV-TQ-D3).
///
/// Round to nearest, ties to even only: the one rounding the MPFR oracle
/// offers (FloatOracle::quotient), so the one the two can be compared on.
#ifndef SONNX_ORACLE_SECOND_ORACLE_HPP
#define SONNX_ORACLE_SECOND_ORACLE_HPP

#include <cstdint>

namespace sonnx::oracle {

/// The four binary interchange formats of the Div operator, described here
/// again rather than borrowed from FloatFormat: independence of the MPFR oracle.
enum class BinaryFormat : std::uint8_t { fp16, bf16, fp32, fp64 };

/// Where the fields of a format's encoding sit.
struct BinaryLayout {
    unsigned fraction_bits;  ///< stored significand bits (precision - 1)
    /// Bits of the exponent field.
    unsigned exponent_bits;
    /// The exponent bias.
    int bias;
};

/// The layout of a format.
const BinaryLayout& binary_layout(BinaryFormat format);

/// Stateless, so one instance may serve any number of threads.
class SecondOracle {
public:
    /// An oracle for one format.
    explicit SecondOracle(BinaryFormat format);

    /// a / b rounded to nearest, ties to even, as the format's bit pattern in
    /// the low bits; any NaN result is the default quiet NaN (positive, only
    /// the top fraction bit set). Bits above the format's width are ignored.
    std::uint64_t quotient(std::uint64_t a, std::uint64_t b) const;

private:
    BinaryLayout layout_;
};

}  // namespace sonnx::oracle

#endif  // SONNX_ORACLE_SECOND_ORACLE_HPP
