"""Tests of tools/trace: one small fixture tree per defect class, and a clean one."""
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

TRACE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "trace")


def tag(kind: str, name: str, revision: int = 1) -> str:
    # Assembled at run time so that the repository's own trace never reads it.
    return "[" + f"{kind}->req~{name}~{revision}" + "]"


SPEC = textwrap.dedent("""\
    ### DIV-X-C1: A constraint
    `req~div-x-c1~{rev}`

    Statement.

    Needs: impl, utest{extra}
    """)


class Fixture:
    """A repository tree in a temporary folder."""

    def __init__(self, rev: int = 1, extra_needs: str = ""):
        self.dir = tempfile.TemporaryDirectory()
        self.root = self.dir.name
        self.write("spec/x.md", SPEC.format(rev=rev, extra=extra_needs))
        self.write("src/core/x.cpp", f"// {tag('impl', 'div-x-c1')}\nint divide(int a, int b) {{\n    return a / b;\n}}\n")
        self.write("tests/unit/x_test.cpp",
                   f"// {tag('utest', 'div-x-c1')}\nTEST(Suite, Name) {{\n"
                   f"    RecordProperty(\"requirements\", \"DIV-X-C1\");\n}}\n")

    def write(self, relative: str, text: str) -> None:
        path = os.path.join(self.root, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)

    def remove(self, relative: str) -> None:
        os.remove(os.path.join(self.root, relative))

    def trace(self, *args: str):
        return subprocess.run([sys.executable, TRACE, "--root", self.root, *args], capture_output=True, text=True,
                              check=False)

    def check(self, *args: str):
        """Regenerates the matrix first (unless told not to), then checks."""
        return self.trace("check", "--known", os.path.join(self.root, "none"), *args)

    def results(self, failed: bool = False, requirements: str = "DIV-X-C1") -> str:
        failure = '<failure message="boom"/>' if failed else ""
        self.write("results/x_test.xml", f"""<?xml version="1.0"?><testsuites><testsuite name="Suite">
            <testcase name="Name" status="run" result="completed" classname="Suite">
            <properties><property name="requirements" value="{requirements}"/></properties>{failure}
            </testcase></testsuite></testsuites>""")
        return os.path.join(self.root, "results")


class TraceCheck(unittest.TestCase):
    def fixture(self, **kwargs) -> Fixture:
        made = Fixture(**kwargs)
        self.addCleanup(made.dir.cleanup)
        return made

    def assert_defect(self, fixture: Fixture, kind: str, *args: str, matrix: bool = True) -> None:
        if matrix:
            self.assertEqual(fixture.trace("matrix").returncode, 0)
        outcome = fixture.check(*args)
        self.assertEqual(outcome.returncode, 1, outcome.stdout + outcome.stderr)
        self.assertIn(f"DEFECT {kind}:", outcome.stdout)

    def test_clean_tree_passes(self):
        fixture = self.fixture()
        fixture.trace("matrix")
        outcome = fixture.check("--results", fixture.results())
        self.assertEqual(outcome.returncode, 0, outcome.stdout)
        self.assertIn("0 defects", outcome.stdout)

    def test_missing_impl(self):
        fixture = self.fixture()
        fixture.write("src/core/x.cpp", "")
        self.assert_defect(fixture, "missing-impl")

    def test_missing_utest(self):
        fixture = self.fixture()
        fixture.remove("tests/unit/x_test.cpp")
        self.assert_defect(fixture, "missing-utest")

    def test_missing_proof(self):
        self.assert_defect(self.fixture(extra_needs=", proof"), "missing-proof")

    def test_proof_is_bound_to_its_goal(self):
        fixture = self.fixture(extra_needs=", proof")
        fixture.write("why3/x.mlw", f"module DivX\n  (* {tag('proof', 'div-x-c1')} *)\n  lemma l: true\nend\n")
        fixture.trace("matrix")
        self.assertEqual(fixture.check().returncode, 0)
        with open(os.path.join(fixture.root, "traceability", "matrix.md"), encoding="utf-8") as handle:
            self.assertIn("why3/x.mlw:DivX.l", handle.read())

    def test_proof_is_bound_to_let_declarations(self):
        for declaration, name in (("let f (x: int) : int = x", "f"), ("let function g (x: int) : int = x", "g"),
                                  ("let rec ghost h (x: int) : int = x", "h"), ("lemma l: true", "l")):
            with self.subTest(declaration=declaration):
                fixture = self.fixture(extra_needs=", proof")
                fixture.write("why3/x.mlw", f"module DivX\n  (* {tag('proof', 'div-x-c1')} *)\n  {declaration}\nend\n")
                fixture.trace("matrix")
                self.assertEqual(fixture.check().returncode, 0)
                with open(os.path.join(fixture.root, "traceability", "matrix.md"), encoding="utf-8") as handle:
                    self.assertIn(f"why3/x.mlw:DivX.{name}", handle.read())

    def test_missing_inspection(self):
        self.assert_defect(self.fixture(extra_needs=", inspection"), "missing-inspection")

    def test_unknown_requirement(self):
        fixture = self.fixture()
        fixture.write("src/other.cpp", f"// {tag('impl', 'div-nothing')}\n")
        self.assert_defect(fixture, "unknown-requirement")

    def test_outdated_revision(self):
        self.assert_defect(self.fixture(rev=2), "outdated-revision")

    def test_duplicate_requirement(self):
        fixture = self.fixture()
        fixture.write("spec/y.md", SPEC.format(rev=1, extra=""))
        self.assert_defect(fixture, "duplicate-requirement")

    def test_untagged_core_code(self):
        fixture = self.fixture()
        fixture.write("src/core/y.cpp", "// helper\nstatic int twice(int a) {\n    return 2 * a;\n}\n")
        self.assert_defect(fixture, "untagged-core-code")

    def test_stale_matrix(self):
        fixture = self.fixture()
        fixture.trace("matrix")
        fixture.write("src/core/x.cpp", f"\n// {tag('impl', 'div-x-c1')}\nint divide(int a, int b) {{\n    return a / b;\n}}\n")
        self.assert_defect(fixture, "stale-matrix", matrix=False)

    def test_failed_test(self):
        fixture = self.fixture()
        self.assert_defect(fixture, "failed-test", "--results", fixture.results(failed=True))

    def test_property_mismatch(self):
        fixture = self.fixture()
        self.assert_defect(fixture, "property-mismatch", "--results", fixture.results(requirements="DIV-Y-C9"))

    def test_unproved_goal(self):
        fixture = self.fixture(extra_needs=", proof")
        fixture.write("why3/x.mlw", f"module DivX\n  (* {tag('proof', 'div-x-c1')} *)\n  lemma l: true\nend\n")
        fixture.write("replay.json", '{"goals": [{"file": "why3/x.mlw", "module": "DivX", "goal": "l", '
                                     '"status": "unproved", "prover": "Z3,4.8.12", "time": 1.0}]}')
        self.assert_defect(fixture, "unproved-goal", "--proofs", os.path.join(fixture.root, "replay.json"))

    def test_known_gap_is_open_and_a_closed_gap_fails(self):
        fixture = self.fixture()
        fixture.remove("tests/unit/x_test.cpp")
        fixture.trace("matrix")
        fixture.write("gaps.txt", "missing-utest DIV-X-C1  # issue 1\n")
        outcome = fixture.trace("check", "--known", os.path.join(fixture.root, "gaps.txt"))
        self.assertEqual(outcome.returncode, 0, outcome.stdout)
        self.assertIn("OPEN missing-utest", outcome.stdout)
        fixture.write("gaps.txt", "missing-impl DIV-X-C1  # closed long ago\nmissing-utest DIV-X-C1\n")
        outcome = fixture.trace("check", "--known", os.path.join(fixture.root, "gaps.txt"))
        self.assertEqual(outcome.returncode, 1)
        self.assertIn("DEFECT closed-gap", outcome.stdout)

    def test_report_prints_verdicts(self):
        fixture = self.fixture()
        outcome = fixture.trace("report", "--results", fixture.results())
        self.assertEqual(outcome.returncode, 0)
        self.assertIn("DIV-X-C1", outcome.stdout)
        self.assertIn("verified", outcome.stdout)

    def test_export_writes_json_and_html(self):
        fixture = self.fixture()
        out = os.path.join(fixture.root, "out")
        self.assertEqual(fixture.trace("export", "--out", out, "--results", fixture.results()).returncode, 0)
        with open(os.path.join(out, "trace.html"), encoding="utf-8") as handle:
            self.assertIn('id="verdicts"', handle.read())
        self.assertTrue(os.path.exists(os.path.join(out, "trace.json")))


if __name__ == "__main__":
    unittest.main()
