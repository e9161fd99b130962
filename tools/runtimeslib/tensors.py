"""Element types, and the files of ONNX's backend node-test layout the harness writes itself (the sets'
models, inputs and expected outputs). Every tensor the harness judges or hands to an adapter is read by the
project's own reader, sonnx_div.read_tensor / check_files, never here."""
import os

import numpy as np


class _Onnx:
    """onnx, imported when a model or a set's tensor is first written (not by every worker process)."""

    def __getattr__(self, name):
        import onnx
        import onnx.checker  # noqa: F401
        return getattr(onnx, name)


onnx = _Onnx()


class ElementType:
    def __init__(self, name, onnx_type, dtype, sonnx_type=None, bits=0, signed=False, is_float=False,
                 precision=0, exponent_bits=0):
        self.name = name
        self.onnx_type = onnx_type
        self.dtype = np.dtype(dtype)          # how the elements are stored in NumPy (BF16: uint16 bit patterns)
        self.sonnx_type = sonnx_type          # the `type` argument of sonnx_div (None: the dtype's own)
        self.bits = bits
        self.signed = signed
        self.is_float = is_float
        self.p = precision                    # floats: significand bits, the implicit one included
        self.exponent_bits = exponent_bits

    @property
    def bits_dtype(self):
        return np.dtype("u%d" % (self.bits // 8))

    @property
    def low(self):
        return -(1 << (self.bits - 1)) if self.signed else 0

    @property
    def high(self):
        return (1 << (self.bits - 1)) - 1 if self.signed else (1 << self.bits) - 1


# onnx.TensorProto's data types (FLOAT 1, UINT8 2, INT8 3, UINT16 4, INT16 5, INT32 6, INT64 7, FLOAT16 10,
# DOUBLE 11, UINT32 12, UINT64 13, BFLOAT16 16): numbers, so that importing this module does not import onnx
TYPES = {t.name: t for t in [
    ElementType("FP16", 10, "<f2", None, 16, True, True, 11, 5),
    ElementType("BF16", 16, "<u2", "bf16", 16, True, True, 8, 8),
    ElementType("FP32", 1, "<f4", None, 32, True, True, 24, 8),
    ElementType("FP64", 11, "<f8", None, 64, True, True, 53, 11),
    ElementType("INT8", 3, "i1", None, 8, True),
    ElementType("INT16", 5, "<i2", None, 16, True),
    ElementType("INT32", 6, "<i4", None, 32, True),
    ElementType("INT64", 7, "<i8", None, 64, True),
    ElementType("UINT8", 2, "u1", None, 8, False),
    ElementType("UINT16", 4, "<u2", None, 16, False),
    ElementType("UINT32", 12, "<u4", None, 32, False),
    ElementType("UINT64", 13, "<u8", None, 64, False),
]}


def write_set_tensor(path, name, etype, array):
    """A set's input or the reference's output, named A, B or C as in ONNX's own node-test data (onnx.helper,
    raw_data). These arrays are the harness's own (operands it chose, sonnx_div.div's output); nothing is
    converted: an array of another dtype than the type's storage is refused. A runtime's output is written
    by sonnx_div.write_tensor instead (adapters.write_result), with its own type and shape."""
    if array.dtype != etype.dtype:
        raise TypeError("%s: a %s array for %s (stored as %s)" % (path, array.dtype, etype.name, etype.dtype))
    array = np.ascontiguousarray(array)
    proto = onnx.helper.make_tensor(name, etype.onnx_type, list(array.shape), vals=array.tobytes(), raw=True)
    with open(path, "wb") as handle:
        handle.write(proto.SerializeToString())


def write_model(path, etype, shape, opset, b_shape=None, y_shape=None, attributes=None):
    """A Div model: A of `shape`, B of `b_shape` and C of `y_shape` (both `shape` when not given), the node's
    attributes (the legacy broadcast and axis of opsets 1 and 6) and the opset."""
    node = onnx.helper.make_node("Div", ["A", "B"], ["C"], **(attributes or {}))
    b_shape = shape if b_shape is None else b_shape
    y_shape = shape if y_shape is None else y_shape
    graph = onnx.helper.make_graph(
        [node], "div",
        [onnx.helper.make_tensor_value_info("A", etype.onnx_type, list(shape)),
         onnx.helper.make_tensor_value_info("B", etype.onnx_type, list(b_shape))],
        [onnx.helper.make_tensor_value_info("C", etype.onnx_type, list(y_shape))])
    model = onnx.helper.make_model_gen_version(graph, producer_name="sonnx-div tools/runtimes",
                                               opset_imports=[onnx.helper.make_opsetid("", opset)])
    onnx.checker.check_model(model)
    with open(path, "wb") as handle:
        handle.write(model.SerializeToString())


def data_dir(folder):
    return os.path.join(folder, "test_data_set_0")
