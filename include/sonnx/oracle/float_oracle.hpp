/// @file
/// The exact oracle for float division: the correctly rounded quotient of two
/// encodings, and the distance of any candidate from the exact quotient in
/// ulps. MPFR throughout, with the target format's precision, exponent range
/// and subnormals emulated; never a wider native float type (a compiler may
/// fold such a "reference" into the very operation under test).
#ifndef SONNX_ORACLE_FLOAT_ORACLE_HPP
#define SONNX_ORACLE_FLOAT_ORACLE_HPP

#include <mpfr.h>

#include <cstdint>

#include "sonnx/element_type.hpp"

namespace sonnx::oracle {

/// A binary float format's parameters.
struct FloatFormat {
    int precision;      ///< significand bits, implicit bit included
    /// Bits of the exponent field.
    int exponent_bits;
    /// The exponent bias.
    int bias;
    /// Bits of an encoding.
    int total_bits;
};

/// FP16, BF16, FP32, FP64; precondition: `type` is one of them.
const FloatFormat& float_format(ElementType type);

/// The kind of value an encoding holds.
enum class ValueClass : std::uint8_t { nan, infinity, zero, finite };

/// An encoding's kind and sign.
struct Classified {
    /// NaN, infinity, zero or finite non-zero.
    ValueClass value_class;
    /// The sign bit.
    bool negative;
};

/// The kind and sign of an encoding of the format.
Classified classify(const FloatFormat& format, std::uint64_t bits);

/// How a candidate compares with the exact quotient (DIV-FLOAT-D8).
struct Measure {
    std::uint64_t expected;   ///< the correctly rounded quotient (NaN: the default quiet NaN)
    bool bit_identical;       ///< the candidate's encoding is expected's
    bool exact_match;         ///< bit-identical, or a quiet NaN where a NaN is due (DIV-FLOAT-D3): the
                              ///< result the operator must give; a signalling NaN never matches
    bool special_mismatch;    ///< NaN or infinity expected or given and not matched exactly, or a zero
                              ///< given with the wrong sign (DIV-CLI-D5)
    double ulps;              ///< |candidate - a/b| / ulp(q'), rounded up; 0 for matched NaN and infinities,
                              ///< +inf for a special mismatch
    bool within_half_ulp;     ///< |candidate - a/b| <= ulp(q') / 2, and no special mismatch
    bool within_one_ulp;      ///< |candidate - a/b| <  ulp(q'),     and no special mismatch
    bool flush_explained;     ///< not an exact match, and what a flush-to-zero divider gives (DIV-CLI-D16)
};

/// One instance per thread: it keeps its MPFR variables.
class FloatOracle {
public:
    /// An oracle for one format.
    explicit FloatOracle(const FloatFormat& format);
    ~FloatOracle();
    FloatOracle(const FloatOracle&) = delete;
    FloatOracle& operator=(const FloatOracle&) = delete;

    /// a / b rounded to nearest, ties to even, in the format.
    std::uint64_t quotient(std::uint64_t a, std::uint64_t b);
    /// How `candidate` compares with the exact quotient a / b (see Measure).
    Measure measure(std::uint64_t a, std::uint64_t b, std::uint64_t candidate);
    /// ulp(x) of DIV-FLOAT-D8 for a finite encoding, as a power-of-two exponent.
    long ulp_exponent(std::uint64_t finite_bits);

private:
    void decode(mpfr_t out, std::uint64_t bits) const;
    std::uint64_t encode(mpfr_srcptr value) const;
    Measure measure_distance(std::uint64_t a, std::uint64_t b, std::uint64_t candidate);
    /// The candidate is a/b with subnormal operands read as zeros, or a zero
    /// where that quotient is below the smallest normal.
    bool flush_explains(std::uint64_t a, std::uint64_t b, std::uint64_t candidate);
    bool is_subnormal(std::uint64_t bits) const;
    bool is_quiet_nan(std::uint64_t bits) const;
    /// a / b rounded into the format; returns MPFR's ternary value of the
    /// final result (its sign: above, equal to or below the exact quotient).
    int round_into_format(mpfr_t out, mpfr_srcptr a, mpfr_srcptr b, mpfr_rnd_t mode);

    FloatFormat format_;
    /// Scratch variables, kept between calls so that no call allocates;
    /// narrow_ holds c*b - a when 128 bits are enough, wide_ always suffices.
    mpfr_t a_, b_, q_, c_, ratio_, narrow_, unit_, wide_;
};

}  // namespace sonnx::oracle

#endif  // SONNX_ORACLE_FLOAT_ORACLE_HPP
