// The IEEE 754 flags of a / b in a binary format of at most 24 bits of
// precision, computed in 64-bit integer arithmetic: a second model of the
// flags, independent of MPFR (ieee_flags in test_support.hpp) and fast
// enough for every pair of a 16-bit format. Conventions as ieee_flags:
// default exception handling, round to nearest even, tininess detected
// after rounding (x86, IEEE 754-2019 7.5). None of it uses the code under
// test.
#ifndef SONNX_TESTS_UNIT_SMALL_FORMAT_FLAGS_HPP
#define SONNX_TESTS_UNIT_SMALL_FORMAT_FLAGS_HPP

#include <cstdint>

#include "test_support.hpp"

namespace sonnx::test {

// fp_flag_* bits. Requires format.precision <= 24.
std::uint8_t small_format_flags(const Format& format, std::uint32_t a_bits, std::uint32_t b_bits);

}  // namespace sonnx::test

#endif  // SONNX_TESTS_UNIT_SMALL_FORMAT_FLAGS_HPP
