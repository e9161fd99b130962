#include "number_options.hpp"

#include <string>

#include "sonnx/check/settings.hpp"

namespace sonnx::cli {

// [impl->req~div-cli-d11~2]
CLI::Validator whole_number_in(std::uint64_t min, std::uint64_t max) {
    const std::string range = "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
    return CLI::Validator(
        [min, max, range](std::string& text) -> std::string {
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
            if (value < min) {
                return text + " is below the smallest value, " + std::to_string(min);
            }
            return std::string();
        },
        range);
}

// [impl->req~div-cli-d20~2]
CLI::Validator shard_option() {
    return CLI::Validator(
        [](const std::string& text) {
            return check::parse_shard(text).has_value() ? std::string()
                                                        : std::string(
                                                              "must be K/N with 0 <= K < N <= 1000000, decimal "
                                                              "digits only");
        },
        "K/N");
}

}  // namespace sonnx::cli
