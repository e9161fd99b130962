"""oracle-agreement/index.html: the MPFR oracle against the second oracle (Boost.Multiprecision,
DIV-TQ-D3), format by format, read from the GoogleTest XML of tests/oracle/test_oracle_agreement.cpp.

The exhaustive binary (ctest label `exhaustive`, run by the full bundle) writes
test_oracle_agreement.xml; the quick one (label `oracle`, in every suite run) writes
test_oracle_agreement_quick.xml, with the negative controls. The page and summary.json carry no
times, so that two runs of one revision give the same bytes; the times are in the step's figures
and in the copied XML (under gtest/, which the manifest lists as timestamped)."""
import html
import json
import os
import shutil
import time
import xml.etree.ElementTree as ElementTree
from typing import Dict, List, Optional

from .runner import StepResult

FORMATS = ("FP16", "BF16", "FP32", "FP64")
EXHAUSTIVE = "test_oracle_agreement"
QUICK = "test_oracle_agreement_quick"


def read_cases(xml_path: str) -> Optional[List[Dict[str, object]]]:
    """One entry per test case: its name, verdict, and the properties it recorded; None when the
    file is missing or unreadable (a binary that crashed before writing it)."""
    if not os.path.exists(xml_path):
        return None
    try:
        tree = ElementTree.parse(xml_path)
    except ElementTree.ParseError:
        return None
    cases = []
    for case in tree.iter("testcase"):
        properties = {p.get("name", ""): p.get("value", "") for p in case.iter("property")}
        failed = case.find("failure") is not None or case.find("error") is not None
        ran = case.get("status", "run") == "run" and case.get("result", "completed") != "skipped"
        cases.append({"test": f'{case.get("classname", "")}.{case.get("name", "")}',
                      "verdict": "failed" if failed else ("passed" if ran else "skipped"),
                      "format": properties.get("format", ""),
                      "pairs": int(properties.get("pairs", "0") or 0),
                      "disagreements": int(properties.get("disagreements", "-1") or -1),
                      "seconds": float(properties.get("seconds", "0") or 0.0)})
    return cases


def _rows_html(cases: List[Dict[str, object]]) -> str:
    return "".join(
        f'<tr class="{"ok" if c["verdict"] == "passed" else "failed"}"><td>{html.escape(str(c["format"]))}</td>'
        f'<td>{html.escape(str(c["test"]))}</td><td>{int(c["pairs"]):,}</td><td>{c["disagreements"]}</td>'
        f'<td>{html.escape(str(c["verdict"]))}</td></tr>' for c in cases)


def _write_page(out_dir: str, agreement: List[Dict[str, object]], controls: List[Dict[str, object]],
                exhaustive_ran: bool) -> None:
    raw = ", ".join(f'<a href="gtest/{name}.xml">{name}.xml</a>' for name in (EXHAUSTIVE, QUICK)
                    if os.path.exists(os.path.join(out_dir, "gtest", name + ".xml")))
    if exhaustive_ran:
        scope = ("every one of the 2^32 pairs of FP16 and of BF16, and 10^8 seeded pairs each of FP32 and FP64 "
                 "(ctest label <code>exhaustive</code>), and a strided subset in every suite run "
                 "(label <code>oracle</code>)")
    else:
        scope = ("a strided subset only (label <code>oracle</code>): the exhaustive part (ctest label "
                 "<code>exhaustive</code>) was left out (<code>--quick</code>) or wrote no results")
    control_rows = "".join(
        f'<tr class="{"ok" if c["verdict"] == "passed" else "failed"}"><td>{html.escape(str(c["test"]))}</td>'
        f'<td>{html.escape(str(c["verdict"]))}</td></tr>' for c in controls)
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Oracle agreement</title>
<style>body{{font-family:sans-serif;margin:2em;max-width:70em}}table{{border-collapse:collapse}}
td,th{{border:1px solid #bbb;padding:.2em .5em}}.failed{{background:#fdd}}</style></head><body>
<h1>Oracle agreement: MPFR against a second, independent oracle (DIV-TQ-D3)</h1>
<p>The campaigns and <code>check</code> trust the MPFR oracle. A second oracle, exact integer division of the
significands with Boost.Multiprecision's fixed-width integers and its own rounding to nearest even, shares no code
with it or with the core. The two must return the same encoding for every pair, or a NaN both. Pairs compared
here: {scope}. Seeded pairs come from splitmix64 with a fixed seed, drawn so that zeros, subnormals, normals,
infinities and NaNs all occur.</p>
<table><tr><th>format</th><th>test</th><th>pairs</th><th>disagreements</th><th>verdict</th></tr>
{_rows_html(agreement)}</table>
<h2>Negative controls and the seeded draws</h2>
<p>The controls run the same check with one oracle perturbed on a known set of pairs (a result one ulp off, a result
of the wrong sign); each must report exactly the disagreements predicted from the operands' classes alone, never
none. <code>SeededOperandsCoverEveryClass</code> checks that the seeded draws give zeros, subnormals, normals,
infinities and NaNs, as operands and as quotients, in every format.</p>
<table><tr><th>test</th><th>verdict</th></tr>{control_rows}</table>
<p>Raw results, with times: {raw or "none"}. This page and <a href="summary.json">summary.json</a> carry no
times.</p>
</body></html>
"""
    with open(os.path.join(out_dir, "index.html"), "w", encoding="utf-8") as handle:
        handle.write(page)


def oracle_agreement(bundle: str, root: str, exhaustive_expected: bool) -> StepResult:
    """The agreement page from build/release's results; fails on any disagreement or failed case, and,
    when the exhaustive part was due, on its results missing for any format."""
    started = time.monotonic()
    out_dir = os.path.join(bundle, "oracle-agreement")
    os.makedirs(os.path.join(out_dir, "gtest"), exist_ok=True)
    results = os.path.join(root, "build", "release", "test-results")
    log_rel = os.path.join("logs", "oracle-agreement.log")
    step = StepResult(name="oracle-agreement", ok=False, seconds=0.0, log=log_rel)
    found: Dict[str, Optional[List[Dict[str, object]]]] = {}
    for binary in (EXHAUSTIVE, QUICK):
        source = os.path.join(results, binary + ".xml")
        found[binary] = read_cases(source)
        if found[binary] is not None:
            shutil.copy(source, os.path.join(out_dir, "gtest", binary + ".xml"))
    exhaustive = found[EXHAUSTIVE] or []
    quick = found[QUICK] or []
    agreement = [c for c in exhaustive + quick if c["format"]]
    controls = [c for c in quick if not c["format"]]
    problems = [f'{c["test"]} {c["verdict"]}' for c in exhaustive + quick if c["verdict"] != "passed"]
    problems += [f'{c["test"]}: {c["disagreements"]} disagreements' for c in agreement if c["disagreements"] != 0]
    if exhaustive_expected:
        problems += [f"{name}: no exhaustive result" for name in FORMATS
                     if name not in {c["format"] for c in exhaustive}]
    if not quick:
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
    step.seconds = time.monotonic() - started
    print(f"evidence: oracle-agreement: {'ok' if step.ok else 'FAILED'} ({step.seconds:.0f} s)", flush=True)
    return step
