#include "operand_files.hpp"

#include "sonnx/check/input_files.hpp"
#include "sonnx/io/tensor_file.hpp"
#include "sonnx/text/type_names.hpp"

namespace sonnx::cli {

void OperandFiles::add_to(CLI::App& command) {
    command
        .add_option("--type", type,
                    "element type of every tensor file; needed for BF16, INT4 and UINT4 in .npy files, which NumPy "
                    "lacks: bf16 reads '<u2' or '<i2' bit patterns, int4 'i1', uint4 'u1' (one element per byte); "
                    "fp16 also reads '<u2' or '<i2' bit patterns. Otherwise the file's own type must be this one. "
                    "Reports name both types (DIV-CLI-D17)")
        ->check(CLI::IsMember(text::type_names(), CLI::ignore_case));
}

std::optional<ElementType> OperandFiles::read_as() const {
    ElementType wanted{};
    if (!type.empty() && text::parse_type_name(type, wanted)) {
        return wanted;
    }
    return std::nullopt;
}

io::TensorData OperandFiles::read(const std::string& path) const {
    const std::optional<ElementType> wanted = read_as();
    return wanted.has_value() ? io::read_tensor_file(path, *wanted) : io::read_tensor_file(path);
}

// [impl->req~div-cli-d17~1]
std::vector<io::TensorData> OperandFiles::read_together(
    const std::vector<std::pair<std::string, std::string>>& roles_and_paths, check::Provenance& provenance) const {
    return check::read_inputs(roles_and_paths, read_as(), provenance);
}

}  // namespace sonnx::cli
