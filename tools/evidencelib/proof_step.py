"""The evidence bundle's proof step: replays every committed Why3 session (tools/proofs) and writes the goal table."""
import json
import os

from sonnxtools import pages
from sonnxtools.results import ResultsError, read_replay
from sonnxtools.run import Runner, StepResult


def run_proofs(runner: Runner, root: str) -> StepResult:
    """tools/proofs replay in a scratch copy; proofs/goals.html, proofs/replay.json, proofs/verdicts.json."""
    out_dir = os.path.join(runner.bundle, "proofs")
    os.makedirs(out_dir, exist_ok=True)
    replay_json = os.path.join(out_dir, "replay.json")
    step = runner.run("proofs", [
        ["python3", os.path.join(root, "tools", "proofs"), "check-sources"],
        ["python3", os.path.join(root, "tools", "proofs"), "replay",
         "--work", os.path.join(root, "build", "evidence-why3"), "--json", replay_json]])
    try:
        data = read_replay(replay_json)
    except ResultsError as error:
        step.ok = False
        step.detail = f"no replay results: {error}"
        return step
    goals = data["goals"]
    proved = sum(1 for g in goals if g["status"] == "proved")
    theorems = sum(1 for g in goals if g["kind"] == "theorem")
    provers = ", ".join(f"{name} {version}" for name, version in sorted(data.get("provers", {}).items()))
    step.detail = (f"{proved} of {len(goals)} goals proved ({theorems} theorems, {len(goals) - theorems} bookkeeping), "
                   f"no axiom, val or assume in why3/*.mlw; "
                   f"replay {data.get('replay_seconds', 0):.0f} s (Why3 {data.get('why3', '?')}: {provers})")
    # Without times: what two runs of one revision must agree on.
    # The step limits come from the committed sessions, so they belong here; the CPU-time backstop too.
    verdicts = [dict({key: g[key] for key in ("file", "module", "goal", "vc", "kind", "status", "prover")},
                     limits=[{"prover": c["prover"], "step_limit": c["step_limit"],
                              "cpu_limit_seconds": c["cpu_limit_seconds"]} for c in g.get("calls", [])])
                for g in goals]
    with open(os.path.join(out_dir, "verdicts.json"), "w", encoding="utf-8") as handle:
        json.dump({"goals": verdicts}, handle, indent=1)
        handle.write("\n")
    pages.write(os.path.join(out_dir, "goals.html"), "proofs.html", detail=step.detail, limits=data.get("limits", ""),
                goals=goals)
    step.artifacts = ["proofs/goals.html", "proofs/replay.json", "proofs/verdicts.json"]
    if proved != len(goals) or not goals:
        step.ok = False
    return step
