// Runs a scenario's boxes on a few threads, chunk by chunk, and hands the
// outcomes to the report in box order (so that a report does not depend on
// the thread count, and memory stays bounded by one chunk).
#ifndef SONNX_ACCURACY_PARALLEL_HPP
#define SONNX_ACCURACY_PARALLEL_HPP

#include <mpfr.h>

#include <algorithm>
#include <cstddef>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace sonnx::accuracy {

// process(i) -> Outcome may throw; the first exception is rethrown as a
// runtime_error naming the box (describe(i)).
template <typename Outcome, typename Process, typename Consume, typename Describe>
void for_each_box(std::size_t count, unsigned threads, Process process, Consume consume, Describe describe) {
    const unsigned workers = std::max(1U, threads);
    const std::size_t chunk = 2048U * workers;
    std::vector<Outcome> outcomes;
    for (std::size_t first = 0U; first < count; first += chunk) {
        const std::size_t size = std::min(chunk, count - first);
        outcomes.assign(size, Outcome{});
        std::mutex mutex;
        std::string error;
        std::vector<std::thread> pool;
        for (unsigned t = 0U; t < workers; ++t) {
            pool.emplace_back([&, t]() {
                for (std::size_t k = t; k < size; k += workers) {
                    try {
                        outcomes[k] = process(first + k);
                    } catch (const std::exception& e) {
                        const std::lock_guard<std::mutex> lock(mutex);
                        if (error.empty()) {
                            error = "box " + std::to_string(first + k) + " (" + describe(first + k) + "): " + e.what();
                        }
                    }
                }
                mpfr_free_cache();  // MPFR's per-thread caches (constants, printing) die with the thread
            });
        }
        for (std::thread& thread : pool) {
            thread.join();
        }
        if (!error.empty()) {
            throw std::runtime_error(error);
        }
        for (std::size_t k = 0U; k < size; ++k) {
            consume(first + k, outcomes[k]);
        }
    }
}

}  // namespace sonnx::accuracy

#endif  // SONNX_ACCURACY_PARALLEL_HPP
