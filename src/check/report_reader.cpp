// check's JSON report read back (report_json.hpp): what `sonnx-div merge`
// takes from another machine is verified, never trusted (DIV-CLI-D20).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>

#include "json_input.hpp"
#include "sonnx/check/judge.hpp"
#include "sonnx/check/profile_rules.hpp"
#include "sonnx/check/report_json.hpp"
#include "sonnx/io/tensor_file.hpp"
#include "sonnx/oracle/element_words.hpp"
#include "sonnx/oracle/shards.hpp"
#include "sonnx/text/element_text.hpp"
#include "sonnx/text/status_text.hpp"
#include "sonnx/text/type_names.hpp"

namespace sonnx::check {

namespace {

using json_input::fail;
using json_input::Object;
using json_input::option;
using json_input::shown;
using nlohmann::json;

bool is_float(ElementType type) { return type_class(type) == TypeClass::floating; }

std::string text_of(std::uint64_t number) { return std::to_string(number); }

Shape shape_of(const std::vector<std::uint64_t>& dims) {
    Shape shape{};
    (void)make_shape(dims.data(), static_cast<std::uint32_t>(dims.size()), shape);  // rank checked when read
    return shape;
}

std::uint64_t count_of(const std::vector<std::uint64_t>& dims) {
    std::uint64_t count = 0U;
    (void)element_count(shape_of(dims), count);  // fits: checked when read, or by the shape rule
    return count;
}

const InputRecord& input(const CheckRecord& record, std::size_t k) { return record.provenance.inputs[k]; }

// The settings check recorded (settings_in_force), read back from the
// provenance's options; `type_read_as` the --type given, "" for none.
Settings settings_from(const Provenance& provenance, bool floating, const Object& top, std::string& type_read_as) {
    const std::string where = "/provenance/options/";
    Settings settings;
    settings.profile = json_input::profile_from_options(provenance);
    if (floating) {
        const std::optional<AcceptanceLevel> accept = parse_acceptance(option(provenance, "accept"));
        if (!accept.has_value()) {
            fail(where + "accept", shown(json(option(provenance, "accept"))) + " is not " + kAcceptanceForms);
        }
        settings.accept = *accept;
    } else {
        const std::string& undefined = option(provenance, "undefined");
        if ((undefined != "list") && (undefined != "refuse")) {
            fail(where + "undefined", shown(json(undefined)) + " is not list or refuse");
        }
        settings.undefined = (undefined == "list") ? UndefinedPolicy::list : UndefinedPolicy::refuse;
        // An integer check given --accept Nulp records the bound only here
        // (the level changes nothing for integers); other levels leave no trace.
        if (top.has("acceptance_ulps")) {
            const double bound = top.ulps("acceptance_ulps");
            const std::optional<AcceptanceLevel> accept = parse_acceptance(shortest_text(bound) + "ulp");
            if (!accept.has_value()) {
                fail(top.where("acceptance_ulps"), shown(top.at("acceptance_ulps")) + " is not a bound --accept takes");
            }
            settings.accept = *accept;
        }
    }
    const std::string& type = option(provenance, "type");
    ElementType named{};
    if ((type != "(not given)") && !text::parse_type_name(type, named)) {
        fail(where + "type", shown(json(type)) + " is not (not given) or an element type");
    }
    type_read_as = (type == "(not given)") ? std::string() : type;
    const std::optional<std::uint64_t> worst = json_input::decimal(option(provenance, "worst"), kMaxWorst);
    if (!worst.has_value()) {
        fail(where + "worst",
             shown(json(option(provenance, "worst"))) + " is not a whole number from 0 to " + text_of(kMaxWorst));
    }
    settings.worst = static_cast<std::size_t>(*worst);
    const std::optional<Shard> shard = parse_shard(option(provenance, "shard"));
    if (!shard.has_value()) {
        fail(where + "shard",
             shown(json(option(provenance, "shard"))) + " is not K/N with 0 <= K < N <= " + text_of(kMaxShards));
    }
    settings.shard = *shard;
    const std::string& threads = option(provenance, "threads");
    const std::string note = " (the report does not depend on it)";
    const std::optional<std::uint64_t> count =
        (threads.size() > note.size()) && (threads.compare(threads.size() - note.size(), note.size(), note) == 0)
            ? json_input::decimal(threads.substr(0U, threads.size() - note.size()), kMaxThreads)
            : std::nullopt;
    if (!count.has_value() || (*count == 0U)) {
        fail(where + "threads",
             shown(json(threads)) + " is not a thread count from 1 to " + text_of(kMaxThreads) + " followed by" + note);
    }
    settings.threads = static_cast<unsigned>(*count);
    return settings;
}

// A, B and Y, each read as the report's type unless the check itself found
// them of other types; --type reads every file as that type, from its own
// or from the storage NumPy gives it (DIV-IO-D2).
void check_inputs(const Provenance& provenance, ElementType type, const std::string& type_read_as) {
    const char* const roles[] = {"A", "B", "Y"};
    if (provenance.inputs.size() != 3U) {
        fail("/provenance/inputs", text_of(provenance.inputs.size()) + " inputs; check records A, B and Y");
    }
    ElementType given{};
    const bool type_given = text::parse_type_name(type_read_as, given);
    for (std::size_t k = 0U; k < 3U; ++k) {
        const InputRecord& in = provenance.inputs[k];
        const std::string where = "/provenance/inputs/" + text_of(k);
        if (in.role != roles[k]) {
            fail(where + "/role", shown(json(in.role)) + " where check records " + roles[k]);
        }
        if (type_given ? ((in.read_as != given) || ((in.stored != given) && !io::npy_storage_of(given, in.stored)))
                       : (in.read_as != in.stored)) {
            fail(where + "/read_as",
                 std::string(element_type_name(in.stored)) + " read as " + element_type_name(in.read_as) +
                     " under type=" + (type_given ? type_read_as : "(not given)") + ": no reader reads so");
        }
    }
    if (provenance.inputs[0].read_as != type) {
        fail("/type", std::string(element_type_name(type)) + ", but A was read as " +
                          element_type_name(provenance.inputs[0].read_as) + " (the check's type is A's)");
    }
}

template <typename Enum>
Enum named_value(const std::string& name, const std::string& where, unsigned last, const char* (*name_of)(Enum)) {
    for (unsigned k = 0U; k <= last; ++k) {
        const auto value = static_cast<Enum>(k);
        if (name == name_of(value)) {
            return value;
        }
    }
    fail(where, shown(json(name)) + " is no such name");
}

const char* code_name(StatusCode code) { return status_code_name(code); }
const char* requirement_text(RequirementId id) { return requirement_name(id); }
const char* operand_text(Operand operand) { return operand_name(operand); }

Status read_precondition(const Object& p) {
    Status status;
    status.code = named_value<StatusCode>(p.text("status"), p.where("status"),
                                          static_cast<unsigned>(StatusCode::misaligned), code_name);
    status.requirement = named_value<RequirementId>(p.text("requirement"), p.where("requirement"),
                                                    static_cast<unsigned>(RequirementId::div_prof_d4),
                                                    requirement_text);
    status.operand = named_value<Operand>(p.text("operand"), p.where("operand"), static_cast<unsigned>(Operand::y),
                                          operand_text);
    status.index = p.whole("index");
    if (status.is_ok()) {
        fail(p.where("status"), "ok is no precondition's failure");
    }
    return status;
}

ElementCheck read_worst(const json& value, const std::string& where, ElementType type) {
    const Object in(value, where);
    ElementCheck e;
    e.index = in.whole("index");
    e.a = json_input::element_word(type, in.at("a"), in.where("a"));
    e.b = json_input::element_word(type, in.at("b"), in.where("b"));
    e.candidate = json_input::element_word(type, in.at("y"), in.where("y"));
    e.expected = json_input::element_word(type, in.at("expected"), in.where("expected"));
    e.conforming = in.flag("conforming");
    if (is_float(type)) {
        e.ulps = in.ulps("ulp_error");
        e.special_mismatch = in.flag("special_mismatch");
        e.flushed = in.flag("flush_to_zero");  // the writer writes it for non-conforming elements only
    } else {
        e.error_units = in.whole("error");
        e.ulps = static_cast<double>(e.error_units);  // as the judge orders them (worse())
    }
    return e;
}

UndefinedElement read_undefined(const json& value, const std::string& where, ElementType type) {
    const Object in(value, where);
    UndefinedElement e;
    e.index = in.whole("index");
    e.a = json_input::element_word(type, in.at("a"), in.where("a"));
    e.b = json_input::element_word(type, in.at("b"), in.where("b"));
    e.candidate = json_input::element_word(type, in.at("y"), in.where("y"));
    const std::string& reason = in.text("reason");
    if ((reason != "zero divisor") && (reason != "MIN / -1")) {
        fail(in.where("reason"), shown(in.at("reason")) + " is not zero divisor or MIN / -1");
    }
    e.reason = (reason == "zero divisor") ? StatusCode::zero_divisor : StatusCode::overflow;
    return e;
}

// The judgement of a report whose operands met the preconditions.
void read_judgement(const Object& top, CheckRecord& record) {
    Report& r = record.report;
    const ElementType type = r.type;
    const InputRecord& y = input(record, 2U);
    r.elements = top.whole("elements");
    // Y's fit is a fact of the inputs as recorded, not of the report's say.
    const Status candidate = candidate_status(type, shape_of(record.y_dims), y.read_as, shape_of(y.dims));
    if (top.at("candidate_mismatch").is_null() != candidate.is_ok()) {
        fail(top.where("candidate_mismatch"), candidate.is_ok()
                                                  ? std::string("given, but Y is of the type and shape A / B gives")
                                                  : "null, but Y does not fit: " + text::status_summary(candidate));
    }
    r.candidate_mismatch = candidate;
    if (!candidate.is_ok()) {
        return;  // no element judged; the rest is derived, and compared as written
    }
    r.conforming = top.whole("conforming");
    r.undefined = top.whole("undefined");
    if ((r.conforming > r.elements) || (r.undefined > r.elements - r.conforming)) {
        fail(top.where("conforming"), text_of(r.conforming) + " conforming and " + text_of(r.undefined) +
                                          " undefined elements: more than the " + text_of(r.elements) + " elements");
    }
    r.exact_matches = top.whole("exact_matches");
    if (is_float(type)) {
        r.special_mismatches = top.whole("special_value_mismatches");
        r.flushed = top.whole("flush_to_zero");
        r.max_ulps = top.ulps("max_ulp_error");
    } else {
        r.max_error_units = top.whole("max_error");
        r.max_ulps = static_cast<double>(r.max_error_units);
        r.other_rounding_matches = top.whole("other_rounding_matches");
    }
    const json& histogram = top.array("histogram");
    if (histogram.size() != kHistogramBuckets) {
        fail(top.where("histogram"),
             text_of(histogram.size()) + " buckets; check writes " + text_of(kHistogramBuckets));
    }
    for (std::size_t k = 0U; k < kHistogramBuckets; ++k) {
        r.histogram[k] = Object(histogram[k], top.where("histogram") + "/" + text_of(k)).whole("count");
    }
    const json& worst = top.array("worst");
    for (std::size_t k = 0U; k < worst.size(); ++k) {
        r.worst.push_back(read_worst(worst[k], top.where("worst") + "/" + text_of(k), type));
    }
    const json& undefined = top.array("undefined_elements");
    for (std::size_t k = 0U; k < undefined.size(); ++k) {
        r.undefined_elements.push_back(
            read_undefined(undefined[k], top.where("undefined_elements") + "/" + text_of(k), type));
    }
    const json& failed = top.array("failed_requirements");
    for (std::size_t k = 0U; k < failed.size(); ++k) {
        r.failed_requirements.push_back(
            json_input::text(failed[k], top.where("failed_requirements") + "/" + text_of(k)));
    }
}

bool same_status(const Status& x, const Status& y) {
    return (x.code == y.code) && (x.requirement == y.requirement) && (x.operand == y.operand) && (x.index == y.index);
}

// "A[2] = 6": the values a precondition's message shows, which the report
// does not otherwise hold. The message must be the one violation_message
// writes for this status and these inputs, each value one the type holds,
// the divisor 0 for a zero divisor, MIN and -1 for an overflow, and the
// value out of range for INT4/UINT4 out of range.
void check_message(const CheckRecord& record) {
    const Status& p = record.report.precondition;
    const ElementType type = record.report.type;
    const InputRecord& a = input(record, 0U);
    const InputRecord& b = input(record, 1U);
    const InputRecord& y = input(record, 2U);
    const ConstTensorView va{a.read_as, shape_of(a.dims), nullptr, 0U};
    const ConstTensorView vb{b.read_as, shape_of(b.dims), nullptr, 0U};
    const ConstTensorView vy{y.read_as, shape_of(y.dims), nullptr, 0U};
    // Without data, violation_message shows each value as "?".
    const std::string pattern = text::violation_message(p, &va, &vb, &vy);
    const std::string& given = record.precondition_message;
    const std::string hole = " = ?";
    std::vector<std::uint64_t> values;
    std::size_t at = 0U;  // in given
    std::size_t from = 0U;  // in pattern
    bool ok = true;
    // Whether `given` holds `piece` at `at`, which then moves past it.
    const auto take = [&given, &at](const std::string& piece) {
        const bool found = (at <= given.size()) && (given.compare(at, piece.size(), piece) == 0);
        at += piece.size();
        return found;
    };
    for (;;) {
        const std::size_t next = pattern.find(hole, from);
        ok = ok && take(pattern.substr(from, (next == std::string::npos) ? std::string::npos : next - from));
        if (!ok || (next == std::string::npos)) {
            break;
        }
        ok = take(" = ");
        if (!ok) {
            break;
        }
        const std::size_t end = std::min(given.find_first_not_of("-0123456789", at), given.size());
        try {
            values.push_back(json_input::element_word(type, json(given.substr(at, end - at)), "/precondition/message"));
        } catch (const ReportError&) { ok = false; }
        at = end;
        from = next + hole.size();
    }
    ok = ok && (at == given.size());
    if (ok && (values.size() == 2U) && (type_class(type) == TypeClass::integer)) {
        const oracle::ElementTraits t = oracle::element_traits(type);
        const auto minimum = static_cast<std::uint64_t>(oracle::int_min(t));
        if (p.code == StatusCode::zero_divisor) {
            ok = values[1] == 0U;
        } else if (p.code == StatusCode::overflow) {
            ok = (values[0] == minimum) && (values[1] == ~std::uint64_t{0});
        } else if (p.code == StatusCode::value_out_of_range) {
            const auto value = static_cast<std::int64_t>(values[(p.operand == Operand::a) ? 0U : 1U]);
            ok = (value < oracle::int_min(t)) || (value > static_cast<std::int64_t>(oracle::int_max(t)));
        } else {
            ok = false;
        }
    }
    if (!ok) {
        fail("/precondition/message", shown(json(given)) + " is not the message of " + text::status_summary(p) +
                                          " for these inputs (" + shown(json(pattern)) + ", each ? a value of " +
                                          element_type_name(type) + " that fits the status)");
    }
}

// A precondition as the judge reports it: the one the inputs' types and
// shapes give, or, where they meet every such rule, an INT4/UINT4 operand
// out of range (of the operand's elements) or an element without a
// defined result under undefined=refuse (of the shard's elements).
void check_precondition(const CheckRecord& record, const Status& operands) {
    const Status& p = record.report.precondition;
    const Settings& settings = record.settings;
    if (!operands.is_ok()) {
        if (!same_status(p, operands)) {
            fail("/precondition",
                 text::status_summary(p) + ", but the inputs' types and shapes give " + text::status_summary(operands));
        }
        check_message(record);
        return;
    }
    const ElementType type = record.report.type;
    const oracle::ElementTraits t = oracle::element_traits(type);
    const bool integer = !t.is_float;
    if ((p.code == StatusCode::value_out_of_range) && (p.requirement == RequirementId::div_int_d4) && integer &&
        (t.bits == 4U) && ((p.operand == Operand::a) || (p.operand == Operand::b))) {
        const InputRecord& operand = input(record, (p.operand == Operand::a) ? 0U : 1U);
        if (p.index >= count_of(operand.dims)) {
            fail("/precondition/index",
                 text_of(p.index) + " is past " + operand.role + "'s " + text_of(count_of(operand.dims)) + " elements");
        }
        check_message(record);
        return;
    }
    const bool zero = (p.code == StatusCode::zero_divisor) && (p.requirement == RequirementId::div_int_c3) &&
                      (p.operand == Operand::b);
    const bool overflow = (p.code == StatusCode::overflow) && (p.requirement == RequirementId::div_int_d2) &&
                          (p.operand == Operand::a) && t.is_signed;
    if (!integer || !(zero || overflow)) {
        fail("/precondition", text::status_summary(p) + ": the inputs' types and shapes meet the preconditions, and " +
                                  "no element of " + element_type_name(type) + " gives that status");
    }
    if (undefined_policy(settings) != UndefinedPolicy::refuse) {
        fail("/precondition", text::status_summary(p) +
                                  ", but undefined elements are listed (undefined=list), "
                                  "not refused");
    }
    const InputRecord& y = input(record, 2U);
    if (!candidate_status(type, shape_of(record.y_dims), y.read_as, shape_of(y.dims)).is_ok()) {
        fail("/precondition", "an element's stop, but Y does not fit A / B, which the judge reports first");
    }
    const oracle::ShardRange range = oracle::shard_range(count_of(record.y_dims), settings.shard.index,
                                                         settings.shard.count);
    if ((p.index < range.first) || (p.index >= range.end)) {
        fail("/precondition/index", text_of(p.index) + " is outside shard " + text_of(settings.shard.index) + "/" +
                                        text_of(settings.shard.count) + "'s elements [" + text_of(range.first) + ", " +
                                        text_of(range.end) + ")");
    }
    check_message(record);
}

// The counts against one another. A bucket of the histogram holds, per
// DIV-CLI-D6 and the oracle's Measure: 0, an exact quotient (distance 0,
// or a NaN or infinity matched), which conforms at every level and is
// bit-exact; 1, within half an ulp; 2, within one ulp; 8, a special-value
// mismatch, which conforms at no level. Integers: 0 exact, 3 and above
// by |Y - Q|, never 1, 2 or 8.
void check_counts(const CheckRecord& record) {
    const Report& r = record.report;
    const std::array<std::uint64_t, kHistogramBuckets>& h = r.histogram;
    const std::uint64_t judged = r.elements - r.undefined;  // the reader checked conforming + undefined <= elements
    const std::uint64_t wrong = nonconforming(r);
    std::uint64_t sum = 0U;
    for (const std::uint64_t count : h) {
        if (sum > UINT64_MAX - count) {
            fail("/histogram", "the counts sum past 2^64 - 1");
        }
        sum += count;
    }
    if (sum != judged) {
        fail("/histogram", "the counts sum to " + text_of(sum) + ", but elements - undefined = " + text_of(judged));
    }
    if (is_float(r.type)) {
        if (r.undefined != 0U) {
            fail("/undefined", text_of(r.undefined) + ", but a float element always has a result (DIV-CLI-D14)");
        }
        // Bit-exact is bit-identical (DIV-CLI-D6): an exact quotient (bucket 0) or a correctly rounded
        // inexact one (bucket (0, 0.5]). Bucket 0 also holds quiet NaNs of another sign or payload where a
        // NaN is due, which conform but are not bit-exact (DIV-FLOAT-D3): every bucket-0 element conforms.
        if (r.exact_matches > h[0] + h[1]) {
            fail("/exact_matches", text_of(r.exact_matches) + ", but a bit-exact element is an exact quotient (" +
                                       text_of(h[0]) + ") or within half an ulp (" + text_of(h[1]) + ")");
        }
        const std::uint64_t up_to_half = h[0] + h[1];  // no overflow: the sum above fits
        std::uint64_t low = h[0];
        std::uint64_t high = judged - h[kSpecialBucket];
        switch (record.settings.accept.level) {
            case Acceptance::exact:  // bucket 0, and the bit-exact elements of bucket (0, 0.5]
                low = std::max(h[0], r.exact_matches);
                high = h[0] + std::min(h[1], r.exact_matches);
                break;
            case Acceptance::half_ulp:
                low = high = up_to_half;
                break;
            case Acceptance::one_ulp:
                low = high = up_to_half + h[2];
                break;
            default:  // N ulp: an error within half an ulp conforms when N >= 1/2
                low = (record.settings.accept.max_ulps >= 0.5) ? std::max(low, r.exact_matches) : low;
                break;
        }
        if ((r.conforming < low) || (r.conforming > high)) {
            fail("/conforming", text_of(r.conforming) + ", but at " + acceptance_name(record.settings.accept) +
                                    " the histogram gives " +
                                    ((low == high) ? text_of(low) : "from " + text_of(low) + " to " + text_of(high)));
        }
        if ((r.special_mismatches > wrong) || (r.flushed > wrong - r.special_mismatches)) {
            fail("/special_value_mismatches", text_of(r.special_mismatches) + " special-value mismatches and " +
                                                  text_of(r.flushed) + " flushes to zero: more than the " +
                                                  text_of(wrong) + " non-conforming elements");
        }
        if ((r.special_mismatches > h[kSpecialBucket]) || (h[kSpecialBucket] - r.special_mismatches > r.flushed)) {
            fail("/special_value_mismatches",
                 text_of(r.special_mismatches) + ", but the histogram's special bucket holds " +
                     text_of(h[kSpecialBucket]) + " (each a special-value mismatch or a flush to zero)");
        }
        return;
    }
    if ((undefined_policy(record.settings) == UndefinedPolicy::refuse) && (r.undefined != 0U)) {
        fail("/undefined", text_of(r.undefined) +
                               ", but undefined elements are refused (undefined=refuse): the check "
                               "stops at the first");
    }
    if ((h[1] != 0U) || (h[2] != 0U) || (h[kSpecialBucket] != 0U)) {
        fail("/histogram",
             "an integer's error is a whole number: the buckets (0, 0.5], (0.5, 1) and special are empty");
    }
    if ((r.exact_matches != h[0]) || (r.conforming != h[0])) {
        fail("/conforming", text_of(r.conforming) + " conforming and " + text_of(r.exact_matches) +
                                " exact, but an integer conforms exactly when its error is 0 (" + text_of(h[0]) + ")");
    }
    const bool is_signed = oracle::element_traits(r.type).is_signed;
    if (r.other_rounding_matches > (is_signed ? wrong : 0U)) {
        fail("/other_rounding_matches", text_of(r.other_rounding_matches) + ", more than the " +
                                            (is_signed ? text_of(wrong) + " non-conforming elements"
                                                       : std::string("none an unsigned type can have")));
    }
}

// The worst elements as the judge keeps them (judge.cpp, Share::keep):
// every judged element but those with no error that conform, which are
// exactly the histogram's bucket 0 (an element of error 0 is the exact
// quotient, or a NaN or infinity matched, and conforms at every level);
// the first `worst` of them in worse() order.
void check_worst(const CheckRecord& record, const oracle::ShardRange& range) {
    const Report& r = record.report;
    const std::uint64_t limit = record.settings.worst;
    const std::uint64_t with_error = r.elements - r.undefined - r.histogram[0];
    const std::uint64_t due = std::min(limit, with_error);
    if (r.worst.size() != due) {
        fail("/worst", text_of(r.worst.size()) + " elements; the judge lists min(worst = " + text_of(limit) +
                           ", judged elements with an error = " + text_of(with_error) + ") = " + text_of(due));
    }
    std::set<std::uint64_t> seen;
    for (std::size_t k = 0U; k < r.worst.size(); ++k) {
        const ElementCheck& e = r.worst[k];
        const std::string where = "/worst/" + text_of(k);
        if ((e.index < range.first) || (e.index >= range.end)) {
            fail(where + "/index", text_of(e.index) + " is outside this shard's elements [" + text_of(range.first) +
                                       ", " + text_of(range.end) + ")");
        }
        if (!seen.insert(e.index).second) {
            fail(where + "/index", text_of(e.index) + " is listed twice");
        }
        if ((e.ulps <= 0.0) && e.conforming) {
            fail(where, "conforms with no error: an exact quotient is nobody's worst");
        }
        if ((k > 0U) && !worse(r.worst[k - 1U], e)) {
            fail(where, "out of order: the worst come first (the larger error, then the lower index)");
        }
    }
    const bool floating = is_float(r.type);
    if (!r.worst.empty()) {
        const bool same = floating ? (std::memcmp(&r.max_ulps, &r.worst[0].ulps, sizeof r.max_ulps) == 0)
                                   : (r.max_error_units == r.worst[0].error_units);
        if (!same) {
            fail(floating ? "/max_ulp_error" : "/max_error", "is not the first worst element's error");
        }
    } else if ((with_error == 0U) != (r.max_ulps == 0.0)) {
        fail(floating ? "/max_ulp_error" : "/max_error", (with_error == 0U)
                                                             ? "not 0, but every judged element is an exact quotient"
                                                             : "0, but the histogram holds elements with an error");
    }
    if (floating && (r.histogram[kSpecialBucket] > 0U) && !std::isinf(r.max_ulps)) {
        fail("/max_ulp_error", "finite, but the histogram holds special-value mismatches (no finite error)");
    }
}

// Undefined elements: integers under undefined=list only, the lowest
// indices of the shard in order, min(worst, undefined) of them.
void check_undefined(const CheckRecord& record, const oracle::ShardRange& range) {
    const Report& r = record.report;
    const bool listed = !is_float(r.type) && (undefined_policy(record.settings) == UndefinedPolicy::list);
    const std::uint64_t due = listed ? std::min<std::uint64_t>(record.settings.worst, r.undefined) : 0U;
    if (r.undefined_elements.size() != due) {
        fail("/undefined_elements", text_of(r.undefined_elements.size()) + " elements; the judge lists " +
                                        text_of(due) + " (min(worst, undefined), under undefined=list)");
    }
    std::set<std::uint64_t> worst;
    for (const ElementCheck& e : r.worst) {
        worst.insert(e.index);
    }
    for (std::size_t k = 0U; k < r.undefined_elements.size(); ++k) {
        const UndefinedElement& e = r.undefined_elements[k];
        const std::string where = "/undefined_elements/" + text_of(k) + "/index";
        if ((e.index < range.first) || (e.index >= range.end)) {
            fail(where, text_of(e.index) + " is outside this shard's elements [" + text_of(range.first) + ", " +
                            text_of(range.end) + ")");
        }
        if ((k > 0U) && (r.undefined_elements[k - 1U].index >= e.index)) {
            fail(where, text_of(e.index) + " is out of order: the lowest indices come first, each once");
        }
        if (worst.count(e.index) != 0U) {
            fail(where, text_of(e.index) + " is also among the worst: an undefined element is not judged");
        }
    }
}

// The failed requirements: sorted, each once, some exactly when an element
// does not conform; integers fail DIV-INT-ACC1 and their rounding's rule;
// floats the float requirements DIV-CLI-D6 names (ACC1 only with F1).
void check_failed(const CheckRecord& record) {
    const Report& r = record.report;
    const std::vector<std::string>& failed = r.failed_requirements;
    for (std::size_t k = 1U; k < failed.size(); ++k) {
        if (failed[k - 1U] >= failed[k]) {
            fail("/failed_requirements/" + text_of(k), "out of order or repeated: the IDs are sorted, each once");
        }
    }
    if (failed.empty() != (nonconforming(r) == 0U)) {
        fail("/failed_requirements",
             failed.empty() ? "empty, but elements do not conform" : "not empty, but every judged element conforms");
    }
    if (failed.empty()) {
        return;
    }
    if (!is_float(r.type)) {
        const bool floor = rounding_of(record.settings.profile) == IntRounding::floor;
        const std::vector<std::string> due = {"DIV-INT-ACC1", floor ? "DIV-INT-F1" : "DIV-INT-D1"};
        if (failed != due) {
            fail("/failed_requirements",
                 shown(json(failed)) + ", but a non-conforming integer fails " + shown(json(due)));
        }
        return;
    }
    const std::set<std::string> known = {"DIV-FLOAT-ACC1", "DIV-FLOAT-D1", "DIV-FLOAT-D2",
                                         "DIV-FLOAT-D3",   "DIV-FLOAT-D4", "DIV-FLOAT-F1"};
    for (std::size_t k = 0U; k < failed.size(); ++k) {
        if (known.count(failed[k]) == 0U) {
            fail("/failed_requirements/" + text_of(k),
                 shown(json(failed[k])) + " is no requirement a float element fails");
        }
    }
    if ((std::count(failed.begin(), failed.end(), "DIV-FLOAT-ACC1") != 0) &&
        (std::count(failed.begin(), failed.end(), "DIV-FLOAT-F1") == 0)) {
        fail("/failed_requirements",
             "DIV-FLOAT-ACC1 without DIV-FLOAT-F1: an inaccurate result is no correctly "
             "rounded one");
    }
}

// A one-axis tensor of the listed words, to judge them again.
struct Listed {
    std::vector<std::uint8_t> a, b, y;
    ConstTensorView view(const std::vector<std::uint8_t>& bytes, ElementType type, std::uint64_t n) const {
        Shape shape{};
        shape.rank = 1U;
        shape.dims[0] = n;
        return ConstTensorView{type, shape, bytes.data(), bytes.size()};
    }
};

// The judge's settings for elements listed out of their tensor: the
// profile's rounding and the acceptance, every element on its own axis,
// undefined elements listed, all of them kept.
Settings settings_for_listed(const Settings& settings, std::size_t n) {
    Settings listed;
    listed.profile = DivOptions{};
    listed.profile.int_rounding = rounding_of(settings.profile);
    listed.accept = settings.accept;
    listed.undefined = UndefinedPolicy::list;
    listed.worst = n;
    return listed;
}

Report judge_listed(ElementType type, const Settings& settings, const std::vector<std::uint64_t>& a,
                    const std::vector<std::uint64_t>& b, const std::vector<std::uint64_t>& y, const char* list) {
    const oracle::ElementTraits t = oracle::element_traits(type);
    Listed bytes;
    bytes.a.resize(a.size() * t.size);
    bytes.b.resize(a.size() * t.size);
    bytes.y.resize(a.size() * t.size);
    for (std::size_t k = 0U; k < a.size(); ++k) {
        oracle::store_element(t, bytes.a.data(), k, a[k]);
        oracle::store_element(t, bytes.b.data(), k, b[k]);
        oracle::store_element(t, bytes.y.data(), k, y[k]);
    }
    const Report got = judge(bytes.view(bytes.a, type, a.size()), bytes.view(bytes.b, type, a.size()),
                             bytes.view(bytes.y, type, a.size()), settings_for_listed(settings, a.size()));
    if (!got.precondition.is_ok()) {  // INT4/UINT4 operands out of range: no check's operands
        fail(std::string("/") + list + "/" + text_of(got.precondition.index) + "/" +
                 ((got.precondition.operand == Operand::a) ? "a" : "b"),
             std::string("is outside ") + element_type_name(type) + "'s range: no operand of a check holds it");
    }
    return got;
}

}  // namespace

// [impl->req~div-cli-d20~2]
CheckRecord parse_report_fields(const json& report) {
    const Object top(report, "");
    if (top.has("merged_from")) {
        fail("/merged_from", "a merged report, not a shard's: merge the shards' own reports");
    }
    if (top.text("command") != "check") {
        fail("/command", shown(top.at("command")) + ": not the report of check");
    }
    CheckRecord record;
    record.provenance = json_input::read_provenance(top.at("provenance"), "/provenance", "check");
    Report& r = record.report;
    r.type = top.type("type");
    const bool floating = is_float(r.type);
    record.settings = settings_from(record.provenance, floating, top, record.type_read_as);
    // As the writer writes them from the settings read; compared below.
    record.provenance.options = settings_in_force(record.settings, floating, record.type_read_as);
    check_inputs(record.provenance, r.type, record.type_read_as);
    const InputRecord& a = input(record, 0U);
    const InputRecord& b = input(record, 1U);
    record.y_dims = result_dims(a.read_as, shape_of(a.dims), b.read_as, shape_of(b.dims), record.settings);
    if (!top.at("precondition").is_null()) {
        const Object p(top.at("precondition"), top.where("precondition"));
        r.precondition = read_precondition(p);
        record.precondition_message = p.text("message");
    } else {
        read_judgement(top, record);
    }
    record.hints = record_hints(record);
    json_input::require_as_written(report, report_json(record));
    return record;
}

// [impl->req~div-cli-d20~2]
void check_report_consistency(const CheckRecord& record) {
    const Report& r = record.report;
    const InputRecord& a = input(record, 0U);
    const InputRecord& b = input(record, 1U);
    OperandMap map{};
    const Status operands = type_and_shape_preconditions(a.read_as, shape_of(a.dims), b.read_as, shape_of(b.dims),
                                                         record.settings.profile, map);
    if (!r.precondition.is_ok()) {
        check_precondition(record, operands);
        return;
    }
    if (!operands.is_ok()) {
        fail("/precondition", "null, but the inputs' types and shapes give " + text::status_summary(operands));
    }
    const Shard& shard = record.settings.shard;
    const oracle::ShardRange range = oracle::shard_range(count_of(record.y_dims), shard.index, shard.count);
    if (r.elements != range.end - range.first) {
        fail("/elements", text_of(r.elements) + ", but shard " + text_of(shard.index) + "/" + text_of(shard.count) +
                              " of Y's " + text_of(count_of(record.y_dims)) + " elements holds " +
                              text_of(range.end - range.first));
    }
    if (!r.candidate_mismatch.is_ok()) {
        return;
    }
    check_counts(record);
    check_worst(record, range);
    check_undefined(record, range);
    check_failed(record);
}

// [impl->req~div-cli-d20~2]
void rejudge_listed_elements(const CheckRecord& record) {
    const Report& r = record.report;
    if (!r.precondition.is_ok() || !r.candidate_mismatch.is_ok()) {
        return;
    }
    const bool floating = is_float(r.type);
    if (!r.worst.empty()) {
        std::vector<std::uint64_t> a, b, y;
        for (const ElementCheck& e : r.worst) {
            a.push_back(e.a);
            b.push_back(e.b);
            y.push_back(e.candidate);
        }
        const Report got = judge_listed(r.type, record.settings, a, b, y, "worst");
        if (got.undefined > 0U) {
            fail("/worst/" + text_of(got.undefined_elements[0].index),
                 "has no defined result (a zero divisor or MIN / -1): it cannot be judged");
        }
        std::vector<bool> judged(r.worst.size(), false);
        for (const ElementCheck& e : got.worst) {
            const std::size_t k = static_cast<std::size_t>(e.index);
            judged[k] = true;
            const ElementCheck& given = r.worst[k];
            const std::string where = "/worst/" + text_of(k);
            const std::string operands = text::element_text(r.type, given.a) + " / " +
                                         text::element_text(r.type, given.b);
            if (e.expected != given.expected) {
                fail(where + "/expected", text::element_text(r.type, given.expected) +
                                              ", but the oracle's quotient of " + operands + " is " +
                                              text::element_text(r.type, e.expected));
            }
            if ((std::memcmp(&e.ulps, &given.ulps, sizeof e.ulps) != 0) || (e.error_units != given.error_units)) {
                fail(where + (floating ? "/ulp_error" : "/error"),
                     "not the error the oracle measures for " + text::element_text(r.type, given.candidate) + " as " +
                         operands + " (" + (floating ? shortest_text(e.ulps) : text_of(e.error_units)) + ")");
            }
            if ((e.conforming != given.conforming) || (e.special_mismatch != given.special_mismatch) ||
                ((!e.conforming && e.flushed) != given.flushed)) {
                fail(where, "its verdict (conforming, special_mismatch, flush_to_zero) is not the judge's for " +
                                text::element_text(r.type, given.candidate) + " as " + operands + " at " +
                                acceptance_name(record.settings.accept));
            }
        }
        for (std::size_t k = 0U; k < judged.size(); ++k) {
            if (!judged[k]) {
                fail("/worst/" + text_of(k), "its candidate is the exact quotient: nobody's worst");
            }
        }
        // The worst list holds every element with an error when there are at
        // most `worst` of them: the counts then follow from it alone.
        const std::uint64_t exact = r.histogram[0];
        const bool complete = r.elements - r.undefined - exact <= record.settings.worst;
        const auto compare = [complete](const std::string& where, std::uint64_t in_report, std::uint64_t from_list) {
            if (complete ? (in_report != from_list) : (in_report < from_list)) {
                fail(where, text_of(in_report) +
                                (complete ? ", but the worst elements, which are every element with "
                                            "an error here, give "
                                          : ", fewer than the listed worst elements alone give: ") +
                                text_of(from_list));
            }
        };
        compare("/conforming", r.conforming - exact, got.conforming);  // bucket 0 conforms: h0 <= conforming
        // Bit-exact elements off the list lie in bucket 0, but not every bucket-0 element is bit-exact: a
        // quiet NaN of another sign or payload where a NaN is due conforms without being bit-identical.
        if ((r.exact_matches < got.exact_matches) || (complete && (r.exact_matches - got.exact_matches > exact))) {
            fail("/exact_matches", text_of(r.exact_matches) + ", but the worst elements give " +
                                       text_of(got.exact_matches) + " and bucket 0 holds " + text_of(exact) +
                                       (complete ? " (every element with an error is listed)" : ""));
        }
        for (std::size_t k = 1U; k < kHistogramBuckets; ++k) {
            compare("/histogram/" + text_of(k) + "/count", r.histogram[k], got.histogram[k]);
        }
        compare(floating ? "/special_value_mismatches" : "/other_rounding_matches",
                floating ? r.special_mismatches : r.other_rounding_matches,
                floating ? got.special_mismatches : got.other_rounding_matches);
        compare("/flush_to_zero", r.flushed, got.flushed);
        const bool subset = std::includes(r.failed_requirements.begin(), r.failed_requirements.end(),
                                          got.failed_requirements.begin(), got.failed_requirements.end());
        if (complete ? (r.failed_requirements != got.failed_requirements) : !subset) {
            fail("/failed_requirements", shown(json(r.failed_requirements)) + ", but the worst elements fail " +
                                             shown(json(got.failed_requirements)));
        }
        // A special-value mismatch has no finite error: above a finite last
        // worst element, every one of them is listed.
        if (!complete && !std::isinf(r.worst.back().ulps)) {
            const auto listed = static_cast<std::uint64_t>(std::count_if(
                r.worst.begin(), r.worst.end(), [](const ElementCheck& e) { return e.special_mismatch; }));
            if (r.histogram[kSpecialBucket] != listed) {
                fail("/histogram/8/count", text_of(r.histogram[kSpecialBucket]) +
                                               " special-value mismatches, but the worst list, which ends at a finite "
                                               "error, holds " +
                                               text_of(listed));
            }
        }
    }
    if (!r.undefined_elements.empty()) {
        std::vector<std::uint64_t> a, b, y;
        for (const UndefinedElement& e : r.undefined_elements) {
            a.push_back(e.a);
            b.push_back(e.b);
            y.push_back(e.candidate);
        }
        const Report got = judge_listed(r.type, record.settings, a, b, y, "undefined_elements");
        std::vector<bool> undefined(r.undefined_elements.size(), false);
        for (const UndefinedElement& e : got.undefined_elements) {
            const std::size_t k = static_cast<std::size_t>(e.index);
            undefined[k] = true;
            if (e.reason != r.undefined_elements[k].reason) {
                fail("/undefined_elements/" + text_of(k) + "/reason",
                     std::string("not why ") + text::element_text(r.type, e.a) + " / " +
                         text::element_text(r.type, e.b) + " is undefined");
            }
        }
        for (std::size_t k = 0U; k < undefined.size(); ++k) {
            if (!undefined[k]) {
                fail("/undefined_elements/" + text_of(k), "its operands have a defined quotient: not undefined");
            }
        }
    }
}

// [impl->req~div-cli-d20~2]
CheckRecord read_report_json(const json& report) {
    CheckRecord record = parse_report_fields(report);
    check_report_consistency(record);
    rejudge_listed_elements(record);
    return record;
}

}  // namespace sonnx::check
