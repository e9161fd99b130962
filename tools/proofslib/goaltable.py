"""The goal table, its summary and the results JSON (replay.json) that
tools/proofs replay and table print and write: one row per prover call, one
JSON entry per top-level goal, with its kind (kinds.py) and its limits
(limits.py). tools/trace and the evidence bundle read the JSON."""
import json
import os
from typing import Any, Dict

from .kinds import bookkeeping_goals, kind_of
from .limits import cpu_backstop, step_limit
from .why3run import pinned_provers


def goal_kind(why3_dir: str, stem: str, goal) -> str:
    """theorem or bookkeeping (proofslib/kinds.py), from the marks in why3/<stem>.mlw."""
    marked = bookkeeping_goals(os.path.join(why3_dir, f"{stem}.mlw"))
    return kind_of(marked, goal.module, goal.goal)


def table(why3_dir: str, goals: list, committed: dict) -> str:
    lines = [f"{'file':<12} {'module':<14} {'goal':<50} {'kind':<11} {'prover':<12} {'time':>6} {'steps':>10} "
             f"{'step limit':>10}"]
    for stem, goal in goals:
        kind = goal_kind(why3_dir, stem, goal)
        for leaf in goal.leaves:
            prover = leaf.prover if leaf.proved else f"NOT PROVED ({leaf.status})"
            limit = step_limit(committed.get((stem, goal.module, leaf.path), leaf))
            steps = str(leaf.steps) if leaf.steps >= 0 else "-"
            lines.append(f"{stem:<12} {goal.module:<14} {leaf.path:<50} {kind:<11} {prover:<12} {leaf.time:6.2f} "
                         f"{steps:>10} {limit if limit else '-':>10}")
    return "\n".join(lines)


def summary(why3_dir: str, goals: list) -> str:
    leaves = [leaf for _, goal in goals for leaf in goal.leaves]
    by_module: Dict[str, Any] = {}
    by_prover: Dict[str, Any] = {}
    for stem, goal in goals:
        key = f"{stem}:{goal.module}"
        by_module[key] = by_module.get(key, 0) + len(goal.leaves)
    for leaf in leaves:
        if leaf.proved:
            by_prover[leaf.prover] = by_prover.get(leaf.prover, 0) + 1
    unproved = sum(1 for leaf in leaves if not leaf.proved)
    theorems = sum(1 for stem, goal in goals if goal_kind(why3_dir, stem, goal) == "theorem")
    text = [f"{len(goals)} goals ({len(leaves)} prover calls): {len(leaves) - unproved} proved, {unproved} not proved"]
    text.append(f"kinds: {theorems} theorems, {len(goals) - theorems} bookkeeping (constants, clone goals, "
                f"arithmetic facts; why3/README.md)")
    text.append("per module: " + ", ".join(f"{k} {v}" for k, v in by_module.items()))
    text.append("per prover: " + ", ".join(f"{k} {v}" for k, v in sorted(by_prover.items())))
    return "\n".join(text)


def to_json(root: str, why3_dir: str, goals: list, committed: dict) -> dict:
    entries = []
    for stem, goal in goals:
        provers = sorted({leaf.prover for leaf in goal.leaves if leaf.proved})
        calls = []
        for leaf in goal.leaves:
            recorded = committed.get((stem, goal.module, leaf.path), leaf)
            calls.append({"path": leaf.path, "prover": leaf.prover, "status": leaf.status, "steps": leaf.steps,
                          "step_limit": step_limit(recorded), "cpu_limit_seconds": cpu_backstop(recorded),
                          "time": leaf.time})
        entries.append({"file": f"why3/{stem}.mlw", "module": goal.module, "goal": goal.declaration,
                        "vc": goal.goal, "kind": goal_kind(why3_dir, stem, goal),
                        "status": "proved" if goal.proved else "unproved",
                        "prover": ", ".join(provers), "time": round(sum(leaf.time for leaf in goal.leaves), 2),
                        "prover_calls": len(goal.leaves), "transformations": goal.transformations,
                        "calls": calls})
    return {"why3": "1.5.1", "provers": pinned_provers(root), "goals": entries,
            "limits": "deterministic: each prover call replayed with its recorded resource count plus one "
                      "(why3 replay --use-steps); CPU-time backstop 2t+1 s, t the session's time limit"}


def write_json(path: str, data: dict) -> None:
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1)
        handle.write("\n")
