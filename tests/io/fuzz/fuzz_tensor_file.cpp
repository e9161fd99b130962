// libFuzzer target: the whole tensor-file path of the command line, through
// the public headers only (sonnx/io/tensor_file.hpp, tensor_data.hpp).
//
// Input: byte 0 picks the file name (even: x.npy, odd: x.pb), byte 1 the
// element type asked for (--type; modulo the 14 types), the rest is the
// file. The file is written to a private temporary directory and read with
// read_tensor_file(path) and read_tensor_file(path, wanted). What reads is
// checked through its views, written with write_tensor_file (the atomic
// writer) to both y.npy and y.pb, and read back. A FileError from a read is
// the expected rejection. The target traps when:
//   - a read tensor's bytes, shape() or views disagree with its type and dims;
//   - read_tensor_file(path, wanted) accepts or refuses against the documented
//     rule (the same type, or for .npy BF16/FP16 from UINT16/INT16 bit
//     patterns, INT4 from INT8, UINT4 from UINT8) or changes dims or bytes;
//   - a write of a tensor that read fails, except a .pb write of a 4-bit
//     value outside its type's range (packed_4bit.hpp) or of an extent above
//     TensorProto's int64 dims;
//   - what was written does not read back (as its type) to the same type,
//     dims and bytes, or a temporary file of the atomic writer is left behind.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>
#include <vector>

#include "fuzz_private_directory.hpp"
#include "sonnx/io/tensor_data.hpp"
#include "sonnx/io/tensor_file.hpp"

namespace {

namespace fs = std::filesystem;
using sonnx::ElementType;
using sonnx::io::FileError;
using sonnx::io::TensorData;

std::string g_directory;  // private temporary directory, removed at exit

using sonnx_fuzz::check;
using sonnx_fuzz::fail;
using sonnx_fuzz::write_raw;

// The documented reinterpretations of read_tensor_file(path, wanted).
bool wanted_accepted(bool npy, ElementType stored, ElementType wanted) {
    if (stored == wanted) {
        return true;
    }
    if (!npy) {
        return false;
    }
    switch (wanted) {
        case ElementType::bf16:
        case ElementType::fp16:
            return (stored == ElementType::uint16) || (stored == ElementType::int16);
        case ElementType::int4:
            return stored == ElementType::int8;
        case ElementType::uint4:
            return stored == ElementType::uint8;
        default:
            return false;
    }
}

// The tensor's storage is consistent with its type and dims, and its views
// cover exactly its bytes (ASan checks every byte of both views is touched
// inside the buffer).
void check_tensor(TensorData& tensor) {
    const std::size_t unit = sonnx::element_size(tensor.type);
    check(unit != 0U);
    check(tensor.dims.size() <= sonnx::kMaxRank);
    const std::uint64_t count = tensor.element_count();
    check(tensor.bytes.size() == count * unit);
    const sonnx::Shape shape = tensor.shape();  // a tensor that read has at most kMaxRank dims
    check(shape.rank == tensor.dims.size());
    for (std::size_t i = 0; i < tensor.dims.size(); ++i) {
        check(shape.dims[i] == tensor.dims[i]);
    }
    std::uint64_t view_count = 0U;
    check(sonnx::element_count(shape, view_count) && (view_count == count));

    const sonnx::ConstTensorView view = tensor.view();
    check(view.type == tensor.type);
    check(view.shape.rank == shape.rank);
    check(view.size_bytes == tensor.bytes.size());
    check((view.size_bytes == 0U) || (view.data == tensor.bytes.data()));
    const auto* in = static_cast<const std::uint8_t*>(view.data);
    unsigned checksum = 0U;
    for (std::size_t i = 0; i < view.size_bytes; ++i) {
        checksum += in[i];
    }

    const sonnx::TensorView out = tensor.mutable_view();
    check(out.type == tensor.type);
    check(out.shape.rank == shape.rank);
    check(out.size_bytes == tensor.bytes.size());
    auto* bytes = static_cast<std::uint8_t*>(out.data);
    unsigned again = 0U;
    for (std::size_t i = 0; i < out.size_bytes; ++i) {
        bytes[i] = static_cast<std::uint8_t>(bytes[i] ^ 0xFFU);  // a write through the view...
        bytes[i] = static_cast<std::uint8_t>(bytes[i] ^ 0xFFU);  // ...undone
        again += bytes[i];
    }
    check(again == checksum);
}

// pack_4bit refuses a value outside [-8, 7] (INT4) or [0, 15] (UINT4).
bool has_4bit_value_out_of_range(const TensorData& tensor) {
    for (const std::uint8_t byte : tensor.bytes) {
        if ((tensor.type == ElementType::int4) && ((byte > 7U) && (byte < 0xF8U))) {
            return true;
        }
        if ((tensor.type == ElementType::uint4) && (byte > 15U)) {
            return true;
        }
    }
    return false;
}

bool has_extent_above_int64(const TensorData& tensor) {
    for (const std::uint64_t d : tensor.dims) {
        if (d > static_cast<std::uint64_t>(INT64_MAX)) {
            return true;
        }
    }
    return false;
}

void no_temporary_left() {
    for (const fs::directory_entry& entry : fs::directory_iterator(g_directory)) {
        check(entry.path().filename().string().find(".tmp-") == std::string::npos);
    }
}

// Writes the tensor to y.npy and y.pb and reads each back as the tensor's type.
void round_trip(const TensorData& tensor) {
    for (const char* name : {"y.npy", "y.pb"}) {
        const std::string path = g_directory + "/" + name;
        const bool pb = name[2] == 'p';
        std::error_code ignored;
        fs::remove(path, ignored);
        try {
            sonnx::io::write_tensor_file(path, tensor);
        } catch (const FileError&) {
            no_temporary_left();
            check(pb && (has_4bit_value_out_of_range(tensor) || has_extent_above_int64(tensor)));
            continue;
        }
        no_temporary_left();
        TensorData again;
        try {
            again = sonnx::io::read_tensor_file(path, tensor.type);
        } catch (const FileError&) {
            fail();  // what was written must read
        }
        check((again.type == tensor.type) && (again.dims == tensor.dims) && (again.bytes == tensor.bytes));
    }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
    g_directory = sonnx_fuzz::make_private_directory("sonnx-fuzz-tensor-file");
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2U) {
        return 0;
    }
    const bool npy = (data[0] & 1U) == 0U;
    const auto wanted = static_cast<ElementType>(data[1] % sonnx::kElementTypeCount);
    const std::string path = g_directory + (npy ? "/x.npy" : "/x.pb");
    write_raw(path, data + 2, size - 2U);

    TensorData tensor;
    try {
        tensor = sonnx::io::read_tensor_file(path);
    } catch (const FileError&) {
        // The expected outcome for most inputs; the typed read must refuse too.
        try {
            (void)sonnx::io::read_tensor_file(path, wanted);
        } catch (const FileError&) { return 0; }
        fail();
    }
    check_tensor(tensor);
    round_trip(tensor);

    const bool accepted = wanted_accepted(npy, tensor.type, wanted);
    try {
        TensorData typed = sonnx::io::read_tensor_file(path, wanted);
        check(accepted);
        check((typed.type == wanted) && (typed.dims == tensor.dims) && (typed.bytes == tensor.bytes));
        check_tensor(typed);
        round_trip(typed);
    } catch (const FileError&) { check(!accepted); }
    return 0;
}
