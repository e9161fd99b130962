"""The fuzzing step: builds the fuzz preset (clang-19 libFuzzer, ASan, UBSan), runs `ctest --preset fuzz`
(each target a fixed number of executions from seed 1 and an empty working corpus, tests/io/fuzz/) and
reports every target's executions, edge coverage and reproducers on fuzzing/index.html."""
import glob
import json
import os
import re
import shutil
from dataclasses import dataclass, field
from typing import Dict, List

from sonnxtools import pages, paths
from sonnxtools.results import ResultsError, read_xml
from sonnxtools.run import Runner, StepResult

# What each target reaches (tests/io/fuzz/<target>.cpp says how it checks it).
REACHES: Dict[str, str] = {
    "fuzz_npy": "parse_npy and encode_npy in memory; what parses writes back and parses to the same tensor",
    "fuzz_onnx_tensor": "parse_tensor_proto and encode_tensor_proto in memory; the same round trip",
    "fuzz_tensor_file": "read_tensor_file with and without a --type reinterpretation, the TensorData views, "
                        "write_tensor_file (atomic) to .npy and .pb and back: type, dims and bytes must survive",
    "fuzz_real_decimal": "sonnx::real::parse_decimal against a grammar model; to_decimal_string must print the "
                         "parsed value exactly, to_fraction_string in lowest terms (read back with GMP)",
    "fuzz_onnx_model": "sonnx::conformance::run_node_test on a fuzzed model.onnx with a fixed data set: "
                       "never throws, verdicts consistent with the data sets'",
}

# libFuzzer's names of the files it writes for a failing input; slow-unit-* is not a failure.
FAILURE_PREFIXES = ("crash-", "leak-", "timeout-", "oom-")

FINAL = re.compile(r"^#(?P<runs>\d+)\s+DONE\s+cov: (?P<cov>\d+) ft: (?P<ft>\d+) corp: (?P<units>\d+)/")
STAT = re.compile(r"^stat::(?P<name>\w+):\s+(?P<value>\d+)")
SEED = re.compile(r"^INFO: Seed: (?P<seed>\d+)")


@dataclass
class FuzzRun:
    target: str
    verdict: str = "failed"       # passed / failed (ctest)
    executions: int = -1          # stat::number_of_executed_units
    edges: int = -1               # cov: of the final DONE line (edges of the instrumented code reached)
    features: int = -1            # ft:
    corpus_units: int = -1        # corp: units in the working corpus at the end
    new_units: int = -1           # stat::new_units_added
    seed: int = -1
    failures: List[str] = field(default_factory=list)  # reproducer files (crash-, leak-, timeout-, oom-)


def _ctest_verdicts(junit: str) -> Dict[str, str]:
    """ctest's verdict of each test (passed, failed or skipped) from its JUnit XML; ResultsError when the
    file is missing, empty or malformed."""
    return {case.name: case.verdict for case in read_xml(junit)}


def _read_run(target: str, work: str, verdict: str) -> FuzzRun:
    run = FuzzRun(target, verdict)
    log = os.path.join(work, "fuzzer.log")
    if os.path.exists(log):
        with open(log, encoding="utf-8", errors="replace") as handle:
            for line in handle:
                final, stat, seed = FINAL.match(line), STAT.match(line), SEED.match(line)
                if final:
                    run.edges, run.features, run.corpus_units = int(final["cov"]), int(final["ft"]), int(final["units"])
                elif stat and stat["name"] == "number_of_executed_units":
                    run.executions = int(stat["value"])
                elif stat and stat["name"] == "new_units_added":
                    run.new_units = int(stat["value"])
                elif seed:
                    run.seed = int(seed["seed"])
    for path in sorted(glob.glob(os.path.join(work, "artifacts", "*"))):
        name = os.path.basename(path)
        if name.startswith(FAILURE_PREFIXES):
            run.failures.append(name)
    return run


def run_fuzzing(runner: Runner, root: str) -> StepResult:
    """Builds and runs the fuzz preset; fuzzing/index.html, fuzzing/summary.json, fuzzing/logs/."""
    out_dir = os.path.join(runner.bundle, "fuzzing")
    shutil.rmtree(out_dir, ignore_errors=True)
    os.makedirs(os.path.join(out_dir, "logs"))
    jobs = paths.jobs()
    step = runner.run("fuzzing", [
        ["cmake", "--preset", "fuzz"],
        ["cmake", "--build", "--preset", "fuzz", "-j", jobs],
        ["ctest", "--preset", "fuzz", "-j", jobs, "--output-junit", os.path.join(out_dir, "ctest-junit.xml")],
    ])
    return report_fuzzing(runner, root, step)


def report_fuzzing(runner: Runner, root: str, step: StepResult) -> StepResult:
    """Reads the ctest verdicts (fuzzing/ctest-junit.xml) and every target's fuzzer.log and reproducers
    from build/fuzz, writes the reports, and fails the step on any failed run or reproducer."""
    out_dir = os.path.join(runner.bundle, "fuzzing")
    os.makedirs(os.path.join(out_dir, "logs"), exist_ok=True)
    work_root = os.path.join(paths.build_dir("fuzz", root), "tests", "io", "fuzz")
    junit = os.path.join(out_dir, "ctest-junit.xml")
    unread = ""
    try:
        verdicts = _ctest_verdicts(junit)
    except ResultsError as error:
        verdicts, unread = {}, str(error)
    runs = []
    reproducers: List[str] = []
    for target in sorted(verdicts):
        if not target.startswith("fuzz_"):
            continue
        work = os.path.join(work_root, target[len("fuzz_"):])  # run_fuzzer.cmake's WORK
        runs.append(_read_run(target, work, verdicts[target]))
        log = os.path.join(work, "fuzzer.log")
        if os.path.exists(log):
            shutil.copy(log, os.path.join(out_dir, "logs", target + ".log"))
        for name in runs[-1].failures:
            os.makedirs(os.path.join(out_dir, "reproducers", target), exist_ok=True)
            shutil.copy(os.path.join(work, "artifacts", name), os.path.join(out_dir, "reproducers", target, name))
            reproducers.append(os.path.join("fuzzing", "reproducers", target, name))
    failed = [r.target + (f" ({', '.join(r.failures)})" if r.failures else "") for r in runs
              if r.verdict != "passed" or r.failures]
    incomplete = [r.target for r in runs if (r.executions < 0 or r.edges < 0) and r.verdict == "passed"]
    failures = sum(len(r.failures) for r in runs)
    missing = [name for name in REACHES if name not in verdicts]
    step.ok = step.ok and bool(runs) and not failed and not incomplete and not missing and not unread
    flags = ("-runs=N -seed=1 -reload=0 -timeout=60 -rss_limit_mb=2048 -print_final_stats=1 "
             "-dict=tests/io/fuzz/dict/*.dict")
    step.detail = (f"{len(runs)} targets, {sum(max(r.executions, 0) for r in runs):,} executions, "
                   f"{failures} crashes, leaks or timeouts; "
                   + "; ".join(f"{r.target} {max(r.executions, 0):,} runs, {r.edges} edges" for r in runs)
                   + (f"; FAILED: {', '.join(failed)}" if failed else "")
                   + (f"; no statistics from {', '.join(incomplete)}" if incomplete else "")
                   + (f"; not run: {', '.join(missing)}" if missing else "")
                   + (f"; FAILED: results not read: {unread}" if unread else ""))
    summary = {"targets": [{"target": r.target, "ctest": r.verdict, "executions": r.executions, "edges": r.edges,
                            "features": r.features, "new_units": r.new_units, "corpus_units": r.corpus_units,
                            "seed": r.seed, "reproducers": r.failures} for r in runs]}
    with open(os.path.join(out_dir, "summary.json"), "w", encoding="utf-8") as handle:
        json.dump(summary, handle, indent=1, sort_keys=True)
        handle.write("\n")
    pages.write(os.path.join(out_dir, "index.html"), "fuzzing.html", runs=runs, detail=step.detail, flags=flags,
                reaches=REACHES)
    step.artifacts = ["fuzzing/index.html", "fuzzing/summary.json"] + \
        [os.path.join("fuzzing", "logs", name) for name in sorted(os.listdir(os.path.join(out_dir, "logs")))] + \
        (["fuzzing/ctest-junit.xml"] if os.path.exists(junit) else []) + reproducers
    return step
