/// @file
/// The report of a check as text, as `sonnx-div check` prints it (DIV-CLI-D6).
#ifndef SONNX_CHECK_REPORT_TEXT_HPP
#define SONNX_CHECK_REPORT_TEXT_HPP

#include <ostream>
#include <string>

#include "sonnx/check/record.hpp"

namespace sonnx::check {

/// Everything but a violated precondition, which the caller reports its own
/// way (the command line: exit status 3 with the record's message and hint).
void print_report(std::ostream& out, const CheckRecord& record);

/// "Y is not a candidate result: Y is FP64 [3], and A / B gives FP32 [3] here
/// (A FP32 [3], B FP32 [3]); no element is judged".
std::string candidate_text(const CheckRecord& record);

}  // namespace sonnx::check

#endif  // SONNX_CHECK_REPORT_TEXT_HPP
