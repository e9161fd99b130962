"""The evidence bundle's proof step: replays every committed Why3 session (tools/proofs) and writes the goal table."""
import html
import json
import os

from .runner import Runner, StepResult


def _limits(goal: dict) -> str:
    """Each prover call's steps used and the limits it was replayed with."""
    return "<br>".join(
        html.escape(f'{c["prover"] or "-"}: {c["steps"]} of {c["step_limit"]} steps, CPU <= {c["cpu_limit_seconds"]} s')
        for c in goal.get("calls", []) if c["prover"] != "Why3 1.5.1")


def _rows(goals: list) -> str:
    return "".join(
        f'<tr class="{"passed" if g["status"] == "proved" else "failed"}"><td>{html.escape(g["file"])}</td>'
        f'<td>{html.escape(g["module"])}</td><td>{html.escape(g["goal"])}</td>'
        f'<td>{html.escape(g["kind"])}</td><td>{g["status"]}</td>'
        f'<td>{html.escape(g["prover"])}</td><td>{g["prover_calls"]}</td>'
        f'<td>{html.escape(", ".join(g.get("transformations", [])))}</td><td>{_limits(g)}</td>'
        f'<td>{g["time"]:.2f}</td></tr>'
        for g in goals)


def run_proofs(runner: Runner, root: str) -> StepResult:
    """tools/proofs replay in a scratch copy; proofs/goals.html, proofs/replay.json, proofs/verdicts.json."""
    out_dir = os.path.join(runner.bundle, "proofs")
    os.makedirs(out_dir, exist_ok=True)
    replay_json = os.path.join(out_dir, "replay.json")
    step = runner.run("proofs", [
        ["python3", os.path.join(root, "tools", "proofs"), "check-sources"],
        ["python3", os.path.join(root, "tools", "proofs"), "replay",
         "--work", os.path.join(root, "build", "evidence-why3"), "--json", replay_json]])
    if not os.path.exists(replay_json):
        step.detail = "no replay results"
        return step
    with open(replay_json, encoding="utf-8") as handle:
        data = json.load(handle)
    goals = data.get("goals", [])
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
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Why3 proofs</title>
<style>body{{font-family:sans-serif}} td,th{{border:1px solid #ccc;padding:2px 6px}} table{{border-collapse:collapse}}
tr.failed{{background:#fdd}}</style></head>
<body><h1>Why3 proofs</h1>
<p>{html.escape(step.detail)}. Each row is one declaration of <code>why3/*.mlw</code> with the prover(s) that proved
its verification conditions in this replay, the number of prover calls, the transformations the session applies,
the limits each call was replayed with, and the summed prover time in seconds. {html.escape(data.get("limits", ""))}:
a step limit counts the prover's work, not time, so the verdict does not depend on how busy the machine is
(<code>why3/README.md</code>, "Replay limits"). The requirement each goal proves is in the
<a href="../trace/trace.html">traceability matrix</a>; the session files are in <code>why3/&lt;file&gt;/</code>.
A goal's kind is <em>theorem</em> or <em>bookkeeping</em>: a format constant, a power of two, a named constant's
value, an arithmetic fact, which states no property of the operator and proves no requirement (<code>why3/README.md</code>,
"Theorems and bookkeeping"; what the proofs cover and what they do not is said there too). The BF16 division
through binary32 is an SMT-LIB proof (<code>why3/smt/</code>), replayed by the ctest
<code>why3_smt_bf16_division</code> in the test suite steps.</p>
<table><tr><th>file</th><th>module</th><th>goal</th><th>kind</th><th>status</th><th>prover</th><th>calls</th>
<th>transformations</th><th>steps used and limits</th><th>time (s)</th></tr>{_rows(goals)}</table>
</body></html>
"""
    with open(os.path.join(out_dir, "goals.html"), "w", encoding="utf-8") as handle:
        handle.write(page)
    step.artifacts = ["proofs/goals.html", "proofs/replay.json", "proofs/verdicts.json"]
    if proved != len(goals) or not goals:
        step.ok = False
    return step
