"""Running an adapter on the sets: ordinary sets batched per element type in one worker process, each
hazardous set in a worker of its own; a batch that dies is rerun one set per process, so that every set
gets its own outcome. The timeout is a hang guard only."""
import json
import os
import resource
import shutil
import signal
import subprocess
import sys

TIMEOUT = 1200


def _no_core_files():
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def _worker(runtime, jobs, jobs_file, env):
    with open(jobs_file, "w") as handle:
        json.dump(jobs, handle)
    try:
        run = subprocess.run([sys.executable, "-m", "runtimeslib.worker", runtime, jobs_file], env=env,
                             capture_output=True, text=True, timeout=TIMEOUT, preexec_fn=_no_core_files)
    except subprocess.TimeoutExpired:
        return "timeout", "no answer within %d s (killed)" % TIMEOUT
    if run.returncode < 0:
        name = signal.Signals(-run.returncode).name
        return "signal", "the process died of %s (%s)" % (name, signal.strsignal(-run.returncode))
    if run.returncode != 0:
        tail = run.stderr.strip().splitlines()[-1:] or ["?"]
        return "error", "worker exit status %d: %s" % (run.returncode, tail[0])
    return None, ""


def _missing(jobs):
    return [j for j in jobs if not os.path.exists(os.path.join(j["result"], "result.json"))]


def _as_node_test(job):
    """The set's model and inputs beside the runtime's output, so that each result folder is an ONNX node test
    whose output_0.pb is the runtime's: `sonnx-div onnx-test <results>/<type>` judges the runtime."""
    for name in ("model.onnx", os.path.join("test_data_set_0", "input_0.pb"),
                 os.path.join("test_data_set_0", "input_1.pb")):
        target = os.path.join(job["result"], name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(job["set"], name), target)


def _write_outcome(job, outcome, detail):
    os.makedirs(job["result"], exist_ok=True)
    with open(os.path.join(job["result"], "result.json"), "w") as handle:
        json.dump({"outcome": outcome, "detail": detail, "notes": []}, handle, indent=1)


# [impl->req~div-rt-d1~1]
def run_runtime(runtime, sets, results_root, env, log):
    """sets: {type: [set folder]}; results under results_root/<type>/<set>/. Returns the jobs."""
    every = []
    for type_name, folders in sets.items():
        jobs = [{"set": f, "result": os.path.join(results_root, type_name, os.path.basename(f)),
                 "hazard": os.path.basename(f).startswith("hazard_")} for f in folders]
        for job in jobs:
            os.makedirs(job["result"], exist_ok=True)
            _as_node_test(job)
        ordinary = [j for j in jobs if not j["hazard"]]
        hazards = [j for j in jobs if j["hazard"]]
        singles = list(hazards)
        if ordinary:
            log("  %s %s: %d sets in one process" % (runtime, type_name, len(ordinary)))
            outcome, detail = _worker(runtime, ordinary, os.path.join(results_root, type_name, "jobs.json"), env)
            if outcome:
                log("  %s %s: the batch ended: %s; the sets left run one per process" % (runtime, type_name, detail))
            singles += _missing(ordinary)
        for job in singles:
            outcome, detail = _worker(runtime, [job], os.path.join(job["result"], "jobs.json"), env)
            if _missing([job]):
                _write_outcome(job, outcome or "error", detail or "the adapter wrote no result")
            if job["hazard"]:
                log("  %s %s %s: %s" % (runtime, type_name, os.path.basename(job["set"]),
                                        json.load(open(os.path.join(job["result"], "result.json")))["outcome"]))
        every += jobs
    return every
