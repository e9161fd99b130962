#include "sonnx/check/input_files.hpp"

#include <future>

#include "sonnx/io/tensor_file.hpp"

namespace sonnx::check {

namespace {

// [impl->req~div-cli-d17~1]
io::TensorData read_recorded(const std::string& path, const std::string& role, std::optional<ElementType> read_as,
                             InputRecord& record) {
    // The hash is of the bytes as they were read and parsed, not of a second read.
    Sha256 sha;
    io::TensorData tensor = io::read_tensor_file(
        path, [&sha](const std::uint8_t* bytes, std::size_t count) { sha.update(bytes, count); });
    const ElementType stored = tensor.type;
    if (read_as.has_value()) {
        tensor = io::as_element_type(std::move(tensor), path, *read_as);
    }
    record = InputRecord{role, path, stored, tensor.type, tensor.dims, sha.hex()};
    return tensor;
}

}  // namespace

// [impl->req~div-cli-d17~1]
std::vector<io::TensorData> read_inputs(const std::vector<std::pair<std::string, std::string>>& roles_and_paths,
                                        std::optional<ElementType> read_as, Provenance& provenance) {
    std::vector<InputRecord> records(roles_and_paths.size());
    std::vector<std::future<io::TensorData>> reads;
    for (std::size_t k = 0U; k < roles_and_paths.size(); ++k) {
        const std::pair<std::string, std::string>& file = roles_and_paths[k];
        InputRecord* record = &records[k];  // one writer per record
        reads.push_back(std::async(std::launch::async, [&file, read_as, record]() {
            return read_recorded(file.second, file.first, read_as, *record);
        }));
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

}  // namespace sonnx::check
