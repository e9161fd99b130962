"""The evidence bundle's stack and coupling steps (spec/stack-and-coupling.md: DIV-STACK-D1, DIV-COUP-D1,
DIV-COUP-D2), on the release build's core.

Each runs its ctest label in build/release (the analysis of gcc's data for the core, its negative controls
on seeded copies of the core, and for the stack the bound checked on threads), then reads its tests'
results through sonnxtools.results and the analysis's JSON, and writes its page: stack/index.html (a bound
per public function, its deepest path, the stack each run of the thread test used) or coupling/index.html
(the components, every call between them with its data, the writable data). The verdict: every test of
the label passed, the analysis passed, and its page was written."""
import os
import shutil
from typing import Any, Dict, List, Tuple

from sonnxtools import pages, paths
from sonnxtools.results import Case, ResultsError, read_json, read_xml
from sonnxtools.run import Runner, StepResult

# label -> (result files of its tests, the analysis's output folder in the build, its JSON)
STACK_RESULTS = ("stack_analysis.xml", "test_stack_bound.xml")
COUPLING_RESULTS = ("coupling_analysis.xml", "call_coverage_controls.xml")


def _run_label(runner: Runner, root: str, name: str, label: str) -> Tuple[StepResult, str]:
    out_dir = os.path.join(runner.bundle, name)
    os.makedirs(out_dir, exist_ok=True)
    build = paths.build_dir("release", root)
    junit = os.path.join(out_dir, "ctest-junit.xml")
    step = runner.run(name, [["ctest", "--test-dir", build, "-L", f"^{label}$", "--output-on-failure",
                              "--output-junit", junit]])
    step.artifacts = [os.path.join(name, "ctest-junit.xml")] if os.path.exists(junit) else []
    return step, out_dir


def _cases(root: str, files: Tuple[str, ...]) -> Tuple[List[Case], List[str]]:
    """The cases of the label's result files; the problems (a file unreadable, a case not passed)."""
    cases: List[Case] = []
    problems: List[str] = []
    results = paths.test_results("release", root)
    for name in files:
        try:
            cases += read_xml(os.path.join(results, name))
        except ResultsError as error:
            problems.append(str(error))
    problems += [f"{c.suite}.{c.name} {c.verdict}" for c in cases if not c.ran_and_passed]
    if not cases and not problems:
        problems.append("no test results")
    return cases, problems


def _analysis(build_out: str, name: str, out_dir: str, fields: Tuple[str, ...]) -> Dict[str, Any]:
    """The analysis's JSON (and its Markdown page, copied beside the HTML page), with its fields."""
    for suffix in (".json", ".md"):
        source = os.path.join(build_out, name + suffix)
        if os.path.exists(source):
            shutil.copy(source, os.path.join(out_dir, name + suffix))
    path = os.path.join(build_out, name + ".json")
    data = read_json(path)
    if not isinstance(data, dict):
        raise ResultsError(path, "not an analysis result")
    missing = [f for f in ("ok",) + fields if f not in data]
    if missing:
        raise ResultsError(path, f"not an analysis result: no {', '.join(missing)}")
    return dict(data)


def stack_step(runner: Runner, root: str) -> StepResult:
    step, out_dir = _run_label(runner, root, "stack", "stack")
    cases, problems = _cases(root, STACK_RESULTS)
    try:
        data = _analysis(os.path.join(paths.build_dir("release", root), "stack"), "stack", out_dir,
                         ("target", "functions", "calls", "external", "entries", "problems"))
    except ResultsError as error:
        step.ok = False
        step.detail = "FAILED: " + "; ".join(problems + [str(error)])
        return step
    # The thread test's measurements: "what: used of bound" properties of StackBound.*.
    measured = [(c.name, key, value) for c in cases if c.suite == "StackBound"
                for key, value in c.properties if key != "requirements"]
    controls = [(f"{c.suite}.{c.name}", c.verdict) for c in cases if c.suite == "StackAnalysis"]
    entries = data.get("entries", [])
    pages.write(os.path.join(out_dir, "index.html"), "stack.html", data=data, entries=entries,
                measured=measured, controls=controls, problems=problems)
    step.artifacts += ["stack/index.html", "stack/stack.json", "stack/stack.md"]
    bounds = ", ".join(f"{e['name'].replace('sonnx::', '')} {e['bound']}" for e in entries[:3])
    worst = max((int(v.split(" of ")[0]) for _, _, v in measured if " of " in v), default=0)
    step.detail = (f"{len(entries)} public functions bounded ({data.get('target')}; {bounds} ... bytes); "
                   f"deepest use measured on the bounded threads {worst} bytes; {len(cases)} tests "
                   f"({len(controls)} of the analysis, its negative controls among them)")
    if problems or not data["ok"]:
        step.ok = False
        step.detail += "; FAILED: " + "; ".join(problems + [p["detail"] for p in data.get("problems", [])])[:600]
    return step


def coupling_step(runner: Runner, root: str) -> StepResult:
    step, out_dir = _run_label(runner, root, "coupling", "coupling")
    cases, problems = _cases(root, COUPLING_RESULTS)
    try:
        data = _analysis(os.path.join(paths.build_dir("release", root), "coupling"), "coupling", out_dir,
                         ("target", "components", "interfaces", "writable", "problems"))
    except ResultsError as error:
        step.ok = False
        step.detail = "FAILED: " + "; ".join(problems + [str(error)])
        return step
    controls = [(f"{c.suite}.{c.name}", c.verdict) for c in cases]
    interfaces = data.get("interfaces", [])
    pages.write(os.path.join(out_dir, "index.html"), "coupling.html", data=data, interfaces=interfaces,
                controls=controls, problems=problems)
    step.artifacts += ["coupling/index.html", "coupling/coupling.json", "coupling/coupling.md"]
    calls = sum(len(i["functions"]) for i in interfaces)
    step.detail = (f"{len(data.get('components', []))} components, {len(interfaces)} pairs of components with "
                   f"{calls} functions called across them; {len(data.get('writable', []))} writable sections; "
                   f"{len(cases)} tests (the seeded global and static among them)")
    if problems or not data["ok"]:
        step.ok = False
        step.detail += "; FAILED: " + "; ".join(problems + [p["detail"] for p in data.get("problems", [])])[:600]
    return step
