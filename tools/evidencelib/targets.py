"""The evidence bundle's targets step (spec/targets.md: DIV-TGT-D1..D3; issue #38 items 3 and 4).

Runs ctest label targets on the release build (--quick) or labels targets and targets-full (the full
bundle): the core and its unit tests built for AArch64 and s390x by Debian's cross compilers and run under
qemu-user, and built by clang-19 and run natively; the platform facts on each; the stack bounds of the
cross builds checked under qemu; the back-to-back comparison of every build's core with the x86-64 gcc
core (a strided subset in the quick run, every 16-bit pair in the full one). Reads the tests' results
through sonnxtools.results and the comparison's JSON, and writes targets/index.html. The verdict: every
result file there, every case passed, the comparison ran for every candidate and found them equal."""
import json
import os
from typing import Any, Dict, List, Tuple

from sonnxtools import pages, paths
from sonnxtools.results import Case, ResultsError, read_json, read_xml
from sonnxtools.run import Runner, StepResult

TARGETS = ("aarch64", "s390x", "clang-19")
CROSS = ("aarch64", "s390x")
# The unit test binaries each build runs (tests/targets/CMakeLists.txt), by mode.
UNIT_TESTS = ("test_div_examples", "test_div_float", "test_fp_environment", "test_div_int", "test_div_api",
              "test_broadcast", "test_profiles", "test_platform_facts")
FULL_ONLY_CROSS = ("test_fp_flags_model", "test_div_float_full")


def expected_files(quick: bool) -> List[Tuple[str, str]]:
    """(target, result file) of every run the mode must have results of."""
    files: List[Tuple[str, str]] = []
    for target in TARGETS:
        names = list(UNIT_TESTS)
        if target not in CROSS or not quick:
            names.append("test_fp_flags_model")
        if target in CROSS:
            names.append("test_stack_bound")
            if not quick:
                names.append("test_div_float_full")
        files += [(target, f"{target}.{name}.xml") for name in names]
    files.append(("aarch64", "aarch64.fpcr_control.xml"))  # the FPCR path's negative control (DIV-TGT-D2)
    files.append(("back-to-back", "targets_back_to_back.xml"))
    if not quick:
        files.append(("back-to-back", "targets_back_to_back_exhaustive.xml"))
    return files


def read_comparison(path: str) -> Dict[str, Any]:
    data = read_json(path)
    if not isinstance(data, dict) or not isinstance(data.get("candidates"), list):
        raise ResultsError(path, "not a back-to-back comparison: no candidates")
    return dict(data)


def read_analysis(path: str) -> Dict[str, Any]:
    """A stack or coupling analysis's JSON (tests/stack/stack_analysis.py, tests/coupling/coupling.py)."""
    data = read_json(path)
    if not isinstance(data, dict) or "ok" not in data:
        raise ResultsError(path, "not an analysis result: no verdict")
    return dict(data)


def targets_step(runner: Runner, root: str, quick: bool) -> StepResult:
    out_dir = os.path.join(runner.bundle, "targets")
    os.makedirs(out_dir, exist_ok=True)
    build = paths.build_dir("release", root)
    results = paths.test_results("release", root)
    for name in os.listdir(results) if os.path.isdir(results) else []:
        # This step's results only: back_to_back_controls.xml is the release suite's (the trace needs it).
        if name.startswith(TARGETS) or name.startswith("targets_back_to_back") or \
                name in ("back_to_back_quick.json", "back_to_back_full.json"):
            os.remove(os.path.join(results, name))  # this run's results only
    junit = os.path.join(out_dir, "ctest-junit.xml")
    label = "^targets$" if quick else "^targets(-full)?$"
    step = runner.run("targets", [["ctest", "--test-dir", build, "-L", label, "-j", paths.jobs(),
                                   "--output-on-failure", "--output-junit", junit]])
    step.artifacts = ["targets/ctest-junit.xml"] if os.path.exists(junit) else []
    problems: List[str] = []
    runs: List[Dict[str, Any]] = []
    facts: Dict[str, Dict[str, str]] = {}
    for target, name in expected_files(quick):
        try:
            cases: List[Case] = read_xml(os.path.join(results, name))
        except ResultsError as error:
            problems.append(str(error))
            runs.append({"target": target, "file": name, "passed": 0, "failed": 0, "skipped": 0, "read": False})
            continue
        failed = [f"{c.suite}.{c.name}" for c in cases if c.verdict == "failed"]
        problems += [f"{name}: {f} failed" for f in failed]
        runs.append({"target": target, "file": name, "read": True, "failed": len(failed),
                     "passed": sum(1 for c in cases if c.verdict == "passed"),
                     "skipped": sum(1 for c in cases if c.verdict == "skipped")})
        if name.endswith("test_platform_facts.xml"):
            for case in cases:
                for key, value in case.properties:
                    if key != "requirements":
                        facts.setdefault(key, {})[target] = value
    try:  # the host's own facts, from the release suite
        for case in read_xml(os.path.join(results, "test_platform_facts.xml")):
            for key, value in case.properties:
                if key != "requirements":
                    facts.setdefault(key, {})["x86-64"] = value
    except ResultsError as error:
        problems.append(str(error))
    comparisons = []
    for mode in ("quick",) if quick else ("quick", "full"):
        try:
            data = read_comparison(os.path.join(results, f"back_to_back_{mode}.json"))
        except ResultsError as error:
            problems.append(str(error))
            continue
        names = sorted(c.get("name", "") for c in data["candidates"])
        if names != sorted(TARGETS):
            problems.append(f"back-to-back ({mode}): candidates {', '.join(names)}, not {', '.join(TARGETS)}")
        problems += [f"back-to-back ({mode}) {c['name']}: {f}" for c in data["candidates"]
                     for f in c.get("failures", [])]
        comparisons.append(data)
        with open(os.path.join(out_dir, f"back_to_back_{mode}.json"), "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=1)
        step.artifacts.append(f"targets/back_to_back_{mode}.json")
    # The cross builds' stack bounds (DIV-STACK-D1) and writable data (DIV-COUP-D2), beside the runs above.
    bounds: Dict[str, Dict[str, Any]] = {}
    writable: Dict[str, Any] = {}
    for target in CROSS:
        for kind in ("stack", "coupling"):
            path = os.path.join(build, "targets", target, kind, f"{kind}.json")
            try:
                data = read_analysis(path)
            except ResultsError as error:
                problems.append(str(error))
                continue
            if not data.get("ok"):
                problems.append(f"{path}: the analysis failed")
            if kind == "stack":
                for entry in data.get("entries", []):
                    bounds.setdefault(entry["name"], {})[target] = entry["bound"]
            else:
                writable[target] = len(data.get("writable", []))
    pages.write(os.path.join(out_dir, "index.html"), "targets.html", quick=quick, runs=runs, facts=facts,
                targets=("x86-64",) + TARGETS, comparisons=comparisons, problems=problems, bounds=bounds,
                cross=CROSS, writable=writable)
    step.artifacts.append("targets/index.html")
    passed = sum(r["passed"] for r in runs)
    pairs = {c["name"]: sum(j["pairs"] for j in c["jobs"]) for d in comparisons[-1:] for c in d["candidates"]}
    step.detail = (f"{'quick' if quick else 'full'}: {len(runs)} result files, {passed} cases passed on "
                   f"{', '.join(TARGETS)}; back-to-back with x86-64 gcc: "
                   + (", ".join(f"{name} {count:,} pairs" for name, count in sorted(pairs.items())) or "none"))
    if problems:
        step.ok = False
        shown = "; ".join(p.replace(results + os.sep, "") for p in problems)
        step.detail += f"; FAILED ({len(problems)} problems, all on the page): " + shown[:600]
    return step
