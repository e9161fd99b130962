"""Oracle campaigns for the bundle: the core against the exact oracle (MPFR, GMP) through
`sonnx-div campaign`, and `sonnx-div check` shown on a runtime that divides by multiplying with
the reciprocal, with its ulp-error histogram drawn as SVG."""
import html
import json
import math
import os
from typing import IO, Any, Dict, List, Optional, Tuple

from sonnxtools import pages, paths
from sonnxtools.results import ResultsError, read_xml
from sonnxtools.run import Runner, StepResult, run_logged

SEED = 20261122  # fixed, so that two runs of one revision check the same pairs
SAMPLED = ["--random", "100000000", "--seed", str(SEED)]

# (name, sonnx-div campaign arguments); every 4- and 8-bit pair in both roundings (cheap),
# boundary tables plus 10^8 seeded random pairs for the 32- and 64-bit types.
QUICK: List[Tuple[str, List[str]]] = [
    ("int4-floor", ["int4", "--exhaustive", "--int-rounding", "floor"]),
    ("int4-trunc", ["int4", "--exhaustive", "--int-rounding", "trunc"]),
    ("uint4", ["uint4", "--exhaustive"]),
    ("int8-floor", ["int8", "--exhaustive", "--int-rounding", "floor"]),
    ("int8-trunc", ["int8", "--exhaustive", "--int-rounding", "trunc"]),
    ("uint8", ["uint8", "--exhaustive"]),
    ("fp32-sampled", ["fp32"] + SAMPLED),
    ("fp64-sampled", ["fp64"] + SAMPLED),
    ("int32-floor-sampled", ["int32", "--int-rounding", "floor"] + SAMPLED),
    ("int32-trunc-sampled", ["int32", "--int-rounding", "trunc"] + SAMPLED),
    ("int64-floor-sampled", ["int64", "--int-rounding", "floor"] + SAMPLED),
    ("int64-trunc-sampled", ["int64", "--int-rounding", "trunc"] + SAMPLED),
    ("uint32-sampled", ["uint32"] + SAMPLED),
    ("uint64-sampled", ["uint64"] + SAMPLED),
]
DEMO_ELEMENTS = 1 << 20
DEMO_SCRIPT = f"""
import numpy as np, sys
out = sys.argv[1]
rng = np.random.default_rng({SEED})
# Finite FP32 operands spread over 2^-20 .. 2^20 in magnitude, both signs.
a = (rng.uniform(1, 2, {DEMO_ELEMENTS}) * 2.0 ** rng.integers(-20, 21, {DEMO_ELEMENTS})
     * rng.choice([-1, 1], {DEMO_ELEMENTS})).astype(np.float32)
b = (rng.uniform(1, 2, {DEMO_ELEMENTS}) * 2.0 ** rng.integers(-20, 21, {DEMO_ELEMENTS})).astype(np.float32)
np.save(out + "/a.npy", a)
np.save(out + "/b.npy", b)
# The runtime under check: a * (1 / b), both rounded in FP32 (numpy float32 arithmetic is IEEE single).
np.save(out + "/y_reciprocal.npy", a * (np.float32(1) / b))
"""


def _histogram_svg(title: str, histogram: List[Dict[str, Any]]) -> str:
    """Bars of log10(1 + count) per ulp-error bucket, labelled with the counts."""
    width, height, left, bottom, bar = 640, 300, 60, 60, 56
    peak = max((math.log10(1 + int(h["count"])) for h in histogram), default=1.0) or 1.0
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'font-family="sans-serif" font-size="11">',
             f'<text x="{left}" y="16" font-size="13">{html.escape(title)}</text>',
             f'<line x1="{left}" y1="{height - bottom}" x2="{width - 10}" y2="{height - bottom}" stroke="black"/>']
    for k, h in enumerate(histogram):
        count = int(h["count"])
        extent = (height - bottom - 40) * math.log10(1 + count) / peak
        x = left + k * (bar + 6)
        y = height - bottom - extent
        parts.append(f'<rect x="{x}" y="{y:.1f}" width="{bar}" height="{extent:.1f}" fill="#4a7ab8"/>')
        parts.append(f'<text x="{x + bar / 2}" y="{y - 4:.1f}" text-anchor="middle">{count}</text>')
        parts.append(f'<text x="{x + bar / 2}" y="{height - bottom + 16}" text-anchor="middle">'
                     f'{html.escape(str(h["bucket"]))}</text>')
    parts.append(f'<text x="{left}" y="{height - 12}">ulp error of each element (DIV-FLOAT-D8); '
                 f'bar heights are log10(1 + count)</text></svg>')
    return "\n".join(parts) + "\n"


def _run(runner: Runner, command: List[str], log: IO[str]) -> int:
    return run_logged(command, runner.root, log)


# The exhaustive campaigns' GoogleTest names, for result files that predate the `type` and
# `int_rounding` properties (the name's first four characters once sufficed: FP16, BF16).
EXHAUSTIVE_TESTS = {
    "Fp16AllPairs": ("FP16", None),
    "Bf16AllPairs": ("BF16", None),
    "Int16FloorAllPairs": ("INT16", "floor"),
    "Int16TruncAllPairs": ("INT16", "trunc"),
    "Uint16AllPairs": ("UINT16", None),
}


def _exhaustive_rows(xml_path: str) -> List[Dict[str, Any]]:
    """Every pair of FP16, BF16, INT16 (floor, trunc) and UINT16: the results of the ctest label
    `exhaustive` (GoogleTest XML; ResultsError when it is missing, empty or malformed). A failed or errored
    test shows its mismatch count with "see log", also when it failed for another reason (a pair not
    reaching the division) with 0 mismatches."""
    rows: List[Dict[str, Any]] = []
    for case in read_xml(xml_path):
        name = case.name
        failed = case.verdict == "failed"
        known_type, known_rounding = EXHAUSTIVE_TESTS.get(name, (name[:4].upper(), None))
        mismatches: object = int(case.value("mismatches")) if case.has_property("mismatches") else None
        if failed:
            mismatches = "see log" if mismatches is None else f"{mismatches}, see log"
        rows.append({"name": name, "type": case.value("type", known_type), "mode": "exhaustive",
                     "int_rounding": (case.value("int_rounding") if case.has_property("int_rounding")
                                      else known_rounding),
                     "pairs": int(case.value("pairs", "0")), "mismatches": 0 if mismatches is None else mismatches,
                     "seconds": float(case.value("seconds", "0")), "report": "test_campaign_exhaustive.xml"})
    return rows


def run_campaigns(runner: Runner, root: str, exhaustive_xml: Optional[str]) -> StepResult:
    """The quick campaigns through the command line, plus the exhaustive 16-bit results when given."""
    out_dir = os.path.join(runner.bundle, "campaigns")
    os.makedirs(out_dir, exist_ok=True)
    cli = os.path.join(paths.build_dir("release", root), "src", "cli", "sonnx-div")
    threads = paths.jobs()
    exhaustive = exhaustive_xml is not None
    step = StepResult(name="campaigns", ok=False, seconds=0.0, log=os.path.join("logs", "campaigns.log"))
    log_path = os.path.join(runner.bundle, step.log)
    rows: List[Dict[str, Any]] = []
    failures: List[str] = []
    with open(log_path, "w", encoding="utf-8") as log:
        for name, arguments in QUICK:
            report = os.path.join(out_dir, f"{name}.json")
            status = _run(runner, [cli, "campaign"] + arguments + ["--threads", threads, "--json", report], log)
            if status != 0 or not os.path.exists(report):
                failures.append(name)
                rows.append({"name": name, "type": arguments[0], "mode": "?", "pairs": 0, "mismatches": None})
                continue
            with open(report, encoding="utf-8") as handle:
                data = json.load(handle)
            rows.append({"name": name, "type": data["type"], "mode": data["mode"], "seed": data.get("seed"),
                         "int_rounding": data.get("int_rounding"), "pairs": data["pairs"],
                         "mismatches": data["mismatches"], "seconds": data["seconds"]})
        demo = _checker_demo(runner, cli, out_dir, log)
    if demo is None:
        failures.append("check demonstration")
    if exhaustive_xml is not None:
        try:
            rows = _exhaustive_rows(exhaustive_xml) + rows
        except ResultsError as error:
            failures.append(f"exhaustive results not read: {error}")
    stable = [{k: v for k, v in row.items() if k != "seconds"} for row in rows]
    with open(os.path.join(out_dir, "summary.json"), "w", encoding="utf-8") as handle:
        json.dump({"campaigns": stable, "exhaustive_16_bit": exhaustive}, handle, indent=1, sort_keys=True)
    _write_page(out_dir, rows, demo, exhaustive)
    pairs = sum(int(r["pairs"]) for r in rows)
    mismatches = sum(int(r["mismatches"]) for r in rows if isinstance(r["mismatches"], int))
    failures += [str(r["name"]) for r in rows if r["mismatches"] not in (0, None)]
    step.ok = not failures
    step.detail = (f"{len(rows)} campaigns, {pairs:,} pairs, {mismatches} mismatches"
                   + (f"; FAILED: {', '.join(failures)}" if failures else "")
                   + ("" if exhaustive else "; exhaustive FP16/BF16/INT16/UINT16 left out (--quick)"))
    step.artifacts = ["campaigns/index.html", "campaigns/summary.json"]
    if demo is not None:
        step.artifacts.append("campaigns/reciprocal-histogram.svg")
    return step


def _checker_demo(runner: Runner, cli: str, out_dir: str, log):
    """`check` on the core's own result (must conform) and on a reciprocal-multiply runtime."""
    demo_dir = os.path.join(out_dir, "check-demo")
    os.makedirs(demo_dir, exist_ok=True)
    # Debian's python3-numpy belongs to the system Python, which may not be first on PATH.
    python = "/usr/bin/python3" if os.access("/usr/bin/python3", os.X_OK) else "python3"
    if _run(runner, [python, "-c", DEMO_SCRIPT, demo_dir], log) != 0:
        return None
    files = [os.path.join(demo_dir, n) for n in ("a.npy", "b.npy")]
    reference = os.path.join(demo_dir, "y_reference.npy")
    if _run(runner, [cli, "div"] + files + ["--out", reference], log) != 0:
        return None
    own = os.path.join(demo_dir, "check_reference.json")
    if _run(runner, [cli, "check"] + files + [reference, "--json", own], log) != 0:
        return None
    recip = os.path.join(demo_dir, "check_reciprocal.json")
    status = _run(runner, [cli, "check"] + files + [
        os.path.join(demo_dir, "y_reciprocal.npy"), "--accept", "one-ulp", "--json", recip], log)
    if status not in (0, 1) or not os.path.exists(recip):
        return None
    with open(recip, encoding="utf-8") as handle:
        data = json.load(handle)
    with open(os.path.join(out_dir, "reciprocal-histogram.svg"), "w", encoding="utf-8") as handle:
        handle.write(_histogram_svg("FP32 a * (1/b) against the correctly rounded a / b, "
                                    f"{DEMO_ELEMENTS:,} elements", data["histogram"]))
    # The .npy operands are large and reproducible from the seed: keep only the reports.
    for name in ("a.npy", "b.npy", "y_reference.npy", "y_reciprocal.npy"):
        os.remove(os.path.join(demo_dir, name))
    return data


def _seconds_text(seconds: object) -> str:
    """A campaign's wall-clock time for the page (not in summary.json, which must not vary)."""
    if not isinstance(seconds, (int, float)):
        return ""
    return f"{seconds:.0f}" if seconds >= 10 else f"{seconds:.2g}"


def _write_page(out_dir: str, rows: List[Dict[str, Any]], demo, exhaustive: bool) -> None:
    pages.write(os.path.join(out_dir, "index.html"), "campaigns.html", rows=rows, demo=demo, exhaustive=exhaustive,
                seconds_text=_seconds_text, demo_elements=DEMO_ELEMENTS, seed=SEED)
