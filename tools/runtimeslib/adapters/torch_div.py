"""PyTorch (Debian python3-torch), CPU: torch.div(a, b) for floats (BF16 as torch.bfloat16),
torch.div(a, b, rounding_mode='floor') for integers. torch 1.13 has no uint16/32/64 tensors."""
import numpy as np

from . import computing
from .. import installing

NAME = "torch"
PROFILE = "sonnx-floor"
ROUNDING = "floor"
TYPES = ["FP16", "BF16", "FP32", "FP64", "INT8", "INT16", "INT32", "INT64", "UINT8"]
TEXT = "torch.div, rounding_mode='floor' for integers, CPU"
BROADCAST = ["multidirectional"]
# the body of a reproducer's runtime_divide(a, b, type_name): NumPy and torch alone, for a bug report
REPRODUCE = """
import torch
if type_name == "BF16":   # bit patterns in uint16 -> torch.bfloat16 and back
    ta = torch.from_numpy(a.view(np.int16).copy()).view(torch.bfloat16)
    tb = torch.from_numpy(b.view(np.int16).copy()).view(torch.bfloat16)
    return torch.div(ta, tb).view(torch.int16).numpy().view(np.uint16)
ta, tb = torch.from_numpy(a.copy()), torch.from_numpy(b.copy())
return torch.div(ta, tb).numpy() if a.dtype.kind == "f" else torch.div(ta, tb, rounding_mode="floor").numpy()
"""


def available():
    try:
        import torch
    except ImportError as error:
        return False, "python3-torch is not installed (%s)" % error
    return True, "torch " + torch.__version__


def install(log):
    return installing.apt(["python3-torch"], log)


def divide(a, b, type_name, rounding):
    import torch
    if type_name == "BF16":   # bit patterns in uint16 -> torch.bfloat16 and back
        ta = torch.from_numpy(a.view(np.int16).copy()).view(torch.bfloat16)
        tb = torch.from_numpy(b.view(np.int16).copy()).view(torch.bfloat16)
        return torch.div(ta, tb).view(torch.int16).numpy().view(np.uint16)
    ta, tb = torch.from_numpy(a.copy()), torch.from_numpy(b.copy())
    if a.dtype.kind == "f":
        return torch.div(ta, tb).numpy()
    return torch.div(ta, tb, rounding_mode=rounding).numpy()


def compute(a, b, type_name):
    return divide(a, b, type_name, ROUNDING)


run_batch = computing(compute, __name__)
