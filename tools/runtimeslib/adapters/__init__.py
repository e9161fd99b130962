"""Runtime adapters: one small file per runtime in this folder (or in a folder given with --adapters).

An adapter is a module with
  NAME      the runtime's name on the command line (--runtimes NAME): letters, digits, '.', '_', '+', '-';
            one file per NAME (two files with one NAME are both refused)
  PROFILE   the reference's profile it implements, a key of cases.PROFILES (the integer rounding it is
            judged by: the adapter declares it, nobody guesses it)
  TYPES     the element types it is asked to divide, a list of sonnx type names: FP16, BF16, FP32, FP64,
            INT8 ... INT64, UINT8 ... UINT64 (exactly these; anything else and the runtime is not run)
  TEXT      one line saying what it calls
  BROADCAST the broadcasting forms it supports (cases.BROADCAST_FORMS: "multidirectional", "legacy";
            optional, none by default): the harness sends those sets too, and an error on one is a finding
  REPRODUCE optional: the body of a function of a, b (NumPy arrays) and type_name returning y, using only
            NumPy and the runtime, for the reproducer scripts (reproducers.py); without it they call run_batch
  available()        -> (True, version) or (False, why not): is the runtime there?
  install(log)       -> (True, what was done) or (False, why not): install what is missing (optional)
  run_batch(jobs)    computes every job: a job is a dict with "set" (a folder holding the set's model.onnx,
                     test_data_set_0/input_0.pb and input_1.pb, without the reference's output), "result" (a
                     folder to write test_data_set_0/output_0.pb and result.json into; today the same
                     folder), "type" (the element type's name) and "hazard" (a set of one hazardous case).
The harness never imports an adapter itself: loading the file, available(), install() and run_batch() each
run in a worker process (runtimeslib.worker), which may raise, exit or die of a signal; that is then "not
run" or the finding. result.json is {"outcome": "output" | "error" | "no kernel", "detail": text, "notes":
[text]} (write_result below); "error" is the runtime's own refusal (its exception), the only outcome a
hazard finding calls "refused with an error".

What is judged is output_0.pb as written, by `sonnx_div.check_files` (the reader and the judgement of
`sonnx-div check`): the runtime's output must be written with its own element type and shape, never cast
or reshaped to the inputs'. A Y of another type or shape is non-conforming (check's candidate_mismatch);
a file the reader refuses is an error finding. write_result writes an array with its own dtype's element
type, with one exception: NumPy has no bfloat16, so for a BF16 set a runtime's BF16 result is handed over
as uint16 bit patterns, and a uint16 array for a BF16 set is written as BF16 (any other dtype for a BF16
set is written as what it is, and judged a wrong type).

An adapter that only calls a divide function on NumPy arrays defines compute(a, b, element_type) -> y
(a numpy.ndarray) and sets run_batch = computing(compute, __name__) (below). The operands arrive as
sonnx_div.read_tensor reads the set's files (BF16 as uint16 bit patterns). Errors: raise; the exception's
text is the finding. An exception whose text says the runtime lacks a kernel for the type is "no kernel"
if the adapter's NO_KERNEL (a list of substrings) matches it.
"""
import json
import os
import sys
import traceback
import warnings

import numpy as np

from .. import tensors


def _sonnx_div():
    import sonnx_div   # the worker's PYTHONPATH holds the module (tools/runtimes --python-dir)
    return sonnx_div


def write_result(job, outcome, detail="", y=None, etype=None, notes=None):
    """result.json, and output_0.pb when y is given: y as it is, its own element type and shape (a uint16 y for
    a BF16 set is BF16; see above). A y that is no numpy.ndarray, or whose dtype has no element type, is not
    written: the outcome becomes "error", naming what y was."""
    data = tensors.data_dir(job["result"])
    os.makedirs(data, exist_ok=True)
    if y is not None:
        if not isinstance(y, np.ndarray):
            outcome, detail = "error", "the runtime returned a %s, not a numpy.ndarray" % type(y).__name__
        else:
            bf16 = etype is not None and etype.name == "BF16" and y.dtype == np.uint16
            try:
                _sonnx_div().write_tensor(os.path.join(data, "output_0.pb"), y, type="bf16" if bf16 else None)
            except (TypeError, ValueError) as error:
                outcome, detail = "error", "the runtime's output (dtype %s, shape %s) cannot be written as an " \
                                           "ONNX tensor: %s" % (y.dtype, list(y.shape), error)
    temporary = os.path.join(job["result"], ".result.json.tmp")
    with open(temporary, "w") as handle:
        json.dump({"outcome": outcome, "detail": detail, "notes": notes or []}, handle, indent=1)
    os.replace(temporary, os.path.join(job["result"], "result.json"))


def read_inputs(job):
    """(ElementType, a, b) of a job's set, read by sonnx_div.read_tensor (the project's reader)."""
    data = tensors.data_dir(job["set"])
    a, a_type = _sonnx_div().read_tensor(os.path.join(data, "input_0.pb"))
    b, b_type = _sonnx_div().read_tensor(os.path.join(data, "input_1.pb"))
    if a_type != b_type or a_type not in tensors.TYPES:
        raise ValueError("the set's inputs are %s and %s, not one element type of the harness" % (a_type, b_type))
    return tensors.TYPES[a_type], a, b


def classify(module, text):
    return "no kernel" if any(s in text for s in getattr(module, "NO_KERNEL", [])) else "error"


def computing(compute, module_name=None):
    """run_batch for an adapter that divides NumPy arrays in this process: compute(a, b, type name) -> y, written
    as it is (no cast, no reshape). Warnings the runtime gives are kept as notes (NumPy's 'divide by zero
    encountered')."""
    def run_batch(jobs):
        module = sys.modules.get(module_name) if module_name else None
        for job in jobs:
            etype, a, b = read_inputs(job)
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                try:
                    y = compute(a, b, etype.name)
                except Exception as error:  # the runtime's error is the finding
                    first = (str(error).strip().splitlines() or [""])[0]
                    text = "%s: %s" % (type(error).__name__, first)
                    write_result(job, classify(module, text) if module else "error", text)
                    continue
            notes = sorted(set("%s: %s" % (w.category.__name__, w.message) for w in caught))
            if y is None:
                write_result(job, "error", "the runtime returned None")
                continue
            write_result(job, "output", "", y, etype, notes)
    return run_batch


def format_exception():
    return traceback.format_exc().strip().splitlines()[-1]


from ..node import node_runtime  # noqa: E402,F401  a runtime driven from Node.js (runtimeslib/node.py)
