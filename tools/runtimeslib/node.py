"""A runtime driven from Node.js in a few lines: a JavaScript adapter (a CommonJS module exporting divide(A, B)
or runModel(modelPath, {A, B}), and optionally version()) run by the one shared driver,
adapters/_node_driver.js. The Python adapter file declares NAME, PROFILE, TYPES, TEXT (and BROADCAST), then

    available, install, run_batch = node_runtime(__file__, "_myruntime.js", npm="my-npm-package")

The JavaScript file sits beside the adapter file (its name starts with '_', so that it is not taken for an
adapter). `npm` names the package installed into the cache (tools/runtimes --cache; NODE_PATH points at its
node_modules), or None when the adapter needs none. Python hands the operands over as raw little-endian
files with ONNX Runtime's type names and dims, and writes each output as the JavaScript returned it (its own
type and dims) with write_result. A node killed by a signal kills this worker with the same signal, so that
the harness records the crash."""
import json
import os
import shutil
import signal
import subprocess

import numpy as np

from . import installing, tensors

DRIVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "adapters", "_node_driver.js")
JS_TYPES = {"FP16": "float16", "BF16": "bfloat16", "FP32": "float32", "FP64": "float64", "INT8": "int8",
            "INT16": "int16", "INT32": "int32", "INT64": "int64", "UINT8": "uint8", "UINT16": "uint16",
            "UINT32": "uint32", "UINT64": "uint64"}
NUMPY_OF_JS = {"float16": "<f2", "bfloat16": "<u2", "float32": "<f4", "float64": "<f8", "int8": "i1",
               "int16": "<i2", "int32": "<i4", "int64": "<i8", "uint8": "u1", "uint16": "<u2", "uint32": "<u4",
               "uint64": "<u8"}


def cache():
    return os.path.abspath(os.environ.get("SONNX_RUNTIMES_CACHE", os.path.join("build", "runtimes")))


def node_env():
    return dict(os.environ, NODE_PATH=os.path.join(cache(), "node_modules"))


def _output(path, status):
    """The output as the JavaScript returned it, its own type and dims (BF16 as uint16 bit patterns, which
    write_result writes as BF16 for a BF16 set); (None, why) when it cannot be taken as it is."""
    dtype = NUMPY_OF_JS.get(status.get("type"))
    if dtype is None:
        return None, "the runtime returned a tensor of type %s, which the harness does not write" % status.get("type")
    y = np.fromfile(path, dtype=dtype)
    dims = [int(d) for d in status.get("dims", [])]
    if y.size != int(np.prod(dims, dtype=np.int64)):
        return None, "the runtime returned %d elements for dims %s" % (y.size, dims)
    return y.reshape(dims), ""


# [impl->req~div-rt-d4~1]
def run_requests(script, jobs, read_inputs, write_result, classify):
    """Runs the jobs through the driver and `script`; each job's result written with write_result."""
    requests = []
    for job in jobs:
        etype, a, b = read_inputs(job)
        os.makedirs(job["result"], exist_ok=True)
        paths = [os.path.join(job["result"], n) for n in ("a.bin", "b.bin", "y.bin", "node.json")]
        a.tofile(paths[0])
        b.tofile(paths[1])
        requests.append({"model": os.path.abspath(os.path.join(job["set"], "model.onnx")),
                         "type": JS_TYPES[etype.name], "a_dims": list(a.shape), "b_dims": list(b.shape),
                         "a": paths[0], "b": paths[1], "y": paths[2], "status": paths[3]})
    request_file = os.path.join(jobs[0]["result"], "requests.json")
    with open(request_file, "w") as handle:
        json.dump(requests, handle)
    run = subprocess.run(["node", DRIVER, script, request_file], env=node_env(), capture_output=True, text=True)
    for job, request in zip(jobs, requests):
        if not os.path.exists(request["status"]):
            continue
        with open(request["status"]) as handle:
            status = json.load(handle)
        etype = tensors.TYPES[[k for k, v in JS_TYPES.items() if v == request["type"]][0]]
        if status["ok"]:
            y, why = _output(request["y"], status)
            if y is None:
                write_result(job, "error", why)
            else:
                write_result(job, "output", "", y, etype)
        else:
            text = status["error"].strip().splitlines()[0] if status["error"].strip() else "?"
            write_result(job, classify(text), text)
    for request in requests:
        for key in ("a", "b", "y", "status"):
            if os.path.exists(request[key]):
                os.remove(request[key])
    os.remove(request_file)
    if run.returncode < 0:   # node died of a signal: this worker dies of it too, so the harness sees it
        signal.signal(-run.returncode, signal.SIG_DFL)
        os.kill(os.getpid(), -run.returncode)
    if run.returncode != 0:
        raise RuntimeError("node exited with status %d: %s" % (run.returncode, run.stderr.strip()[-500:]))


# [impl->req~div-rt-d4~1]
def node_runtime(adapter_file, script_name, npm=None):
    """(available, install, run_batch) of a runtime whose JavaScript adapter is `script_name` beside
    `adapter_file`, needing the npm package `npm` (None: no package)."""
    script = os.path.join(os.path.dirname(os.path.abspath(adapter_file)), script_name)

    def available():
        if not shutil.which("node"):
            return False, "node is not installed (Debian nodejs)"
        if npm and not os.path.exists(os.path.join(cache(), "node_modules", npm, "package.json")):
            return False, "%s is not installed in %s" % (npm, os.path.join(cache(), "node_modules"))
        run = subprocess.run(["node", DRIVER, script, "--version"], env=node_env(), capture_output=True, text=True)
        if run.returncode != 0:
            tail = (run.stderr.strip().splitlines() or ["?"])[-1]
            return False, "%s does not load in node: %s" % (script_name, tail)
        node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
        return True, "%s (node %s)" % (run.stdout.strip() or script_name, node)

    def install(log):
        if not npm:
            return installing.apt(["nodejs"], log)
        return installing.npm(npm, cache(), log)

    def run_batch(jobs):
        import sys
        from .adapters import classify, read_inputs, write_result
        module = next((m for m in list(sys.modules.values()) if os.path.abspath(getattr(m, "__file__", "") or "")
                       == os.path.abspath(adapter_file)), None)
        run_requests(script, jobs, read_inputs, write_result,
                     lambda text: classify(module, text) if module is not None else "error")

    return available, install, run_batch
