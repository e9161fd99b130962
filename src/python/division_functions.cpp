#include "division_functions.hpp"

#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

#include "array_operands.hpp"
#include "precondition_error.hpp"
#include "sonnx/check/hints.hpp"
#include "sonnx/check/profile_options.hpp"
#include "sonnx/check/provenance.hpp"
#include "sonnx/check/record.hpp"
#include "sonnx/check/report_json.hpp"
#include "sonnx/div.hpp"
#include "sonnx/oracle/element_words.hpp"
#include "sonnx/oracle/float_oracle.hpp"
#include "sonnx/oracle/int_oracle.hpp"

namespace sonnx::python {

namespace {

std::uint64_t element_count_of(const ConstTensorView& view) {
    return static_cast<std::uint64_t>(view.size_bytes / element_size(view.type));
}

ConstTensorView read_only(const TensorView& view) {
    return ConstTensorView{view.type, view.shape, view.data, view.size_bytes};
}

// A new array of Y's shape, zero-filled as the command line's Y is: a
// message about a violation shows no uninitialised memory.
py::array zeroed_array(ElementType type, const std::vector<std::uint64_t>& dims) {
    py::array out = new_array(type, dims);
    if (out.nbytes() > 0) {
        std::memset(out.mutable_data(), 0, static_cast<std::size_t>(out.nbytes()));
    }
    return out;
}

// The first INT4/UINT4 element of `view` outside the type's range (DIV-INT-D4); ok when none.
Status nibble_range(const oracle::ElementTraits& traits, const ConstTensorView& view, Operand operand) {
    if (traits.bits != 4U) {
        return Status{};
    }
    const std::uint64_t count = element_count_of(view);
    for (std::uint64_t i = 0U; i < count; ++i) {
        const std::uint64_t word = oracle::load_element(traits, view.data, i);
        const bool outside = traits.is_signed ? ((static_cast<std::int64_t>(word) < oracle::int_min(traits)) ||
                                                 (static_cast<std::int64_t>(word) >
                                                  static_cast<std::int64_t>(oracle::int_max(traits))))
                                              : (word > oracle::int_max(traits));
        if (outside) {
            return Status{StatusCode::value_out_of_range, RequirementId::div_int_d4, operand, i};
        }
    }
    return Status{};
}

// Every quotient into `y`, or the first element without one (a zero divisor or MIN / -1).
Status oracle_quotients(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y, IntRounding rounding) {
    const oracle::ElementTraits traits = oracle::element_traits(a.type);
    const std::uint64_t count = element_count_of(a);
    if (traits.is_float) {
        oracle::FloatOracle exact(oracle::float_format(a.type));
        for (std::uint64_t i = 0U; i < count; ++i) {
            oracle::store_element(
                traits, y.data, i,
                exact.quotient(oracle::load_element(traits, a.data, i), oracle::load_element(traits, b.data, i)));
        }
        return Status{};
    }
    oracle::IntOracle exact;
    for (std::uint64_t i = 0U; i < count; ++i) {
        const std::uint64_t x = oracle::load_element(traits, a.data, i);
        const std::uint64_t d = oracle::load_element(traits, b.data, i);
        const oracle::IntQuotient q = traits.is_signed ? exact.signed_quotient(a.type, static_cast<std::int64_t>(x),
                                                                               static_cast<std::int64_t>(d), rounding)
                                                       : exact.unsigned_quotient(a.type, x, d);
        if (q.verdict == oracle::IntVerdict::zero_divisor) {
            return Status{StatusCode::zero_divisor, RequirementId::div_int_c3, Operand::b, i};
        }
        if (q.verdict == oracle::IntVerdict::overflow) {
            return Status{StatusCode::overflow, RequirementId::div_int_d2, Operand::a, i};
        }
        oracle::store_element(traits, y.data, i,
                              traits.is_signed ? static_cast<std::uint64_t>(q.signed_value) : q.unsigned_value);
    }
    return Status{};
}

check::InputRecord input_record(const ArrayOperand& array) {
    check::Sha256 sha;
    sha.update(static_cast<const std::uint8_t*>(array.operand.view.data), array.operand.view.size_bytes);
    return check::InputRecord{array.role,         "NumPy array, dtype '" + array.dtype + "'",
                              array.stored,       array.operand.type,
                              array.operand.dims, sha.hex()};
}

}  // namespace

// [impl->req~div-py-d1~2]
py::array div(const py::object& a, const py::object& b, const py::object& type, const Arguments& operator_arguments) {
    const std::optional<ElementType> wanted = type_argument(type);
    const DivOptions options = operator_options(operator_arguments);
    const ArrayOperand a_array = array_operand(a, "A", wanted);
    const ArrayOperand b_array = array_operand(b, "B", wanted);
    const ConstTensorView& va = a_array.operand.view;
    const ConstTensorView& vb = b_array.operand.view;
    // Y's shape as the operator defines it; with operand types that differ,
    // div itself reports the type mismatch, which comes before any shape check.
    std::vector<std::uint64_t> y_dims = a_array.operand.dims;
    if (va.type == vb.type) {
        Shape y{};
        const Status status = div_output_shape(va.type, va.shape, vb.shape, options, y);
        if (!status.is_ok()) {
            raise_violation(status, &va, &vb, nullptr, check::opset_hint(status, va.type, options));
        }
        y_dims.assign(y.dims.begin(), y.dims.begin() + y.rank);
    }
    py::array out = zeroed_array(va.type, y_dims);
    const TensorView vy = mutable_view(out, va.type, y_dims);
    Status status{};
    {
        const py::gil_scoped_release unlocked;
        status = sonnx::div(va, vb, vy, options, nullptr);
    }
    if (!status.is_ok()) {
        const ConstTensorView cy = read_only(vy);
        raise_violation(status, &va, &vb, &cy);
    }
    return out;
}

// [impl->req~div-py-d1~2]
py::array correctly_rounded(const py::object& a, const py::object& b, const py::object& type,
                            const py::object& rounding) {
    const std::optional<ElementType> wanted = type_argument(type);
    IntRounding int_rounding = IntRounding::floor;
    if (!rounding.is_none()) {
        const std::optional<IntRounding> named = py::isinstance<py::str>(rounding)
                                                     ? check::rounding_named(rounding.cast<std::string>())
                                                     : std::nullopt;
        if (!py::isinstance<py::str>(rounding)) {
            throw py::type_error("rounding must be a str, 'floor' or 'trunc', or None");
        }
        if (!named.has_value()) {
            throw py::value_error("rounding must be one of 'floor', 'trunc', not " +
                                  py::repr(rounding).cast<std::string>());
        }
        int_rounding = *named;
    }
    const ArrayOperand a_array = array_operand(a, "A", wanted);
    const ArrayOperand b_array = array_operand(b, "B", wanted);
    const ConstTensorView& va = a_array.operand.view;
    const ConstTensorView& vb = b_array.operand.view;
    if (va.type != vb.type) {
        const Status status{
            StatusCode::type_mismatch,
            (type_class(va.type) == TypeClass::floating) ? RequirementId::div_float_c2 : RequirementId::div_int_c2,
            Operand::b, 0U};
        raise_violation(status, &va, &vb, nullptr);
    }
    Shape y{};
    const Status shapes = div_output_shape(va.type, va.shape, vb.shape, DivOptions{}, y);  // equal shapes
    if (!shapes.is_ok()) {
        raise_violation(shapes, &va, &vb, nullptr);
    }
    const oracle::ElementTraits traits = oracle::element_traits(va.type);
    for (const auto& [view, operand] : {std::make_pair(&va, Operand::a), std::make_pair(&vb, Operand::b)}) {
        const Status range = nibble_range(traits, *view, operand);
        if (!range.is_ok()) {
            raise_violation(range, &va, &vb, nullptr);
        }
    }
    py::array out = zeroed_array(va.type, a_array.operand.dims);
    const TensorView vy = mutable_view(out, va.type, a_array.operand.dims);
    Status status{};
    {
        const py::gil_scoped_release unlocked;
        status = oracle_quotients(va, vb, vy, int_rounding);
    }
    if (!status.is_ok()) {
        raise_violation(status, &va, &vb, nullptr);
    }
    return out;
}

// [impl->req~div-py-d1~2]
py::dict check(const py::object& a, const py::object& b, const py::object& y, const py::object& type,
               const Arguments& operator_arguments, const Arguments& check_arguments) {
    const std::optional<ElementType> wanted = type_argument(type);
    const check::Settings settings = check_settings(check_arguments, operator_options(operator_arguments));
    Arguments given{{"type", type}};
    given.insert(given.end(), operator_arguments.begin(), operator_arguments.end());
    given.insert(given.end(), check_arguments.begin(), check_arguments.end());
    check::Provenance provenance = check::start_provenance("check");
    provenance.command_line = call_text("check", "A, B, Y", given);
    // Snapshots: the hash recorded is of the very elements judged.
    const std::vector<ArrayOperand> arrays{array_operand(a, "A", wanted, true), array_operand(b, "B", wanted, true),
                                           array_operand(y, "Y", wanted, true)};
    const std::string type_text = wanted.has_value() ? type.cast<std::string>() : std::string();
    check::CheckRecord record;
    {
        const py::gil_scoped_release unlocked;
        for (const ArrayOperand& array : arrays) {
            provenance.inputs.push_back(input_record(array));
        }
        record = check::check_tensors(arrays[0].operand, arrays[1].operand, arrays[2].operand, settings, provenance,
                                      type_text);
    }
    const py::object report = py::module_::import("json").attr("loads")(check::report_json(record).dump());
    if (!record.report.precondition.is_ok()) {
        raise_precondition(record.report.precondition, record.precondition_message,
                           record.hints.empty() ? std::string() : record.hints.front(), report);
    }
    return report.cast<py::dict>();
}

}  // namespace sonnx::python
