/// @file
/// The report of a check as JSON (DIV-CLI-D6): one codec that writes a
/// record and reads one back with the same schema, so that `sonnx-div merge`
/// rebuilds shards' records, merges them with the report's one merge and
/// writes the result as check would have (DIV-CLI-D20).
#ifndef SONNX_CHECK_REPORT_JSON_HPP
#define SONNX_CHECK_REPORT_JSON_HPP

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "sonnx/check/record.hpp"

namespace sonnx::check {

/// What `sonnx-div check --json` writes and the Python module's check returns.
nlohmann::json report_json(const CheckRecord& record);
/// The provenance as the report's JSON writes it.
nlohmann::json provenance_json(const Provenance& provenance);

/// A report that is not what the writer writes, or breaks the bounds below:
/// what() names the field as a JSON pointer ("/worst/3/expected: ...", ""
/// for the whole text) and why.
class ReportError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// Bounds on a report read back, so that a hostile file costs bounded time,
/// memory and stack (report_reader.cpp says how each was chosen).
inline constexpr std::uint64_t kMaxReportBytes = std::uint64_t{256} << 20U;  ///< 256 MiB
inline constexpr int kMaxReportDepth = 10;                                  ///< nesting of arrays and objects
inline constexpr std::size_t kMaxReportString = std::size_t{4} << 20U;      ///< 4 MiB, keys and strings

/// JSON text parsed within those bounds: more than kMaxReportBytes, nesting
/// deeper than kMaxReportDepth, a key or string longer than kMaxReportString,
/// a key twice in one object (nlohmann would keep the last) or anything that
/// is not JSON is refused with a ReportError, before any value that deep or
/// that long is built.
nlohmann::json parse_report_text(const std::uint8_t* text, std::size_t size);

/// The record a check report holds, read back and verified: the schema
/// report_json writes and nothing else, each field of its type and range,
/// every derived field (texts, positions, sums, hints, the verdict) as the
/// writer would write it from what was read, the counts consistent with one
/// another, with the shard's range and with the operands' types and shapes,
/// and each listed element re-judged by the oracle. A pure function of the
/// JSON. Throws ReportError. The three steps below, in this order.
CheckRecord read_report_json(const nlohmann::json& report);

/// The reader's steps, apart so that tests show what each one catches.
/// 1. The schema: types, ranges, texts parsed back, and the JSON equal to
///    report_json of the record read (no unknown key, no derived field that
///    the writer would write otherwise).
CheckRecord parse_report_fields(const nlohmann::json& report);
/// 2. The record's consistency: its precondition or candidate mismatch as
///    the inputs' types and shapes imply, its counts with one another and
///    with the shard's range, its worst and undefined elements listed as
///    the judge lists them.
void check_report_consistency(const CheckRecord& record);
/// 3. The listed elements re-judged: each worst element's expected value,
///    error and verdict the oracle's for its operands, each undefined
///    element undefined for the reason given, and the counts that the list
///    determines equal to the list's.
void rejudge_listed_elements(const CheckRecord& record);

}  // namespace sonnx::check

#endif  // SONNX_CHECK_REPORT_JSON_HPP
