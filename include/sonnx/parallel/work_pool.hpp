/// @file
/// The project's one pool of worker threads: the judge's chunks of elements
/// (check), the campaign's blocks of pairs and the accuracy scenarios' boxes
/// all run on it, under one rule for a worker that throws (DIV-CLI-D21).
/// Standard library only: the oracle, the judge and the accuracy code link it
/// without depending on each other.
///
/// The rule
/// --------
/// 1. Tasks are the indices 0 ... count - 1. They are handed out one at a
///    time, in increasing order, to max(1, min(threads, count)) workers
///    (threads 0 counts as 1), each on a thread of its own; so each worker's
///    own tasks rise too.
/// 2. A worker first makes its own state, make_state(), on its own thread,
///    then runs task(state, i) for each task i it is handed.
/// 3. When a task throws, no task of a higher index is started from then on.
///    Every task of a lower index still runs (all of them have been handed
///    out already), and every task in progress is finished. An exception
///    thrown outside any task (making a state, starting a thread, the
///    progress callback) stops the hand-out altogether.
/// 4. Every worker's finish() runs on the worker's own thread after its last
///    task, however the worker ended, and every thread is joined before
///    run_pool returns or throws.
/// 5. If anything threw, run_pool rethrows on the calling thread, unchanged
///    (the same exception object), the FIRST exception BY TASK ORDER: one
///    thrown outside any task if there is one (the first of those recorded),
///    else that of the lowest-indexed task that threw. No state is returned.
///    Deterministic where it matters: when whether a task throws depends on
///    its index only, the lowest index that throws is handed out before any
///    higher one, so it always runs, and the exception rethrown is its own
///    whatever the number of threads and their timing.
/// 6. Otherwise run_pool returns the workers' states, one per worker, in the
///    order the workers were started. Which tasks fell to which worker
///    depends on timing: results that must not depend on the threads are
///    combined from the states in a way that does not depend on it
///    (DIV-CLI-D6, DIV-CLI-D8). The states are destroyed on the calling
///    thread.
/// 7. progress, if given, is called on the calling thread every
///    progress_interval while the workers run, and once after they have all
///    finished. The pool passes it nothing and takes nothing from it: it
///    cannot change what run_pool returns.
#ifndef SONNX_PARALLEL_WORK_POOL_HPP
#define SONNX_PARALLEL_WORK_POOL_HPP

#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

namespace sonnx::parallel {

/// How run_pool runs: its threads and its progress callback (rule 7).
struct PoolOptions {
    unsigned threads{1U};                              ///< 0 counts as 1
    std::function<void()> progress;                    ///< on the calling thread; empty: none
    std::chrono::milliseconds progress_interval{100};  ///< between two calls of progress
};

/// The number of workers run_pool starts for count tasks: max(1, min(threads, count)).
[[nodiscard]] unsigned worker_count(std::uint64_t count, unsigned threads) noexcept;

/// The tasks' hand-out and the record of the exception to rethrow (rules 1,
/// 3 and 5), shared by the workers of one run_pool. A rank orders the
/// exceptions: 0 outside any task, i + 1 for task i.
class TaskDispenser {
public:
    /// Hands out the tasks 0 ... count - 1.
    explicit TaskDispenser(std::uint64_t count) noexcept : count_(count) {}
    TaskDispenser(const TaskDispenser&) = delete;
    TaskDispenser& operator=(const TaskDispenser&) = delete;

    /// The next task, in `task`; false when none is left or an exception
    /// stops the hand-out (then the worker takes no more).
    [[nodiscard]] bool next(std::uint64_t& task);
    /// Records an exception of the given rank; only the lowest rank is kept
    /// (the first recorded among equal ranks).
    void fail(std::uint64_t rank, std::exception_ptr error) noexcept;
    /// Once the workers have joined: the exception to rethrow, or none.
    [[nodiscard]] std::exception_ptr failure() const noexcept;

private:
    const std::uint64_t count_;
    std::atomic<std::uint64_t> next_{0U};
    std::atomic<bool> failed_{false};
    mutable std::mutex lock_;
    std::uint64_t rank_{0U};  // of error_, once failed_
    std::exception_ptr error_;
};

namespace detail {

/// Runs body(w) for w = 0 ... workers - 1, each on a thread of its own; calls
/// options.progress on this thread (rule 7); joins every thread it started.
/// A thread that cannot be started, or an exception from progress, goes to
/// stop(), and the threads already started are still joined. body must not
/// throw.
void run_threads(unsigned workers, const std::function<void(unsigned)>& body, const PoolOptions& options,
                 const std::function<void(std::exception_ptr)>& stop);

}  // namespace detail

/// Runs task(state, i) for i = 0 ... count - 1 under the rule above, and
/// returns the workers' states. make_state() -> State (movable) and
/// task(State&, std::uint64_t) may throw; finish() must be noexcept (it runs
/// however the worker ended: MPFR's per-thread caches, for example).
/// Dispenser is TaskDispenser; the tests put seeded faults in its place to
/// show that they catch them.
// [impl->req~div-cli-d21~1]
// [impl->req~div-cli-d6~3]
// [impl->req~div-cli-d8~2]
// [impl->req~div-uv-d6~1]
template <typename Dispenser = TaskDispenser, typename MakeState, typename Task, typename Finish>
[[nodiscard]] std::vector<std::invoke_result_t<MakeState&>> run_pool(std::uint64_t count, const PoolOptions& options,
                                                                     MakeState make_state, Task task, Finish finish) {
    using State = std::invoke_result_t<MakeState&>;
    static_assert(std::is_invocable_v<Task&, State&, std::uint64_t>, "task(state, index)");
    static_assert(std::is_nothrow_invocable_v<Finish&>, "finish() must be noexcept: it runs however a worker ended");
    const unsigned workers = worker_count(count, options.threads);
    Dispenser dispenser(count);
    std::vector<std::optional<State>> states(workers);
    const std::function<void(unsigned)> body = [&](unsigned worker) noexcept {
        try {
            State& state = states[worker].emplace(make_state());
            std::uint64_t index = 0U;
            while (dispenser.next(index)) {
                try {
                    task(state, index);
                } catch (...) { dispenser.fail(index + 1U, std::current_exception()); }
            }
        } catch (...) { dispenser.fail(0U, std::current_exception()); }
        finish();
    };
    detail::run_threads(workers, body, options,
                        [&dispenser](std::exception_ptr error) { dispenser.fail(0U, std::move(error)); });
    if (const std::exception_ptr failure = dispenser.failure()) {
        std::rethrow_exception(failure);
    }
    std::vector<State> result;
    result.reserve(workers);
    for (std::optional<State>& state : states) {
        if (!state) {  // a worker ended without its state, and nothing was recorded: never a partial result
            throw std::logic_error("run_pool: a worker has no state, yet no exception was recorded");
        }
        result.push_back(std::move(*state));
    }
    return result;
}

}  // namespace sonnx::parallel

#endif  // SONNX_PARALLEL_WORK_POOL_HPP
