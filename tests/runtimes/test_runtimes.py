"""tools/runtimes (DIV-RT-D1), offline: one --quick run of the harness with the NumPy adapter, the
reciprocal negative control, a runtime name with no adapter, and a test adapter of this folder's that dies
of SIGFPE on MIN / -1 (as ONNX Runtime and PyTorch do on INT32/INT64), all with --no-install. Expected
values are stated by hand: NumPy's true_divide is IEEE division (conforming), its floor_divide wraps
MIN // -1 to MIN (issue #15), a * (1 / b) is not correctly rounded."""
import json
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOOL = os.environ.get("SONNX_RUNTIMES_TOOL", os.path.join(ROOT, "tools", "runtimes"))
PYTHON_DIR = os.environ.get("SONNX_PYTHON_DIR", os.path.join(ROOT, "build", "release", "src", "python"))
EXE = os.environ.get("SONNX_DIV_EXE", os.path.join(ROOT, "build", "release", "src", "cli", "sonnx-div"))

CRASHER = '''"""Test adapter: NumPy's floor_divide, except that MIN / -1 kills the process with SIGFPE."""
import os
import signal

import numpy as np

from runtimeslib.adapters import computing

NAME = "sigfpe-on-overflow"
PROFILE = "sonnx-floor"
TYPES = ["INT32"]
TEXT = "test adapter: dies of SIGFPE on MIN / -1"


def available():
    return True, "test adapter"


def compute(a, b, type_name):
    if ((a == np.iinfo(a.dtype).min) & (b == -1)).any():
        os.kill(os.getpid(), signal.SIGFPE)
    with np.errstate(all="ignore"):
        return np.floor_divide(a, b)


run_batch = computing(compute, __name__)
'''


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    out = tmp_path_factory.mktemp("runtimes")
    adapters = tmp_path_factory.mktemp("adapters")
    (adapters / "crasher.py").write_text(CRASHER)
    run = subprocess.run([sys.executable, TOOL, "--quick", "--no-install", "--out", str(out), "--cache", str(out),
                          "--python-dir", PYTHON_DIR, "--adapters", str(adapters),
                          "--runtimes", "numpy,reciprocal,no-such-runtime,sigfpe-on-overflow"],
                         capture_output=True, text=True, cwd=ROOT, timeout=1200)
    assert run.returncode == 0, run.stdout + run.stderr
    with open(out / "report.json") as handle:
        report = json.load(handle)
    return out, report, run.stdout


def finding(entry, type_name, set_name):
    found = [f for f in entry["findings"] if f["type"] == type_name and f["set"] == set_name]
    assert len(found) == 1, entry["findings"]
    return found[0]


class TestRuntimesHarness:
    REQUIREMENTS = "DIV-RT-D1"

    # [utest->req~div-rt-d1~2]
    def test_numpy_conforms_on_floats(self, harness):
        _, report, _ = harness
        numpy = report["runtimes"]["numpy"]
        assert numpy["status"] == "run" and numpy["profile"] == "sonnx-floor"
        for type_name in ("FP16", "FP32", "FP64"):
            entry = numpy["types"][type_name]
            assert entry["verdict"] == "conforming", (type_name, entry)
            assert entry["elements"] > 300 and entry["conforming"] == entry["elements"]
            assert entry["nonconforming"] == 0 and entry["worst"] == []
            assert sum(entry["histogram"].values()) == entry["elements"]
        assert "BF16" not in numpy["types"]   # NumPy has no bfloat16: not asked, not called conforming

    # [utest->req~div-rt-d1~2]
    def test_numpy_floor_divide_conforms_on_integers_under_floor(self, harness):
        _, report, _ = harness
        for type_name in ("INT8", "INT16", "INT32", "INT64", "UINT8", "UINT64"):
            assert report["runtimes"]["numpy"]["types"][type_name]["verdict"] == "conforming", type_name

    # [utest->req~div-rt-d1~2]
    def test_reciprocal_control_is_nonconforming_with_a_named_worst_element(self, harness):
        _, report, _ = harness
        for type_name in ("FP16", "FP32", "FP64"):
            entry = report["runtimes"]["reciprocal"]["types"][type_name]
            assert entry["verdict"] == "non-conforming", type_name
            assert entry["nonconforming"] > 0
            worst = entry["worst"][0]
            assert worst["conforming"] is False
            for key in ("set", "position", "a", "b", "y", "expected"):
                assert worst[key] != "", key
            assert worst["y"] != worst["expected"]
        assert "reciprocal | FP32 | non-conforming" in open(os.path.join(harness[0], "report.md")).read()

    # [utest->req~div-rt-d1~2]
    def test_numpy_min_by_minus_one_wraps_against_the_reference_overflow(self, harness):
        _, report, _ = harness
        numpy = report["runtimes"]["numpy"]
        for type_name, low in (("INT8", -128), ("INT32", -2 ** 31), ("INT64", -2 ** 63)):
            f = finding(numpy, type_name, "hazard_min_by_minus_one")
            assert f["kind"] == "undefined behaviour: returned a value"
            assert f["a"] == str(low) and f["b"] == "-1"
            assert f["runtime_did"].startswith("returned %d" % low)       # wraps to MIN
            assert f["reference"].startswith("overflow: DIV-INT-D2 violated")
            assert f["exact"].startswith("%d / -1 = %d exactly" % (low, -low))
            assert f["check_undefined"][0]["reason"] == "MIN / -1"
        zero = finding(numpy, "INT32", "hazard_zero_divisor")
        assert zero["runtime_did"].startswith("returned 0") and "divide by zero" in zero["runtime_did"]
        assert zero["reference"].startswith("zero_divisor: DIV-INT-C3 violated")

    # [utest->req~div-rt-d1~2]
    def test_a_runtime_that_dies_of_a_signal_is_a_finding_and_the_harness_goes_on(self, harness):
        _, report, _ = harness
        entry = report["runtimes"]["sigfpe-on-overflow"]
        f = finding(entry, "INT32", "hazard_min_by_minus_one")
        assert f["kind"] == "crash" and "SIGFPE" in f["runtime_did"]
        assert f["reference"].startswith("overflow: DIV-INT-D2")
        assert entry["types"]["INT32"]["verdict"] == "conforming"   # the ordinary sets ran in their own process

    # [utest->req~div-rt-d1~2]
    def test_a_runtime_without_adapter_is_not_run(self, harness):
        out, report, stdout = harness
        entry = report["runtimes"]["no-such-runtime"]
        assert entry["status"] == "not run" and "no adapter named no-such-runtime" in entry["reason"]
        assert "types" not in entry
        assert "| no-such-runtime | **not run** |" in open(os.path.join(out, "report.md")).read()

    # [utest->req~div-rt-d1~2]
    def test_sets_are_onnx_node_tests_the_reference_passes(self, harness):
        out = harness[0]
        sets = os.path.join(out, "sets", "sonnx-floor")
        folder = os.path.join(sets, "FP32", "specials_x_specials")
        for name in ("model.onnx", "test_data_set_0/input_0.pb", "test_data_set_0/input_1.pb",
                     "test_data_set_0/output_0.pb"):
            assert os.path.isfile(os.path.join(folder, name)), name
        run = subprocess.run([EXE, "onnx-test", os.path.join(sets, "FP32"), os.path.join(sets, "INT32"),
                              "--profile", "sonnx", "--int-rounding", "floor"], capture_output=True, text=True)
        assert run.returncode == 0, run.stdout + run.stderr
        hazard = os.path.join(out, "hazards", "sonnx-floor", "INT32", "hazard_min_by_minus_one")
        assert not os.path.exists(os.path.join(hazard, "test_data_set_0", "output_0.pb"))
        with open(os.path.join(hazard, "reference.json")) as handle:
            assert json.load(handle)["verdict"] == "overflow"

    # [utest->req~div-rt-d1~2]
    def test_the_hard_float_sets_are_written_and_numpy_conforms_on_them(self, harness):
        out, report, _ = harness
        for type_name in ("FP16", "FP32", "FP64"):
            for name in ("rounding_midpoints", "near_overflow", "near_underflow"):
                folder = os.path.join(out, "sets", "sonnx-floor", type_name, name, "test_data_set_0")
                assert os.path.isfile(os.path.join(folder, "output_0.pb")), (type_name, name)
            assert report["runtimes"]["numpy"]["types"][type_name]["verdict"] == "conforming"

    # [utest->req~div-rt-d1~2]
    def test_onnx_test_on_the_hazard_sets_gives_the_reference_verdict(self, harness):
        out = harness[0]
        hazards = os.path.join(out, "hazards", "sonnx-floor", "INT32")
        run = subprocess.run([EXE, "onnx-test", hazards, "--profile", "sonnx", "--int-rounding", "floor"],
                             capture_output=True, text=True)
        assert run.returncode == 1, run.stdout + run.stderr   # a refused case is not a pass
        names = sorted(os.listdir(hazards))
        assert names == ["hazard_min_by_minus_one", "hazard_negative_by_zero", "hazard_zero_by_zero",
                         "hazard_zero_divisor"]
        for name in names:
            with open(os.path.join(hazards, name, "reference.json")) as handle:
                verdict = json.load(handle)["verdict"]
            line = [l for l in run.stdout.splitlines() if l.startswith("REJECTED %s " % name)]
            assert len(line) == 1, run.stdout
            assert "test_data_set_0: %s DIV-INT-" % verdict in line[0], line[0]
            assert "(no output_0.pb: nothing to compare)" in line[0]
        assert "0 of 4 ONNX node tests passed" in run.stdout

    # [utest->req~div-rt-d1~2]
    def test_the_evidence_bundle_links_the_report_and_says_whose_revision_made_it(self, harness, tmp_path):
        sys.path.insert(0, os.path.join(ROOT, "tools"))
        from evidencelib.runtimes_report import attach_runtimes_report, runtimes_paragraph
        out, report, _ = harness
        same = attach_runtimes_report(str(tmp_path / "same"), str(out), report["reference_revision"])
        assert same.present and same.link == "runtimes/report.md"
        assert "its reference is the revision of this bundle" in same.text
        assert "Runtimes run: numpy, reciprocal, sigfpe-on-overflow; not run: no-such-runtime." in same.text
        for name in ("report.md", "report.json"):
            with open(os.path.join(out, name), "rb") as original, open(tmp_path / "same" / "runtimes" / name,
                                                                      "rb") as copy:
                assert original.read() == copy.read()
        assert 'href="runtimes/report.md"' in runtimes_paragraph(same)
        other = attach_runtimes_report(str(tmp_path / "other"), str(out), "0" * 40)
        assert other.present and "NOT the revision of this bundle (%s)" % ("0" * 40) in other.text
        absent = attach_runtimes_report(str(tmp_path / "absent"), str(tmp_path / "nowhere"), "0" * 40)
        assert not absent.present and absent.text.startswith("No runtimes report")
        assert not os.path.exists(tmp_path / "absent" / "runtimes")
        broken = tmp_path / "broken"
        broken.mkdir()
        (broken / "report.md").write_text("# report\n")
        (broken / "report.json").write_text("{ not json")
        unreadable = attach_runtimes_report(str(tmp_path / "b"), str(broken), "0" * 40)
        assert not unreadable.present and "does not read" in unreadable.text

    # [utest->req~div-rt-d1~2]
    def test_onnx_test_judges_a_runtimes_results_folder(self, harness):
        out = harness[0]
        results = os.path.join(out, "results")
        passing = subprocess.run([EXE, "onnx-test", os.path.join(results, "numpy", "FP32"), "--profile", "sonnx"],
                                 capture_output=True, text=True)
        assert passing.returncode == 0, passing.stdout + passing.stderr
        failing = subprocess.run([EXE, "onnx-test", os.path.join(results, "reciprocal", "FP32"), "--profile",
                                  "sonnx"], capture_output=True, text=True)
        assert failing.returncode == 1
        assert "FAIL random_bits" in failing.stdout and "elements do not conform" in failing.stdout, failing.stdout
        wrapped = subprocess.run([EXE, "onnx-test", os.path.join(results, "numpy", "INT32", "hazard_min_by_minus_one"),
                                  "--profile", "sonnx", "--int-rounding", "floor"], capture_output=True, text=True)
        assert wrapped.returncode == 1
        assert "REJECTED hazard_min_by_minus_one" in wrapped.stdout and "overflow DIV-INT-D2" in wrapped.stdout
        assert "nothing to compare" not in wrapped.stdout   # NumPy returned a value: output_0.pb is there
