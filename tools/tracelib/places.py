"""Names the code an implementation tag stands on: the definition under the tag, or around it.

The committed matrix names implementation places by file and name, not by
line, so that an edit which only moves lines leaves it unchanged. The name is
that of the definition in the code line under the tag's comment block (a
function, a class, struct, union or enum, a `using` alias, a Python `def` or
`class`, a CMake command), qualified by the class around it when it is
indented; when the code under the tag is a statement, the name is that of the
definition around the tag. Where neither is found the place is the file alone.
"""
import re
from typing import List

C_SUFFIXES = (".cpp", ".hpp", ".h", ".c")
KEYWORDS = {"return", "if", "else", "for", "while", "switch", "case", "do", "throw", "delete", "new", "goto",
            "sizeof", "static_assert", "co_return", "catch", "try", "namespace", "default"}
ATTRIBUTE = re.compile(r"^(?:\[\[[^\]]*\]\]\s*)+")
C_TYPE = re.compile(r"^(?:template\s*<.*>\s*)?(?:class|struct|union|enum(?:\s+class|\s+struct)?)\s+"
                    r"(?:\[\[[^\]]*\]\]\s*|alignas\([^)]*\)\s*)*(?P<name>[A-Za-z_]\w*)")
C_USING = re.compile(r"^using\s+(?P<name>[A-Za-z_]\w*)\s*=")
C_NAME_AT_END = re.compile(r"(?P<name>~?[A-Za-z_]\w*(?:::~?[A-Za-z_]\w*)*(?:<[^<>]*>)?|operator\s*\S+?)\s*$")
C_VARIABLE = re.compile(r"^[A-Za-z_][\w:<>,\s\*&]*[\s\*&](?P<name>[A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)?=(?!=)")
ACCESS = re.compile(r"^\s*(?:public|private|protected)\s*:")
C_TYPED_HEAD = re.compile(r"^[A-Za-z_][\w:<>,\s\*&]*[\s\*&]\s*$")
PY_DEF = re.compile(r"^\s*(?:async\s+)?(?:def|class)\s+(?P<name>[A-Za-z_]\w*)")
CMAKE_COMMAND = re.compile(r"^\s*(?P<name>[A-Za-z_]\w*)\s*\(")
NAMESPACE = re.compile(r"^\s*(?:inline\s+)?namespace\b")


def _language(path: str) -> str:
    if path.endswith(C_SUFFIXES):
        return "c"
    if path.endswith(".py"):
        return "python"
    if path.endswith((".cmake", "CMakeLists.txt")):
        return "cmake"
    return ""


def c_definition_name(line: str, variables: bool = True) -> str:
    """The name a C++ code line defines or declares (a variable only when `variables`), or "" for a statement."""
    text = ATTRIBUTE.sub("", line.strip())
    match = C_TYPE.match(text)
    if match:
        return "" if text.endswith(";") and "{" not in text else match["name"]  # not a forward declaration
    match = C_USING.match(text)
    if match:
        return match["name"]
    match = C_VARIABLE.match(text) if variables else None
    if match and "(" not in text[:match.end()]:
        return match["name"]
    if "(" not in text:
        return ""
    head = text.split("(", 1)[0]
    first = re.match(r"[A-Za-z_]\w*", head)
    if "=" in head or "." in head or "->" in head or first is None or first.group(0) in KEYWORDS:
        return ""
    match = C_NAME_AT_END.search(head)
    if match is None:
        return ""
    name = re.sub(r"\s+", "", match["name"])
    parts = name.split("::")
    if len(parts) >= 2 and parts[-1].lstrip("~") == parts[-2]:
        return name  # a constructor or destructor defined outside its class
    typed = head[:match.start()]
    return name if C_TYPED_HEAD.match(typed) else ""


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _skipped(line: str, language: str) -> bool:
    """Lines between a tag and its code: comments, template heads, preprocessor lines, decorators."""
    text = line.strip()
    if language == "c":
        return (text.startswith(("//", "/*", "*", "#", "template")) or ATTRIBUTE.sub("", text) == ""
                or ACCESS.match(text) is not None)
    if language == "python":
        return text.startswith(("#", "@"))
    return text.startswith("#")


def _definition(line: str, language: str, variables: bool = False) -> str:
    """The name the code line defines; variables count only at column 0 (below it they are statements)."""
    if language == "c":
        return c_definition_name(line, variables and not line[:1].isspace())
    if language == "python":
        match = PY_DEF.match(line)
        return match["name"] if match else ""
    match = CMAKE_COMMAND.match(line)
    return match["name"] if match else ""


def _owner(lines: List[str], index: int, language: str) -> str:
    """The name of the definition around line `index`, or ""."""
    found = _owner_index(lines, index, language)
    return _definition(lines[found], language) if found >= 0 else ""


def _qualified(lines: List[str], index: int, name: str, language: str) -> str:
    """`Class::member` for a definition indented inside a class (a C++ class or a Python class)."""
    if not lines[index][:1].isspace() or language not in ("c", "python"):
        return name
    owner = _owner(lines, index, language)
    return f"{owner}::{name}" if owner and language == "c" else f"{owner}.{name}" if owner else name


def place_of(lines: List[str], index: int, path: str) -> str:
    """The name of the code an implementation tag at line `index` (0-based) stands on, or ""."""
    language = _language(path)
    if not language:
        return ""
    below = index + 1
    while below < len(lines) and lines[below].strip() and _skipped(lines[below], language):
        below += 1
    if below < len(lines) and lines[below].strip():
        code = lines[below]
        # Below column 0 a line ending in ';' is a statement; at column 0 a declaration.
        statement = language == "c" and code[:1].isspace() and code.rstrip().endswith(";")
        name = "" if statement else _definition(code, language, variables=True)
        if name:
            return _qualified(lines, below, name, language)
    if lines[index][:1].isspace() and language in ("c", "python"):
        owner_line = _owner_index(lines, index, language)
        if owner_line >= 0:
            return _qualified(lines, owner_line, _definition(lines[owner_line], language), language)
    return ""


def _owner_index(lines: List[str], index: int, language: str) -> int:
    """The line of the definition around line `index`, or -1."""
    depth = _indent(lines[index])
    for previous in range(index - 1, -1, -1):
        line = lines[previous]
        if not line.strip() or _indent(line) >= depth or _skipped(line, language):
            continue
        if NAMESPACE.match(line):
            return -1
        depth = _indent(line)
        if _definition(line, language) and not line.rstrip().endswith(";"):
            return previous
        if depth == 0:
            return -1
    return -1
