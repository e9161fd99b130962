"""clang-tidy-19 and cppcheck over src/core/, each finding matched against spec/deviations.md."""
import fnmatch
import json
import os
import re
from dataclasses import dataclass
from typing import Iterable, List

from sonnxtools.compiler import for_clang
from sonnxtools.run import Runner, StepResult


@dataclass
class Finding:
    tool: str
    check: str
    path: str  # relative to the repository root
    line: int
    message: str
    deviation: str = ""  # the ID of the deviation that covers it, if any


@dataclass
class Deviation:
    ident: str
    tool: str
    check: str     # fnmatch pattern over check names
    location: str  # fnmatch patterns over paths, each optionally ":<line>", separated by commas
    justification: str


def read_deviations(root: str) -> List[Deviation]:
    """Rows of the table in spec/deviations.md: | ID | tool | check | location | justification |."""
    path = os.path.join(root, "spec", "deviations.md")
    deviations: List[Deviation] = []
    if not os.path.exists(path):
        return deviations
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            cells = [cell.strip().strip("`") for cell in line.strip().strip("|").split("|")]
            if len(cells) == 5 and re.fullmatch(r"DEV-\d+", cells[0]):
                deviations.append(Deviation(*cells))
    return deviations


def _covered(finding: Finding, deviations: List[Deviation]) -> str:
    if finding.check == NOT_ANALYSED:
        return ""
    for deviation in deviations:
        # One or more locations, separated by commas; each a path pattern with an optional ":<line>".
        for place in (part.strip() for part in deviation.location.split(",")):
            location, _, line = place.partition(":")
            if deviation.tool == finding.tool and fnmatch.fnmatch(finding.check, deviation.check) \
                    and fnmatch.fnmatch(finding.path, location) and (not line or line == str(finding.line)):
                return deviation.ident
    return ""


# Errors too: a file clang-tidy cannot compile (a missing compile database,
# say) is not analysed, and must fail the step rather than pass it.
TIDY_LINE = re.compile(r"^(?P<path>/[^:]+):(?P<line>\d+):\d+: (?:warning|error): (?P<message>.*) "
                       r"\[(?P<checks>[^\]]+)\]$")
# A file clang-tidy could not compile at all (an unknown argument in the compile
# database, say): its diagnostics name no file, and the file is not analysed.
TIDY_NOT_ANALYSED = re.compile(r"^(?:Error while processing (?P<path>/\S+)\.|error: (?P<message>.*) "
                               r"\[clang-diagnostic-error\])$")
NOT_ANALYSED = "file-not-analysed"  # a finding no deviation row can cover
CPPCHECK_LINE = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+):\d+: \w+: (?P<message>.*) \[(?P<check>[^\]]+)\]$")


def _core_sources(root: str) -> List[str]:
    core = os.path.join(root, "src", "core")
    return sorted(os.path.join("src", "core", name) for name in os.listdir(core) if name.endswith(".cpp"))


def clang_database(build: str, out_dir: str) -> str:
    """The build's compile database without the arguments only gcc takes, written to out_dir; its folder."""
    with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as handle:
        entries = json.load(handle)
    for entry in entries:
        if "arguments" in entry:
            entry["arguments"] = for_clang(entry["arguments"])
        if "command" in entry:
            entry["command"] = " ".join(for_clang(entry["command"].split(" ")))
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "compile_commands.json"), "w", encoding="utf-8") as handle:
        json.dump(entries, handle, indent=1)
    return out_dir


def tidy_findings(lines: Iterable[str], root: str) -> List[Finding]:
    """clang-tidy's findings, and a finding no deviation covers for each file it could not analyse."""
    findings: List[Finding] = []
    for line in lines:
        match = TIDY_LINE.match(line.strip())
        if match:
            path = os.path.relpath(match["path"], root)
            for check in match["checks"].split(","):
                findings.append(Finding("clang-tidy", check, path, int(match["line"]), match["message"]))
            continue
        failed = TIDY_NOT_ANALYSED.match(line.strip())
        if failed:
            path = os.path.relpath(failed["path"], root) if failed["path"] else "(compile database)"
            findings.append(Finding("clang-tidy", NOT_ANALYSED, path, 0,
                                    failed["message"] or "clang-tidy could not analyse this file"))
    return findings


def run_static_analysis(runner: Runner, root: str) -> StepResult:
    """Runs both tools (configuration: .clang-tidy and the cppcheck flags here) and writes findings.json."""
    out_dir = os.path.join(runner.bundle, "static-analysis")
    os.makedirs(out_dir, exist_ok=True)
    build = os.path.join(root, "build", "release")  # its compile_commands.json
    sources = _core_sources(root)
    tidy_log = os.path.join(out_dir, "clang-tidy.txt")
    cppcheck_log = os.path.join(out_dir, "cppcheck.txt")
    result = runner.run("static-analysis", [
        ["sh", "-c", "clang-tidy-19 --quiet -p " + clang_database(build, os.path.join(root, "build", "clang-tidy-db"))
         + " " + " ".join(sources) + " > " + tidy_log + " 2>&1; true"],
        ["sh", "-c", "cppcheck --std=c++17 --enable=warning,style,performance,portability --inline-suppr "
         "--error-exitcode=0 --quiet -I include -I src/core "
         "--template='{file}:{line}:{column}: {severity}: {message} [{id}]' "
         "src/core 2> " + cppcheck_log],
    ])
    findings: List[Finding] = []
    with open(tidy_log, encoding="utf-8") as handle:
        findings.extend(tidy_findings(handle, root))
    with open(cppcheck_log, encoding="utf-8") as handle:
        for line in handle:
            match = CPPCHECK_LINE.match(line.strip())
            if match:
                findings.append(Finding("cppcheck", match["check"], os.path.normpath(match["path"]), int(match["line"]),
                                        match["message"]))
    deviations = read_deviations(root)
    for finding in findings:
        finding.deviation = _covered(finding, deviations)
    uncovered = [f for f in findings if not f.deviation]
    with open(os.path.join(out_dir, "findings.json"), "w", encoding="utf-8") as handle:
        json.dump({"findings": [f.__dict__ for f in findings],
                   "deviations": [d.__dict__ for d in deviations]}, handle, indent=1, sort_keys=True)
    result.ok = result.ok and not uncovered
    result.detail = f"{len(findings)} findings, {len(findings) - len(uncovered)} covered by a recorded deviation, " \
                    f"{len(uncovered)} not covered"
    result.artifacts = ["static-analysis/findings.json", "static-analysis/clang-tidy.txt",
                        "static-analysis/cppcheck.txt"]
    return result
