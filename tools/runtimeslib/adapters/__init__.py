"""Runtime adapters: one small file per runtime in this folder.

An adapter is a module with
  NAME      the runtime's name on the command line (--runtimes NAME)
  PROFILE   the reference's profile it implements, a key of cases.PROFILES (the integer rounding it is
            judged by: the adapter declares it, nobody guesses it)
  TYPES     the element types it is asked to divide (sonnx type names: FP16 ... UINT64)
  TEXT      one line saying what it calls
  available()        -> (True, version) or (False, why not): is the runtime there?
  install(log)       -> (True, what was done) or (False, why not): install what is missing (optional)
  run_batch(jobs)    computes every job: a job is a dict with "set" (a set folder: model.onnx,
                     test_data_set_0/input_0.pb, input_1.pb) and "result" (a folder to write
                     test_data_set_0/output_0.pb and result.json into). It runs in a worker process of its
                     own; it may die of a signal, which is then the finding.
An adapter that only calls a divide function on NumPy arrays defines compute(a, b, element_type) -> y
and sets run_batch = computing(compute) (below). Errors: raise; the exception's text is the finding.
An exception whose text says the runtime lacks a kernel for the type is "no kernel" if the adapter's
NO_KERNEL (a list of substrings) matches it.
"""
import importlib
import importlib.util
import json
import os
import pkgutil
import sys
import traceback
import warnings

from .. import tensors


def all_adapters():
    """The adapters in this folder, and those in the folders of SONNX_RUNTIMES_ADAPTERS (os.pathsep-separated;
    tools/runtimes --adapters DIR): a vendor's own adapter needs no change here. An adapter file outside this
    folder imports the helpers as `from runtimeslib.adapters import computing`."""
    found = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(__name__ + "." + info.name)
        if hasattr(module, "NAME"):
            found[module.NAME] = module
    for folder in filter(None, os.environ.get("SONNX_RUNTIMES_ADAPTERS", "").split(os.pathsep)):
        for file_name in sorted(os.listdir(folder)):
            if file_name.endswith(".py") and not file_name.startswith("_"):
                spec = importlib.util.spec_from_file_location("runtimes_adapter_" + file_name[:-3],
                                                              os.path.join(folder, file_name))
                module = importlib.util.module_from_spec(spec)
                sys.modules[spec.name] = module
                spec.loader.exec_module(module)
                if hasattr(module, "NAME"):
                    found[module.NAME] = module
    return found


def write_result(job, outcome, detail="", y=None, etype=None, notes=None):
    data = tensors.data_dir(job["result"])
    os.makedirs(data, exist_ok=True)
    if y is not None:
        tensors.write_tensor(os.path.join(data, "output_0.pb"), "C", etype, y)
    with open(os.path.join(job["result"], "result.json"), "w") as handle:
        json.dump({"outcome": outcome, "detail": detail, "notes": notes or []}, handle, indent=1)


def read_inputs(job):
    data = tensors.data_dir(job["set"])
    etype, a = tensors.read_tensor(os.path.join(data, "input_0.pb"))
    _, b = tensors.read_tensor(os.path.join(data, "input_1.pb"))
    return etype, a, b


def classify(module, text):
    return "no kernel" if any(s in text for s in getattr(module, "NO_KERNEL", [])) else "error"


def computing(compute, module_name=None):
    """run_batch for an adapter that divides NumPy arrays in this process: compute(a, b, type name) -> y.
    Warnings the runtime gives are kept as notes (NumPy's 'divide by zero encountered')."""
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
            write_result(job, "output", "", y.reshape(a.shape), etype, notes)
    return run_batch


def format_exception():
    return traceback.format_exc().strip().splitlines()[-1]
