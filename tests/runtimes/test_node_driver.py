"""tools/runtimes' shared Node.js driver (DIV-RT-D4), offline (no npm package): the adapter of node_adapter/
(a Python declaration and a JavaScript divide(), int32 through float32 as a vendor's WebAssembly backend did)
and a test adapter whose JavaScript kills node with SIGFPE on MIN / -1, run with --quick --no-install.

Expected values by hand: float32(1000000007) = 1000000000 (the float32 spacing at 2^29 is 64), / 3 =
333333333.3, rounded to float32 (spacing 32) 333333344; float32(2147483646) = float32(2147483647) = 2^31, so
their quotient is 1. A float32 quotient computed in double and rounded once is correctly rounded (53 >= 2 * 24
+ 2), so FP32 conforms."""
import json
import os
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOOL = os.environ.get("SONNX_RUNTIMES_TOOL", os.path.join(ROOT, "tools", "runtimes"))
PYTHON_DIR = os.environ.get("SONNX_PYTHON_DIR", os.path.join(ROOT, "build", "release", "src", "python"))
NODE_ADAPTER = os.path.join(HERE, "node_adapter")
DRIVER = os.path.join(ROOT, "tools", "runtimeslib", "adapters", "_node_driver.js")
BUILTIN = os.path.join(ROOT, "tools", "runtimeslib", "adapters")

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node (Debian nodejs) is not installed")

CRASHER_PY = '''from runtimeslib.adapters import node_runtime

NAME = "js-sigfpe"
PROFILE = "onnx-14"
TYPES = ["INT32"]
TEXT = "test: JavaScript that kills node with SIGFPE on MIN / -1"
available, install, run_batch = node_runtime(__file__, "_sigfpe.js")
'''
CRASHER_JS = '''exports.divide = (A, B) => {
  const Y = new Int32Array(A.data.length);
  for (let i = 0; i < Y.length; i++) {
    if (A.data[i] === -2147483648 && B.data[i] === -1) process.kill(process.pid, 'SIGFPE');
    Y[i] = Math.trunc(A.data[i] / B.data[i]);
  }
  return {type: 'int32', data: Y, dims: A.dims};
};
'''


def lines(path):
    with open(path) as handle:
        return len(handle.read().splitlines())


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    out = tmp_path_factory.mktemp("runtimes")
    crasher = tmp_path_factory.mktemp("crasher")
    (crasher / "sigfpe.py").write_text(CRASHER_PY)
    (crasher / "_sigfpe.js").write_text(CRASHER_JS)
    run = subprocess.run([sys.executable, TOOL, "--quick", "--no-install", "--out", str(out), "--cache", str(out),
                          "--python-dir", PYTHON_DIR, "--adapters", NODE_ADAPTER, "--adapters", str(crasher),
                          "--runtimes", "f32-int,js-sigfpe", "--types", "FP32,INT32"],
                         capture_output=True, text=True, cwd=ROOT, timeout=1200)
    assert run.returncode == 0, run.stdout + run.stderr
    with open(out / "report.json") as handle:
        return out, json.load(handle)


class TestNodeDriver:
    REQUIREMENTS = "DIV-RT-D4"

    # [utest->req~div-rt-d4~1]
    def test_a_javascript_runtime_adapter_is_at_most_40_lines(self):
        assert lines(os.path.join(NODE_ADAPTER, "f32int.py")) + lines(os.path.join(NODE_ADAPTER, "_f32int.js")) <= 40
        for python, script in (("onnxruntime_node.py", "_onnxruntime_node.js"),
                               ("onnxruntime_web.py", "_onnxruntime_web.js")):
            assert lines(os.path.join(BUILTIN, python)) + lines(os.path.join(BUILTIN, script)) <= 40, python

    # [utest->req~div-rt-d4~1]
    def test_the_driver_hands_the_operands_over_and_writes_what_the_javascript_returned(self, tmp_path):
        import numpy as np
        a, b = np.int32([1000000007, 2147483646, 7]), np.int32([3, 2147483647, -2])
        a.tofile(tmp_path / "a.bin")
        b.tofile(tmp_path / "b.bin")
        request = {"a": str(tmp_path / "a.bin"), "b": str(tmp_path / "b.bin"), "y": str(tmp_path / "y.bin"),
                   "status": str(tmp_path / "status.json"), "type": "int32", "a_dims": [3], "b_dims": [3],
                   "model": ""}
        (tmp_path / "requests.json").write_text(json.dumps([request]))
        run = subprocess.run(["node", DRIVER, os.path.join(NODE_ADAPTER, "_f32int.js"), str(tmp_path / "requests.json")],
                             capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        assert json.loads((tmp_path / "status.json").read_text()) == {"ok": True, "dims": [3], "type": "int32"}
        assert np.fromfile(tmp_path / "y.bin", dtype="<i4").tolist() == [333333344, 1, -3]
        version = subprocess.run(["node", DRIVER, os.path.join(NODE_ADAPTER, "_f32int.js"), "--version"],
                                 capture_output=True, text=True)
        assert version.stdout.strip() == "f32-int test runtime"

    # [utest->req~div-rt-d4~1]
    def test_the_harness_judges_a_javascript_runtime_and_finds_int32_through_float32(self, harness):
        _, report = harness
        entry = report["runtimes"]["f32-int"]
        assert entry["status"] == "run" and entry["version"].startswith("f32-int test runtime (node v")
        assert entry["types"]["FP32"]["verdict"] == "conforming"
        int32 = entry["types"]["INT32"]
        assert int32["verdict"] == "non-conforming" and int32["nonconforming"] > 0
        for worst in int32["worst"]:
            assert abs(int(worst["a"])) >= 2 ** 24 or abs(int(worst["expected"])) >= 2 ** 24, worst

    # [utest->req~div-rt-d4~1]
    def test_a_signal_that_kills_node_is_a_crash_finding(self, harness):
        _, report = harness
        entry = report["runtimes"]["js-sigfpe"]
        crash = [f for f in entry["findings"] if f["set"] == "hazard_min_by_minus_one"]
        assert len(crash) == 1 and crash[0]["kind"] == "crash" and "SIGFPE" in crash[0]["runtime_did"], crash
        assert entry["types"]["INT32"]["verdict"] == "conforming"   # truncation in double is exact for int32
