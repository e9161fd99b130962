#!/usr/bin/python3
"""Writes the seed corpora of fuzz_tensor_file, fuzz_real_decimal and fuzz_onnx_model.

Run once with Debian's system Python (python3-numpy, python3-onnx); the
output is committed, so that the fuzz runs need neither:

    /usr/bin/python3 tests/io/fuzz/corpus/make_seeds.py

Writes, next to this script:
  tensor_file/   byte 0 (even: x.npy, odd: x.pb), byte 1 (the --type asked
                 for: ElementType's number), then the file: small .npy files
                 of NumPy (int8 read as INT4, uint8 as UINT4, uint16 as BF16,
                 int16 as FP16, float32 as itself) and the committed .pb seeds
                 of onnx_tensor/ under their own types
  real_decimal/  decimal texts (the examples of tests/real/test_real.cpp and
                 the limits of the exponent)
  onnx_model/    byte 0 (the data set and settings, see fuzz_onnx_model.cpp),
                 then a model.onnx of a single Div node made with onnx.helper
  node_test/test_div_fuzz_seed/
                 the first model as an ONNX backend node test with its data
                 set (the one fuzz_onnx_model uses for byte 0 = 1): check it
                 with `sonnx-div onnx-test tests/io/fuzz/corpus/node_test`
"""
import io
import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))

# sonnx::ElementType numbers (include/sonnx/element_type.hpp).
FP16, BF16, FP32, FP64, INT4, INT8, INT16, INT32, INT64, UINT4, UINT8, UINT16, UINT32, UINT64 = range(14)


def write(folder: str, name: str, data: bytes) -> None:
    os.makedirs(os.path.join(HERE, folder), exist_ok=True)
    with open(os.path.join(HERE, folder, name), "wb") as handle:
        handle.write(data)


def npy_bytes(array: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    np.save(buffer, array, allow_pickle=False)
    return buffer.getvalue()


def tensor_file_seeds() -> None:
    npy = {
        "int8_as_int4": (np.array([-8, -1, 0, 7], dtype=np.int8), INT4),
        "uint8_as_uint4": (np.array([[0, 15], [3, 9]], dtype=np.uint8), UINT4),
        "uint16_as_bf16": (np.array([0x3F80, 0x7FC0, 0xFF80], dtype=np.uint16), BF16),
        "int16_as_fp16": (np.array([0x3C00, -1024], dtype=np.int16), FP16),
        "float32": (np.array([[1.5, -0.0], [np.inf, np.nan]], dtype=np.float32), FP32),
        "float64_scalar": (np.array(2.5, dtype=np.float64), FP64),
        "uint64_empty": (np.zeros((0, 4), dtype=np.uint64), UINT64),
    }
    for name, (array, wanted) in npy.items():
        write("tensor_file", name + ".seed", bytes([0, wanted]) + npy_bytes(array))
    pb_types = {"raw_float16": FP16, "raw_float32": FP32, "raw_int4": INT4, "raw_int64": INT64,
                "raw_uint4": UINT4, "typed_bfloat16": BF16, "typed_double": FP64, "typed_int8": INT8,
                "typed_uint32": UINT32}
    for name, wanted in pb_types.items():
        with open(os.path.join(HERE, "onnx_tensor", name + ".pb"), "rb") as handle:
            write("tensor_file", name + ".seed", bytes([1, wanted]) + handle.read())


def real_decimal_seeds() -> None:
    texts = ["6.1", "-0.125", "+.5", "2.", "007.50", "1.5e3", "25E-2", "1e400", "1e-400", "0", "-0.000e7",
             "1e100000", "-9.99e-100000", "123456789012345678901234567890.0987654321"]
    for index, text in enumerate(texts):
        write("real_decimal", f"decimal_{index:02d}.txt", text.encode("ascii"))


def div_model(elem_type: int, opset: int, b_shape: list, attributes: dict) -> bytes:
    node = helper.make_node("Div", ["A", "B"], ["Y"], **attributes)
    graph = helper.make_graph(
        [node], "div",
        [helper.make_tensor_value_info("A", elem_type, [2, 3]), helper.make_tensor_value_info("B", elem_type, b_shape)],
        [helper.make_tensor_value_info("Y", elem_type, [2, 3])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)], producer_name="make_seeds.py")
    model.ir_version = 7
    onnx.checker.check_model(model)
    return model.SerializeToString()


def onnx_model_seeds() -> bytes:
    # (name, selector byte, model): selector bits 0-1 data set, 2-3 type, 4-5 profile, 6 opset override 13.
    seeds = [
        ("fp32_opset14", 0x01, div_model(TensorProto.FLOAT, 14, [2, 3], {})),
        ("fp32_opset14_bcast", 0x02, div_model(TensorProto.FLOAT, 14, [3], {})),
        ("fp32_opset14_zero", 0x03, div_model(TensorProto.FLOAT, 14, [2, 3], {})),
        ("fp32_no_data_set", 0x00, div_model(TensorProto.FLOAT, 14, [2, 3], {})),
        ("int32_opset14", 0x05, div_model(TensorProto.INT32, 14, [2, 3], {})),
        ("int32_opset14_zero", 0x07, div_model(TensorProto.INT32, 14, [2, 3], {})),
        ("fp16_opset13", 0x09, div_model(TensorProto.FLOAT16, 13, [2, 3], {})),
        ("uint8_opset14", 0x0D, div_model(TensorProto.UINT8, 14, [2, 3], {})),
        ("fp32_opset6_axis", 0x02, div_model(TensorProto.FLOAT, 6, [3], {"broadcast": 1, "axis": 1})),
        ("fp32_opset1", 0x01, div_model(TensorProto.FLOAT, 1, [2, 3], {"consumed_inputs": [0, 0]})),
        ("fp32_sonnx_profile", 0x21, div_model(TensorProto.FLOAT, 14, [2, 3], {})),
        ("int32_openvino_profile", 0x36, div_model(TensorProto.INT32, 14, [3], {})),
        ("fp32_override13", 0x41, div_model(TensorProto.FLOAT, 7, [2, 3], {})),
    ]
    for name, selector, model in seeds:
        write("onnx_model", name + ".seed", bytes([selector]) + model)
    return seeds[0][2]


def node_test(model: bytes) -> None:
    folder = os.path.join("node_test", "test_div_fuzz_seed")
    write(folder, "model.onnx", model)
    a = np.arange(1, 7, dtype=np.float32).reshape(2, 3)
    b = np.full((2, 3), 2, dtype=np.float32)
    for name, array in (("input_0.pb", a), ("input_1.pb", b), ("output_0.pb", a / b)):
        write(os.path.join(folder, "test_data_set_0"), name, numpy_helper.from_array(array).SerializeToString())


def main() -> None:
    tensor_file_seeds()
    real_decimal_seeds()
    node_test(onnx_model_seeds())


if __name__ == "__main__":
    main()
