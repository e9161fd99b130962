#include "sonnx/io/tensor_data.hpp"

#include <sys/sysinfo.h>

#include <cstdio>
#include <limits>
#include <new>

#include "sonnx/text/shape_text.hpp"

namespace sonnx::io {

// [impl->req~div-io-d4~1]
TensorSize checked_size(const std::vector<std::uint64_t>& dims, ElementType type, const std::string& what) {
    if (dims.size() > kMaxRank) {
        throw FileError(what + ": rank " + std::to_string(dims.size()) + " exceeds the limit of " +
                        std::to_string(kMaxRank) + " dimensions");
    }
    constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
    // The product of the non-zero extents must fit, even when another extent is zero.
    std::uint64_t nonzero_product = 1U;
    bool has_zero = false;
    for (const std::uint64_t d : dims) {
        if (d == 0U) {
            has_zero = true;
        } else if (nonzero_product > kMax / d) {
            throw FileError(what + ": the element count of shape " + text::shape_text(dims) + " overflows 64 bits");
        } else {
            nonzero_product *= d;
        }
    }
    const std::uint64_t size = element_size(type);
    if (nonzero_product > kMax / size) {
        throw FileError(what + ": the byte size of shape " + text::shape_text(dims) + " overflows 64 bits");
    }
    const std::uint64_t elements = has_zero ? 0U : nonzero_product;
    return TensorSize{elements, elements * size};
}

// [impl->req~div-io-d5~2]
std::vector<std::uint8_t> allocate_bytes(std::uint64_t size, const std::string& what) {
    const std::string failure = what + ": out of memory: cannot allocate " + std::to_string(size) + " bytes (" +
                                size_text(size) + ")";
    if (size > static_cast<std::uint64_t>(std::numeric_limits<std::ptrdiff_t>::max())) {
        throw ResourceError(failure);
    }
    // Above RAM plus swap it cannot succeed: refused without trying, so that
    // the verdict does not depend on the kernel's overcommit policy.
    struct sysinfo machine{};
    if (::sysinfo(&machine) == 0) {
        const std::uint64_t unit = machine.mem_unit;
        const std::uint64_t total = (static_cast<std::uint64_t>(machine.totalram) +
                                     static_cast<std::uint64_t>(machine.totalswap)) *
                                    unit;
        if (size > total) {
            throw ResourceError(failure + ": more than this machine's memory (" + std::to_string(total) +
                                " bytes of RAM and swap)");
        }
    }
    try {
        return std::vector<std::uint8_t>(static_cast<std::size_t>(size), 0U);
    } catch (const std::bad_alloc&) { throw ResourceError(failure); } catch (const std::length_error&) {
        throw ResourceError(failure);
    }
}

std::string size_text(std::uint64_t bytes) {
    if (bytes < 1024U) {
        return std::to_string(bytes) + " bytes";
    }
    const char* const units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double value = static_cast<double>(bytes) / 1024.0;
    std::size_t unit = 0U;
    while ((value >= 1024.0) && (unit < 5U)) {
        value /= 1024.0;
        ++unit;
    }
    char text[32] = {};
    (void)std::snprintf(text, sizeof(text), "%.2f %s", value, units[unit]);
    return text;
}

std::uint64_t TensorData::element_count() const {
    std::uint64_t count = 1U;
    for (const std::uint64_t d : dims) {
        count *= d;  // checked by checked_size when the tensor was read or built
    }
    return count;
}

Shape TensorData::shape() const {
    Shape shape{};
    if ((dims.size() > kMaxRank) || !make_shape(dims.data(), static_cast<std::uint32_t>(dims.size()), shape)) {
        throw FileError("rank " + std::to_string(dims.size()) + " exceeds the limit of " + std::to_string(kMaxRank));
    }
    return shape;
}

ConstTensorView TensorData::view() const { return ConstTensorView{type, shape(), bytes.data(), bytes.size()}; }

TensorView TensorData::mutable_view() { return TensorView{type, shape(), bytes.data(), bytes.size()}; }

}  // namespace sonnx::io
