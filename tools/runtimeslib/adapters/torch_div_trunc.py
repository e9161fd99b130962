"""PyTorch with rounding_mode='trunc' for integers (judged by truncation); floats as in torch_div."""
from . import computing
from . import torch_div

NAME = "torch-trunc"
PROFILE = "sonnx-trunc"
TYPES = ["INT8", "INT16", "INT32", "INT64", "UINT8"]
TEXT = "torch.div, rounding_mode='trunc' for integers, CPU"
BROADCAST = ["multidirectional"]
# the body of a reproducer's runtime_divide(a, b, type_name): NumPy and torch alone, for a bug report
REPRODUCE = """
import torch
if type_name == "BF16":   # bit patterns in uint16 -> torch.bfloat16 and back
    ta = torch.from_numpy(a.view(np.int16).copy()).view(torch.bfloat16)
    tb = torch.from_numpy(b.view(np.int16).copy()).view(torch.bfloat16)
    return torch.div(ta, tb).view(torch.int16).numpy().view(np.uint16)
ta, tb = torch.from_numpy(a.copy()), torch.from_numpy(b.copy())
return torch.div(ta, tb).numpy() if a.dtype.kind == "f" else torch.div(ta, tb, rounding_mode="trunc").numpy()
"""
available = torch_div.available
install = torch_div.install


def compute(a, b, type_name):
    return torch_div.divide(a, b, type_name, "trunc")


run_batch = computing(compute, __name__)
