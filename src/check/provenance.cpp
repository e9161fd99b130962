#include "sonnx/check/provenance.hpp"

#include <openssl/evp.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <memory>
#include <stdexcept>
#include <vector>

#include "build_info.hpp"
#include "sonnx/io/tensor_data.hpp"
#include "sonnx/check/profile_rules.hpp"
#include "sonnx/text/shape_text.hpp"

namespace sonnx::check {

namespace {

std::vector<std::string>& command_line() {
    static std::vector<std::string> words;
    return words;
}

// A word the POSIX shell reads back unchanged.
std::string shell_quoted(const std::string& word) {
    const bool plain = !word.empty() && (word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                                "0123456789_-./=:,+@%") == std::string::npos);
    if (plain) {
        return word;
    }
    std::string quoted = "'";
    for (const char c : word) {
        quoted += (c == '\'') ? std::string("'\\''") : std::string(1, c);
    }
    return quoted + "'";
}

std::string command_line_text() {
    std::string text;
    for (const std::string& word : command_line()) {
        text += (text.empty() ? "" : " ") + shell_quoted(word);
    }
    return text;
}

std::string utc_now() {
    const std::time_t now = std::time(nullptr);
    std::tm parts{};
    (void)gmtime_r(&now, &parts);
    char text[32];
    (void)std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
    return text;
}

struct DigestDeleter {
    void operator()(EVP_MD_CTX* context) const { EVP_MD_CTX_free(context); }
};
struct FileCloser {
    void operator()(std::FILE* file) const { (void)std::fclose(file); }
};

}  // namespace

const char* tool_version() { return build_info::kVersion; }
const char* tool_revision() { return build_info::kRevision; }
const char* tool_compiler() { return build_info::kCompiler; }

// [impl->req~div-cli-d17~1]
std::string version_text() {
    return std::string("sonnx-div ") + build_info::kVersion + " (revision " + build_info::kRevision + ", " +
           build_info::kCompiler + ")";
}

void record_command_line(int argc, const char* const* argv) { command_line().assign(argv, argv + argc); }

struct Sha256::Context {
    std::unique_ptr<EVP_MD_CTX, DigestDeleter> digest{EVP_MD_CTX_new()};
};

Sha256::Sha256() : context_(std::make_unique<Context>()) {
    if (!context_->digest || (EVP_DigestInit_ex(context_->digest.get(), EVP_sha256(), nullptr) != 1)) {
        throw std::runtime_error("SHA-256 unavailable (OpenSSL)");
    }
}

Sha256::~Sha256() = default;

void Sha256::update(const std::uint8_t* bytes, std::size_t count) {
    if ((count > 0U) && (EVP_DigestUpdate(context_->digest.get(), bytes, count) != 1)) {
        throw std::runtime_error("SHA-256 failed (OpenSSL)");
    }
}

std::string Sha256::hex() {
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    unsigned int length = 0U;
    if (EVP_DigestFinal_ex(context_->digest.get(), digest.data(), &length) != 1) {
        throw std::runtime_error("SHA-256 failed (OpenSSL)");
    }
    std::string text;
    for (unsigned int i = 0U; i < length; ++i) {
        char pair[3];
        (void)std::snprintf(pair, sizeof pair, "%02x", static_cast<unsigned>(digest[i]));
        text += pair;
    }
    return text;
}

// [impl->req~div-cli-d17~1]
std::string sha256_of_file(const std::string& path) {
    const std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
    if (!file) {
        throw io::FileError(path + ": cannot open to hash it: " + std::strerror(errno));
    }
    Sha256 sha;
    std::vector<std::uint8_t> buffer(std::size_t{1} << 20U);
    for (;;) {
        const std::size_t got = std::fread(buffer.data(), 1U, buffer.size(), file.get());
        sha.update(buffer.data(), got);
        if (got < buffer.size()) {
            if (std::ferror(file.get()) != 0) {
                throw io::FileError(path + ": read error while hashing it");
            }
            break;
        }
    }
    return sha.hex();
}

Provenance start_provenance(const std::string& command) {
    Provenance p;
    p.command = command;
    p.date = utc_now();
    p.command_line = command_line_text();
    return p;
}

// [impl->req~div-cli-d17~1]
void print_provenance(std::ostream& out, const Provenance& p) {
    out << "made by: " << version_text() << ", " << p.date << "\n";
    out << "command: " << p.command_line << "\n";
    out << "options:";
    for (const auto& [name, value] : p.options) {
        out << " " << name << "=" << value;
    }
    out << "\n";
    for (const InputRecord& in : p.inputs) {
        out << in.role << ": " << in.path << " sha256 " << in.sha256 << ", " << element_type_name(in.stored);
        if (in.read_as != in.stored) {
            out << " read as " << element_type_name(in.read_as) << " (--type)";
        }
        out << " " << text::shape_text(in.dims) << "\n";
    }
}

// [impl->req~div-cli-d17~1]
std::vector<std::pair<std::string, std::string>> options_in_force(const DivOptions& options) {
    std::vector<std::pair<std::string, std::string>> in_force;
    switch (options.profile) {
        case Profile::onnx:
            in_force.emplace_back("profile", "onnx");
            in_force.emplace_back("opset", std::to_string(options.onnx.opset));
            if (options.onnx.opset < 7U) {
                in_force.emplace_back("broadcast", options.onnx.broadcast ? "1" : "0");
                in_force.emplace_back("axis", options.onnx.has_axis ? std::to_string(options.onnx.axis) : "none");
            }
            break;
        case Profile::openvino:
            in_force.emplace_back("profile", "openvino");
            in_force.emplace_back("pythondiv", options.openvino.pythondiv ? "true" : "false");
            in_force.emplace_back("auto-broadcast",
                                  (options.openvino.auto_broadcast == AutoBroadcast::none) ? "none" : "numpy");
            break;
        default:
            in_force.emplace_back("profile", "sonnx");
            in_force.emplace_back("sonnx-revision", revision_name(options.sonnx_revision));
            break;
    }
    in_force.emplace_back("int-rounding", rounding_name(rounding_of(options)));
    return in_force;
}

// [impl->req~div-cli-d17~1]
std::vector<std::pair<std::string, std::string>> settings_in_force(const Settings& settings, bool floating,
                                                                   const std::string& type_read_as) {
    std::vector<std::pair<std::string, std::string>> in_force = options_in_force(settings.profile);
    if (floating) {
        in_force.emplace_back("accept", acceptance_name(settings.accept));
    } else {
        in_force.emplace_back("undefined", (undefined_policy(settings) == UndefinedPolicy::list) ? "list" : "refuse");
    }
    in_force.emplace_back("type", type_read_as.empty() ? "(not given)" : type_read_as);
    in_force.emplace_back("worst", std::to_string(settings.worst));
    in_force.emplace_back("shard", std::to_string(settings.shard.index) + "/" + std::to_string(settings.shard.count));
    in_force.emplace_back("threads", std::to_string(settings.threads) + " (the report does not depend on it)");
    return in_force;
}

const char* rounding_name(IntRounding rounding) { return (rounding == IntRounding::toward_zero) ? "trunc" : "floor"; }

const char* revision_name(SonnxRevision revision) { return (revision == SonnxRevision::r2026_06) ? "2026-06" : "seed"; }

}  // namespace sonnx::check
