"""The core's call graph as gcc sees it: -fcallgraph-info=su (<source>.ci, VCG text) and -fstack-usage
(<source>.su) beside each object of sonnx_core (src/core/CMakeLists.txt). Shared by the stack analysis
(DIV-STACK-D1, stack_analysis.py) and the coupling analysis (DIV-COUP-D1, tests/coupling/coupling.py).

A .ci file holds one graph per translation unit:
  node: { title: "ID" label: "SIGNATURE\\nFILE:LINE:COL\\nN bytes (static)" }       a function defined there
  node: { title: "ID" label: "SIGNATURE\\nFILE:LINE:COL" shape : ellipse }         one it calls, defined elsewhere
  edge: { sourcename: "ID" targetname: "ID" label: "FILE:LINE:COL" }              a call, at its call site
ID is the mangled name, prefixed by "FILE:" for a function of internal linkage; "__indirect_call" stands
for every call through a pointer. Functions defined in several units (inline functions of headers) are
merged by ID: their frames are taken at the largest."""
import glob
import os
import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Set, Tuple

INDIRECT = "__indirect_call"
_NODE = re.compile(r'^node: \{ title: "(?P<title>[^"]*)" label: "(?P<label>[^"]*)"(?P<rest>[^}]*)\}')
_EDGE = re.compile(r'^edge: \{ sourcename: "(?P<source>[^"]*)" targetname: "(?P<target>[^"]*)"'
                   r'(?: label: "(?P<label>[^"]*)")?')
_STACK = re.compile(r"^(?P<bytes>\d+) bytes \((?P<qualifier>[a-z,]+)\)$")


@dataclass
class Function:
    ident: str
    signature: str            # demangled, with its parameter types
    location: str             # file:line:col of its definition (or declaration, when external)
    defined: bool             # defined in one of the graphs read
    stack: Optional[int] = None       # bytes of its own frame
    qualifier: str = ""               # static, dynamic, dynamic,bounded
    units: Set[str] = field(default_factory=set)  # the .ci files that define it

    @property
    def name(self) -> str:
        """The qualified name without parameters: 'sonnx::div', 'sonnx::core::RunCursor::next'."""
        return qualified_name(self.signature)

    @property
    def file(self) -> str:
        return self.location.split(":")[0] if self.location else ""


@dataclass
class Call:
    caller: str
    callee: str
    site: str                 # file:line:col, "" when gcc gives none (a builtin expanded as a call)


@dataclass
class Graph:
    functions: Dict[str, Function] = field(default_factory=dict)
    calls: List[Call] = field(default_factory=list)

    def callees(self, ident: str) -> List[str]:
        return sorted({c.callee for c in self.calls if c.caller == ident})


def qualified_name(signature: str) -> str:
    """'sonnx::Status sonnx::div(const ...&, ...)' -> 'sonnx::div'; templates keep their arguments."""
    text = signature.split(" [with ")[0]
    depth = 0
    cut = len(text)
    for index, char in enumerate(text):  # the parameter list: the first '(' outside template brackets
        if char == "<":
            depth += 1
        elif char == ">":
            depth -= 1
        elif char == "(" and depth == 0 and not text[:index].endswith("operator"):
            cut = index
            break
    head = text[:cut].strip()
    depth = 0
    for index in range(len(head) - 1, -1, -1):  # the return type ends at the last space outside brackets
        char = head[index]
        if char == ">":
            depth += 1
        elif char == "<":
            depth -= 1
        elif char == " " and depth == 0:
            return head[index + 1:]
    return head


def _unescape(label: str) -> List[str]:
    return label.split("\\n")


def read_ci(path: str, graph: Graph) -> None:
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.strip()
            node = _NODE.match(line)
            if node:
                parts = _unescape(node["label"])
                external = "ellipse" in node["rest"]
                ident = node["title"]
                signature = parts[0]
                location = parts[1] if len(parts) > 1 else ""
                known = graph.functions.get(ident)
                if known is None:
                    known = Function(ident, signature, location, False)
                    graph.functions[ident] = known
                if not external:
                    stack = _STACK.match(parts[2]) if len(parts) > 2 else None
                    frame = int(stack["bytes"]) if stack else None
                    known.defined = True
                    known.signature = signature
                    known.location = location
                    known.units.add(path)
                    if frame is not None and (known.stack is None or frame > known.stack):
                        known.stack = frame
                        known.qualifier = stack["qualifier"]
                    elif frame is None:
                        known.qualifier = known.qualifier or "unknown"
                continue
            edge = _EDGE.match(line)
            if edge:
                graph.calls.append(Call(edge["source"], edge["target"], edge["label"] or ""))


def read_graph(paths: List[str]) -> Graph:
    """The graph of every .ci file given (files, or folders searched recursively for *.ci)."""
    graph = Graph()
    files: List[str] = []
    for path in paths:
        if os.path.isdir(path):
            files += sorted(glob.glob(os.path.join(path, "**", "*.ci"), recursive=True))
        else:
            files.append(path)
    for path in files:
        read_ci(path, graph)
    _resolve_aliases(graph)
    return graph


# gcc defines a constructor or destructor once, as the base-object variant (C2, D2), and makes the
# complete-object variant (C1, D1) an alias of it: a call to C1 is a call to the C2 it defines.
_ALIASES = (("C1E", "C2E"), ("D1E", "D2E"))


# With -fPIC gcc calls a function of external linkage defined in the same unit through its local alias
# ("FILE:MANGLED.localalias"): a call of that function itself.
_LOCAL_ALIAS = ".localalias"


def _resolve_aliases(graph: Graph) -> None:
    for call in graph.calls:
        callee = graph.functions.get(call.callee)
        if callee is not None and callee.defined:
            continue
        if call.callee.endswith(_LOCAL_ALIAS):
            target = call.callee[:-len(_LOCAL_ALIAS)].rsplit(":", 1)[-1]
            if target in graph.functions and graph.functions[target].defined:
                call.callee = target
                continue
        for alias, definition in _ALIASES:
            if alias in call.callee:
                candidate = call.callee.replace(alias, definition, 1)
                if candidate in graph.functions and graph.functions[candidate].defined:
                    call.callee = candidate
                    break


def cycles(graph: Graph) -> List[List[str]]:
    """Every strongly connected component with a cycle (a recursion, direct or not), by Tarjan's algorithm,
    iteratively (the analysis must not itself depend on the depth of the graph)."""
    index: Dict[str, int] = {}
    low: Dict[str, int] = {}
    on_stack: Set[str] = set()
    stack: List[str] = []
    found: List[List[str]] = []
    successors = {ident: graph.callees(ident) for ident in graph.functions}
    counter = 0
    for root in sorted(graph.functions):
        if root in index:
            continue
        work: List[Tuple[str, int]] = [(root, 0)]
        while work:
            node, position = work.pop()
            if position == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            next_nodes = successors.get(node, [])
            if position < len(next_nodes):
                work.append((node, position + 1))
                child = next_nodes[position]
                if child not in index:
                    work.append((child, 0))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            for child in next_nodes:
                if child in on_stack:
                    low[node] = min(low[node], low[child])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                self_call = any(c.caller == node and c.callee == node for c in graph.calls)
                if len(component) > 1 or self_call:
                    found.append(sorted(component))
    return found


def markdown_table(text: str, heading: str) -> List[List[str]]:
    """The rows (cells stripped) of the first Markdown table after the heading line that contains `heading`;
    the header and separator rows are left out."""
    lines = text.splitlines()
    rows: List[List[str]] = []
    start = next((i for i, line in enumerate(lines) if line.startswith("#") and heading in line), None)
    if start is None:
        return rows
    in_table = False
    for line in lines[start + 1:]:
        if line.startswith("#"):
            break
        if line.startswith("|"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if not in_table:
                in_table = True  # the header row
                continue
            if all(set(cell) <= set("-: ") for cell in cells):
                continue
            rows.append(cells)
        elif in_table:
            break
    return rows
