"""Tests of the Python module sonnx_div (DIV-PY-D1), run by pytest from ctest (label python).

Expected values are derived by hand (the encodings in the comments) or come from the command line
run on the same operands, never from the module itself. ctest sets PYTHONPATH to the module's build
directory, SONNX_DIV_EXE to the built sonnx-div, and SONNX_BUILD_DIR, SONNX_PYTHON_INSTALL_DIR and
SONNX_CMAKE for the installation test."""
import copy
import json
import os
import re
import subprocess
import sys

import numpy as np
import pytest

import sonnx_div

SEED = 20261125

# The command line's option for each keyword argument.
CLI_OPTIONS = {"type": "--type", "profile": "--profile", "rounding": "--int-rounding",
               "sonnx_revision": "--sonnx-revision", "opset": "--opset", "broadcast": "--broadcast",
               "axis": "--axis", "pythondiv": "--pythondiv", "auto_broadcast": "--auto-broadcast",
               "accept": "--accept", "undefined": "--undefined", "worst": "--worst", "shard": "--shard",
               "threads": "--threads"}


def bits(array, dtype):
    return np.asarray(array).view(dtype)


def f32(*words):
    return np.array(words, dtype=np.uint32).view(np.float32)


def f16(*words):
    return np.array(words, dtype=np.uint16).view(np.float16)


def random_words(rng, dtype, count):
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, size=count, endpoint=True, dtype=dtype)


def defined_divisors(a, b):
    """b with every zero divisor and every MIN / -1 made a divisor of 1."""
    b = b.copy()
    b[b == 0] = 1
    if np.issubdtype(b.dtype, np.signedinteger):
        b[(a == np.iinfo(a.dtype).min) & (b == -1)] = 1
    return b


def cli_arguments(options):
    words = []
    for name, value in options.items():
        words += [CLI_OPTIONS[name], str(value).lower() if isinstance(value, bool) else str(value)]
    return words


def sonnx_div_exe():
    exe = os.environ.get("SONNX_DIV_EXE", "")
    assert exe, "SONNX_DIV_EXE names the built sonnx-div (ctest sets it)"
    return exe


def run_cli(directory, *words):
    return subprocess.run([sonnx_div_exe(), *words], cwd=directory, capture_output=True, text=True, check=False)


def save(directory, **arrays):
    for name, array in arrays.items():
        np.save(os.path.join(str(directory), name + ".npy"), array)


def comparable(report):
    """A check report without what names the inputs' files or the run: the date, the command line, the
    inputs' paths and SHA-256 (of a file's bytes on the command line, of the elements in the module)."""
    report = copy.deepcopy(report)
    provenance = report["provenance"]
    del provenance["date"], provenance["command_line"]
    for record in provenance["inputs"]:
        del record["path"], record["sha256"]
    return report


def raised(call):
    with pytest.raises(sonnx_div.PreconditionError) as caught:
        call()
    return caught.value


def attributes(error):
    return (error.status, error.requirement, error.restriction, error.operand, error.index, str(error))


class TestDiv:
    REQUIREMENTS = "DIV-PY-D1"

    # [utest->req~div-py-d1~2]
    def test_fp32_one_third_is_0x3eaaaaab(self):
        # 1/3 = 1.0101...b x 2^-2; 23 fraction bits 0101...01, then 0101... > half: up to ...1011.
        y = sonnx_div.div(np.float32([1.0, -1.0]), np.float32([3.0, 3.0]))
        assert y.dtype == np.float32 and y.shape == (2,)
        assert [hex(w) for w in bits(y, np.uint32)] == ["0x3eaaaaab", "0xbeaaaaab"]

    # [utest->req~div-py-d1~2]
    def test_fp16_hand_derived_encodings(self):
        # 1/3: 10 fraction bits 0101010101, then 0101... < half: down; exponent -2 + 15 = 0b01101: 0x3555.
        # 2^-24 / 2 is halfway between 0 and 2^-24: ties to even gives +0, and -0 for -2^-24 / 2;
        # 3 x 2^-24 / 2 is halfway between 1 and 2 units: 2 (even). 65504 / 0.5 overflows to +inf.
        a = f16(0x3C00, 0x0001, 0x8001, 0x0003, 0x7BFF)
        b = f16(0x4200, 0x4000, 0x4000, 0x4000, 0x3800)
        expected = ["0x3555", "0x0", "0x8000", "0x2", "0x7c00"]
        y = sonnx_div.div(a, b)
        assert y.dtype == np.float16
        assert [hex(w) for w in bits(y, np.uint16)] == expected
        # The same bit patterns in uint16 arrays, read as FP16; the result is float16, as .npy files get it.
        y = sonnx_div.div(bits(a, np.uint16), bits(b, np.uint16), type="fp16")
        assert y.dtype == np.float16
        assert [hex(w) for w in bits(y, np.uint16)] == expected

    # [utest->req~div-py-d1~2]
    def test_bf16_in_uint16_storage(self):
        # 1/3 in BF16: 7 fraction bits 0101010, then 1010... > half: up to 0101011; exponent 125 = 0b01111101:
        # 0 01111101 0101011 = 0x3eab. 1 / +0 = +inf 0x7f80, -1 / +0 = -inf 0xff80, 0 / 0 a NaN.
        a = np.uint16([0x3F80, 0x3F80, 0xBF80, 0x0000])
        b = np.uint16([0x4040, 0x0000, 0x0000, 0x0000])
        y = sonnx_div.div(a, b, type="bf16")
        assert y.dtype == np.uint16
        assert [hex(w) for w in y[:3]] == ["0x3eab", "0x7f80", "0xff80"]
        assert (int(y[3]) & 0x7F80) == 0x7F80 and (int(y[3]) & 0x7F) != 0
        # Without the type the arrays are UINT16 integers: 16256 // 16448 = 0, and 16256 // 0 is refused.
        assert raised(lambda: sonnx_div.div(a, b)).requirement == "DIV-INT-C3"
        assert sonnx_div.div(a[:1], b[:1]).tolist() == [0]

    # [utest->req~div-py-d1~2]
    def test_int8_floor_under_sonnx_and_truncation_on_request(self):
        a, b = np.int8([-7, 7, 6]), np.int8([2, -2, 3])
        assert sonnx_div.div(a, b).tolist() == [-4, -4, 2]                     # floor (DIV-INT-F1)
        assert sonnx_div.div(a, b, rounding="trunc").tolist() == [-3, -3, 2]   # toward zero (DIV-INT-D1)
        assert sonnx_div.div(a, b, profile="onnx").tolist() == [-3, -3, 2]
        assert sonnx_div.div(a, b, profile="openvino").tolist() == [-4, -4, 2]  # m_pythondiv true
        assert sonnx_div.div(a, b, profile="openvino", pythondiv=False).tolist() == [-3, -3, 2]
        assert sonnx_div.div(a, b, sonnx_revision="2026-06").tolist() == [-3, -3, 2]
        assert sonnx_div.div(a, b).dtype == np.int8

    # [utest->req~div-py-d1~2]
    def test_zero_divisor_raises_precondition_error_with_the_requirement(self):
        error = raised(lambda: sonnx_div.div(np.int32([7, -7, 6]), np.int32([2, 2, 0])))
        assert isinstance(error, ValueError)
        assert attributes(error) == ("zero_divisor", "DIV-INT-C3", "DIV-INT-R3", "B", 2,
                                     "zero_divisor: DIV-INT-C3 violated at B[2] (A[2] = 6, B[2] = 0) "
                                     "[restriction DIV-INT-R3]")
        assert error.hint is None and error.report is None

    # [utest->req~div-py-d1~2]
    def test_min_over_minus_one_is_an_overflow(self):
        for a, b, type_name in ((np.int8([1, -128]), np.int8([1, -1]), None),
                                (np.int64([np.iinfo(np.int64).min]), np.int64([-1]), None),
                                (np.int8([3, -8]), np.int8([1, -1]), "int4")):
            error = raised(lambda: sonnx_div.div(a, b, type=type_name))
            assert (error.status, error.requirement, error.operand, error.index) == (
                "overflow", "DIV-INT-D2", "A", len(a) - 1)

    # [utest->req~div-py-d1~2]
    def test_four_bit_types_in_integer_storage(self):
        # INT4 floor: 7 / 2 = 3, -8 / 3 = -2.67 -> -3, 5 / -2 = -2.5 -> -3; UINT4: 15 / 4 = 3, 9 / 2 = 4.
        y = sonnx_div.div(np.int8([7, -8, 5]), np.int8([2, 3, -2]), type="int4")
        assert y.dtype == np.int8 and y.tolist() == [3, -3, -3]
        y = sonnx_div.div(np.uint8([15, 9]), np.uint8([4, 2]), type="UINT4")
        assert y.dtype == np.uint8 and y.tolist() == [3, 4]
        error = raised(lambda: sonnx_div.div(np.int8([1, 8]), np.int8([1, 1]), type="int4"))
        assert (error.status, error.requirement, error.operand, error.index) == (
            "value_out_of_range", "DIV-INT-D4", "A", 1)

    # [utest->req~div-py-d1~2]
    def test_broadcasting_under_the_onnx_and_openvino_profiles(self):
        a = np.float32([[1, 2, 3], [4, 5, 6]])
        b = np.float32([1, 2, 4])
        expected = np.float32([[1, 1, 0.75], [4, 2.5, 1.5]])   # exact quotients
        for profile in ("onnx", "openvino"):
            y = sonnx_div.div(a, b, profile=profile)
            assert y.shape == (2, 3) and y.tobytes() == expected.tobytes()
        # ONNX Div-6 with broadcast=1, axis=0: B of shape [2] sits on A's first axis.
        y = sonnx_div.div(a, np.float32([1, 2]), profile="onnx", opset=6, broadcast=1, axis=0)
        assert y.tobytes() == np.float32([[1, 2, 3], [2, 2.5, 3]]).tobytes()
        error = raised(lambda: sonnx_div.div(a, b))                      # equal shapes only (DIV-FLOAT-R1)
        assert (error.status, error.requirement, error.operand) == ("shape_mismatch", "DIV-FLOAT-C1", "B")
        error = raised(lambda: sonnx_div.div(a, b, profile="openvino", auto_broadcast="none"))
        assert (error.status, error.requirement) == ("shape_mismatch", "DIV-OV-R1")

    # [utest->req~div-py-d1~2]
    def test_a_dtype_that_does_not_hold_the_type_is_a_type_error(self):
        with pytest.raises(TypeError, match="cannot be read as BF16"):
            sonnx_div.div(np.float32([1]), np.float32([1]), type="bf16")
        with pytest.raises(TypeError, match="cannot be read as INT4"):
            sonnx_div.div(np.uint8([1]), np.uint8([1]), type="int4")
        with pytest.raises(TypeError, match="cannot be read as FP32"):
            sonnx_div.div(np.float64([1]), np.float64([1]), type="fp32")
        for dtype in (np.bool_, np.complex64, np.float128):
            with pytest.raises(TypeError, match="holds no element type"):
                sonnx_div.div(np.ones(2, dtype), np.ones(2, dtype))
        # Each array's own type when no type is given: operands of two types violate DIV-FLOAT-C2.
        error = raised(lambda: sonnx_div.div(np.float32([1]), np.float64([1])))
        assert (error.status, error.requirement, error.operand) == ("type_mismatch", "DIV-FLOAT-C2", "B")

    # [utest->req~div-py-d1~2]
    def test_arrays_in_any_layout_give_the_same_result(self):
        rng = np.random.default_rng(SEED)
        a = rng.uniform(-100, 100, size=(6, 8)).astype(np.float32)
        b = rng.uniform(1, 100, size=(6, 8)).astype(np.float32)
        expected = sonnx_div.div(a, b).tobytes()
        assert sonnx_div.div(np.asfortranarray(a), np.asfortranarray(b)).tobytes() == expected
        assert sonnx_div.div(a.astype(">f4"), b.astype(">f4")).tobytes() == expected   # big-endian
        wide_a, wide_b = np.zeros((6, 16), np.float32), np.zeros((6, 16), np.float32)
        wide_a[:, ::2], wide_b[:, ::2] = a, b
        assert sonnx_div.div(wide_a[:, ::2], wide_b[:, ::2]).tobytes() == expected    # strided views
        raw = np.zeros(a.nbytes + 1, np.uint8)
        unaligned = np.frombuffer(raw.data, dtype=np.float32, count=a.size, offset=1).reshape(a.shape)
        raw[1:] = np.frombuffer(a.tobytes(), np.uint8)
        assert not unaligned.flags.aligned
        assert sonnx_div.div(unaligned, b).tobytes() == expected
        assert sonnx_div.div(a.tolist(), b.tolist(), type="fp64").dtype == np.float64    # lists: float64
        assert sonnx_div.div(np.float32(1), np.float32(3)).shape == ()                  # scalars

    # [utest->req~div-py-d1~2]
    def test_options_have_the_command_lines_values_and_messages_name_the_python_arguments(self):
        one = np.int32([1])
        for options, message in (({"opset": 13}, "opset, broadcast and axis belongs to the onnx profile "
                                                 "(profile='onnx')"),
                                 ({"profile": "onnx", "rounding": "trunc"},
                                  "rounding and sonnx_revision belongs to the sonnx profile (profile='sonnx')"),
                                 ({"profile": "onnx", "broadcast": 1}, "broadcast and axis are attributes of Div at "
                                                                       "opsets 1 and 6 only; opset 14 has neither "
                                                                       "(give opset=1 or opset=6)"),
                                 ({"sonnx_revision": "2026-06", "rounding": "floor"},
                                  "rounding belongs to the seed revision: the 2026-06 revision truncates "
                                  "(sonnx_revision='2026-06' fixes trunc)"),
                                 ({"pythondiv": True}, "pythondiv and auto_broadcast belongs to the openvino profile"),
                                 ({"profile": "tensorflow"}, "profile must be one of 'sonnx', 'onnx', 'openvino', "
                                                             "not 'tensorflow'"),
                                 ({"rounding": "ceil"}, "rounding must be one of 'floor', 'trunc', not 'ceil'"),
                                 ({"profile": "onnx", "opset": 28}, "opset must be from 1 to 27, not 28"),
                                 ({"profile": "onnx", "opset": -1}, "opset must be from 1 to 27, not -1"),
                                 ({"type": "fp8"}, "type 'fp8' is none of fp16, bf16")):
            with pytest.raises(ValueError, match=re.escape(message)) as caught:
                sonnx_div.div(one, one, **options)
            assert not isinstance(caught.value, sonnx_div.PreconditionError)
            assert "--" not in str(caught.value), "a Python message names no flag"
        with pytest.raises(TypeError):
            sonnx_div.div(one, one, profile=3)
        with pytest.raises(TypeError):
            sonnx_div.div(one, one, profile="onnx", opset=14.0)
        # A bool is no opset, attribute or count, though Python's bool is an int (True selected opset 1).
        for options in ({"profile": "onnx", "opset": True}, {"profile": "onnx", "opset": 6, "broadcast": True},
                        {"profile": "onnx", "opset": 6, "axis": np.bool_(False)}):
            with pytest.raises(TypeError, match="must be an int, not"):
                sonnx_div.div(one, one, **options)
        with pytest.raises(ValueError, match="at most 16"):
            sonnx_div.div(np.ones((1,) * 17, np.float32), np.ones((1,) * 17, np.float32))
        assert sonnx_div.div(one, one, profile="onnx", opset=np.int64(14)).tolist() == [1]

    # [utest->req~div-py-d1~2]
    def test_a_type_the_onnx_opset_lacks_is_refused_with_the_opset_that_has_it(self):
        # INT8 joined ONNX Div at opset 14 (DIV-ONNX-R1).
        error = raised(lambda: sonnx_div.div(np.int8([1]), np.int8([1]), profile="onnx", opset=13))
        assert (error.status, error.requirement) == ("unsupported_type", "DIV-ONNX-R1")
        assert "--opset 14" in error.hint


class TestCorrectlyRounded:
    REQUIREMENTS = "DIV-PY-D1"

    # [utest->req~div-py-d1~2]
    def test_hand_derived_quotients(self):
        # FP32 5/3 = 1.1010...b: 23 fraction bits 1010...101, then 0101... < half: down to 0x3fd55555.
        y = sonnx_div.correctly_rounded(np.float32([1, 5]), np.float32([3, 3]))
        assert [hex(w) for w in bits(y, np.uint32)] == ["0x3eaaaaab", "0x3fd55555"]
        # FP64 1/3: 52 fraction bits 0101...01, then 0101... < half: 0x3fd5555555555555.
        y = sonnx_div.correctly_rounded(np.float64([1]), np.float64([3]))
        assert hex(int(bits(y, np.uint64)[0])) == "0x3fd5555555555555"
        y = sonnx_div.correctly_rounded(f16(0x3C00, 0x0001, 0x0003), f16(0x4200, 0x4000, 0x4000))
        assert [hex(w) for w in bits(y, np.uint16)] == ["0x3555", "0x0", "0x2"]
        y = sonnx_div.correctly_rounded(np.uint16([0x3F80]), np.uint16([0x4040]), type="bf16")
        assert y.dtype == np.uint16 and y.tolist() == [0x3EAB]
        a, b = np.int16([-7, 7]), np.int16([2, -2])
        assert sonnx_div.correctly_rounded(a, b).tolist() == [-4, -4]
        assert sonnx_div.correctly_rounded(a, b, rounding="trunc").tolist() == [-3, -3]
        top = np.iinfo(np.uint64).max
        assert sonnx_div.correctly_rounded(np.uint64([top]), np.uint64([2])).tolist() == [top // 2]

    # [utest->req~div-py-d1~2]
    def test_special_values(self):
        inf = np.float32(np.inf)
        y = sonnx_div.correctly_rounded(np.float32([0, 1, -1, 1, -1]), np.float32([0, 0, 0, inf, inf]))
        assert np.isnan(y[0])
        assert [hex(w) for w in bits(y[1:], np.uint32)] == ["0x7f800000", "0xff800000", "0x0", "0x80000000"]

    # [utest->req~div-py-d1~2]
    def test_preconditions_are_div_s(self):
        cases = ((np.int32([7, -7, 6]), np.int32([2, 2, 0]), None),     # zero divisor
                 (np.int8([5, -128]), np.int8([5, -1]), None),          # MIN / -1
                 (np.int8([1, 1]), np.int8([1, -9]), "int4"),           # INT4 range, in B
                 (np.float32([1]), np.float64([1]), None),              # types
                 (np.float32([1, 2]), np.float32([1]), None))           # shapes
        for a, b, type_name in cases:
            oracle = raised(lambda: sonnx_div.correctly_rounded(a, b, type=type_name))
            reference = raised(lambda: sonnx_div.div(a, b, type=type_name))
            assert attributes(oracle) == attributes(reference)

    # [utest->req~div-py-d1~2]
    def test_the_oracle_and_the_operator_agree(self):
        rng = np.random.default_rng(SEED)
        for words, view, type_name in ((np.uint32, np.float32, None), (np.uint64, np.float64, None),
                                       (np.uint16, np.float16, None), (np.uint16, np.uint16, "bf16")):
            a = random_words(rng, words, 20000).view(view)
            b = random_words(rng, words, 20000).view(view)
            exact = bits(sonnx_div.correctly_rounded(a, b, type=type_name), words)
            reference = bits(sonnx_div.div(a, b, type=type_name), words)

            def nan(words_of):   # any NaN matches any NaN
                if type_name == "bf16":
                    return ((words_of & 0x7F80) == 0x7F80) & ((words_of & 0x7F) != 0)
                return np.isnan(words_of.view(view))
            assert np.array_equal(nan(exact), nan(reference))
            assert np.array_equal(exact[~nan(exact)], reference[~nan(exact)])
        a = np.repeat(np.arange(-128, 128, dtype=np.int8), 256)    # every INT8 pair with a quotient
        b = np.tile(np.arange(-128, 128, dtype=np.int8), 256)
        keep = (b != 0) & ~((a == -128) & (b == -1))
        for rounding in ("floor", "trunc"):
            assert np.array_equal(sonnx_div.correctly_rounded(a[keep], b[keep], rounding=rounding),
                                  sonnx_div.div(a[keep], b[keep], rounding=rounding))


class TestCheck:
    REQUIREMENTS = "DIV-PY-D1"

    # [utest->req~div-py-d1~2]
    def test_the_correctly_rounded_candidate_conforms(self):
        report = sonnx_div.check(np.float32([1, 5]), np.float32([3, 3]), f32(0x3EAAAAAB, 0x3FD55555))
        assert report["conforming_result"] is True
        assert (report["elements"], report["conforming"], report["nonconforming"]) == (2, 2, 0)
        assert report["failed_requirements"] == [] and report["type"] == "FP32"

    # [utest->req~div-py-d1~2]
    def test_a_runtime_multiplying_by_the_reciprocal_does_not_conform(self):
        # A runtime that computes a * (1 / b) in FP32: 5 * 0x3eaaaaab = 1.66666672 rounds to 0x3fd55556, where
        # 5 / 3 rounds to 0x3fd55555; the error is (3 x 0x555556 - 2^24) / 3 ulp = 2/3 ulp.
        rng = np.random.default_rng(SEED)
        a = np.concatenate([np.float32([5]), rng.uniform(1, 2, 999).astype(np.float32)])
        b = np.concatenate([np.float32([3]), rng.uniform(1, 2, 999).astype(np.float32)])
        y = a * (np.float32(1) / b)
        report = sonnx_div.check(a, b, y, worst=1000)
        assert report["conforming_result"] is False and report["nonconforming"] >= 1
        assert "DIV-FLOAT-F1" in report["failed_requirements"]
        first = next(e for e in report["worst"] if e["index"] == 0)
        assert (first["y"], first["expected"], first["conforming"]) == ("0x3fd55556", "0x3fd55555", False)
        assert first["ulp_error"] == pytest.approx(2 / 3, rel=1e-15)
        # The spec's one-ulp bound accepts what is within an ulp: 2/3 ulp is.
        assert next(e for e in sonnx_div.check(a, b, y, accept="one-ulp", worst=1000)["worst"]
                    if e["index"] == 0)["conforming"] is True

    # [utest->req~div-py-d1~2]
    def test_undefined_integer_elements_are_refused_or_listed(self):
        a, b, y = np.int8([6, -128, 3]), np.int8([0, -1, 2]), np.int8([0, 0, 1])
        error = raised(lambda: sonnx_div.check(a, b, y))
        assert (error.status, error.requirement, error.operand, error.index) == ("zero_divisor", "DIV-INT-C3", "B", 0)
        assert error.report["precondition"]["requirement"] == "DIV-INT-C3"
        assert error.report["conforming_result"] is False
        assert "--undefined list" in error.hint
        report = sonnx_div.check(a, b, y, undefined="list")                # 3 / 2 = 1 (floor) conforms
        assert (report["undefined"], report["conforming"], report["conforming_result"]) == (2, 1, True)
        assert [e["reason"] for e in report["undefined_elements"]] == ["zero divisor", "MIN / -1"]

    # [utest->req~div-py-d1~2]
    def test_true_division_of_integers_is_a_wrong_candidate(self):
        a, b = np.int32([7, 8]), np.int32([2, 4])
        report = sonnx_div.check(a, b, a / b)                 # NumPy's a / b: float64
        assert report["candidate_mismatch"]["y_type"] == "FP64"
        assert report["candidate_mismatch"]["expected_type"] == "INT32"
        assert report["conforming_result"] is False and report["nonconforming"] == 2
        assert any("true division" in hint for hint in report["hints"])

    # [utest->req~div-py-d1~2]
    def test_bf16_candidates_in_uint16_storage(self):
        a, b = np.uint16([0x3F80, 0x4000]), np.uint16([0x4040, 0x4040])
        # 2/3 in BF16: 1.0101010 1010... x 2^-1 rounds up to 0x3f2b.
        report = sonnx_div.check(a, b, np.uint16([0x3EAB, 0x3F2B]), type="bf16")
        assert report["type"] == "BF16" and report["conforming_result"] is True
        inputs = report["provenance"]["inputs"]
        assert [(i["role"], i["stored_type"], i["read_as"]) for i in inputs] == [
            ("A", "UINT16", "BF16"), ("B", "UINT16", "BF16"), ("Y", "UINT16", "BF16")]
        assert report["provenance"]["options"]["type"] == "bf16"
        assert sonnx_div.check(a, b, np.uint16([0x3EAA, 0x3F2B]), type="bf16")["nonconforming"] == 1

    # [utest->req~div-py-d1~2]
    def test_a_signalling_nan_does_not_conform_where_a_quiet_nan_is_due(self):
        # Issue #33, item 2, as measured: A = 0, NaN, inf, 1 over B = 0, 1, inf, NaN with signalling NaNs
        # (quiet bit 0x00400000 clear) gave "4 of 4 conforming, 4 bit-exact". DIV-FLOAT-D3.
        a, b = f32(0, 0x7FC00000, 0x7F800000, 0x3F800000), f32(0, 0x3F800000, 0x7F800000, 0x7FC00000)
        for accept in ("exact", "half-ulp", "one-ulp", "8ulp"):
            report = sonnx_div.check(a, b, f32(0x7F800001, 0xFF800001, 0x7FBFFFFF, 0x7F800002), accept=accept)
            assert (report["conforming"], report["exact_matches"], report["special_value_mismatches"]) == (0, 0, 4)
            assert report["failed_requirements"] == ["DIV-FLOAT-D3"]
            quiet = sonnx_div.check(a, b, f32(0xFFC00000, 0x7FC00001, 0xFFFFFFFF, 0x7FC00000), accept=accept)
            assert (quiet["conforming"], quiet["exact_matches"]) == (4, 1)   # only 0x7FC00000 is bit-identical

    # [utest->req~div-py-d1~2]
    def test_bad_settings_name_the_python_arguments(self):
        one = np.float32([1])
        for options, kind, message in (({"accept": "two-ulp"}, ValueError, "accept must be exact, half-ulp"),
                                       ({"accept": 2}, TypeError, "accept must be a str"),
                                       ({"undefined": "ignore"}, ValueError, "undefined must be 'refuse' or 'list'"),
                                       ({"shard": "3/3"}, ValueError, "shard must be 'K/N'"),
                                       ({"threads": 0}, ValueError, "threads must be a whole number from 1 to 1024"),
                                       ({"worst": 100001}, ValueError, "worst must be a whole number from 0"),
                                       ({"worst": True}, TypeError, "worst must be an int, not True"),
                                       ({"threads": np.bool_(True)}, TypeError, "threads must be an int")):
            with pytest.raises(kind, match=re.escape(message)) as caught:
                sonnx_div.check(one, one, one, **options)
            assert "--" not in str(caught.value), "a Python message names no flag: " + str(caught.value)

    # [utest->req~div-py-d1~2]
    def test_inputs_are_recorded_as_given_and_hashed_as_judged(self):
        import hashlib
        a, b = np.float32([1, 2]), np.float32([3, 3])
        y = sonnx_div.correctly_rounded(a, b)
        report = sonnx_div.check(a.astype(">f4"), b, y)
        inputs = report["provenance"]["inputs"]
        assert inputs[0]["path"] == "NumPy array, dtype '>f4'"   # before: recorded as '<f4'
        assert report["conforming_result"] is True
        # The hash is of the elements judged, in the machine's order (the snapshot the judge read).
        assert inputs[0]["sha256"] == hashlib.sha256(a.tobytes()).hexdigest()
        assert inputs[2]["sha256"] == hashlib.sha256(y.tobytes()).hexdigest()

    # [utest->req~div-py-d1~2]
    def test_a_masked_array_is_refused(self):
        a, b = np.float32([1, 2]), np.float32([3, 3])
        y = np.ma.masked_array(sonnx_div.correctly_rounded(a, b), mask=[False, True])
        y.data[1] = 12345.0                         # under the mask: no value, not a result to pass
        for call in (lambda: sonnx_div.check(a, b, y), lambda: sonnx_div.div(np.ma.masked_array(a, [1, 0]), b)):
            with pytest.raises(TypeError, match="masked array"):
                call()


def div_cases():
    rng = np.random.default_rng(SEED)
    cases = []
    for words, view in ((np.uint32, np.float32), (np.uint64, np.float64), (np.uint16, np.float16)):
        cases.append((view.__name__, random_words(rng, words, 4096).view(view),
                      random_words(rng, words, 4096).view(view), {}))
    cases.append(("bf16", random_words(rng, np.uint16, 4096), random_words(rng, np.uint16, 4096), {"type": "bf16"}))
    for dtype, options in ((np.int8, {}), (np.int16, {"rounding": "trunc"}), (np.int32, {"profile": "onnx"}),
                           (np.int64, {"sonnx_revision": "2026-06"}), (np.uint64, {}), (np.uint8, {})):
        a, b = random_words(rng, dtype, 4096), random_words(rng, dtype, 4096)
        cases.append((np.dtype(dtype).name, a, defined_divisors(a, b), options))
    a = rng.integers(-8, 7, 512, endpoint=True, dtype=np.int8)
    b = rng.integers(-8, 7, 512, endpoint=True, dtype=np.int8)
    b[(b == 0) | ((a == -8) & (b == -1))] = 1             # INT4's zero divisors and MIN / -1
    cases.append(("int4", a, b, {"type": "int4"}))
    a = rng.integers(0, 15, 512, endpoint=True, dtype=np.uint8)
    cases.append(("uint4", a, rng.integers(1, 15, 512, endpoint=True, dtype=np.uint8), {"type": "uint4"}))
    cases.append(("onnx-broadcast", random_words(rng, np.uint32, 60).view(np.float32).reshape(3, 4, 5),
                  random_words(rng, np.uint32, 5).view(np.float32), {"profile": "onnx"}))
    cases.append(("onnx-6-axis", rng.normal(size=(2, 3, 4)).astype(np.float32), np.float32([1, 3, 7]),
                  {"profile": "onnx", "opset": 6, "broadcast": 1, "axis": 1}))
    a = rng.integers(-1000, 1000, size=(4, 6), dtype=np.int32)
    cases.append(("openvino-trunc", a, rng.integers(1, 9, size=(4, 1), dtype=np.int32),
                  {"profile": "openvino", "pythondiv": False}))
    cases.append(("scalar", np.float32(1), np.float32(3), {}))
    return cases


def check_cases():
    rng = np.random.default_rng(SEED + 1)
    a = rng.uniform(-4, 4, 3000).astype(np.float32)
    b = rng.uniform(0.5, 4, 3000).astype(np.float32)
    reciprocal = a * (np.float32(1) / b)
    ints_a = rng.integers(-100, 100, 500, dtype=np.int32)
    ints_b = defined_divisors(ints_a, rng.integers(-9, 9, 500, dtype=np.int32))
    truncated = np.trunc(ints_a / ints_b).astype(np.int32)
    bf_a, bf_b = random_words(rng, np.uint16, 2000), random_words(rng, np.uint16, 2000)
    bf_y = sonnx_div.correctly_rounded(bf_a, bf_b, type="bf16")
    bf_y[::7] ^= 1                                               # a runtime wrong in the last bit here and there
    i8_a, i8_b = np.int8([6, -128, 3, 9]), np.int8([0, -1, 2, 4])
    row = rng.uniform(1, 2, 8).astype(np.float32)
    grid = rng.uniform(1, 2, (5, 8)).astype(np.float32)
    return [
        ("fp32-reciprocal", a, b, reciprocal, {}),
        ("fp32-reciprocal-one-ulp", a, b, reciprocal, {"accept": "one-ulp", "worst": 3}),
        ("fp32-reciprocal-2ulp-shard", a, b, reciprocal, {"accept": "2ulp", "shard": "1/3"}),
        ("int32-truncating-candidate", ints_a, ints_b, truncated, {}),
        ("int32-truncating-candidate-trunc", ints_a, ints_b, truncated, {"rounding": "trunc"}),
        ("bf16", bf_a, bf_b, bf_y, {"type": "bf16"}),
        ("uint16-as-integers", bf_a, defined_divisors(bf_a, bf_b), bf_y, {}),
        ("int8-undefined-list", i8_a, i8_b, np.int8([0, 0, 1, 2]), {"undefined": "list"}),
        ("int8-revision-2026-06", i8_a, i8_b, np.int8([0, 0, 1, 2]), {"sonnx_revision": "2026-06"}),
        ("int32-true-division", ints_a, ints_b, ints_a / ints_b, {}),
        ("onnx-broadcast", grid, row, (grid * (np.float32(1) / row)).astype(np.float32), {"profile": "onnx"}),
        ("openvino-broadcast", grid, row, sonnx_div.correctly_rounded(grid, np.tile(row, (5, 1))),
         {"profile": "openvino", "auto_broadcast": "numpy", "worst": 0}),
    ]


class TestAgreementWithTheCommandLine:
    """The module's results equal `sonnx-div`'s on the same operands (issue #15, "How this is checked")."""
    REQUIREMENTS = "DIV-PY-D1"

    @pytest.mark.parametrize("name,a,b,options", div_cases(), ids=[c[0] for c in div_cases()])
    # [utest->req~div-py-d1~2]
    def test_div_writes_the_same_bytes(self, tmp_path, name, a, b, options):
        save(tmp_path, a=a, b=b)
        ran = run_cli(tmp_path, "div", "a.npy", "b.npy", "--out", "y.npy", *cli_arguments(options))
        assert ran.returncode == 0, ran.stderr
        y = sonnx_div.div(a, b, **options)
        save(tmp_path, module=y)
        with open(tmp_path / "y.npy", "rb") as cli_file, open(tmp_path / "module.npy", "rb") as module_file:
            assert cli_file.read() == module_file.read()       # header (dtype, shape) and every element's bytes

    @pytest.mark.parametrize("name,a,b,y,options", check_cases(), ids=[c[0] for c in check_cases()])
    # [utest->req~div-py-d1~2]
    def test_check_reports_the_same(self, tmp_path, name, a, b, y, options):
        save(tmp_path, a=a, b=b, y=y)
        options = dict(options, threads=1)
        ran = run_cli(tmp_path, "check", "a.npy", "b.npy", "y.npy", "--json", "report.json", *cli_arguments(options))
        assert ran.returncode in (0, 1), ran.stderr
        with open(tmp_path / "report.json", encoding="utf-8") as handle:
            cli_report = json.load(handle)
        report = sonnx_div.check(a, b, y, **options)
        assert comparable(report) == comparable(cli_report)
        assert ran.returncode == (0 if report["conforming_result"] else 1)

    @pytest.mark.parametrize("command", ["div", "check"])
    # [utest->req~div-py-d1~2]
    def test_precondition_messages_are_the_same(self, tmp_path, command):
        cases = [(np.int32([7, -7, 6]), np.int32([2, 2, 0]), {}),
                 (np.int8([1, -128]), np.int8([1, -1]), {}),
                 (np.float32([[1, 2], [3, 4]]), np.float32([1, 2, 3]), {"profile": "onnx"}),
                 (np.float32([1, 2]), np.float32([1, 2, 3]), {}),
                 (np.int8([1, 9]), np.int8([1, 1]), {"type": "int4"}),
                 (np.int8([1]), np.int8([1]), {"profile": "onnx", "opset": 13}),
                 (np.uint16([0x3F80, 1]), np.uint16([0x4040, 0]), {})]
        for a, b, options in cases:
            save(tmp_path, a=a, b=b, y=a)
            if command == "div":
                ran = run_cli(tmp_path, "div", "a.npy", "b.npy", "--out", "y.npy", *cli_arguments(options))
                error = raised(lambda: sonnx_div.div(a, b, **options))
            else:
                ran = run_cli(tmp_path, "check", "a.npy", "b.npy", "y.npy", "--json", "report.json", "-j", "1",
                              *cli_arguments(options))
                error = raised(lambda: sonnx_div.check(a, b, a, threads=1, **options))
            assert ran.returncode == 3
            hint = "" if error.hint is None else "\nhint: " + error.hint
            assert ran.stderr == f"sonnx-div {command}: {error}{hint}\n"
            if error.report is not None:
                with open(tmp_path / "report.json", encoding="utf-8") as handle:
                    assert comparable(error.report) == comparable(json.load(handle))
            if os.path.exists(tmp_path / "report.json"):
                os.remove(tmp_path / "report.json")

    # [utest->req~div-py-d1~2]
    def test_usage_errors_are_refused_alike_each_naming_its_own_options(self, tmp_path):
        one = np.int32([1])
        save(tmp_path, a=one)
        for options, command_line, python in (
                ({"opset": 13}, "--opset, --broadcast and --axis belongs to the onnx profile (--profile onnx)",
                 "opset, broadcast and axis belongs to the onnx profile (profile='onnx')"),
                ({"profile": "onnx", "rounding": "trunc"},
                 "--int-rounding and --sonnx-revision belongs to the sonnx profile (--profile sonnx)",
                 "rounding and sonnx_revision belongs to the sonnx profile (profile='sonnx')"),
                ({"profile": "onnx", "axis": 1},
                 "--broadcast and --axis are attributes of Div at opsets 1 and 6 only; opset 14 has neither "
                 "(give --opset 1 or --opset 6)",
                 "broadcast and axis are attributes of Div at opsets 1 and 6 only; opset 14 has neither "
                 "(give opset=1 or opset=6)"),
                ({"sonnx_revision": "2026-06", "rounding": "floor"},
                 "--int-rounding belongs to the seed revision: the 2026-06 revision truncates "
                 "(--sonnx-revision 2026-06 fixes trunc)",
                 "rounding belongs to the seed revision: the 2026-06 revision truncates "
                 "(sonnx_revision='2026-06' fixes trunc)"),
                ({"auto_broadcast": "none"},
                 "--pythondiv and --auto-broadcast belongs to the openvino profile (--profile openvino)",
                 "pythondiv and auto_broadcast belongs to the openvino profile (profile='openvino')")):
            ran = run_cli(tmp_path, "div", "a.npy", "a.npy", "--out", "y.npy", *cli_arguments(options))
            assert ran.returncode == 2
            assert ran.stderr == f"sonnx-div div: {command_line}\n"
            with pytest.raises(ValueError) as caught:
                sonnx_div.div(one, one, **options)
            assert str(caught.value) == python


class TestInstallation:
    REQUIREMENTS = "DIV-PY-D1"

    # [utest->req~div-py-d1~2]
    def test_the_installed_module_imports(self, tmp_path):
        build, where = os.environ.get("SONNX_BUILD_DIR", ""), os.environ.get("SONNX_PYTHON_INSTALL_DIR", "")
        assert build and where, "ctest sets SONNX_BUILD_DIR and SONNX_PYTHON_INSTALL_DIR"
        installed = subprocess.run([os.environ.get("SONNX_CMAKE", "cmake"), "--install", build, "--component",
                                    "python", "--prefix", str(tmp_path)], capture_output=True, text=True, check=False)
        assert installed.returncode == 0, installed.stdout + installed.stderr
        directory = tmp_path / where
        environment = dict(os.environ, PYTHONPATH=str(directory))
        imported = subprocess.run([sys.executable, "-c", "import numpy, sonnx_div; print(sonnx_div.__file__); "
                                   "print(sonnx_div.div(numpy.float32([1]), numpy.float32([3])).view('u4')[0])"],
                                  capture_output=True, text=True, check=False, env=environment, cwd=str(tmp_path))
        assert imported.returncode == 0, imported.stderr
        module_file, quotient = imported.stdout.split()
        assert os.path.dirname(module_file) == str(directory)
        assert int(quotient) == 0x3EAAAAAB
