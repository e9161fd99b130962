"""Runs the Python tests of a folder (unittest discovery) and writes their results as GoogleTest XML, so
that the trace reads them like any other test result: one <testcase> per test method, classname the
TestCase class, name the method, a "requirements" property from the class's REQUIREMENTS attribute.

  run_unittests.py DIR --xml FILE [--pattern GLOB]

Exit status 0 only when every test passed."""
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
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    ElementTree.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("directory")
    parser.add_argument("--xml", required=True)
    parser.add_argument("--pattern", default="test_*.py")
    options = parser.parse_args()
    suite = unittest.defaultTestLoader.discover(options.directory, pattern=options.pattern)
    runner = unittest.TextTestRunner(resultclass=RecordingResult, verbosity=2)
    result = runner.run(suite)
    write_xml(result.outcomes, options.xml)
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
