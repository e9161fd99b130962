// libFuzzer target: the .npy reader on arbitrary bytes. Any input either
// parses or throws FileError; what parses writes back to a file that parses
// to the same tensor. ASan and UBSan catch any over-read or undefined behaviour.
#include <cstddef>
#include <cstdint>

#include "sonnx/io/npy.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const sonnx::io::TensorData tensor = sonnx::io::parse_npy(data, size);
        const std::vector<std::uint8_t> written = sonnx::io::encode_npy(tensor);
        const sonnx::io::TensorData again = sonnx::io::parse_npy(written.data(), written.size());
        if ((again.type != tensor.type) || (again.dims != tensor.dims) || (again.bytes != tensor.bytes)) {
            __builtin_trap();
        }
    } catch (const sonnx::io::FileError&) {
        // a rejected file: the expected outcome for most inputs
    }
    return 0;
}
