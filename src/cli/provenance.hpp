// How a report was made (DIV-CLI-D17): the tool's version and source
// revision, the command line, the options in force, each input file with
// its SHA-256 and how it was read, and the date; enough to re-run it.
#ifndef SONNX_CLI_PROVENANCE_HPP
#define SONNX_CLI_PROVENANCE_HPP

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <vector>

#include "sonnx/element_type.hpp"

namespace sonnx::cli {

// "sonnx-div 0.1.0 (revision <git describe>, <compiler>)".
std::string version_text();

// main records the command line once, before any command runs.
void record_command_line(int argc, const char* const* argv);

// One input file as it was read.
struct InputRecord {
    std::string role;  // "A", "B", "Y"
    std::string path;
    ElementType stored{ElementType::fp32};  // the type the file itself declares
    ElementType read_as{ElementType::fp32};  // after --type
    std::vector<std::uint64_t> dims;
    std::string sha256;  // of the file's bytes, hex
};

// The record of a file read with `stored` in it and `read_as` after --type; hashes the file.
InputRecord input_record(const std::string& role, const std::string& path, ElementType stored, ElementType read_as,
                         const std::vector<std::uint64_t>& dims);

struct Provenance {
    std::string command;                 // "check", "onnx-test"
    std::string date;                    // UTC, ISO 8601; set by start_provenance
    std::vector<std::pair<std::string, std::string>> options;  // every option in force, defaults included
    std::vector<InputRecord> inputs;
};

Provenance start_provenance(const std::string& command);

// The SHA-256 of a file's bytes in hex; io::FileError when it cannot be read.
std::string sha256_of_file(const std::string& path);

nlohmann::json provenance_json(const Provenance& p);
void print_provenance(std::ostream& out, const Provenance& p);

}  // namespace sonnx::cli

#endif  // SONNX_CLI_PROVENANCE_HPP
