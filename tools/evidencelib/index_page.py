"""evidence/index.html: what was run, with what result, and links to every report."""
import html
import json
import os
from typing import List

from .runner import StepResult

STYLE = """body{font-family:sans-serif;max-width:70em;margin:2em auto;line-height:1.4}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #bbb;padding:.3em .6em;text-align:left;vertical-align:top}
.ok{background:#dfd}.failed{background:#fdd}.skipped{background:#eee}code{background:#f4f4f4}"""


def write_index(bundle: str, steps: List[StepResult], skipped: List[str], revision: str, clean: bool,
                runtimes: str = "") -> str:
    """runtimes: the paragraph on the runtimes report (runtimes_report.runtimes_paragraph), HTML."""
    rows = []
    for step in steps:
        links = " ".join(f'<a href="{html.escape(a)}">{html.escape(a)}</a>' for a in step.artifacts)
        css = "ok" if step.ok else "failed"
        rows.append(f'<tr class="{css}" id="step-{html.escape(step.name)}"><td>{html.escape(step.name)}</td>'
                    f'<td>{"passed" if step.ok else "FAILED"}</td><td>{html.escape(step.detail)}</td>'
                    f'<td>{links} <a href="{html.escape(step.log)}">log</a></td><td>{step.seconds:.0f} s</td></tr>')
    for name in skipped:
        rows.append(f'<tr class="skipped"><td>{html.escape(name)}</td><td>not run</td><td></td><td></td><td></td></tr>')
    failed = [s.name for s in steps if not s.ok]
    if failed:
        verdict = f"FAILED: {len(failed)} steps failed ({', '.join(failed)})" + \
            (f"; incomplete: {len(skipped)} steps left out" if skipped else "")
    elif skipped:
        verdict = f"every step run passed; incomplete: {len(skipped)} steps left out by --quick"
    else:
        verdict = "all steps passed"
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>sonnx-div evidence</title><style>{STYLE}</style></head>
<body>
<h1>sonnx-div evidence bundle</h1>
<p>Source revision <code>{html.escape(revision)}</code>{'' if clean else ' (working tree NOT clean)'}.
Overall: <strong id="overall">{html.escape(verdict)}</strong>.</p>
<p><a href="manifest.json">manifest.json</a>: SHA-256 of every artifact, tool versions, build flags, date;
<a href="verdicts.json">verdicts.json</a>: the verdicts alone (<code>tools/evidence --compare</code> checks two bundles).</p>
<table id="verdicts">
<tr><th>step</th><th>result</th><th>figures</th><th>reports</th><th>time</th></tr>
{''.join(rows)}
</table>
{runtimes}
</body></html>
"""
    # The verdicts alone, without times: what two runs of one revision must agree on.
    with open(os.path.join(bundle, "verdicts.json"), "w", encoding="utf-8") as handle:
        json.dump({"steps": [{"step": s.name, "ok": s.ok} for s in steps], "not_run": skipped}, handle,
                  indent=1, sort_keys=True)
    path = os.path.join(bundle, "index.html")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(page)
    return path
