#include "number_options.hpp"

#include <string>

namespace sonnx::cli {

// [impl->req~div-cli-d11~1]
CLI::Validator whole_number_up_to(std::uint64_t max) {
    const std::string range = "a whole number from 0 to " + std::to_string(max);
    return CLI::Validator(
        [max, range](std::string& text) -> std::string {
            if (text.empty() || (text.find_first_not_of("0123456789") != std::string::npos)) {
                return "'" + text + "' is not " + range;
            }
            std::uint64_t value = 0U;
            for (const char digit : text) {
                const auto d = static_cast<std::uint64_t>(digit - '0');
                if (value > ((max - d) / 10U)) {
                    return text + " is above the largest value, " + std::to_string(max);
                }
                value = (value * 10U) + d;
            }
            return std::string();
        },
        range);
}

// [impl->req~div-cli-d20~1]
CLI::Validator shard_option() {
    return CLI::Validator(
        [](const std::string& text) {
            std::uint64_t index = 0U;
            std::uint64_t count = 0U;
            return parse_shard(text, index, count) ? std::string()
                                                   : std::string(
                                                         "must be K/N with 0 <= K < N <= 1000000, decimal "
                                                         "digits only");
        },
        "K/N");
}

// [impl->req~div-cli-d20~1]
bool parse_shard(const std::string& text, std::uint64_t& index, std::uint64_t& count) {
    constexpr std::uint64_t kMaxShards = 1000000U;
    const std::size_t slash = text.find('/');
    if ((slash == std::string::npos) || (slash == 0U) || (slash + 1U >= text.size())) {
        return false;
    }
    std::uint64_t parts[2] = {0U, 0U};
    const std::string pieces[2] = {text.substr(0U, slash), text.substr(slash + 1U)};
    for (std::size_t k = 0U; k < 2U; ++k) {
        if ((pieces[k].size() > 7U) || (pieces[k].find_first_not_of("0123456789") != std::string::npos)) {
            return false;
        }
        parts[k] = std::stoull(pieces[k]);
    }
    if ((parts[1] == 0U) || (parts[1] > kMaxShards) || (parts[0] >= parts[1])) {
        return false;
    }
    index = parts[0];
    count = parts[1];
    return true;
}

}  // namespace sonnx::cli
