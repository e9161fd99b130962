// Bounded JSON input and strict typed fields (json_input.hpp, report_json.hpp).
#include "json_input.hpp"

#include <charconv>
#include <cmath>
#include <cstring>
#include <set>

#include "sonnx/check/profile_options.hpp"
#include "sonnx/check/report_json.hpp"
#include "sonnx/tensor.hpp"

namespace sonnx::check {

// Why these bounds (report_json.hpp):
// - kMaxReportBytes, 256 MiB: the largest report check writes lists at most
//   kMaxWorst (10^5) worst and 10^5 undefined elements, each under 1 KiB in
//   check's indented form even at rank 16 (a position of 16 coordinates of
//   at most 20 digits), about 200 MB with the provenance; parsed, such a
//   file takes a few times its size in memory. Today's 1 GiB allowed 4 GB
//   or more of parsed values for no report check can write.
// - kMaxReportDepth, 10: check's and campaign's reports nest at most 5 deep
//   (/provenance/inputs/0/shape/0), merge's 7 (/merged_from/0/provenance/
//   inputs/0/shape/0); every later walk of a value read (comparison, copy,
//   output) recurses at most this deep, so no input reaches the stack limit
//   (100,000 nested arrays crashed the merge of raw JSON).
// - kMaxReportString, 4 MiB: the longest string check writes is its command
//   line, which Linux bounds at 2 MiB by default (ARG_MAX, a quarter of the
//   8 MiB stack); quoting for the shell can lengthen it, and a longer one
//   makes the report unreadable here (refused, never misread).
// [impl->req~div-cli-d20~2]
nlohmann::json parse_report_text(const std::uint8_t* text, std::size_t size) {
    using nlohmann::json;
    if (size > kMaxReportBytes) {
        json_input::fail("", std::to_string(size) + " bytes, above the limit of " + std::to_string(kMaxReportBytes) +
                                 " bytes for a report");
    }
    // One set of keys per open container (arrays keep an empty one), so
    // that a key given twice in one object is seen; the depth is checked
    // when a container opens, before anything inside it is built.
    std::vector<std::set<std::string>> keys;
    const json::parser_callback_t bounds = [&keys](int depth, json::parse_event_t event, json& parsed) {
        switch (event) {
            case json::parse_event_t::object_start:
            case json::parse_event_t::array_start:
                if (depth >= kMaxReportDepth) {
                    json_input::fail("", "nested deeper than " + std::to_string(kMaxReportDepth) +
                                             " arrays and objects; no report is");
                }
                keys.emplace_back();
                break;
            case json::parse_event_t::object_end:
            case json::parse_event_t::array_end:
                keys.pop_back();
                break;
            case json::parse_event_t::key: {
                const std::string& key = parsed.get_ref<const std::string&>();
                if (key.size() > kMaxReportString) {
                    json_input::fail("", "a key of " + std::to_string(key.size()) + " bytes, above the limit of " +
                                             std::to_string(kMaxReportString));
                }
                if (!keys.back().insert(key).second) {
                    json_input::fail("", "the key " + json(key).dump() +
                                             " appears twice in one object (which one counts is not defined)");
                }
                break;
            }
            default:
                if (parsed.is_string() && (parsed.get_ref<const std::string&>().size() > kMaxReportString)) {
                    json_input::fail("", "a string of " + std::to_string(parsed.get_ref<const std::string&>().size()) +
                                             " bytes, above the limit of " + std::to_string(kMaxReportString));
                }
                break;
        }
        return true;
    };
    try {
        return json::parse(text, text + size, bounds);
    } catch (const json::exception& error) { json_input::fail("", std::string("not JSON: ") + error.what()); }
}

namespace json_input {

namespace {

using nlohmann::json;

const char* kind_of(const json& value) {
    switch (value.type()) {
        case json::value_t::null:
            return "null";
        case json::value_t::object:
            return "an object";
        case json::value_t::array:
            return "an array";
        case json::value_t::string:
            return "a string";
        case json::value_t::boolean:
            return "a boolean";
        case json::value_t::number_unsigned:
            return "a whole number";
        case json::value_t::number_integer:  // parsed text gives this for negative numbers only
            return (value.get<std::int64_t>() < 0) ? "a negative number" : "a signed integer";
        case json::value_t::number_float:
            return "a float";
        default:
            return "not a JSON value";
    }
}

// A key as a JSON pointer writes it (RFC 6901).
std::string pointer_key(const std::string& key) {
    std::string escaped;
    for (const char c : key) {
        escaped += (c == '~') ? std::string("~0") : (c == '/') ? std::string("~1") : std::string(1, c);
    }
    return escaped;
}

bool all_of(const std::string& text, const char* allowed) {
    return text.find_first_not_of(allowed) == std::string::npos;
}

// A name made of letters, digits and ". _ + ~ -", 1 to `most` characters:
// versions ("0.1.0") and git describe's revisions ("v1-3-g<hash>-dirty").
void require_name(const std::string& text, const std::string& where, std::size_t most) {
    if (text.empty() || (text.size() > most) ||
        !all_of(text, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+~-")) {
        fail(where,
             shown(json(text)) + " is not a name of 1 to " + std::to_string(most) + " letters, digits and . _ + ~ -");
    }
}

// "YYYY-MM-DDTHH:MM:SSZ", as start_provenance writes the date.
void require_date(const std::string& text, const std::string& where) {
    const char* pattern = "dddd-dd-ddTdd:dd:ddZ";
    bool ok = text.size() == std::strlen(pattern);
    for (std::size_t i = 0U; ok && (i < text.size()); ++i) {
        ok = (pattern[i] == 'd') ? ((text[i] >= '0') && (text[i] <= '9')) : (text[i] == pattern[i]);
    }
    if (!ok) {
        fail(where, shown(json(text)) + " is not a UTC date as check writes it (YYYY-MM-DDTHH:MM:SSZ)");
    }
}

InputRecord read_input(const json& value, const std::string& where) {
    const Object in(value, where);
    InputRecord record;
    record.role = in.text("role");
    record.path = in.text("path");
    record.sha256 = in.text("sha256");
    if ((record.sha256.size() != 64U) || !all_of(record.sha256, "0123456789abcdef")) {
        fail(in.where("sha256"), shown(in.at("sha256")) + " is not a SHA-256 in 64 lower-case hex digits");
    }
    record.stored = in.type("stored_type");
    record.read_as = in.type("read_as");
    const json& shape = in.array("shape");
    if (shape.size() > kMaxRank) {
        fail(in.where("shape"), "has " + std::to_string(shape.size()) + " axes, more than " + std::to_string(kMaxRank));
    }
    for (std::size_t k = 0U; k < shape.size(); ++k) {
        record.dims.push_back(whole(shape[k], in.where("shape") + "/" + std::to_string(k)));
    }
    Shape checked{};
    std::uint64_t count = 0U;
    if (!make_shape(record.dims.data(), static_cast<std::uint32_t>(record.dims.size()), checked) ||
        !element_count(checked, count)) {
        fail(in.where("shape"), "has more than 2^64 - 1 elements");
    }
    return record;
}

}  // namespace

void fail(const std::string& where, const std::string& why) {
    throw ReportError(where.empty() ? why : where + ": " + why);
}

std::string shown(const json& value) {
    std::string text = value.dump(-1, ' ', false, json::error_handler_t::replace);
    constexpr std::size_t kMost = 80U;
    if (text.size() > kMost) {
        text = text.substr(0U, kMost) + "...";
    }
    return text;
}

Object::Object(const json& value, std::string where) : value_(value), where_(std::move(where)) {
    if (!value_.is_object()) {
        fail(where_, std::string("is ") + kind_of(value_) + ", not an object");
    }
}

bool Object::has(const char* key) const { return value_.contains(key); }

std::string Object::where(const char* key) const { return where_ + "/" + pointer_key(key); }

const json& Object::at(const char* key) const {
    const auto found = value_.find(key);
    if (found == value_.end()) {
        fail(where(key), "missing");
    }
    return *found;
}

std::uint64_t Object::whole(const char* key, std::uint64_t max) const {
    return json_input::whole(at(key), where(key), max);
}

const std::string& Object::text(const char* key) const { return json_input::text(at(key), where(key)); }

bool Object::flag(const char* key) const {
    const json& value = at(key);
    if (!value.is_boolean()) {
        fail(where(key), std::string("is ") + kind_of(value) + ", not true or false");
    }
    return value.get<bool>();
}

double Object::ulps(const char* key) const { return json_input::ulps(at(key), where(key)); }

const json& Object::array(const char* key) const { return json_input::array(at(key), where(key)); }

ElementType Object::type(const char* key) const { return type_named(text(key), where(key)); }

std::uint64_t whole(const json& value, const std::string& where, std::uint64_t max) {
    // Only what the parser read as an unsigned integer: never a float
    // converted (0.5, -0.0 and 1e300 are not counts) nor a negative wrapped.
    if (!value.is_number_unsigned()) {
        fail(where, shown(value) + " is " + kind_of(value) + ", not a whole number from 0 to " + std::to_string(max));
    }
    const auto number = value.get<std::uint64_t>();
    if (number > max) {
        fail(where, std::to_string(number) + " is above " + std::to_string(max));
    }
    return number;
}

const std::string& text(const json& value, const std::string& where) {
    if (!value.is_string()) {
        fail(where, shown(value) + " is " + kind_of(value) + ", not a string");
    }
    return value.get_ref<const std::string&>();
}

const json& array(const json& value, const std::string& where) {
    if (!value.is_array()) {
        fail(where, std::string("is ") + kind_of(value) + ", not an array");
    }
    return value;
}

double ulps(const json& value, const std::string& where) {
    if (value.is_string() && (value.get_ref<const std::string&>() == "inf")) {
        return INFINITY;
    }
    if (!value.is_number_float()) {
        fail(where, shown(value) + " is " + kind_of(value) + "; an error in ulps is written as a double or \"inf\"");
    }
    const double number = value.get<double>();
    if (!std::isfinite(number) || std::signbit(number)) {
        fail(where, shown(value) + " is not an error in ulps (a finite double, 0 or above, or \"inf\")");
    }
    return number;
}

ElementType type_named(const std::string& name, const std::string& where) {
    for (std::uint8_t k = 0U; k < kElementTypeCount; ++k) {
        const auto type = static_cast<ElementType>(k);
        if (name == element_type_name(type)) {
            return type;
        }
    }
    fail(where, shown(json(name)) + " is not an element type's name (FP16, BF16, FP32, ..., UINT64)");
}

std::optional<std::uint64_t> decimal(const std::string& text, std::uint64_t max) {
    if (text.empty() || (text.size() > 20U) || !all_of(text, "0123456789") ||
        ((text.size() > 1U) && (text[0] == '0'))) {
        return std::nullopt;
    }
    std::uint64_t value = 0U;
    for (const char c : text) {
        const auto digit = static_cast<std::uint64_t>(c - '0');
        if (value > (UINT64_MAX - digit) / 10U) {
            return std::nullopt;
        }
        value = value * 10U + digit;
    }
    if (value > max) {
        return std::nullopt;
    }
    return value;
}

std::optional<std::int64_t> signed_decimal(const std::string& text) {
    constexpr std::uint64_t kMagnitudeOfMin = std::uint64_t{1} << 63U;
    if (!text.empty() && (text[0] == '-')) {
        const std::optional<std::uint64_t> magnitude = decimal(text.substr(1U), kMagnitudeOfMin);
        if (!magnitude.has_value() || (*magnitude == 0U)) {
            return std::nullopt;  // "-0" is not how a number is written
        }
        return (*magnitude == kMagnitudeOfMin) ? INT64_MIN : -static_cast<std::int64_t>(*magnitude);
    }
    const std::optional<std::uint64_t> value = decimal(text, static_cast<std::uint64_t>(INT64_MAX));
    if (!value.has_value()) {
        return std::nullopt;
    }
    return static_cast<std::int64_t>(*value);
}

std::uint64_t element_word(ElementType type, const json& value, const std::string& where) {
    const std::string& given = text(value, where);
    const std::size_t bytes = element_size(type);
    const unsigned bits = static_cast<unsigned>(bytes * 8U);
    if (type_class(type) == TypeClass::floating) {
        const std::size_t digits = bytes * 2U;
        if ((given.size() != digits + 2U) || (given.compare(0U, 2U, "0x") != 0) ||
            !all_of(given.substr(2U), "0123456789abcdef")) {
            fail(where, shown(value) + " is not an " + element_type_name(type) + " encoding (0x and " +
                            std::to_string(digits) + " lower-case hex digits)");
        }
        std::uint64_t word = 0U;  // at most 16 hex digits, checked above: no overflow
        (void)std::from_chars(given.data() + 2, given.data() + given.size(), word, 16);
        return word;
    }
    const bool is_signed = (type == ElementType::int4) || (type == ElementType::int8) || (type == ElementType::int16) ||
                           (type == ElementType::int32) || (type == ElementType::int64);
    if (is_signed) {
        const std::optional<std::int64_t> number = signed_decimal(given);
        const std::int64_t low = (bits == 64U) ? INT64_MIN : -(std::int64_t{1} << (bits - 1U));
        const std::int64_t high = (bits == 64U) ? INT64_MAX : (std::int64_t{1} << (bits - 1U)) - 1;
        if (!number.has_value() || (*number < low) || (*number > high)) {
            fail(where, shown(value) + " is not an " + element_type_name(type) + " element (a decimal from " +
                            std::to_string(low) + " to " + std::to_string(high) + " in its storage)");
        }
        return static_cast<std::uint64_t>(*number);
    }
    const std::uint64_t high = (bits == 64U) ? UINT64_MAX : (std::uint64_t{1} << bits) - 1U;
    const std::optional<std::uint64_t> number = decimal(given, high);
    if (!number.has_value()) {
        fail(where, shown(value) + " is not a " + element_type_name(type) + " element (a decimal from 0 to " +
                        std::to_string(high) + " in its storage)");
    }
    return *number;
}

Provenance read_provenance(const json& value, const std::string& where, const char* command) {
    const Object p(value, where);
    if (p.text("tool") != "sonnx-div") {
        fail(p.where("tool"), shown(p.at("tool")) + " is not sonnx-div");
    }
    Provenance provenance;
    provenance.version = p.text("version");
    require_name(provenance.version, p.where("version"), 64U);
    provenance.revision = p.text("revision");
    require_name(provenance.revision, p.where("revision"), 128U);
    provenance.compiler = p.text("compiler");
    if (provenance.compiler.empty() || (provenance.compiler.size() > 256U) ||
        (provenance.compiler.find_first_not_of(" !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                               "[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~") != std::string::npos)) {
        fail(p.where("compiler"),
             shown(p.at("compiler")) + " is not a compiler's name (1 to 256 printable characters)");
    }
    provenance.date = p.text("date");
    require_date(provenance.date, p.where("date"));
    provenance.command = p.text("command");
    if (provenance.command != command) {
        fail(p.where("command"),
             shown(p.at("command")) + ": made by " + provenance.command + ", not by " + command +
                 ((provenance.command == "merge") ? " (a merged report: merge the shards' own)" : ""));
    }
    provenance.command_line = p.text("command_line");
    const Object options(p.at("options"), p.where("options"));
    for (const auto& [name, option_value] : p.at("options").items()) {
        provenance.options.emplace_back(name, text(option_value, options.where(name.c_str())));
    }
    const json& inputs = p.array("inputs");
    for (std::size_t k = 0U; k < inputs.size(); ++k) {
        provenance.inputs.push_back(read_input(inputs[k], p.where("inputs") + "/" + std::to_string(k)));
    }
    return provenance;
}

DivOptions profile_from_options(const Provenance& provenance) {
    const std::string where = "/provenance/options/";
    DivOptions options;
    const std::optional<Profile> profile = profile_named(option(provenance, "profile"));
    if (!profile.has_value()) {
        fail(where + "profile", shown(json(option(provenance, "profile"))) + " is not sonnx, onnx or openvino");
    }
    options.profile = *profile;
    if (options.profile == Profile::sonnx) {
        const std::optional<SonnxRevision> revision = revision_named(option(provenance, "sonnx-revision"));
        if (!revision.has_value()) {
            fail(where + "sonnx-revision",
                 shown(json(option(provenance, "sonnx-revision"))) + " is not seed or 2026-06");
        }
        options.sonnx_revision = *revision;
        if (options.sonnx_revision == SonnxRevision::seed) {
            const std::optional<IntRounding> rounding = rounding_named(option(provenance, "int-rounding"));
            if (!rounding.has_value()) {
                fail(where + "int-rounding",
                     shown(json(option(provenance, "int-rounding"))) + " is not floor or trunc");
            }
            options.int_rounding = *rounding;
        }
    } else if (options.profile == Profile::onnx) {
        const std::optional<std::uint64_t> opset = decimal(option(provenance, "opset"), UINT32_MAX);
        if (!opset.has_value()) {
            fail(where + "opset", shown(json(option(provenance, "opset"))) + " is not a whole number below 2^32");
        }
        options.onnx.opset = static_cast<std::uint32_t>(*opset);
        if (options.onnx.opset < 7U) {  // the legacy attributes, recorded where they exist (options_in_force)
            const std::string& broadcast = option(provenance, "broadcast");
            if ((broadcast != "0") && (broadcast != "1")) {
                fail(where + "broadcast", shown(json(broadcast)) + " is not 0 or 1");
            }
            options.onnx.broadcast = broadcast == "1";
            const std::string& axis = option(provenance, "axis");
            if (axis != "none") {
                const std::optional<std::int64_t> value = signed_decimal(axis);
                if (!value.has_value()) {
                    fail(where + "axis", shown(json(axis)) + " is not none or a whole number within int64");
                }
                options.onnx.has_axis = true;
                options.onnx.axis = *value;
            }
        }
    } else {
        const std::optional<bool> pythondiv = bool_named(option(provenance, "pythondiv"));
        const std::optional<AutoBroadcast> broadcast = auto_broadcast_named(option(provenance, "auto-broadcast"));
        if (!pythondiv.has_value()) {
            fail(where + "pythondiv", shown(json(option(provenance, "pythondiv"))) + " is not true or false");
        }
        if (!broadcast.has_value()) {
            fail(where + "auto-broadcast", shown(json(option(provenance, "auto-broadcast"))) + " is not none or numpy");
        }
        options.openvino.pythondiv = *pythondiv;
        options.openvino.auto_broadcast = *broadcast;
    }
    return options;
}

const std::string& option(const Provenance& provenance, const char* name) {
    for (const auto& [key, value] : provenance.options) {
        if (key == name) {
            return value;
        }
    }
    fail("/provenance/options/" + pointer_key(name), "missing");
}

std::string first_difference(const json& given, const json& expected, const std::string& where) {
    if (given.type() != expected.type()) {
        return where + ": " + shown(given) + " is " + kind_of(given) + "; from what was read, the writer writes " +
               shown(expected);
    }
    switch (given.type()) {
        case json::value_t::object:
            for (const auto& [key, value] : given.items()) {
                if (!expected.contains(key)) {
                    return where + "/" + pointer_key(key) + ": unknown key (the writer writes no such field here)";
                }
            }
            for (const auto& [key, value] : expected.items()) {
                if (!given.contains(key)) {
                    return where + "/" + pointer_key(key) + ": missing";
                }
                const std::string inner = first_difference(given.at(key), value, where + "/" + pointer_key(key));
                if (!inner.empty()) {
                    return inner;
                }
            }
            return "";
        case json::value_t::array:
            if (given.size() != expected.size()) {
                return where + ": " + std::to_string(given.size()) +
                       " entries; from what was read, the writer writes " + std::to_string(expected.size());
            }
            for (std::size_t k = 0U; k < given.size(); ++k) {
                const std::string inner = first_difference(given[k], expected[k], where + "/" + std::to_string(k));
                if (!inner.empty()) {
                    return inner;
                }
            }
            return "";
        case json::value_t::number_float: {
            // Bit for bit: -0.0 is not 0.0, and no rounding is forgiven.
            const double x = given.get<double>();
            const double y = expected.get<double>();
            if (std::memcmp(&x, &y, sizeof x) != 0) {
                return where + ": " + shown(given) + "; from what was read, the writer writes " + shown(expected);
            }
            return "";
        }
        default:
            if (given != expected) {
                return where + ": " + shown(given) + "; from what was read, the writer writes " + shown(expected);
            }
            return "";
    }
}

void require_as_written(const json& given, const json& expected) {
    const std::string difference = first_difference(given, expected, "");
    if (!difference.empty()) {
        throw ReportError(difference);
    }
}

}  // namespace json_input

}  // namespace sonnx::check
