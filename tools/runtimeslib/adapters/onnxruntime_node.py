"""ONNX Runtime through Node.js (npm onnxruntime-node, CPU execution provider): each set's model.onnx is
loaded by an InferenceSession and fed the set's inputs (ort_run.js). Python hands the inputs over as raw
little-endian bytes and writes each output as onnxruntime returned it (its own type and dims) into output_0.pb.
Judged by ONNX Div-14 (truncation)."""
import json
import os
import shutil
import signal
import subprocess

import numpy as np

from . import read_inputs, write_result, classify
from .. import installing

NAME = "onnxruntime"
PROFILE = "onnx-14"
TYPES = ["FP16", "BF16", "FP32", "FP64", "INT8", "INT16", "INT32", "INT64", "UINT8", "UINT16", "UINT32", "UINT64"]
TEXT = "onnxruntime-node InferenceSession, CPU execution provider, opset 14 models"
NO_KERNEL = ["Could not find an implementation for"]
ORT_TYPES = {"FP16": "float16", "BF16": "bfloat16", "FP32": "float32", "FP64": "float64", "INT8": "int8",
             "INT16": "int16", "INT32": "int32", "INT64": "int64", "UINT8": "uint8", "UINT16": "uint16",
             "UINT32": "uint32", "UINT64": "uint64"}
NUMPY_OF_ORT = {"float16": "<f2", "bfloat16": "<u2", "float32": "<f4", "float64": "<f8", "int8": "i1", "int16": "<i2",
                "int32": "<i4", "int64": "<i8", "uint8": "u1", "uint16": "<u2", "uint32": "<u4", "uint64": "<u8"}


def cache():
    return os.environ.get("SONNX_RUNTIMES_CACHE", os.path.join("build", "runtimes"))


def _package_json():
    return os.path.join(cache(), "node_modules", "onnxruntime-node", "package.json")


def available():
    if not shutil.which("node"):
        return False, "node is not installed (Debian nodejs)"
    if not os.path.exists(_package_json()):
        return False, "onnxruntime-node is not installed in %s" % os.path.join(cache(), "node_modules")
    with open(_package_json()) as handle:
        version = json.load(handle)["version"]
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    return True, "onnxruntime-node %s (node %s)" % (version, node)


def install(log):
    return installing.npm("onnxruntime-node", cache(), log)


def _output(path, status):
    """The output as onnxruntime returned it, its own type and dims (BF16 as uint16 bit patterns, which
    write_result writes as BF16 for a BF16 set); (None, why) when it cannot be taken as it is."""
    dtype = NUMPY_OF_ORT.get(status.get("type"))
    if dtype is None:
        return None, "onnxruntime returned a tensor of type %s, which the harness does not write" % status.get("type")
    y = np.fromfile(path, dtype=dtype)
    dims = [int(d) for d in status["dims"]]
    if y.size != int(np.prod(dims, dtype=np.int64)):
        return None, "onnxruntime returned %d elements for dims %s" % (y.size, dims)
    return y.reshape(dims), ""


def run_batch(jobs):
    requests = []
    for job in jobs:
        etype, a, b = read_inputs(job)
        os.makedirs(job["result"], exist_ok=True)
        paths = [os.path.join(job["result"], n) for n in ("a.bin", "b.bin", "y.bin", "node.json")]
        a.tofile(paths[0])
        b.tofile(paths[1])
        requests.append({"model": os.path.abspath(os.path.join(job["set"], "model.onnx")),
                         "type": ORT_TYPES[etype.name], "dims": list(a.shape),
                         "a": paths[0], "b": paths[1], "y": paths[2], "status": paths[3]})
    request_file = os.path.join(jobs[0]["result"], "requests.json")
    with open(request_file, "w") as handle:
        json.dump(requests, handle)
    env = dict(os.environ, NODE_PATH=os.path.abspath(os.path.join(cache(), "node_modules")))
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ort_run.js")
    run = subprocess.run(["node", script, request_file], env=env, capture_output=True, text=True)
    for job, request in zip(jobs, requests):
        if not os.path.exists(request["status"]):
            continue
        with open(request["status"]) as handle:
            status = json.load(handle)
        etype, a, _ = read_inputs(job)
        if status["ok"]:
            y, why = _output(request["y"], status)
            if y is None:
                write_result(job, "error", why)
            else:
                write_result(job, "output", "", y, etype)
        else:
            text = status["error"].strip().splitlines()[0] if status["error"].strip() else "?"
            write_result(job, classify(__import__(__name__, fromlist=["x"]), text), text)
    for request in requests:
        for key in ("a", "b", "y", "status"):
            if os.path.exists(request[key]):
                os.remove(request[key])
    if run.returncode < 0:   # node died of a signal: this worker dies of it too, so the harness sees it
        signal.signal(-run.returncode, signal.SIG_DFL)
        os.kill(os.getpid(), -run.returncode)
    if run.returncode != 0:
        raise RuntimeError("node exited with status %d: %s" % (run.returncode, run.stderr.strip()[-500:]))
