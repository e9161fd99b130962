"""The call coverage of DIV-COUP-D3 (tests/coupling/call_coverage.py) and its negative controls, on a
program of two components compiled here by gcc with the coverage build's options (-O0 -fno-inline
--coverage -fcallgraph-info=su) and run: a call never made fails it; a call on a line whose other arm
never ran fails it (the rule counts a line run only when all its blocks ran); the same call with a
`coverage: COV-nn` comment in force is justified; a comment naming a withdrawn justification is not; a
row of the spec justifies only a site without counters, and a row that matches none fails; no data fails.
Expected verdicts come from reading the two small programs by hand.

Run by tests/tools/run_unittests.py from ctest (label coupling); needs g++ and gcov (gcc 12)."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import call_coverage  # noqa: E402

# The spec's table with no rows: the project's rows are about the core, not about these programs.
SPEC_TEXT = ("#### Calls between components not run\n\n| id | caller | callee | why |\n|---|---|---|---|\n")
FLAGS = ["-O0", "-fno-inline", "--coverage", "-fcallgraph-info=su", "-fno-exceptions"]
CALLEE = "int twice(int x) { return 2 * x; }\nint halve(int x) { return x / 2; }\n"
HEADER = "int twice(int x);\nint halve(int x);\n"


def program(folder: str, main_body: str, arguments=()) -> str:
    """Compiles callee.cpp and main.cpp (whose main is `main_body`) into `folder`, runs the program once
    with `arguments`, and returns the folder of the objects (their .ci, .gcno and .gcda)."""
    objects = os.path.join(folder, "objects")
    os.makedirs(objects)
    sources = {"callee.cpp": CALLEE, "callee.hpp": HEADER,
               "main.cpp": '#include "callee.hpp"\nint main(int argc, char**) {\n' + main_body + "}\n"}
    for name, text in sources.items():
        with open(os.path.join(folder, name), "w", encoding="utf-8") as handle:
            handle.write(text)
    for name in ("callee.cpp", "main.cpp"):
        subprocess.run(["g++"] + FLAGS + ["-c", os.path.join(folder, name), "-o",
                                          os.path.join(objects, name + ".o")], check=True)
    binary = os.path.join(folder, "program")
    subprocess.run(["g++", "--coverage", os.path.join(objects, "callee.cpp.o"), os.path.join(objects, "main.cpp.o"),
                    "-o", binary], check=True)
    subprocess.run([binary] + list(arguments), check=False)
    return objects


class CallCoverage(unittest.TestCase):
    REQUIREMENTS = "DIV-COUP-D3"

    def setUp(self):
        self.scratch = tempfile.mkdtemp(prefix="sonnx-call-coverage-")
        self.spec = self.write_spec(SPEC_TEXT)

    def write_spec(self, text: str) -> str:
        spec = os.path.join(self.scratch, "spec.md")
        with open(spec, "w", encoding="utf-8") as handle:
            handle.write(text)
        return spec

    def tearDown(self):
        shutil.rmtree(self.scratch, ignore_errors=True)

    def judged(self, main_body: str, arguments=()):
        objects = program(self.scratch, main_body, arguments)
        return call_coverage.run(objects, self.spec, os.path.join(self.scratch, "out"))

    def calls(self, result):
        return {(e.caller, e.callee): (e.run, e.justified) for e in result.edges}

    # [utest->req~div-coup-d3~1]
    def test_every_call_made_passes(self):
        result = self.judged("    int r = twice(argc);\n    r += halve(argc);\n    return r == 0 ? 1 : 0;\n")
        self.assertEqual([p.line() for p in result.problems], [])
        self.assertEqual(self.calls(result), {("main", "twice"): (True, ""), ("main", "halve"): (True, "")})
        with open(os.path.join(self.scratch, "out", "call-coverage.md"), encoding="utf-8") as handle:
            self.assertIn("Verdict: PASS. 2 of 2 call sites", handle.read())

    # [utest->req~div-coup-d3~1]
    def test_a_call_never_made_fails(self):
        result = self.judged("    int r = halve(argc);\n    if (argc > 5) {\n        r += twice(argc);\n    }\n"
                             "    return r == 0 ? 1 : 0;\n")
        self.assertEqual([p.kind for p in result.problems], ["not-run"])
        self.assertIn("main (main.cpp) calls twice (callee.cpp) at main.cpp:5:", result.problems[0].detail)
        self.assertIn("never run", result.problems[0].detail)

    # One line, two calls, one of them never made: the line ran, so statement coverage shows it run; the
    # rule does not, and neither call of the line is counted run (the error goes the safe way).
    # [utest->req~div-coup-d3~1]
    def test_a_call_on_a_line_that_ran_without_it_fails(self):
        result = self.judged("    int r = argc > 5 ? twice(argc) : halve(argc);\n    return r == 0 ? 1 : 0;\n")
        details = sorted(p.detail for p in result.problems)
        self.assertEqual(len(details), 2, details)
        self.assertTrue(all("run, but a block of its line never ran" in d for d in details), details)
        self.assertEqual(self.calls(result), {("main", "twice"): (False, ""), ("main", "halve"): (False, "")})

    # [utest->req~div-coup-d3~1]
    def test_a_call_not_made_under_a_justification_in_force_passes(self):
        result = self.judged("    int r = halve(argc);\n    // coverage: COV-02\n    if (argc > 5) {\n"
                             "        r += twice(argc);\n    }\n    return r == 0 ? 1 : 0;\n")
        self.assertEqual([p.line() for p in result.problems], [])
        self.assertEqual(self.calls(result)[("main", "twice")], (False, "COV-02"))

    # [utest->req~div-coup-d3~1]
    def test_a_withdrawn_justification_fails(self):
        result = self.judged("    int r = halve(argc);\n    // coverage: COV-06\n    if (argc > 5) {\n"
                             "        r += twice(argc);\n    }\n    return r == 0 ? 1 : 0;\n")
        self.assertEqual([p.kind for p in result.problems], ["not-run"])
        self.assertIn("COV-06 is not a justification in force", result.problems[0].detail)

    # A row of the spec names a caller and a callee: it does not excuse a site that has counters, and a row
    # that matches no site without counters is stale.
    # [utest->req~div-coup-d3~1]
    def test_a_row_justifies_no_site_with_counters_and_a_row_that_matches_none_fails(self):
        self.write_spec(SPEC_TEXT + "| CALL-99 | `main` | `twice` | seeded |\n")
        result = self.judged("    int r = halve(argc);\n    if (argc > 5) {\n        r += twice(argc);\n    }\n"
                             "    return r == 0 ? 1 : 0;\n")
        kinds = sorted(p.kind for p in result.problems)
        self.assertIn("not-run", kinds)
        self.assertIn("stale", kinds)
        self.assertTrue(any("CALL-99" in p.detail for p in result.problems if p.kind == "stale"))

    # [utest->req~div-coup-d3~1]
    def test_no_counters_fails(self):
        objects = program(self.scratch, "    return twice(argc) == 0 ? 1 : 0;\n")
        for name in os.listdir(objects):
            if name.endswith(".gcda"):
                os.remove(os.path.join(objects, name))
        result = call_coverage.run(objects, self.spec, None)
        self.assertIn("no-data", [p.kind for p in result.problems])


if __name__ == "__main__":
    unittest.main()
