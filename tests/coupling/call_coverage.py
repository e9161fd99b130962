#!/usr/bin/env python3
"""Every call between the core's components run by the tests (DIV-COUP-D3), from the coverage build.

  call_coverage.py --spec spec/stack-and-coupling.md [--out DIR] OBJECT_DIR

OBJECT_DIR is the core's object folder of the coverage build (build/coverage/src/core/CMakeFiles/
sonnx_core.dir) after the suite ran: gcc's call graph beside each object (<source>.ci, as in the release
build: tests/stack/callgraph.py) and gcov's counters (<source>.gcno, <source>.gcda). That build is
compiled with -O0 -fno-inline, so its graph holds every call the source makes as a call, each at its
call site; the calls between components are those of DIV-COUP-D1, read at that level.

A call is run when gcov's data for the line of its call site has a non-zero count and no block of the
line left unexecuted (gcov's "unexecuted_block"; the '*' of its text output): every call on the line was
then made at least once. The rule is conservative: on a line where some other block never ran (a `?:`
whose other arm never ran, say) the call is not counted as run, so it can be reported not run when it
was, never the other way. The core is compiled without exceptions, so no exception edge leaves a block
of a call unexecuted. A header's line is counted run when the data of any object shows it run: each
object has its own counters for the header's functions it compiled, and the linker keeps one copy.

A call site not run is justified as a coverage gap is (tools/evidencelib/coverage_gaps.py): a comment
`coverage: COV-nn` on its line or one of the three above, naming a justification in force in
spec/coverage-justifications.md. A call site whose line has no counters at all (a function gcc generates,
such as an implicit constructor, is not instrumented by gcov) is justified by a row of "Calls between
components not run" in the spec, which names the caller and the callee function; such a row justifies
no site that has counters.

Fails (exit 1) on:
  not-run      a call between two components whose call-site line is not run and is not justified
  stale        a row of that table that matches no call site without counters
  no-data      no call graph or no coverage counters in OBJECT_DIR
Writes DIR/call-coverage.md (with each site's line count, which a run of threaded tests may change) and
DIR/call-coverage.json (without the counts). Prints one verdict line. Runs gcc's gcov (gcov
--json-format --stdout)."""
import argparse
import glob
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from typing import Dict, Iterable, List, Optional, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "stack"))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from callgraph import Graph, markdown_table, read_graph  # noqa: E402
from coupling import Problem, calls_between_components, component_of  # noqa: E402
from evidencelib.coverage_gaps import justification_ids, marker_at  # noqa: E402

NOT_RUN = "Calls between components not run"

# (source file's real path, line) -> (the largest count any object gives, run fully in some object)
LineData = Dict[Tuple[str, int], Tuple[int, bool]]


@dataclass
class CallEdge:
    caller_component: str
    caller: str            # qualified name
    callee_component: str
    callee: str
    site: str              # file:line:col
    count: int = 0         # the call-site line's count
    counted: bool = False  # gcov has counters for the line
    run: bool = False      # the line ran, every block of it
    justified: str = ""    # the COV-nn or the row that argues it, when not run

    @property
    def site_key(self) -> Optional[Tuple[str, int]]:
        parts = self.site.rsplit(":", 2)
        if len(parts) != 3 or not parts[1].isdigit():
            return None
        return os.path.realpath(parts[0]), int(parts[1])


@dataclass
class CallCoverage:
    edges: List[CallEdge]
    problems: List[Problem]
    objects: int

    @property
    def ok(self) -> bool:
        return not self.problems


def edges_of(graph: Graph) -> List[CallEdge]:
    """Every call site where a function of one component calls a function of another, both in the core."""
    found: Dict[Tuple[str, str, str], CallEdge] = {}
    for caller, callee, call in calls_between_components(graph):
        found.setdefault((caller.name, callee.name, call.site),
                         CallEdge(component_of(caller.location), caller.name, component_of(callee.location),
                                  callee.name, call.site))
    return [found[key] for key in sorted(found)]


def merge_gcov(documents: Iterable[dict], base: str) -> LineData:
    """The lines of gcov's JSON documents (one per object), merged as the module's docstring says."""
    lines: LineData = {}
    for document in documents:
        directory = document.get("current_working_directory", base)
        for entry in document.get("files", []):
            path = os.path.realpath(os.path.join(directory, entry["file"]))
            for line in entry.get("lines", []):
                key = (path, int(line["line_number"]))
                count = int(line["count"])
                full = count > 0 and not line.get("unexecuted_block", False)
                before = lines.get(key, (0, False))
                lines[key] = (max(before[0], count), before[1] or full)
    return lines


def read_gcov(objects: str) -> Tuple[LineData, int]:
    """gcov's line data for every object of OBJECT_DIR that has counters, and how many had them."""
    data_files = sorted(glob.glob(os.path.join(os.path.abspath(objects), "**", "*.gcda"), recursive=True))
    documents = []
    for data_file in data_files:
        completed = subprocess.run(["gcov", "--json-format", "--stdout", "--object-directory",
                                    os.path.dirname(data_file), data_file],
                                   capture_output=True, text=True, cwd=os.path.dirname(data_file))
        if completed.returncode != 0:
            raise RuntimeError(f"gcov failed on {data_file}: {completed.stderr.strip()[:300]}")
        for text in completed.stdout.splitlines():
            if text.strip():
                documents.append(json.loads(text))
    return merge_gcov(documents, objects), len(data_files)


def read_spec(path: str) -> Dict[Tuple[str, str], str]:
    """(caller function, callee function) -> row id of the 'Calls between components not run' rows."""
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    return {(row[1].strip("`"), row[2].strip("`")): row[0] for row in markdown_table(text, NOT_RUN)
            if len(row) >= 4}


# [impl->req~div-coup-d3~1]
def judge(graph: Graph, lines: LineData, allowed: Dict[Tuple[str, str], str], objects: int,
          root: str = ROOT) -> CallCoverage:
    problems: List[Problem] = []
    edges = edges_of(graph)
    if not edges or not lines:
        problems.append(Problem("no-data", "no calls between components or no coverage counters "
                                           f"({len(edges)} calls, counters of {objects} objects)"))
    in_force = justification_ids(root)
    matched = set()
    for edge in edges:
        key = edge.site_key
        if key is not None and key in lines:
            edge.counted = True
            edge.count, edge.run = lines[key]
        if edge.run:
            continue
        where = f"{edge.caller} ({edge.caller_component}) calls {edge.callee} ({edge.callee_component}) at " \
                f"{os.path.basename(edge.site)}"
        if not edge.counted:
            row = allowed.get((edge.caller, edge.callee))
            if row:
                edge.justified = row
                matched.add((edge.caller, edge.callee))
            else:
                problems.append(Problem("not-run", f"{where}: gcov has no counters for the line, and no row of "
                                                   f"'{NOT_RUN}' names this caller and callee"))
            continue
        marker = marker_at(key[0], key[1]) if key is not None and os.path.exists(key[0]) else ""
        if marker and in_force.get(marker, False):
            edge.justified = marker
            continue
        why = "never run" if edge.count == 0 else "run, but a block of its line never ran"
        problems.append(Problem("not-run", f"{where}: the line is {why}, and " +
                                (f"{marker} is not a justification in force" if marker else
                                 "no `coverage: COV-nn` comment is on it or the 3 lines above")))
    for pair, row in sorted(allowed.items(), key=lambda item: item[1]):
        if pair not in matched:
            problems.append(Problem("stale", f"{row}: no call of {pair[1]} by {pair[0]} is a site without "
                                             "counters"))
    return CallCoverage(edges, problems, objects)


def write_outputs(result: CallCoverage, out: str, spec: str) -> None:
    os.makedirs(out, exist_ok=True)
    run = sum(1 for e in result.edges if e.run)
    lines = ["# Calls between the core's components run by the tests", "",
             f"Verdict: {'PASS' if result.ok else 'FAIL'}. {run} of {len(result.edges)} call sites between "
             f"components run, from gcc's call graph and gcov's counters of the coverage build "
             f"({result.objects} objects; -O0 -fno-inline) (DIV-COUP-D3). A site counts as run when its line "
             "ran and no block of the line was left unexecuted; one not run is justified by its `coverage: COV-nn` "
             f"comment (coverage-justifications.md) or, without counters, by a row of {spec}.", "",
             "| caller component | caller | callee component | callee | call site | line count | run |",
             "|---|---|---|---|---|---|---|"]
    for edge in result.edges:
        verdict = "yes" if edge.run else (f"no: {edge.justified}" if edge.justified else "NO")
        lines.append(f"| `{edge.caller_component}` | `{edge.caller}` | `{edge.callee_component}` | `{edge.callee}` "
                     f"| {os.path.basename(edge.site)} | {edge.count} | {verdict} |")
    lines.append("")
    if result.problems:
        lines += ["## Failures", ""] + [f"- {p.kind}: {p.detail}" for p in result.problems] + [""]
    with open(os.path.join(out, "call-coverage.md"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines))
    with open(os.path.join(out, "call-coverage.json"), "w", encoding="utf-8") as handle:
        json.dump({"ok": result.ok, "objects": result.objects, "sites": len(result.edges), "run": run,
                   "edges": [{"caller_component": e.caller_component, "caller": e.caller,
                              "callee_component": e.callee_component, "callee": e.callee,
                              "site": os.path.basename(e.site), "run": e.run,
                              "justified": e.justified} for e in result.edges],
                   "problems": [{"kind": p.kind, "detail": p.detail} for p in result.problems]}, handle, indent=1)


def run(objects: str, spec: str, out: Optional[str]) -> CallCoverage:
    lines, count = read_gcov(objects)
    result = judge(read_graph([objects]), lines, read_spec(spec), count)
    if out:
        write_outputs(result, out, os.path.basename(spec))
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("objects", help="the coverage build's folder of the core's objects (.ci, .gcno, .gcda)")
    parser.add_argument("--spec", required=True)
    parser.add_argument("--out")
    args = parser.parse_args()
    result = run(args.objects, args.spec, args.out)
    for problem in result.problems:
        print(problem.line())
    run_count = sum(1 for e in result.edges if e.run)
    print(f"call coverage: {'PASS' if result.ok else 'FAIL'}: {run_count} of {len(result.edges)} call sites "
          f"between components run; {len(result.edges) - run_count} not run, "
          f"{sum(1 for e in result.edges if e.justified)} of them justified; {len(result.problems)} problems")
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
