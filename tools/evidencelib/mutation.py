"""The mutation-analysis step: `tools/mutate run` over src/core/ and src/oracle/ (mutant schemata, two
builds), its score, and every mutant not killed with its justification, on mutation/index.html."""
import html
import json
import os
import shutil

from .runner import Runner, StepResult


def run_mutation(runner: Runner, root: str) -> StepResult:
    out_dir = os.path.join(runner.bundle, "mutation")
    os.makedirs(out_dir, exist_ok=True)
    work = os.path.join(root, "build", "mutation")
    step = runner.run("mutation", [[os.path.join(root, "tools", "mutate"), "run", "--work", work]])
    results = os.path.join(work, "results.json")
    if not os.path.exists(results):
        step.ok = False
        step.detail = "no results written"
        return step
    for name in ("results.json", "report.md"):
        shutil.copy(os.path.join(work, name), os.path.join(out_dir, name))
    shutil.copy(os.path.join(root, "spec", "mutation-justifications.md"), out_dir)
    with open(results, encoding="utf-8") as handle:
        data = json.load(handle)
    summary = data.get("summary", {})
    step.detail = (f"{summary.get('mutants', 0)} mutants, {summary.get('killed', 0)} killed, "
                   f"{summary.get('justified', 0)} equivalent or justified, {summary.get('unjustified', 0)} "
                   f"unjustified survivors; score {100 * summary.get('score', 0):.1f}%")
    _write_page(out_dir, data)
    step.artifacts = ["mutation/index.html", "mutation/results.json"]
    return step


def _write_page(out_dir: str, data: dict) -> None:
    summary = data["summary"]
    rows = []
    for m in data["mutants"]:
        if m["status"] == "killed":
            continue
        rows.append("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in (
            m["id"], f"{m['file']}:{m['line']}", m["operator"], m["description"], m["status"],
            m.get("justification", "") or "NONE", m["code"])) + "</tr>")
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Mutation analysis</title>
<style>body{{font-family:sans-serif}} td,th{{border:1px solid #ccc;padding:2px 6px;font-size:13px}}
table{{border-collapse:collapse}}</style></head><body>
<h1>Mutation analysis of <code>src/core/</code> and <code>src/oracle/</code></h1>
<p>{summary['mutants']} mutants: {summary['killed']} killed by the test suite, {summary['survived']} survived,
{summary['not_reached']} reached by no test, {summary['not_compiled']} not compiled (dropped from the schemata),
{summary.get('not_rerun', 0)} argued equivalent and not run again (status <code>justified</code>; <code>tools/mutate run
--recheck-justified</code> runs them).
{summary['justified']} of those not killed are justified in <a href="mutation-justifications.md">mutation-justifications.md</a>
(equivalent mutants, or code no test can reach), {summary['unjustified']} are not. Score: killed / (judged -
justified) = {100 * summary['score']:.1f}%.
How it works and its limits: <code>tools/mutate</code>, <code>spec/tool-qualification.md</code> (DIV-TQ-D4).
Every mutant, killed ones with the test that killed it, and the run time: <a href="results.json">results.json</a>
(which test kills a mutant first may vary with the machine's load; whether it is killed does not, unless
it hangs: see DIV-TQ-D4).</p>
<h2>Mutants not killed</h2>
<table><tr><th>id</th><th>location</th><th>operator</th><th>mutant</th><th>status</th><th>justification</th>
<th>code</th></tr>
{''.join(rows)}
</table></body></html>
"""
    with open(os.path.join(out_dir, "index.html"), "w", encoding="utf-8") as handle:
        handle.write(page)
