"""The tool qualification and objectives page, qualification/index.html.

Objectives: DO-178C Table A-7 and ISO 26262-6 Tables 7 and 9, each with the bundle's steps that support
it (as the steps declare it, sonnxtools.bundle) and its status computed from this run's verdicts, so that
the page can say neither more nor less than the bundle holds. Tool qualification: for each verification
tool the bundle takes credit for, the qualification tests of spec/tool-qualification.md (known answers
and seeded faults) with their verdicts in this bundle's release suite, and the mutation analysis's
summary when it ran."""
import json
import os
from dataclasses import dataclass
from typing import Dict, List, Sequence, Tuple

from sonnxtools import bundle as declared_steps
from sonnxtools import pages
from sonnxtools.results import Case, ResultsError, read_xml_dir
from sonnxtools.run import StepResult

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
    ("stack analysis (tests/stack/stack_analysis.py)", "TOR table", [("stack_analysis.xml", "StackAnalysis")]),
    ("coupling analysis (tests/coupling/coupling.py)", "TOR table", [("coupling_analysis.xml", "CouplingAnalysis")]),
    ("call coverage (tests/coupling/call_coverage.py)", "TOR table", [("call_coverage_controls.xml", "CallCoverage")]),
    ("back-to-back comparison (tests/targets/back_to_back.py)", "TOR table",
     [("back_to_back_controls.xml", "TargetsBackToBackControls")]),
    ("results reader (tools/sonnxtools/results.py)", "DIV-TQ-D5",
     [("verifier_controls.xml", "ResultsReader"), ("verifier_controls.xml", "ResultsReaderSeededFault"),
      ("verifier_controls.xml", "ResultsReaderInEveryStep")]),
]


@dataclass
class Section:
    tool: str
    requirement: str
    cases: List[Tuple[str, str]]  # (Suite.Name, passed/FAILED/not run)


@dataclass
class ObjectiveRow:
    text: str
    steps: List[Tuple[str, str]]  # (step, this run's verdict: passed, FAILED, not run (--quick), not run)
    status: str
    limits: str


def _verdicts(cases: List[Case], binary: str, suite: str) -> List[Tuple[str, str]]:
    """(Suite.Name, passed/FAILED/not run) of one result file, restricted to `suite` when given."""
    shown = {"passed": "passed", "failed": "FAILED", "skipped": "not run"}
    return [(f"{c.suite}.{c.name}", shown[c.verdict]) for c in cases
            if c.source == binary and (not suite or c.suite == suite)]


def tool_results(gtest_dir: str) -> Tuple[List[Section], List[str], int]:
    """Each tool's qualification results, the problems (a tool without results, a result not passed, the
    results unreadable), and the number of qualification tests."""
    problems: List[str] = []
    try:
        results = read_xml_dir(gtest_dir)
    except ResultsError as error:
        results = []
        problems.append(f"results not read: {error}")
    sections, total = [], 0
    for tool, requirement, sources in TOOLS:
        cases = [c for name, suite in sources for c in _verdicts(results, os.path.splitext(name)[0], suite)]
        total += len(cases)
        bad = [c for c in cases if c[1] != "passed"]
        if not cases:
            problems.append(f"{tool}: no qualification result")
        elif bad:
            problems.append(f"{tool}: {len(bad)} not passed")
        sections.append(Section(tool, requirement, cases))
    return sections, problems, total


def _summary(problems: List[str], total: int) -> str:
    return f"{total} qualification tests of {len(TOOLS)} tools" + ("" if not problems else "; " + "; ".join(problems))


def qualification_step(bundle: str) -> StepResult:
    """The bundle step: fails when a tool has no qualification result or one of them did not pass. The page
    is written with the bundle's index page (write_qualification_page), once every verdict is known."""
    _, problems, total = tool_results(os.path.join(bundle, "tests", "gtest"))
    detail = _summary(problems, total)
    log = os.path.join("logs", "qualification.log")
    with open(os.path.join(bundle, log), "w", encoding="utf-8") as handle:
        handle.write(detail + "\n")
    return StepResult(name="qualification", ok=not problems, seconds=0.0, log=log, detail=detail,
                      artifacts=["qualification/index.html"])


def objective_rows(results: Sequence[StepResult], left_out: Sequence[str]) -> List[ObjectiveRow]:
    """Every objective with its steps' verdicts in this run, and its status computed from them alone."""
    verdicts: Dict[str, bool] = {r.name: r.ok for r in results}
    rows = []
    for objective in declared_steps.OBJECTIVES:
        steps = []
        for step in declared_steps.objective_steps(objective.key):
            if step.name in verdicts:
                steps.append((step.name, "passed" if verdicts[step.name] else "FAILED"))
            elif step.left_out_by_quick and step.left_out_by_quick in left_out:
                steps.append((step.name, "not run (--quick)"))
            else:
                steps.append((step.name, "not run"))
        failed = [name for name, verdict in steps if verdict == "FAILED"]
        not_run = [name for name, verdict in steps if verdict.startswith("not run")]
        if not steps:
            status = "not covered: no step of the bundle gives evidence for it"
        elif failed:
            status = "NOT shown: " + ", ".join(failed) + " failed"
        elif len(not_run) == len(steps):
            status = "not shown: none of its steps ran"
        elif not_run:
            status = "partly: " + ", ".join(not_run) + " not run in this bundle"
        else:
            status = "shown: every step that supports it ran and passed"
        rows.append(ObjectiveRow(objective.text, steps, status, objective.limits))
    return rows


def write_qualification_page(bundle: str, results: Sequence[StepResult], left_out: Sequence[str]) -> str:
    """Writes qualification/index.html from the step list, this run's verdicts and the release suite's
    qualification results."""
    sections, problems, total = tool_results(os.path.join(bundle, "tests", "gtest"))
    mutation = os.path.join(bundle, "mutation", "results.json")
    summary = None
    if os.path.exists(mutation):
        with open(mutation, encoding="utf-8") as handle:
            summary = json.load(handle).get("summary", {})
    return pages.write(os.path.join(bundle, "qualification", "index.html"), "qualification.html",
                       objectives=objective_rows(results, left_out), sections=sections, problems=problems,
                       total=total, mutation=summary)
