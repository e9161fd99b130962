/// @file
/// How a report was made (DIV-CLI-D17): the tool's version and source
/// revision, the command line, the options in force, each input file with
/// its SHA-256 and how it was read, and the date; enough to re-run it.
#ifndef SONNX_CHECK_PROVENANCE_HPP
#define SONNX_CHECK_PROVENANCE_HPP

#include <cstddef>
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "sonnx/check/settings.hpp"
#include "sonnx/element_type.hpp"

namespace sonnx::check {

/// "sonnx-div 0.1.0 (revision <git describe>, <compiler>)", and its parts.
std::string version_text();
const char* tool_version();   ///< "0.1.0"
const char* tool_revision();  ///< git describe --always --dirty at configure time, or "unknown"
/// The compiler and its version this build was made with.
const char* tool_compiler();

/// main records the command line once, before any command runs.
void record_command_line(int argc, const char* const* argv);

/// One input file as it was read.
struct InputRecord {
    std::string role;  ///< "A", "B", "Y"
    /// The file's path as given (the Python module: the array's dtype).
    std::string path;
    ElementType stored{ElementType::fp32};  ///< the type the file itself declares
    ElementType read_as{ElementType::fp32};  ///< after --type
    /// The shape read.
    std::vector<std::uint64_t> dims;
    std::string sha256;  ///< of the file's bytes, hex
};

/// SHA-256 over bytes given in pieces (OpenSSL).
class Sha256 {
public:
    Sha256();
    ~Sha256();
    Sha256(const Sha256&) = delete;
    Sha256& operator=(const Sha256&) = delete;
    /// Adds `count` bytes at `bytes` to the digest.
    void update(const std::uint8_t* bytes, std::size_t count);
    /// The digest of everything given so far, in hex; once.
    std::string hex();

private:
    struct Context;
    std::unique_ptr<Context> context_;
};

/// How a report was made (DIV-CLI-D17): the tool, the command, the date, every option in force and each input.
struct Provenance {
    /// The tool that made the report: this build's, or a report's as read back
    /// (report_json.hpp), so that a merge can hold shards to one build.
    std::string version{tool_version()};
    /// The tool's source revision (tool_revision()).
    std::string revision{tool_revision()};
    /// The tool's compiler (tool_compiler()).
    std::string compiler{tool_compiler()};
    std::string command;                 ///< "check", "onnx-test"
    std::string date;                    ///< UTC, ISO 8601; set by start_provenance
    /// How to make it again: the command line record_command_line recorded,
    /// quoted for the shell; set by start_provenance (the Python module
    /// writes its call instead).
    std::string command_line;
    std::vector<std::pair<std::string, std::string>> options;  ///< every option in force, defaults included
    /// Each input file: A, B, Y.
    std::vector<InputRecord> inputs;
};

/// A provenance for `command` made now: this build, the recorded command line and the date.
Provenance start_provenance(const std::string& command);

/// The operator's options as they apply, by the report's names ("profile",
/// "opset", "int-rounding", ...), defaults included.
std::vector<std::pair<std::string, std::string>> options_in_force(const DivOptions& options);
/// check's settings as they apply: the operator's options, then accept (floats)
/// or undefined (integers), type (`type_read_as`, or "(not given)"), worst, shard, threads.
std::vector<std::pair<std::string, std::string>> settings_in_force(const Settings& settings, bool floating,
                                                                   const std::string& type_read_as);
const char* rounding_name(IntRounding rounding);    ///< "floor", "trunc"
const char* revision_name(SonnxRevision revision);  ///< "seed", "2026-06"

/// The SHA-256 of a file's bytes in hex; io::FileError when it cannot be read.
std::string sha256_of_file(const std::string& path);

/// Writes the provenance as the text report's lines.
void print_provenance(std::ostream& out, const Provenance& p);

}  // namespace sonnx::check

#endif  // SONNX_CHECK_PROVENANCE_HPP
