#include "operator_arguments.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <thread>

namespace sonnx::python {

namespace {

const py::object& argument(const Arguments& arguments, const std::string& name) {
    for (const auto& [key, value] : arguments) {
        if (key == name) {
            return value;
        }
    }
    throw std::logic_error("no argument " + name);
}

std::string repr_text(const py::handle& value) { return py::repr(value).cast<std::string>(); }

std::string text_argument(const py::object& value, const std::string& name) {
    if (!py::isinstance<py::str>(value)) {
        throw py::type_error(name + " must be a str, not " + repr_text(value));
    }
    return value.cast<std::string>();
}

// A str among `names`, read by `named`; ValueError listing them otherwise.
template <typename Value>
Value named_argument(const py::object& value, const std::string& name,
                     std::optional<Value> (*named)(const std::string&), const char* names) {
    const std::string text = text_argument(value, name);
    const std::optional<Value> known = named(text);
    if (!known.has_value()) {
        throw py::value_error(name + " must be one of " + names + ", not " + repr_text(value));
    }
    return *known;
}

// An int or a NumPy integer (anything with __index__) but a bool: True is
// no opset and no count.
long long int_argument(const py::object& value, const std::string& name) {
    if ((PyIndex_Check(value.ptr()) == 0) || py::isinstance<py::str>(value) || py::isinstance<py::bool_>(value) ||
        (py::hasattr(value, "dtype") && (py::str(value.attr("dtype").attr("kind")).cast<std::string>() == "b"))) {
        throw py::type_error(name + " must be an int, not " + repr_text(value));
    }
    const py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
    if (!index) {
        throw py::error_already_set();
    }
    int overflow = 0;
    const long long number = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
    if ((number == -1) && (PyErr_Occurred() != nullptr)) {
        throw py::error_already_set();
    }
    if (overflow != 0) {
        throw py::value_error(name + " " + repr_text(value) + " is out of range");
    }
    return number;
}

// A whole number from `low` to `high`: ValueError naming the range otherwise.
std::uint64_t count_argument(const py::object& value, const std::string& name, std::uint64_t low, std::uint64_t high) {
    const long long number = int_argument(value, name);
    if ((number < 0) || (static_cast<unsigned long long>(number) < low) ||
        (static_cast<unsigned long long>(number) > high)) {
        throw py::value_error(name + " must be a whole number from " + std::to_string(low) + " to " +
                              std::to_string(high) + ", not " + std::to_string(number));
    }
    return static_cast<std::uint64_t>(number);
}

std::string python_value(const char* option, const std::string& value) {
    const bool number = !value.empty() && (value.find_first_not_of("0123456789") == std::string::npos);
    return std::string(option) + "=" + (number ? value : "'" + value + "'");
}

}  // namespace

const check::OptionSpelling kPythonSpelling{"profile", "rounding",  "sonnx_revision", "opset",     "broadcast",
                                            "axis",    "pythondiv", "auto_broadcast", python_value};

// [impl->req~div-py-d1~2]
DivOptions operator_options(const Arguments& arguments) {
    check::ProfileRequest request;
    request.profile = named_argument(argument(arguments, "profile"), "profile", check::profile_named,
                                     "'sonnx', 'onnx', 'openvino'");
    const py::object& rounding = argument(arguments, "rounding");
    if (!rounding.is_none()) {
        request.rounding = named_argument(rounding, "rounding", check::rounding_named, "'floor', 'trunc'");
    }
    const py::object& revision = argument(arguments, "sonnx_revision");
    if (!revision.is_none()) {
        request.revision = named_argument(revision, "sonnx_revision", check::revision_named, "'seed', '2026-06'");
    }
    const py::object& opset = argument(arguments, "opset");
    if (!opset.is_none()) {
        request.opset = static_cast<std::int64_t>(int_argument(opset, "opset"));
    }
    const py::object& broadcast = argument(arguments, "broadcast");
    if (!broadcast.is_none()) {
        request.broadcast = static_cast<std::int64_t>(int_argument(broadcast, "broadcast"));
    }
    const py::object& axis = argument(arguments, "axis");
    if (!axis.is_none()) {
        request.axis = static_cast<std::int64_t>(int_argument(axis, "axis"));
    }
    const py::object& pythondiv = argument(arguments, "pythondiv");
    if (!pythondiv.is_none()) {
        request.pythondiv = py::isinstance<py::bool_>(pythondiv)
                                ? pythondiv.cast<bool>()
                                : named_argument(pythondiv, "pythondiv", check::bool_named,
                                                 "True, False, 'true', 'false'");
    }
    const py::object& auto_broadcast = argument(arguments, "auto_broadcast");
    if (!auto_broadcast.is_none()) {
        request.auto_broadcast = named_argument(auto_broadcast, "auto_broadcast", check::auto_broadcast_named,
                                                "'none', 'numpy'");
    }
    try {
        return check::resolve_profile(request, kPythonSpelling);
    } catch (const check::OptionError& error) { throw py::value_error(error.what()); }
}

// [impl->req~div-py-d1~2]
check::Settings check_settings(const Arguments& arguments, const DivOptions& options) {
    check::Settings settings;
    settings.profile = options;
    const py::object& accept = argument(arguments, "accept");
    const std::optional<check::AcceptanceLevel> level = check::parse_acceptance(text_argument(accept, "accept"));
    if (!level.has_value()) {
        throw py::value_error(std::string("accept must be ") + check::kAcceptanceForms + ", not " + repr_text(accept));
    }
    settings.accept = *level;
    const py::object& undefined = argument(arguments, "undefined");
    if (!undefined.is_none()) {
        const std::string policy = text_argument(undefined, "undefined");
        if ((policy != "refuse") && (policy != "list")) {
            throw py::value_error("undefined must be 'refuse' or 'list', not " + repr_text(undefined));
        }
        settings.undefined = (policy == "list") ? check::UndefinedPolicy::list : check::UndefinedPolicy::refuse;
    }
    const py::object& shard = argument(arguments, "shard");
    const std::optional<check::Shard> range = check::parse_shard(text_argument(shard, "shard"));
    if (!range.has_value()) {
        throw py::value_error("shard must be 'K/N' with 0 <= K < N <= " + std::to_string(check::kMaxShards) +
                              ", decimal digits only, not " + repr_text(shard));
    }
    settings.shard = *range;
    const py::object& threads = argument(arguments, "threads");
    settings.threads = threads.is_none()
                           ? std::min(check::kMaxThreads, std::max(1U, std::thread::hardware_concurrency()))
                           : static_cast<unsigned>(count_argument(threads, "threads", 1U, check::kMaxThreads));
    settings.worst = static_cast<std::size_t>(
        count_argument(argument(arguments, "worst"), "worst", 0U, check::kMaxWorst));
    return settings;
}

std::string call_text(const std::string& function, const std::string& operands, const Arguments& arguments) {
    std::string text = "sonnx_div." + function + "(" + operands;
    for (const auto& [name, value] : arguments) {
        if (!value.is_none()) {
            text += ", " + name + "=" + repr_text(value);
        }
    }
    return text + ")";
}

}  // namespace sonnx::python
