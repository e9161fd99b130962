"""Which goals are theorems and which are bookkeeping.

A goal is bookkeeping when it states no property of the operator: a
format constant, a power of two, a named constant's value, an arithmetic
fact the theorems use. Such goals are marked in the .mlw with a comment
`(* bookkeeping: <why> *)` above the declaration; the goals a `clone`
discharges (`goal eb_gt_1,` ...) are bookkeeping without a mark. Every other
goal is a theorem. The goal table and the replay JSON give the kind; the
trace does not count a bookkeeping goal as the proof of a requirement.
"""
import functools
import os
import re
from typing import FrozenSet, Tuple

MARK = re.compile(r"\(\*\s*bookkeeping:")
MODULE = re.compile(r"^\s*(?:module|theory)\s+(?P<name>\w+)")
DECLARATION = re.compile(r"^\s*(?:let\s+)?(?:rec\s+)?(?:ghost\s+)?(?:lemma|goal|function|predicate|constant)\s+"
                         r"(?P<name>[\w']+)")
CLONE_GOAL = re.compile(r"^\s*goal\s+(?P<name>\w+)\s*,?\s*$")
CLONE = re.compile(r"^\s*clone\b")


@functools.lru_cache(maxsize=None)
def bookkeeping_goals(mlw_path: str) -> FrozenSet[Tuple[str, str]]:
    """(module, goal) pairs of the bookkeeping goals of one .mlw, read once per run; a
    let-declaration's VC is NAME'vc."""
    found = set()
    if not os.path.exists(mlw_path):
        return frozenset()
    with open(mlw_path, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    module, pending, in_clone = "", False, False
    for line in lines:
        match = MODULE.match(line)
        if match:
            module, pending, in_clone = match["name"], False, False
            continue
        if CLONE.match(line):
            in_clone = True
        if in_clone:
            goal = CLONE_GOAL.match(line)
            if goal:
                found.add((module, goal["name"]))
            if "axiom ." in line or line.strip() == "" or line.strip().startswith("end"):
                in_clone = False
            continue
        if MARK.search(line):
            pending = True
            continue
        declaration = DECLARATION.match(line)
        if declaration and pending:
            found.add((module, declaration["name"]))
            found.add((module, f"{declaration['name']}'vc"))
            pending = False
    return frozenset(found)


def kind_of(bookkeeping: FrozenSet[Tuple[str, str]], module: str, goal: str) -> str:
    return "bookkeeping" if (module, goal) in bookkeeping else "theorem"
