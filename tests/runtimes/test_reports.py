"""tools/runtimes' reports (DIV-RT-D3), offline: one --quick --no-install run on FP32, FP16 and INT32 of NumPy
(conforming), the reciprocal control (a * (1 / b)), the JavaScript f32-int runtime of node_adapter/ (int32
through float32) and a wrong-axis test adapter; then the hint finder on synthetic data, each statement shown
given and then withheld when one wrong element breaks it.

Expected values by hand or from an independent computation: NumPy's true_divide is IEEE division (correctly
rounded: at most half an ulp from the exact quotient, conforming); the f32-int runtime's wrong INT32 elements
are found here again with Python's exact integers (trunc of a / b, from the result files read with onnx), and
the hint must agree with them; a reproducer must exit 1 on the runtime and 0 once its call is replaced by a
correct division (the negative control)."""
import json
import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOOL = os.environ.get("SONNX_RUNTIMES_TOOL", os.path.join(ROOT, "tools", "runtimes"))
PYTHON_DIR = os.environ.get("SONNX_PYTHON_DIR", os.path.join(ROOT, "build", "release", "src", "python"))

WRONG_AXIS = '''
import numpy as np
from runtimeslib.adapters import computing

NAME = "wrong-axis"
PROFILE = "sonnx-floor"
TYPES = ["FP32"]
TEXT = "test adapter: B along the wrong axis"
BROADCAST = ["multidirectional"]
REPRODUCE = """
if b.ndim == 1 and a.ndim == 2 and a.shape[0] == a.shape[1] == b.shape[0]:
    b = b[:, None]
with np.errstate(all="ignore"):
    return np.true_divide(a, b)
"""


def available():
    return True, "test adapter"


def compute(a, b, type_name):
    if b.ndim == 1 and a.ndim == 2 and a.shape[0] == a.shape[1] == b.shape[0]:
        b = b[:, None]
    with np.errstate(all="ignore"):
        return np.true_divide(a, b)


run_batch = computing(compute, __name__)
'''


FLUSH_TO_ZERO = '''
import numpy as np
from runtimeslib.adapters import computing
from runtimeslib.judge import max_error_meaning

NAME = "ftz"
PROFILE = "sonnx-floor"
TYPES = ["FP32"]
TEXT = "test adapter: flushes subnormal operands and results to zero"


def available():
    return True, "test adapter"


def flush(x):
    return np.where(np.abs(x) < np.finfo(x.dtype).tiny, np.copysign(np.zeros_like(x), x), x)


def compute(a, b, type_name):
    with np.errstate(all="ignore"):
        return flush(np.true_divide(flush(a), flush(b)))


run_batch = computing(compute, __name__)
'''


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    out = tmp_path_factory.mktemp("runtimes")
    adapters = tmp_path_factory.mktemp("adapters")
    (adapters / "wrong_axis.py").write_text(WRONG_AXIS)
    (adapters / "ftz.py").write_text(FLUSH_TO_ZERO)
    runtimes = "numpy,reciprocal,wrong-axis,ftz" + (",f32-int" if shutil.which("node") else "")
    run = subprocess.run([sys.executable, TOOL, "--quick", "--no-install", "--out", str(out), "--cache", str(out),
                          "--python-dir", PYTHON_DIR, "--adapters", str(adapters), "--adapters",
                          os.path.join(HERE, "node_adapter"), "--runtimes", runtimes, "--types", "FP16,FP32,INT32"],
                         capture_output=True, text=True, cwd=ROOT, timeout=1200)
    assert run.returncode == 0, run.stdout + run.stderr
    with open(out / "report.json") as handle:
        return out, json.load(handle)


def value_finding(report, runtime, type_name):
    found = [f for f in report["runtimes"][runtime]["findings"]
             if f["type"] == type_name and f["kind"] == "non-conforming values"]
    assert len(found) == 1, report["runtimes"][runtime]["findings"]
    return found[0]


def run_alone(script, tmp_path):
    """The reproducer run by itself, in an empty folder, without the harness's environment."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "SONNX_PYTHON_DIR")}
    return subprocess.run(["/usr/bin/python3", str(script)], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)


def broken_links(folder):
    """The links of folder/report.html that are not relative or do not name a file there."""
    parser = _Links()
    parser.feed((folder / "report.html").read_text())
    return [link for link in parser.links if re.match(r"^[a-z]+:", link) or link.startswith("/") or
            not (folder / link.split("#")[0]).is_file()]


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.svgs = [], 0

    def handle_starttag(self, tag, attributes):
        if tag == "a":
            self.links.append(dict(attributes).get("href"))
        if tag == "svg":
            self.svgs += 1


class TestMaxErrorAndHints:
    REQUIREMENTS = "DIV-RT-D3"

    # [utest->req~div-rt-d3~1]
    def test_max_error_is_said_against_the_acceptance_level(self, harness):
        out, report = harness
        numpy = report["runtimes"]["numpy"]["types"]["FP32"]
        assert numpy["verdict"] == "conforming" and float(numpy["max_error"]) == 0.5
        assert "at most half an ulp" in numpy["max_error_meaning"]
        assert "conforming at the exact level" in numpy["max_error_meaning"]
        reciprocal = report["runtimes"]["reciprocal"]["types"]["FP32"]
        assert "conforming at the exact level" not in reciprocal["max_error_meaning"]
        assert report["runtimes"]["numpy"]["types"]["INT32"]["max_error_meaning"].startswith("0: every element")
        # A type with nothing judged (every set an error) says so, not "every quotient matched"
        # (found on an adapter whose batch died: its error rows read "0 ulp: ... matched").
        sys.path.insert(0, os.path.join(ROOT, "tools"))
        from runtimeslib.judge import max_error_meaning
        nothing = {"elements": 0, "max_error": "0", "nonconforming": 0}
        assert max_error_meaning("FP32", nothing).startswith("nothing judged")
        assert max_error_meaning("INT32", nothing).startswith("nothing judged")
        text = (out / "report.md").read_text()
        assert "| what the max error means |" in text and "0.5 on a conforming row is correct rounding" in text

    # [utest->req~div-rt-d3~1]
    def test_the_reciprocal_control_is_explained_as_a_reciprocal_multiply(self, harness):
        _, report = harness
        for type_name in ("FP16", "FP32"):
            finding = value_finding(report, "reciprocal", type_name)
            assert any("a * (1 / b) in the element type" in h for h in finding["hints"]), finding["hints"]
            assert finding["a"] and finding["b"] and finding["exact"] and "the runtime gives" in finding["runtime_did"]
        assert report["runtimes"]["numpy"]["types"]["FP32"]["data_hints"] == []   # nothing wrong, nothing said

    # [utest->req~div-rt-d3~1]
    def test_int32_through_float32_is_found_from_the_data_and_agrees_with_exact_integers(self, harness):
        from onnx import TensorProto, numpy_helper
        if not shutil.which("node"):
            pytest.skip("node is not installed")
        out, report = harness
        finding = value_finding(report, "f32-int", "INT32")
        assert any(re.match(r"every one of the [\d,]+ non-conforming elements has \|A\| >= 2\^24;", h)
                   for h in finding["hints"]), finding["hints"]
        # independently: the wrong elements by exact integer division of the result files
        smallest_wrong, small_right = None, 0
        results = out / "results" / "f32-int" / "INT32"
        for name in os.listdir(results):
            data = results / name / "test_data_set_0"
            if name.startswith("hazard_") or not (data / "output_0.pb").exists():
                continue
            read = lambda n: numpy_helper.to_array(TensorProto.FromString((data / n).read_bytes()))  # noqa: E731
            for a, b, y in zip(read("input_0.pb").tolist(), read("input_1.pb").tolist(), read("output_0.pb").tolist()):
                exact = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)   # truncation toward zero
                if y != exact:
                    smallest_wrong = abs(a) if smallest_wrong is None else min(smallest_wrong, abs(a))
                elif abs(a) < 2 ** 24:
                    small_right += 1
        assert smallest_wrong is not None and 2 ** 24 <= smallest_wrong < 2 ** 25   # the hint's threshold, 2^24
        assert small_right >= 10

    # [utest->req~div-rt-d3~1]
    def test_a_flush_to_zero_divider_is_named_from_the_judges_count(self, harness):
        _, report = harness
        finding = value_finding(report, "ftz", "FP32")
        assert finding["hints"][0].startswith("every one of the ") and "is what a flush-to-zero divider gives" in \
            finding["hints"][0], finding["hints"]
        assert not any("flush-to-zero" in h for h in value_finding(report, "reciprocal", "FP32")["hints"])

    # [utest->req~div-rt-d3~1]
    def test_a_wrong_axis_is_hinted_as_a_broadcasting_fault(self, harness):
        _, report = harness
        finding = value_finding(report, "wrong-axis", "FP32")
        assert finding["hints"] == [
            "every non-conforming element is in a broadcasting set (row_of_square) and the element-wise sets "
            "conform: the runtime divides right but pairs the wrong elements (look at how it broadcasts B)"]

    # [utest->req~div-rt-d3~1]
    def test_a_hint_is_given_only_while_every_wrong_element_satisfies_it(self):
        import numpy as np
        sys.path.insert(0, os.path.join(ROOT, "tools"))
        from runtimeslib import hints, tensors
        t = tensors.TYPES["INT32"]
        a = np.int32([2 ** 24 + 1, 2 ** 25 + 3, 2 ** 30 + 7] + list(range(1, 41)) + [2 ** 26 + 5] * 3)
        b = np.int32([3, 7, 3] + [2] * 40 + [5] * 3)
        expected = (np.abs(a) // np.abs(b)).astype(np.int32)   # all positive: truncation is floor
        y = expected.copy()
        y[:3] += 1                                             # three wrong elements, each with |A| >= 2^24
        data = {"a": a, "b": b, "y": y, "expected": expected, "wrong": y != expected}
        found = hints.statements_from(t, data, {"profile": "onnx", "opset": 14})
        assert "every one of the 3 non-conforming elements has |A| >= 2^24; none of the 40 elements without it is " \
               "wrong" in found, found
        y[10] += 1                                             # a wrong element with |A| = 8: the threshold breaks
        data.update(y=y, wrong=y != expected)
        found = hints.statements_from(t, data, {"profile": "onnx", "opset": 14})
        assert not any("|A| >= 2^24" in h for h in found), found
        # what the runtime computes: a float32 quotient, truncated
        f32 = np.trunc(a.astype(np.float32) / b.astype(np.float32)).astype(np.int32)
        data.update(y=f32, wrong=f32 != expected)
        assert data["wrong"].any()
        found = hints.statements_from(t, data, {"profile": "onnx", "opset": 14})
        assert any("is what the quotient computed in float32, then truncated gives" in h for h in found), found
        f32[np.flatnonzero(data["wrong"])[0]] += 1000           # one wrong element float32 does not explain
        data.update(y=f32, wrong=f32 != expected)
        found = hints.statements_from(t, data, {"profile": "onnx", "opset": 14})
        assert not any("computed in float32" in h for h in found), found


class TestReproducers:
    REQUIREMENTS = "DIV-RT-D3"

    # [utest->req~div-rt-d3~1]
    def test_each_reproducer_run_alone_shows_its_finding(self, harness, tmp_path):
        out, report = harness
        scripts = [f["reproducer_script"] for entry in report["runtimes"].values() for f in entry["findings"]
                   if f.get("reproducer_script")]
        assert "reproducers/reciprocal-FP32-elementwise.py" in scripts
        assert "reproducers/wrong-axis-FP32-row_of_square.py" in scripts
        assert "reproducers/numpy-INT32-hazard_min_by_minus_one.py" in scripts
        if shutil.which("node"):
            assert "reproducers/f32-int-INT32-elementwise.py" in scripts   # through the adapter's run_batch
        for script in scripts:
            run = run_alone(out / script, tmp_path)
            assert run.returncode == 1, (script, run.stdout, run.stderr)
            assert "the finding shows" in run.stdout or "the finding (a value for an undefined case)" in run.stdout
        shown = run_alone(out / "reproducers/reciprocal-FP32-elementwise.py", tmp_path).stdout
        assert re.search(r"element 0: A .* \(0x[0-9a-f]{8}\), B .*: the runtime gives .*, the exact answer is", shown)

    # [utest->req~div-rt-d3~1]
    def test_a_reproducer_says_so_when_the_finding_does_not_show(self, harness, tmp_path):
        """The negative control: the reciprocal reproducer with the runtime's call replaced by IEEE division,
        and the wrong-axis one with its broadcasting fixed, exit 0."""
        out, _ = harness
        for name, wrong, right in (
                ("reciprocal-FP32-elementwise.py", "np.multiply(a, np.divide(np.ones_like(b), b))",
                 "np.true_divide(a, b)"),
                ("wrong-axis-FP32-row_of_square.py", "b = b[:, None]", "pass")):
            text = (out / "reproducers" / name).read_text()
            assert wrong in text
            fixed = tmp_path / name
            fixed.write_text(text.replace(wrong, right))
            run = run_alone(fixed, tmp_path)
            assert run.returncode == 0 and "the finding does not show" in run.stdout, (name, run.stdout, run.stderr)


class TestHtmlReport:
    REQUIREMENTS = "DIV-RT-D3"

    # [utest->req~div-rt-d3~1]
    def test_the_html_report_has_the_matrix_histograms_findings_and_no_broken_link(self, harness, tmp_path):
        out, report = harness
        page = (out / "report.html").read_text()
        parser = _Links()
        parser.feed(page)
        assert parser.svgs == sum(len(e.get("types", {})) for e in report["runtimes"].values())
        assert "report.md" in parser.links and "report.json" in parser.links
        assert "reproducers/reciprocal-FP32-elementwise.py" in parser.links
        assert broken_links(out) == []
        # the check's negative control: the page without the reproducers beside it has broken links
        (tmp_path / "report.html").write_text(page)
        assert "reproducers/reciprocal-FP32-elementwise.py" in broken_links(tmp_path)
        assert "<td class=\"bad\">non-conforming</td>" in page and "<td class=\"conforming\">conforming</td>" in page

    # [utest->req~div-rt-d3~1]
    def test_the_html_report_renders_in_headless_chromium(self, harness, tmp_path):
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if chromium is None:
            pytest.skip("chromium is not installed")
        out, _ = harness
        run = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=%s" % tmp_path,
                              "--dump-dom", (out / "report.html").as_uri()], capture_output=True, text=True,
                             timeout=120)
        assert run.returncode == 0, run.stderr[-2000:]
        assert "Verdicts (runtime x element type)" in run.stdout and "<svg" in run.stdout
        assert "reciprocal-FP32-elementwise.py" in run.stdout
