"""A standalone reproducer per finding: a short Python script, in <out>/reproducers/, holding the operands (as
bit patterns, so that nothing is lost to decimal), the exact answer (the reference's) and what the runtime gave,
which calls the runtime and says whether the finding shows: exit status 1 when it does (a value that differs
from the exact answer, or a value for an undefined case), 0 when it does not. A crash shows as the script's own
death by the signal.

How the script calls the runtime: the adapter's REPRODUCE, when it has one, is the body of a function of a, b
(NumPy arrays, BF16 as uint16 bit patterns) and type_name returning y: only NumPy and the runtime are needed,
ready for an upstream bug report. Otherwise the script writes a one-set ONNX node test in a temporary folder and
calls the adapter's own run_batch on it (the harness's package and the reference module on its path), so that
every adapter has one."""
import json
import os
import re

import numpy as np


SCRIPT = '''#!/usr/bin/python3
"""Reproducer of a finding of tools/runtimes: %(title)s.

Runtime: %(runtime)s (%(version)s), %(calls)s; judged by %(profile)s.
%(what)s
Run alone: python3 %(name)s   (exit status 1: the finding shows; 0: it does not)."""
import json
import os
import sys

import numpy as np

TYPE = %(type)r
STORAGE, BITS = %(storage)r, %(bits)r   # BF16 travels as uint16 bit patterns
A = np.array(%(a)s, dtype=BITS).view(STORAGE).reshape(%(a_shape)r)
B = np.array(%(b)s, dtype=BITS).view(STORAGE).reshape(%(b_shape)r)
EXPECTED = %(expected)s   # the exact answer (the reference, %(reference)s); None: an undefined case
SEEN = %(seen)s   # what the runtime returned when the harness ran it
UNDEFINED = %(undefined)r
Y_SHAPE = %(y_shape)r
FLOAT = TYPE in ("FP16", "BF16", "FP32", "FP64")


def runtime_divide(a, b, type_name):
%(body)s


def values(bits):
    if TYPE == "BF16":
        return (np.asarray(bits, dtype=np.uint32) << 16).view(np.float32)
    return np.asarray(bits, dtype=BITS).view(STORAGE)


def text(bits):
    bits = int(bits)
    if FLOAT:
        return "%%s (0x%%0*x)" %% (values([bits])[0], 2 * np.dtype(BITS).itemsize, bits)
    return str(bits)


if UNDEFINED:
    print("the reference refuses %%s / %%s: %%s" %% (A.reshape(-1)[0], B.reshape(-1)[0], UNDEFINED))
    print("calling the runtime (if this process now dies of a signal, that is the finding) ...", flush=True)
    try:
        y = runtime_divide(A, B, TYPE)
    except Exception as error:
        print("the runtime refused it with an error: %%s: %%s (not the finding)" %% (type(error).__name__, error))
        sys.exit(0)
    print("the runtime returned %%s: the finding (a value for an undefined case)" %% np.asarray(y).reshape(-1)[:1])
    sys.exit(1)

y = np.asarray(runtime_divide(A, B, TYPE))
if y.dtype != np.dtype(STORAGE) or list(y.shape) != Y_SHAPE:
    print("the runtime returned %%s %%s, not %%s %%s: the finding shows" %% (y.dtype, list(y.shape), STORAGE, Y_SHAPE))
    sys.exit(1)
got = y.reshape(-1).view(BITS)
expected = np.array(EXPECTED, dtype=BITS)
nan = np.isnan(values(got)) & np.isnan(values(expected)) if FLOAT else np.zeros(got.size, dtype=bool)
wrong = (got != expected) & ~nan
pairs = %(numpy_shape)r   # NumPy's broadcasting pairs the elements (not the legacy axis rule)
a_all = np.broadcast_to(A, y.shape).reshape(-1).view(BITS) if pairs else None
b_all = np.broadcast_to(B, y.shape).reshape(-1).view(BITS) if pairs else None
for i in np.flatnonzero(wrong)[:20]:
    operands = "A %%s, B %%s: " %% (text(a_all[i]), text(b_all[i])) if pairs else ""
    print("element %%d: %%sthe runtime gives %%s, the exact answer is %%s" %% (
        i, operands, text(got[i]), text(expected[i])))
print("%%d of %%d elements differ from the exact answer: %%s" %% (
    wrong.sum(), wrong.size, "the finding shows" if wrong.any() else "the finding does not show"))
sys.exit(1 if wrong.any() else 0)
'''

GENERIC_BODY = '''    """The adapter's own run_batch on a one-set ONNX node test (needs the harness and sonnx_div)."""
    import tempfile
    sys.path[:0] = [%(tools)r, %(python_dir)r]
    os.environ.setdefault("SONNX_RUNTIMES_CACHE", %(cache)r)
    from runtimeslib import tensors, worker
    import sonnx_div
    adapter = worker.load(%(adapter_file)r)
    t = tensors.TYPES[type_name]
    with tempfile.TemporaryDirectory() as folder:
        data = tensors.data_dir(folder)
        os.makedirs(data)
        tensors.write_model(os.path.join(folder, "model.onnx"), t, a.shape, %(opset)r, b.shape, %(y_shape)r,
                            %(attributes)r)
        tensors.write_set_tensor(os.path.join(data, "input_0.pb"), "A", t, a)
        tensors.write_set_tensor(os.path.join(data, "input_1.pb"), "B", t, b)
        adapter.run_batch([{"set": folder, "result": folder, "type": type_name, "hazard": %(hazard)r}])
        with open(os.path.join(folder, "result.json")) as handle:
            result = json.load(handle)
        if result["outcome"] != "output":
            raise RuntimeError("%%s: %%s" %% (result["outcome"], result["detail"]))
        return sonnx_div.read_tensor(os.path.join(data, "output_0.pb"))[0]'''


def _file_name(runtime, type_name, what):
    return re.sub(r"[^A-Za-z0-9._-]+", "_", "%s-%s-%s.py" % (runtime, type_name, what))


def _list(array, t):
    return repr(np.ascontiguousarray(array).reshape(-1).view(t.bits_dtype if t.is_float else t.dtype).tolist())


def _body(adapter, reference, context):
    """The runtime call: the adapter's REPRODUCE (not for the legacy attributes, which only a model carries), or
    its run_batch on a one-set node test."""
    snippet = adapter.get("reproduce")
    if snippet and reference.get("form") != "legacy":
        return "\n".join("    " + line if line.strip() else "" for line in snippet.strip("\n").splitlines())
    attributes = reference.get("attributes", {})
    return GENERIC_BODY % dict(context, opset=reference["options"].get("opset", 14),
                               y_shape=tuple(reference["shape"]), attributes=attributes or None,
                               hazard=reference["hazard"], adapter_file=adapter["path"])


# [impl->req~div-rt-d3~1]
def write(out, runtime, adapter, version, t, reference, a, b, expected, seen, what, title, context, undefined=""):
    """Writes one reproducer; returns its path relative to out. a and b: the operands with their shapes (the
    element-wise pairs as 1-D arrays, a broadcasting set with its own shapes); expected and seen: flat."""
    name = _file_name(runtime, t.name, what)
    path = os.path.join(out, "reproducers", name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    numpy_shape = not reference["options"].get("broadcast")
    text = SCRIPT % {
        "title": title, "runtime": runtime, "version": version, "calls": adapter["text"],
        "profile": adapter["profile"], "what": what_text(reference), "name": name, "type": t.name,
        "storage": t.dtype.str, "bits": (t.bits_dtype if t.is_float else t.dtype).str,
        "a": _list(a, t), "b": _list(b, t), "a_shape": tuple(a.shape), "b_shape": tuple(b.shape),
        "expected": "None" if expected is None else _list(expected, t), "seen": "None" if seen is None
        else _list(seen, t), "reference": context["reference"], "undefined": undefined,
        "numpy_shape": numpy_shape, "y_shape": list(reference["shape"]), "body": _body(adapter, reference, context)}
    with open(path, "w") as handle:
        handle.write(text)
    os.chmod(path, 0o755)
    return os.path.relpath(path, out)


def what_text(reference):
    if reference.get("hazard"):
        return "One hazardous case of the integer sets (a zero divisor or MIN / -1), which the reference refuses."
    if reference.get("form"):
        return "From the broadcasting set %s (%s: A %s, B %s%s)." % (
            reference["set"], reference["form"], reference["a_shape"], reference["b_shape"],
            ", attributes %s" % json.dumps(reference["attributes"]) if reference.get("attributes") else "")
    return "Operands from the element-wise sets (A and B of one shape)."
