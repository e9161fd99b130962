"""tools/runtimes (DIV-RT-D1) against hostile and broken adapters, each a tiny file written into a temporary
folder and run with --quick --no-install on one or two element types. Each test is the regression test of a
defect a review measured (issue: the harness as a verdict path):

1. what is judged is what the runtime returned: its own element type and shape, written and read by the
   project's own code (a float64 Y for FP32 or integer sets, a Y of shape [n, 1], FP16 patterns outside
   0..65535 in int32_data);
2. the harness's verdict is `sonnx-div onnx-test`'s on the same results folder;
3. adapter code runs in processes of its own: sys.exit in available(), os._exit on import, a syntax error,
   available() raising, unknown PROFILE or TYPES, no NAME, two files with one NAME, a worker that ends
   without a result, a run_batch that writes FP64, [n, 1], no file or a garbage file: each is "not run" or
   a finding, the other runtimes run, and a report is always written, the previous run's outputs gone;
4. a hanging adapter stops at the runtime's deadline: its remaining sets are "not run: deadline".

Expected values are stated by hand from what each test adapter does."""
import json
import os
import re
import subprocess
import sys
import textwrap
import time

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOOL = os.environ.get("SONNX_RUNTIMES_TOOL", os.path.join(ROOT, "tools", "runtimes"))
PYTHON_DIR = os.environ.get("SONNX_PYTHON_DIR", os.path.join(ROOT, "build", "release", "src", "python"))
EXE = os.environ.get("SONNX_DIV_EXE", os.path.join(ROOT, "build", "release", "src", "cli", "sonnx-div"))
BUILTIN_ADAPTERS = os.path.join(ROOT, "tools", "runtimeslib", "adapters")

HEADER = '''
import json
import os
import sys
import time

import numpy as np
from onnx import TensorProto, numpy_helper

from runtimeslib.adapters import computing


def available():
    return True, "test adapter"


def inputs(job):
    """The set's operands, read with onnx (independent of the harness's helpers)."""
    data = os.path.join(job["set"], "test_data_set_0")
    read = lambda name: numpy_helper.to_array(TensorProto.FromString(open(os.path.join(data, name), "rb").read()))
    return read("input_0.pb"), read("input_1.pb")


def write(job, proto_bytes, outcome="output"):
    data = os.path.join(job["result"], "test_data_set_0")
    os.makedirs(data, exist_ok=True)
    if proto_bytes is not None:
        with open(os.path.join(data, "output_0.pb"), "wb") as handle:
            handle.write(proto_bytes)
    with open(os.path.join(job["result"], "result.json"), "w") as handle:
        json.dump({"outcome": outcome, "detail": "", "notes": []}, handle)
'''


def adapter(name, profile, types, body, header=True):
    """The source of a test adapter: NAME, PROFILE, TYPES, TEXT, then `body`."""
    head = HEADER if header else ""
    return head + textwrap.dedent('''
        NAME = %r
        PROFILE = %r
        TYPES = %r
        TEXT = "test adapter %s"
        ''') % (name, profile, types, name) + textwrap.dedent(body)


TRUE_DIVIDE_IN_FLOAT64 = adapter("true-divide", "sonnx-trunc", ["FP32", "INT32", "INT16", "UINT8"], '''
    def compute(a, b, type_name):
        with np.errstate(all="ignore"):
            return np.true_divide(a.astype(np.float64), b.astype(np.float64))


    run_batch = computing(compute, __name__)
    ''')

COLUMN = adapter("column", "sonnx-floor", ["FP32"], '''
    def compute(a, b, type_name):
        with np.errstate(all="ignore"):
            return np.true_divide(a, b).reshape(-1, 1)


    run_batch = computing(compute, __name__)
    ''')

FP16_IN_INT32_DATA = adapter("fp16-int32-data", "sonnx-floor", ["FP16"], '''
    def run_batch(jobs):
        """The right FP16 quotients, as bit patterns plus 65536 in int32_data: outside 0..65535 (DIV-IO-D3)."""
        for job in jobs:
            a, b = inputs(job)
            with np.errstate(all="ignore"):
                y = np.true_divide(a, b)
            proto = TensorProto()
            proto.data_type = TensorProto.FLOAT16
            proto.dims.extend(y.shape)
            proto.int32_data.extend((y.view(np.uint16).astype(np.int64) + 65536).tolist())
            write(job, proto.SerializeToString())
    ''')

EXITS_IN_AVAILABLE = adapter("exits-in-available", "sonnx-floor", ["INT32"], '''
    def available():
        sys.exit(0)


    run_batch = computing(lambda a, b, t: a // b, __name__)
    ''')

EXITS_ON_IMPORT = 'import os\nos._exit(0)\nNAME = "exits-on-import"\n'

SYNTAX_ERROR = 'NAME = "syntax-error"\ndef available(:\n    return True, "x"\n'

RAISES_IN_AVAILABLE = adapter("broken", "sonnx-floor", ["INT32"], '''
    def available():
        raise RuntimeError("the runtime's library is missing")


    run_batch = computing(lambda a, b, t: a // b, __name__)
    ''')

UNKNOWN_PROFILE = adapter("bad-profile", "sonnx-round", ["INT32"], '''
    run_batch = computing(lambda a, b, t: a // b, __name__)
    ''')

UNKNOWN_TYPES = adapter("bad-types", "sonnx-floor", ["float32", "fp64"], '''
    run_batch = computing(lambda a, b, t: a / b, __name__)
    ''')

NO_NAME = HEADER + textwrap.dedent('''
    PROFILE = "sonnx-floor"
    TYPES = ["INT32"]
    TEXT = "test adapter without NAME"
    run_batch = computing(lambda a, b, t: a // b, __name__)
    ''')

RECIPROCAL_TWIN = adapter("reciprocal", "sonnx-floor", ["FP32"], '''
    def compute(a, b, type_name):
        return np.true_divide(a, b)   # correctly rounded: would hide the negative control


    run_batch = computing(compute, __name__)
    ''')

EXITS_ON_HAZARD = adapter("exits-on-hazard", "sonnx-floor", ["INT32"], '''
    def compute(a, b, type_name):
        if (b == 0).any():
            sys.exit(0)   # ends the worker with status 0 and no result
        return np.floor_divide(a, b)


    run_batch = computing(compute, __name__)
    ''')

BATCH_WRITERS = {
    "batch-fp64": '''
        def run_batch(jobs):
            for job in jobs:
                a, b = inputs(job)
                y = np.true_divide(a.astype(np.float64), b.astype(np.float64))
                write(job, numpy_helper.from_array(y, "C").SerializeToString())
        ''',
    "batch-column": '''
        def run_batch(jobs):
            for job in jobs:
                a, b = inputs(job)
                with np.errstate(all="ignore"):
                    y = np.true_divide(a, b).reshape(-1, 1)
                write(job, numpy_helper.from_array(y, "C").SerializeToString())
        ''',
    "batch-no-file": '''
        def run_batch(jobs):
            for job in jobs:
                write(job, None)
        ''',
    "batch-garbage": '''
        def run_batch(jobs):
            for job in jobs:
                write(job, b"this is not a TensorProto \\xff\\xff\\xff\\xff")
        ''',
}

MEDDLER = adapter("meddler", "sonnx-floor", ["FP32"], '''
    def run_batch(jobs):
        """Right quotients, except where it meddles: an output that is a link to the reference's expected output,
        an output computed from inputs it rewrote, and a rewritten set input (found by guessing the layout)."""
        for job in jobs:
            data = os.path.join(job["set"], "test_data_set_0")
            if os.path.exists(os.path.join(data, "output_0.pb")):
                write(job, None, outcome="error")   # it was shown the expected output: the test fails on this
                continue
            name = os.path.basename(job["result"])
            out = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(job["result"]))))
            real = os.path.join(out, "sets", "sonnx-floor", "FP32", name, "test_data_set_0")
            if name == "specials_x_specials":
                os.makedirs(os.path.join(job["result"], "test_data_set_0"), exist_ok=True)
                os.symlink(os.path.join(real, "output_0.pb"), os.path.join(job["result"], "test_data_set_0",
                                                                           "output_0.pb"))
                write(job, None)
                continue
            if name == "boundary_x_boundary":   # A := B in its copy of the inputs, then B / B = 1 everywhere finite
                with open(os.path.join(data, "input_1.pb"), "rb") as source:
                    proto = TensorProto.FromString(source.read())
                proto.name = "A"
                with open(os.path.join(data, "input_0.pb"), "wb") as target:
                    target.write(proto.SerializeToString())
            if name == "random_bits":           # the same values, another tensor name: other bytes
                with open(os.path.join(real, "input_0.pb"), "rb") as source:
                    proto = TensorProto.FromString(source.read())
                proto.name = "meddled"
                with open(os.path.join(real, "input_0.pb"), "wb") as target:
                    target.write(proto.SerializeToString())
            a, b = inputs(job)
            with np.errstate(all="ignore"):
                write(job, numpy_helper.from_array(np.true_divide(a, b), "C").SerializeToString())
    ''')

HANGS = adapter("hangs", "sonnx-floor", ["FP32", "INT32"], '''
    def compute(a, b, type_name):
        time.sleep(3600)


    run_batch = computing(compute, __name__)
    ''')


def run_harness(tmp_path, adapters, runtimes, types, *extra, timeout=600):
    """tools/runtimes --quick --no-install with the given adapter files; (run, report or None, out)."""
    out = tmp_path / "out"
    folder = tmp_path / "adapters"
    folder.mkdir(exist_ok=True)
    for file_name, source in adapters.items():
        (folder / file_name).write_text(source)
    out.mkdir(exist_ok=True)
    started = time.monotonic()
    run = subprocess.run([sys.executable, TOOL, "--quick", "--no-install", "--out", str(out), "--cache", str(out),
                          "--python-dir", PYTHON_DIR, "--adapters", str(folder), "--runtimes", runtimes,
                          "--types", types, *extra], capture_output=True, text=True, cwd=ROOT, timeout=timeout)
    run.seconds = time.monotonic() - started
    report = None
    if os.path.exists(out / "report.json"):
        with open(out / "report.json") as handle:
            report = json.load(handle)
    return run, report, out


def report_of(run, report):
    assert run.returncode == 0, run.stdout + run.stderr
    assert report is not None, "no report.json: " + run.stdout + run.stderr
    return report


def findings(entry, type_name, set_name=None):
    return [f for f in entry.get("findings", []) if f["type"] == type_name and (set_name is None or
                                                                                f["set"] == set_name)]


def onnx_test(folder, *options):
    return subprocess.run([EXE, "onnx-test", str(folder), *options], capture_output=True, text=True)


def onnx_test_lines(run):
    """{set name: verdict word} from onnx-test's per-test lines."""
    verdicts = {}
    for line in run.stdout.splitlines():
        words = line.split()
        if len(words) >= 2 and words[0] in ("PASS", "FAIL", "REJECTED", "ERROR"):
            verdicts[words[1].rstrip(":")] = words[0]
    return verdicts


class TestWhatIsJudgedIsWhatTheRuntimeReturned:
    REQUIREMENTS = "DIV-RT-D1"

    @pytest.fixture(scope="class")
    def float64_run(self, tmp_path_factory):
        tmp = tmp_path_factory.mktemp("float64")
        return run_harness(tmp, {"true_divide.py": TRUE_DIVIDE_IN_FLOAT64, "column.py": COLUMN},
                           "numpy,true-divide,column", "FP32,INT32,INT16,UINT8")

    # [utest->req~div-rt-d1~2]
    def test_a_float64_result_is_a_wrong_candidate_for_fp32_and_integer_sets(self, float64_run):
        report = report_of(*float64_run[:2])
        entry = report["runtimes"]["true-divide"]
        for type_name in ("FP32", "INT32", "INT16", "UINT8"):
            t = entry["types"][type_name]
            assert t["verdict"] == "non-conforming", (type_name, t)
            assert t["nonconforming"] == t["elements"] > 0, (type_name, t)
            assert t["candidate_mismatches"], t
            for mismatch in t["candidate_mismatches"]:
                assert mismatch["y_type"] == "FP64" and mismatch["expected_type"] == type_name, mismatch
            text = [f for f in findings(entry, type_name) if f["kind"] == "wrong type or shape"]
            assert len(text) == 1 and "FP64" in text[0]["runtime_did"] and type_name in text[0]["runtime_did"]
        assert report["runtimes"]["numpy"]["types"]["FP32"]["verdict"] == "conforming"

    # [utest->req~div-rt-d1~2]
    def test_a_hazard_finding_reports_the_value_the_runtime_returned(self, float64_run):
        report = report_of(*float64_run[:2])
        zero = findings(report["runtimes"]["true-divide"], "INT32", "hazard_zero_divisor")
        assert len(zero) == 1
        did = zero[0]["runtime_did"]
        assert did.startswith("returned inf") and "FP64" in did, did   # 7.0 / 0.0 = +inf in float64
        assert "-2147483648" not in did

    # [utest->req~div-rt-d1~2]
    def test_a_result_of_shape_n_by_1_is_a_wrong_candidate(self, float64_run):
        report = report_of(*float64_run[:2])
        t = report["runtimes"]["column"]["types"]["FP32"]
        assert t["verdict"] == "non-conforming" and t["nonconforming"] == t["elements"] > 0, t
        for mismatch in t["candidate_mismatches"]:
            assert mismatch["y_type"] == "FP32" and mismatch["expected_type"] == "FP32"
            assert mismatch["y_shape"] == mismatch["expected_shape"] + [1], mismatch

    # [utest->req~div-rt-d1~2]
    def test_fp16_patterns_outside_int32_datas_range_are_an_error_as_for_onnx_test(self, tmp_path):
        run, report, out = run_harness(tmp_path, {"fp16.py": FP16_IN_INT32_DATA}, "fp16-int32-data", "FP16")
        entry = report_of(run, report)["runtimes"]["fp16-int32-data"]
        assert entry["types"]["FP16"]["verdict"] == "error", entry["types"]["FP16"]
        errors = [f for f in findings(entry, "FP16") if f["kind"] == "error"]
        assert errors and "output_0.pb" in errors[0]["runtime_did"], entry["findings"]
        checked = onnx_test(out / "results" / "fp16-int32-data" / "FP16", "--profile", "sonnx")
        assert checked.returncode == 1
        assert set(onnx_test_lines(checked).values()) == {"ERROR"}, checked.stdout

    # [utest->req~div-rt-d1~2]
    def test_what_is_judged_is_the_sets_inputs_and_the_runtimes_own_output_file(self, tmp_path):
        """The adapter is not shown the expected output; an output that links to it, an output computed from
        inputs the adapter rewrote, and a set whose inputs changed are never conforming."""
        run, report, out = run_harness(tmp_path, {"meddler.py": MEDDLER}, "meddler", "FP32")
        t = report_of(run, report)["runtimes"]["meddler"]["types"]["FP32"]
        verdicts = {line["set"]: line["verdict"] for line in t["sets"]}
        assert verdicts["specials_x_specials"] == "error" and verdicts["random_bits"] == "error", verdicts
        assert verdicts["boundary_x_boundary"] == "non-conforming", verdicts
        assert verdicts["subnormals"] == "conforming", verdicts     # judged, and never shown output_0.pb
        assert t["verdict"] == "error"
        texts = " ".join(f["runtime_did"] for f in report["runtimes"]["meddler"]["findings"])
        assert "symbolic link" in texts and "inputs changed" in texts, texts

    # [utest->req~div-rt-d1~2]
    def test_the_harness_and_onnx_test_agree_on_conforming_wrong_type_and_wrong_shape_results(self, float64_run):
        """A set is conforming to the harness exactly when onnx-test passes it: numpy (right), true-divide
        (FP64 for FP32: onnx-test's ERROR, the output's data_type is not the model's) and column ([n, 1])."""
        run, report, out = float64_run
        report = report_of(run, report)
        compared = 0
        for runtime in ("numpy", "true-divide", "column"):
            judged = onnx_test(out / "results" / runtime / "FP32", "--profile", "sonnx")
            verdicts = onnx_test_lines(judged)
            for line in report["runtimes"][runtime]["types"]["FP32"]["sets"]:
                if line["form"]:   # a broadcasting set, in results/<runtime>/broadcast/ (test_broadcasting.py)
                    continue
                assert (line["verdict"] == "conforming") == (verdicts[line["set"]] == "PASS"), (
                    runtime, line, judged.stdout)
                compared += 1
            harness_conforming = report["runtimes"][runtime]["types"]["FP32"]["verdict"] == "conforming"
            assert harness_conforming == (judged.returncode == 0), (runtime, judged.stdout)
        assert compared >= 3 * 7


class TestAdapterCodeIsIsolated:
    REQUIREMENTS = "DIV-RT-D1"

    # [utest->req~div-rt-d1~2]
    def test_sys_exit_in_available_is_not_run_and_the_previous_report_is_gone(self, tmp_path):
        out = tmp_path / "out"
        for part in ("sets/old", "hazards/old", "results/old"):
            (out / part).mkdir(parents=True)
        (out / "report.md").write_text("# the previous run's report\n")
        (out / "report.json").write_text('{"previous": true}')
        run, report, out = run_harness(tmp_path, {"exits.py": EXITS_IN_AVAILABLE}, "numpy,exits-in-available",
                                       "INT32")
        report = report_of(run, report)
        assert "previous" not in report
        assert "previous run" not in (out / "report.md").read_text()
        for part in ("sets/old", "hazards/old", "results/old"):
            assert not (out / part).exists(), part
        entry = report["runtimes"]["exits-in-available"]
        assert entry["status"] == "not run" and "available()" in entry["reason"], entry
        assert "exit status 0" in entry["reason"], entry
        assert report["runtimes"]["numpy"]["types"]["INT32"]["verdict"] == "conforming"

    # [utest->req~div-rt-d1~2]
    def test_a_file_that_ends_the_process_on_import_is_named_and_the_others_run(self, tmp_path):
        run, report, out = run_harness(tmp_path, {"exits_on_import.py": EXITS_ON_IMPORT}, "numpy", "INT32")
        report = report_of(run, report)
        assert report["runtimes"]["numpy"]["types"]["INT32"]["verdict"] == "conforming"
        broken = [f for f in report["adapter_files"] if f["path"].endswith("exits_on_import.py")]
        assert len(broken) == 1 and broken[0]["status"] == "not loaded", report["adapter_files"]
        assert "exit status 0" in broken[0]["reason"], broken
        assert "exits_on_import.py" in (out / "report.md").read_text()

    # [utest->req~div-rt-d1~2]
    def test_a_syntax_error_in_an_adapter_file_is_named_and_the_others_run(self, tmp_path):
        run, report, out = run_harness(tmp_path, {"syntax.py": SYNTAX_ERROR}, "numpy,syntax-error", "INT32")
        report = report_of(run, report)
        assert report["runtimes"]["numpy"]["types"]["INT32"]["verdict"] == "conforming"
        broken = [f for f in report["adapter_files"] if f["path"].endswith("syntax.py")]
        assert len(broken) == 1 and broken[0]["status"] == "not loaded" and "SyntaxError" in broken[0]["reason"]
        entry = report["runtimes"]["syntax-error"]
        assert entry["status"] == "not run" and "syntax.py" in entry["reason"], entry

    # [utest->req~div-rt-d1~2]
    def test_available_raising_is_not_run_and_numpys_results_are_kept(self, tmp_path):
        run, report, out = run_harness(tmp_path, {"broken.py": RAISES_IN_AVAILABLE}, "numpy,broken", "INT32")
        report = report_of(run, report)
        entry = report["runtimes"]["broken"]
        assert entry["status"] == "not run", entry
        assert "RuntimeError: the runtime's library is missing" in entry["reason"], entry
        assert report["runtimes"]["numpy"]["types"]["INT32"]["verdict"] == "conforming"
        assert (out / "results" / "numpy" / "INT32" / "random_bits" / "test_data_set_0" / "output_0.pb").exists()

    # [utest->req~div-rt-d1~2]
    def test_unknown_profile_unknown_types_and_no_name_are_not_run_and_named(self, tmp_path):
        run, report, out = run_harness(
            tmp_path, {"profile.py": UNKNOWN_PROFILE, "types.py": UNKNOWN_TYPES, "noname.py": NO_NAME},
            "numpy,bad-profile,bad-types", "INT32,FP32")
        report = report_of(run, report)
        bad_profile = report["runtimes"]["bad-profile"]
        assert bad_profile["status"] == "not run" and "sonnx-round" in bad_profile["reason"], bad_profile
        bad_types = report["runtimes"]["bad-types"]
        assert bad_types["status"] == "not run", bad_types
        assert "float32" in bad_types["reason"] and "fp64" in bad_types["reason"], bad_types
        no_name = [f for f in report["adapter_files"] if f["path"].endswith("noname.py")]
        assert len(no_name) == 1 and no_name[0]["status"] == "not loaded" and "NAME" in no_name[0]["reason"]
        text = (out / "report.md").read_text()
        assert "noname.py" in text and "sonnx-round" in text and "float32" in text
        assert report["runtimes"]["numpy"]["types"]["FP32"]["verdict"] == "conforming"

    # [utest->req~div-rt-d1~2]
    def test_two_files_with_one_name_are_refused_and_every_runtime_names_its_file(self, tmp_path):
        run, report, out = run_harness(tmp_path, {"twin.py": RECIPROCAL_TWIN}, "numpy,reciprocal", "FP32")
        report = report_of(run, report)
        twin = report["runtimes"]["reciprocal"]
        assert twin["status"] == "not run", twin
        assert os.path.join(BUILTIN_ADAPTERS, "reciprocal.py") in twin["reason"], twin
        assert str(tmp_path / "adapters" / "twin.py") in twin["reason"], twin
        numpy = report["runtimes"]["numpy"]
        assert numpy["adapter_file"] == os.path.join(BUILTIN_ADAPTERS, "numpy_divide.py")
        assert os.path.join(BUILTIN_ADAPTERS, "numpy_divide.py") in (out / "report.md").read_text()

    # [utest->req~div-rt-d1~2]
    def test_a_worker_that_ends_without_a_result_is_no_result_not_a_refusal(self, tmp_path):
        run, report, out = run_harness(tmp_path, {"hazard.py": EXITS_ON_HAZARD}, "exits-on-hazard", "INT32")
        entry = report_of(run, report)["runtimes"]["exits-on-hazard"]
        for set_name in ("hazard_zero_divisor", "hazard_zero_by_zero", "hazard_negative_by_zero"):
            f = findings(entry, "INT32", set_name)
            assert len(f) == 1 and f[0]["kind"] == "no result", f
            assert "refused" not in f[0]["kind"]
        assert findings(entry, "INT32", "hazard_min_by_minus_one")[0]["kind"] == \
            "undefined behaviour: returned a value"

    @pytest.mark.parametrize("name", sorted(BATCH_WRITERS))
    # [utest->req~div-rt-d1~2]
    def test_a_run_batch_output_of_any_kind_is_judged_without_crashing(self, tmp_path, name):
        source = adapter(name, "sonnx-floor", ["FP32"], BATCH_WRITERS[name])
        run, report, out = run_harness(tmp_path, {"batch.py": source}, name, "FP32")
        t = report_of(run, report)["runtimes"][name]["types"]["FP32"]
        if name in ("batch-fp64", "batch-column"):
            assert t["verdict"] == "non-conforming" and t["candidate_mismatches"], t
        else:
            assert t["verdict"] == "error", t
            errors = [f for f in report["runtimes"][name]["findings"] if f["kind"] == "error"]
            assert errors and "output_0.pb" in errors[0]["runtime_did"], report["runtimes"][name]["findings"]

    # [utest->req~div-rt-d1~2]
    def test_a_report_is_written_when_every_runtime_fails(self, tmp_path):
        (tmp_path / "out").mkdir()
        (tmp_path / "out" / "report.md").write_text("# the previous run's report\n")
        run, report, out = run_harness(tmp_path, {"exits.py": EXITS_IN_AVAILABLE, "broken.py": RAISES_IN_AVAILABLE},
                                       "exits-in-available,broken,no-such-runtime", "INT32")
        report = report_of(run, report)
        assert {e["status"] for e in report["runtimes"].values()} == {"not run"}
        assert "previous run" not in (out / "report.md").read_text()

    # [utest->req~div-rt-d1~2]
    def test_a_fault_of_the_harness_itself_is_exit_status_4_with_a_report_saying_so(self, tmp_path):
        """A sonnx_div whose check_files fails in a way the judge does not expect (RuntimeError): the harness's
        own fault, not an adapter's."""
        fake = tmp_path / "fake-module"
        fake.mkdir()
        real = [f for f in os.listdir(PYTHON_DIR) if f.startswith("sonnx_div.") and f.endswith(".so")]
        assert len(real) == 1, os.listdir(PYTHON_DIR)
        (fake / "sonnx_div.py").write_text(textwrap.dedent('''
            import importlib.machinery
            import importlib.util
            import sys
            this = sys.modules[__name__]
            loader = importlib.machinery.ExtensionFileLoader("sonnx_div", %r)
            real = importlib.util.module_from_spec(importlib.util.spec_from_loader("sonnx_div", loader))
            loader.exec_module(real)
            sys.modules[__name__] = this   # loading the extension registered it under the same name
            globals().update({k: getattr(real, k) for k in dir(real) if not k.startswith("__")})


            def check_files(*arguments, **options):
                raise RuntimeError("injected fault")
            ''' % os.path.join(PYTHON_DIR, real[0])))
        run, report, out = run_harness(tmp_path, {}, "reciprocal,numpy", "FP32", "--python-dir", str(fake))
        assert run.returncode == 4, run.stdout + run.stderr
        assert "RuntimeError: injected fault" in run.stderr
        assert report["harness_error"] == "RuntimeError: injected fault"
        assert report["runtimes"]["reciprocal"]["status"] == "harness error" and "numpy" not in report["runtimes"]
        assert "did not finish" in (out / "report.md").read_text()

    # [utest->req~div-rt-d1~2]
    def test_the_evidence_bundle_says_when_the_run_did_not_finish(self, tmp_path):
        sys.path.insert(0, os.path.join(ROOT, "tools"))
        from evidencelib.runtimes_report import attach_runtimes_report
        source = tmp_path / "report"
        source.mkdir()
        (source / "report.md").write_text("# report\n")
        (source / "report.json").write_text(json.dumps({
            "date": "2026-11-27T00:00:00Z", "mode": "quick", "reference": "sonnx-div", "reference_revision": "r",
            "runtimes": {"numpy": {"status": "run"}}, "harness_error": "KeyError: 'x'"}))
        attached = attach_runtimes_report(str(tmp_path / "bundle"), str(source), "r")
        assert attached.present and "did NOT finish" in attached.text and "KeyError" in attached.text

    # [utest->req~div-rt-d1~2]
    def test_the_exit_statuses_are_documented(self):
        run = subprocess.run([sys.executable, TOOL, "--help"], capture_output=True, text=True)
        assert run.returncode == 0
        text = " ".join(run.stdout.split())
        assert "Exit status: 0 a report was written" in text, run.stdout
        assert "2 usage error or no reference module" in text and "4 " in text, run.stdout
        assert "--deadline" in text


class TestDeadline:
    REQUIREMENTS = "DIV-RT-D1"

    # [utest->req~div-rt-d1~2]
    def test_a_hanging_runtime_stops_at_its_deadline_and_the_sets_left_are_not_run(self, tmp_path):
        run, report, out = run_harness(tmp_path, {"hangs.py": HANGS}, "hangs,numpy", "FP32,INT32",
                                       "--deadline", "8", timeout=300)
        report = report_of(run, report)
        assert run.seconds < 120, run.seconds
        entry = report["runtimes"]["hangs"]
        assert entry["deadline_seconds"] == 8
        for type_name in ("FP32", "INT32"):
            t = entry["types"][type_name]
            assert t["verdict"] == "not run: deadline", t
            assert t["elements"] == 0 and t["conforming"] == 0
            assert all(s["outcome"] == "deadline" for s in t["sets"]), t["sets"]
        hazards = findings(entry, "INT32", "hazard_zero_divisor")
        assert len(hazards) == 1 and hazards[0]["kind"] == "not run: deadline", hazards
        assert "hang guard" in hazards[0]["runtime_did"]
        assert "not run: deadline" in (out / "report.md").read_text()
        # Progress: a line every quarter of a deadline under 2 minutes, then the kill, named a hang guard (the
        # ordinary sets of every type are one batch).
        assert re.search(r"hangs batch: still running after \d+ s \(\d+ s of the runtime's deadline left\)",
                         run.stdout), run.stdout
        assert re.search(r"hangs batch: killed after \d+ s \(hang guard", run.stdout), run.stdout
        assert report["runtimes"]["numpy"]["types"]["FP32"]["verdict"] == "conforming"   # its own deadline
