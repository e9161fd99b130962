"""Cross-references to later upstream revisions: spec/upstream-*.md.

Each such file names its upstream documents, paths from the repository root:

    - upstream document: `../shared/spec-sources/sonnx-div-spec-upstream-2026-06.md`

and holds a table whose rows start with an upstream tag, one row per tag:

    | upstream tag | requirements | agreement | note |
    |---|---|---|---|
    | E_DIV_REAL_FUNC_0010 | DIV-REAL-F1, DIV-REAL-C2 | agrees | ... |

requirements: this project's IDs, comma separated, or `none` (a documented
gap: the note must say why). agreement: `agrees`, `stricter`, `not
applicable`, or `differs: see F-nn[, F-mm]` naming findings of
spec/findings.md. Rows of other tables (first cell not a tag) are not read.

Checked: every tag of every named document has a row (upstream-gap); a
`none` row gives its reason (upstream-gap); every ID a row names is a
requirement of spec/ (upstream-unknown-requirement); a row's tag occurs in
the documents (upstream-unknown-tag); one row per tag, a known agreement,
and cited findings that exist (upstream-malformed-row). A named document
that is not there (the documents live outside the repository) leaves its
tags unchecked; the check says so instead of passing silently.
"""
import glob
import os
import re
from dataclasses import dataclass, field
from typing import Dict, List, Set, Tuple

DOCUMENT = re.compile(r"^\s*[-*]\s*upstream document:\s*`(?P<path>[^`]+)`")
ROW = re.compile(r"^\|\s*(?P<tag>E_DIV_[A-Z0-9_]*[A-Z0-9])\s*\|(?P<rest>.*)$")
# The tags of an upstream document: E_DIV_<VARIANT>_FUNC_0010, E_DIV_<VARIANT>_CONSTR_A_0010, ...
DOCUMENT_TAG = re.compile(r"(?<![A-Za-z0-9_])E_DIV_[A-Z0-9_]*[A-Z0-9]")
IDENT = re.compile(r"^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+$")
FINDING = re.compile(r"\bF-\d+\b")
FINDING_HEADING = re.compile(r"^##\s+(?P<id>F-\d+):")
AGREEMENTS = ("agrees", "stricter", "differs", "not applicable")


@dataclass
class UpstreamRow:
    tag: str
    requirements: List[str]   # IDs as written (DIV-FLOAT-D1); empty for `none`
    agreement: str
    note: str
    location: str             # spec/upstream-2026-06.md:31

    @property
    def documented_gap(self) -> bool:
        return not self.requirements


@dataclass
class UpstreamTable:
    path: str                                   # spec/upstream-2026-06.md
    documents: List[str] = field(default_factory=list)       # as named, from the root
    unread: List[str] = field(default_factory=list)          # named but not found
    document_tags: Dict[str, Set[str]] = field(default_factory=dict)  # document -> its tags
    rows: List[UpstreamRow] = field(default_factory=list)

    @property
    def label(self) -> str:
        return os.path.basename(self.path)


def _findings(root: str) -> Set[str]:
    path = os.path.join(root, "spec", "findings.md")
    found: Set[str] = set()
    if os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                heading = FINDING_HEADING.match(line)
                if heading:
                    found.add(heading["id"])
    return found


def _cells(rest: str) -> List[str]:
    cells = [cell.strip() for cell in rest.split("|")]
    if cells and cells[-1] == "":
        cells.pop()  # the closing pipe
    return cells


def read_upstream(root: str, known_requirements: Set[str]) -> Tuple[List[UpstreamTable], List[Tuple[str, str, str]]]:
    """The tables of spec/upstream-*.md and their defects as (kind, detail, location).

    known_requirements: the requirement names of spec/ (lower case, div-float-d1).
    """
    tables: List[UpstreamTable] = []
    defects: List[Tuple[str, str, str]] = []
    findings = _findings(root)
    for path in sorted(glob.glob(os.path.join(root, "spec", "upstream-*.md"))):
        relative = os.path.relpath(path, root)
        table = UpstreamTable(relative)
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        seen: Dict[str, str] = {}
        in_fence = False
        for number, line in enumerate(lines, start=1):
            if line.strip().startswith("```"):
                in_fence = not in_fence
                continue
            if in_fence:
                continue
            location = f"{relative}:{number}"
            document = DOCUMENT.match(line)
            if document:
                table.documents.append(document["path"])
                continue
            row = ROW.match(line)
            if not row:
                continue
            tag = row["tag"]
            cells = _cells(row["rest"])
            if len(cells) < 3:
                defects.append(("upstream-malformed-row", f"{tag}: a row needs requirements, agreement and note "
                                "cells", location))
                continue
            requirement_cell, agreement, note = cells[0], cells[1], " | ".join(cells[2:]).strip()
            if tag in seen:
                defects.append(("upstream-malformed-row", f"{tag} has a second row (the first is at {seen[tag]})",
                                location))
                continue
            seen[tag] = location
            words = [word.strip() for word in requirement_cell.split(",")]
            if words == ["none"]:
                requirements: List[str] = []
                if not note:
                    defects.append(("upstream-gap", f"{tag} has no project requirement and its row gives no "
                                    "reason", location))
            else:
                requirements = []
                for word in words:
                    if not IDENT.match(word):
                        defects.append(("upstream-malformed-row", f"{tag}: '{word}' is not a requirement ID "
                                        "(IDs comma separated, or none)", location))
                    elif word.lower() not in known_requirements:
                        defects.append(("upstream-unknown-requirement", f"{tag} names {word}, which no spec/*.md "
                                        "defines", location))
                    else:
                        requirements.append(word)
            keyword = next((a for a in AGREEMENTS if agreement == a or agreement.startswith(a + ":")), None)
            if keyword is None:
                defects.append(("upstream-malformed-row", f"{tag}: agreement '{agreement}' is none of "
                                f"{', '.join(AGREEMENTS)}", location))
            cited = FINDING.findall(agreement)
            if keyword == "differs" and not cited:
                defects.append(("upstream-malformed-row", f"{tag}: 'differs' must cite the finding (see F-nn)",
                                location))
            for finding in cited:
                if finding not in findings:
                    defects.append(("upstream-malformed-row", f"{tag} cites {finding}, which spec/findings.md does "
                                    "not hold", location))
            table.rows.append(UpstreamRow(tag, requirements, agreement, note, location))
        if not table.documents:
            defects.append(("upstream-gap", f"{relative} names no upstream document ('- upstream document: "
                            "`PATH`')", relative))
        for named in table.documents:
            full = os.path.normpath(os.path.join(root, named))
            if not os.path.isfile(full):
                table.unread.append(named)
                continue
            with open(full, encoding="utf-8") as handle:
                table.document_tags[named] = set(DOCUMENT_TAG.findall(handle.read()))
        rows = {listed.tag for listed in table.rows}
        for named, tags in sorted(table.document_tags.items()):
            for tag in sorted(tags - rows):
                defects.append(("upstream-gap", f"{tag} of {named} has no row in {relative}", relative))
        if not table.unread:
            every: Set[str] = set().union(*table.document_tags.values()) if table.document_tags else set()
            for listed in table.rows:
                if listed.tag not in every:
                    defects.append(("upstream-unknown-tag", f"{listed.tag} occurs in none of the upstream documents "
                                    f"{relative} names", listed.location))
        tables.append(table)
    return tables, defects


def requirement_tags(tables: List[UpstreamTable]) -> Dict[str, Dict[str, List[str]]]:
    """table path -> requirement ID -> the upstream tags whose rows name it (sorted)."""
    reverse: Dict[str, Dict[str, List[str]]] = {}
    for table in tables:
        per: Dict[str, List[str]] = {}
        for row in table.rows:
            for ident in row.requirements:
                per.setdefault(ident, []).append(row.tag)
        reverse[table.path] = {ident: sorted(tags) for ident, tags in per.items()}
    return reverse
