"""Running the test suite against the mutants: one run of each test case
with the switch off records which mutants each case reaches; then each
mutant runs only the cases that reach it, one process each, fastest first,
until one fails."""
import json
import os
from collections import Counter
import shutil
import signal
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Set

from .build import MutantRecord

# Not part of the killing suite: they do not run the mutated code (the trace
# tool's and the verifiers' own tests, the package consumers, the proof
# replay); tests labelled exhaustive (an hour each) are left to the bundle.
EXCLUDED = {"why3_replay", "trace_tool_tests", "trace_check", "verifier_controls", "package_consumer",
            "package_accuracy_consumer", "package_accuracy_not_installed",
            "python_module",   # the command line's code again, under a Python interpreter (test_cli runs it)
            "test_campaign_exhaustive",   # also labelled exhaustive
            # The analyses of gcc's data for the core's objects: a mutant build's objects carry the schemata
            # (other frames, other calls), which the budgets of spec/stack-and-coupling.md are not about.
            "stack_analysis", "test_stack_bound", "coupling_analysis", "call_coverage_controls"}
# Cases that measure the build rather than judge what it computes: the schemata's `return (switch ? default :
# (value))` is not a plain `return value;`, so the returned object is copied, not moved or elided, and the
# unmutated mutant build of check holds about three tensors more at its peak (404 MB against the 238 MB
# bound on 16M FP32 elements), failing a memory bound the release build meets.
EXCLUDED_CASES = {"Cli.PeakMemoryIsTheTensorsThemselves"}
# A mutant whose switch is evaluated more than the schemata's budget exits
# with this status (schemata.py, kBudget): killed (budget), decided by a
# count, not a clock.
BUDGET_EXIT = 125
# The backstop for a hang the budget cannot see (a loop without the active
# site): a mutant that makes a test run this many times its unmutated time
# (plus a margin) is counted killed (timeout); no kill or survival depends
# on this bound unless the mutant runs that long.
HANG_FACTOR = 10.0
HANG_MARGIN = 10.0


@dataclass
class Case:
    """One GoogleTest case of a test binary (name '' for a test that is not GoogleTest: run whole)."""
    name: str
    seconds: float = 0.0
    reached: Set[int] = field(default_factory=set)
    passed: bool = True


@dataclass
class SuiteTest:
    name: str
    command: List[str]
    cwd: str
    environment: Dict[str, str]
    cases: List[Case] = field(default_factory=list)
    setup: bool = False      # a ctest fixture's setup (FIXTURES_SETUP): run once, unmutated, before the others

    @property
    def gtest(self) -> bool:
        return any(w.startswith("--gtest_output=") for w in self.command)


# Process groups of the tests running now: each test runs in its own session (so that a hang is killed
# with its children), which also means an interrupted run must kill them itself (kill_running).
RUNNING: Set[int] = set()


def kill_running() -> None:
    for group in list(RUNNING):
        try:
            os.killpg(group, signal.SIGKILL)
        except ProcessLookupError:
            pass


def _environment(test: SuiteTest, mutant: int, trace: Optional[str]) -> Dict[str, str]:
    environment = dict(os.environ)
    environment.update(test.environment)
    environment["SONNX_MUTANT"] = str(mutant)
    environment.pop("SONNX_MUTANT_TRACE", None)
    if trace is not None:
        environment["SONNX_MUTANT_TRACE"] = trace
    return environment


def _list_cases(test: SuiteTest) -> List[Case]:
    if not test.gtest:
        return [Case("")]
    own_filter = [w for w in test.command if w.startswith("--gtest_filter=")]   # ctest's selection, kept
    listed = subprocess.run([test.command[0], "--gtest_list_tests"] + own_filter, cwd=test.cwd, capture_output=True,
                            text=True, env=_environment(test, 0, None), check=True).stdout
    cases, suite = [], ""
    for line in listed.splitlines():
        name = line.split("#", 1)[0].rstrip()
        if not name:
            continue
        if not line.startswith(" "):
            suite = name.strip()
        elif not (suite.startswith("DISABLED_") or name.strip().startswith("DISABLED_")) and \
                suite + name.strip() not in EXCLUDED_CASES:
            cases.append(Case(suite + name.strip()))
    return cases


def suite_tests(build: str) -> List[SuiteTest]:
    shown = subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1"], capture_output=True, text=True,
                           check=True).stdout
    tests = []
    for entry in json.loads(shown)["tests"]:
        properties = {p["name"]: p["value"] for p in entry.get("properties", [])}
        if entry["name"] in EXCLUDED or "command" not in entry or "exhaustive" in properties.get("LABELS", []):
            continue
        environment = {}
        for assignment in properties.get("ENVIRONMENT", []):
            key, _, value = assignment.partition("=")
            environment[key] = value
        test = SuiteTest(entry["name"], entry["command"], properties.get("WORKING_DIRECTORY", build), environment)
        test.setup = bool(properties.get("FIXTURES_SETUP"))
        test.cases = [Case("")] if test.setup else _list_cases(test)
        tests.append(test)
    return tests


def run_setups(tests: List[SuiteTest], log) -> List[SuiteTest]:
    """Runs the fixture setups (data the other tests read) with every mutant off; returns the other tests."""
    for test in tests:
        if test.setup:
            verdict = run_test(test, test.cases, 0, None)
            log.write(f"setup {test.name}: {verdict}\n")
            if verdict != "passed":
                raise RuntimeError(f"the fixture setup {test.name} fails unmutated: no mutant can be judged")
    return [t for t in tests if not t.setup]


def _command(test: SuiteTest, cases: List[Case], scratch: str, fail_fast: bool) -> List[str]:
    """The test's command restricted to `cases`, its GoogleTest XML sent to scratch (workers must not share a
    file)."""
    command = []
    for word in test.command:
        if word.startswith("--gtest_filter="):
            continue   # replaced by the cases' own filter, a subset of it
        if word.startswith("--gtest_output=xml:"):
            word = "--gtest_output=xml:" + os.path.join(scratch, test.name + ".xml")
        command.append(word)
    if test.gtest:
        command.append("--gtest_filter=" + ":".join(c.name for c in cases))
        if fail_fast:
            command.append("--gtest_fail_fast")
    return command


def run_test(test: SuiteTest, cases: List[Case], mutant: int, timeout: Optional[float],
             trace: Optional[str] = None) -> str:
    """'passed', 'failed', 'crashed', 'budget' (the switch's evaluation budget exhausted) or 'timeout'."""
    with tempfile.TemporaryDirectory(prefix="mutant-") as scratch:
        process = subprocess.Popen(_command(test, cases, scratch, trace is None), cwd=test.cwd,
                                   env=_environment(test, mutant, trace), stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, start_new_session=True, preexec_fn=_no_core_dumps)
        RUNNING.add(process.pid)
        try:
            status = process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            return "timeout"
        finally:
            RUNNING.discard(process.pid)
            try:
                os.killpg(process.pid, signal.SIGKILL)   # what the test left running
            except ProcessLookupError:
                pass
    if status == 0:
        return "passed"
    if status == BUDGET_EXIT:
        return "budget"
    return "crashed" if status < 0 else "failed"


def _no_core_dumps() -> None:
    import resource
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def record_reach(tests: List[SuiteTest], work: str, jobs: int, log) -> None:
    """Runs each case once with every mutant off, recording the mutants it reaches and its time."""
    def one(item) -> None:
        k, test, case = item
        trace = os.path.join(work, "reach", f"{test.name}-{k}")
        shutil.rmtree(trace, ignore_errors=True)
        os.makedirs(trace)
        started = time.monotonic()
        case.passed = run_test(test, [case], 0, None, trace) == "passed"
        case.seconds = time.monotonic() - started
        for name in os.listdir(trace):
            with open(os.path.join(trace, name), encoding="utf-8") as handle:
                case.reached.update(int(line) for line in handle if line.strip())

    items = [(k, test, case) for test in tests for k, case in enumerate(test.cases)]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(one, items))
    for test in tests:
        reached = set().union(*(c.reached for c in test.cases)) if test.cases else set()
        log.write(f"baseline {test.name}: {len(test.cases)} cases, "
                  f"{sum(c.seconds for c in test.cases):.1f} s, reaches {len(reached)} mutants"
                  f"{'' if all(c.passed for c in test.cases) else ', FAILS'}\n")
    log.flush()


# [impl->req~div-tq-d4~3]
def mutant_key(record: MutantRecord) -> str:
    """What identifies a mutant across runs: its place, its source line and its operator."""
    return f"{record.file}:{record.line}:{record.column}:{record.operator}:{record.description}:{record.code}"


def save_progress(records: List[MutantRecord], path: str) -> None:
    """The verdicts so far (written as the run goes, so that an interrupted run keeps them): kills for
    --resume, and survivors, so that a partial run's survivors can be read."""
    judged = {mutant_key(r): [r.status, r.killed_by, r.build, r.detail] for r in records
              if r.status in ("killed", "survived")}
    with open(path + ".tmp", "w", encoding="utf-8") as handle:
        json.dump(judged, handle, indent=0)
    os.replace(path + ".tmp", path)


def load_progress(records: List[MutantRecord], path: str) -> int:
    """Marks the mutants an earlier run killed (same place, line and operator) as killed; returns how many.
    Its survivors are judged again: a test added since may kill them."""
    if not os.path.exists(path):
        return 0
    with open(path, encoding="utf-8") as handle:
        judged = json.load(handle)
    count = 0
    # Two mutants of one line can share a key (both `+` of `a + b + c` start at one column): their verdicts
    # cannot be told apart, so neither is taken and both are judged again.
    keys = Counter(mutant_key(r) for r in records)
    for record in records:
        if keys[mutant_key(record)] > 1:
            continue
        earlier = judged.get(mutant_key(record))
        if isinstance(earlier, list) and len(earlier) == 3:   # the first format: kills only
            earlier = ["killed"] + earlier
        if earlier is not None and earlier[0] == "killed" and record.status == "pending":
            record.status, record.killed_by, record.build = "killed", earlier[1], earlier[2]
            record.detail = earlier[3] + " (earlier run, --resume)"
            count += 1
    return count


def kill(records: List[MutantRecord], tests: List[SuiteTest], build_name: str, jobs: int, log,
         only: Optional[Set[int]] = None, progress: str = "") -> None:
    """Runs every mutant not yet killed (of `only`, when given) against the cases that reach it; fills status
    and killed_by."""
    failing = [f"{t.name} {c.name}" for t in tests for c in t.cases if not c.passed]
    if failing:
        raise RuntimeError(f"the unmutated {build_name} build fails {', '.join(failing)}: no mutant can be judged")

    def judge(record: MutantRecord) -> None:
        # Every case that reaches the mutant, in its own process, fastest first over the whole suite: a
        # binary runs its cases in the order of its source file, so a cheap killing case would otherwise
        # wait behind the expensive ones declared before it.
        reaching = sorted(((case.seconds, k, test, case) for k, test in enumerate(tests) for case in test.cases
                           if record.id in case.reached), key=lambda item: (item[0], item[1]))
        if not reaching:
            return
        for seconds, _, test, case in reaching:
            verdict = run_test(test, [case], record.id, HANG_FACTOR * seconds + HANG_MARGIN)
            if verdict != "passed":
                record.status, record.build, record.detail = "killed", build_name, verdict
                record.killed_by = test.name + (f" ({case.name})" if case.name else "")
                return
        by_test: Dict[str, int] = {}
        for _, _, test, _ in reaching:
            by_test[test.name] = by_test.get(test.name, 0) + 1
        record.status, record.build = "survived", build_name
        record.detail = "reached by " + ", ".join(f"{name} ({count} cases)" for name, count in by_test.items())

    pending = [r for r in records
               if r.status not in ("killed", "not-judged", "justified") and (only is None or r.id in only)]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for done, _ in enumerate(pool.map(judge, pending), 1):
            if progress and done % 20 == 0:
                save_progress(records, progress)
            if done % 100 == 0:
                survived = sum(1 for r in pending if r.status == "survived")
                log.write(f"{build_name}: {done} of {len(pending)} mutants judged, {survived} survived so far\n")
                log.flush()
    if progress:
        save_progress(records, progress)
