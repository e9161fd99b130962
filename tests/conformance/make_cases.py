#!/usr/bin/env python3
"""Writes the project's own ONNX node test cases for Div (tests/conformance/data).

Usage: make_cases.py --output DIR [--compare COMMITTED_DIR]

Each case is a backend node test folder (model.onnx, test_data_set_0/
input_0.pb, input_1.pb, output_0.pb) for what ONNX's own Div tests lack:
negative integer operands in the four sign combinations (truncation),
FP16, BF16, FP64 and INT64 cases, and the limited broadcast of opsets 1
and 6 (`broadcast` = 1 with and without `axis`).

Expected outputs never come from this project's code, nor from NumPy's
division: integers use Python's exact integers (truncation toward zero,
as onnx-div-6.txt states); floats decode the operands exactly, apply IEEE
754's special cases (NaN, infinities, signed zeros) and round the exact
rational quotient (fractions.Fraction) to nearest, ties to even, in the
target format, subnormals and overflow included. As a self-check the
script compares that rounding with Python's and NumPy's IEEE division
where those are correctly rounded (FP64, FP32; FP16 through FP32, which
is innocuous since 24 >= 2 * 11 + 2), and stops on any difference.

With --compare, the written files must equal the committed ones byte for
byte (exit status 1 otherwise): the committed data is this script's output.
"""
import argparse
import filecmp
import math
import os
import random
import shutil
import struct
import sys
from fractions import Fraction

import numpy as np
import onnx
from onnx import TensorProto, helper


class Format:
    def __init__(self, name, precision, exponent_bits, onnx_type, struct_code):
        self.name = name
        self.p = precision
        self.exponent_bits = exponent_bits
        self.bias = (1 << (exponent_bits - 1)) - 1
        self.total = precision + exponent_bits  # precision counts the implicit bit, plus the sign bit
        self.onnx_type = onnx_type
        self.struct_code = struct_code

    @property
    def exponent_mask(self):
        return (1 << self.exponent_bits) - 1

    def decode(self, bits):
        """('nan',), ('inf', sign), ('zero', sign) or ('finite', Fraction)."""
        sign = (bits >> (self.total - 1)) & 1
        field = (bits >> (self.p - 1)) & self.exponent_mask
        mantissa = bits & ((1 << (self.p - 1)) - 1)
        if field == self.exponent_mask:
            return ("nan",) if mantissa else ("inf", sign)
        if field == 0 and mantissa == 0:
            return ("zero", sign)
        if field == 0:
            value = Fraction(mantissa) * Fraction(2) ** (1 - self.bias - (self.p - 1))
        else:
            value = Fraction(mantissa + (1 << (self.p - 1))) * Fraction(2) ** (field - self.bias - (self.p - 1))
        return ("finite", -value if sign else value)

    def zero(self, sign):
        return sign << (self.total - 1)

    def infinity(self, sign):
        return (sign << (self.total - 1)) | (self.exponent_mask << (self.p - 1))

    def quiet_nan(self):
        return (self.exponent_mask << (self.p - 1)) | (1 << (self.p - 2))

    def round(self, q):
        """The encoding of the exact rational q rounded to nearest, ties to even."""
        sign = 1 if q < 0 else 0
        x = -q if sign else q
        if x == 0:
            return self.zero(sign)
        e = x.numerator.bit_length() - x.denominator.bit_length()  # 2^e <= x < 2^(e+2)
        while Fraction(2) ** e > x:
            e -= 1
        while Fraction(2) ** (e + 1) <= x:
            e += 1
        emin = 1 - self.bias
        e = max(e, emin)
        scaled = x / Fraction(2) ** (e - self.p + 1)
        n = scaled.numerator // scaled.denominator
        rest = scaled - n
        if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and n % 2 == 1):
            n += 1
        if n == 0:
            return self.zero(sign)
        if n == 1 << self.p:
            n >>= 1
            e += 1
        if e > self.bias:
            return self.infinity(sign)
        if n < 1 << (self.p - 1):
            return (sign << (self.total - 1)) | n  # subnormal (e == emin)
        return (sign << (self.total - 1)) | ((e + self.bias) << (self.p - 1)) | (n - (1 << (self.p - 1)))

    def divide(self, a_bits, b_bits):
        """IEEE 754 a / b on encodings: special cases, then the rounded exact quotient."""
        a, b = self.decode(a_bits), self.decode(b_bits)
        if a[0] == "nan" or b[0] == "nan":
            return self.quiet_nan()
        sign_a = a[1] if a[0] != "finite" else int(a[1] < 0)
        sign_b = b[1] if b[0] != "finite" else int(b[1] < 0)
        sign = sign_a ^ sign_b
        if (a[0] == "inf" and b[0] == "inf") or (a[0] == "zero" and b[0] == "zero"):
            return self.quiet_nan()
        if a[0] == "inf" or b[0] == "zero":
            return self.infinity(sign)
        if b[0] == "inf" or a[0] == "zero":
            return self.zero(sign)
        return self.round(a[1] / b[1])


FP16 = Format("FP16", 11, 5, TensorProto.FLOAT16, "<H")
BF16 = Format("BF16", 8, 8, TensorProto.BFLOAT16, "<H")
FP32 = Format("FP32", 24, 8, TensorProto.FLOAT, "<I")
FP64 = Format("FP64", 53, 11, TensorProto.DOUBLE, "<Q")

INT_TYPES = {  # onnx type, struct code, bits, signed
    "INT8": (TensorProto.INT8, "<b", 8, True),
    "INT32": (TensorProto.INT32, "<i", 32, True),
    "INT64": (TensorProto.INT64, "<q", 64, True),
}


def truncated_quotient(a, b):
    """a / b rounded toward zero, on Python's exact integers."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def floor_quotient(a, b):
    return a // b


def float_bits(value, fmt):
    """The encoding of a Python float that is exactly representable in fmt."""
    if math.isnan(value):
        return fmt.quiet_nan()
    sign = 1 if math.copysign(1.0, value) < 0 else 0
    if math.isinf(value):
        return fmt.infinity(sign)
    if value == 0.0:
        return fmt.zero(sign)
    bits = fmt.round(Fraction(value))
    if fmt.decode(bits) != ("finite", Fraction(value)):
        raise ValueError(f"{value} is not exact in {fmt.name}")
    return bits


def random_finite_bits(rng, fmt, exponent_spread):
    """A finite encoding with an exponent field within `exponent_spread` of the bias (0: subnormal or zero)."""
    field = min(max(fmt.bias + rng.randint(-exponent_spread, exponent_spread), 0), 2 * fmt.bias)
    return (rng.getrandbits(1) << (fmt.total - 1)) | (field << (fmt.p - 1)) | rng.getrandbits(fmt.p - 1)


# ---------------------------------------------------------------- self-check
def self_check():
    """The rounding agrees with correctly rounded IEEE division where the platform has it."""
    rng = random.Random(2024)
    for _ in range(20000):
        a = struct.unpack("<d", struct.pack("<Q", random_finite_bits(rng, FP64, 1100)))[0]
        b = struct.unpack("<d", struct.pack("<Q", random_finite_bits(rng, FP64, 1100)))[0]
        want = struct.unpack("<Q", struct.pack("<d", a / b))[0]
        a_bits = struct.unpack("<Q", struct.pack("<d", a))[0]
        b_bits = struct.unpack("<Q", struct.pack("<d", b))[0]
        if b == 0.0:
            continue  # Python raises ZeroDivisionError; the special cases are checked below with NumPy
        if FP64.divide(a_bits, b_bits) != want:
            raise SystemExit(f"self-check FP64: {a!r} / {b!r}")
    with np.errstate(all="ignore"):
        for fmt, dtype, utype, spread in ((FP64, np.float64, np.uint64, 1100), (FP32, np.float32, np.uint32, 140),
                                          (FP16, np.float16, np.uint16, 20)):
            for _ in range(20000):
                a_bits = random_finite_bits(rng, fmt, spread)
                b_bits = random_finite_bits(rng, fmt, spread)
                if rng.randrange(50) == 0:  # special operands too
                    a_bits = rng.choice([fmt.zero(0), fmt.zero(1), fmt.infinity(0), fmt.infinity(1), fmt.quiet_nan()])
                if rng.randrange(50) == 0:
                    b_bits = rng.choice([fmt.zero(0), fmt.zero(1), fmt.infinity(0), fmt.infinity(1), fmt.quiet_nan()])
                a = np.array([a_bits], dtype=utype).view(dtype)
                b = np.array([b_bits], dtype=utype).view(dtype)
                got = int((a / b).view(utype)[0])
                want = fmt.divide(a_bits, b_bits)
                if got != want and not (fmt.decode(got)[0] == "nan" and fmt.decode(want)[0] == "nan"):
                    raise SystemExit(f"self-check {fmt.name}: {a_bits:#x} / {b_bits:#x}: NumPy {got:#x}, ours {want:#x}")


# ------------------------------------------------------------------ writing
def size_of(shape):
    count = 1
    for extent in shape:
        count *= extent
    return count


def tensor_proto(name, onnx_type, code, shape, values):
    raw = b"".join(struct.pack(code, v) for v in values)
    return helper.make_tensor(name, onnx_type, list(shape), vals=raw, raw=True)


def broadcast_pairs(shape_y, shape_a, shape_b):
    """NumPy's rule: for each flat index of Y, the flat indices of A and B (aligned on the right)."""
    pairs = []
    for flat in range(size_of(shape_y)):
        index, rest = [0] * len(shape_y), flat
        for axis in reversed(range(len(shape_y))):
            index[axis] = rest % shape_y[axis]
            rest //= shape_y[axis]

        def position(shape):
            pos = 0
            offset = len(shape_y) - len(shape)
            for axis, extent in enumerate(shape):
                pos = pos * extent + (0 if extent == 1 else index[offset + axis])
            return pos
        pairs.append((position(shape_a), position(shape_b)))
    return pairs


def write_case(root, name, opset, onnx_type, code, shape_a, a, shape_b, b, shape_y, y, attributes=None,
               b_aligned=None):
    folder = os.path.join(root, name)
    data = os.path.join(folder, "test_data_set_0")
    os.makedirs(data)
    node = helper.make_node("Div", ["A", "B"], ["C"], **(attributes or {}))
    graph = helper.make_graph(
        [node], name,
        [helper.make_tensor_value_info("A", onnx_type, list(shape_a)),
         helper.make_tensor_value_info("B", onnx_type, list(shape_b))],
        [helper.make_tensor_value_info("C", onnx_type, list(shape_y))])
    model = helper.make_model_gen_version(graph, producer_name="sonnx-div make_cases.py",
                                          opset_imports=[helper.make_opsetid("", opset)])
    onnx.checker.check_model(model)
    with open(os.path.join(folder, "model.onnx"), "wb") as handle:
        handle.write(model.SerializeToString())
    for file_name, tensor_name, shape, values in (("input_0.pb", "A", shape_a, a), ("input_1.pb", "B", shape_b, b),
                                                  ("output_0.pb", "C", shape_y, y)):
        assert len(values) == size_of(shape), (name, file_name)
        with open(os.path.join(data, file_name), "wb") as handle:
            handle.write(tensor_proto(tensor_name, onnx_type, code, shape, values).SerializeToString())


def int_case(root, name, opset, type_name, shape_a, a, shape_b, b, shape_y, attributes=None, b_aligned=None):
    onnx_type, code, bits, signed = INT_TYPES[type_name]
    low, high = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    pairs = broadcast_pairs(shape_y, shape_a, b_aligned or shape_b)
    y = [truncated_quotient(a[i], b[j]) for i, j in pairs]
    for v in a + b + y:
        assert low <= v <= high, (name, v)
    # Every case has quotients where floor and truncation differ (negative, inexact).
    assert any(floor_quotient(a[i], b[j]) != q for (i, j), q in zip(pairs, y)), name
    write_case(root, name, opset, onnx_type, code, shape_a, a, shape_b, b, shape_y, y, attributes)


def float_case(root, name, opset, fmt, shape_a, a, shape_b, b, shape_y, attributes=None, b_aligned=None):
    pairs = broadcast_pairs(shape_y, shape_a, b_aligned or shape_b)
    y = [fmt.divide(a[i], b[j]) for i, j in pairs]
    write_case(root, name, opset, fmt.onnx_type, fmt.struct_code, shape_a, a, shape_b, b, shape_y, y, attributes)


def special_operands(fmt):
    """Pairs for IEEE's special cases and the rounding's corners in fmt."""
    inf, nan = float("inf"), float("nan")
    values = [(1.0, 3.0), (-1.0, 3.0), (1.0, -3.0), (-1.0, -3.0), (2.0, 0.0), (-2.0, 0.0), (2.0, -0.0),
              (0.0, 0.0), (inf, inf), (inf, 2.0), (-inf, 2.0), (2.0, inf), (-2.0, inf), (-0.0, 5.0), (0.0, -5.0),
              (nan, 1.0), (1.0, nan), (inf, -0.0), (7.0, 0.5), (-6.0, 4.0)]
    pairs = [(float_bits(x, fmt), float_bits(y, fmt)) for x, y in values]
    largest = fmt.infinity(0) - 1
    smallest_normal = 1 << (fmt.p - 1)
    smallest_subnormal = 1
    two, half, three = float_bits(2.0, fmt), float_bits(0.5, fmt), float_bits(3.0, fmt)
    pairs += [
        (largest, half),                    # overflows to +inf
        (largest | fmt.zero(1), half),      # to -inf
        (largest, two),                     # exact
        (smallest_normal, three),           # subnormal, inexact
        (smallest_normal, two),             # subnormal, exact
        (smallest_subnormal, two),          # 2^-(bias+p-2) / 2: a tie, rounds to +0 (even)
        (3 * smallest_subnormal, two),      # 1.5 subnormal quanta: a tie, rounds to 2 quanta (even)
        (smallest_subnormal | fmt.zero(1), three),  # rounds to -0
        (smallest_subnormal, largest),      # underflows to +0
        (largest, smallest_subnormal),      # overflows
    ]
    return pairs


def random_pairs(fmt, count, seed, spread):
    rng = random.Random(seed)
    return [(random_finite_bits(rng, fmt, spread), random_finite_bits(rng, fmt, spread)) for _ in range(count)]


def make_cases(root):
    # Integers: truncation toward zero in the four sign combinations.
    int_case(root, "own_div_int32_signs", 14, "INT32", [12],
             [7, -7, 7, -7, 1, -1, 1, -1, 2147483647, -2147483648, -2147483647, 6],
             [12], [2, 2, -2, -2, 3, 3, -3, -3, -2, 3, 2147483647, -4], [12])
    int_case(root, "own_div_int64_signs", 13, "INT64", [2, 4],
             [9007199254740993, -9007199254740993, (1 << 62) + 1, -((1 << 62) + 1),
              -(1 << 63), (1 << 63) - 1, -7, 7],
             [4], [2, -2, 3, -3], [2, 4])
    int_case(root, "own_div_int8_signs_broadcast", 14, "INT8", [4, 1], [127, -128, -7, 7], [3], [2, -3, 5], [4, 3])
    # Limited broadcast of Div-6 (integers truncate, as onnx-div-6.txt says): B (3) matches A's suffix.
    int_case(root, "own_div_opset6_int32_suffix", 6, "INT32", [2, 3], [-7, 7, -8, 9, -10, 11], [3], [2, -3, 3], [2, 3],
             attributes={"broadcast": 1})
    # Floats: IEEE special cases, rounding corners, then random operands.
    fp16 = special_operands(FP16) + random_pairs(FP16, 34, 16, 14)
    float_case(root, "own_div_fp16", 14, FP16, [len(fp16)], [p[0] for p in fp16], [len(fp16)],
               [p[1] for p in fp16], [len(fp16)])
    bf16 = special_operands(BF16) + random_pairs(BF16, 34, 17, 120)
    float_case(root, "own_div_bf16", 13, BF16, [len(bf16)], [p[0] for p in bf16], [len(bf16)],
               [p[1] for p in bf16], [len(bf16)])
    fp64 = special_operands(FP64) + random_pairs(FP64, 34, 18, 1000)
    float_case(root, "own_div_fp64", 7, FP64, [len(fp64)], [p[0] for p in fp64], [len(fp64)],
               [p[1] for p in fp64], [len(fp64)])
    # FP64 broadcast in both directions (opset 7): A (3, 1) by B (1, 4).
    a = [p[0] for p in random_pairs(FP64, 3, 19, 60)]
    b = [p[1] for p in random_pairs(FP64, 4, 20, 60)]
    float_case(root, "own_div_fp64_broadcast_both", 7, FP64, [3, 1], a, [1, 4], b, [3, 4])
    # Limited broadcast of Div-6 with axis = 1: A (2, 3, 4) by B (3); B[j] divides A[:, j, :].
    a = [p[0] for p in random_pairs(FP32, 24, 21, 40)]
    b = [p[1] for p in random_pairs(FP32, 3, 22, 40)]
    float_case(root, "own_div_opset6_fp32_axis", 6, FP32, [2, 3, 4], a, [3], b, [2, 3, 4],
               attributes={"broadcast": 1, "axis": 1}, b_aligned=[3, 1])
    # Div-1 (float types only) with a scalar B and broadcast = 1.
    a = [p[0] for p in random_pairs(FP16, 6, 23, 10)]
    float_case(root, "own_div_opset1_fp16_scalar", 1, FP16, [2, 3], a, [], [float_bits(-3.0, FP16)], [2, 3],
               attributes={"broadcast": 1})


def compare_trees(written, committed):
    differences = []
    for folder, _, files in os.walk(written):
        for name in files:
            path = os.path.join(folder, name)
            other = os.path.join(committed, os.path.relpath(path, written))
            if not os.path.exists(other) or not filecmp.cmp(path, other, shallow=False):
                differences.append(os.path.relpath(path, written))
    for folder, _, files in os.walk(committed):
        for name in files:
            path = os.path.join(folder, name)
            if not os.path.exists(os.path.join(written, os.path.relpath(path, committed))):
                differences.append(os.path.relpath(path, committed) + " (committed only)")
    return sorted(differences)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--output", required=True)
    parser.add_argument("--compare", help="committed folder that must equal the output")
    args = parser.parse_args()
    self_check()
    if os.path.exists(args.output):
        shutil.rmtree(args.output)
    os.makedirs(args.output)
    make_cases(args.output)
    cases = sorted(os.listdir(args.output))
    print(f"wrote {len(cases)} cases to {args.output}: {', '.join(cases)}")
    if args.compare:
        differences = compare_trees(args.output, args.compare)
        for difference in differences:
            print(f"differs from {args.compare}: {difference}", file=sys.stderr)
        return 1 if differences else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
