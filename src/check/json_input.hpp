// Reading JSON that another machine wrote: typed fields at a JSON pointer,
// refused (ReportError, naming the pointer) unless each is exactly of the
// type and range the writer gives it. Never lets nlohmann convert a value:
// a float where a whole number is due, or -1, is an error, not 0 or 2^64 - 1.
// Private to the readers of src/check (report_reader.cpp, campaign_json.cpp).
#ifndef SONNX_CHECK_JSON_INPUT_HPP
#define SONNX_CHECK_JSON_INPUT_HPP

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sonnx/check/provenance.hpp"
#include "sonnx/div_options.hpp"
#include "sonnx/element_type.hpp"

namespace sonnx::check::json_input {

// Throws ReportError "<where>: <why>"; `where` is a JSON pointer ("" for the whole report).
[[noreturn]] void fail(const std::string& where, const std::string& why);

// `value` as JSON text, cut to a readable length, for messages.
std::string shown(const nlohmann::json& value);

// An object's members, each looked up by name under the object's pointer.
class Object {
public:
    Object(const nlohmann::json& value, std::string where);
    [[nodiscard]] bool has(const char* key) const;
    [[nodiscard]] std::string where(const char* key) const;
    // The member; fails when it is missing.
    [[nodiscard]] const nlohmann::json& at(const char* key) const;
    // A whole number 0 ... max, written as one (never a float, never negative).
    [[nodiscard]] std::uint64_t whole(const char* key, std::uint64_t max = UINT64_MAX) const;
    [[nodiscard]] const std::string& text(const char* key) const;
    [[nodiscard]] bool flag(const char* key) const;
    // A finite non-negative double, or the string "inf" for +infinity.
    [[nodiscard]] double ulps(const char* key) const;
    [[nodiscard]] const nlohmann::json& array(const char* key) const;
    // An element type by the name the writer gives it ("FP32", "UINT4").
    [[nodiscard]] ElementType type(const char* key) const;

private:
    const nlohmann::json& value_;
    std::string where_;
};

std::uint64_t whole(const nlohmann::json& value, const std::string& where, std::uint64_t max = UINT64_MAX);
const std::string& text(const nlohmann::json& value, const std::string& where);
const nlohmann::json& array(const nlohmann::json& value, const std::string& where);
double ulps(const nlohmann::json& value, const std::string& where);
ElementType type_named(const std::string& name, const std::string& where);

// Decimal digits only, no sign, no leading zero but in "0", at most `max`;
// nullopt otherwise. The form std::to_string gives an unsigned number.
std::optional<std::uint64_t> decimal(const std::string& text, std::uint64_t max);
// The same with an optional leading '-', within int64.
std::optional<std::int64_t> signed_decimal(const std::string& text);

// An element word from its text (text::element_text): "0x" and exactly the
// hex digits of the float type's width in lower case; a decimal integer in
// the range of the type's storage (INT4 and UINT4: a byte's).
std::uint64_t element_word(ElementType type, const nlohmann::json& value, const std::string& where);

// The provenance of a report (provenance_json's output): the tool's name,
// version, revision and compiler, the date, `command` (which must be
// `command`), the command line, the options as written and the inputs.
// Each field well-formed; the options are returned as given, to be parsed
// by the report's reader.
Provenance read_provenance(const nlohmann::json& value, const std::string& where, const char* command);

// An option of the provenance, by name; fails when it is missing.
const std::string& option(const Provenance& provenance, const char* name);

// The operator's options as options_in_force records them, read back: the
// profile and the options it has (each as that function writes it). The
// recorded "int-rounding" is not read but re-rendered by the caller.
DivOptions profile_from_options(const Provenance& provenance);

// The first place where `given` differs from `expected`, the writer's
// rendering of what was read: a key one has and the other lacks, another
// JSON type (an unsigned and a float of equal value differ), or another
// value (floats compared bit for bit). "" when they are identical.
std::string first_difference(const nlohmann::json& given, const nlohmann::json& expected, const std::string& where);

// Fails naming the first difference, if any: every key known, every
// derived field the writer's.
void require_as_written(const nlohmann::json& given, const nlohmann::json& expected);

}  // namespace sonnx::check::json_input

#endif  // SONNX_CHECK_JSON_INPUT_HPP
