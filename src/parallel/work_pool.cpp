// The pool's hand-out of tasks, its record of the exception to rethrow and
// its threads (include/sonnx/parallel/work_pool.hpp states the rule).
#include "sonnx/parallel/work_pool.hpp"

#include <algorithm>
#include <condition_variable>
#include <thread>

namespace sonnx::parallel {

unsigned worker_count(std::uint64_t count, unsigned threads) noexcept {
    return static_cast<unsigned>(std::max<std::uint64_t>(1U, std::min<std::uint64_t>(threads, count)));
}

// Rules 1 and 3: the lowest unclaimed index, claimed by one worker only;
// once an exception of rank r is recorded, a claimed task i starts only if
// i + 1 < r (it comes before the task that threw), and never after an
// exception outside any task (rank 0). Claims only rise, so a worker
// refused once is refused for good.
// [impl->req~div-cli-d21~1]
bool TaskDispenser::next(std::uint64_t& task) {
    std::uint64_t claimed = next_.load();
    do {
        if (claimed >= count_) {
            return false;
        }
    } while (!next_.compare_exchange_weak(claimed, claimed + 1U));
    if (failed_.load()) {
        const std::lock_guard<std::mutex> guard(lock_);
        if (claimed + 1U >= rank_) {
            return false;
        }
    }
    task = claimed;
    return true;
}

// Rule 5: the exception of the lowest rank, whatever the order in which
// they are recorded.
// [impl->req~div-cli-d21~1]
void TaskDispenser::fail(std::uint64_t rank, std::exception_ptr error) noexcept {
    const std::lock_guard<std::mutex> guard(lock_);
    if (!failed_.load() || (rank < rank_)) {
        rank_ = rank;
        error_ = std::move(error);
    }
    failed_.store(true);
}

std::exception_ptr TaskDispenser::failure() const noexcept {
    const std::lock_guard<std::mutex> guard(lock_);
    return error_;
}

namespace detail {

// Rules 4 and 7: every thread started is joined, whatever happens here.
// [impl->req~div-cli-d21~1]
void run_threads(unsigned workers, const std::function<void(unsigned)>& body, const PoolOptions& options,
                 const std::function<void(std::exception_ptr)>& stop) {
    std::mutex lock;
    std::condition_variable finished_signal;
    unsigned finished = 0U;
    std::vector<std::thread> threads;
    try {
        threads.reserve(workers);
        for (unsigned w = 0U; w < workers; ++w) {
            threads.emplace_back([&lock, &finished_signal, &finished, &body, w]() {
                body(w);
                const std::lock_guard<std::mutex> guard(lock);
                ++finished;
                finished_signal.notify_all();
            });
        }
    } catch (...) {
        stop(std::current_exception());  // the threads started are joined below
    }
    const unsigned started = static_cast<unsigned>(threads.size());
    bool reporting = static_cast<bool>(options.progress);
    const auto report = [&reporting, &options, &stop]() {
        if (reporting) {
            try {
                options.progress();
            } catch (...) {
                reporting = false;
                stop(std::current_exception());
            }
        }
    };
    const std::chrono::milliseconds interval = std::max(options.progress_interval, std::chrono::milliseconds(1));
    if (reporting) {
        std::unique_lock<std::mutex> guard(lock);
        while (!finished_signal.wait_until(guard, std::chrono::steady_clock::now() + interval,
                                           [&finished, started]() { return finished == started; })) {
            guard.unlock();
            report();
            guard.lock();
            if (!reporting) {
                break;
            }
        }
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
    report();  // once more, every worker done
}

}  // namespace detail

}  // namespace sonnx::parallel
