"""Back-to-back comparison of the core on other targets with the x86-64 core (DIV-TGT-D1).

Runs tests/targets/b2b_driver on the reference (the release build's, gcc 12 on x86-64) and on each
candidate (a cross build under qemu-user, or the clang-19 build), row by row, and compares the rows'
digests: the canonical digest (every quiet NaN replaced by one) must be equal on every row; where the raw
digest differs too (NaN encodings), up to ROWS_COMPARED rows per type are dumped on both sides and compared
element by element, and each differing element must be a quiet NaN on both sides; where the canonical
digest differs, those rows are dumped and their differing elements listed (the failure).

  plan(mode) -> the jobs of a run: (type, rows begin:end:stride, chunk)
  compare(reference, candidate, jobs, workers) -> Outcome

Both sides are run in parallel, `workers` processes at a time (one job's rows split in shards)."""
import json
import os
import shlex
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

SIXTEEN_BIT = ("fp16", "bf16", "int16-floor", "int16-trunc", "uint16")
SMALL = ("int4-floor", "int4-trunc", "uint4", "int8-floor", "int8-trunc", "uint8")
SAMPLED = ("fp32", "fp64", "int32-floor", "int32-trunc", "uint32", "int64-floor", "int64-trunc", "uint64")
FLOAT_BITS = {"fp16": (5, 10), "bf16": (8, 7), "fp32": (8, 23), "fp64": (11, 52)}
ROWS_COMPARED = 4      # rows per type compared element by element where only NaN encodings differ
FAILED_ROWS_SHOWN = 8  # rows per type dumped where the canonical digests differ


@dataclass(frozen=True)
class Job:
    type: str
    begin: int
    end: int
    stride: int
    chunk: int

    @property
    def rows(self) -> int:
        return len(range(self.begin, self.end, self.stride))

    def describe(self) -> str:
        stride = f" every {self.stride}th" if self.stride > 1 else ""
        return f"{self.type} rows {self.begin}..{self.end - 1}{stride}, {self.chunk} per call"


def plan(mode: str) -> List[Job]:
    """quick: every 1024th row of the 16-bit types in calls of 64 and every 16384th in calls of 1, every
    pair of the 4- and 8-bit types both ways, 4 rows of each sampled type in calls of 64 and 1 in calls of 1.
    full: every row of the 16-bit types in calls of 64 and every 256th in calls of 1; 1024 rows of each
    sampled type in calls of 64 and 64 in calls of 1."""
    if mode not in ("quick", "full"):
        raise ValueError(mode)
    quick = mode == "quick"
    jobs: List[Job] = []
    for name in SIXTEEN_BIT:
        jobs.append(Job(name, 0, 65536, 1024 if quick else 1, 64))
        jobs.append(Job(name, 0, 65536, 32768 if quick else 256, 1))
    for name in SMALL:
        jobs.append(Job(name, 0, 1, 1, 64))
        jobs.append(Job(name, 0, 1, 1, 1))
    for name in SAMPLED:
        jobs.append(Job(name, 0, 4 if quick else 1024, 1, 64))
        jobs.append(Job(name, 0, 1 if quick else 64, 1, 1))
    return jobs


def pairs_of(job: Job) -> int:
    per_row = {"int4-floor": 256, "int4-trunc": 256, "uint4": 256}.get(job.type, 65536)
    return job.rows * per_row


@dataclass
class Side:
    """How to run one build's driver: an emulator prefix (possibly empty) and the driver's path."""
    name: str
    command: List[str]
    extra: List[str] = field(default_factory=list)  # appended to the driver's arguments (--fault KIND)

    @staticmethod
    def of(name: str, command: str, extra: Sequence[str] = ()) -> "Side":
        return Side(name, shlex.split(command), list(extra))


@dataclass
class RowDigests:
    rows: Dict[int, Tuple[str, str]] = field(default_factory=dict)  # row -> (canonical, raw)
    summary: List[str] = field(default_factory=list)


def _shards(job: Job, workers: int) -> List[Tuple[int, int, int]]:
    """The job's rows cut into about 4 * workers shards of whole strides."""
    rows = list(range(job.begin, job.end, job.stride))
    count = max(1, min(len(rows), 4 * workers))
    size = (len(rows) + count - 1) // count
    shards = []
    for start in range(0, len(rows), size):
        part = rows[start:start + size]
        shards.append((part[0], part[-1] + 1, job.stride))
    return shards


def _run_driver(side: Side, arguments: List[str]) -> str:
    command = side.command + arguments + side.extra
    completed = subprocess.run(command, capture_output=True, text=True, check=False)
    if completed.returncode != 0:
        raise RuntimeError(f"{side.name}: {' '.join(command)} exited {completed.returncode}: "
                           f"{completed.stderr.strip()[:500]}")
    return completed.stdout


def digests(side: Side, job: Job, pool: ThreadPoolExecutor, workers: int) -> RowDigests:
    futures = [pool.submit(_run_driver, side, [job.type, "--rows", f"{b}:{e}:{s}", "--chunk", str(job.chunk)])
               for b, e, s in _shards(job, workers)]
    result = RowDigests()
    for future in futures:
        for line in future.result().splitlines():
            fields = line.split()
            if fields and fields[0] == "row":
                result.rows[int(fields[2])] = (fields[3], fields[4])
            elif fields and fields[0] == "type":
                result.summary.append(line)
    return result


def dump(side: Side, job: Job, row: int) -> Dict[int, Tuple[int, int, int, int, int]]:
    """index -> (a, b, y, call flags, status code) of one row."""
    out: Dict[int, Tuple[int, int, int, int, int]] = {}
    for line in _run_driver(side, [job.type, "--dump", str(row), "--chunk", str(job.chunk)]).splitlines():
        f = line.split()
        if f and f[0] == "elem":
            out[int(f[3])] = (int(f[4], 16), int(f[5], 16), int(f[6], 16), int(f[8]), int(f[9]))
    return out


def _quiet_nan(type_name: str, bits: int) -> bool:
    if type_name not in FLOAT_BITS:
        return False
    exponent_bits, fraction_bits = FLOAT_BITS[type_name]
    exponent = (bits >> fraction_bits) & ((1 << exponent_bits) - 1)
    fraction = bits & ((1 << fraction_bits) - 1)
    return exponent == (1 << exponent_bits) - 1 and (fraction >> (fraction_bits - 1)) & 1 == 1


@dataclass
class JobOutcome:
    job: Job
    rows: int = 0
    pairs: int = 0
    canonical_mismatches: List[int] = field(default_factory=list)
    raw_only_rows: int = 0
    nan_elements_compared: int = 0
    nan_examples: List[str] = field(default_factory=list)
    failures: List[str] = field(default_factory=list)


@dataclass
class Outcome:
    candidate: str
    jobs: List[JobOutcome] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def failures(self) -> List[str]:
        return [f for j in self.jobs for f in j.failures]

    @property
    def ok(self) -> bool:
        return not self.failures

    def summary(self) -> str:
        rows = sum(j.rows for j in self.jobs)
        pairs = sum(j.pairs for j in self.jobs)
        raw = sum(j.raw_only_rows for j in self.jobs)
        nans = sum(j.nan_elements_compared for j in self.jobs)
        bad = sum(len(j.canonical_mismatches) for j in self.jobs)
        return (f"{self.candidate}: {len(self.jobs)} jobs, {rows} rows, {pairs} pairs; {bad} rows whose values, "
                f"flags or statuses differ; {raw} rows differing only in NaN encodings ({nans} elements of "
                f"those compared one by one, each a quiet NaN on both sides); {self.seconds:.0f} s")


def compare_job(reference: RowDigests, candidate: RowDigests, job: Job, reference_side: Side,
                candidate_side: Side, rows_compared: int = ROWS_COMPARED,
                failed_rows_shown: int = FAILED_ROWS_SHOWN) -> JobOutcome:
    outcome = JobOutcome(job)
    expected_rows = set(range(job.begin, job.end, job.stride))
    outcome.rows = len(candidate.rows)
    outcome.pairs = pairs_of(job)
    if set(reference.rows) != expected_rows or set(candidate.rows) != expected_rows:
        outcome.failures.append(f"{job.describe()}: rows missing (reference {len(reference.rows)}, "
                                f"{candidate_side.name} {len(candidate.rows)}, expected {len(expected_rows)})")
        return outcome
    raw_only: List[int] = []
    for row in sorted(expected_rows):
        ref_canonical, ref_raw = reference.rows[row]
        can_canonical, can_raw = candidate.rows[row]
        if ref_canonical != can_canonical:
            outcome.canonical_mismatches.append(row)
        elif ref_raw != can_raw:
            raw_only.append(row)
    outcome.raw_only_rows = len(raw_only)
    for row in outcome.canonical_mismatches[:failed_rows_shown]:
        ref = dump(reference_side, job, row)
        can = dump(candidate_side, job, row)
        differing = [i for i in sorted(ref) if ref[i] != can.get(i)]
        shown = ", ".join(f"[{i}] {ref[i][0]:#x}/{ref[i][1]:#x}: y {ref[i][2]:#x} flags {ref[i][3]} status "
                          f"{ref[i][4]} vs y {can[i][2]:#x} flags {can[i][3]} status {can[i][4]}"
                          for i in differing[:5] if i in can)
        outcome.failures.append(f"{job.describe()}: row {row}: {len(differing)} elements differ: {shown}")
    if len(outcome.canonical_mismatches) > failed_rows_shown:
        outcome.failures.append(f"{job.describe()}: {len(outcome.canonical_mismatches)} rows differ in all")
    for row in raw_only[:rows_compared]:
        ref = dump(reference_side, job, row)
        can = dump(candidate_side, job, row)
        for i in sorted(ref):
            if ref[i] == can.get(i):
                continue
            r, c = ref[i], can.get(i)
            same_call = c is not None and r[:2] == c[:2] and r[3:] == c[3:]
            if same_call and _quiet_nan(job.type, r[2]) and _quiet_nan(job.type, c[2]):
                outcome.nan_elements_compared += 1
                if len(outcome.nan_examples) < 3:
                    outcome.nan_examples.append(f"{job.type} {r[0]:#x}/{r[1]:#x}: {r[2]:#x} vs {c[2]:#x}")
            else:
                outcome.failures.append(f"{job.describe()}: row {row} element {i}: digests equal up to NaNs, but "
                                        f"{r} vs {c} is not a difference of quiet NaNs")
    return outcome


def compare(reference: Side, candidates: Sequence[Side], jobs: Sequence[Job], workers: int,
            log=print, rows_compared: int = ROWS_COMPARED, failed_rows_shown: int = FAILED_ROWS_SHOWN) -> List[Outcome]:
    """Every candidate against the reference, job by job (the reference's digests computed once)."""
    import time
    outcomes = [Outcome(c.name) for c in candidates]
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for job in jobs:
            started = time.monotonic()
            ref = digests(reference, job, pool, workers)
            elapsed_reference = time.monotonic() - started
            for side, outcome in zip(candidates, outcomes):
                started = time.monotonic()
                result = compare_job(ref, digests(side, job, pool, workers), job, reference, side, rows_compared,
                                     failed_rows_shown)
                seconds = time.monotonic() - started
                outcome.jobs.append(result)
                outcome.seconds += seconds
                verdict = "equal" if not result.failures else "DIFFERENT"
                log(f"{side.name}: {job.describe()}: {result.rows} rows {verdict}"
                    f"{f' ({result.raw_only_rows} differ only in NaN encodings)' if result.raw_only_rows else ''}; "
                    f"{seconds:.1f} s (reference {elapsed_reference:.1f} s)")
                for failure in result.failures:
                    log(f"  {failure}")
    return outcomes


def sides_from_environment() -> Tuple[Optional[Side], List[Side]]:
    """SONNX_B2B_REFERENCE: the reference driver's command; SONNX_B2B_CANDIDATES: NAME=COMMAND pairs
    separated by '|' (each command an emulator prefix and a driver, as the shell splits it)."""
    reference = os.environ.get("SONNX_B2B_REFERENCE")
    candidates = []
    for item in os.environ.get("SONNX_B2B_CANDIDATES", "").split("|"):
        if "=" in item:
            name, command = item.split("=", 1)
            candidates.append(Side.of(name.strip(), command.strip()))
    return (Side.of("x86-64 gcc", reference) if reference else None), candidates


def write_json(path: str, mode: str, outcomes: Sequence[Outcome]) -> None:
    """The outcomes, job by job, for the evidence page."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        json.dump({"mode": mode, "candidates": [
            {"name": o.candidate, "ok": o.ok, "summary": o.summary(), "seconds": round(o.seconds, 1),
             "failures": o.failures,
             "jobs": [{"job": j.job.describe(), "rows": j.rows, "pairs": j.pairs,
                       "rows_different": len(j.canonical_mismatches), "rows_nan_encodings_only": j.raw_only_rows,
                       "nan_elements_compared": j.nan_elements_compared, "nan_examples": j.nan_examples,
                       "ok": not j.failures} for j in o.jobs]} for o in outcomes]}, handle, indent=1)
