// The report of a check as JSON (DIV-CLI-D6): one codec that writes a
// record and reads one back with the same schema, so that `sonnx-div merge`
// rebuilds shards' records, merges them with the report's one merge and
// writes the result as check would have (DIV-CLI-D20).
#ifndef SONNX_CHECK_REPORT_JSON_HPP
#define SONNX_CHECK_REPORT_JSON_HPP

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>

#include "sonnx/check/record.hpp"

namespace sonnx::check {

// What `sonnx-div check --json` writes and the Python module's check returns.
nlohmann::json report_json(const CheckRecord& record);
nlohmann::json provenance_json(const Provenance& provenance);

}  // namespace sonnx::check

#endif  // SONNX_CHECK_REPORT_JSON_HPP
