#include "broadcast_operands.hpp"

#include <cstddef>
#include <cstring>
#include <vector>

#include "status_text.hpp"

namespace sonnx::cli {

namespace {

// The operand's dims sit on Y's axes offset, offset + 1, ...; an extent of
// 1 repeats (div_output_shape has already accepted the shapes).
io::TensorData expand(const io::TensorData& x, const std::vector<std::uint64_t>& y_dims, std::size_t offset) {
    io::TensorData out;
    out.type = x.type;
    out.dims = y_dims;
    const std::size_t size = element_size(x.type);
    const std::uint64_t count = io::checked_size(y_dims, x.type, "Y").elements;
    out.bytes = io::allocate_bytes(count * size, "the broadcast of an operand to Y's shape " + io::shape_text(y_dims));
    // Row-major strides of x placed on Y's axes, 0 where x repeats or is absent.
    std::vector<std::uint64_t> stride(y_dims.size(), 0U);
    std::uint64_t step = 1U;
    for (std::size_t k = x.dims.size(); k > 0U; --k) {
        const std::size_t axis = offset + k - 1U;
        stride[axis] = (x.dims[k - 1U] == 1U) ? 0U : step;
        step *= x.dims[k - 1U];
    }
    std::vector<std::uint64_t> coordinate(y_dims.size(), 0U);
    std::uint64_t source = 0U;
    for (std::uint64_t i = 0U; i < count; ++i) {
        std::memcpy(&out.bytes[static_cast<std::size_t>(i) * size], &x.bytes[static_cast<std::size_t>(source) * size],
                    size);
        // Next coordinate of Y, and the source index with it.
        for (std::size_t axis = y_dims.size(); axis > 0U; --axis) {
            const std::size_t d = axis - 1U;
            ++coordinate[d];
            source += stride[d];
            if (coordinate[d] < y_dims[d]) {
                break;
            }
            source -= stride[d] * coordinate[d];
            coordinate[d] = 0U;
        }
    }
    return out;
}

}  // namespace

// [impl->req~div-cli-d10~1]
// [impl->req~div-io-d5~1]
BroadcastOperands::BroadcastOperands(const io::TensorData& a, const io::TensorData& b, const io::TensorData& y,
                                     const DivOptions& options)
    : a_(a), b_(b) {
    if ((options.profile == Profile::sonnx) || (a.type != b.type)) {
        return;  // equal shapes only, or a type mismatch: the oracle's own checks report it
    }
    Shape wide{};
    const Status status = div_output_shape(a.type, a.shape(), b.shape(), options, wide);
    if (!status.is_ok()) {
        throw precondition_failure(status, &a, &b, nullptr);
    }
    const std::vector<std::uint64_t> y_dims(wide.dims.begin(), wide.dims.begin() + wide.rank);
    if ((y.type == a.type) && (y.dims != y_dims)) {
        // The core's own checks name the rule Y breaks: they reach the shapes
        // before the buffers (DIV-API-D2), so Y needs no data here.
        const Status shape = div(a.view(), b.view(), TensorView{y.type, y.shape(), nullptr, 0U}, options, nullptr);
        if (shape.code == StatusCode::shape_mismatch) {
            throw precondition_failure(shape, &a, &b, &y);
        }
        return;  // left to the oracle's own checks
    }
    const bool legacy = (options.profile == Profile::onnx) && (options.onnx.opset < 7U);
    const std::size_t b_offset = (legacy && options.onnx.has_axis) ? static_cast<std::size_t>(options.onnx.axis)
                                                                   : y_dims.size() - b.dims.size();
    if (a.dims != y_dims) {
        a_wide_ = expand(a, y_dims, y_dims.size() - a.dims.size());
        a_expanded_ = true;
    }
    if (b.dims != y_dims) {
        b_wide_ = expand(b, y_dims, b_offset);
        b_expanded_ = true;
    }
}

}  // namespace sonnx::cli
