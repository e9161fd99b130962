"""The mutation-analysis step: `tools/mutate run` over src/core/, src/oracle/ and src/check/ (mutant schemata, two
builds), its score, and every mutant not killed with its justification, on mutation/index.html."""
import json
import os
import shutil

from sonnxtools import pages
from sonnxtools.run import Runner, StepResult


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
    pages.write(os.path.join(out_dir, "index.html"), "mutation.html", summary=data["summary"], mutants=data["mutants"])
