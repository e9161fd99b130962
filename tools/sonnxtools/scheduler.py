"""Shard jobs through a scheduler: the long evidence steps as independent commands (shards) run by a driver
(on this machine, or by Slurm as an `sbatch --array` job), each leaving its result in a shared folder, and
one reader of those results, collect(), that alone gives the verdict.

Why the verdict is not the driver's: a scheduler's own exit status says little (sbatch --wait reports the
highest exit status of the tasks, and nothing of a task whose result file was lost or left by another run),
and a driver that another scheduler replaces must not be trusted to judge. So every shard, wherever it ran,
writes the same two files, and collect() reads them with one rule: a result that is missing, unreadable,
malformed, of another shard, job or revision, or of a command that failed is a problem naming the shard;
only an empty list of problems is a pass.

The results folder (RESULTS_DIR):
  job.json        {"revision", "count", "workdir", "commands"}: written before submission; each task reads
                  its command from it
  shard-K.log     the command's stdout and stderr
  shard-K.json    {"shard": K, "count": N, "revision": ..., "exit": status, "command": [...]}, written
                  (temporary file, then os.replace) only once the command has ended
A task is `python3 tools/sonnxtools/shard_task.py RESULTS_DIR K` (run_shard below).
"""
import json
import os
import re
import shlex
import subprocess
import sys
from abc import ABC, abstractmethod
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence

JOB_FILE = "job.json"
SUBMIT_LOG = "submit.log"
SHARD_TASK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "shard_task.py")
_SHARD_FILE = re.compile(r"shard-(\d+)\.json$")


class SchedulerError(Exception):
    """The scheduler did not take the job, or did not end it in time: no shard outcome, a driver failure."""


@dataclass(frozen=True)
class Job:
    """Independent shard commands (argv lists), the folder their results go to (shared by every node that
    runs a shard), the source revision (git commit) the results must report, and the folder the commands
    run in."""
    commands: List[List[str]]
    results_dir: str
    revision: str
    workdir: str = field(default_factory=os.getcwd)
    name: str = "sonnx-shards"

    @property
    def count(self) -> int:
        return len(self.commands)


def shard_json(results_dir: str, shard: int) -> str:
    return os.path.join(results_dir, f"shard-{shard}.json")


def shard_log(results_dir: str, shard: int) -> str:
    return os.path.join(results_dir, f"shard-{shard}.log")


def write_json_atomically(path: str, value: Any) -> None:
    """Writes a temporary file beside path, then renames it over path: a reader sees the whole file or
    none, never a half-written one that a lost task left behind."""
    temporary = f"{path}.tmp.{os.getpid()}"
    with open(temporary, "w", encoding="utf-8") as handle:
        json.dump(value, handle, indent=1)
        handle.write("\n")
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


def write_job(job: Job) -> None:
    """Creates the results folder and writes job.json. A folder that already holds a job or a shard result
    is refused: an old shard-K.json of the same revision would otherwise pass for a lost shard of this run."""
    if not job.commands:
        raise ValueError("a job needs at least one shard command")
    for shard, command in enumerate(job.commands):
        if not command or not all(isinstance(arg, str) for arg in command):
            raise ValueError(f"shard {shard}: a command is a non-empty list of strings, not {command!r}")
    os.makedirs(job.results_dir, exist_ok=True)
    leftovers = sorted(name for name in os.listdir(job.results_dir)
                       if name == JOB_FILE or _SHARD_FILE.match(name))
    if leftovers:
        raise SchedulerError(f"{job.results_dir} already holds {', '.join(leftovers)}: "
                             "each submission needs a results folder of its own")
    write_json_atomically(os.path.join(job.results_dir, JOB_FILE), {
        "revision": job.revision, "count": job.count, "workdir": os.path.abspath(job.workdir),
        "commands": job.commands})


def run_shard(results_dir: str, shard: int) -> int:
    """One task: runs command `shard` of the job in results_dir, its output into shard-K.log, then writes
    shard-K.json. Returns the command's exit status (127 when it could not be started). Raises (and so
    writes no result, which collect() reports as lost) when the job cannot be read or has no such shard."""
    with open(os.path.join(results_dir, JOB_FILE), encoding="utf-8") as handle:
        job = json.load(handle)
    commands = job["commands"]
    if not 0 <= shard < len(commands):
        raise ValueError(f"shard {shard}: the job in {results_dir} has {len(commands)} shards")
    command = commands[shard]
    with open(shard_log(results_dir, shard), "wb") as log:
        try:
            status = subprocess.run(command, cwd=job["workdir"], stdin=subprocess.DEVNULL, stdout=log,
                                    stderr=subprocess.STDOUT, check=False).returncode
        except OSError as error:
            log.write(f"shard_task: cannot run {command!r}: {error}\n".encode())
            status = 127
    write_json_atomically(shard_json(results_dir, shard), {
        "shard": shard, "count": len(commands), "revision": job["revision"], "exit": status,
        "command": command})
    return status


class Driver(ABC):
    """Runs every shard of a job through a scheduler and returns once they have all ended (or raises
    SchedulerError when the scheduler refused or timed out). Returns no verdict: collect() gives it."""

    def run(self, job: Job) -> None:
        write_job(job)
        self.submit(job)

    @abstractmethod
    def submit(self, job: Job) -> None:
        """Runs `shard_task.py RESULTS_DIR K` for every K of the job (job.json is written already)."""


class LocalDriver(Driver):
    """The shards as subprocesses of this machine, `parallel` at a time: the one-machine run, and the
    control that the collection is the same whoever ran the shards."""

    def __init__(self, parallel: int = 1, python: str = sys.executable):
        if parallel < 1:
            raise ValueError("parallel must be at least 1")
        self.parallel = parallel
        self.python = python

    def submit(self, job: Job) -> None:
        def task(shard: int) -> None:
            # The task's own status is not judged here: its result file is (collect).
            subprocess.run([self.python, SHARD_TASK, os.path.abspath(job.results_dir), str(shard)],
                           stdin=subprocess.DEVNULL, check=False)
        with ThreadPoolExecutor(max_workers=self.parallel) as pool:
            list(pool.map(task, range(job.count)))


class SlurmDriver(Driver):
    """The shards as one Slurm job array: a batch script in the results folder (each array task runs
    shard_task.py with its SLURM_ARRAY_TASK_ID), submitted with `sbatch --array=0-(N-1) --wait`. The
    results folder, this file's folder and the job's workdir must be on a file system every node shares.

    sbatch's exit status under --wait is the highest of the tasks', so it is not judged; only a job that
    was never submitted (no job id) or that did not end within `timeout` seconds (then cancelled) raises."""

    def __init__(self, python: str = sys.executable, sbatch: str = "sbatch", scancel: str = "scancel",
                 extra_args: Sequence[str] = (), env: Optional[Mapping[str, str]] = None,
                 timeout: Optional[float] = None, parallel: Optional[int] = None):
        self.python = python  # the interpreter on the nodes
        self.sbatch = sbatch
        self.scancel = scancel
        self.extra_args = list(extra_args)  # the site's own: --partition=..., --time=..., --mem=...
        self.env = dict(env) if env is not None else None  # e.g. SLURM_CONF; None: this process's
        self.timeout = timeout
        self.parallel = parallel  # at most this many tasks at once (--array's %limit); None: Slurm's choice

    def batch_script(self, job: Job) -> str:
        return "\n".join([
            "#!/bin/sh",
            f"# {job.name}: each task of the array runs shard SLURM_ARRAY_TASK_ID of {job.count} "
            "(sonnxtools.scheduler.SlurmDriver)",
            f"exec {shlex.quote(self.python)} {shlex.quote(SHARD_TASK)} {shlex.quote(os.path.abspath(job.results_dir))}"
            ' "$SLURM_ARRAY_TASK_ID"', ""])

    def command(self, job: Job, script: str) -> List[str]:
        results = os.path.abspath(job.results_dir)
        limit = f"%{self.parallel}" if self.parallel else ""
        return [self.sbatch, "--parsable", "--wait", f"--array=0-{job.count - 1}{limit}", f"--job-name={job.name}",
                f"--chdir={os.path.abspath(job.workdir)}", f"--output={results}/slurm-%a.out",
                *self.extra_args, script]

    def submit(self, job: Job) -> None:
        script = os.path.join(job.results_dir, "job.sbatch")
        with open(script, "w", encoding="utf-8") as handle:
            handle.write(self.batch_script(job))
        command = self.command(job, script)
        # --parsable: sbatch prints the job id (";cluster" after it on a multi-cluster setup) at submission,
        # before the wait; to a file, so that a wait that ends by timeout still knows which job to cancel.
        job_id_file = os.path.join(job.results_dir, "sbatch.out")
        with open(os.path.join(job.results_dir, SUBMIT_LOG), "w", encoding="utf-8") as log, \
                open(job_id_file, "w", encoding="utf-8") as out:
            log.write("$ " + shlex.join(command) + "\n")
            log.flush()
            try:
                process = subprocess.Popen(command, env=self.env, stdin=subprocess.DEVNULL, stdout=out, stderr=log)
            except OSError as error:
                raise SchedulerError(f"cannot run {self.sbatch}: {error}") from error
            try:
                status = process.wait(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                job_id = _job_id(job_id_file)
                if job_id:
                    subprocess.run([self.scancel, job_id], env=self.env, stdin=subprocess.DEVNULL, stdout=log,
                                   stderr=log, check=False)
                process.kill()
                process.wait()
                raise SchedulerError(f"Slurm job {job_id or '(no id)'} did not end within {self.timeout} s; "
                                     "cancelled") from None
            log.write(f"[sbatch exit status {status}]\n")
        if not _job_id(job_id_file):
            raise SchedulerError(f"sbatch did not submit the job (exit status {status}); see "
                                 f"{os.path.join(job.results_dir, SUBMIT_LOG)}")


def _job_id(path: str) -> str:
    """The job id sbatch --parsable printed, or "" when it printed none (yet)."""
    with open(path, encoding="utf-8") as handle:
        first = handle.readline().strip().split(";")[0]
    return first if first.isdigit() else ""


def collect(results_dir: str, revision: str, count: int) -> List[str]:
    """The verdict of a job: one problem per shard that did not run and pass, each naming the shard
    ("shard K/N: ..."), and a problem for a job.json that does not match or a result of no shard of this
    job. An empty list means every shard 0..count-1 reported revision `revision` and exit status 0."""
    problems: List[str] = []
    commands: Optional[List[Any]] = None
    try:
        with open(os.path.join(results_dir, JOB_FILE), encoding="utf-8") as handle:
            job = json.load(handle)
        if not isinstance(job, dict) or job.get("revision") != revision or job.get("count") != count \
                or not isinstance(job.get("commands"), list) or len(job["commands"]) != count:
            problems.append(f"job: {JOB_FILE} is not a job of {count} shards at revision {revision}")
        else:
            commands = job["commands"]
    except (OSError, ValueError) as error:
        problems.append(f"job: {JOB_FILE} unreadable: {error}")
    for shard in range(count):
        problem = _shard_problem(results_dir, shard, count, revision,
                                 commands[shard] if commands is not None else None)
        if problem:
            problems.append(f"shard {shard}/{count}: {problem}")
    for name in sorted(os.listdir(results_dir)) if os.path.isdir(results_dir) else []:
        match = _SHARD_FILE.match(name)
        if match and int(match.group(1)) >= count:
            problems.append(f"shard {match.group(1)}: {name} is a result of no shard of this job of {count}")
    return problems


def _shard_problem(results_dir: str, shard: int, count: int, revision: str,
                   command: Optional[List[Any]]) -> str:
    """What is wrong with one shard's result, or "" when it ran and passed."""
    path = shard_json(results_dir, shard)
    if not os.path.exists(path):
        return f"lost: no result ({os.path.basename(path)} missing)"
    try:
        with open(path, encoding="utf-8") as handle:
            result: Dict[str, Any] = json.load(handle)
    except (OSError, ValueError) as error:
        return f"unreadable result {os.path.basename(path)}: {error}"
    if not isinstance(result, dict):
        return f"malformed result {os.path.basename(path)}: not a JSON object"
    for key, kind in (("shard", int), ("count", int), ("revision", str), ("exit", int), ("command", list)):
        # bool is an int to Python; true is no shard index nor exit status.
        if not isinstance(result.get(key), kind) or isinstance(result.get(key), bool):
            return f"malformed result {os.path.basename(path)}: {key!r} missing or not of type {kind.__name__}"
    if result["shard"] != shard:
        return f"result of another shard: it says shard {result['shard']}/{result['count']}"
    if result["count"] != count:
        return f"result of a job of another size: it says shard {result['shard']}/{result['count']}"
    if result["revision"] != revision:
        return f"result of another revision: {result['revision']} (expected {revision})"
    if command is not None and result["command"] != command:
        return f"result of another command: {result['command']!r} (expected {command!r})"
    if result["exit"] != 0:
        return f"failed: exit status {result['exit']} (see {os.path.basename(shard_log(results_dir, shard))})"
    return ""
