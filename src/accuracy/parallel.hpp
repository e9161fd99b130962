// Runs a scenario's boxes on the worker pool (src/parallel), chunk by chunk,
// and hands the outcomes to the report in box order (so that a report does
// not depend on the thread count, and memory stays bounded by one chunk).
#ifndef SONNX_ACCURACY_PARALLEL_HPP
#define SONNX_ACCURACY_PARALLEL_HPP

#include <mpfr.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

#include "sonnx/parallel/work_pool.hpp"

namespace sonnx::accuracy {

// process(i) -> Outcome may throw. Under the pool's rule (DIV-CLI-D21),
// once a box has thrown no later box is started, and the exception of the
// lowest box that threw is rethrown: a std::exception as a runtime_error
// naming the box, "box N (describe(N)): what", any other unchanged. No
// outcome of that box's chunk is consumed then.
template <typename Outcome, typename Process, typename Consume, typename Describe>
void for_each_box(std::size_t count, unsigned threads, Process process, Consume consume, Describe describe) {
    struct NoState {};
    parallel::PoolOptions options;
    options.threads = std::max(1U, threads);
    const std::size_t chunk = 2048U * options.threads;
    std::vector<Outcome> outcomes;
    for (std::size_t first = 0U; first < count; first += chunk) {
        const std::size_t size = std::min(chunk, count - first);
        outcomes.assign(size, Outcome{});
        (void)parallel::run_pool(
            size, options, []() { return NoState{}; },
            [&](NoState&, std::uint64_t task) {
                const std::size_t k = static_cast<std::size_t>(task);
                try {
                    outcomes[k] = process(first + k);
                } catch (const std::exception& e) {
                    throw std::runtime_error("box " + std::to_string(first + k) + " (" + describe(first + k) +
                                             "): " + e.what());
                }
            },
            []() noexcept { mpfr_free_cache(); });  // MPFR's per-thread caches die with the thread
        for (std::size_t k = 0U; k < size; ++k) {
            consume(first + k, outcomes[k]);
        }
    }
}

}  // namespace sonnx::accuracy

#endif  // SONNX_ACCURACY_PARALLEL_HPP
