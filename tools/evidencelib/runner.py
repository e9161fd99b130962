"""Runs one step of the evidence command: a command with its log, exit status and duration."""
import os
import subprocess
import time
from dataclasses import dataclass, field
from typing import Dict, List, Optional


@dataclass
class StepResult:
    name: str
    ok: bool
    seconds: float
    log: str  # path of the log, relative to the bundle
    detail: str = ""
    artifacts: List[str] = field(default_factory=list)  # paths relative to the bundle


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
                log.write("$ " + " ".join(command) + "\n")
                log.flush()
                status = subprocess.run(command, cwd=self.root, env=merged_env, stdout=log,
                                        stderr=subprocess.STDOUT, check=False).returncode
                log.write(f"[exit status {status}]\n")
                if status != 0:
                    ok = False
                    if not allow_failure:
                        break
        seconds = time.monotonic() - started
        # Not the verdict: a step judges its outputs after its commands ran (announce() prints that).
        print(f"evidence: {name}: commands ran ({seconds:.0f} s){'' if ok else ', one exited non-zero'}", flush=True)
        return StepResult(name=name, ok=ok, seconds=seconds, log=log_rel)

    def output(self, command: List[str]) -> str:
        """Output of a quick query (tool versions and the like); empty when it fails."""
        try:
            return subprocess.run(command, cwd=self.root, capture_output=True, text=True,
                                  check=False).stdout.strip()
        except OSError:
            return ""


def announce(step: StepResult) -> StepResult:
    """Prints a step's final verdict, the one the index page shows, once the step has judged its outputs."""
    print(f"evidence: {step.name}: {'ok' if step.ok else 'FAILED'}" + (f": {step.detail}" if step.detail else "")
          + f" ({step.seconds:.0f} s)", flush=True)
    return step
