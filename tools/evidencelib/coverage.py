"""Structural coverage of src/core/ (and, without a target, src/real/): statements and branches from gcc
(gcovr), MC/DC from clang-19; both also written as lcov tracefiles with genhtml's reports."""
import glob
import importlib.util
import json
import os
import shutil
from typing import Any, List

from .coverage_gaps import check_gaps
from sonnxtools.run import Runner, StepResult

CORE_FILTER = r"src/core/"
REAL_FILTER = r"src/real/"


def _ctest(build_dir: str) -> List[str]:
    # The suite minus what does not exercise the core's code paths (the trace
    # check, the install test, proofs) and what is too slow instrumented.
    return ["ctest", "--test-dir", build_dir, "-LE", "exhaustive|evidence|fuzz|why3|trace|package", "-j",
            str(os.cpu_count() or 2)]


def _gcovr(root: str, build: str, source_filter: str) -> List[str]:
    """gcovr over one source folder, from the coverage build's data only (the trailing search path)."""
    return ["gcovr", build, "--root", root, "--object-directory", build, "--filter", source_filter,
            "--exclude-unreachable-branches", "--exclude-throw-branches"]


# lcov's branch records are off unless asked for, in lcov (which would drop them from the tracefile) and in
# genhtml. lcov 1.16 reads gcc 12's data through gcov's JSON and keeps every branch gcov lists there, those
# that gcovr's --exclude-throw-branches and --exclude-unreachable-branches leave out included (lcov's option
# to leave out exception edges, geninfo_no_exception_branch, works only with gcov's text output, from which
# lcov 1.16 gets no data with gcc 12: it rejects gcc 12's .gcno records as overlong).
# So the tracefile's line counts are gcovr's, its branch totals are not; the gap check reads gcovr's data.
LCOV_BRANCHES = ["--rc", "lcov_branch_coverage=1"]


def _lcov(root: str, build: str, tracefile: str) -> List[List[str]]:
    """lcov over src/core/ and src/real/, from the coverage build's data only (--directory, as _gcovr); the
    default gcov is gcc 12's own (gcov -> gcov-12 on Debian 12), so no --gcov-tool."""
    everything = os.path.join(build, "lcov-all.info")
    return [["lcov", "--capture", "--directory", build, "--output-file", everything] + LCOV_BRANCHES,
            ["lcov", "--extract", everything, os.path.join(root, CORE_FILTER) + "*",
             os.path.join(root, REAL_FILTER) + "*", "--output-file", tracefile] + LCOV_BRANCHES]


def _genhtml(root: str, tracefile: str, out_dir: str, title: str) -> List[str]:
    return ["genhtml", tracefile, "--output-directory", out_dir, "--branch-coverage", "--demangle-cpp",
            "--prefix", root, "--title", title]


def _lcov_outputs(runner: Runner, name: str, commands: List[List[str]], artifacts: List[str],
                  result: StepResult) -> None:
    """Runs the commands that write lcov outputs as a step of their own (logs/<name>.log): the outputs
    written are added to the step's reports, and a failure is named in its figures but leaves its verdict
    as it was (they are other views of the data the step judges, not part of the judgement)."""
    written = runner.run(name, commands)
    present = [a for a in artifacts if os.path.exists(os.path.join(runner.bundle, a))]
    result.artifacts += present
    if not written.ok or present != artifacts:
        result.detail += f"; lcov outputs NOT all written (see {written.log})"


def gcc_coverage(runner: Runner, root: str) -> StepResult:
    """Builds the coverage preset, runs the suite, and writes gcovr's reports, then the same data as an lcov
    tracefile of src/core/ and src/real/ with genhtml's report (coverage/lcov.info, coverage/lcov/).

    gcovr is given the build directory as its search path: by default it reads
    every .gcda under the root, other build trees' included (_gcovr); lcov too (_lcov)."""
    out_dir = os.path.join(runner.bundle, "coverage")
    os.makedirs(os.path.join(out_dir, "real"), exist_ok=True)
    build = os.path.join(root, "build", "coverage")
    # Counters from an earlier run would add up: start from zero.
    for stale in glob.glob(os.path.join(build, "**", "*.gcda"), recursive=True):
        os.remove(stale)
    result = runner.run("coverage-gcc", [
        ["cmake", "--preset", "coverage"],
        ["cmake", "--build", "--preset", "coverage", "-j", str(os.cpu_count() or 2)],
        _ctest(build),
        _gcovr(root, build, CORE_FILTER) + [
         "--html-details", os.path.join(out_dir, "index.html"),
         "--json-summary", os.path.join(out_dir, "summary.json"),
         "--txt", os.path.join(out_dir, "summary.txt"), "--json", os.path.join(build, "core-lines.json")],
        # The real module (exact rationals, outside the core): reported, no target.
        _gcovr(root, build, REAL_FILTER) + [
         "--html-details", os.path.join(out_dir, "real", "index.html"),
         "--json-summary", os.path.join(out_dir, "real", "summary.json")],
    ])
    summary_path = os.path.join(out_dir, "summary.json")
    if result.ok and os.path.exists(summary_path):
        with open(summary_path, encoding="utf-8") as handle:
            totals = json.load(handle)
        result.detail = (f"statements {totals['line_percent']:.1f}% ({totals['line_covered']}/{totals['line_total']}), "
                         f"branches {totals['branch_percent']:.1f}% "
                         f"({totals['branch_covered']}/{totals['branch_total']})")
        result.artifacts = ["coverage/index.html", "coverage/summary.txt", "coverage/summary.json"]
        rows, problems = check_gaps(root, os.path.join(build, "core-lines.json"))
        with open(os.path.join(out_dir, "gaps.json"), "w", encoding="utf-8") as handle:
            json.dump({"gaps": rows, "unjustified": problems}, handle, indent=1)
            handle.write("\n")
        result.artifacts.append("coverage/gaps.json")
        result.detail += (f"; {len(rows)} lines with a gap, " + (f"{len(problems)} NOT JUSTIFIED" if problems
                          else "each justified (spec/coverage-justifications.md)"))
        if problems:
            result.ok = False
            with open(os.path.join(runner.bundle, result.log), "a", encoding="utf-8") as log:
                log.write("".join(f"unjustified gap: {problem}\n" for problem in problems))
        _call_coverage(runner, root, build, result)
        real_path = os.path.join(out_dir, "real", "summary.json")
        if os.path.exists(real_path):
            with open(real_path, encoding="utf-8") as handle:
                real = json.load(handle)
            result.detail += (f"; real module (no target): statements {real['line_percent']:.1f}%, "
                              f"branches {real['branch_percent']:.1f}%")
            result.artifacts += ["coverage/real/index.html", "coverage/real/summary.json"]
        tracefile = os.path.join(out_dir, "lcov.info")
        _lcov_outputs(runner, "coverage-gcc-lcov", _lcov(root, build, tracefile) + [
            _genhtml(root, tracefile, os.path.join(out_dir, "lcov"), "src/core and src/real, gcc")],
            ["coverage/lcov.info", "coverage/lcov/index.html"], result)
    return result


def _call_coverage_module(root: str) -> Any:
    """tests/coupling/call_coverage.py, which lives with the coupling analysis it extends."""
    path = os.path.join(root, "tests", "coupling", "call_coverage.py")
    spec = importlib.util.spec_from_file_location("call_coverage", path)
    if spec is None or spec.loader is None:
        raise RuntimeError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _call_coverage(runner: Runner, root: str, build: str, result: StepResult) -> None:
    """DIV-COUP-D3 on this step's run of the suite: every call between the core's components run, or
    justified; a call not run and not justified, or data that cannot be read, fails the step."""
    out_dir = os.path.join(runner.bundle, "coverage", "calls")
    objects = os.path.join(build, "src", "core", "CMakeFiles", "sonnx_core.dir")
    try:
        calls = _call_coverage_module(root).run(objects, os.path.join(root, "spec", "stack-and-coupling.md"),
                                                out_dir)
    except (OSError, RuntimeError, ValueError, KeyError, TypeError) as error:   # gcov's JSON not as expected too
        result.ok = False
        result.detail += f"; calls between components NOT judged: {error!r}"
        return
    run = sum(1 for e in calls.edges if e.run)
    justified = sum(1 for e in calls.edges if e.justified)
    result.artifacts += ["coverage/calls/call-coverage.md", "coverage/calls/call-coverage.json"]
    result.detail += (f"; calls between components: {run} of {len(calls.edges)} call sites run, "
                      f"{justified} justified")
    if calls.problems:
        result.ok = False
        result.detail += f", {len(calls.problems)} NOT (see coverage/calls/call-coverage.md)"
        with open(os.path.join(runner.bundle, result.log), "a", encoding="utf-8") as log:
            log.write("".join(problem.line() + "\n" for problem in calls.problems))


def _instrumented_binaries(build: str) -> List[str]:
    binaries = []
    for path in glob.glob(os.path.join(build, "**", "*"), recursive=True):
        if os.path.isfile(path) and os.access(path, os.X_OK) and not path.endswith((".so", ".sh", ".py")) \
                and "CMakeFiles" not in path:
            binaries.append(path)
    return sorted(binaries)


def clang_mcdc(runner: Runner, root: str) -> StepResult:
    """Builds the mcdc preset with clang-19, runs the suite, and reports MC/DC on src/core/."""
    out_dir = os.path.join(runner.bundle, "mcdc")
    os.makedirs(out_dir, exist_ok=True)
    build = os.path.join(root, "build", "mcdc")
    profiles = os.path.join(build, "profiles")
    shutil.rmtree(profiles, ignore_errors=True)
    os.makedirs(profiles)
    result = runner.run("coverage-mcdc", [
        ["cmake", "--preset", "mcdc"],
        ["cmake", "--build", "--preset", "mcdc", "-j", str(os.cpu_count() or 2)],
        _ctest(build),
    ], env={"LLVM_PROFILE_FILE": os.path.join(profiles, "%p-%m.profraw")})
    if not result.ok:
        return result
    raw = sorted(glob.glob(os.path.join(profiles, "*.profraw")))
    merged = os.path.join(build, "merged.profdata")
    binaries = _instrumented_binaries(os.path.join(build, "tests")) + \
        _instrumented_binaries(os.path.join(build, "why3"))
    if not raw or not binaries:
        result.ok = False
        result.detail = "no profiles or no test binaries"
        return result
    objects: List[str] = [binaries[0]]
    for extra in binaries[1:]:
        objects += ["-object", extra]
    core = os.path.join(root, "src", "core")
    report = runner.run("coverage-mcdc-report", [
        ["llvm-profdata-19", "merge", "-sparse", "-o", merged] + raw,
        ["sh", "-c", " ".join(["llvm-cov-19", "report"] + objects
                              + ["-instr-profile=" + merged, "--show-mcdc-summary", core])
         + " > " + os.path.join(out_dir, "report.txt")],
        ["llvm-cov-19", "show"] + objects + ["-instr-profile=" + merged, "-show-mcdc", "-format=html",
                                             "-output-dir=" + os.path.join(out_dir, "html"), core],
        ["sh", "-c", " ".join(["llvm-cov-19", "export", "-format=text", "-summary-only"] + objects
                              + ["-instr-profile=" + merged, core]) + " > " + os.path.join(out_dir, "export.json")],
    ])
    result.ok = report.ok
    export = os.path.join(out_dir, "export.json")
    if report.ok and os.path.exists(export):
        with open(export, encoding="utf-8") as handle:
            totals = json.load(handle)["data"][0]["totals"]
        mcdc = totals["mcdc"]
        result.detail = (f"MC/DC {mcdc['percent']:.1f}% ({mcdc['covered']}/{mcdc['count']} conditions), "
                         f"regions {totals['regions']['percent']:.1f}%, branches {totals['branches']['percent']:.1f}%")
        result.artifacts = ["mcdc/report.txt", "mcdc/html/index.html", "mcdc/export.json"]
        # The same profile as an lcov tracefile (llvm-cov's export), with genhtml's report: lines, functions and
        # branches; llvm-cov-19 writes no MC/DC records in it (those are in the three reports above).
        tracefile = os.path.join(out_dir, "lcov.info")
        _lcov_outputs(runner, "coverage-mcdc-lcov", [
            ["sh", "-c", " ".join(["llvm-cov-19", "export", "-format=lcov"] + objects
                                  + ["-instr-profile=" + merged, core]) + " > " + tracefile],
            _genhtml(root, tracefile, os.path.join(out_dir, "lcov"), "src/core, clang-19")],
            ["mcdc/lcov.info", "mcdc/lcov/index.html"], result)
    return result
