"""Finds function definitions in src/core/*.cpp that carry no implementation tag.

A function definition is a line at column 0 that declares something with a
parameter list and is not a statement, type or preprocessor line; its tag
must stand in the comment block directly above it (above its template
line, if any). Unspecified code is what DO-178C asks to be justified.
"""
import glob
import os
import re
from typing import List, Tuple

NOT_A_FUNCTION = re.compile(r"^(namespace|struct|class|enum|union|using|typedef|static_assert|return|if|for|while|"
                            r"switch|case|default|extern|#|//|/\*|\*|\}|\{)")
FUNCTION_START = re.compile(r"^[A-Za-z_][\w:<>,\s\*&]*[\s\*&]([A-Za-z_][\w:]*|operator\S+)\s*\(")
IMPL_TAG = re.compile(r"\[impl->req~[a-z0-9-]+~\d+\]")


def untagged_functions(root: str) -> List[Tuple[str, int, str]]:
    """(path, line, function) for each untagged definition."""
    found = []
    for path in sorted(glob.glob(os.path.join(root, "src", "core", "*.cpp"))):
        relative = os.path.relpath(path, root)
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        for index, line in enumerate(lines):
            if not line or line[0].isspace() or NOT_A_FUNCTION.match(line) or line.startswith("template"):
                continue
            match = FUNCTION_START.match(line)
            if not match or "=" in line.split("(")[0] or line.rstrip().endswith(";"):
                continue
            above = index - 1
            if above >= 0 and lines[above].startswith("template"):
                above -= 1
            tagged = False
            while above >= 0 and lines[above].lstrip().startswith("//"):
                if IMPL_TAG.search(lines[above]):
                    tagged = True
                    break
                above -= 1
            if not tagged:
                found.append((relative, index + 1, match.group(1)))
    return found
