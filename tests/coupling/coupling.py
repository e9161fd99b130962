#!/usr/bin/env python3
"""Data and control coupling of the core (DIV-COUP-D1, DIV-COUP-D2), from the objects gcc wrote for it.

  coupling.py --spec spec/stack-and-coupling.md [--out DIR] [--target x86-64|aarch64|s390x] OBJECT_DIR

OBJECT_DIR holds the core's objects with gcc's call graph beside each (<source>.o, <source>.ci:
tests/stack/callgraph.py). The components are the core's source files: a .cpp with its own header, and the
headers that define functions (half_float.hpp, div_element.hpp, make_status.hpp); a function belongs to the
file that defines it. The interfaces are every call from a function of one component to a function of
another (control coupling), with the callee's parameters and result, each parameter read (a value, a
reference or pointer to const) or written (a reference or pointer to non-const) (data coupling).

Fails (exit 1) on:
  writable-data     a section with the write flag (SHF_WRITE: .data, .bss, .tdata, .tbss, .init_array, ...)
                    of non-zero size in an object of the core, or a symbol defined in one, that no row of
                    "Writable static data" justifies for this target
  stale             a row of "Writable static data" that matches no symbol
  no-data           no object or no call graph in OBJECT_DIR
Writes DIR/coupling.md (the page) and DIR/coupling.json. Prints one verdict line. Reads the objects with
readelf, which reads the objects of every target."""
import argparse
import glob
import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "stack"))
from callgraph import Call, Function, Graph, markdown_table, read_graph  # noqa: E402

WRITABLE = "Writable static data"
TARGETS = ("x86-64", "aarch64", "s390x")


@dataclass
class Problem:
    kind: str
    detail: str

    def line(self) -> str:
        return f"FAIL {self.kind}: {self.detail}"


@dataclass
class Parameter:
    type: str
    access: str   # "read" or "written"


@dataclass
class Interface:
    caller: str                   # component
    callee: str                   # component
    functions: Dict[str, List[str]] = field(default_factory=dict)   # callee function -> call sites
    signatures: Dict[str, str] = field(default_factory=dict)        # callee function -> its signature


@dataclass
class WritableSection:
    obj: str
    section: str
    size: int
    symbols: List[str]


@dataclass
class Coupling:
    target: str
    components: List[str]
    interfaces: List[Interface]
    writable: List[WritableSection]
    justified: List[str]
    problems: List[Problem]
    objects: int

    @property
    def ok(self) -> bool:
        return not self.problems


def component_of(location: str) -> str:
    """The component a function belongs to: the basename of the file that defines it."""
    return os.path.basename(location.split(":")[0]) if location else ""


def split_parameters(signature: str) -> Tuple[str, List[str]]:
    """(result type, parameter types) of a demangled signature 'R ns::f(A, const B&, C*)'."""
    text = signature.split(" [with ")[0]
    depth = 0
    open_at = -1
    for index, char in enumerate(text):
        if char in "<[":
            depth += 1
        elif char in ">]":
            depth -= 1
        elif char == "(" and depth == 0 and not text[:index].endswith("operator"):
            open_at = index
            break
    if open_at < 0:
        return "", []
    head = text[:open_at].strip()
    close_at = text.rfind(")")
    inner = text[open_at + 1:close_at]
    parameters: List[str] = []
    depth = 0
    current = ""
    for char in inner:
        if char in "<([":
            depth += 1
        elif char in ">)]":
            depth -= 1
        if char == "," and depth == 0:
            parameters.append(current.strip())
            current = ""
        else:
            current += char
    if current.strip() and current.strip() != "void":
        parameters.append(current.strip())
    result = head.rsplit(" ", 1)[0] if " " in head else ""
    return result, parameters


def access_of(parameter: str) -> str:
    """'written' for a reference or pointer to non-const (the callee may write through it), else 'read'."""
    text = parameter.replace(" ", "")
    if text.endswith("&") or text.endswith("*") or text.endswith("&&"):
        pointee = text.rstrip("&*")
        return "read" if pointee.startswith("const") or pointee.endswith("const") else "written"
    return "read"


def calls_between_components(graph: Graph) -> List[Tuple[Function, Function, Call]]:
    """(caller, callee, call) of every call from a function of one component to a function of another, both
    defined in the core (a call out of the core is DIV-STACK-D1's table). Also read by call_coverage.py."""
    defined = {ident: f for ident, f in graph.functions.items() if f.defined}
    found = []
    for call in graph.calls:
        caller = defined.get(call.caller)
        callee = defined.get(call.callee)
        if caller is not None and callee is not None and \
                component_of(caller.location) != component_of(callee.location):
            found.append((caller, callee, call))
    return found


def interfaces_of(graph: Graph) -> Tuple[List[str], List[Interface]]:
    components = sorted({component_of(f.location) for f in graph.functions.values() if f.defined})
    by_pair: Dict[Tuple[str, str], Interface] = {}
    for caller, callee, call in calls_between_components(graph):
        source, target = component_of(caller.location), component_of(callee.location)
        interface = by_pair.setdefault((source, target), Interface(source, target))
        sites = interface.functions.setdefault(callee.name, [])
        site = f"{caller.name} at {os.path.basename(call.site)}" if call.site else caller.name
        if site not in sites:
            sites.append(site)
        interface.signatures[callee.name] = callee.signature
    return components, [by_pair[key] for key in sorted(by_pair)]


def _readelf(arguments: List[str]) -> List[str]:
    completed = subprocess.run(["readelf", "-W"] + arguments, capture_output=True, text=True, check=True)
    return completed.stdout.splitlines()


def writable_sections(obj: str) -> List[WritableSection]:
    """The sections of `obj` with the write flag and a non-zero size, each with the symbols defined in it."""
    sections: Dict[int, Tuple[str, int]] = {}
    for line in _readelf(["-S", obj]):
        text = line.strip()
        if not text.startswith("["):
            continue
        number, rest = text[1:].split("]", 1)
        fields = rest.split()
        if not number.strip().isdigit() or len(fields) < 7:
            continue
        name, size, flags = fields[0], int(fields[4], 16), fields[6]
        if "W" in flags and size > 0:
            sections[int(number)] = (name, size)
    symbols: Dict[int, List[str]] = {index: [] for index in sections}
    commons: List[str] = []
    for line in _readelf(["-s", "-C", obj]):
        fields = line.split(None, 7)
        if len(fields) < 8 or not fields[0].endswith(":") or fields[3] == "SECTION":
            continue
        ndx, name = fields[6], fields[7]
        if ndx == "COM":
            commons.append(name)
        elif ndx.isdigit() and int(ndx) in symbols:
            symbols[int(ndx)].append(name)
    found = [WritableSection(obj, name, size, sorted(symbols[index])) for index, (name, size) in
             sorted(sections.items())]
    if commons:
        found.append(WritableSection(obj, "COMMON", 0, sorted(commons)))
    return found


def read_spec(path: str, target: str) -> Dict[str, str]:
    """symbol -> row id of the 'Writable static data' rows that name `target`."""
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    return {row[1].strip("`"): row[0] for row in markdown_table(text, WRITABLE)
            if len(row) >= 4 and target in [t.strip() for t in row[2].split(",")]}


def analyse(objects: str, spec: str, target: str) -> Coupling:
    problems: List[Problem] = []
    files = sorted(glob.glob(os.path.join(objects, "*.o")))
    graph = read_graph([objects])
    if not files or not graph.functions:
        problems.append(Problem("no-data", f"no objects or no call graph in {objects}"))
    components, interfaces = interfaces_of(graph)
    allowed = read_spec(spec, target)
    writable: List[WritableSection] = []
    matched: List[str] = []
    for obj in files:
        for section in writable_sections(obj):
            writable.append(section)
            unjustified = [s for s in section.symbols if s not in allowed]
            matched += [s for s in section.symbols if s in allowed]
            where = f"{os.path.basename(obj)}: {section.section}"
            if unjustified:
                problems.append(Problem("writable-data", f"{where} ({section.size} bytes) defines "
                                                         f"{', '.join(unjustified)}, which no row of "
                                                         f"'{WRITABLE}' justifies"))
            elif not section.symbols:
                problems.append(Problem("writable-data", f"{where} holds {section.size} bytes and no symbol "
                                                         f"(a row justifies a symbol, not a section)"))
    for symbol, row in sorted(allowed.items()):
        if symbol not in matched:
            problems.append(Problem("stale", f"{row}: no object of the core defines {symbol} in writable data"))
    return Coupling(target, components, interfaces, writable, sorted(set(matched)), problems, len(files))


def write_outputs(coupling: Coupling, out: str, spec: str) -> None:
    os.makedirs(out, exist_ok=True)
    lines = [f"# Data and control coupling of the core ({coupling.target})", "",
             f"Verdict: {'PASS' if coupling.ok else 'FAIL'}. From gcc's call graph of the core's "
             f"{coupling.objects} objects (-fcallgraph-info=su) and their sections (readelf); the justified "
             f"writable data from {spec} (DIV-COUP-D1, DIV-COUP-D2).", "",
             f"Components ({len(coupling.components)}): " + ", ".join(f"`{c}`" for c in coupling.components) + ".",
             "", "## Interfaces: every call from one component to another", "",
             "Each callee with its data: the parameters it reads (values, references or pointers to const) "
             "and those it may write (references or pointers to non-const), and its result.", "",
             "| caller component | callee component | function | parameters read | parameters written | result "
             "| call sites |", "|---|---|---|---|---|---|---|"]
    for interface in coupling.interfaces:
        for function in sorted(interface.functions):
            result, parameters = split_parameters(interface.signatures[function])
            read = [p for p in parameters if access_of(p) == "read"]
            written = [p for p in parameters if access_of(p) == "written"]
            lines.append(f"| `{interface.caller}` | `{interface.callee}` | `{function}` | "
                         f"{', '.join(f'`{p}`' for p in read) or '-'} | "
                         f"{', '.join(f'`{p}`' for p in written) or '-'} | `{result or '-'}` | "
                         f"{'; '.join(interface.functions[function])} |")
    lines += ["", "## Writable static data", ""]
    if coupling.writable:
        lines += ["| object | section | bytes | symbols |", "|---|---|---|---|"]
        lines += [f"| {os.path.basename(w.obj)} | {w.section} | {w.size} | {', '.join(w.symbols) or '-'} |"
                  for w in coupling.writable]
    else:
        lines.append("None: no object of the core has a writable section of non-zero size.")
    lines.append("")
    if coupling.problems:
        lines += ["## Failures", ""] + [f"- {p.kind}: {p.detail}" for p in coupling.problems] + [""]
    with open(os.path.join(out, "coupling.md"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines))
    with open(os.path.join(out, "coupling.json"), "w", encoding="utf-8") as handle:
        json.dump({"target": coupling.target, "ok": coupling.ok, "components": coupling.components,
                   "interfaces": [{"caller": i.caller, "callee": i.callee, "functions": i.functions}
                                  for i in coupling.interfaces],
                   "writable": [{"object": os.path.basename(w.obj), "section": w.section, "bytes": w.size,
                                 "symbols": w.symbols} for w in coupling.writable],
                   "problems": [{"kind": p.kind, "detail": p.detail} for p in coupling.problems]},
                  handle, indent=1)


def run(objects: str, spec: str, out: Optional[str], target: str) -> Coupling:
    coupling = analyse(objects, spec, target)
    if out:
        write_outputs(coupling, out, os.path.basename(spec))
    return coupling


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("objects", help="the folder of the core's objects (.o and .ci)")
    parser.add_argument("--spec", required=True)
    parser.add_argument("--out")
    parser.add_argument("--target", default="x86-64", choices=TARGETS)
    args = parser.parse_args()
    coupling = run(args.objects, args.spec, args.out, args.target)
    for problem in coupling.problems:
        print(problem.line())
    calls = sum(len(i.functions) for i in coupling.interfaces)
    print(f"coupling: {'PASS' if coupling.ok else 'FAIL'}: {len(coupling.components)} components, "
          f"{len(coupling.interfaces)} component pairs, {calls} functions called across them; "
          f"{len(coupling.writable)} writable sections; {len(coupling.problems)} problems")
    return 0 if coupling.ok else 1


if __name__ == "__main__":
    sys.exit(main())
