"""ONNX's own reference evaluator, onnx.reference.ReferenceEvaluator (Debian python3-onnx; the module came with
onnx 1.13): each set's model.onnx run on the set's inputs in this process. Judged by ONNX Div-14 (truncation).
NumPy has no bfloat16, so BF16 is not asked."""
import os

from . import classify, read_inputs, write_result
from .. import installing

NAME = "onnx-reference"
PROFILE = "onnx-14"
TYPES = ["FP16", "FP32", "FP64", "INT8", "INT16", "INT32", "INT64", "UINT8", "UINT16", "UINT32", "UINT64"]
TEXT = "onnx.reference.ReferenceEvaluator on the sets' models (opset 14; Div-6 and Div-1 with broadcast, axis)"
BROADCAST = ["multidirectional", "legacy"]


def available():
    try:
        import onnx
    except ImportError as error:
        return False, "python3-onnx is not installed (%s)" % error
    try:
        import onnx.reference  # noqa: F401
    except ImportError:
        return False, "onnx %s has no onnx.reference (ReferenceEvaluator came with onnx 1.13; Debian 12's " \
                      "python3-onnx is 1.12)" % onnx.__version__
    return True, "onnx %s, onnx.reference.ReferenceEvaluator" % onnx.__version__


def install(log):
    return installing.apt(["python3-onnx"], log)


def run_batch(jobs):
    import numpy as np
    from onnx.reference import ReferenceEvaluator
    for job in jobs:
        etype, a, b = read_inputs(job)
        try:
            with np.errstate(all="ignore"):
                y = ReferenceEvaluator(os.path.join(job["set"], "model.onnx")).run(None, {"A": a, "B": b})[0]
        except Exception as error:  # the evaluator's error is the finding
            text = "%s: %s" % (type(error).__name__, (str(error).strip().splitlines() or [""])[0])
            write_result(job, classify(None, text), text)
            continue
        write_result(job, "output", "", y if isinstance(y, np.ndarray) else np.asarray(y), etype)
