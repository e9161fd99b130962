"""oracle-agreement/index.html: the MPFR oracle against the second oracle (Boost.Multiprecision,
DIV-TQ-D3), format by format, read from the GoogleTest XML of tests/oracle/test_oracle_agreement.cpp.

The exhaustive binary (ctest label `exhaustive`, run by the full bundle) writes
test_oracle_agreement.xml; the quick one (label `oracle`, in every suite run) writes
test_oracle_agreement_quick.xml, with the negative controls. The page and summary.json carry no
times, so that two runs of one revision give the same bytes; the times are in the step's figures
and in the copied XML (under gtest/, which the manifest lists as timestamped)."""
import json
import os
import shutil
from typing import Any, Dict, List

from sonnxtools import pages, paths
from sonnxtools.results import ResultsError, read_xml
from sonnxtools.run import StepResult

FORMATS = ("FP16", "BF16", "FP32", "FP64")
EXHAUSTIVE = "test_oracle_agreement"
QUICK = "test_oracle_agreement_quick"


def read_cases(xml_path: str) -> List[Dict[str, Any]]:
    """One entry per test case: its name, verdict, and the properties it recorded; ResultsError when the
    file is missing, empty or malformed (a binary that crashed before writing it, say)."""
    cases: List[Dict[str, Any]] = []
    for case in read_xml(xml_path):
        cases.append({"test": f"{case.suite}.{case.name}",
                      "verdict": case.verdict,
                      "format": case.value("format"),
                      "pairs": int(case.value("pairs", "0") or 0),
                      "disagreements": int(case.value("disagreements", "-1") or -1),
                      "seconds": float(case.value("seconds", "0") or 0.0)})
    return cases


def _write_page(out_dir: str, agreement: List[Dict[str, Any]], controls: List[Dict[str, Any]],
                exhaustive_ran: bool) -> None:
    raw = [name for name in (EXHAUSTIVE, QUICK) if os.path.exists(os.path.join(out_dir, "gtest", name + ".xml"))]
    pages.write(os.path.join(out_dir, "index.html"), "oracle_agreement.html", agreement=agreement,
                controls=controls, exhaustive_ran=exhaustive_ran, raw=raw)


def oracle_agreement(bundle: str, root: str, exhaustive_expected: bool) -> StepResult:
    """The agreement page from build/release's results; fails on any disagreement or failed case, and,
    when the exhaustive part was due, on its results missing for any format."""
    out_dir = os.path.join(bundle, "oracle-agreement")
    os.makedirs(os.path.join(out_dir, "gtest"), exist_ok=True)
    results = paths.test_results("release", root)
    log_rel = os.path.join("logs", "oracle-agreement.log")
    step = StepResult(name="oracle-agreement", ok=False, seconds=0.0, log=log_rel)
    found: Dict[str, List[Dict[str, Any]]] = {}
    unread: List[str] = []
    # The exhaustive results are read when the bundle ran the exhaustive part, and then needed.
    for binary in (EXHAUSTIVE, QUICK) if exhaustive_expected else (QUICK,):
        source = os.path.join(results, binary + ".xml")
        try:
            found[binary] = read_cases(source)
        except ResultsError as error:
            unread.append(str(error))
            continue
        shutil.copy(source, os.path.join(out_dir, "gtest", binary + ".xml"))
    exhaustive = found.get(EXHAUSTIVE, [])
    quick = found.get(QUICK, [])
    agreement = [c for c in exhaustive + quick if c["format"]]
    controls = [c for c in quick if not c["format"]]
    problems = [f'{c["test"]} {c["verdict"]}' for c in exhaustive + quick if c["verdict"] != "passed"]
    problems += [f'{c["test"]}: {c["disagreements"]} disagreements' for c in agreement if c["disagreements"] != 0]
    if exhaustive_expected:
        problems += [f"{name}: no exhaustive result" for name in FORMATS
                     if name not in {c["format"] for c in exhaustive}]
    problems += [f"results not read: {problem}" for problem in unread]
    if not quick and not unread:
        problems.append(f"{QUICK}.xml: no results")
    _write_page(out_dir, agreement, controls, bool(exhaustive))
    with open(os.path.join(out_dir, "summary.json"), "w", encoding="utf-8") as handle:
        json.dump({"exhaustive": bool(exhaustive),
                   "agreement": [{k: v for k, v in c.items() if k != "seconds"} for c in agreement],
                   "controls": [{"test": c["test"], "verdict": c["verdict"]} for c in controls]},
                  handle, indent=1, sort_keys=True)
    figures = [f'{c["format"]}: {int(c["pairs"]):,} pairs, {c["disagreements"]} disagreements, '
               f'{float(c["seconds"]):.0f} s' for c in (exhaustive or quick) if c["format"]]
    notes = figures + ([] if exhaustive else ["strided subset only, exhaustive part not run"]) + \
        ([f"FAILED: {', '.join(problems)}"] if problems else [])
    step.detail = "; ".join(notes)
    with open(os.path.join(bundle, log_rel), "w", encoding="utf-8") as log:
        log.write(f"read {results}\n" + step.detail + "\n" + "\n".join(problems) + "\n")
    step.ok = not problems
    step.artifacts = ["oracle-agreement/index.html", "oracle-agreement/summary.json"]
    return step
