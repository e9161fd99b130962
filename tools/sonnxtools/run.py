"""The subprocess runner of every command: a step's commands run from the repository root with their
log, exit status and duration, and the quick queries (tool versions, the revision)."""
import os
import subprocess
import time
from dataclasses import dataclass, field
from typing import Dict, IO, List, Optional

from .paths import ROOT


@dataclass
class StepResult:
    name: str
    ok: bool
    seconds: float
    log: str  # path of the log, relative to the bundle
    detail: str = ""
    artifacts: List[str] = field(default_factory=list)  # paths relative to the bundle


def run_logged(command: List[str], cwd: str, log: IO[str], env: Optional[Dict[str, str]] = None,
               status_line: bool = True) -> int:
    """Runs one command with its output appended to an open log, after a `$ command` line (and before an
    `[exit status N]` line unless status_line is False); returns its exit status."""
    log.write("$ " + " ".join(command) + "\n")
    log.flush()
    status = subprocess.run(command, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT,
                            check=False).returncode
    if status_line:
        log.write(f"[exit status {status}]\n")
    return status


def output(command: List[str], cwd: str = ROOT) -> str:
    """Output of a quick query (tool versions and the like); empty when it fails."""
    try:
        return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False).stdout.strip()
    except OSError:
        return ""


class Runner:
    """Runs commands from the repository root and logs them under <bundle>/logs/."""

    def __init__(self, root: str, bundle: str):
        self.root = root
        self.bundle = bundle
        os.makedirs(os.path.join(bundle, "logs"), exist_ok=True)

    def run(self, name: str, commands: List[List[str]], env: Optional[Dict[str, str]] = None,
            allow_failure: bool = False) -> StepResult:
        """Runs the commands in order, stopping at the first failure (unless allow_failure)."""
        log_rel = os.path.join("logs", f"{name}.log")
        started = time.monotonic()
        ok = True
        merged_env = dict(os.environ)
        if env:
            merged_env.update(env)
        with open(os.path.join(self.bundle, log_rel), "w", encoding="utf-8") as log:
            for command in commands:
                if run_logged(command, self.root, log, merged_env) != 0:
                    ok = False
                    if not allow_failure:
                        break
        seconds = time.monotonic() - started
        # Not the verdict: a step judges its outputs after its commands ran (announce() prints that).
        print(f"evidence: {name}: commands ran ({seconds:.0f} s){'' if ok else ', one exited non-zero'}", flush=True)
        return StepResult(name=name, ok=ok, seconds=seconds, log=log_rel)

    def output(self, command: List[str]) -> str:
        """Output of a quick query (tool versions and the like); empty when it fails."""
        return output(command, self.root)


def announce(step: StepResult) -> StepResult:
    """Prints a step's final verdict, the one the index page shows, once the step has judged its outputs."""
    print(f"evidence: {step.name}: {'ok' if step.ok else 'FAILED'}" + (f": {step.detail}" if step.detail else "")
          + f" ({step.seconds:.0f} s)", flush=True)
    return step
