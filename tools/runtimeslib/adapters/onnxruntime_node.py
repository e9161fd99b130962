"""ONNX Runtime through Node.js (npm onnxruntime-node, CPU execution provider): each set's model.onnx in an
InferenceSession (_onnxruntime_node.js, run by the shared driver). Judged by ONNX Div-14 (truncation)."""
from . import node_runtime

NAME = "onnxruntime"
PROFILE = "onnx-14"
TYPES = ["FP16", "BF16", "FP32", "FP64", "INT8", "INT16", "INT32", "INT64", "UINT8", "UINT16", "UINT32", "UINT64"]
TEXT = "onnxruntime-node InferenceSession, CPU execution provider, the sets' models"
# not "legacy": ONNX Runtime has no Div kernel before opset 7 ("Could not find an implementation for Div(6)")
BROADCAST = ["multidirectional"]
NO_KERNEL = ["Could not find an implementation for"]

available, install, run_batch = node_runtime(__file__, "_onnxruntime_node.js", npm="onnxruntime-node")
