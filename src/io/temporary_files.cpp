// The temporary file of the atomic write in flight, and the thread that
// removes it on SIGINT, SIGTERM or SIGHUP. A thread that waits with sigwait
// runs ordinary code, so it can take the same lock as the writer: the file
// is either recorded and removed, or renamed and forgotten, never between.
#include "sonnx/io/temporary_files.hpp"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <mutex>
#include <thread>
#include <utility>

namespace sonnx::io {

namespace {

std::mutex& registry_lock() {
    static std::mutex lock;
    return lock;
}
std::string& recorded_name() {
    static std::string name;
    return name;
}
std::function<void()>& after_create_hook() {
    static std::function<void()> hook;
    return hook;
}

sigset_t ending_signals() {
    sigset_t set;
    (void)sigemptyset(&set);
    (void)sigaddset(&set, SIGINT);
    (void)sigaddset(&set, SIGTERM);
    (void)sigaddset(&set, SIGHUP);
    return set;
}

[[noreturn]] void wait_and_clean_up(sigset_t set) {
    int signal_number = SIGTERM;
    while (sigwait(&set, &signal_number) != 0) {}
    registry_lock().lock();  // kept: no temporary may be created or renamed after this
    if (!recorded_name().empty()) {
        (void)::unlink(recorded_name().c_str());
    }
    // End as the signal would have: default action, delivered to this thread.
    (void)::signal(signal_number, SIG_DFL);
    sigset_t only;
    (void)sigemptyset(&only);
    (void)sigaddset(&only, signal_number);
    (void)pthread_sigmask(SIG_UNBLOCK, &only, nullptr);
    (void)::raise(signal_number);
    ::_exit(128 + signal_number);  // not reached when the default action ends the process
}

}  // namespace

// [impl->req~div-cli-d3~3]
void remove_temporaries_on_signals() {
    const sigset_t set = ending_signals();
    (void)pthread_sigmask(SIG_BLOCK, &set, nullptr);  // inherited by every thread started after this
    std::thread(wait_and_clean_up, set).detach();
}

// [impl->req~div-cli-d3~3]
int create_temporary(std::string& name_template) {
    int fd = -1;
    {
        const std::lock_guard<std::mutex> guard(registry_lock());
        fd = ::mkstemp(name_template.data());
        if (fd >= 0) {
            recorded_name() = name_template;
        }
    }
    if ((fd >= 0) && after_create_hook()) {
        after_create_hook()();
    }
    return fd;
}

// [impl->req~div-cli-d3~3]
int finish_temporary(const std::string& name, const std::string& target, bool keep) {
    const std::lock_guard<std::mutex> guard(registry_lock());
    int result = -1;
    if (keep) {
        result = ::rename(name.c_str(), target.c_str());
        if (result != 0) {
            const int saved = errno;
            (void)::unlink(name.c_str());
            errno = saved;
        }
    } else {
        (void)::unlink(name.c_str());
    }
    recorded_name().clear();
    return result;
}

namespace detail {
void set_after_create_hook(std::function<void()> hook) { after_create_hook() = std::move(hook); }
}  // namespace detail

}  // namespace sonnx::io
