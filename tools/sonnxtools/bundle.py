"""The evidence bundle's steps, declared once.

Each Step says what it runs (its function, and one line for the reader), the artifacts it writes and
which of them carry a time, the requirements and the DO-178C / ISO 26262 objectives it supports, and the
spec/ documents it attaches. The runner (tools/evidence), the manifest and `--compare` (which artifacts
carry a time), the index page and the qualification page (the objectives and their status in this run)
all read STEPS: adding a step is one entry here and its module.
"""
import fnmatch
import os
import re
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from .run import Runner, StepResult


@dataclass
class Context:
    """What a step's function is given: the runner (root, bundle, logs), whether --quick left the full-only
    steps out, and the results of the steps that ran before it."""
    runner: Runner
    quick: bool
    done: Dict[str, StepResult] = field(default_factory=dict)

    @property
    def root(self) -> str:
        return self.runner.root

    @property
    def bundle(self) -> str:
        return self.runner.bundle


@dataclass(frozen=True)
class Objective:
    key: str
    text: str     # the objective or method, as the standard names it
    limits: str   # what the bundle's steps do not show of it, whatever their verdicts ("" when nothing)


@dataclass(frozen=True)
class Step:
    name: str
    run: Callable[[Context], StepResult]
    does: str                                   # what it runs, for the reader
    writes: Tuple[str, ...]                     # artifacts it writes (fnmatch patterns, relative to the bundle)
    timestamped: Tuple[str, ...] = ()           # those that carry a time: not compared byte for byte
    requirements: Tuple[str, ...] = ()          # the project's requirements whose evidence it gives
    objectives: Tuple[str, ...] = ()            # keys of OBJECTIVES
    documents: Tuple[str, ...] = ()             # spec/ documents a reviewer reads beside its reports
    left_out_by_quick: str = ""                 # non-empty: a full-bundle step, shown under this name when left out
    fatal: str = ""                             # non-empty: the bundle stops when it fails, saying this
    reads_pages: bool = False                   # runs on the finished pages: index and manifest written first

    def declares(self, artifact: str) -> bool:
        return any(fnmatch.fnmatch(artifact, pattern) for pattern in self.writes) or \
            artifact in (f"spec/{name}" for name in self.documents)


# The configurations whose flags the manifest records: the presets the steps build.
FLAG_PRESETS = ("release", "asan", "coverage", "mcdc")


def build_flags(root: str) -> Dict[str, str]:
    """The build flags the manifest records, read where the build takes them: the warning and
    floating-point flags from cmake/Strictness.cmake, the instruction set and -Werror from each configured
    preset's CMakeCache.txt (a preset not configured is said to be so)."""
    def cache(preset: str, name: str) -> Optional[str]:
        path = os.path.join(root, "build", preset, "CMakeCache.txt")
        if not os.path.exists(path):
            return None
        with open(path, encoding="utf-8", errors="replace") as handle:
            for line in handle:
                if line.startswith(name + ":"):
                    return line.split("=", 1)[1].strip()
        return ""

    with open(os.path.join(root, "cmake", "Strictness.cmake"), encoding="utf-8") as handle:
        strictness = handle.read()

    def listed(name: str) -> str:
        found = re.search(r"set\(" + name + r" ([^)]*)\)", strictness)
        return " ".join(found.group(1).split()) if found else "not found"

    arch = []
    for preset in FLAG_PRESETS:
        value = cache(preset, "SONNX_ARCH_FLAGS")
        arch.append(f"{preset}: " + ("not configured" if value is None else value or "baseline ISA"))
    werror = [p for p in FLAG_PRESETS if cache(p, "SONNX_WERROR") in ("ON", "TRUE", "1")]
    return {"arch": "; ".join(arch),
            "warnings": listed("SONNX_WARNING_FLAGS") + (f" -Werror ({', '.join(werror)})" if werror else ""),
            "floating point": listed("SONNX_FP_FLAGS")}


# Artifacts of the bundle itself, written by no step: the logs (with durations), the index page (times),
# the step times, the manifest (its date), and the runtimes report (made by another command,
# tools/runtimes, with its date).
BUNDLE_TIMESTAMPED = ("logs/*", "index.html", "timings.json", "manifest.json", "runtimes/*")

# DO-178C Table A-7 (verification of verification process results), ISO 26262-6 Table 7 (software unit
# verification methods) and Table 9 (structural coverage at the unit level). Which steps support each is
# said by the steps; the status is this run's (qualification page).
OBJECTIVES: List[Objective] = [
    Objective("A-7 1", "DO-178C A-7 1: test procedures are correct",
              "no independent review record of each test; the tests derive expected values from the spec, by hand "
              "or from the MPFR oracle (each test file's header says which)"),
    Objective("A-7 2", "DO-178C A-7 2: test results are correct and discrepancies explained", ""),
    Objective("A-7 3/4", "DO-178C A-7 3 / A-7 4: test coverage of high- and low-level requirements",
              "the spec's requirements and the derived ones are one level"),
    Objective("A-7 5-7", "DO-178C A-7 5, 6, 7: MC/DC, decision and statement coverage",
              "src/core/ on the host; MC/DC is reported, not gated"),
    Objective("A-7 8", "DO-178C A-7 8: data coupling and control coupling",
              "src/core/ only: its components' interfaces (every call between them, with its parameters read or "
              "written) from gcc's call graph, no writable static data in its objects, and every call site between "
              "components run by the suite in the coverage build or justified; on the host"),
    Objective("A-7 9", "DO-178C A-7 9: verification of code not traceable to source (object code)",
              "no object-code analysis: the object code of three other builds of src/core/ (gcc 12 for AArch64 "
              "and s390x, clang-19 for x86-64) is run through the unit tests and back to back with gcc's x86-64 "
              "core (every 16-bit pair in the full bundle, a strided subset with --quick); under qemu-user, "
              "not on target hardware"),
    Objective("T7 1c", "ISO 26262-6 Table 7 1c: inspection",
              "one inspection record (spec/inspections.md), checked for completeness by the trace"),
    Objective("T7 1e", "ISO 26262-6 Table 7 1e: formal verification",
              "proves the Why3 models; the integer model is run against the C++ core (Table 7 1n), the float "
              "models are not run (why3/README.md)"),
    Objective("T7 1h", "ISO 26262-6 Table 7 1h: static code analysis", "src/core/ only"),
    Objective("T7 1j/1k", "ISO 26262-6 Table 7 1j requirements-based test, 1k interface test", ""),
    Objective("T7 1l", "ISO 26262-6 Table 7 1l: fault injection test",
              "the mutants of src/core/, src/oracle/ and src/check/ only, under the eight operators of DIV-TQ-D4"),
    Objective("T7 1m", "ISO 26262-6 Table 7 1m: resource usage evaluation",
              "peak memory (DIV-IO-D5) and a worst-case stack bound per public function of src/core/ from gcc's "
              "frame sizes, checked on threads with that stack (DIV-STACK-D1); no WCET analysis"),
    Objective("T7 1n", "ISO 26262-6 Table 7 1n: back-to-back comparison between model and code",
              "the integer model only (every 4- and 8-bit pair and seeded wider pairs in every suite, every "
              "16-bit pair in the full bundle); the float models do not run"),
    Objective("T9 1a-1c", "ISO 26262-6 Table 9 1a, 1b, 1c: statement, branch, MC/DC coverage",
              "on the host"),
    Objective("target", "Target hardware, compiler qualification",
              "the host (x86-64) and AArch64 and s390x emulated by qemu-user 7.2 (no target hardware, no "
              "FEAT_AFP); gcc 12 and clang 19 are not qualified, their cores are compared with each other"),
]


def _steps() -> List[Step]:
    # The step functions live in evidencelib, which imports this package: imported here, when asked for.
    from evidencelib import steps as s
    return [
        Step("setup", s.setup, "tools/setup evidence: the Debian packages every step needs",
             writes=(), fatal="could not install the tools"),
        Step("suite-release", s.suite_release,
             "the release preset built with warnings as errors, its whole ctest suite (GoogleTest, the Python "
             "tests, the proof replay, the trace and conformance runs)",
             writes=("tests/report.html", "tests/summary.json", "tests/ctest-junit.xml", "tests/gtest/*"),
             timestamped=("tests/ctest-junit.xml", "tests/gtest/*"),
             requirements=("DIV-TQ-D1", "DIV-TQ-D2", "DIV-TQ-D3", "DIV-TQ-D5", "DIV-IO-D5"),
             objectives=("A-7 1", "A-7 2", "T7 1j/1k", "T7 1l", "T7 1m", "T7 1n")),
        Step("suite-asan", s.suite_asan,
             "the asan preset (AddressSanitizer and UndefinedBehaviorSanitizer, baseline ISA) and its suite",
             writes=("sanitizers/report.html", "sanitizers/summary.json", "sanitizers/ctest-junit.xml",
                     "sanitizers/gtest/*"),
             timestamped=("sanitizers/ctest-junit.xml", "sanitizers/gtest/*"),
             objectives=("A-7 2", "T7 1j/1k")),
        Step("api-reference", s.api_reference,
             "the release preset's docs target: Doxygen over include/sonnx/ with warnings as errors, the man page",
             writes=("api/*",), requirements=("DIV-DOC-D4", "DIV-DOC-D5")),
        # The lcov tracefiles carry execution counts, which differ from run to run, and lcov 1.16 writes a
        # file's functions in an order that differs too; genhtml's and gcovr's detail pages show a date.
        Step("stack", s.stack, "ctest label stack on the release build: the worst-case stack of each public "
             "function of the core from gcc's -fstack-usage and -fcallgraph-info, its negative controls (a seeded "
             "large local array, a seeded recursion), each function run on a thread with that bound",
             writes=("stack/*",), timestamped=("stack/ctest-junit.xml",),
             requirements=("DIV-STACK-D1",), objectives=("T7 1m",), documents=("stack-and-coupling.md",)),
        Step("coupling", s.coupling, "ctest label coupling on the release build: the core's components and every "
             "call between them with its data, from gcc's call graph; no writable static data in its objects; "
             "its negative controls (a seeded global, a seeded static)",
             writes=("coupling/*",), timestamped=("coupling/ctest-junit.xml",),
             requirements=("DIV-COUP-D1", "DIV-COUP-D2"), objectives=("A-7 8",),
             documents=("stack-and-coupling.md",)),
        Step("targets", s.targets, "ctest label targets (and targets-full in the full bundle) on the release build: "
             "the core and its unit tests cross-built for AArch64 and s390x and run under qemu-user, built by "
             "clang-19 and run natively, their stack bounds, and each build's core back to back with x86-64's",
             writes=("targets/*",), timestamped=("targets/ctest-junit.xml",),
             requirements=("DIV-TGT-D1", "DIV-TGT-D2", "DIV-TGT-D3"), objectives=("A-7 9", "target"),
             documents=("targets.md",)),
        Step("coverage-gcc", s.coverage_gcc,
             "the coverage preset (gcc), the suite, gcovr's statements and branches of src/core/ gated by "
             "spec/coverage-justifications.md; every call between the core's components run or justified "
             "(gcc's call graph and gcov's counters of the same run); the same data as an lcov tracefile with "
             "genhtml's report",
             writes=("coverage/*",),
             timestamped=("coverage/*index*.html", "coverage/lcov.info", "coverage/lcov/*",
                          "coverage/calls/call-coverage.md"),
             requirements=("DIV-COUP-D3",), objectives=("A-7 5-7", "T9 1a-1c", "A-7 8"),
             documents=("coverage-justifications.md", "stack-and-coupling.md")),
        Step("coverage-mcdc", s.coverage_mcdc, "the mcdc preset (clang-19 -fcoverage-mcdc), the suite, llvm-cov's "
             "MC/DC of src/core/",
             writes=("mcdc/*",), timestamped=("mcdc/html/*", "mcdc/lcov.info", "mcdc/lcov/*"),
             objectives=("A-7 5-7", "T9 1a-1c"), documents=("coverage-justifications.md",)),
        Step("static-analysis", s.static_analysis,
             "clang-tidy-19 and cppcheck over src/core/, each finding matched against spec/deviations.md",
             writes=("static-analysis/*",), objectives=("T7 1h",), documents=("deviations.md", "misra.md")),
        Step("fuzzing", s.fuzzing, "the fuzz preset (libFuzzer, ASan, UBSan): every target of tests/io/fuzz/ "
             "a fixed number of executions from seed 1",
             writes=("fuzzing/*",), timestamped=("fuzzing/ctest-junit.xml", "fuzzing/logs/*"),
             requirements=("DIV-IO-D4",), objectives=("T7 1j/1k",)),
        # The replay JSON and the goal table show prover times; verdicts.json does not.
        Step("proofs", s.proofs, "tools/proofs check-sources and replay: every committed Why3 session",
             writes=("proofs/*",), timestamped=("proofs/replay.json", "proofs/goals.html"),
             objectives=("T7 1e",)),
        Step("mutation", s.mutation,
             "tools/mutate run: every mutant of src/core/, src/oracle/ and src/check/ against the suite",
             writes=("mutation/*",), timestamped=("mutation/results.json",),
             requirements=("DIV-TQ-D4",), objectives=("T7 1l", "A-7 1"),
             left_out_by_quick="mutation analysis (--quick)"),
        Step("campaigns-exhaustive", s.campaigns_exhaustive,
             "ctest label exhaustive: every 16-bit pair against the oracles and the integer model",
             writes=("campaigns/ctest-junit.xml", "campaigns/test_campaign_exhaustive.xml"),
             timestamped=("campaigns/ctest-junit.xml", "campaigns/test_campaign_exhaustive.xml"),
             requirements=("DIV-TQ-D1", "DIV-TQ-D3"), objectives=("T7 1j/1k", "T7 1n"),
             left_out_by_quick="exhaustive FP16/BF16 campaigns (--quick)"),
        Step("oracle-agreement", s.oracle_agreement,
             "the MPFR oracle against the second oracle, from the release suite's results",
             writes=("oracle-agreement/*",), timestamped=("oracle-agreement/gtest/*",),
             requirements=("DIV-TQ-D3",), objectives=("A-7 1",)),
        # The page and the quick campaigns' reports show each campaign's seconds; summary.json does not.
        Step("campaigns", s.campaigns, "sonnx-div campaign: the core against the exact oracle; sonnx-div check "
             "on a reciprocal-multiply runtime",
             writes=("campaigns/*",),
             timestamped=("campaigns/index.html", "campaigns/*-sampled.json", "campaigns/int4-*.json",
                          "campaigns/int8-*.json", "campaigns/uint4.json", "campaigns/uint8.json"),
             requirements=("DIV-TQ-D1",), objectives=("T7 1j/1k",)),
        Step("qualification", s.qualification,
             "the known-answer and seeded-fault tests of every verification tool, from the release suite",
             writes=("qualification/*",),
             requirements=("DIV-TQ-D1", "DIV-TQ-D2", "DIV-TQ-D3", "DIV-TQ-D4", "DIV-TQ-D5"),
             objectives=("A-7 1",)),
        Step("trace", s.trace, "tools/trace export and check with this bundle's results",
             writes=("trace/*",), objectives=("A-7 2", "A-7 3/4", "T7 1c", "T7 1j/1k"),
             documents=("findings.md", "tool-qualification.md")),
        # Last: it opens the finished index page.
        Step("browser-check", s.browser_check, "headless Chromium renders index.html; every link resolves",
             writes=(), objectives=("A-7 2",), reads_pages=True),
    ]


_CACHE: List[Step] = []


def steps() -> List[Step]:
    """The bundle's steps, in the order they run."""
    if not _CACHE:
        _CACHE.extend(_steps())
    return _CACHE


def step(name: str) -> Optional[Step]:
    return next((s for s in steps() if s.name == name), None)


def timestamped_patterns() -> Tuple[str, ...]:
    """Every pattern of an artifact that carries a time: the bundle's own and each step's."""
    return BUNDLE_TIMESTAMPED + tuple(p for s in steps() for p in s.timestamped)


def is_timestamped(relative: str, patterns: Optional[Sequence[str]] = None) -> bool:
    return any(fnmatch.fnmatch(relative, pattern) for pattern in (patterns or timestamped_patterns()))


def objective_steps(key: str) -> List[Step]:
    return [s for s in steps() if key in s.objectives]


def undeclared(declared: Step, artifacts: Sequence[str]) -> List[str]:
    """The artifacts a step reported that its entry does not declare."""
    return [a for a in artifacts if not declared.declares(os.path.normpath(a))]


def objectives_markdown() -> str:
    """The objectives table of docs/certification.md: each objective, the steps that support it and what
    they do not show, from OBJECTIVES and the step list. No status: that is a run's (qualification page)."""
    lines = ["| objective | steps of the bundle that support it | what those steps do not show |",
             "|---|---|---|"]
    for objective in OBJECTIVES:
        names = ", ".join(f"`{s.name}`" for s in objective_steps(objective.key)) or "none: not covered"
        lines.append(f"| {objective.text} | {names} | {objective.limits or '-'} |")
    return "\n".join(lines) + "\n"
