#include "operand_files.hpp"

#include <future>
#include <utility>

#include "sonnx/io/tensor_file.hpp"
#include "type_names.hpp"

namespace sonnx::cli {

void OperandFiles::add_to(CLI::App& command) {
    command
        .add_option("--type", type,
                    "element type of every tensor file; needed for BF16, INT4 and UINT4 in .npy files, which NumPy "
                    "lacks: bf16 reads '<u2' or '<i2' bit patterns, int4 'i1', uint4 'u1' (one element per byte); "
                    "fp16 also reads '<u2' or '<i2' bit patterns. Otherwise the file's own type must be this one. "
                    "Reports name both types (DIV-CLI-D17)")
        ->check(CLI::IsMember(type_names(), CLI::ignore_case));
}

io::TensorData OperandFiles::read(const std::string& path) const {
    ElementType wanted{};
    if (!type.empty() && parse_type_name(type, wanted)) {
        return io::read_tensor_file(path, wanted);
    }
    return io::read_tensor_file(path);
}

// [impl->req~div-cli-d17~1]
io::TensorData OperandFiles::read_recorded(const std::string& path, const std::string& role,
                                           InputRecord& record) const {
    // The hash is of the bytes as they were read and parsed, not of a second read.
    Sha256 sha;
    io::TensorData tensor = io::read_tensor_file(
        path, [&sha](const std::uint8_t* bytes, std::size_t count) { sha.update(bytes, count); });
    const ElementType stored = tensor.type;
    ElementType wanted{};
    if (!type.empty() && parse_type_name(type, wanted)) {
        tensor = io::as_element_type(std::move(tensor), path, wanted);
    }
    record = InputRecord{role, path, stored, tensor.type, tensor.dims, sha.hex()};
    return tensor;
}

// [impl->req~div-cli-d17~1]
std::vector<io::TensorData> OperandFiles::read_together(
    const std::vector<std::pair<std::string, std::string>>& roles_and_paths, Provenance& provenance) const {
    std::vector<InputRecord> records(roles_and_paths.size());
    std::vector<std::future<io::TensorData>> reads;
    for (std::size_t k = 0U; k < roles_and_paths.size(); ++k) {
        const std::pair<std::string, std::string>& file = roles_and_paths[k];
        InputRecord* record = &records[k];  // one writer per record
        reads.push_back(std::async(
            std::launch::async, [this, &file, record]() { return read_recorded(file.second, file.first, *record); }));
    }
    for (std::future<io::TensorData>& read : reads) {
        read.wait();  // every read ends before any error leaves: no thread outlives the call
    }
    std::vector<io::TensorData> tensors;
    for (std::future<io::TensorData>& read : reads) {
        tensors.push_back(read.get());  // throws the first failure in the order given
    }
    provenance.inputs.insert(provenance.inputs.end(), records.begin(), records.end());
    return tensors;
}

}  // namespace sonnx::cli
