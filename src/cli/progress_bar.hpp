// A progress bar on stderr, drawn only when stderr is a terminal.
#ifndef SONNX_CLI_PROGRESS_BAR_HPP
#define SONNX_CLI_PROGRESS_BAR_HPP

#include <chrono>
#include <cstdint>

namespace sonnx::cli {

class ProgressBar {
public:
    ProgressBar();
    ~ProgressBar();
    ProgressBar(const ProgressBar&) = delete;
    ProgressBar& operator=(const ProgressBar&) = delete;

    void update(std::uint64_t done, std::uint64_t total);

private:
    bool enabled_;
    bool drawn_{false};
    std::chrono::steady_clock::time_point began_;
};

}  // namespace sonnx::cli

#endif  // SONNX_CLI_PROGRESS_BAR_HPP
