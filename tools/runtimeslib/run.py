"""Running an adapter on the sets: ordinary sets batched per element type in one worker process, each
hazardous set in a worker of its own; a batch that ends without every result is rerun one set per process,
so that every set gets its own outcome. All of a runtime's processes share its deadline (processes.Budget),
a hang guard only: when it is spent, the process running is killed and the sets left are not run.

Each job records how its last process ended ("process"); the judge takes the adapter's result.json when
there is one, and this record otherwise. Results are under <out>/results/<runtime>/<type>/<set>/, each
cleared before a process runs the set and given a copy of the set's model.onnx and inputs: the adapter's
job names that folder as both "set" and "result", so it never sees the reference's output_0.pb. Once every
process has ended, the set's model and inputs are copied there again (whatever the adapter did to them),
so that each result folder is an ONNX node test whose output_0.pb is the runtime's (`sonnx-div onnx-test
<results>/<type>` judges the runtime), and the judge reads those very files."""
import json
import os
import shutil

from . import processes
from .worker import PROCESS_RECORD

NODE_TEST_FILES = ("model.onnx", os.path.join("test_data_set_0", "input_0.pb"),
                   os.path.join("test_data_set_0", "input_1.pb"))


def result_folder(results_root, record):
    """<results>/<type>/<set>, or <results>/broadcast/<type>/<set> for a broadcasting set (judged under
    other options: `sonnx-div onnx-test` on a type's folder takes one profile)."""
    reference = record["reference"]
    if reference.get("form"):
        return os.path.join(results_root, "broadcast", reference["type"], reference["set"])
    return os.path.join(results_root, reference["type"], reference["set"])


def _clear(job):
    """An empty result folder, then the set's model and inputs in it: the folder the adapter is given as the
    job's "set" too, so that it never sees the reference's expected output."""
    shutil.rmtree(job["result"], ignore_errors=True)
    os.makedirs(job["result"], exist_ok=True)
    _as_node_test(job)


def has_result(job):
    return os.path.isfile(os.path.join(job["result"], "result.json"))


def _said(job):
    """The outcome a job's result.json gives, for the log (the judge reads it again, and checks it)."""
    try:
        with open(os.path.join(job["result"], "result.json")) as handle:
            return str(json.load(handle).get("outcome"))[:40]
    except (OSError, ValueError, AttributeError):
        return "something unreadable"


def _as_node_test(job):
    """The set's model and inputs beside the runtime's output, replacing whatever the adapter put there."""
    for name in NODE_TEST_FILES:
        target = os.path.join(job["result"], name)
        if os.path.isdir(target) and not os.path.islink(target):
            shutil.rmtree(target)
        elif os.path.lexists(target):
            os.remove(target)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(job["set"], name), target)


def _process_record(ended):
    """How a process that left a job without result.json ended, as the job's outcome."""
    if ended.outcome == "deadline":
        return {"outcome": "deadline", "detail": ended.detail}
    if ended.outcome == "signal":
        return {"outcome": "signal", "detail": ended.detail}
    if ended.status == 0:
        return {"outcome": "no result", "detail": "the worker ended with exit status 0 without writing result.json "
                                                  "(sys.exit or os._exit in the adapter, or run_batch skipped it)"}
    return {"outcome": "worker error", "detail": "the worker ended with exit status %d: %s" % (
        ended.status, ended.detail or "?")}


def _run(runtime, adapter_file, jobs, label, env, logs, budget, log, each=False):
    """One worker process for `jobs` (with `each`, a forked child per job inside it); each job without
    result.json afterwards records how its process ended."""
    for job in jobs:
        _clear(job)
    jobs_file = os.path.join(logs, label + ".jobs.json")
    os.makedirs(logs, exist_ok=True)
    with open(jobs_file, "w") as handle:
        json.dump([{"set": job["result"], "result": job["result"], "type": job["type"], "hazard": job["hazard"]}
                   for job in jobs], handle)
    ended = processes.run_worker(["run-each" if each else "run", adapter_file, jobs_file], env,
                                 os.path.join(logs, label + ".log"), budget, log, "  %s %s" % (runtime, label))
    for job in jobs:
        own = _own_process(job) if each else None
        job["process"] = None if has_result(job) else (own or _process_record(ended))
    return ended


def _own_process(job):
    """How the forked child of a job ended (worker.run_each's record), as a process record, or None."""
    path = os.path.join(job["result"], PROCESS_RECORD)
    try:
        with open(path) as handle:
            record = json.load(handle)
        os.remove(path)
    except (OSError, ValueError):
        return None
    if record.get("outcome") == "signal":
        return {"outcome": "signal", "detail": record.get("detail", "")}
    status = int(record.get("status", 0))
    return _process_record(processes.Ended("exit", status=status, detail=record.get("detail", "")))


# [impl->req~div-rt-d1~2]
def run_runtime(runtime, adapter_file, sets, results_root, env, log, budget, logs):
    """sets: {type: [set record (cases.write_sets)]}; results under results_root/<type>/<set>/, process logs
    under `logs`. The ordinary sets of every type run in one worker process; each set a batch leaves without a
    result, and each hazardous set, runs in a process of its own (a child the worker forks per set, after
    loading the adapter once). Returns the jobs, each with its set record and how its last process ended."""
    every = []
    for type_name, records in sets.items():
        every += [{"set": r["folder"], "result": result_folder(results_root, r), "type": type_name,
                   "hazard": r["reference"]["hazard"], "record": r, "process": None} for r in records]
    ordinary = [j for j in every if not j["hazard"]]
    hazards = [j for j in every if j["hazard"]]
    singles = []
    if ordinary and budget.spent():
        singles += ordinary   # each records the deadline below
    elif ordinary:
        log("  %s: %d sets of %d types in one process (%s s of the deadline left)" % (
            runtime, len(ordinary), len(sets), round(budget.left())))
        ended = _run(runtime, adapter_file, ordinary, "batch", env, logs, budget, log)
        missing = [j for j in ordinary if not has_result(j)]
        if missing and ended.outcome != "deadline":
            log("  %s: the batch left %d sets without a result (%s); they run one per process" % (
                runtime, len(missing), missing[0]["process"]["detail"]))
            singles += missing
    alone = singles + hazards
    if alone and budget.spent():
        for job in alone:
            job["process"] = {"outcome": "deadline", "detail": "not run: " + budget.hang_guard_text()}
            _clear(job)
    elif alone:
        log("  %s: %d sets one per process (%d hazardous)" % (runtime, len(alone), len(hazards)))
        _run(runtime, adapter_file, alone, "one-per-process", env, logs, budget, log, each=True)
        for job in hazards:
            log("  %s %s %s: %s" % (runtime, job["type"], os.path.basename(job["set"]), job["process"]["outcome"]
                                    if job["process"] else "result.json says " + _said(job)))
    if budget.spent():
        left = [j for j in every if j["process"] and j["process"]["outcome"] == "deadline"]
        log("  %s: not run: deadline (%d sets; %s)" % (runtime, len(left), budget.hang_guard_text()))
    for job in every:
        _as_node_test(job)
    return every
