// The C interface of core_rows.cpp, for the OCaml stubs (core_rows_stubs.c).
#ifndef SONNX_TESTS_WHY3_CORE_ROWS_HPP
#define SONNX_TESTS_WHY3_CORE_ROWS_HPP

#include <stdint.h>

// What the core returned for one element of a row.
enum {
    sonnx_row_quotient = 0,      // the call succeeded: the element's quotient is written
    sonnx_row_zero_divisor = 1,  // the call failed with zero_divisor at this element
    sonnx_row_overflow = 2,      // the call failed with overflow at this element
    sonnx_row_other_status = 3,  // the call failed at this element with another status
    sonnx_row_not_computed = 4   // the call failed at another element
};

#ifdef __cplusplus
extern "C" {
#endif

// A / B for A = `a` and every B of INT16 (is_signed) or UINT16, from the
// type's lowest value up: entry i is B = lowest + i, 65,536 entries each.
void sonnx_core_row16(int is_signed, int floor_rounding, int32_t a, int32_t* quotients, uint8_t* verdicts);

#ifdef __cplusplus
}
#endif

#endif  // SONNX_TESTS_WHY3_CORE_ROWS_HPP
