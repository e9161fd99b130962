"""Test runtime driven from Node.js by the shared driver: floats divided in double, int32 through float32."""
from runtimeslib.adapters import node_runtime

NAME = "f32-int"
PROFILE = "onnx-14"
TYPES = ["FP32", "INT32"]
TEXT = "test: a JavaScript divide(), int32 through float32"

available, install, run_batch = node_runtime(__file__, "_f32int.js")
