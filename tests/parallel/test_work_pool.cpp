// The worker pool's rule (include/sonnx/parallel/work_pool.hpp, DIV-CLI-D21),
// checked on the pool itself, and the seeded faults those checks must catch:
// a pool that swallows a worker's exception, one that keeps handing out
// tasks after a throw, and ones that rethrow the first exception in time or
// the last one instead of the lowest task's. Each check returns what it saw
// go wrong instead of failing the test itself, so that the same check runs
// on the pool (nothing may go wrong) and on each fault (something must).
// The faults are put in the pool through its Dispenser template parameter;
// the production code carries no test hook.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "sonnx/parallel/work_pool.hpp"

namespace sonnx::parallel {
namespace {

// ---- seeded faults ----

// Records nothing: a run whose task threw looks clean.
class SwallowsExceptions : public TaskDispenser {
public:
    using TaskDispenser::TaskDispenser;
    void fail(std::uint64_t, std::exception_ptr) noexcept {}
};

// Hands out every task, whatever was thrown.
class KeepsHandingOut : public TaskDispenser {
public:
    explicit KeepsHandingOut(std::uint64_t count) noexcept : TaskDispenser(count), count_(count) {}
    [[nodiscard]] bool next(std::uint64_t& task) {
        const std::uint64_t claimed = next_++;
        if (claimed >= count_) {
            return false;
        }
        task = claimed;
        return true;
    }

private:
    std::uint64_t count_;
    std::atomic<std::uint64_t> next_{0U};
};

// Rethrows the first exception recorded (the accuracy scenarios' old rule).
class FirstInTime : public TaskDispenser {
public:
    using TaskDispenser::TaskDispenser;
    void fail(std::uint64_t rank, std::exception_ptr error) noexcept {
        {
            const std::lock_guard<std::mutex> guard(lock_);
            if (!first_) {
                first_ = error;
            }
        }
        TaskDispenser::fail(rank, std::move(error));  // the hand-out stops as the pool's does
    }
    [[nodiscard]] std::exception_ptr failure() const noexcept {
        const std::lock_guard<std::mutex> guard(lock_);
        return first_;
    }

private:
    mutable std::mutex lock_;
    std::exception_ptr first_;
};

// Rethrows the last exception recorded (the judge's and the campaign's old rule).
class LastWins : public TaskDispenser {
public:
    using TaskDispenser::TaskDispenser;
    void fail(std::uint64_t rank, std::exception_ptr error) noexcept {
        {
            const std::lock_guard<std::mutex> guard(lock_);
            last_ = error;
        }
        TaskDispenser::fail(rank, std::move(error));
    }
    [[nodiscard]] std::exception_ptr failure() const noexcept {
        const std::lock_guard<std::mutex> guard(lock_);
        return last_;
    }

private:
    mutable std::mutex lock_;
    std::exception_ptr last_;
};

// ---- what the checks use ----

using Violations = std::vector<std::string>;

std::string joined(const Violations& v) {
    std::string text;
    for (const std::string& s : v) {
        text += "\n  " + s;
    }
    return text;
}

// What a task throws: which task it was.
struct TaskError {
    std::uint64_t task;
};

// The address of the exception object `error` holds: a rethrown exception
// is the same object (unchanged) when the addresses agree.
const void* object_of(const std::exception_ptr& error) {
    try {
        std::rethrow_exception(error);
    } catch (const TaskError& e) { return &e; } catch (...) {
        return nullptr;
    }
}

// Thrown by a task, kept so that the check can tell the object rethrown.
struct Thrown {
    std::mutex lock;
    std::map<std::uint64_t, std::exception_ptr> by_task;

    [[noreturn]] void raise(std::uint64_t task) {
        std::exception_ptr error = std::make_exception_ptr(TaskError{task});
        {
            const std::lock_guard<std::mutex> guard(lock);
            by_task[task] = error;
        }
        std::rethrow_exception(error);
    }
};

// A gate that tasks wait at, opened from another thread.
class Gate {
public:
    void open() {
        const std::lock_guard<std::mutex> guard(lock_);
        open_ = true;
        signal_.notify_all();
    }
    bool wait(std::chrono::milliseconds limit) {
        std::unique_lock<std::mutex> guard(lock_);
        return signal_.wait_for(guard, limit, [this]() { return open_; });
    }

private:
    std::mutex lock_;
    std::condition_variable signal_;
    bool open_{false};
};

// Set on a worker's thread by the task that throws there: that worker's
// finish() then opens the gate, once the pool has recorded the exception
// and refused the worker its next task.
thread_local bool threw_here = false;

// A worker's state: its thread and its tasks in the order it ran them.
struct Worker {
    std::thread::id thread;
    std::vector<std::uint64_t> tasks;
};

Worker made_here() { return Worker{std::this_thread::get_id(), {}}; }

// How long a faulty pool may keep a waiting task: the pool never lets one
// wait (its gates open at once), so the limit only bounds a fault's run.
constexpr std::chrono::milliseconds kGateLimit{2000};

// ---- the rule, one check per clause ----

// One thread, task 37 of 100 throws: tasks 0 ... 37 ran in order, no later
// task started, task 37's exception object rethrown, finish() ran once on
// the worker's thread (not the caller's).
template <typename Dispenser>
Violations one_thread_stops_at_the_task_that_throws() {
    Violations v;
    Thrown thrown;
    std::vector<std::uint64_t> ran;
    std::vector<std::thread::id> state_threads;
    std::vector<std::thread::id> finish_threads;
    PoolOptions options;
    options.threads = 1U;
    try {
        (void)run_pool<Dispenser>(
            100U, options,
            [&]() {
                state_threads.push_back(std::this_thread::get_id());
                return 0;
            },
            [&](int&, std::uint64_t task) {
                ran.push_back(task);
                if (task == 37U) {
                    thrown.raise(task);
                }
            },
            [&]() noexcept { finish_threads.push_back(std::this_thread::get_id()); });
        v.push_back("task 37 threw, yet run_pool returned");
    } catch (const TaskError& e) {
        if (e.task != 37U) {
            v.push_back("rethrown: task " + std::to_string(e.task) + "'s exception, not task 37's");
        } else if (&e != object_of(thrown.by_task[37U])) {
            v.push_back("task 37's exception was not rethrown unchanged (another object)");
        }
    }
    std::vector<std::uint64_t> expected(38U);
    for (std::uint64_t i = 0U; i < 38U; ++i) {
        expected[i] = i;
    }
    if (ran != expected) {
        v.push_back("tasks run: " + std::to_string(ran.size()) + ", not tasks 0 ... 37 in order (last " +
                    (ran.empty() ? std::string("none") : std::to_string(ran.back())) + ")");
    }
    if ((state_threads.size() != 1U) || (finish_threads != state_threads) ||
        (state_threads[0] == std::this_thread::get_id())) {
        v.push_back("finish() did not run once, on the worker's own thread");
    }
    return v;
}

// Four threads, task 100 of 2000 throws. Every task after it waits until
// the worker that threw has finished (so the exception has been recorded
// and that worker refused) and then throws too. The exception rethrown is
// task 100's; tasks 0 ... 99 ran once each; at most one task after 100 per
// other worker started (the one it held when task 100 threw), so no task
// was handed out after the throw; every worker's finish() ran on its thread.
template <typename Dispenser>
Violations no_task_starts_after_a_throw(std::chrono::milliseconds gate_limit) {
    constexpr std::uint64_t kCount = 2000U;
    constexpr std::uint64_t kThrows = 100U;
    constexpr unsigned kThreads = 4U;
    Violations v;
    Thrown thrown;
    Gate thrower_done;
    std::mutex lock;
    std::vector<unsigned> runs(kCount, 0U);
    std::atomic<unsigned> after_started{0U};
    std::multiset<std::thread::id> finish_threads;
    PoolOptions options;
    options.threads = kThreads;
    std::vector<Worker> states;
    std::set<std::thread::id> state_threads;
    try {
        (void)run_pool<Dispenser>(
            kCount, options,
            [&]() {
                threw_here = false;
                const std::lock_guard<std::mutex> guard(lock);
                state_threads.insert(std::this_thread::get_id());
                return made_here();
            },
            [&](Worker&, std::uint64_t task) {
                {
                    const std::lock_guard<std::mutex> guard(lock);
                    ++runs[task];
                }
                if (task == kThrows) {
                    threw_here = true;
                    thrown.raise(task);
                }
                if (task > kThrows) {
                    if (++after_started <= kThreads) {  // a faulty pool's later tasks do not wait
                        (void)thrower_done.wait(gate_limit);
                    }
                    thrown.raise(task);
                }
            },
            [&]() noexcept {
                {
                    const std::lock_guard<std::mutex> guard(lock);
                    finish_threads.insert(std::this_thread::get_id());
                }
                if (threw_here) {
                    thrower_done.open();
                }
            });
        v.push_back("tasks threw, yet run_pool returned");
    } catch (const TaskError& e) {
        if (e.task != kThrows) {
            v.push_back("rethrown: task " + std::to_string(e.task) + "'s exception, not task 100's");
        } else if (&e != object_of(thrown.by_task[kThrows])) {
            v.push_back("task 100's exception was not rethrown unchanged");
        }
    }
    for (std::uint64_t task = 0U; task <= kThrows; ++task) {
        if (runs[task] != 1U) {
            v.push_back("task " + std::to_string(task) + " ran " + std::to_string(runs[task]) + " times, not once");
            break;
        }
    }
    if (after_started.load() > kThreads - 1U) {
        v.push_back(std::to_string(after_started.load()) + " tasks after task 100 started: more than the " +
                    std::to_string(kThreads - 1U) + " the other workers held when it threw");
    }
    if ((state_threads.size() != kThreads) ||
        (std::set<std::thread::id>(finish_threads.begin(), finish_threads.end()) != state_threads) ||
        (finish_threads.size() != kThreads)) {
        v.push_back("finish() did not run exactly once on each of the 4 workers' threads");
    }
    return v;
}

// The lowest task's exception wins whatever the order in time:
// (a) task 0 throws after task 1 has thrown and its worker has finished:
//     task 0's is rethrown, and task 2 (after task 1) never starts;
// (b) task 0 throws while task 1 runs, task 1 throws after task 0's worker
//     has finished: task 0's is rethrown.
template <typename Dispenser>
Violations the_lowest_task_wins_whatever_the_timing(std::chrono::milliseconds gate_limit) {
    Violations v;
    PoolOptions options;
    options.threads = 2U;
    {
        Thrown thrown;
        Gate task1_worker_done;
        std::atomic<bool> task2_started{false};
        try {
            (void)run_pool<Dispenser>(
                3U, options,
                []() {
                    threw_here = false;
                    return 0;
                },
                [&](int&, std::uint64_t task) {
                    if (task == 0U) {
                        (void)task1_worker_done.wait(gate_limit);
                        thrown.raise(0U);
                    }
                    if (task == 1U) {
                        threw_here = true;
                        thrown.raise(1U);
                    }
                    task2_started = true;
                },
                [&]() noexcept {
                    if (threw_here) {
                        task1_worker_done.open();
                    }
                });
            v.push_back("(a) tasks 0 and 1 threw, yet run_pool returned");
        } catch (const TaskError& e) {
            if (e.task != 0U) {
                v.push_back("(a) rethrown: task " + std::to_string(e.task) +
                            "'s exception (the first in time), not task 0's");
            }
        }
        if (task2_started.load()) {
            v.push_back("(a) task 2 started after task 1 had thrown");
        }
    }
    {
        Thrown thrown;
        Gate task0_worker_done;
        std::atomic<bool> task1_started{false};
        try {
            (void)run_pool<Dispenser>(
                3U, options,
                []() {
                    threw_here = false;
                    return 0;
                },
                [&](int&, std::uint64_t task) {
                    if (task == 0U) {
                        const auto until = std::chrono::steady_clock::now() + gate_limit;
                        while (!task1_started.load() && (std::chrono::steady_clock::now() < until)) {
                            std::this_thread::sleep_for(std::chrono::milliseconds(1));
                        }
                        threw_here = true;
                        thrown.raise(0U);
                    }
                    if (task == 1U) {
                        task1_started = true;
                        (void)task0_worker_done.wait(gate_limit);
                        thrown.raise(1U);
                    }
                },
                [&]() noexcept {
                    if (threw_here) {
                        task0_worker_done.open();
                    }
                });
            v.push_back("(b) tasks 0 and 1 threw, yet run_pool returned");
        } catch (const TaskError& e) {
            if (e.task != 0U) {
                v.push_back("(b) rethrown: task " + std::to_string(e.task) + "'s exception (the last), not task 0's");
            }
        }
    }
    return v;
}

// Every check of the rule that a seeded fault may break.
template <typename Dispenser>
Violations rule_violations(std::chrono::milliseconds gate_limit) {
    Violations v = one_thread_stops_at_the_task_that_throws<Dispenser>();
    for (const std::string& s : no_task_starts_after_a_throw<Dispenser>(gate_limit)) {
        v.push_back(s);
    }
    for (const std::string& s : the_lowest_task_wins_whatever_the_timing<Dispenser>(gate_limit)) {
        v.push_back(s);
    }
    return v;
}

// ---- the pool ----

// No gate limit is ever reached by the pool: its gates open as soon as the
// worker that threw is done. A minute only bounds a hang.
constexpr std::chrono::milliseconds kNoLimit{60000};

// [utest->req~div-cli-d21~1]
TEST(WorkPool, OneThreadStopsAtTheTaskThatThrows) {
    RecordProperty("requirements", "DIV-CLI-D21");
    const Violations v = one_thread_stops_at_the_task_that_throws<TaskDispenser>();
    EXPECT_TRUE(v.empty()) << joined(v);
}

// [utest->req~div-cli-d21~1]
TEST(WorkPool, NoTaskStartsAfterAThrowAndEveryWorkerFinishes) {
    RecordProperty("requirements", "DIV-CLI-D21");
    const Violations v = no_task_starts_after_a_throw<TaskDispenser>(kNoLimit);
    EXPECT_TRUE(v.empty()) << joined(v);
}

// [utest->req~div-cli-d21~1]
// [utest->req~div-cli-d6~3]
// [utest->req~div-cli-d8~2]
TEST(WorkPool, TheLowestTaskThatThrowsWinsWhateverTheTiming) {
    RecordProperty("requirements", "DIV-CLI-D21,DIV-CLI-D6,DIV-CLI-D8");
    const Violations v = the_lowest_task_wins_whatever_the_timing<TaskDispenser>(kNoLimit);
    EXPECT_TRUE(v.empty()) << joined(v);
}

// The checks above fail on each seeded fault: they can tell a pool that
// breaks the rule. Each fault is caught by the clause it breaks.
// [utest->req~div-cli-d21~1]
TEST(WorkPoolControls, EverySeededFaultIsCaught) {
    RecordProperty("requirements", "DIV-CLI-D21");
    const Violations swallows = rule_violations<SwallowsExceptions>(kGateLimit);
    EXPECT_NE(joined(swallows).find("yet run_pool returned"), std::string::npos) << joined(swallows);
    const Violations keeps = rule_violations<KeepsHandingOut>(kGateLimit);
    EXPECT_NE(joined(keeps).find("tasks run: 100"), std::string::npos) << joined(keeps);
    EXPECT_NE(joined(keeps).find("tasks after task 100 started"), std::string::npos) << joined(keeps);
    EXPECT_NE(joined(keeps).find("(a) task 2 started"), std::string::npos) << joined(keeps);
    const Violations first = rule_violations<FirstInTime>(kGateLimit);
    EXPECT_NE(joined(first).find("(a) rethrown: task 1"), std::string::npos) << joined(first);
    const Violations last = rule_violations<LastWins>(kGateLimit);
    EXPECT_NE(joined(last).find("(b) rethrown: task 1"), std::string::npos) << joined(last);
}

// No task throws: every task runs once; each worker's state is made on its
// own thread (not the caller's), its tasks rise, and its finish() runs once
// on that thread; the states come back, one per worker.
// [utest->req~div-cli-d21~1]
// [utest->req~div-cli-d6~3]
TEST(WorkPool, EveryTaskRunsOnceAndEachWorkersTasksRise) {
    RecordProperty("requirements", "DIV-CLI-D21,DIV-CLI-D6");
    constexpr std::uint64_t kCount = 5000U;
    std::mutex lock;
    std::multiset<std::thread::id> finish_threads;
    PoolOptions options;
    options.threads = 4U;
    const std::vector<Worker> states = run_pool(
        kCount, options, made_here, [](Worker& w, std::uint64_t task) { w.tasks.push_back(task); },
        [&]() noexcept {
            const std::lock_guard<std::mutex> guard(lock);
            finish_threads.insert(std::this_thread::get_id());
        });
    ASSERT_EQ(states.size(), 4U);
    std::vector<unsigned> runs(kCount, 0U);
    std::set<std::thread::id> threads;
    for (const Worker& w : states) {
        EXPECT_NE(w.thread, std::this_thread::get_id());
        threads.insert(w.thread);
        EXPECT_TRUE(std::is_sorted(w.tasks.begin(), w.tasks.end()));
        for (const std::uint64_t task : w.tasks) {
            ++runs[task];
        }
    }
    EXPECT_EQ(threads.size(), 4U);
    EXPECT_EQ(finish_threads, std::multiset<std::thread::id>(threads.begin(), threads.end()));
    EXPECT_TRUE(std::all_of(runs.begin(), runs.end(), [](unsigned n) { return n == 1U; }));
}

// More threads than tasks: one worker per task, no deadlock. Zero tasks:
// one worker, no task. Zero threads count as one. One thread: every task,
// in order, on one thread.
// [utest->req~div-cli-d21~1]
TEST(WorkPool, WorkerCountsAtTheirEdges) {
    RecordProperty("requirements", "DIV-CLI-D21");
    std::atomic<unsigned> finished{0U};
    const auto record = [](Worker& w, std::uint64_t task) { w.tasks.push_back(task); };
    const auto finish = [&finished]() noexcept { ++finished; };
    PoolOptions options;
    options.threads = 8U;
    std::vector<Worker> states = run_pool(3U, options, made_here, record, finish);
    EXPECT_EQ(states.size(), 3U);
    EXPECT_EQ(finished.load(), 3U);
    std::vector<std::uint64_t> all;
    for (const Worker& w : states) {
        all.insert(all.end(), w.tasks.begin(), w.tasks.end());
    }
    std::sort(all.begin(), all.end());
    EXPECT_EQ(all, (std::vector<std::uint64_t>{0U, 1U, 2U}));

    finished = 0U;
    states = run_pool(0U, options, made_here, record, finish);
    ASSERT_EQ(states.size(), 1U);
    EXPECT_TRUE(states[0].tasks.empty());
    EXPECT_EQ(finished.load(), 1U);

    for (const unsigned threads : {0U, 1U}) {
        finished = 0U;
        options.threads = threads;
        states = run_pool(1000U, options, made_here, record, finish);
        ASSERT_EQ(states.size(), 1U) << threads;
        EXPECT_EQ(finished.load(), 1U);
        EXPECT_EQ(states[0].tasks.size(), 1000U);
        EXPECT_TRUE(std::is_sorted(states[0].tasks.begin(), states[0].tasks.end()));
        EXPECT_NE(states[0].thread, std::this_thread::get_id());
    }
    EXPECT_EQ(worker_count(0U, 0U), 1U);
    EXPECT_EQ(worker_count(5U, 0U), 1U);
    EXPECT_EQ(worker_count(5U, 16U), 5U);
    EXPECT_EQ(worker_count(~std::uint64_t{0}, 16U), 16U);
}

// A worker whose state cannot be made: nothing comes back, that exception
// is rethrown (it ranks before every task's), and every worker's finish()
// still runs on its own thread.
// [utest->req~div-cli-d21~1]
TEST(WorkPool, AStateThatCannotBeMadeStopsEveryWorker) {
    RecordProperty("requirements", "DIV-CLI-D21");
    std::atomic<unsigned> made{0U};
    std::atomic<unsigned> finished{0U};
    PoolOptions options;
    options.threads = 3U;
    EXPECT_THROW((void)run_pool(
                     100000U, options,
                     [&made]() {
                         if (++made == 2U) {
                             throw std::length_error("no state");
                         }
                         return 0;
                     },
                     [](int&, std::uint64_t task) {
                         if (task == 50000U) {
                             throw TaskError{task};
                         }
                     },
                     [&finished]() noexcept { ++finished; }),
                 std::length_error);
    EXPECT_EQ(made.load(), 3U);
    EXPECT_EQ(finished.load(), 3U);
}

// Progress: on the calling thread, while the workers run and once after
// they are all done; it changes nothing. A progress callback that throws
// stops the work, and its exception is rethrown once every worker is done.
// [utest->req~div-cli-d21~1]
// [utest->req~div-cli-d8~2]
TEST(WorkPool, ProgressRunsOnTheCallingThreadAndChangesNothing) {
    RecordProperty("requirements", "DIV-CLI-D21,DIV-CLI-D8");
    std::atomic<std::uint64_t> done{0U};
    std::vector<std::uint64_t> seen;
    bool on_caller = true;
    const std::thread::id caller = std::this_thread::get_id();
    PoolOptions options;
    options.threads = 2U;
    options.progress_interval = std::chrono::milliseconds(5);
    options.progress = [&]() {
        on_caller = on_caller && (std::this_thread::get_id() == caller);
        seen.push_back(done.load());
    };
    const auto task = [&done](Worker& w, std::uint64_t index) {
        w.tasks.push_back(index);
        std::this_thread::sleep_for(std::chrono::microseconds(200));
        ++done;
    };
    const std::vector<Worker> states = run_pool(200U, options, made_here, task, []() noexcept {});
    EXPECT_TRUE(on_caller);
    ASSERT_FALSE(seen.empty());
    EXPECT_EQ(seen.back(), 200U);  // the last call comes after every task
    EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
    std::uint64_t tasks = 0U;
    for (const Worker& w : states) {
        tasks += w.tasks.size();
    }
    EXPECT_EQ(tasks, 200U);

    std::atomic<unsigned> finished{0U};
    options.progress = []() { throw std::domain_error("progress"); };
    done = 0U;
    EXPECT_THROW((void)run_pool(1000000U, options, made_here, task, [&finished]() noexcept { ++finished; }),
                 std::domain_error);
    EXPECT_EQ(finished.load(), 2U);
    EXPECT_LT(done.load(), 1000000U);  // stopped at the first call, 5 ms in
}

}  // namespace
}  // namespace sonnx::parallel
