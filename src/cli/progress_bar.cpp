#include "progress_bar.hpp"

#include <unistd.h>

#include <cstdio>
#include <string>

namespace sonnx::cli {

// [impl->req~div-cli-d8~2]
ProgressBar::ProgressBar() : enabled_(::isatty(STDERR_FILENO) == 1), began_(std::chrono::steady_clock::now()) {}

ProgressBar::~ProgressBar() {
    if (drawn_) {
        std::fputc('\n', stderr);
    }
}

void ProgressBar::update(std::uint64_t done, std::uint64_t total) {
    if (!enabled_ || (total == 0U)) {
        return;
    }
    constexpr int kWidth = 40;
    const double fraction = static_cast<double>(done) / static_cast<double>(total);
    const int filled = static_cast<int>(fraction * kWidth);
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - began_).count();
    const double remaining = (done > 0U) ? elapsed * (1.0 - fraction) / fraction : 0.0;
    std::string bar(static_cast<std::size_t>(filled), '#');
    bar.resize(kWidth, '.');
    std::fprintf(stderr, "\r[%s] %5.1f%%  %llu/%llu pairs  %.0f s, about %.0f s left ", bar.c_str(), 100.0 * fraction,
                 static_cast<unsigned long long>(done), static_cast<unsigned long long>(total), elapsed, remaining);
    std::fflush(stderr);
    drawn_ = true;
}

}  // namespace sonnx::cli
