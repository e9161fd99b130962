"""evidence/index.html: what was run, with what result, and links to every report."""
import json
import os
from typing import List

from sonnxtools import pages
from sonnxtools.run import StepResult


def overall(steps: List[StepResult], skipped: List[str]) -> str:
    failed = [s.name for s in steps if not s.ok]
    if failed:
        return f"FAILED: {len(failed)} steps failed ({', '.join(failed)})" + \
            (f"; incomplete: {len(skipped)} steps left out" if skipped else "")
    if skipped:
        return f"every step run passed; incomplete: {len(skipped)} steps left out by --quick"
    return "all steps passed"


def write_index(bundle: str, steps: List[StepResult], skipped: List[str], revision: str, clean: bool,
                runtimes: str = "", total_seconds: float = 0.0) -> str:
    """runtimes: the paragraph on the runtimes report (runtimes_report.runtimes_paragraph), HTML."""
    # The verdicts alone, without times: what two runs of one revision must agree on.
    with open(os.path.join(bundle, "verdicts.json"), "w", encoding="utf-8") as handle:
        json.dump({"steps": [{"step": s.name, "ok": s.ok} for s in steps], "not_run": skipped}, handle,
                  indent=1, sort_keys=True)
    return pages.write(os.path.join(bundle, "index.html"), "index.html", steps=steps, skipped=skipped,
                       revision=revision, clean=clean, verdict=overall(steps, skipped), runtimes=runtimes,
                       total_seconds=total_seconds)
