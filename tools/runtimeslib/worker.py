"""The process adapter code runs in: the harness never imports an adapter file itself, so that whatever the
file does (raise, sys.exit, os._exit, a signal, a hang) ends or stalls this process only, and the harness
records it and goes on.

  python3 -m runtimeslib.worker describe FILE ANSWER.json            import FILE, report its attributes
  python3 -m runtimeslib.worker available FILE ANSWER.json [install] available(), then install() if allowed
  python3 -m runtimeslib.worker run FILE JOBS.json                   run_batch(jobs)
  python3 -m runtimeslib.worker run-each FILE JOBS.json              run_batch([job]), each in a forked child

describe and available write their answer to ANSWER.json (atomically, last thing): a process that ends
without one ended inside the adapter's code. run writes nothing of its own: the adapter writes each job's
result.json and output_0.pb, and the harness judges the files."""
import importlib
import importlib.util
import json
import os
import resource
import signal
import sys
import traceback

BUILTIN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "adapters")


def load(path):
    """The adapter module of a file: a built-in one as runtimeslib.adapters.NAME (its relative imports work),
    any other by its path."""
    folder, file_name = os.path.split(os.path.abspath(path))
    stem = file_name[:-3] if file_name.endswith(".py") else file_name
    if os.path.realpath(folder) == os.path.realpath(BUILTIN):
        return importlib.import_module("runtimeslib.adapters." + stem)
    spec = importlib.util.spec_from_file_location("runtimes_adapter_" + stem, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _answer(path, answer):
    temporary = path + ".tmp"
    with open(temporary, "w") as handle:
        json.dump(answer, handle, indent=1)
    os.replace(temporary, path)


def _plain(value):
    """An attribute as JSON the harness validates: a str, a list of str, or what it is instead."""
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return list(value)
    return {"not_plain": type(value).__name__, "repr": repr(value)[:200]}


def _failure(what, error):
    """'available() raised RuntimeError: text', or for sys.exit 'available() ended its process: sys.exit(0)
    (exit status 0)'."""
    if isinstance(error, SystemExit):
        code = error.code if error.code is not None else 0
        status = code if isinstance(code, int) else 1
        return "%s ended its process: sys.exit(%r) (exit status %d)" % (what, code, status)
    first = (str(error).strip().splitlines() or [""])[0]
    return "%s raised %s: %s" % (what, type(error).__name__, first)


def describe(path, answer_path):
    try:
        module = load(path)
    except BaseException as error:  # noqa: B036  a file that raises or exits while loading is not loaded
        traceback.print_exc()
        _answer(answer_path, {"loaded": False, "reason": _failure("loading the file", error)})
        return
    attributes = {name: _plain(getattr(module, name))
                  for name in ("NAME", "PROFILE", "TYPES", "TEXT", "BROADCAST", "REPRODUCE")
                  if hasattr(module, name)}
    callables = {name: callable(getattr(module, name)) for name in ("available", "install", "run_batch")
                 if hasattr(module, name)}
    _answer(answer_path, {"loaded": True, "attributes": attributes, "callables": callables})


def _pair(what, value):
    """(bool, str) as available() and install() return it, or a text saying what came instead."""
    if isinstance(value, (tuple, list)) and len(value) == 2 and isinstance(value[0], bool) and \
            isinstance(value[1], str):
        return value[0], value[1], ""
    return False, "", "%s returned %s, not (bool, str)" % (what, repr(value)[:200])


def available(path, answer_path, may_install):
    log = []

    def say(text):
        print(text, flush=True)
        log.append(str(text))

    stage = "loading the file"
    try:
        module = load(path)
        stage = "available()"
        ok, version, wrong = _pair("available()", module.available())
        if wrong:
            _answer(answer_path, {"ok": False, "reason": wrong, "log": log})
            return
        if not ok and may_install and hasattr(module, "install"):
            say(version)
            stage = "install(log)"
            installed, text, wrong = _pair("install(log)", module.install(say))
            if wrong:
                _answer(answer_path, {"ok": False, "reason": wrong, "log": log})
                return
            say(text)
            stage = "available()"
            ok, version, wrong = _pair("available()", module.available()) if installed else (False, text, "")
            if wrong:
                _answer(answer_path, {"ok": False, "reason": wrong, "log": log})
                return
    except BaseException as error:  # noqa: B036  the adapter's failure is the answer
        traceback.print_exc()
        _answer(answer_path, {"ok": False, "reason": _failure(stage, error), "log": log})
        return
    _answer(answer_path, {"ok": ok, "version" if ok else "reason": version, "log": log})


def run(path, jobs_file):
    with open(jobs_file) as handle:
        jobs = json.load(handle)
    load(path).run_batch(jobs)


PROCESS_RECORD = ".process.json"


def _ended(status):
    """How a child ended (os.waitpid's status), as run.py records a job's process."""
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        name = signal.Signals(number).name if number in signal.valid_signals() else "signal %d" % number
        return {"outcome": "signal", "detail": "the process died of %s (%s)" % (name, signal.strsignal(number))}
    return {"outcome": "exit", "status": os.WEXITSTATUS(status)}


def run_each(path, jobs_file):
    """Each job in a process of its own: the adapter is loaded (and available() called, which imports the
    runtime) once here, then a child is forked per job, which runs run_batch([job]) and nothing else. How each
    child ended goes to the job's result folder (PROCESS_RECORD) for the harness: a signal that kills a child
    kills that job's process only."""
    with open(jobs_file) as handle:
        jobs = json.load(handle)
    module = load(path)
    try:
        module.available()   # imports the runtime before the forks, so that each child does not
    except Exception:  # each child then imports it itself
        traceback.print_exc()
    for job in jobs:
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:   # the child: this job only
            code = 0
            try:
                module.run_batch([job])
            except SystemExit as error:
                code = error.code if isinstance(error.code, int) else (0 if error.code is None else 1)
            except BaseException as error:  # noqa: B036  the adapter's failure ends its process with status 1
                traceback.print_exc()
                code = 1
                _answer(os.path.join(job["result"], PROCESS_RECORD), {"detail": _failure("run_batch()", error)})
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
        _, status = os.waitpid(pid, 0)
        os.makedirs(job["result"], exist_ok=True)
        record = _ended(status)
        try:
            with open(os.path.join(job["result"], PROCESS_RECORD)) as handle:   # the child's own words
                record.setdefault("detail", json.load(handle).get("detail", ""))
        except (OSError, ValueError, AttributeError):
            pass
        _answer(os.path.join(job["result"], PROCESS_RECORD), record)


def main():
    # A crash is a finding, not a core file: set here, not by the harness (a preexec_fn is not safe in the
    # harness's threads); the children (node, forked jobs) inherit it.
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    command, path, target = sys.argv[1], sys.argv[2], sys.argv[3]
    if command == "describe":
        describe(path, target)
    elif command == "available":
        available(path, target, sys.argv[4:] == ["install"])
    elif command == "run":
        run(path, target)
    elif command == "run-each":
        run_each(path, target)
    else:
        sys.exit("runtimeslib.worker: unknown command %s" % command)


if __name__ == "__main__":
    main()
