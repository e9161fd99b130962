#!/usr/bin/env python3
"""Worst-case stack of each public function of the core (DIV-STACK-D1), from gcc's own data.

  stack_analysis.py --spec spec/stack-and-coupling.md --target x86-64|aarch64|s390x [--out DIR] CI_FILE_OR_DIR...

Reads the call graph and frame sizes gcc wrote for the core's build (-fcallgraph-info=su, beside each
object: tests/stack/callgraph.py) and, from spec/stack-and-coupling.md, the public functions with their
budgets and the calls that leave the core with their allowances (a row applies to the targets its
targets column names). For every public function it takes the
deepest path through the graph: its own frame plus the deepest of its callees, a callee outside the core
counting its allowance. It fails (exit 1) on:
  recursion       a cycle in the graph (the bound would not exist; DIV-API-D7 forbids it anyway)
  dynamic         a frame gcc cannot bound (alloca, a variable-length array)
  no-frame        a function defined in the core without a frame size
  indirect        a call through a pointer with no justification row
  unknown         a call to a function outside the core with no justification row
  over-budget     a public function whose bound exceeds its budget
  missing-entry   a public function of the table that the core does not define
  unlisted-entry  a function of namespace sonnx (the API) defined in the core without a row
  stale           a justification row that matches no call
Writes DIR/stack.md (the page), DIR/stack.json and DIR/stack_bounds.txt ("NAME BOUND" per line, read by
tests/stack/test_stack_bound.cpp). Prints one verdict line."""
import argparse
import json
import os
import sys
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from callgraph import INDIRECT, Graph, cycles, markdown_table, read_graph  # noqa: E402

# Headings of spec/stack-and-coupling.md whose tables the analysis reads.
BUDGETS = "Stack budgets"
EXTERNAL = "Calls that leave the core"
INDIRECT_CALLS = "Calls through a pointer"
TARGETS = ("x86-64", "aarch64", "s390x")
# What gcc's frame sizes leave out, by target (spec/stack-and-coupling.md, "What the frame sizes leave
# out"): (bytes added to every function's frame, bytes added below a function that calls nothing).
# x86-64: a frame realigned to 32 bytes for AVX (`and $-32, %rsp`) has up to 24 bytes of padding that
# -fstack-usage does not count, and a function that calls nothing may use the 128-byte red zone under
# its stack pointer. AArch64 and s390x have no red zone, and their stack pointer's alignment (16, 8)
# is what their frames need.
ABI_ALLOWANCE = {"x86-64": (24, 128), "aarch64": (0, 0), "s390x": (0, 0)}
REALIGNMENT = "realignment padding"
RED_ZONE = "red zone"


@dataclass
class Problem:
    kind: str
    detail: str

    def line(self) -> str:
        return f"FAIL {self.kind}: {self.detail}"


@dataclass
class Entry:
    name: str
    budget: int
    ident: Optional[str] = None
    bound: Optional[int] = None
    path: List[Tuple[str, int]] = field(default_factory=list)  # (function, its frame or allowance)


@dataclass
class Analysis:
    target: str
    entries: List[Entry]
    problems: List[Problem]
    functions: int
    calls: int
    external: Dict[str, int]           # callee -> allowance used
    justified_indirect: List[str]

    @property
    def ok(self) -> bool:
        return not self.problems


def _number(text: str) -> int:
    return int(text.replace(",", "").replace(" ", ""))


def _targets(cell: str) -> List[str]:
    return [t.strip() for t in cell.split(",") if t.strip()]


def read_spec(path: str, target: str) -> Tuple[Dict[str, int], Dict[str, Tuple[str, int]], Dict[str, str]]:
    """(budgets: public function -> bytes, external: callee -> (row id, allowance), indirect: caller -> row id),
    the justification rows restricted to those that name `target` in their targets column."""
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    budgets = {row[0].strip("`"): _number(row[1]) for row in markdown_table(text, BUDGETS) if len(row) >= 2}
    external = {row[1].strip("`"): (row[0], _number(row[2])) for row in markdown_table(text, EXTERNAL)
                if len(row) >= 4 and target in _targets(row[3])}
    indirect = {row[1].strip("`"): row[0] for row in markdown_table(text, INDIRECT_CALLS)
                if len(row) >= 3 and target in _targets(row[2])}
    return budgets, external, indirect


def analyse(graph: Graph, budgets: Dict[str, int], external: Dict[str, Tuple[str, int]],
            indirect: Dict[str, str], target: str = "") -> Analysis:
    problems: List[Problem] = []
    defined = {ident: f for ident, f in graph.functions.items() if f.defined}
    for component in cycles(graph):
        names = " -> ".join(graph.functions[i].name for i in component)
        problems.append(Problem("recursion", f"{names} call each other (or itself): no bound exists"))
    for ident, function in sorted(defined.items()):
        if function.stack is None:
            problems.append(Problem("no-frame", f"{function.name}: gcc gave no frame size"))
        elif function.qualifier != "static":
            problems.append(Problem("dynamic", f"{function.name}: frame {function.stack} bytes "
                                               f"({function.qualifier}): not bounded at compile time"))
    used_external: Dict[str, int] = {}
    used_indirect: List[str] = []
    for call in graph.calls:
        caller = graph.functions.get(call.caller)
        caller_name = caller.name if caller else call.caller
        if call.callee == INDIRECT:
            if caller_name in indirect:
                used_indirect.append(caller_name)
            else:
                problems.append(Problem("indirect", f"{caller_name} calls through a pointer at {call.site} "
                                                    f"and no row of '{INDIRECT_CALLS}' justifies it"))
        elif call.callee not in defined:
            if call.callee in external:
                used_external[call.callee] = external[call.callee][1]
            else:
                callee = graph.functions.get(call.callee)
                what = callee.signature if callee else call.callee
                problems.append(Problem("unknown", f"{caller_name} calls {what} ({call.callee}), defined outside "
                                                   f"the core, at {call.site or 'a site gcc does not give'}, and no "
                                                   f"row of '{EXTERNAL}' justifies it"))
    for callee, (row, _) in sorted(external.items()):
        if callee not in used_external:
            problems.append(Problem("stale", f"{row}: no call of the core goes to {callee}"))
    for caller, row in sorted(indirect.items()):
        if caller not in used_indirect:
            problems.append(Problem("stale", f"{row}: {caller} makes no call through a pointer"))

    # Deepest path from each function, memoised, iteratively (a cycle was reported above: its members
    # are left without a bound).
    recursive = {i for component in cycles(graph) for i in component}
    per_function, red_zone = ABI_ALLOWANCE.get(target, (0, 0))
    depth: Dict[str, Tuple[int, List[Tuple[str, int]]]] = {}

    def deepest(root: str) -> Optional[Tuple[int, List[Tuple[str, int]]]]:
        order: List[str] = []
        seen = set()
        work = [root]
        while work:  # post-order of the acyclic part reachable from root
            node = work.pop()
            if node in seen:
                continue
            seen.add(node)
            order.append(node)
            work.extend(c for c in graph.callees(node) if c in defined and c not in recursive)
        for node in reversed(order):
            if node in depth:
                continue
            function = defined[node]
            frame = (function.stack or 0) + per_function
            best: Tuple[int, List[Tuple[str, int]]] = (0, [])
            if red_zone and not graph.callees(node):
                best = (red_zone, [(RED_ZONE, red_zone)])
            for callee in graph.callees(node):
                if callee in defined and callee not in recursive:
                    candidate = depth.get(callee)
                elif callee in external:
                    candidate = (external[callee][1], [(callee, external[callee][1])])
                else:
                    candidate = None  # unknown, indirect or recursive: reported above
                if candidate and candidate[0] > best[0]:
                    best = candidate
            depth[node] = (frame + best[0], [(function.name, frame)] + best[1])
        return depth.get(root)

    by_name: Dict[str, List[str]] = {}
    for ident, function in defined.items():
        by_name.setdefault(function.name, []).append(ident)
    entries: List[Entry] = []
    for name, budget in budgets.items():
        entry = Entry(name, budget)
        idents = by_name.get(name, [])
        if not idents:
            problems.append(Problem("missing-entry", f"{name}: the core defines no such function"))
        for ident in idents:
            if ident in recursive:
                continue
            result = deepest(ident)
            if result and (entry.bound is None or result[0] > entry.bound):
                entry.ident = ident
                entry.bound, entry.path = result
        if entry.bound is not None and entry.bound > budget:
            problems.append(Problem("over-budget", f"{name}: worst case {entry.bound} bytes, budget {budget}: "
                                                   + " > ".join(f"{f} ({b})" for f, b in entry.path)))
        entries.append(entry)
    for name, idents in sorted(by_name.items()):
        # The API: functions of namespace sonnx itself, not of sonnx::core or an anonymous namespace.
        public = name.startswith("sonnx::") and name.count("::") == 1
        if public and name not in budgets:
            problems.append(Problem("unlisted-entry", f"{name} is a function of the API without a row in "
                                                      f"'{BUDGETS}'"))
    return Analysis(target, entries, problems, len(defined), len(graph.calls), used_external, used_indirect)


def write_outputs(analysis: Analysis, out: str, spec: str) -> None:
    os.makedirs(out, exist_ok=True)
    title = f"Worst-case stack of the core's public functions{f' ({analysis.target})' if analysis.target else ''}"
    lines = [f"# {title}", "",
             f"Verdict: {'PASS' if analysis.ok else 'FAIL'}. From gcc's call graph and frame sizes "
             f"(-fcallgraph-info=su, -fstack-usage) of the core's {analysis.functions} functions and "
             f"{analysis.calls} calls; budgets and the calls that leave the core from {spec} (DIV-STACK-D1). "
             "A bound is the deepest path: each function's own frame plus the deepest of its callees. "
             + (f"On {analysis.target} each frame below counts {ABI_ALLOWANCE[analysis.target][0]} bytes of "
                f"{REALIGNMENT} more than gcc gives, and a function that calls nothing "
                f"{ABI_ALLOWANCE[analysis.target][1]} bytes of {RED_ZONE}."
                if ABI_ALLOWANCE.get(analysis.target, (0, 0)) != (0, 0) else ""), "",
             "| public function | bound (bytes) | budget | deepest path (frame bytes) |", "|---|---|---|---|"]
    for entry in analysis.entries:
        path = " > ".join(f"`{f}` ({b})" for f, b in entry.path)
        lines.append(f"| `{entry.name}` | {entry.bound if entry.bound is not None else '-'} | {entry.budget} | "
                     f"{path} |")
    lines += ["", "Calls that leave the core (allowance in bytes, from the spec's table): "
              + (", ".join(f"`{c}` {b}" for c, b in sorted(analysis.external.items())) or "none") + ".",
              "Calls through a pointer: " + (", ".join(analysis.justified_indirect) or "none") + ".", ""]
    if analysis.problems:
        lines += ["## Failures", ""] + [f"- {p.kind}: {p.detail}" for p in analysis.problems] + [""]
    with open(os.path.join(out, "stack.md"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines))
    with open(os.path.join(out, "stack.json"), "w", encoding="utf-8") as handle:
        json.dump({"target": analysis.target, "ok": analysis.ok, "functions": analysis.functions,
                   "calls": analysis.calls, "external": analysis.external,
                   "indirect": analysis.justified_indirect,
                   "entries": [{"name": e.name, "bound": e.bound, "budget": e.budget,
                                "path": [{"function": f, "bytes": b} for f, b in e.path]}
                               for e in analysis.entries],
                   "problems": [{"kind": p.kind, "detail": p.detail} for p in analysis.problems]},
                  handle, indent=1)
    with open(os.path.join(out, "stack_bounds.txt"), "w", encoding="utf-8") as handle:
        for entry in analysis.entries:
            if entry.bound is not None:
                handle.write(f"{entry.name} {entry.bound}\n")


def run(inputs: List[str], spec: str, out: Optional[str], target: str) -> Analysis:
    budgets, external, indirect = read_spec(spec, target)
    graph = read_graph(inputs)
    analysis = analyse(graph, budgets, external, indirect, target)
    if not graph.functions:
        analysis.problems.append(Problem("no-data", f"no call graph found in {', '.join(inputs)}"))
    if out:
        write_outputs(analysis, out, os.path.basename(spec))
    return analysis


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("inputs", nargs="+", help=".ci files, or folders holding them")
    parser.add_argument("--spec", required=True)
    parser.add_argument("--out")
    parser.add_argument("--target", required=True, choices=TARGETS,
                        help="the target the graph was built for: the justification rows that name it apply")
    args = parser.parse_args()
    analysis = run(args.inputs, args.spec, args.out, args.target)
    for problem in analysis.problems:
        print(problem.line())
    bounds = ", ".join(f"{e.name} {e.bound}" for e in analysis.entries if e.bound is not None)
    print(f"stack: {'PASS' if analysis.ok else 'FAIL'}: {len(analysis.entries)} public functions ({bounds}); "
          f"{len(analysis.problems)} problems")
    return 0 if analysis.ok else 1


if __name__ == "__main__":
    sys.exit(main())
