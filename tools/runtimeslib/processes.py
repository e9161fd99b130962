"""Running adapter code in a process of its own (runtimeslib.worker), under a runtime's deadline.

Each runtime has one deadline (tools/runtimes --deadline, default DEFAULT_DEADLINE seconds): the wall-clock
time all its processes (available(), install(), every batch and every hazardous set) may take together. A
process still running when the runtime's time is spent is killed with its process group, and the sets left
are not run. The deadline is a hang guard, named as such wherever it shows: it never decides a verdict;
a set it stops is "not run: deadline", never conforming and never non-conforming. While a process runs,
the harness logs a line every HEARTBEAT seconds (every quarter of the deadline when that is shorter)."""
import os
import signal
import subprocess
import sys
import time

DEFAULT_DEADLINE = 1800
HEARTBEAT = 30


class Budget:
    """The time left of one runtime's deadline."""

    def __init__(self, seconds):
        self.seconds = seconds
        self.used = 0.0

    def left(self):
        return max(0.0, self.seconds - self.used)

    def spent(self):
        return self.left() <= 0.0

    def hang_guard_text(self):
        return "hang guard: the runtime's deadline of %s s for all its processes was spent" % _number(self.seconds)


class Ended:
    """How a process ended: outcome "exit" (status), "signal" (name), or "deadline" (killed, or not started)."""

    def __init__(self, outcome, status=0, detail="", seconds=0.0):
        self.outcome = outcome
        self.status = status
        self.detail = detail
        self.seconds = seconds


def _number(seconds):
    return ("%d" % seconds) if float(seconds).is_integer() else ("%g" % seconds)


def last_line(log_path):
    """The last non-blank line a process wrote (its error, as a traceback ends with it)."""
    try:
        with open(log_path, "rb") as handle:
            handle.seek(0, os.SEEK_END)
            handle.seek(max(0, handle.tell() - 65536))
            lines = handle.read().decode("utf-8", "replace").strip().splitlines()
    except OSError:
        return ""
    return lines[-1].strip() if lines else ""


# [impl->req~div-rt-d1~2]
def run_worker(arguments, env, log_path, budget, log, label):
    """python3 -m runtimeslib.worker ARGUMENTS, its output (stdout and stderr) in log_path, killed when the
    budget is spent; the elapsed time is charged to the budget."""
    if budget.spent():
        return Ended("deadline", detail="not run: " + budget.hang_guard_text())
    os.makedirs(os.path.dirname(log_path), exist_ok=True)
    started = time.monotonic()
    heartbeat = min(HEARTBEAT, max(1.0, budget.seconds / 4))
    with open(log_path, "wb") as output:
        process = subprocess.Popen([sys.executable, "-m", "runtimeslib.worker"] + list(arguments), env=env,
                                   stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT,
                                   start_new_session=True)   # the worker sets its own core-file limit
        try:
            while True:
                elapsed = time.monotonic() - started
                left = budget.left() - elapsed
                if left <= 0:
                    _kill(process)
                    budget.used += time.monotonic() - started
                    log("%s: killed after %s s (%s)" % (label, _number(round(elapsed)), budget.hang_guard_text()))
                    return Ended("deadline", detail="killed after %s s: %s" % (
                        _number(round(elapsed)), budget.hang_guard_text()), seconds=elapsed)
                try:
                    process.wait(timeout=min(heartbeat, left))
                    break
                except subprocess.TimeoutExpired:
                    elapsed = time.monotonic() - started
                    if elapsed < budget.left():
                        log("%s: still running after %s s (%s s of the runtime's deadline left)" % (
                            label, _number(round(elapsed)), _number(round(budget.left() - elapsed))))
        except BaseException:
            _kill(process)
            raise
    seconds = time.monotonic() - started
    budget.used += seconds
    if process.returncode < 0:
        number = -process.returncode
        name = signal.Signals(number).name if number in signal.valid_signals() else "signal %d" % number
        return Ended("signal", detail="the process died of %s (%s)" % (name, signal.strsignal(number)),
                     seconds=seconds)
    return Ended("exit", status=process.returncode, detail=last_line(log_path), seconds=seconds)


def _kill(process):
    """The worker and whatever it started (node, a runtime's own helpers): its process group."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()
