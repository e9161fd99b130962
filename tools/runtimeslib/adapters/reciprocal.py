"""A deliberately wrong runtime, the negative control: y = a * (1 / b), both in the element type (NumPy).
It must come out non-conforming; a harness that called it conforming would be broken."""
import numpy as np

from . import computing

NAME = "reciprocal"
PROFILE = "sonnx-floor"
TYPES = ["FP16", "FP32", "FP64"]
TEXT = "negative control: a * (1 / b) in the element type, NumPy"
BROADCAST = ["multidirectional"]
# the body of a reproducer's runtime_divide(a, b, type_name): NumPy alone, for a bug report
REPRODUCE = """
with np.errstate(all="ignore"):
    return np.multiply(a, np.divide(np.ones_like(b), b))
"""


def available():
    return True, "numpy " + np.__version__ + " (negative control)"


def compute(a, b, type_name):
    with np.errstate(all="ignore"):
        return np.multiply(a, np.divide(np.ones_like(b), b))


run_batch = computing(compute, __name__)
