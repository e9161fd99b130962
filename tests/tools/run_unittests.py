"""Runs the Python tests of a folder (unittest discovery) and writes their results as GoogleTest XML, so
that the trace reads them like any other test result: one <testcase> per test method, classname the
TestCase class, name the method, a "requirements" property from the class's REQUIREMENTS attribute.

  run_unittests.py DIR --xml FILE [--pattern GLOB] [--class NAME]... [--skipped-status N]

--class runs only the tests of the TestCase classes so named (one ctest entry per class of a file).
Exit status 0 only when every test passed or was skipped; with --skipped-status, N when none failed and
every test was skipped (ctest's SKIP_RETURN_CODE: the entry shows as skipped, not as passed)."""
import argparse
import os
import sys
import unittest
import xml.etree.ElementTree as ElementTree


class RecordingResult(unittest.TextTestResult):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.outcomes = []   # (test, "passed" | "failed" | "skipped", message)

    def addSuccess(self, test):
        super().addSuccess(test)
        self.outcomes.append((test, "passed", ""))

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self.outcomes.append((test, "failed", self._exc_info_to_string(err, test)))

    def addError(self, test, err):
        super().addError(test, err)
        self.outcomes.append((test, "failed", self._exc_info_to_string(err, test)))

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self.outcomes.append((test, "skipped", reason))


def write_xml(outcomes, path: str) -> None:
    root = ElementTree.Element("testsuites")
    suites = {}
    for test, outcome, message in outcomes:
        if not hasattr(test, "_testMethodName"):   # a module that failed to import: no test to name
            suites.setdefault("ImportError", ElementTree.SubElement(root, "testsuite", name="ImportError"))
            case = ElementTree.SubElement(suites["ImportError"], "testcase", classname="ImportError",
                                          name=str(test), status="run")
            ElementTree.SubElement(case, "failure", message=message[:2000])
            continue
        suite_name = type(test).__name__
        if suite_name not in suites:
            suites[suite_name] = ElementTree.SubElement(root, "testsuite", name=suite_name)
        case = ElementTree.SubElement(suites[suite_name], "testcase", classname=suite_name,
                                      name=test._testMethodName,
                                      status="notrun" if outcome == "skipped" else "run",
                                      result="skipped" if outcome == "skipped" else "completed")
        requirements = getattr(test, "REQUIREMENTS", "")
        if requirements:
            properties = ElementTree.SubElement(case, "properties")
            ElementTree.SubElement(properties, "property", name="requirements", value=requirements)
        if outcome == "failed":
            ElementTree.SubElement(case, "failure", message=message[:2000])
        elif outcome == "skipped":
            ElementTree.SubElement(case, "skipped", message=message[:2000])  # the reason, for the reader
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    ElementTree.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)


def tests_of(suite):
    """The test cases of a (nested) suite, in order; a failed import stays as its own case."""
    for item in suite:
        if isinstance(item, unittest.TestSuite):
            yield from tests_of(item)
        else:
            yield item


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("directory")
    parser.add_argument("--xml", required=True)
    parser.add_argument("--pattern", default="test_*.py")
    parser.add_argument("--class", dest="classes", action="append", default=[])
    parser.add_argument("--skipped-status", type=int)
    options = parser.parse_args()
    suite = unittest.defaultTestLoader.discover(options.directory, pattern=options.pattern)
    if options.classes:
        chosen = [test for test in tests_of(suite)
                  if type(test).__name__ in options.classes + ["_FailedTest"]]  # a failed import fails
        if not chosen:
            print(f"run_unittests.py: no test of class {', '.join(options.classes)}", file=sys.stderr)
            return 1
        suite = unittest.TestSuite(chosen)
    runner = unittest.TextTestRunner(resultclass=RecordingResult, verbosity=2)
    result = runner.run(suite)
    write_xml(result.outcomes, options.xml)
    if not result.wasSuccessful():
        return 1
    if options.skipped_status is not None and result.testsRun and len(result.skipped) == result.testsRun:
        return options.skipped_status
    return 0


if __name__ == "__main__":
    sys.exit(main())
