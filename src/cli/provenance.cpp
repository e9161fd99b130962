#include "provenance.hpp"

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
#include "sonnx/text/shape_text.hpp"

namespace sonnx::cli {

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
nlohmann::json provenance_json(const Provenance& p) {
    nlohmann::json j;
    j["tool"] = "sonnx-div";
    j["version"] = build_info::kVersion;
    j["revision"] = build_info::kRevision;
    j["compiler"] = build_info::kCompiler;
    j["date"] = p.date;
    j["command"] = p.command;
    j["command_line"] = p.command_line;
    nlohmann::json options = nlohmann::json::object();
    for (const auto& [name, value] : p.options) {
        options[name] = value;
    }
    j["options"] = options;
    nlohmann::json inputs = nlohmann::json::array();
    for (const InputRecord& in : p.inputs) {
        inputs.push_back({{"role", in.role},
                          {"path", in.path},
                          {"sha256", in.sha256},
                          {"stored_type", element_type_name(in.stored)},
                          {"read_as", element_type_name(in.read_as)},
                          {"shape", in.dims}});
    }
    j["inputs"] = inputs;
    return j;
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

}  // namespace sonnx::cli
