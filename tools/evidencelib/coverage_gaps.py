"""Every statement not run and branch not taken in src/core/ must carry its justification.

A line with a gap is justified when a comment `coverage: COV-nn` sits on it or on one of
the three lines above it, and COV-nn is a row of spec/coverage-justifications.md that is
not withdrawn. The check fails on a gap without such a comment, and on a comment naming
an ID that the table lacks or has withdrawn.
"""
import json
import os
import re
from typing import Dict, List, Tuple

MARKER = re.compile(r"coverage: (COV-\d+)")
ROW = re.compile(r"^\|\s*(COV-\d+)\s*\|\s*([^|]*)\|")
WINDOW = 3


def justification_ids(root: str) -> Dict[str, bool]:
    """COV-ID -> in force (False when the row says it is withdrawn)."""
    ids: Dict[str, bool] = {}
    with open(os.path.join(root, "spec", "coverage-justifications.md"), encoding="utf-8") as handle:
        for line in handle:
            match = ROW.match(line)
            if match:
                ids[match[1]] = not match[2].strip().startswith("withdrawn")
    return ids


def gaps(gcovr_json: str) -> List[Tuple[str, int, str]]:
    """(file, line, what) for every statement not run and every line with a branch not taken."""
    with open(gcovr_json, encoding="utf-8") as handle:
        data = json.load(handle)
    found = []
    for entry in data["files"]:
        for line in entry["lines"]:
            if line.get("gcovr/noncode"):
                continue
            if line["count"] == 0:
                found.append((entry["file"], line["line_number"], "statement not run"))
            elif any(branch["count"] == 0 for branch in line["branches"]):
                found.append((entry["file"], line["line_number"], "branch not taken"))
    return sorted(found)


def marker_at(path: str, number: int) -> str:
    """The COV-ID of the `coverage: COV-nn` comment nearest above line `number` of `path` (on it or on one of
    the WINDOW lines above), or ''. Also used for the calls between components not run (DIV-COUP-D3)."""
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    window = lines[max(0, number - 1 - WINDOW):number]
    named = [m for text in window for m in MARKER.findall(text)]
    return named[-1] if named else ""


def check_gaps(root: str, gcovr_json: str) -> Tuple[List[dict], List[str]]:
    """The gaps with the justification each carries, and the problems (empty when all are justified)."""
    ids = justification_ids(root)
    rows, problems = [], []
    for path, number, what in gaps(gcovr_json):
        ident = marker_at(os.path.join(root, path), number)
        rows.append({"file": path, "line": number, "gap": what, "justification": ident})
        if not ident:
            problems.append(f"{path}:{number}: {what}, no `coverage: COV-nn` comment on it or the {WINDOW} lines above")
        elif not ids.get(ident, False):
            problems.append(f"{path}:{number}: {ident} is not a justification in force in "
                            "spec/coverage-justifications.md")
    return rows, problems
