"""Reads the OpenFastTrace requirement items of spec/*.md."""
import glob
import os
import re
from dataclasses import dataclass, field
from typing import Dict, List, Tuple

ITEM = re.compile(r"^`req~(?P<name>[a-z0-9-]+)~(?P<rev>\d+)`\s*$")
HEADING = re.compile(r"^#{2,4}\s+(?P<id>[A-Z0-9-]+):\s*(?P<title>.*)$")
NEEDS = re.compile(r"^Needs:\s*(?P<needs>[a-z, ]+)\s*$")
INSPECTION = re.compile(r"^`inspection~(?P<name>[a-z0-9-]+)~(?P<rev>\d+)`\s*$")
COVERS = re.compile(r"^Covers:\s*(?P<refs>.*)$")
REF = re.compile(r"req~(?P<name>[a-z0-9-]+)~(?P<rev>\d+)")
REPEAT = re.compile(r"^How to repeat:\s*\S")
RESULT = re.compile(r"^Result \(\d{4}-\d{2}-\d{2}\):\s*\S")

KNOWN_NEEDS = ("impl", "utest", "proof", "inspection")


@dataclass
class Requirement:
    name: str      # div-float-c3
    revision: int
    title: str
    needs: List[str]
    location: str  # spec/float.md:42

    @property
    def ident(self) -> str:
        return self.name.upper()


@dataclass
class SpecIndex:
    requirements: Dict[str, Requirement] = field(default_factory=dict)
    duplicates: List[Tuple[str, str]] = field(default_factory=list)   # (name, location)
    # (req name, rev, location of the Covers line, the record as file:inspection~name~rev)
    inspections: List[Tuple[str, int, str, str]] = field(default_factory=list)
    # Inspection records without a way to repeat them or a dated result: they cover nothing.
    incomplete_inspections: List[Tuple[str, str]] = field(default_factory=list)  # (detail, location)
    malformed: List[Tuple[str, str]] = field(default_factory=list)    # (detail, location)


def _missing_record_parts(lines: List[str], item_line: int) -> List[str]:
    """What an inspection record starting at item_line (1-based) lacks, up to the next item or heading."""
    body = []
    for line in lines[item_line:]:
        if HEADING.match(line) or ITEM.match(line.strip()) or INSPECTION.match(line.strip()):
            break
        body.append(line.strip())
    missing = []
    if not any(REPEAT.match(line) for line in body):
        missing.append("'How to repeat:'")
    if not any(RESULT.match(line) for line in body):
        missing.append("a dated 'Result (YYYY-MM-DD):'")
    return missing


def read_spec(root: str) -> SpecIndex:
    index = SpecIndex()
    for path in sorted(glob.glob(os.path.join(root, "spec", "*.md"))):
        relative = os.path.relpath(path, root)
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        title = ""
        current = None
        in_fence = False
        inspection_complete = False
        record = ""
        for number, line in enumerate(lines, start=1):
            if line.strip().startswith("```"):
                in_fence = not in_fence  # examples in code blocks are not items
                continue
            if in_fence:
                continue
            heading = HEADING.match(line)
            if heading:
                title = heading["title"].strip()
            item = ITEM.match(line.strip())
            if item:
                location = f"{relative}:{number}"
                if item["name"] in index.requirements:
                    index.duplicates.append((item["name"], location))
                    current = None
                    continue
                current = Requirement(item["name"], int(item["rev"]), title, [], location)
                index.requirements[item["name"]] = current
                continue
            needs = NEEDS.match(line.strip())
            if needs and current is not None:
                current.needs = [n.strip() for n in needs["needs"].split(",") if n.strip()]
                unknown = [n for n in current.needs if n not in KNOWN_NEEDS]
                if unknown:
                    index.malformed.append((f"unknown coverage type {unknown} in {current.ident}",
                                            f"{relative}:{number}"))
                current = None
            inspection = INSPECTION.match(line.strip())
            if inspection:
                current = None
                record = f"{relative}:inspection~{inspection['name']}~{inspection['rev']}"
                missing = _missing_record_parts(lines, number)
                if missing:
                    index.incomplete_inspections.append(
                        (f"inspection {inspection['name']} lacks {' and '.join(missing)}", f"{relative}:{number}"))
                    inspection_complete = False
                else:
                    inspection_complete = True
            covers = COVERS.match(line.strip())
            if covers and inspection_complete:
                for ref in REF.finditer(covers["refs"]):
                    index.inspections.append((ref["name"], int(ref["rev"]), f"{relative}:{number}", record))
    for requirement in index.requirements.values():
        if not requirement.needs:
            index.malformed.append((f"{requirement.ident} has no Needs line", requirement.location))
    return index
