#include "operator_arguments.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
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

// An int, a bool or a NumPy integer (anything with __index__).
long long int_argument(const py::object& value, const std::string& name) {
    if ((PyIndex_Check(value.ptr()) == 0) || py::isinstance<py::str>(value)) {
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

// A whole number from 0 to `max`: ValueError naming the range otherwise (the
// command line refuses "-1" the same way, DIV-CLI-D11).
std::uint64_t count_argument(const py::object& value, const std::string& name, std::uint64_t max) {
    const long long number = int_argument(value, name);
    if ((number < 0) || (static_cast<unsigned long long>(number) > max)) {
        throw py::value_error(name + " must be a whole number from 0 to " + std::to_string(max) + ", not " +
                              std::to_string(number));
    }
    return static_cast<std::uint64_t>(number);
}

}  // namespace

// [impl->req~div-py-d1~2]
cli::OperatorChoice operator_choice(const Arguments& arguments) {
    cli::OperatorChoice choice;
    choice.profile = text_argument(argument(arguments, "profile"), "profile");
    const py::object& rounding = argument(arguments, "rounding");
    if (!rounding.is_none()) {
        choice.int_rounding = text_argument(rounding, "rounding");
        choice.rounding_given = true;
    }
    const py::object& revision = argument(arguments, "sonnx_revision");
    if (!revision.is_none()) {
        choice.sonnx_revision = text_argument(revision, "sonnx_revision");
        choice.revision_given = true;
    }
    const py::object& opset = argument(arguments, "opset");
    if (!opset.is_none()) {
        choice.opset = static_cast<std::uint32_t>(
            count_argument(opset, "opset", std::numeric_limits<std::uint32_t>::max()));
        choice.opset_given = true;
    }
    const py::object& broadcast = argument(arguments, "broadcast");
    if (!broadcast.is_none()) {
        choice.broadcast = static_cast<int>(count_argument(broadcast, "broadcast", 1U));
        choice.broadcast_given = true;
    }
    const py::object& axis = argument(arguments, "axis");
    if (!axis.is_none()) {
        choice.axis = static_cast<std::int64_t>(int_argument(axis, "axis"));
        choice.axis_given = true;
    }
    const py::object& pythondiv = argument(arguments, "pythondiv");
    if (!pythondiv.is_none()) {
        choice.pythondiv = py::isinstance<py::bool_>(pythondiv) ? (pythondiv.cast<bool>() ? "true" : "false")
                                                                : text_argument(pythondiv, "pythondiv");
        choice.pythondiv_given = true;
    }
    const py::object& auto_broadcast = argument(arguments, "auto_broadcast");
    if (!auto_broadcast.is_none()) {
        choice.auto_broadcast = text_argument(auto_broadcast, "auto_broadcast");
        choice.auto_broadcast_given = true;
    }
    return choice;
}

// [impl->req~div-py-d1~2]
cli::CheckSettings check_settings(const Arguments& arguments, const py::object& type) {
    cli::CheckSettings settings;
    settings.accept = text_argument(argument(arguments, "accept"), "accept");
    const py::object& undefined = argument(arguments, "undefined");
    if (!undefined.is_none()) {
        settings.undefined = text_argument(undefined, "undefined");
    }
    settings.shard = text_argument(argument(arguments, "shard"), "shard");
    const py::object& threads = argument(arguments, "threads");
    settings.threads = threads.is_none() ? std::max(1U, std::thread::hardware_concurrency())
                                         : static_cast<unsigned>(count_argument(threads, "threads", 1024U));
    settings.worst = static_cast<std::size_t>(count_argument(argument(arguments, "worst"), "worst", 100000U));
    if (!type.is_none()) {
        settings.type = text_argument(type, "type");
    }
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
