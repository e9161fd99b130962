/// @file
/// Temporary files of atomic writes, removed when the process is ended by
/// SIGINT, SIGTERM or SIGHUP (DIV-CLI-D3: no temporary file is left behind,
/// whatever fails).
#ifndef SONNX_IO_TEMPORARY_FILES_HPP
#define SONNX_IO_TEMPORARY_FILES_HPP

#include <functional>
#include <string>

namespace sonnx::io {

/// Call once, first thing in main, before any other thread starts: blocks
/// SIGINT, SIGTERM and SIGHUP in every thread and starts a thread that waits
/// for them. On one, that thread removes the temporary file an atomic write
/// has in flight, stops new ones from being created, and ends the process
/// as the signal would have. Not calling it leaves signal handling as it was.
void remove_temporaries_on_signals();

/// Creates a temporary file from `name_template` (mkstemp's XXXXXX) and
/// records it, under the lock the signal thread takes; returns its
/// descriptor (the template then holds its name) or -1 with errno set.
int create_temporary(std::string& name_template);

/// Renames the recorded temporary over `target` (or, when `keep` is false,
/// removes it) and forgets it, under the same lock; returns rename's result.
int finish_temporary(const std::string& name, const std::string& target, bool keep);

namespace detail {
/// Test seam: called after the temporary file is created and recorded,
/// outside the lock, before its bytes are written.
void set_after_create_hook(std::function<void()> hook);
}  // namespace detail

}  // namespace sonnx::io

#endif
