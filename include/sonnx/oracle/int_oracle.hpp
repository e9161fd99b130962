/// @file
/// The exact oracle for integer division (GMP): floor and truncated quotients
/// and the verdicts for a zero divisor and an unrepresentable quotient.
#ifndef SONNX_ORACLE_INT_ORACLE_HPP
#define SONNX_ORACLE_INT_ORACLE_HPP

#include <gmp.h>

#include <cstdint>

#include "sonnx/div.hpp"

namespace sonnx::oracle {

/// Whether an integer quotient is defined: ok, a zero divisor, or a quotient that does not fit (MIN / -1).
enum class IntVerdict : std::uint8_t { ok, zero_divisor, overflow };

/// An integer quotient, or why there is none.
struct IntQuotient {
    /// ok, zero_divisor or overflow.
    IntVerdict verdict;
    std::int64_t signed_value;     ///< for signed types (and unsigned values below 2^63)
    std::uint64_t unsigned_value;  ///< for unsigned types
};

/// Operands as the type's values (widened); precondition: an integer type.
IntQuotient int_quotient(ElementType type, std::int64_t a, std::int64_t b, IntRounding rounding);
/// The quotient of two values of an unsigned type.
IntQuotient uint_quotient(ElementType type, std::uint64_t a, std::uint64_t b);

/// The same answers without allocating per call: one instance per thread
/// (campaigns and checks over millions of pairs).
class IntOracle {
public:
    IntOracle();
    ~IntOracle();
    IntOracle(const IntOracle&) = delete;
    IntOracle& operator=(const IntOracle&) = delete;

    /// As int_quotient.
    IntQuotient signed_quotient(ElementType type, std::int64_t a, std::int64_t b, IntRounding rounding);
    /// As uint_quotient.
    IntQuotient unsigned_quotient(ElementType type, std::uint64_t a, std::uint64_t b);

private:
    IntQuotient divide(ElementType type, IntRounding rounding);

    mpz_t a_, b_, q_, low_, high_;
    int range_type_{-1};  ///< the type whose range low_/high_ hold
};

}  // namespace sonnx::oracle

#endif  // SONNX_ORACLE_INT_ORACLE_HPP
