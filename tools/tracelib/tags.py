"""Finds coverage tags in the sources and binds each test tag to its test and each proof tag to its goal."""
import os
import re
from dataclasses import dataclass
from typing import List

from .places import place_of

SCANNED_DIRS = ("include", "src", "tests", "why3", "tools", "bench")
SCANNED_SUFFIXES = (".hpp", ".cpp", ".h", ".c", ".mlw", ".py", ".sh", ".cmake")
SKIPPED_PARTS = (os.path.join("tests", "trace", "fixtures"),)

TAG = re.compile(r"\[(?P<kind>impl|utest|proof)->req~(?P<name>[a-z0-9-]+)~(?P<rev>\d+)\]")
TEST = re.compile(r"^\s*(?:TEST|TEST_F|TEST_P|TYPED_TEST)\(\s*(?P<suite>\w+)\s*,\s*(?P<name>\w+)\s*\)")
# `let`, `let rec`, `let function`, `let rec ghost predicate` ...: the name follows the last keyword.
# A Python test: a method test_* of a class, a unittest.TestCase (results written by
# tests/tools/run_unittests.py) or a pytest class (`class TestX:`, pytest's --junitxml).
PY_TEST = re.compile(r"^\s*def\s+(?P<name>test_\w+)\s*\(")
PY_CLASS = re.compile(r"^class\s+(?P<name>\w+)\s*[(:]")
WHY3_DECL = re.compile(r"^\s*(?:(?:lemma|goal|function|predicate|val)\s+"
                       r"|let\s+(?:(?:rec|ghost|function|predicate|lemma)\s+)*)"
                       r"(?P<name>[A-Za-z_][\w']*)")
WHY3_MODULE = re.compile(r"^\s*(?:module|theory)\s+(?P<name>[A-Z][\w]*)")


@dataclass
class Tag:
    kind: str       # impl, utest, proof
    name: str       # requirement name, lower case
    revision: int
    path: str       # relative to the root
    line: int
    target: str = ""  # Suite.Name for utest, file:Module.goal (or file:Module) for proof
    place: str = ""   # impl: the definition the tag stands on or in (tracelib/places.py), "" if none found

    @property
    def where(self) -> str:
        """file:name for the committed matrix (no line: moving lines changes nothing); the file alone without a name."""
        return f"{self.path}:{self.place}" if self.place else self.path


def _files(root: str) -> List[str]:
    found = []
    for directory in SCANNED_DIRS:
        base = os.path.join(root, directory)
        for current, dirs, files in os.walk(base):
            dirs[:] = sorted(d for d in dirs if not d.startswith(("build", ".")))
            relative_dir = os.path.relpath(current, root)
            if any(relative_dir.startswith(part) for part in SKIPPED_PARTS):
                dirs[:] = []
                continue
            for name in sorted(files):
                if name.endswith(SCANNED_SUFFIXES) or name == "CMakeLists.txt":
                    found.append(os.path.join(current, name))
    return found


def _bind_test(lines: List[str], index: int) -> str:
    """The TEST(...) a utest tag sits above: within 5 lines, skipping comments and tags."""
    for offset in range(1, 6):
        if index + offset >= len(lines):
            break
        match = TEST.match(lines[index + offset])
        if match:
            return f"{match['suite']}.{match['name']}"
        if not lines[index + offset].strip().startswith(("//", "/*", "*")):
            break
    return ""


def _bind_python_test(lines: List[str], index: int) -> str:
    """The Class.test_method a utest tag (a comment) sits above: within 5 lines, skipping comments."""
    for offset in range(1, 6):
        if index + offset >= len(lines):
            break
        match = PY_TEST.match(lines[index + offset])
        if match:
            for previous in range(index, -1, -1):
                owner = PY_CLASS.match(lines[previous])
                if owner:
                    return f"{owner['name']}.{match['name']}"
            return ""
        if not lines[index + offset].strip().startswith("#"):
            break
    return ""


def _bind_proof(lines: List[str], index: int, path: str) -> str:
    """The goal or module a proof tag sits above (the module around a goal is named too)."""
    module = ""
    for previous in range(index, -1, -1):
        match = WHY3_MODULE.match(lines[previous])
        if match:
            module = match["name"]
            break
    for offset in range(1, 6):
        if index + offset >= len(lines):
            break
        following = lines[index + offset]
        declaration = WHY3_DECL.match(following)
        if declaration:
            return f"{path}:{module}.{declaration['name']}" if module else f"{path}:{declaration['name']}"
        module_match = WHY3_MODULE.match(following)
        if module_match:
            return f"{path}:{module_match['name']}"
    return ""


def find_tags(root: str) -> List[Tag]:
    tags: List[Tag] = []
    for path in _files(root):
        relative = os.path.relpath(path, root)
        try:
            with open(path, encoding="utf-8") as handle:
                lines = handle.read().splitlines()
        except (UnicodeDecodeError, OSError):
            continue
        for index, line in enumerate(lines):
            for match in TAG.finditer(line):
                tag = Tag(match["kind"], match["name"], int(match["rev"]), relative, index + 1)
                if tag.kind == "utest":
                    tag.target = _bind_python_test(lines, index) if path.endswith(".py") else _bind_test(lines, index)
                elif tag.kind == "proof":
                    tag.target = _bind_proof(lines, index, relative)
                else:
                    tag.place = place_of(lines, index, relative)
                tags.append(tag)
    return tags
