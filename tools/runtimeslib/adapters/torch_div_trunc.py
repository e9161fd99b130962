"""PyTorch with rounding_mode='trunc' for integers (judged by truncation); floats as in torch_div."""
from . import computing
from . import torch_div

NAME = "torch-trunc"
PROFILE = "sonnx-trunc"
TYPES = ["INT8", "INT16", "INT32", "INT64", "UINT8"]
TEXT = "torch.div, rounding_mode='trunc' for integers, CPU"
BROADCAST = ["multidirectional"]
available = torch_div.available
install = torch_div.install


def compute(a, b, type_name):
    return torch_div.divide(a, b, type_name, "trunc")


run_batch = computing(compute, __name__)
