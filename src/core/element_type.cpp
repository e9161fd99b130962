// Sizes, classes and names of the element types.
#include "sonnx/element_type.hpp"

namespace sonnx {

// [impl->req~div-float-d7~1]
// [impl->req~div-int-d4~1]
std::size_t element_size(ElementType type) noexcept {
    std::size_t size = 0U;
    switch (type) {
        case ElementType::int4:
        case ElementType::uint4:
        case ElementType::int8:
        case ElementType::uint8:
            size = 1U;
            break;
        case ElementType::fp16:
        case ElementType::bf16:
        case ElementType::int16:
        case ElementType::uint16:
            size = 2U;
            break;
        case ElementType::fp32:
        case ElementType::int32:
        case ElementType::uint32:
            size = 4U;
            break;
        case ElementType::fp64:
        case ElementType::int64:
        case ElementType::uint64:
            size = 8U;
            break;
        default:
            break;
    }
    return size;
}

// [impl->req~div-api-d6~1]
TypeClass type_class(ElementType type) noexcept {
    TypeClass result = TypeClass::unknown;
    switch (type) {
        case ElementType::fp16:
        case ElementType::bf16:
        case ElementType::fp32:
        case ElementType::fp64:
            result = TypeClass::floating;
            break;
        case ElementType::int4:
        case ElementType::int8:
        case ElementType::int16:
        case ElementType::int32:
        case ElementType::int64:
        case ElementType::uint4:
        case ElementType::uint8:
        case ElementType::uint16:
        case ElementType::uint32:
        case ElementType::uint64:
            result = TypeClass::integer;
            break;
        default:
            break;
    }
    return result;
}

// [impl->req~div-api-d2~1]
const char* element_type_name(ElementType type) noexcept {
    const char* name = "unknown";
    switch (type) {
        case ElementType::fp16:
            name = "FP16";
            break;
        case ElementType::bf16:
            name = "BF16";
            break;
        case ElementType::fp32:
            name = "FP32";
            break;
        case ElementType::fp64:
            name = "FP64";
            break;
        case ElementType::int4:
            name = "INT4";
            break;
        case ElementType::int8:
            name = "INT8";
            break;
        case ElementType::int16:
            name = "INT16";
            break;
        case ElementType::int32:
            name = "INT32";
            break;
        case ElementType::int64:
            name = "INT64";
            break;
        case ElementType::uint4:
            name = "UINT4";
            break;
        case ElementType::uint8:
            name = "UINT8";
            break;
        case ElementType::uint16:
            name = "UINT16";
            break;
        case ElementType::uint32:
            name = "UINT32";
            break;
        case ElementType::uint64:
            name = "UINT64";
            break;
        default:
            break;
    }
    return name;
}

}  // namespace sonnx
