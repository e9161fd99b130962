"""Which tagged C++ files the build never compiles: a tag there proves nothing.

A source file (.cpp, .c) is built when a CMakeLists.txt in its folder or a
parent folder names it by its path relative to that CMakeLists.txt, or its
own folder's names its stem as a word (`foreach(name test_a test_b)` then
`${name}.cpp`). A header (.hpp, .h) is built when a built source, or
another such header, includes a file of its name (by any path). Other
files (Python, Why3, CMake) are not judged here.
"""
import os
import re
from typing import Dict, Iterable, List, Set

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"](?P<path>[^>"]+)[>"]')
SOURCE_SUFFIXES = (".cpp", ".c")
HEADER_SUFFIXES = (".hpp", ".h")


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError):
        return ""


def _named_in_cmake(root: str, relative: str) -> bool:
    folder = os.path.dirname(relative)
    while True:
        cmake = _read(os.path.join(root, folder, "CMakeLists.txt"))
        if cmake:
            inner = os.path.relpath(relative, folder) if folder else relative
            if re.search(r"(?<![\w./-])" + re.escape(inner) + r"(?![\w.-])", cmake):
                return True
            stem = os.path.splitext(inner)[0]
            if "/" not in inner and re.search(r"(?<![\w./-])" + re.escape(stem) + r"(?![\w.-])", cmake):
                return True
        if not folder:
            return False
        folder = os.path.dirname(folder)


def _all_code(root: str) -> List[str]:
    found = []
    for top in ("include", "src", "tests", "bench"):
        for current, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = [d for d in dirs if not d.startswith(("build", "."))]
            for name in files:
                if name.endswith(SOURCE_SUFFIXES + HEADER_SUFFIXES):
                    found.append(os.path.relpath(os.path.join(current, name), root))
    return sorted(found)


def unbuilt_sources(root: str, tagged: Iterable[str]) -> Set[str]:
    """The tagged .cpp/.c/.hpp/.h files (relative paths) that the build does not compile."""
    code = _all_code(root)
    built: Set[str] = {path for path in code if path.endswith(SOURCE_SUFFIXES) and _named_in_cmake(root, path)}
    includes: Dict[str, List[str]] = {path: [m["path"] for line in _read(os.path.join(root, path)).splitlines()
                                             for m in [INCLUDE.match(line)] if m] for path in code}
    headers = [path for path in code if path.endswith(HEADER_SUFFIXES)]
    changed = True
    while changed:  # headers included by built files are built, transitively
        changed = False
        wanted = {os.path.basename(included) for path in built for included in includes.get(path, [])}
        for header in headers:
            if header not in built and os.path.basename(header) in wanted:
                built.add(header)
                changed = True
    return {path for path in tagged if path.endswith(SOURCE_SUFFIXES + HEADER_SUFFIXES) and path not in built}
