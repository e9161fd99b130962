"""Finds definitions in src/core/*.cpp and src/core/*.hpp that carry no implementation tag and are not exempt helpers.

A function definition is a line at column 0 that declares something with a
parameter list, is not a statement, type or preprocessor line, and reaches
`{` before `;`; its tags stand in the comment block directly above it (above
its template line, if any). Unspecified code is what DO-178C asks to be
justified.

A helper is exempt (spec/README.md, "Which code carries an implementation
tag") when its comment block holds, instead of tags, the marker

    // helper of NAME: no requirement of its own

and NAME is a function defined in the same file, with an implementation tag
of its own, whose body uses the helper's name. Classes and structs at column 0
may carry the marker too, under the same conditions; they are not required to
carry tags. A marker anywhere else, or on a definition that carries tags, is
a defect.
"""
import glob
import os
import re
from dataclasses import dataclass
from typing import List, Optional, Tuple

NOT_A_FUNCTION = re.compile(r"^(namespace|struct|class|enum|union|using|typedef|static_assert|return|if|for|while|"
                            r"switch|case|default|extern|#|//|/\*|\*|\}|\{)")
FUNCTION_START = re.compile(r"^[A-Za-z_][\w:<>,\s\*&]*[\s\*&]([A-Za-z_][\w:]*|operator\S+)\s*\(")
CLASS_START = re.compile(r"^(?:class|struct)\s+(?:alignas\([^)]*\)\s*)?([A-Za-z_]\w*)")
IMPL_TAG = re.compile(r"\[impl->req~[a-z0-9-]+~\d+\]")
HELPER = re.compile(r"^\s*//\s*helper of (?P<name>[A-Za-z_][\w:]*): no requirement of its own\s*$")
LITERAL = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'')


@dataclass
class Definition:
    kind: str             # function, class
    name: str             # as written in the definition: divide_half, RunCursor::next, Bf16FlagLanes
    line: int             # 0-based index of the definition line
    end: int              # 0-based index of the line that closes its body
    tagged: bool          # an impl tag in the comment block above
    helper_of: str        # NAME of a helper marker in that block, or ""
    marker_line: int      # 0-based index of that marker, or -1


def _code(line: str) -> str:
    """The line without string and character literals and without a // comment."""
    return LITERAL.sub('""', line).split("//", 1)[0]


def _body_end(lines: List[str], index: int) -> Optional[int]:
    """The line that closes the body opened after line `index`, or None when `;` comes first (a declaration)."""
    depth = 0
    for current in range(index, len(lines)):
        for char in _code(lines[current]):
            if char == "{":
                depth += 1
            elif char == "}":
                depth -= 1
                if depth == 0:
                    return current
            elif char == ";" and depth == 0:
                return None
    return None


def _definition(lines: List[str], index: int) -> Optional[Tuple[str, str]]:
    """(kind, name) when line `index` starts a function or class definition at column 0."""
    line = lines[index]
    if not line or line[0].isspace() or line.startswith("template"):
        return None
    match = CLASS_START.match(line)
    if match:
        return ("class", match.group(1))
    if NOT_A_FUNCTION.match(line):
        return None
    match = FUNCTION_START.match(line)
    if not match or "=" in line.split("(")[0] or line.rstrip().endswith(";"):
        return None
    return ("function", match.group(1))


def _definitions(lines: List[str]) -> List[Definition]:
    found = []
    for index in range(len(lines)):
        start = _definition(lines, index)
        if start is None:
            continue
        end = _body_end(lines, index)
        if end is None:
            continue
        above = index - 1
        if above >= 0 and lines[above].startswith("template"):
            above -= 1
        tagged, helper_of, marker_line = False, "", -1
        while above >= 0 and lines[above].lstrip().startswith("//"):
            tagged = tagged or IMPL_TAG.search(lines[above]) is not None
            marker = HELPER.match(lines[above])
            if marker and marker_line < 0:
                helper_of, marker_line = marker["name"], above
            above -= 1
        found.append(Definition(start[0], start[1], index, end, tagged, helper_of, marker_line))
    return found


def _not_exempt(helper: Definition, definitions: List[Definition], lines: List[str], relative: str) -> str:
    """Why a helper marker does not exempt its definition, or "" when it does."""
    named = [d for d in definitions if d.kind == "function" and d.name == helper.helper_of]
    if not named:
        return f"{helper.helper_of} is not a function defined in {relative}"
    tagged = [d for d in named if d.tagged]
    if not tagged:
        return f"{helper.helper_of} carries no [impl->...] tag of its own"
    used = re.compile(r"\b" + re.escape(helper.name.split("::")[-1]) + r"\b")
    for user in tagged:
        body = "\n".join(_code(line) for line in lines[user.line:user.end + 1])
        if used.search(body):
            return ""
    return f"{helper.helper_of} does not use {helper.name.split('::')[-1]}"


def core_code_defects(root: str) -> Tuple[List[Tuple[str, int, str, str]], List[Tuple[str, int, str]]]:
    """(path, line, function, why its marker does not exempt it or "") for each untagged function definition,
    and (path, line, detail) for each helper marker that is misplaced or exempts a class it should not."""
    untagged, invalid = [], []
    paths = sorted(glob.glob(os.path.join(root, "src", "core", "*.cpp")) +
                   glob.glob(os.path.join(root, "src", "core", "*.hpp")))
    for path in paths:
        relative = os.path.relpath(path, root)
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        definitions = _definitions(lines)
        placed = set()
        for definition in definitions:
            if definition.marker_line >= 0:
                placed.add(definition.marker_line)
            if definition.tagged:
                if definition.helper_of:
                    invalid.append((relative, definition.marker_line + 1,
                                    f"{definition.name} carries [impl->...] tags and a helper marker: keep one"))
                continue
            reason = _not_exempt(definition, definitions, lines, relative) if definition.helper_of else None
            if definition.kind == "function" and reason != "":
                untagged.append((relative, definition.line + 1, definition.name, reason or ""))
            elif definition.kind == "class" and reason:
                invalid.append((relative, definition.marker_line + 1,
                                f"the helper marker of {definition.name} does not exempt it: {reason}"))
        for index, line in enumerate(lines):
            if HELPER.match(line) and index not in placed:
                invalid.append((relative, index + 1, "helper marker not in the comment block directly above a "
                                                     "function or class definition at column 0"))
    return untagged, invalid
