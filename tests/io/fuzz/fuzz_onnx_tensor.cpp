// libFuzzer target: the TensorProto reader on arbitrary bytes. Any input
// either parses or throws FileError; what parses writes back to a message
// that parses to the same tensor.
#include <cstddef>
#include <cstdint>

#include "sonnx/io/onnx_tensor.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const sonnx::io::TensorData tensor = sonnx::io::parse_tensor_proto(data, size);
        const std::vector<std::uint8_t> written = sonnx::io::encode_tensor_proto(tensor);
        const sonnx::io::TensorData again = sonnx::io::parse_tensor_proto(written.data(), written.size());
        if ((again.type != tensor.type) || (again.dims != tensor.dims) || (again.bytes != tensor.bytes)) {
            __builtin_trap();
        }
    } catch (const sonnx::io::FileError&) {
        // a rejected message
    }
    return 0;
}
