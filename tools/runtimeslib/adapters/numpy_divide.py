"""NumPy: np.true_divide for floats, np.floor_divide (Python's //, floor) for integers."""
import numpy as np

from . import computing

NAME = "numpy"
PROFILE = "sonnx-floor"
TYPES = ["FP16", "FP32", "FP64", "INT8", "INT16", "INT32", "INT64", "UINT8", "UINT16", "UINT32", "UINT64"]
TEXT = "np.true_divide (floats), np.floor_divide (integers), CPU"
BROADCAST = ["multidirectional"]
# the body of a reproducer's runtime_divide(a, b, type_name): NumPy alone, for a bug report
REPRODUCE = """
with np.errstate(all="warn"):
    return np.true_divide(a, b) if a.dtype.kind == "f" else np.floor_divide(a, b)
"""


def available():
    return True, "numpy " + np.__version__


def install(log):
    return False, "python3-numpy is needed by the harness itself (apt-get install python3-numpy)"


def compute(a, b, type_name):
    with np.errstate(all="warn"):
        return np.true_divide(a, b) if a.dtype.kind == "f" else np.floor_divide(a, b)


run_batch = computing(compute, __name__)
