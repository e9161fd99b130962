"""A readable page of a suite's results, every ctest test and every GoogleTest case, and a summary
without times (reproducible)."""
import glob
import html
import json
import os
import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from typing import List, Tuple

# Assertion macros of GoogleTest as written in the test sources. GoogleTest
# does not count the assertions it executes, so the bundle reports how many
# assertion statements the sources hold, and says so.
ASSERTION = re.compile(r"\b(?:EXPECT|ASSERT)_[A-Z_]+\s*\(")


@dataclass
class Case:
    binary: str
    suite: str
    name: str
    verdict: str  # passed, failed, skipped
    requirements: str


def read_cases(gtest_dir: str) -> List[Case]:
    cases: List[Case] = []
    for path in sorted(glob.glob(os.path.join(gtest_dir, "*.xml"))):
        binary = os.path.splitext(os.path.basename(path))[0]
        try:
            tree = ElementTree.parse(path)
        except ElementTree.ParseError:
            cases.append(Case(binary, "-", "(unreadable result file)", "failed", ""))
            continue
        for case in tree.iter("testcase"):
            if case.find("failure") is not None or case.find("error") is not None:
                verdict = "failed"
            elif (case.get("result") == "skipped" or case.get("status") == "notrun"
                  or case.find("skipped") is not None):  # pytest's JUnit XML (tests/python)
                verdict = "skipped"
            else:
                verdict = "passed"
            requirements = ",".join(p.get("value", "") for p in case.iter("property")
                                    if p.get("name") == "requirements")
            cases.append(Case(binary, case.get("classname", ""), case.get("name", ""), verdict, requirements))
    return cases


def read_ctest(junit_path: str) -> List[Tuple[str, str]]:
    """(test name, verdict) for every ctest test of a run, from ctest's JUnit XML. A test that is not
    a GoogleTest binary (the proof replay, the trace check, the conformance runs) shows only here."""
    if not os.path.exists(junit_path):
        return []
    try:
        tree = ElementTree.parse(junit_path)
    except ElementTree.ParseError:
        return [("(unreadable ctest-junit.xml)", "failed")]
    tests = []
    for case in tree.iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None or case.get("status") == "fail":
            verdict = "failed"
        elif case.find("skipped") is not None or case.get("status") in ("disabled", "notrun"):
            verdict = "skipped"
        else:
            verdict = "passed"
        tests.append((case.get("name", ""), verdict))
    return sorted(tests)


def count_assertion_statements(root: str) -> int:
    total = 0
    for path in glob.glob(os.path.join(root, "tests", "**", "*.cpp"), recursive=True):
        if os.sep + "fixtures" + os.sep in path:
            continue
        with open(path, encoding="utf-8", errors="replace") as handle:
            total += len(ASSERTION.findall(handle.read()))
    return total


def write_test_report(bundle: str, out: str, root: str, title: str) -> Tuple[List[str], str]:
    """Writes <out>/report.html and <out>/summary.json; returns (artifacts, one-line detail)."""
    out_dir = os.path.join(bundle, out)
    cases = read_cases(os.path.join(out_dir, "gtest"))
    ctest = read_ctest(os.path.join(out_dir, "ctest-junit.xml"))
    assertions = count_assertion_statements(root)
    counts = {v: sum(1 for c in cases if c.verdict == v) for v in ("passed", "failed", "skipped")}
    ctest_counts = {v: sum(1 for _, verdict in ctest if verdict == v) for v in ("passed", "failed", "skipped")}
    ctest_failed = [name for name, verdict in ctest if verdict == "failed"]
    binaries = sorted({c.binary for c in cases})
    summary = {
        "ctest_tests": [{"test": name, "verdict": verdict} for name, verdict in ctest],
        "ctest_verdicts": ctest_counts,
        "tests": len(cases),
        "binaries": len(binaries),
        "verdicts": counts,
        "assertion_statements_in_sources": assertions,
        "cases": [{"binary": c.binary, "suite": c.suite, "test": c.name, "verdict": c.verdict,
                   "requirements": c.requirements} for c in sorted(cases, key=lambda c: (c.binary, c.suite, c.name))],
    }
    with open(os.path.join(out_dir, "summary.json"), "w", encoding="utf-8") as handle:
        json.dump(summary, handle, indent=1, sort_keys=True)
    rows = "".join(
        f'<tr class="{c.verdict}"><td>{html.escape(c.binary)}</td><td>{html.escape(c.suite)}.{html.escape(c.name)}</td>'
        f'<td>{c.verdict}</td><td>{html.escape(c.requirements)}</td></tr>'
        for c in cases)
    ctest_rows = "".join(f'<tr class="{verdict}"><td>{html.escape(name)}</td><td>{verdict}</td></tr>'
                         for name, verdict in ctest)
    detail = (f"ctest: {len(ctest)} tests, {ctest_counts['passed']} passed, {ctest_counts['failed']} failed"
              + (f" ({', '.join(ctest_failed)})" if ctest_failed else "")
              + f"; GoogleTest: {len(cases)} cases in {len(binaries)} binaries, {counts['passed']} passed, "
              f"{counts['failed']} failed, {counts['skipped']} skipped; {assertions} assertion statements in the test sources")
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse}}
td,th{{border:1px solid #bbb;padding:.2em .5em}}.failed{{background:#fdd}}.skipped{{background:#eee}}</style></head>
<body><h1>{html.escape(title)}</h1>
<p>{html.escape(detail)}. GoogleTest does not count the assertions it executes; the figure is the number of
<code>EXPECT_*</code>/<code>ASSERT_*</code> statements in <code>tests/</code>, many of which run in loops.</p>
<p>Raw results, with times: <a href="ctest-junit.xml">ctest JUnit XML</a>, GoogleTest XML per binary in
<code>gtest/</code>. This page and <a href="summary.json">summary.json</a> carry no times, so two runs of one
revision give the same bytes.</p>
<h2>ctest tests</h2>
<p>Every test ctest ran, GoogleTest binaries and the others (proof replay, trace check, conformance runs).</p>
<table><tr><th>ctest test</th><th>verdict</th></tr>{ctest_rows}</table>
<h2>GoogleTest cases</h2>
<table><tr><th>binary</th><th>test</th><th>verdict</th><th>requirements</th></tr>{rows}</table>
</body></html>
"""
    with open(os.path.join(out_dir, "report.html"), "w", encoding="utf-8") as handle:
        handle.write(page)
    return [os.path.join(out, "report.html"), os.path.join(out, "summary.json")], detail
