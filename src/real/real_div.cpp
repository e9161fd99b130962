// Exact division of rational tensors.
#include "sonnx/real/real_div.hpp"

#include <algorithm>

namespace sonnx::real {

namespace {

Status error(StatusCode code, RequirementId requirement, std::uint64_t index) {
    Status status{};
    status.code = code;
    status.requirement = requirement;
    status.operand = Operand::b;
    status.index = index;
    return status;
}

}  // namespace

// [impl->req~div-real-r1~1]
// [impl->req~div-real-c1~1]
// [impl->req~div-real-c2~1]
// [impl->req~div-real-f1~1]
// [impl->req~div-real-d3~1]
// [impl->req~div-real-acc1~1]
Status div(const RealTensor& a, const RealTensor& b, RealTensor& y) {
    if (a.dims != b.dims) {
        const auto mismatch = std::mismatch(a.dims.begin(), a.dims.end(), b.dims.begin(), b.dims.end());
        return error(StatusCode::shape_mismatch, RequirementId::div_real_c1,
                     static_cast<std::uint64_t>(mismatch.first - a.dims.begin()));
    }
    if (a.values.size() != b.values.size()) {  // malformed tensors: values do not match dims
        return error(StatusCode::shape_mismatch, RequirementId::div_real_c1, 0U);
    }
    const auto zero = std::find(b.values.begin(), b.values.end(), Rational(0));
    if (zero != b.values.end()) {
        return error(StatusCode::zero_divisor, RequirementId::div_real_c2,
                     static_cast<std::uint64_t>(zero - b.values.begin()));
    }
    RealTensor result;
    result.dims = a.dims;
    result.values.reserve(a.values.size());
    for (std::size_t i = 0; i < a.values.size(); ++i) {
        result.values.push_back(a.values[i] / b.values[i]);  // exact, in lowest terms
    }
    y = std::move(result);
    return Status{};
}

}  // namespace sonnx::real
