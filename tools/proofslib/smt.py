"""Replays an SMT-LIB proof of why3/smt/ (tools/proofs smt): Z3, with the
pinned seeds, on a file whose negated claim must be unsat, limited by the
resource count its header records plus one, like the session replay."""
import re
import subprocess
import sys
import time

from .limits import steps_given
from .why3run import version_problems

# The resource count a committed SMT-LIB proof (why3/smt/*.smt2) recorded, in its header.
SMT_RLIMIT = re.compile(r"^;\s*replay-rlimit-count:\s*(\d+)\s*$", re.M)
# The pinned Z3's seeds, as why3/why3.conf gives them to Why3's Z3 calls.
Z3_SEEDS = ["sat.random_seed=42", "nlsat.randomize=false", "smt.random_seed=42"]


def replay_smt(root: str, file: str) -> int:
    """Runs Z3 on an SMT-LIB proof whose negated claim must be unsat, limited by its recorded
    resource count plus one (deterministic, like the replay); exit 0 only on unsat."""
    problems = [p for p in version_problems(root) if p.startswith("Z3")]
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    with open(file, encoding="utf-8") as handle:
        recorded = SMT_RLIMIT.search(handle.read())
    if recorded is None:
        print(f"proofs: {file} records no '; replay-rlimit-count: N' line", file=sys.stderr)
        return 1
    limit = steps_given(int(recorded[1]))
    started = time.time()
    run = subprocess.run(["z3", "-smt2"] + Z3_SEEDS + [f"rlimit={limit}", "-st", file],
                         capture_output=True, text=True, check=False)
    answer = run.stdout.strip().splitlines()[0] if run.stdout.strip() else run.stderr.strip()
    used = re.search(r":rlimit-count\s+(\d+)", run.stdout)
    figures = f"{time.time() - started:.0f} s, {used[1] if used else '?'} of {limit} steps"
    if answer == "unsat":
        print(f"{file}: proved (unsat; {figures})")
        return 0
    cause = "ran out of its resource budget (steps)" if answer == "unknown" else f"answered {answer}"
    print(f"{file}: NOT PROVED: Z3 {cause} ({figures})", file=sys.stderr)
    return 1
