"""The mutant build: a copy of the sources with every mutant compiled in
(schemata), built once per instruction-set configuration. A site whose
mutant cannot compile (a constant expression the site finder did not
recognise, a narrowing in braces) is dropped and recorded as not compiled."""
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from typing import Dict, List, Tuple

from sonnxtools.run import run_logged

from .schemata import HEADER_NAME, RUNTIME_HEADER, Rendered, render_file, sites_at
from .compile_db import compile_arguments
from .sites import Site, find_sites

# What is mutated (issue #12): the core and the oracle with its campaign engine.
SCOPE = ["src/core", "src/oracle", "src/check"]
# Two builds, as the test suite has: the release one (x86-64-v3 kernels, MXCSR) and the asan
# preset's portable one (baseline ISA, <cfenv>), so that the code each one alone compiles is mutated too.
CONFIGURATIONS = {
    "native": ["-DSONNX_ARCH_FLAGS=-march=x86-64-v3"],
    "portable": ["-DSONNX_ARCH_FLAGS=", "-DSONNX_FP_ENV_PORTABLE=ON"],
}
# The files with code under #if on the instruction set or the FP environment.
CONFIGURATION_DEPENDENT = {"src/core/div_float.cpp", "src/core/fp_environment.cpp", "src/core/fp_environment.hpp",
                           "src/core/half_float.hpp"}
# SONNX_MUTATION_BUILD: the oracle tests take the plans they take under ASan (tests/oracle/plan_size.hpp),
# the mutated code being as slow.
COMMON_CACHE = ["-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_CXX_COMPILER=g++", "-DSONNX_WERROR=OFF",
                "-DSONNX_BUILD_BENCH=OFF", "-DCMAKE_CXX_FLAGS=-DSONNX_MUTATION_BUILD",
                "-DSONNX_TARGETS=OFF"]  # the other targets' builds and runs (tests/targets) are not its suite
ERROR = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):(?P<col>\d+): error:", re.MULTILINE)


@dataclass
class MutantRecord:
    id: int
    file: str
    line: int
    column: int
    operator: str
    description: str
    code: str                     # the source line, stripped
    status: str = "pending"       # killed, survived, not-reached, not-compiled, justified (argued equivalent, not run)
    killed_by: str = ""
    build: str = ""
    detail: str = ""


@dataclass
class MutantTree:
    root: str                                   # the copied source tree
    mutants: List[MutantRecord] = field(default_factory=list)
    rendered: Dict[str, Tuple[str, List[Rendered]]] = field(default_factory=dict)


def _run(command: List[str], cwd: str, log) -> int:
    return run_logged(command, cwd, log, status_line=False)


# Left out of the mutant builds: the accuracy module instantiates div_element.hpp's templates with its
# own interval types, on which a mutated operator need not exist (no operator* for a bound), so its
# library, and with it tests/accuracy, are not built; the suite kills the core's mutants without them.
LEFT_OUT = ["src/accuracy/CMakeLists.txt"]


def copy_tree(root: str, directory: str, revision: str = "") -> str:
    """A clean copy of the sources to mutate: a committed revision (git archive), or the working tree's
    files that git tracks or would track (not build outputs)."""
    if os.path.exists(directory):
        shutil.rmtree(directory)
    os.makedirs(directory)
    if revision:
        archive = subprocess.run(["git", "-C", root, "archive", "--format=tar", revision], capture_output=True,
                                 check=True).stdout
        subprocess.run(["tar", "-x", "-C", directory], input=archive, check=True)
    else:
        listed = subprocess.run(["git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                                capture_output=True, check=True).stdout.decode("utf-8").split("\0")
        for relative in listed:
            source = os.path.join(root, relative)
            if relative and os.path.isfile(source):
                os.makedirs(os.path.dirname(os.path.join(directory, relative)), exist_ok=True)
                shutil.copy2(source, os.path.join(directory, relative))
    for relative in LEFT_OUT:
        if os.path.exists(os.path.join(directory, relative)):
            os.remove(os.path.join(directory, relative))
    return directory


def write_if_changed(path: str, content: bytes) -> None:
    """Keeps a file's time stamp when its content is the same, so that the mutant builds are incremental."""
    if os.path.exists(path):
        with open(path, "rb") as handle:
            if handle.read() == content:
                return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(content)


def sync_tree(stage: str, tree: str, skip: List[str]) -> None:
    """Makes `tree` hold `stage`'s files (but those in `skip`, written later), touching only what differs."""
    wanted = set()
    for current, _, files in os.walk(stage):
        for name in files:
            relative = os.path.relpath(os.path.join(current, name), stage)
            wanted.add(relative)
            if relative not in skip:
                with open(os.path.join(current, name), "rb") as handle:
                    write_if_changed(os.path.join(tree, relative), handle.read())
    for current, _, files in os.walk(tree):
        for name in files:
            relative = os.path.relpath(os.path.join(current, name), tree)
            if relative not in wanted and os.path.basename(relative) != HEADER_NAME:
                os.remove(os.path.join(current, name))


def scope_files(tree: str) -> List[str]:
    files = []
    for directory in SCOPE:
        if not os.path.isdir(os.path.join(tree, directory)):
            continue
        for name in sorted(os.listdir(os.path.join(tree, directory))):
            if name.endswith((".cpp", ".hpp")):
                files.append(os.path.join(directory, name))
    return files


def _translation_unit(stage: str, relative: str, arguments: Dict[str, List[str]], tree: str) -> str:
    """The tree's path of the .cpp to parse for `relative`: itself, or for a header a compiled .cpp of its
    directory that includes it."""
    path = os.path.realpath(os.path.join(tree, relative))
    if relative.endswith(".cpp"):
        return path
    name = os.path.basename(relative)
    for candidate in sorted(arguments):
        if os.path.dirname(candidate) == os.path.dirname(path) and candidate.endswith(".cpp"):
            with open(os.path.join(stage, os.path.relpath(candidate, os.path.realpath(tree))),
                      encoding="utf-8") as handle:
                if f'#include "{name}"' in handle.read():
                    return candidate
    return ""


def collect_sites(stage: str, tree: str, compile_commands: str, log) -> Dict[str, List[Site]]:
    """The sites of the clean copy `stage`, parsed with the compile arguments of the build of `tree`."""
    arguments = compile_arguments(compile_commands)
    found: Dict[str, List[Site]] = {}
    real_tree = os.path.realpath(tree)
    for relative in scope_files(stage):
        unit = _translation_unit(stage, relative, arguments, tree)
        if not unit or unit not in arguments:
            log.write(f"{relative}: not compiled by the build, not mutated\n")
            continue
        staged_unit = os.path.join(stage, os.path.relpath(unit, real_tree))
        found[relative] = find_sites(os.path.join(stage, relative), staged_unit, arguments[unit], stage)
    return found


def number_mutants(found: Dict[str, List[Site]], source_lines: Dict[str, List[str]]
                   ) -> Tuple[List[MutantRecord], Dict[str, List[List[int]]]]:
    records: List[MutantRecord] = []
    ids: Dict[str, List[List[int]]] = {}
    for relative, sites in found.items():
        ids[relative] = []
        for site in sites:
            numbers = []
            for mutant in site.mutants:
                number = len(records) + 1
                numbers.append(number)
                records.append(MutantRecord(number, relative, site.line, site.column, mutant.operator,
                                            mutant.description, source_lines[relative][site.line - 1].strip()))
            ids[relative].append(numbers)
    return records, ids


def write_schemata(tree: str, originals: Dict[str, str], found: Dict[str, List[Site]],
                   ids: Dict[str, List[List[int]]], count: int) -> Dict[str, Tuple[str, List[Rendered]]]:
    rendered = {}
    for relative, sites in found.items():
        text, placed = render_file(originals[relative], sites, ids[relative])
        write_if_changed(os.path.join(tree, relative), text.encode("utf-8"))
        rendered[relative] = (text, placed)
    for directory in SCOPE:
        if os.path.isdir(os.path.join(tree, directory)):
            write_if_changed(os.path.join(tree, directory, HEADER_NAME),
                             RUNTIME_HEADER.replace("@COUNT@", str(count)).encode("utf-8"))
    return rendered


def failing_sites(output: str, tree: str, rendered: Dict[str, Tuple[str, List[Rendered]]],
                  build_dir: str) -> List[Site]:
    """The sites whose generated text holds a compile error's line. gcc names the file as the build
    command gave it, which Ninja makes relative to the build directory (../tree/src/...)."""
    bad: List[Site] = []
    for match in ERROR.finditer(output):
        path = os.path.realpath(os.path.join(build_dir, match.group("file")))
        for relative, (text, placed) in rendered.items():
            if os.path.realpath(os.path.join(tree, relative)) == path:
                for k in sites_at(placed, text, int(match.group("line"))):
                    if placed[k].site not in bad:
                        bad.append(placed[k].site)
    return bad
