"""Tests of tools/trace: one small fixture tree per defect class, and a clean one."""
import json
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
        self.write("src/core/x.cpp",
                   f"// {tag('impl', 'div-x-c1')}\nint divide(int a, int b) {{\n    return a / b;\n}}\n")
        self.write("tests/unit/x_test.cpp",
                   f"// {tag('utest', 'div-x-c1')}\nTEST(Suite, Name) {{\n"
                   f"    RecordProperty(\"requirements\", \"DIV-X-C1\");\n}}\n")
        self.write("src/core/CMakeLists.txt", "add_library(x x.cpp)\n")
        self.write("tests/unit/CMakeLists.txt",
                   "foreach(name x_test)\n  add_executable(${name} ${name}.cpp)\nendforeach()\n")

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


UPSTREAM_DOC = textwrap.dedent("""\
    # Div, a later revision
    <span>[E_DIV_X_FUNC_0010]</span> The quotient.
    - `[E_DIV_X_CONSTR_A_0010]` Shape consistency
    - `[E_DIV_X_CONSTR_B_0010]` see constraint E_DIV_X_CONSTR_A_0010
    """)

UPSTREAM_TABLE = textwrap.dedent("""\
    # The later revision

    - upstream document: `upstream/div.md`

    | upstream tag | requirements | agreement | note |
    |---|---|---|---|
    {rows}

    | statement | where | requirements | agreement |
    |---|---|---|---|
    | types | contents | DIV-NOT-THERE | untagged rows are not read |
    """)

UPSTREAM_ROWS = ("| E_DIV_X_FUNC_0010 | DIV-X-C1 | differs: see F-01 | floor here |\n"
                 "| E_DIV_X_CONSTR_A_0010 | DIV-X-C1 | agrees | equal shapes |\n"
                 "| E_DIV_X_CONSTR_B_0010 | DIV-X-C1 | stricter | checked |")


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
        # Headers of the core are checked too; a declaration is not a definition.
        fixture = self.fixture()
        fixture.write("src/core/y.hpp", "int declared(int a,\n             int b);\ninline int twice(int a) {\n"
                                        "    return 2 * a;\n}\n")
        self.assert_defect(fixture, "untagged-core-code")
        self.assertIn("twice carries no", fixture.check().stdout)
        self.assertNotIn("declared", fixture.check().stdout)

    def core_with_helper(self, marker: str, user_tag: bool = True, used: bool = True, helper_tag: bool = False,
                         helper: str = "int twice(int a) {\n    return 2 * a;\n}\n", use: str = "twice(a)") -> Fixture:
        """src/core/x.cpp with a helper under `marker` and the function it serves, which calls it as `use`."""
        fixture = self.fixture()
        tags = f"// {tag('impl', 'div-x-c1')}\n"
        fixture.write("src/core/x.cpp",
                      f"{marker}\n{tags if helper_tag else ''}{helper}\n{tags if user_tag else ''}"
                      f"int divide(int a, int b) {{\n    return {use if used else 'a'} / b;\n}}\n")
        return fixture

    def test_helper_marker_exempts_a_helper_of_a_tagged_function(self):
        fixture = self.core_with_helper("// helper of divide: no requirement of its own")
        fixture.trace("matrix")
        outcome = fixture.check("--results", fixture.results())
        self.assertEqual(outcome.returncode, 0, outcome.stdout)
        # A class may be a helper too, under the same conditions.
        fixture = self.core_with_helper("// helper of divide: no requirement of its own", use="Twice{}.twice(a)",
                                        helper="struct Twice {\n    int twice(int a) { return 2 * a; }\n};\n")
        fixture.trace("matrix")
        outcome = fixture.check("--results", fixture.results())
        self.assertEqual(outcome.returncode, 0, outcome.stdout)

    def test_helper_marker_that_does_not_hold_fails(self):
        # Seeded faults: each marker below must leave `twice` an untagged core function.
        for marker, kwargs, reason in (
                ("// helper of nothing_here: no requirement of its own", {}, "nothing_here is not a function defined"),
                ("// helper of divide: no requirement of its own", {"user_tag": False}, "divide carries no"),
                ("// helper of divide: no requirement of its own", {"used": False}, "divide does not use twice"),
                ("// helper of twice: no requirement of its own", {}, "twice carries no"),
                ("// helper of divide", {}, "twice carries no [impl->...] tag (")):  # not a marker: a comment
            with self.subTest(marker=marker, kwargs=kwargs):
                fixture = self.core_with_helper(marker, **kwargs)
                self.assert_defect(fixture, "untagged-core-code")
                outcome = fixture.check()
                self.assertIn("DEFECT untagged-core-code: twice carries no [impl->...] tag", outcome.stdout)
                self.assertIn(reason, outcome.stdout)

    def test_misplaced_helper_marker_fails(self):
        # On a tagged function: tags or marker, not both.
        fixture = self.core_with_helper("// helper of divide: no requirement of its own", helper_tag=True)
        self.assert_defect(fixture, "invalid-helper-marker")
        # Above no definition (a blank line between), and on a class whose function does not use it.
        fixture = self.fixture()
        fixture.write("src/core/y.cpp", "// helper of divide: no requirement of its own\n\nconstexpr int kTwo = 2;\n")
        self.assert_defect(fixture, "invalid-helper-marker")
        fixture = self.core_with_helper("// helper of divide: no requirement of its own", used=False,
                                        use="Twice{}.twice(a)",
                                        helper="struct Twice {\n    int twice(int a) { return 2 * a; }\n};\n")
        self.assert_defect(fixture, "invalid-helper-marker")
        self.assertIn("divide does not use Twice", fixture.check().stdout)

    def read_matrix(self, fixture: Fixture) -> str:
        with open(os.path.join(fixture.root, "traceability", "matrix.md"), encoding="utf-8") as handle:
            return handle.read()

    def test_matrix_names_files_and_definitions_not_lines(self):
        fixture = self.fixture()
        fixture.trace("matrix")
        matrix = self.read_matrix(fixture)
        self.assertIn("| `src/core/x.cpp:divide` | `Suite.Name` |", matrix)
        self.assertIn("| impl | `src/core/x.cpp:divide` | DIV-X-C1 |", matrix)
        self.assertNotIn("x.cpp:1", matrix)

    def test_stale_matrix(self):
        # Lines that only move (here: a comment above the tag, a function moved above) leave the matrix as it is.
        fixture = self.fixture()
        fixture.trace("matrix")
        fixture.write("src/core/x.cpp", f"// Division.\n\n// helper of divide: no requirement of its own\n"
                                        f"static int one() {{\n    return 1;\n}}\n\n// {tag('impl', 'div-x-c1')}\n"
                                        f"int divide(int a, int b) {{\n    return one() * a / b;\n}}\n")
        outcome = fixture.check("--results", fixture.results())
        self.assertEqual(outcome.returncode, 0, outcome.stdout)
        # A tag moved to another function, a tag gained or lost, a test gained: stale.
        for relative, text in (
                ("src/core/x.cpp",
                 f"// {tag('impl', 'div-x-c1')}\nint quotient(int a, int b) {{\n    return a / b;\n}}\n"),
                ("src/core/x.cpp", f"// {tag('impl', 'div-x-c1')}\nint divide(int a, int b) {{\n    return a / b;\n}}\n"
                                   f"// {tag('impl', 'div-x-c1')}\nint other(int a) {{\n    return a;\n}}\n"),
                ("src/core/x.cpp", "// helper of nobody: no requirement of its own\nint divide(int a, int b) {\n"
                                   "    return a / b;\n}\n"),
                ("tests/unit/x_test.cpp", f"// {tag('utest', 'div-x-c1')}\nTEST(Suite, Name) {{\n}}\n"
                                          f"// {tag('utest', 'div-x-c1')}\nTEST(Suite, Other) {{\n}}\n")):
            with self.subTest(text=text):
                fixture = self.fixture()
                fixture.trace("matrix")
                fixture.write(relative, text)
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

    def test_bookkeeping_goal_proves_no_requirement(self):
        # A proved goal that only fixes a constant is no proof of the requirement it is tagged with.
        fixture = self.fixture(extra_needs=", proof")
        fixture.write("why3/x.mlw", f"module DivX\n  (* {tag('proof', 'div-x-c1')} *)\n  lemma l: true\nend\n")
        fixture.write("replay.json", '{"goals": [{"file": "why3/x.mlw", "module": "DivX", "goal": "l", '
                                     '"kind": "bookkeeping", "status": "proved", "prover": "Z3,4.8.12", '
                                     '"time": 1.0}]}')
        self.assert_defect(fixture, "bookkeeping-proof", "--proofs", os.path.join(fixture.root, "replay.json"))
        # The same goal as a theorem proves it: no defect of that kind.
        fixture.write("replay.json", '{"goals": [{"file": "why3/x.mlw", "module": "DivX", "goal": "l", '
                                     '"kind": "theorem", "status": "proved", "prover": "Z3,4.8.12", "time": 1.0}]}')
        outcome = fixture.trace("check", "--proofs", os.path.join(fixture.root, "replay.json"))
        self.assertNotIn("bookkeeping-proof", outcome.stdout)

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

    def test_a_test_without_a_result_fails(self):
        # A binary that crashed before writing its XML leaves its tests without results.
        fixture = self.fixture()
        fixture.write("tests/unit/y_test.cpp",
                      f"// {tag('utest', 'div-x-c1')}\nTEST(Other, Crashed) {{\n"
                      f"    RecordProperty(\"requirements\", \"DIV-X-C1\");\n}}\n")
        fixture.write("tests/unit/CMakeLists.txt",
                      "foreach(name x_test y_test)\n  add_executable(${name} ${name}.cpp)\n"
                      "endforeach()\n")
        self.assert_defect(fixture, "test-not-run", "--results", fixture.results())
        fixture.trace("matrix")
        allowed = fixture.check("--results", fixture.results(), "--may-not-run", "Other.*")
        self.assertEqual(allowed.returncode, 0, allowed.stdout)
        self.assertIn("NOT RUN test-not-run: Other.Crashed", allowed.stdout)
        other = fixture.check("--results", fixture.results(), "--may-not-run", "Others.*")
        self.assertEqual(other.returncode, 1, other.stdout)
        # --may-not-run-exhaustive: the globs of traceability/exhaustive-tests.txt, and an error without it.
        missing = fixture.check("--results", fixture.results(), "--may-not-run-exhaustive")
        self.assertEqual(missing.returncode, 2, missing.stdout)
        self.assertIn("exhaustive-tests.txt not found", missing.stderr)
        fixture.write("traceability/exhaustive-tests.txt", "# comment\n\nOthers.*\n")
        unlisted = fixture.check("--results", fixture.results(), "--may-not-run-exhaustive")
        self.assertEqual(unlisted.returncode, 1, unlisted.stdout)
        fixture.write("traceability/exhaustive-tests.txt", "# comment\n\nOthers.*\nOther.*  # this one\n")
        listed = fixture.check("--results", fixture.results(), "--may-not-run-exhaustive")
        self.assertEqual(listed.returncode, 0, listed.stdout)
        self.assertIn("NOT RUN test-not-run: Other.Crashed", listed.stdout)
        # --may-not-run-targets: the globs of traceability/target-tests.txt, likewise.
        missing = fixture.check("--results", fixture.results(), "--may-not-run-targets")
        self.assertEqual(missing.returncode, 2, missing.stdout)
        self.assertIn("target-tests.txt not found", missing.stderr)
        fixture.write("traceability/target-tests.txt", "# comment\nOthers.*\n")
        unlisted = fixture.check("--results", fixture.results(), "--may-not-run-targets")
        self.assertEqual(unlisted.returncode, 1, unlisted.stdout)
        fixture.write("traceability/target-tests.txt", "Other.Crashed\n")
        listed = fixture.check("--results", fixture.results(), "--may-not-run-targets")
        self.assertEqual(listed.returncode, 0, listed.stdout)
        self.assertIn("NOT RUN test-not-run: Other.Crashed", listed.stdout)

    def test_pytest_results_are_read(self):
        # A pytest class (no base class) and pytest's JUnit XML: classname module.Class, parametrised
        # names test_name[id], the requirements property from record_property, <skipped/> for a skip.
        fixture = self.fixture()
        fixture.write("tests/python/test_x.py", f"class TestDivision:\n    # {tag('utest', 'div-x-c1')}\n"
                                                "    def test_quotient(self, kind):\n        pass\n")

        def pytest_results(second_case: str) -> str:
            cases = "".join(f'<testcase classname="tests.python.test_x.TestDivision" name="test_quotient[{k}]" '
                            f'file="tests/python/test_x.py" line="2" time="0.01"><properties>'
                            f'<property name="requirements" value="DIV-X-C1"/></properties>{body}</testcase>'
                            for k, body in (("fp16", ""), ("bf16", second_case)))
            results = fixture.results()  # the GoogleTest XML of the fixture's C++ test, beside it
            fixture.write("results/python.xml", f'<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite '
                                                f'name="pytest" tests="2">{cases}</testsuite></testsuites>')
            return results

        fixture.trace("matrix")
        outcome = fixture.check("--results", pytest_results(""))
        self.assertEqual(outcome.returncode, 0, outcome.stdout)
        self.assertIn("0 defects", outcome.stdout)
        for body in ('<skipped type="pytest.skip" message="no numpy">skipped</skipped>', '<failure message="x"/>'):
            with self.subTest(body=body):
                self.assert_defect(fixture, "failed-test", "--results", pytest_results(body))

    def test_a_proof_without_a_result_fails(self):
        fixture = self.fixture(extra_needs=", proof")
        fixture.write("why3/x.mlw", f"module DivX\n  (* {tag('proof', 'div-x-c1')} *)\n  lemma l: true\nend\n")
        fixture.write("replay.json", '{"goals": []}')
        self.assert_defect(fixture, "proof-not-run", "--proofs", os.path.join(fixture.root, "replay.json"))

    def test_tags_in_files_the_build_does_not_compile(self):
        for relative in ("src/core/unbuilt.cpp", "tests/unit/unbuilt_test.cpp"):
            with self.subTest(relative=relative):
                fixture = self.fixture()
                kind = "impl" if relative.startswith("src") else "utest"
                body = "int f() {\n    return 1;\n}\n" if kind == "impl" else "TEST(Unbuilt, Case) {\n}\n"
                fixture.write(relative, f"// {tag(kind, 'div-x-c1')}\n{body}")
                self.assert_defect(fixture, "unbuilt-source")
        # A header counts when a built source includes it; one nobody includes does not.
        fixture = self.fixture()
        fixture.write("include/x/used.hpp", f"// {tag('impl', 'div-x-c1')}\ninline int g() {{ return 2; }}\n")
        fixture.write("include/x/unused.hpp", f"// {tag('impl', 'div-x-c1')}\ninline int h() {{ return 3; }}\n")
        fixture.write("src/core/x.cpp", f"#include \"x/used.hpp\"\n// {tag('impl', 'div-x-c1')}\n"
                                        "int divide(int a, int b) {\n    return a / b;\n}\n")
        fixture.trace("matrix")
        outcome = fixture.check()
        self.assertEqual(outcome.returncode, 1, outcome.stdout)
        self.assertIn("unused.hpp", outcome.stdout)
        self.assertNotIn("used.hpp:", outcome.stdout.replace("unused.hpp:", ""))

    def test_an_inspection_needs_a_way_to_repeat_it_and_a_dated_result(self):
        record = "### Review\n`inspection~review~1`\n\nCovers: req~div-x-c1~1\n\nWhat: the code.\n"
        for extra, passes in (("How to repeat: read it.\nResult (2026-11-24): fine.\n", True),
                              ("Result (2026-11-24): fine.\n", False),
                              ("How to repeat: read it.\nResult: fine.\n", False)):
            with self.subTest(extra=extra):
                fixture = self.fixture(extra_needs=", inspection")
                fixture.write("spec/inspections.md", "# Inspections\n\n" + record + extra)
                fixture.trace("matrix")
                outcome = fixture.check()
                self.assertEqual(outcome.returncode, 0 if passes else 1, outcome.stdout)
                if passes:
                    self.assertIn("| `spec/inspections.md:inspection~review~1` |", self.read_matrix(fixture))
                if not passes:
                    self.assertIn("DEFECT incomplete-inspection", outcome.stdout)
                    self.assertIn("DEFECT missing-inspection", outcome.stdout)

    def upstream_fixture(self, rows: str = UPSTREAM_ROWS, document: str = UPSTREAM_DOC) -> Fixture:
        fixture = self.fixture()
        fixture.write("upstream/div.md", document)
        fixture.write("spec/findings.md", "# Findings\n\n## F-01: A difference\nDecision: floor.\n")
        fixture.write("spec/upstream-x.md", UPSTREAM_TABLE.format(rows=rows))
        return fixture

    def test_upstream_tags_map_both_ways(self):
        fixture = self.upstream_fixture()
        self.assertEqual(fixture.trace("matrix").returncode, 0)
        outcome = fixture.check("--results", fixture.results())
        self.assertEqual(outcome.returncode, 0, outcome.stdout)
        self.assertIn("upstream: 3 tags mapped, 0 documented gaps, 1 of 1 documents read", outcome.stdout)
        with open(os.path.join(fixture.root, "traceability", "matrix.md"), encoding="utf-8") as handle:
            matrix = handle.read()
        self.assertIn("| E_DIV_X_FUNC_0010 | DIV-X-C1 | differs: see F-01 |", matrix)
        self.assertIn("| DIV-X-C1 | E_DIV_X_CONSTR_A_0010, E_DIV_X_CONSTR_B_0010, E_DIV_X_FUNC_0010 |", matrix)

    def test_upstream_tag_without_a_row_fails(self):
        # The seeded fault: the upstream document gains a tag the table does not map.
        document = UPSTREAM_DOC + "- `[E_DIV_X_CONSTR_B_0020]` Definition domain\n"
        fixture = self.upstream_fixture(document=document)
        self.assert_defect(fixture, "upstream-gap")
        self.assertIn("E_DIV_X_CONSTR_B_0020 of upstream/div.md has no row", fixture.check().stdout)
        # ... and a row dropped from the table, the other way to lose a tag.
        fixture = self.upstream_fixture(rows="\n".join(UPSTREAM_ROWS.splitlines()[:2]))
        self.assert_defect(fixture, "upstream-gap")
        self.assertIn("E_DIV_X_CONSTR_B_0010 of upstream/div.md has no row", fixture.check().stdout)

    def test_upstream_row_naming_an_unknown_requirement_fails(self):
        rows = UPSTREAM_ROWS.replace("| E_DIV_X_CONSTR_A_0010 | DIV-X-C1 |",
                                     "| E_DIV_X_CONSTR_A_0010 | DIV-X-C1, DIV-X-C9 |")
        fixture = self.upstream_fixture(rows=rows)
        self.assert_defect(fixture, "upstream-unknown-requirement")
        self.assertIn("E_DIV_X_CONSTR_A_0010 names DIV-X-C9", fixture.check().stdout)

    def test_upstream_documented_gap_is_listed_not_failed(self):
        rows = UPSTREAM_ROWS.replace("| E_DIV_X_CONSTR_B_0010 | DIV-X-C1 | stricter | checked |",
                                     "| E_DIV_X_CONSTR_B_0010 | none | not applicable | no such operand here |")
        fixture = self.upstream_fixture(rows=rows)
        fixture.trace("matrix")
        outcome = fixture.check("--results", fixture.results())
        self.assertEqual(outcome.returncode, 0, outcome.stdout)
        self.assertIn("GAP upstream: E_DIV_X_CONSTR_B_0010 has no project requirement: no such operand here",
                      outcome.stdout)
        self.assertIn("1 documented gaps", outcome.stdout)
        with open(os.path.join(fixture.root, "traceability", "matrix.md"), encoding="utf-8") as handle:
            self.assertIn("| E_DIV_X_CONSTR_B_0010 | none (documented gap: no such operand here) |", handle.read())
        # Without a reason, `none` is a gap nobody explained.
        fixture = self.upstream_fixture(rows=rows.replace("no such operand here", ""))
        self.assert_defect(fixture, "upstream-gap")

    def test_upstream_row_for_a_tag_no_document_holds_fails(self):
        fixture = self.upstream_fixture(rows=UPSTREAM_ROWS + "\n| E_DIV_X_CONSTR_C_0010 | DIV-X-C1 | agrees | gone |")
        self.assert_defect(fixture, "upstream-unknown-tag")

    def test_upstream_malformed_rows_fail(self):
        for rows, expected in (
                (UPSTREAM_ROWS + "\n| E_DIV_X_FUNC_0010 | DIV-X-C1 | agrees | twice |", "has a second row"),
                (UPSTREAM_ROWS.replace("| agrees |", "| roughly |"), "agreement 'roughly'"),
                (UPSTREAM_ROWS.replace("differs: see F-01", "differs"), "must cite the finding"),
                (UPSTREAM_ROWS.replace("see F-01", "see F-02"), "cites F-02"),
                (UPSTREAM_ROWS.replace("| E_DIV_X_CONSTR_A_0010 | DIV-X-C1 |", "| E_DIV_X_CONSTR_A_0010 | C1 |"),
                 "'C1' is not a requirement ID")):
            with self.subTest(expected=expected):
                fixture = self.upstream_fixture(rows=rows)
                self.assert_defect(fixture, "upstream-malformed-row")
                self.assertIn(expected, fixture.check().stdout)

    def test_upstream_document_absent_is_reported_not_checked(self):
        # The documents live outside the repository: a clone without them checks the table alone, and says so.
        fixture = self.upstream_fixture(rows=UPSTREAM_ROWS + "\n| E_DIV_X_CONSTR_C_0010 | DIV-X-C1 | agrees | ? |")
        fixture.remove("upstream/div.md")
        fixture.trace("matrix")
        outcome = fixture.check("--results", fixture.results())
        self.assertEqual(outcome.returncode, 0, outcome.stdout)
        self.assertIn("NOT CHECKED upstream: upstream/div.md not found", outcome.stdout)
        self.assertIn("0 of 1 documents read", outcome.stdout)
        # A row naming an unknown requirement is still a defect: it needs only spec/.
        rows = UPSTREAM_ROWS.replace("DIV-X-C1 | agrees", "DIV-X-C7 | agrees")
        fixture.write("spec/upstream-x.md", UPSTREAM_TABLE.format(rows=rows))
        self.assert_defect(fixture, "upstream-unknown-requirement")

    def test_upstream_table_names_its_documents(self):
        fixture = self.upstream_fixture()
        fixture.write("spec/upstream-x.md", UPSTREAM_TABLE.format(rows=UPSTREAM_ROWS).replace(
            "- upstream document: `upstream/div.md`", ""))
        self.assert_defect(fixture, "upstream-gap")

    def test_export_shows_upstream_tags(self):
        fixture = self.upstream_fixture()
        out = os.path.join(fixture.root, "out")
        self.assertEqual(fixture.trace("export", "--out", out, "--results", fixture.results()).returncode, 0)
        with open(os.path.join(out, "trace.html"), encoding="utf-8") as handle:
            page = handle.read()
        self.assertIn('id="upstream"', page)
        self.assertIn('<tr id="E_DIV_X_FUNC_0010"><td>E_DIV_X_FUNC_0010</td><td><a href="#DIV-X-C1">', page)
        with open(os.path.join(out, "trace.json"), encoding="utf-8") as handle:
            data = json.load(handle)
        self.assertEqual(data["requirements"][0]["upstream"],
                         ["E_DIV_X_CONSTR_A_0010", "E_DIV_X_CONSTR_B_0010", "E_DIV_X_FUNC_0010"])
        self.assertEqual(len(data["upstream"]), 3)

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
