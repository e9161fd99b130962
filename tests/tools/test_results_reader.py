"""The one reader of test and proof results (tools/sonnxtools/results.py, DIV-TQ-D5): each results
format with each fault (missing, empty, truncated, wrong root element, a failed, an errored and a
skipped case) read to its one meaning; every step of the bundle that reads results failing, with the
file named, on a damaged one; and the reader's tests failing on a reader seeded to skip unreadable
files, or to take an errored case for a passed one."""
import io
import json
import os
import sys
import tempfile
import unittest
from unittest import mock

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from sonnxtools import results  # noqa: E402
from sonnxtools.results import ResultsError  # noqa: E402
from sonnxtools.run import Runner, StepResult  # noqa: E402

GTEST = """<?xml version="1.0" encoding="UTF-8"?>
<testsuites tests="4" failures="1" name="AllTests">
  <testsuite name="Div" tests="4">
    <testcase name="Passes" status="run" result="completed" classname="Div">
      <properties><property name="requirements" value="DIV-X-C1"/><property name="pairs" value="7"/></properties>
    </testcase>
    <testcase name="Fails" status="run" result="completed" classname="Div"><failure message="x"/></testcase>
    <testcase name="Skipped" status="run" result="skipped" classname="Div"><skipped message="y"/></testcase>
    <testcase name="DISABLED_Off" status="notrun" result="suppressed" classname="Div"/>
  </testsuite>
</testsuites>
"""
PYTEST = """<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest" errors="1" failures="1"
skipped="1" tests="4"><testcase classname="tests.python.test_x.TestX" name="test_ok[a]"/>
<testcase classname="tests.python.test_x.TestX" name="test_fails"><failure message="assert"/></testcase>
<testcase classname="tests.python.test_x.TestX" name="test_errs"><error message="fixture"/></testcase>
<testcase classname="tests.python.test_x.TestX" name="test_skips"><skipped message="no numpy"/></testcase>
</testsuite></testsuites>
"""
CTEST = """<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="Linux" tests="4" failures="1" disabled="1" skipped="1" hostname="" time="3" timestamp="">
  <testcase name="test_a" classname="test_a" time="1" status="run"><system-out>ok</system-out></testcase>
  <testcase name="test_b" classname="test_b" time="1" status="fail"><failure message="Failed"/></testcase>
  <testcase name="test_c" classname="test_c" time="0" status="disabled"><skipped message="Disabled"/></testcase>
  <testcase name="test_d" classname="test_d" time="0" status="notrun"><skipped message="Not run"/></testcase>
</testsuite>
"""
REPLAY = {"goals": [{"file": "div_int", "module": "DivInt", "goal": "g", "status": "proved", "kind": "theorem",
                     "prover": "Z3 4.8.12", "time": 0.5}], "limits": "steps"}


def write(path: str, text: str) -> str:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    return path


class Files(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def path(self, name: str) -> str:
        return os.path.join(self.dir.name, name)

    def assert_refused(self, reader, path: str, problem: str) -> None:
        """The reader raises ResultsError naming the file and the fault."""
        with self.assertRaises(ResultsError) as raised:
            reader(path)
        self.assertEqual(raised.exception.path, path)
        self.assertIn(problem, raised.exception.problem)
        self.assertIn(path, str(raised.exception))


class ResultsReader(Files):
    """Every format, every fault: one meaning each."""

    REQUIREMENTS = "DIV-TQ-D5"

    # [utest->req~div-tq-d5~1]
    def test_a_missing_file_is_refused(self):
        self.assert_refused(results.read_xml, self.path("absent.xml"), "missing")
        self.assert_refused(results.read_replay, self.path("absent.json"), "missing")

    # [utest->req~div-tq-d5~1]
    def test_an_empty_file_is_refused(self):
        self.assert_refused(results.read_xml, write(self.path("empty.xml"), ""), "empty")
        self.assert_refused(results.read_replay, write(self.path("empty.json"), ""), "empty")

    # [utest->req~div-tq-d5~1]
    def test_a_truncated_file_is_refused_in_every_format(self):
        for name, text in (("gtest.xml", GTEST), ("pytest.xml", PYTEST), ("ctest.xml", CTEST)):
            path = write(self.path(name), text[:len(text) // 2])
            self.assert_refused(results.read_xml, path, "malformed XML")
        replay = json.dumps(REPLAY)
        self.assert_refused(results.read_replay, write(self.path("replay.json"), replay[:len(replay) // 2]),
                            "malformed JSON")

    # [utest->req~div-tq-d5~1]
    def test_a_wrong_root_element_is_refused(self):
        path = write(self.path("session.xml"), '<?xml version="1.0"?><why3session><testcase name="x"/></why3session>')
        self.assert_refused(results.read_xml, path, "root element <why3session>")

    # [utest->req~div-tq-d5~1]
    def test_a_replay_without_its_goals_is_refused(self):
        self.assert_refused(results.read_replay, write(self.path("a.json"), "[]"), "no list of goals")
        self.assert_refused(results.read_replay, write(self.path("b.json"), '{"goals": {}}'), "no list of goals")
        self.assert_refused(results.read_replay, write(self.path("c.json"), '{"goals": [{"file": "x"}]}'),
                            "goal 0 lacks")

    # [utest->req~div-tq-d5~1]
    def test_a_missing_or_empty_folder_is_refused(self):
        self.assert_refused(results.read_xml_dir, self.path("absent"), "missing")
        os.makedirs(self.path("none"))
        write(self.path("none/notes.txt"), "not a result")
        self.assert_refused(results.read_xml_dir, self.path("none"), "no result file")

    # [utest->req~div-tq-d5~1]
    def test_one_damaged_file_in_a_folder_fails_the_folder(self):
        write(self.path("dir/a.xml"), GTEST)
        damaged = write(self.path("dir/b.xml"), GTEST[:100])
        self.assert_refused(lambda _: results.read_xml_dir(self.path("dir")), damaged, "malformed XML")

    # [utest->req~div-tq-d5~1]
    def test_googletest_cases_passed_failed_and_skipped(self):
        cases = results.read_xml(write(self.path("test_div.xml"), GTEST))
        self.assertEqual([(c.source, c.suite, c.name, c.outcome) for c in cases], [
            ("test_div", "Div", "Passes", "passed"), ("test_div", "Div", "Fails", "failed"),
            ("test_div", "Div", "Skipped", "skipped"), ("test_div", "Div", "DISABLED_Off", "skipped")])
        self.assertEqual(cases[0].requirements, "DIV-X-C1")
        self.assertEqual(cases[0].value("pairs"), "7")
        self.assertEqual(results.count(cases), {"passed": 1, "failed": 1, "skipped": 2})

    # [utest->req~div-tq-d5~1]
    def test_pytest_cases_an_errored_case_failed(self):
        cases = results.read_xml(write(self.path("python.xml"), PYTEST))
        self.assertEqual([(c.name, c.outcome, c.verdict) for c in cases], [
            ("test_ok[a]", "passed", "passed"), ("test_fails", "failed", "failed"),
            ("test_errs", "errored", "failed"), ("test_skips", "skipped", "skipped")])
        self.assertFalse(cases[2].ran_and_passed)

    # [utest->req~div-tq-d5~1]
    def test_ctest_cases_failed_disabled_and_not_run(self):
        cases = results.read_xml(write(self.path("ctest-junit.xml"), CTEST))
        self.assertEqual([(c.name, c.verdict) for c in cases], [
            ("test_a", "passed"), ("test_b", "failed"), ("test_c", "skipped"), ("test_d", "skipped")])

    # [utest->req~div-tq-d5~1]
    def test_a_replay_reads(self):
        data = results.read_replay(write(self.path("replay.json"), json.dumps(REPLAY)))
        self.assertEqual(data["goals"][0]["status"], "proved")


class ResultsReaderSeededFault(unittest.TestCase):
    """The reader's tests, run against a reader with a seeded fault, fail."""

    REQUIREMENTS = "DIV-TQ-D5"

    def failures_with(self, target, name: str, faulty) -> set:
        suite = unittest.defaultTestLoader.loadTestsFromTestCase(ResultsReader)
        outcome = unittest.TestResult()
        with mock.patch.object(target, name, faulty):
            suite.run(outcome)
        return {test._testMethodName for test, _ in outcome.failures + outcome.errors}

    # [utest->req~div-tq-d5~1]
    def test_a_reader_that_skips_unreadable_files_fails(self):
        reader = results.read_xml

        def skipping(path):
            try:
                return reader(path)
            except ResultsError:
                return []   # the seeded fault: an unreadable file is skipped
        failed = self.failures_with(results, "read_xml", skipping)
        self.assertTrue({"test_a_missing_file_is_refused", "test_an_empty_file_is_refused",
                         "test_a_truncated_file_is_refused_in_every_format", "test_a_wrong_root_element_is_refused",
                         "test_one_damaged_file_in_a_folder_fails_the_folder"} <= failed, failed)

    # [utest->req~div-tq-d5~1]
    def test_a_reader_that_takes_an_errored_case_for_passed_fails(self):
        outcome = results._outcome

        def ignoring_errors(case):
            verdict = outcome(case)
            return "passed" if verdict == "errored" else verdict   # the seeded fault: <error> ignored
        self.assertEqual(self.failures_with(results, "_outcome", ignoring_errors),
                         {"test_pytest_cases_an_errored_case_failed"})

    # [utest->req~div-tq-d5~1]
    def test_the_unfaulted_reader_passes(self):
        self.assertEqual(self.failures_with(results, "count", results.count), set())


class QuietRunner(Runner):
    """A runner whose commands do nothing: the steps' readers get the files the test lays down."""

    def run(self, name, commands, env=None, allow_failure=False):
        with open(os.path.join(self.bundle, "logs", f"{name}.log"), "w", encoding="utf-8") as log:
            log.write("(not run)\n")
        return StepResult(name=name, ok=True, seconds=0.0, log=os.path.join("logs", f"{name}.log"))


class ResultsReaderInEveryStep(Files):
    """Every step of the bundle that reads results fails, naming the file, on a damaged one."""

    REQUIREMENTS = "DIV-TQ-D5"

    def setUp(self):
        super().setUp()
        self.bundle = self.path("bundle")
        os.makedirs(os.path.join(self.bundle, "logs"))
        self.runner = QuietRunner(self.path("root"), self.bundle)
        self.quiet = mock.patch("sys.stdout", new_callable=io.StringIO)
        self.quiet.start()
        self.addCleanup(self.quiet.stop)

    # [utest->req~div-tq-d5~1]
    def test_the_suite_report(self):
        from evidencelib.test_report import write_test_report
        write(os.path.join(self.bundle, "tests", "gtest", "test_div.xml"), GTEST)
        write(os.path.join(self.bundle, "tests", "ctest-junit.xml"), CTEST)
        self.assertTrue(write_test_report(self.bundle, "tests", self.dir.name, "t")[2])
        for damaged in ("", GTEST[:80]):
            write(os.path.join(self.bundle, "tests", "gtest", "test_div.xml"), damaged)
            _, detail, readable = write_test_report(self.bundle, "tests", self.dir.name, "t")
            self.assertFalse(readable)
            self.assertIn("FAILED: results not read", detail)
            self.assertIn("test_div.xml", detail)
        os.remove(os.path.join(self.bundle, "tests", "ctest-junit.xml"))
        write(os.path.join(self.bundle, "tests", "gtest", "test_div.xml"), GTEST)
        _, detail, readable = write_test_report(self.bundle, "tests", self.dir.name, "t")
        self.assertFalse(readable)
        self.assertIn("ctest-junit.xml: missing", detail)

    # [utest->req~div-tq-d5~1]
    def test_fuzzing(self):
        from evidencelib.fuzzing import report_fuzzing
        for damaged in (None, "", CTEST[:90]):
            junit = os.path.join(self.bundle, "fuzzing", "ctest-junit.xml")
            if damaged is None:
                if os.path.exists(junit):
                    os.remove(junit)
            else:
                write(junit, damaged)
            step = report_fuzzing(self.runner, self.path("root"), StepResult("fuzzing", True, 0.0, "logs/f.log"))
            self.assertFalse(step.ok)
            self.assertIn("results not read", step.detail)
            self.assertIn("ctest-junit.xml", step.detail)

    # [utest->req~div-tq-d5~1]
    def test_oracle_agreement(self):
        from evidencelib.oracle_agreement import oracle_agreement
        results_dir = os.path.join(self.path("root"), "build", "release", "test-results")
        for damaged in (None, "", GTEST[:90]):
            if damaged is not None:
                write(os.path.join(results_dir, "test_oracle_agreement_quick.xml"), damaged)
            step = oracle_agreement(self.bundle, self.path("root"), exhaustive_expected=False)
            self.assertFalse(step.ok)
            self.assertIn("results not read", step.detail)
            self.assertIn("test_oracle_agreement_quick.xml", step.detail)

    # [utest->req~div-tq-d5~1]
    def test_the_exhaustive_campaigns(self):
        from evidencelib.campaigns import _exhaustive_rows
        for damaged in (None, "", GTEST[:90]):
            path = self.path("test_campaign_exhaustive.xml")
            if damaged is not None:
                write(path, damaged)
            self.assertRaises(ResultsError, _exhaustive_rows, path)
        errored = GTEST.replace('<failure message="x"/>', '<error message="x"/>')
        rows = _exhaustive_rows(write(self.path("errored.xml"), errored))
        self.assertEqual(rows[1]["mismatches"], "see log")   # an errored case is a failed one

    # [utest->req~div-tq-d5~1]
    def test_the_proofs(self):
        from evidencelib.proof_step import run_proofs
        for damaged in (None, "", '{"goals": [{"file": "x"'):
            path = os.path.join(self.bundle, "proofs", "replay.json")
            if damaged is not None:
                write(path, damaged)
            step = run_proofs(self.runner, self.path("root"))
            self.assertFalse(step.ok)
            self.assertIn("no replay results", step.detail)
            self.assertIn("replay.json", step.detail)

    # [utest->req~div-tq-d5~1]
    def test_the_qualification(self):
        from evidencelib.qualification import qualification_step
        for damaged in (None, "", GTEST[:90]):
            if damaged is not None:
                write(os.path.join(self.bundle, "tests", "gtest", "verifier_controls.xml"), damaged)
            step = qualification_step(self.bundle)
            self.assertFalse(step.ok)
            self.assertIn("results not read", step.detail)

    # [utest->req~div-tq-d5~1]
    def test_the_stack_and_coupling_steps(self):
        from evidencelib.stack_coupling import coupling_step, stack_step
        root = self.path("root")
        release = os.path.join(root, "build", "release")
        write(os.path.join(release, "stack", "stack.json"),
              '{"ok": true, "target": "x86-64", "functions": 1, "calls": 0, "external": {}, "entries": [], '
              '"problems": []}')
        write(os.path.join(release, "coupling", "coupling.json"),
              '{"ok": true, "target": "x86-64", "components": [], "interfaces": [], "writable": [], "problems": []}')
        for function, name in ((stack_step, "stack_analysis.xml"), (coupling_step, "coupling_analysis.xml")):
            for damaged in (None, "", GTEST[:90]):
                path = os.path.join(release, "test-results", name)
                if damaged is None:
                    if os.path.exists(path):
                        os.remove(path)
                else:
                    write(path, damaged)
                step = function(self.runner, root)
                self.assertFalse(step.ok)
                self.assertIn(f"{name}: ", step.detail)
        os.remove(os.path.join(release, "stack", "stack.json"))
        step = stack_step(self.runner, root)
        self.assertFalse(step.ok)
        self.assertIn("stack.json: missing", step.detail)

    # The step removes the targets' old results before its ctest run: with none written (the runner here
    # runs nothing), each expected file is missing, and named.
    # [utest->req~div-tq-d5~1]
    def test_the_targets_step(self):
        from evidencelib.targets import targets_step
        root = self.path("root")
        results = os.path.join(root, "build", "release", "test-results")
        write(os.path.join(results, "aarch64.test_div_examples.xml"), GTEST)
        write(os.path.join(results, "test_platform_facts.xml"), GTEST[:90])
        step = targets_step(self.runner, root, True)
        self.assertFalse(step.ok)
        self.assertIn("aarch64.test_div_examples.xml: missing", step.detail)
        with open(os.path.join(self.bundle, "targets", "index.html"), encoding="utf-8") as page:
            text = page.read()
        self.assertIn("s390x.test_stack_bound.xml: missing", text)
        self.assertIn("test_platform_facts.xml: malformed XML", text)
        self.assertIn("back_to_back_quick.json: missing", text)

    # [utest->req~div-tq-d5~1]
    def test_the_trace(self):
        import subprocess
        trace = os.path.join(ROOT, "tools", "trace")
        for damaged in (None, "", GTEST[:90]):
            folder = self.path("results")
            if damaged is not None:
                write(os.path.join(folder, "x_test.xml"), damaged)
            run = subprocess.run([sys.executable, trace, "check", "--results", folder, "--no-proofs"],
                                 capture_output=True, text=True, check=False)
            self.assertEqual(run.returncode, 1, run.stdout)
            self.assertIn("DEFECT unreadable-results: " + folder, run.stdout)
            self.assertIn("test results NOT READ", run.stdout)
        run = subprocess.run([sys.executable, trace, "check", "--no-results", "--proofs", self.path("absent.json")],
                             capture_output=True, text=True, check=False)
        self.assertEqual(run.returncode, 1, run.stdout)
        self.assertIn("DEFECT unreadable-results: " + self.path("absent.json") + ": missing", run.stdout)


if __name__ == "__main__":
    unittest.main()
