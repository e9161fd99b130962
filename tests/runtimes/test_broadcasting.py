"""tools/runtimes' broadcasting sets (DIV-RT-D2), offline, --quick --no-install on FP32 and INT32: NumPy (which
broadcasts by NumPy's rules, those of ONNX opset 7+ and OpenVINO's numpy) and test adapters of this file, each
a deliberate fault or its correct twin:

- wrong-axis: a 1-D B of a square A divided along the first axis instead of the last (NumPy's B[:, None]);
- refuses-broadcasting: declares the multidirectional form but raises on operands of different shapes;
- legacy-right and legacy-ignores-axis: run each set's model.onnx (read with onnx, independently of the
  harness), honouring the opset 1/6 `broadcast` and `axis` attributes, or ignoring `axis` (NumPy's rules);
- legacy-floor: declares the legacy form under a profile whose integers floor (ONNX has no such Div).

Expected verdicts are stated by hand from what each adapter does: which sets a wrong axis changes (a square A
whose B runs along an axis of the same length: row_of_square, opset6_axis_0_square), which a refusal hits (every
set whose A and B shapes differ: every broadcasting set)."""
import json
import os
import subprocess
import sys
import textwrap

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOOL = os.environ.get("SONNX_RUNTIMES_TOOL", os.path.join(ROOT, "tools", "runtimes"))
PYTHON_DIR = os.environ.get("SONNX_PYTHON_DIR", os.path.join(ROOT, "build", "release", "src", "python"))
EXE = os.environ.get("SONNX_DIV_EXE", os.path.join(ROOT, "build", "release", "src", "cli", "sonnx-div"))

HEAD = '''
import numpy as np
from runtimeslib.adapters import computing

TYPES = ["FP32", "INT32"]
BROADCAST = ["multidirectional"]


def available():
    return True, "test adapter"


def divide(a, b):
    with np.errstate(all="ignore"):
        return np.true_divide(a, b) if a.dtype.kind == "f" else np.floor_divide(a, b)
'''

WRONG_AXIS = HEAD + textwrap.dedent('''
    NAME = "wrong-axis"
    PROFILE = "sonnx-floor"
    TEXT = "test adapter: B along the wrong axis"


    def compute(a, b, type_name):
        if b.ndim == 1 and a.ndim == 2 and a.shape[0] == a.shape[1] == b.shape[0]:
            b = b[:, None]
        return divide(a, b)


    run_batch = computing(compute, __name__)
    ''')

REFUSES = HEAD + textwrap.dedent('''
    NAME = "refuses-broadcasting"
    PROFILE = "sonnx-floor"
    TEXT = "test adapter: declares broadcasting, refuses it"


    def compute(a, b, type_name):
        if a.shape != b.shape:
            raise ValueError("operands of different shapes %s and %s" % (a.shape, b.shape))
        return divide(a, b)


    run_batch = computing(compute, __name__)
    ''')

LEGACY_ADAPTER = '''
import json
import os

import numpy as np
import onnx
from onnx import TensorProto, numpy_helper

NAME = %(name)r
PROFILE = "onnx-14"
TYPES = ["FP32", "INT32"]
TEXT = "test adapter: runs model.onnx with NumPy, the legacy broadcast attributes %(how)s"
BROADCAST = ["multidirectional", "legacy"]


def available():
    return True, "test adapter"


def run_batch(jobs):
    for job in jobs:
        data = os.path.join(job["set"], "test_data_set_0")
        read = lambda n: numpy_helper.to_array(TensorProto.FromString(open(os.path.join(data, n), "rb").read()))
        a, b = read("input_0.pb"), read("input_1.pb")
        node = onnx.load(os.path.join(job["set"], "model.onnx")).graph.node[0]
        attributes = {x.name: onnx.helper.get_attribute_value(x) for x in node.attribute}
        if attributes.get("broadcast") and "axis" in attributes and %(honour)s:
            axis = attributes["axis"]
            b = b.reshape(b.shape + (1,) * (a.ndim - axis - b.ndim))
        outcome, detail = "output", ""
        try:
            with np.errstate(all="ignore"):
                y = np.true_divide(a, b) if a.dtype.kind == "f" else np.trunc(np.true_divide(a, b)).astype(a.dtype)
            os.makedirs(os.path.join(job["result"], "test_data_set_0"), exist_ok=True)
            with open(os.path.join(job["result"], "test_data_set_0", "output_0.pb"), "wb") as handle:
                handle.write(numpy_helper.from_array(y, "C").SerializeToString())
        except ValueError as error:   # NumPy cannot broadcast the shapes
            outcome, detail = "error", str(error)
        with open(os.path.join(job["result"], "result.json"), "w") as handle:
            json.dump({"outcome": outcome, "detail": detail, "notes": []}, handle)
'''

NO_INT_KERNEL = HEAD + textwrap.dedent('''
    NAME = "no-int-kernel"
    PROFILE = "sonnx-floor"
    TEXT = "test adapter: no INT32 kernel at all"
    NO_KERNEL = ["has no kernel for"]


    def compute(a, b, type_name):
        if type_name == "INT32":
            raise TypeError("this runtime has no kernel for int32")
        return divide(a, b)


    run_batch = computing(compute, __name__)
    ''')

LEGACY_FLOOR = HEAD.replace('BROADCAST = ["multidirectional"]', 'BROADCAST = ["legacy"]') + textwrap.dedent('''
    NAME = "legacy-floor"
    PROFILE = "sonnx-floor"
    TEXT = "test adapter: legacy broadcasting under floor"
    run_batch = computing(lambda a, b, t: divide(a, b), __name__)
    ''')


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    out = tmp_path_factory.mktemp("runtimes")
    adapters = tmp_path_factory.mktemp("adapters")
    (adapters / "wrong_axis.py").write_text(WRONG_AXIS)
    (adapters / "refuses.py").write_text(REFUSES)
    for file_name, name, how, honour in (("legacy_right.py", "legacy-right", "honoured", "True"),
                                         ("legacy_ignores_axis.py", "legacy-ignores-axis", "but axis", "False")):
        (adapters / file_name).write_text(LEGACY_ADAPTER % {"name": name, "how": how, "honour": honour})
    (adapters / "legacy_floor.py").write_text(LEGACY_FLOOR)
    (adapters / "no_int_kernel.py").write_text(NO_INT_KERNEL)
    run = subprocess.run([sys.executable, TOOL, "--quick", "--no-install", "--out", str(out), "--python-dir",
                          PYTHON_DIR, "--adapters", str(adapters), "--types", "FP32,INT32", "--runtimes",
                          "numpy,wrong-axis,refuses-broadcasting,legacy-right,legacy-ignores-axis,legacy-floor,"
                          "no-int-kernel"],
                         capture_output=True, text=True, cwd=ROOT, timeout=1200)
    assert run.returncode == 0, run.stdout + run.stderr
    with open(out / "report.json") as handle:
        return out, json.load(handle)


def broadcast_sets(entry, type_name):
    return {line["set"]: line for line in entry["types"][type_name]["sets"] if line["form"]}


MULTIDIRECTIONAL = {"scalar_divisor", "scalar_dividend", "trailing_axis", "trailing_axes", "both_expanded",
                    "size_one_axes", "row_of_square", "column_of_square", "lower_rank_dividend", "size_zero_axis",
                    "size_zero_against_one", "rank_6"}
LEGACY = {"opset6_scalar", "opset6_suffix", "opset6_suffix_axes", "opset6_axis_0_square", "opset6_axis_1",
          "opset6_axis_0", "opset1_axis_1"}


class TestBroadcastingSets:
    REQUIREMENTS = "DIV-RT-D2"

    # [utest->req~div-rt-d2~1]
    def test_the_sets_have_the_shapes_of_every_form_and_the_reference_passes_them(self, harness):
        out, _ = harness
        root = os.path.join(out, "broadcast", "sonnx-floor", "FP32")
        assert set(os.listdir(root)) == MULTIDIRECTIONAL
        shapes = {}
        for name in MULTIDIRECTIONAL:
            with open(os.path.join(root, name, "reference.json")) as handle:
                reference = json.load(handle)
            shapes[name] = (reference["a_shape"], reference["b_shape"], reference["shape"])
        assert shapes["scalar_divisor"] == ([7, 5], [], [7, 5])
        assert shapes["size_zero_against_one"] == ([4, 1], [0], [4, 0])
        assert shapes["rank_6"] == ([2, 1, 3, 1, 2, 3], [1, 2, 1, 3, 2, 1], [2, 2, 3, 3, 2, 3])
        assert shapes["both_expanded"] == ([9, 1], [1, 8], [9, 8])
        # The sonnx profile has equal shapes only: the floor runtimes' sets are OpenVINO numpy's.
        run = subprocess.run([EXE, "onnx-test", root, "--profile", "openvino", "--pythondiv", "true",
                              "--auto-broadcast", "numpy"], capture_output=True, text=True)
        assert run.returncode == 0 and "12 of 12 ONNX node tests passed" in run.stdout, run.stdout + run.stderr
        legacy = os.path.join(out, "broadcast", "onnx-14", "FP32")
        assert set(os.listdir(legacy)) == MULTIDIRECTIONAL | LEGACY
        assert set(os.listdir(os.path.join(out, "broadcast", "onnx-14", "INT32"))) == \
            MULTIDIRECTIONAL | LEGACY - {"opset1_axis_1"}   # Div-1 takes floats only
        run = subprocess.run([EXE, "onnx-test", legacy, "--profile", "onnx"], capture_output=True, text=True)
        assert run.returncode == 0 and "19 of 19 ONNX node tests passed" in run.stdout, run.stdout + run.stderr
        assert "opset 6" in run.stdout and "opset 1," in run.stdout

    # [utest->req~div-rt-d2~1]
    def test_the_operands_are_the_hard_values_of_the_element_wise_sets(self, harness):
        import numpy as np
        sys.path.insert(0, PYTHON_DIR)
        import sonnx_div
        out, _ = harness
        pool = set()
        for name in os.listdir(os.path.join(out, "sets", "sonnx-floor", "FP32")):
            data = os.path.join(out, "sets", "sonnx-floor", "FP32", name, "test_data_set_0")
            for operand in ("input_0.pb", "input_1.pb"):
                pool |= set(sonnx_div.read_tensor(os.path.join(data, operand))[0].reshape(-1).view(np.uint32).tolist())
        drawn = set()
        for name in MULTIDIRECTIONAL:
            data = os.path.join(out, "broadcast", "sonnx-floor", "FP32", name, "test_data_set_0")
            for operand in ("input_0.pb", "input_1.pb"):
                drawn |= set(sonnx_div.read_tensor(os.path.join(data, operand))[0].reshape(-1).view(np.uint32).tolist())
        assert drawn <= pool
        assert 0x7F800000 in drawn and 0x7FC00000 in drawn and len(drawn) > 200   # infinity, NaN, ...

    # [utest->req~div-rt-d2~1]
    def test_numpy_conforms_on_every_broadcasting_set(self, harness):
        _, report = harness
        numpy = report["runtimes"]["numpy"]
        assert numpy["broadcast"]["multidirectional"] == {"verdict": "conforming", "sets": 24, "failing": []}
        for type_name in ("FP32", "INT32"):
            lines = broadcast_sets(numpy, type_name)
            assert set(lines) == MULTIDIRECTIONAL
            assert all(line["verdict"] == "conforming" for line in lines.values())

    # [utest->req~div-rt-d2~1]
    def test_a_candidate_broadcasting_b_along_the_wrong_axis_is_non_conforming(self, harness):
        out, report = harness
        entry = report["runtimes"]["wrong-axis"]
        for type_name in ("FP32", "INT32"):
            lines = broadcast_sets(entry, type_name)
            assert lines["row_of_square"]["verdict"] == "non-conforming", lines["row_of_square"]
            assert lines["row_of_square"]["nonconforming"] > 32   # of 64: B[i] = B[j] only on the diagonal
            assert all(lines[name]["verdict"] == "conforming" for name in MULTIDIRECTIONAL - {"row_of_square"})
            assert entry["types"][type_name]["verdict"] == "non-conforming"
        assert entry["broadcast"]["multidirectional"]["verdict"] == "non-conforming"
        assert entry["broadcast"]["multidirectional"]["failing"] == ["FP32 row_of_square: non-conforming",
                                                                     "INT32 row_of_square: non-conforming"]
        assert "| wrong-axis | multidirectional | non-conforming | 24 |" in open(os.path.join(out, "report.md")).read()
        # the results folder is an ONNX node test that onnx-test fails on the same set
        results = os.path.join(out, "results", "wrong-axis", "broadcast", "FP32")
        run = subprocess.run([EXE, "onnx-test", results, "--profile", "openvino", "--pythondiv", "true"],
                             capture_output=True, text=True)
        assert run.returncode == 1 and "FAIL row_of_square" in run.stdout, run.stdout
        assert "11 of 12 ONNX node tests passed" in run.stdout

    # [utest->req~div-rt-d2~1]
    def test_refusing_a_declared_form_is_a_finding(self, harness):
        _, report = harness
        entry = report["runtimes"]["refuses-broadcasting"]
        refused = [f for f in entry["findings"] if f["kind"].startswith("refused a declared broadcasting form")]
        assert {(f["type"], f["set"]) for f in refused} == {(t, s) for t in ("FP32", "INT32")
                                                             for s in MULTIDIRECTIONAL}
        assert "operands of different shapes" in refused[0]["runtime_did"]
        for type_name in ("FP32", "INT32"):
            assert entry["types"][type_name]["verdict"] == "refused a declared broadcasting form"
        assert entry["broadcast"]["multidirectional"]["verdict"] == "refused a declared broadcasting form"

    # [utest->req~div-rt-d2~1]
    def test_the_legacy_attributes_are_judged_and_ignoring_axis_is_non_conforming(self, harness):
        _, report = harness
        right = report["runtimes"]["legacy-right"]
        assert right["broadcast"] == {"multidirectional": {"verdict": "conforming", "sets": 24, "failing": []},
                                      "legacy": {"verdict": "conforming", "sets": 13, "failing": []}}
        wrong = report["runtimes"]["legacy-ignores-axis"]
        refused = "refused a declared broadcasting form"
        # by NumPy's rules a square A takes B along its last axis (wrong); the other axis sets do not broadcast
        # at all, and the adapter reports NumPy's error: a refusal of the form it declared
        assert wrong["broadcast"]["legacy"]["failing"] == [
            "FP32 opset6_axis_0_square: non-conforming", "FP32 opset6_axis_1: " + refused,
            "FP32 opset6_axis_0: " + refused, "FP32 opset1_axis_1: " + refused,
            "INT32 opset6_axis_0_square: non-conforming", "INT32 opset6_axis_1: " + refused,
            "INT32 opset6_axis_0: " + refused]
        assert wrong["broadcast"]["multidirectional"]["verdict"] == "conforming"
        kinds = {(f["type"], f["set"]): f["kind"] for f in wrong["findings"]}
        assert kinds[("FP32", "opset6_axis_1")] == refused + " (legacy)"

    # [utest->req~div-rt-d2~1]
    def test_the_legacy_form_under_a_profile_onnx_does_not_have_is_refused(self, harness):
        _, report = harness
        entry = report["runtimes"]["legacy-floor"]
        assert entry["status"] == "not run"
        assert "BROADCAST legacy (ONNX's broadcast and axis attributes) needs PROFILE onnx-14" in entry["reason"]

    # [utest->req~div-rt-d2~1]
    def test_a_type_without_any_kernel_is_no_kernel_not_a_refused_form(self, harness):
        _, report = harness
        entry = report["runtimes"]["no-int-kernel"]
        assert entry["types"]["INT32"]["verdict"] == "no kernel"
        assert entry["types"]["FP32"]["verdict"] == "conforming"
        assert not [f for f in entry["findings"] if f["kind"].startswith("refused a declared broadcasting form")]
        assert entry["broadcast"]["multidirectional"] == {"verdict": "conforming", "sets": 12, "failing": [],
                                                          "no_kernel_types": ["INT32"]}
        # the control: where the element-wise sets have a kernel, the same error on a broadcasting set is a refusal
        refused = report["runtimes"]["refuses-broadcasting"]["broadcast"]["multidirectional"]
        assert refused["verdict"] == "refused a declared broadcasting form" and "no_kernel_types" not in refused
