"""The bundle's link to the runtimes report (issue #15): tools/runtimes is a command of its own, not a step
of the evidence run (it checks other vendors' runtimes, whose verdicts are theirs, not the reference's).
When its report is present, the bundle carries a copy (runtimes/report.md, runtimes/report.json) and the
index page says when, in which mode and by which reference revision it was made, and whether that is the
bundle's revision; when it is absent, the page says so."""
import html
import json
import os
import shutil
from dataclasses import dataclass


@dataclass
class RuntimesReport:
    present: bool
    text: str  # the index page's sentence, plain text
    link: str = ""  # runtimes/report.md in the bundle when present


def attach_runtimes_report(bundle: str, source: str, revision: str) -> RuntimesReport:
    """Copies <source>/report.md and report.json into <bundle>/runtimes/ when both exist and the JSON reads."""
    md, js = os.path.join(source, "report.md"), os.path.join(source, "report.json")
    if not (os.path.isfile(md) and os.path.isfile(js)):
        return RuntimesReport(False, "No runtimes report: tools/runtimes was not run into %s "
                                     "(it is a command of its own; see the README, 'Checking real runtimes')." % source)
    try:
        with open(js, encoding="utf-8") as handle:
            report = json.load(handle)
        made = "made by tools/runtimes on %s (%s mode) with reference %s" % (
            report["date"], report["mode"], report["reference"])
        runtimes = report["runtimes"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        return RuntimesReport(False, "The runtimes report in %s was not attached: its report.json does not read "
                                     "(%s)." % (source, error))
    made_revision = str(report.get("reference_revision", ""))
    if not made_revision:
        same = "a revision the report does not record"
    elif made_revision == revision:
        same = "the revision of this bundle"
    else:
        same = "NOT the revision of this bundle (%s)" % revision
    target = os.path.join(bundle, "runtimes")
    os.makedirs(target, exist_ok=True)
    shutil.copyfile(md, os.path.join(target, "report.md"))
    shutil.copyfile(js, os.path.join(target, "report.json"))
    run = sorted(n for n, e in runtimes.items() if e.get("status") == "run")
    not_run = sorted(n for n, e in runtimes.items() if e.get("status") != "run")
    text = "Runtimes report (not a step of this run: %s; its reference is %s). Runtimes run: %s; not run: %s." % (
        made, same, ", ".join(run) or "none", ", ".join(not_run) or "none")
    if report.get("harness_error"):
        text += " That run did NOT finish: the harness itself failed (%s)." % report["harness_error"]
    return RuntimesReport(True, text, "runtimes/report.md")


def runtimes_paragraph(report: RuntimesReport) -> str:
    """The index page's paragraph."""
    if not report.present:
        return '<p id="runtimes">%s</p>' % html.escape(report.text)
    return '<p id="runtimes"><a href="%s">%s</a>, <a href="runtimes/report.json">report.json</a>: %s</p>' % (
        html.escape(report.link), html.escape(report.link), html.escape(report.text))
