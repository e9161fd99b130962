"""The tool qualification results page: for each verification tool the bundle takes credit for, the
qualification tests of spec/tool-qualification.md (known answers and seeded faults) with their verdicts in
this bundle's release suite, and the mutation analysis's summary when it ran."""
import html
import json
import os
from typing import List, Tuple

from .runner import StepResult
from .test_report import Case, read_cases

# tool -> (requirement or table row, [(GoogleTest XML file, suite name or "" for all)])
TOOLS: List[Tuple[str, str, List[Tuple[str, str]]]] = [
    ("campaign engine", "DIV-TQ-D1", [("test_campaign_controls.xml", "")]),
    ("second oracle (Boost.Multiprecision) against MPFR", "DIV-TQ-D3",
     [("test_second_oracle.xml", ""), ("test_oracle_agreement_quick.xml", "")]),
    ("check (check_conformance)", "DIV-TQ-D2", [("test_check_controls.xml", "")]),
    ("trace check (tools/trace)", "TOR table", [("trace_tool_tests.xml", "")]),
    ("coverage-gap check", "TOR table", [("verifier_controls.xml", "CoverageGapCheck")]),
    ("static-analysis gate", "TOR table", [("verifier_controls.xml", "StaticAnalysisGate")]),
    ("proof replay (tools/proofs replay)", "TOR table", [("verifier_controls.xml", "ProofReplay")]),
    ("bundle comparison (tools/evidence --compare)", "TOR table", [("verifier_controls.xml", "BundleComparison")]),
    ("mutation analysis (tools/mutate)", "DIV-TQ-D4", [("verifier_controls.xml", "MutationAnalysis")]),
]


def _verdicts(cases: List[Case], binary: str, suite: str) -> List[Tuple[str, str]]:
    """(Suite.Name, passed/FAILED/not run) of one result file, restricted to `suite` when given."""
    shown = {"passed": "passed", "failed": "FAILED", "skipped": "not run"}
    return [(f"{c.suite}.{c.name}", shown[c.verdict]) for c in cases
            if c.binary == binary and (not suite or c.suite == suite)]


def qualification_step(bundle: str) -> StepResult:
    """The bundle step: fails when a tool has no qualification result or one of them did not pass."""
    ok, detail = write_qualification_page(bundle, os.path.join(bundle, "tests", "gtest"))
    log = os.path.join("logs", "qualification.log")
    with open(os.path.join(bundle, log), "w", encoding="utf-8") as handle:
        handle.write(detail + "\n")
    return StepResult(name="qualification", ok=ok, seconds=0.0, log=log, detail=detail,
                      artifacts=["qualification/index.html"])


def write_qualification_page(bundle: str, gtest_dir: str) -> Tuple[bool, str]:
    """Writes qualification/index.html; returns (every tool has qualification results and all passed,
    a one-line summary)."""
    out_dir = os.path.join(bundle, "qualification")
    os.makedirs(out_dir, exist_ok=True)
    sections, problems, total = [], [], 0
    results = read_cases(gtest_dir)
    for tool, requirement, sources in TOOLS:
        cases = [c for name, suite in sources for c in _verdicts(results, os.path.splitext(name)[0], suite)]
        total += len(cases)
        bad = [c for c in cases if c[1] != "passed"]
        if not cases:
            problems.append(f"{tool}: no qualification result")
        elif bad:
            problems.append(f"{tool}: {len(bad)} not passed")
        rows = "".join(f"<tr><td>{html.escape(n)}</td><td>{html.escape(v)}</td></tr>" for n, v in cases) or \
            "<tr><td colspan=2>NO RESULT in this bundle</td></tr>"
        sections.append(f"<h2>{html.escape(tool)} ({html.escape(requirement)})</h2>"
                        f"<table><tr><th>test</th><th>verdict</th></tr>{rows}</table>")
    mutation = os.path.join(bundle, "mutation", "results.json")
    mutation_text = "The mutation analysis did not run in this bundle (--quick)."
    if os.path.exists(mutation):
        with open(mutation, encoding="utf-8") as handle:
            summary = json.load(handle).get("summary", {})
        mutation_text = (f'Mutation analysis (<a href="../mutation/index.html">mutation/</a>): '
                         f"{summary.get('mutants', 0)} mutants, {summary.get('killed', 0)} killed, "
                         f"{summary.get('justified', 0)} justified, {summary.get('unjustified', 0)} unjustified.")
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Tool qualification results</title>
<style>body{{font-family:sans-serif}} td,th{{border:1px solid #ccc;padding:2px 6px;font-size:13px}}
table{{border-collapse:collapse}}</style></head><body>
<h1>Tool qualification results</h1>
<p>Each verification tool whose verdict this bundle takes credit for, with the known-answer and seeded-fault
tests that show it saying "no" when it should, and their verdicts in this bundle's release suite. What each
tool must detect, its inputs and its known limits (Tool Operational Requirements), and the map of DO-178C
Table A-7 and ISO 26262-6 Tables 7 and 9 to this bundle, with what it does not cover:
<a href="../spec/tool-qualification.md">tool-qualification.md</a>.</p>
<p>{mutation_text}</p>
<p>{total} qualification tests; {"all passed" if not problems else "PROBLEMS: " + html.escape("; ".join(problems))}.</p>
{''.join(sections)}
</body></html>
"""
    with open(os.path.join(out_dir, "index.html"), "w", encoding="utf-8") as handle:
        handle.write(page)
    return not problems, f"{total} qualification tests of {len(TOOLS)} tools" + \
        ("" if not problems else "; " + "; ".join(problems))

