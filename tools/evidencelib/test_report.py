"""A readable page of a suite's results, every ctest test and every GoogleTest case, and a summary
without times (reproducible)."""
import glob
import json
import os
import re
from typing import List, Tuple

from sonnxtools import pages
from sonnxtools.results import Case, ResultsError, count, read_xml, read_xml_dir

# Assertion macros of GoogleTest as written in the test sources. GoogleTest
# does not count the assertions it executes, so the bundle reports how many
# assertion statements the sources hold, and says so.
ASSERTION = re.compile(r"\b(?:EXPECT|ASSERT)_[A-Z_]+\s*\(")


def read_ctest(junit_path: str) -> List[Tuple[str, str]]:
    """(test name, verdict) for every ctest test of a run, from ctest's JUnit XML. A test that is not
    a GoogleTest binary (the proof replay, the trace check, the conformance runs) shows only here."""
    return sorted((case.name, case.verdict) for case in read_xml(junit_path))


def count_assertion_statements(root: str) -> int:
    total = 0
    for path in glob.glob(os.path.join(root, "tests", "**", "*.cpp"), recursive=True):
        if os.sep + "fixtures" + os.sep in path:
            continue
        with open(path, encoding="utf-8", errors="replace") as handle:
            total += len(ASSERTION.findall(handle.read()))
    return total


def write_test_report(bundle: str, out: str, root: str, title: str) -> Tuple[List[str], str, bool]:
    """Writes <out>/report.html and <out>/summary.json; returns (artifacts, one-line detail, whether every
    results file the report needs was read: the GoogleTest XML of gtest/ and ctest-junit.xml)."""
    out_dir = os.path.join(bundle, out)
    problems: List[str] = []
    cases: List[Case] = []
    ctest: List[Tuple[str, str]] = []
    try:
        cases = read_xml_dir(os.path.join(out_dir, "gtest"))
    except ResultsError as error:
        problems.append(str(error))
    try:
        ctest = read_ctest(os.path.join(out_dir, "ctest-junit.xml"))
    except ResultsError as error:
        problems.append(str(error))
    assertions = count_assertion_statements(root)
    counts = count(cases)
    ctest_counts = {v: sum(1 for _, verdict in ctest if verdict == v) for v in ("passed", "failed", "skipped")}
    ctest_failed = [name for name, verdict in ctest if verdict == "failed"]
    binaries = sorted({c.source for c in cases})
    summary = {
        "ctest_tests": [{"test": name, "verdict": verdict} for name, verdict in ctest],
        "ctest_verdicts": ctest_counts,
        "tests": len(cases),
        "binaries": len(binaries),
        "verdicts": counts,
        "assertion_statements_in_sources": assertions,
        "cases": [{"binary": c.source, "suite": c.suite, "test": c.name, "verdict": c.verdict,
                   "requirements": c.requirements} for c in sorted(cases, key=lambda c: (c.source, c.suite, c.name))],
    }
    if problems:
        summary["unreadable_results"] = problems
    with open(os.path.join(out_dir, "summary.json"), "w", encoding="utf-8") as handle:
        json.dump(summary, handle, indent=1, sort_keys=True)
    detail = (f"ctest: {len(ctest)} tests, {ctest_counts['passed']} passed, {ctest_counts['failed']} failed"
              + (f" ({', '.join(ctest_failed)})" if ctest_failed else "")
              + f"; GoogleTest: {len(cases)} cases in {len(binaries)} binaries, {counts['passed']} passed, "
              f"{counts['failed']} failed, {counts['skipped']} skipped; {assertions} assertion statements in the "
              "test sources"
              + (f"; FAILED: results not read: {'; '.join(problems)}" if problems else ""))
    pages.write(os.path.join(out_dir, "report.html"), "test_report.html", title=title, detail=detail, ctest=ctest,
                cases=cases)
    return [os.path.join(out, "report.html"), os.path.join(out, "summary.json")], detail, not problems
