#!/usr/bin/env python3
"""Reference tensor files made and read by NumPy and ONNX (Debian's
python3-numpy, python3-onnx), independently of sonnx-div's readers.

  reference_files.py write DIR   writes the files and DIR/manifest.json
  reference_files.py read DIR    prints the manifest of every .npy/.pb in DIR

A manifest maps each file name to {"type", "shape", "words"}: the element
type as sonnx names it and the elements as integers (float bit patterns,
integer values), row-major.
"""
import json
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

UINT4, INT4 = 21, 22  # not in ONNX 1.12's enumeration (finding F-50)

NPY_TYPES = {  # dtype -> (sonnx type, bit-pattern view for floats)
    "<f2": ("FP16", "<u2"), "<f4": ("FP32", "<u4"), "<f8": ("FP64", "<u8"),
    "|i1": ("INT8", None), "<i2": ("INT16", None), "<i4": ("INT32", None), "<i8": ("INT64", None),
    "|u1": ("UINT8", None), "<u2": ("UINT16", None), "<u4": ("UINT32", None), "<u8": ("UINT64", None),
}
ONNX_TYPES = {
    TensorProto.FLOAT: ("FP32", np.float32, "<u4"), TensorProto.DOUBLE: ("FP64", np.float64, "<u8"),
    TensorProto.FLOAT16: ("FP16", np.float16, "<u2"), TensorProto.BFLOAT16: ("BF16", None, None),
    TensorProto.INT8: ("INT8", np.int8, None), TensorProto.INT16: ("INT16", np.int16, None),
    TensorProto.INT32: ("INT32", np.int32, None), TensorProto.INT64: ("INT64", np.int64, None),
    TensorProto.UINT8: ("UINT8", np.uint8, None), TensorProto.UINT16: ("UINT16", np.uint16, None),
    TensorProto.UINT32: ("UINT32", np.uint32, None), TensorProto.UINT64: ("UINT64", np.uint64, None),
    INT4: ("INT4", None, None), UINT4: ("UINT4", None, None),
}

FLOATS = [0.0, -0.0, 1.0, -2.5, float("inf"), float("-inf"), 1.0 / 3.0]


def words_of(array, view):
    flat = array.reshape(-1)
    if view is not None:
        flat = flat.view(view)
    return [int(v) for v in flat.tolist()]


def npy_entry(array):
    dtype = array.dtype.str
    sonnx_type, view = NPY_TYPES[dtype]
    return {"type": sonnx_type, "shape": list(array.shape), "words": words_of(array, view)}


def write_npy_files(directory, manifest):
    arrays = {
        "f2.npy": np.array(FLOATS, dtype=np.float16),
        "f4.npy": np.array(FLOATS + [1e-45, float("nan")], dtype=np.float32),
        "f8.npy": np.array(FLOATS + [5e-324], dtype=np.float64).reshape(2, 4),
        "i1.npy": np.array([-128, -1, 0, 127], dtype=np.int8),
        "i2.npy": np.array([-32768, 32767], dtype=np.int16),
        "i4.npy": np.array([[-2**31, 2**31 - 1, 7]], dtype=np.int32),
        "i8.npy": np.array([-2**63, 2**63 - 1], dtype=np.int64),
        "u1.npy": np.array([0, 255], dtype=np.uint8),
        "u2.npy": np.array([0, 65535, 0x3F80], dtype=np.uint16),  # also BF16 patterns (DIV-IO-D2)
        "u4.npy": np.array([2**32 - 1], dtype=np.uint32),
        "u8.npy": np.array([2**64 - 1, 0], dtype=np.uint64),
        "scalar.npy": np.array(2.5, dtype=np.float32),
        "empty.npy": np.zeros((0, 3), dtype=np.int16),
        "fortran_1d.npy": np.asfortranarray(np.array([1, 2], dtype=np.int32)),  # 1-D: written C order
    }
    for name, array in arrays.items():
        np.save(os.path.join(directory, name), array)
        manifest[name] = npy_entry(array)
    for version in ((2, 0), (3, 0)):
        name = f"v{version[0]}.npy"
        array = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.int64)
        with open(os.path.join(directory, name), "wb") as handle:
            np.lib.format.write_array(handle, array, version=version)
        manifest[name] = npy_entry(array)
    # A 2-D Fortran-order array: the reader must refuse it (not in the manifest).
    np.save(os.path.join(directory, "fortran_2d.npy"), np.asfortranarray(np.arange(6, dtype=np.int32).reshape(2, 3)))
    np.save(os.path.join(directory, "big_endian.npy"), np.array([1, 2], dtype=">i4"))
    np.save(os.path.join(directory, "bool.npy"), np.array([True], dtype=np.bool_))


def pack_4bit(values):
    nibbles = [v & 0x0F for v in values] + ([0] if len(values) % 2 else [])
    return bytes(nibbles[i] | (nibbles[i + 1] << 4) for i in range(0, len(nibbles), 2))


def write_pb(directory, name, tensor, manifest, entry):
    with open(os.path.join(directory, name), "wb") as handle:
        handle.write(tensor.SerializeToString())
    if entry is not None:
        manifest[name] = entry


def write_pb_files(directory, manifest):
    # raw_data, through numpy_helper.from_array.
    for dtype, values in ((np.float32, FLOATS), (np.float64, FLOATS), (np.float16, FLOATS),
                          (np.int8, [-128, 5]), (np.int16, [-300, 300]), (np.int32, [-7, 2**31 - 1]),
                          (np.int64, [-2**63, 3]), (np.uint8, [255, 1]), (np.uint16, [65535, 2]),
                          (np.uint32, [2**32 - 1, 3]), (np.uint64, [2**64 - 1, 4])):
        array = np.array(values, dtype=dtype).reshape(len(values), 1)
        tensor = numpy_helper.from_array(array)
        name = f"raw_{np.dtype(dtype).name}.pb"
        sonnx_type, _, view = ONNX_TYPES[tensor.data_type]
        write_pb(directory, name, tensor, manifest, {"type": sonnx_type, "shape": list(array.shape),
                                                      "words": words_of(array, view)})
    # Typed fields, through helper.make_tensor (raw=False).
    for data_type, values in ((TensorProto.FLOAT, FLOATS), (TensorProto.DOUBLE, FLOATS),
                              (TensorProto.FLOAT16, [1.0, -2.0, 65504.0]), (TensorProto.BFLOAT16, [1.0, -2.0, 3.0]),
                              (TensorProto.INT8, [-128, 127]), (TensorProto.INT16, [-32768, 32767]),
                              (TensorProto.INT32, [-2**31, 5]), (TensorProto.INT64, [-2**63, 2**63 - 1]),
                              (TensorProto.UINT8, [0, 255]), (TensorProto.UINT16, [0, 65535]),
                              (TensorProto.UINT32, [2**32 - 1]), (TensorProto.UINT64, [2**64 - 1])):
        tensor = helper.make_tensor("t", data_type, [len(values)], values)
        name = f"typed_{TensorProto.DataType.Name(data_type).lower()}.pb"
        write_pb(directory, name, tensor, manifest, pb_entry(tensor))
    # 4-bit types by number: raw_data and int32_data, odd and even counts.
    for data_type, values in ((INT4, [-8, 7, -1, 0, 3]), (UINT4, [0, 15, 9, 1])):
        label = "int4" if data_type == INT4 else "uint4"
        for field in ("raw", "typed"):
            tensor = TensorProto()
            tensor.data_type = data_type
            tensor.dims.extend([len(values)])
            packed = pack_4bit(values)
            if field == "raw":
                tensor.raw_data = packed
            else:
                tensor.int32_data.extend(list(packed))
            write_pb(directory, f"{field}_{label}.pb", tensor, manifest,
                     {"type": label.upper(), "shape": [len(values)], "words": values})


def unpack_4bit(data, count, signed):
    values = []
    for i in range(count):
        nibble = (data[i // 2] >> (4 * (i % 2))) & 0x0F
        values.append(nibble - 16 if signed and nibble >= 8 else nibble)
    return values


def pb_entry(tensor):
    sonnx_type, dtype, view = ONNX_TYPES[tensor.data_type]
    shape = list(tensor.dims)
    count = int(np.prod(shape)) if shape else 1
    if tensor.data_type in (INT4, UINT4):
        data = tensor.raw_data if tensor.HasField("raw_data") else bytes(tensor.int32_data)
        return {"type": sonnx_type, "shape": shape, "words": unpack_4bit(data, count, tensor.data_type == INT4)}
    if tensor.data_type == TensorProto.BFLOAT16:
        if tensor.HasField("raw_data"):
            words = np.frombuffer(tensor.raw_data, dtype="<u2").tolist()
        else:
            words = list(tensor.int32_data)
        return {"type": sonnx_type, "shape": shape, "words": [int(w) for w in words]}
    return {"type": sonnx_type, "shape": shape, "words": words_of(numpy_helper.to_array(tensor).astype(dtype), view)}


def read_directory(directory):
    manifest = {}
    for name in sorted(os.listdir(directory)):
        path = os.path.join(directory, name)
        if name.endswith(".npy"):
            array = np.load(path)
            manifest[name] = npy_entry(array)
        elif name.endswith(".pb"):
            manifest[name] = pb_entry(onnx.load_tensor(path))
    return manifest


def main():
    command, directory = sys.argv[1], sys.argv[2]
    if command == "write":
        manifest = {}
        write_npy_files(directory, manifest)
        write_pb_files(directory, manifest)
        with open(os.path.join(directory, "manifest.json"), "w", encoding="utf-8") as handle:
            json.dump(manifest, handle, indent=1)
    elif command == "read":
        json.dump(read_directory(directory), sys.stdout, indent=1)
    else:
        sys.exit("usage: reference_files.py write|read DIR")


if __name__ == "__main__":
    main()
