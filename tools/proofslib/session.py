"""Reads and edits Why3 1.5 session files (why3session.xml)."""
import os
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

HEADER = ('<?xml version="1.0" encoding="UTF-8"?>\n'
          '<!DOCTYPE why3session PUBLIC "-//Why3//proof session v5//EN"\n'
          '"http://why3.lri.fr/why3session.dtd">\n')
SESSION_FILE = "why3session.xml"


@dataclass
class Leaf:
    """A goal proved (or not) by a prover call rather than by a transformation."""
    path: str                  # goal names from the top-level goal down, with the transformations
    proved: bool
    prover: str = ""           # "Z3 4.8.12"
    time: float = 0.0
    status: str = "none"       # the prover's answer, or "none" when no call is recorded
    steps: int = -1            # the prover's resource count (Z3 rlimit-count, CVC resource units); -1 unknown
    time_limit: int = 0        # the session's time limit for this call, seconds


@dataclass
class GoalResult:
    module: str
    goal: str                  # the top-level goal name as Why3 shows it (lemma, or let name + 'vc)
    proved: bool
    leaves: List[Leaf] = field(default_factory=list)
    transformations: List[str] = field(default_factory=list)

    @property
    def declaration(self) -> str:
        """The declaration the goal belongs to, as proof tags name it."""
        return self.goal[:-3] if self.goal.endswith("'vc") else self.goal


def session_dir(why3_dir: str, stem: str) -> str:
    return os.path.join(why3_dir, stem)


def skeleton(mlw_name: str) -> str:
    return (HEADER + '<why3session shape_version="6">\n<file format="whyml">\n'
            f'<path name=".."/><path name="{mlw_name}"/>\n</file>\n</why3session>\n')


def load(path: str) -> ElementTree.ElementTree:
    return ElementTree.parse(path)


def save(tree: ElementTree.ElementTree, path: str) -> None:
    body = ElementTree.tostring(tree.getroot(), encoding="unicode")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(HEADER + body + "\n")


def provers(root: ElementTree.Element) -> Dict[str, str]:
    """Session prover id -> "Name version"."""
    return {p.get("id", ""): f"{p.get('name', '')} {p.get('version', '')}" for p in root.iter("prover")}


def prover_id(root: ElementTree.Element, name: str, version: str) -> str:
    """The session's id for a prover, added when missing."""
    for p in root.iter("prover"):
        if p.get("name", "") == name and p.get("version", "") == version:
            return p.get("id", "")
    ids = [int(p.get("id", "")) for p in root.iter("prover")]
    new_id = str(max(ids) + 1 if ids else 0)
    element = ElementTree.Element("prover", {"id": new_id, "name": name, "version": version,
                                             "timelimit": "5", "steplimit": "0", "memlimit": "1000"})
    root.insert(len([c for c in root if c.tag == "prover"]), element)
    return new_id


def time_limit(root: ElementTree.Element, proof: ElementTree.Element) -> int:
    """A proof's time limit: its own attribute, else its prover's default in the session."""
    if proof.get("timelimit", ""):
        return int(proof.get("timelimit", ""))
    for p in root.iter("prover"):
        if p.get("id", "") == proof.get("prover", ""):
            return int(p.get("timelimit", "0"))
    return 0


def recorded_steps(proof: ElementTree.Element) -> int:
    """The resource count of a proof's recorded result (what --use-steps replays with, plus one); -1 if none."""
    result = proof.find("result")
    if result is None or "steps" not in result.attrib:
        return -1
    return int(result.get("steps", ""))


def _valid(proof: ElementTree.Element) -> Optional[float]:
    result = proof.find("result")
    if result is not None and result.get("status", "") == "valid" and proof.get("obsolete", "") != "true":
        return float(result.get("time", "0"))
    return None


def _status(proof: ElementTree.Element) -> str:
    result = proof.find("result")
    if result is None:
        return "undone" if proof.find("undone") is not None else "failure"
    status = result.get("status", "unknown")
    return f"{status} (obsolete)" if proof.get("obsolete", "") == "true" else status


def transformation_label(transf: ElementTree.Element) -> str:
    args = [transf.get(f"arg{n}", "") for n in range(1, 5) if transf.get(f"arg{n}", "")]
    return " ".join([transf.get("name", "")] + args)


def _leaves(goal: ElementTree.Element, path: str, names: Dict[str, str], out: List[Leaf],
            transformations: List[str], root: ElementTree.Element) -> bool:
    """Collects the leaves under a goal; returns whether the goal is proved."""
    best: Optional[Tuple[float, ElementTree.Element]] = None
    for proof in goal.findall("proof"):
        time = _valid(proof)
        if time is not None and (best is None or time < best[0]):
            best = (time, proof)
    if best is not None:
        proof = best[1]
        out.append(Leaf(path, True, names.get(proof.get("prover", ""), proof.get("prover", "")), best[0], "valid",
                        recorded_steps(proof), time_limit(root, proof)))
        return True
    for transf in goal.findall("transf"):
        label = transformation_label(transf)
        children: List[Leaf] = []
        proved = all([_leaves(child, f"{path} / {label} #{index}", names, children, transformations, root)
                      for index, child in enumerate(transf.findall("goal"))])
        # A transformation that leaves no goal proves its goal only when Why3 says so: a
        # transformation Why3 could not apply again stays in the file with no goal under it.
        if proved and (transf.findall("goal") or goal.get("proved", "") == "true"):
            if not transf.findall("goal"):  # closed by the transformation itself (compute_in_goal)
                children.append(Leaf(f"{path} / {label}", True, "Why3 1.5.1", 0.0, "valid"))
            out.extend(children)
            transformations.append(label)
            return True
    proofs = goal.findall("proof")
    statuses = [f"{names.get(p.get('prover', ''), p.get('prover', ''))}: {_status(p)}" for p in proofs]
    steps = max([recorded_steps(p) for p in proofs], default=-1)
    out.append(Leaf(path, False, "", 0.0, ", ".join(statuses) if statuses else "none", steps))
    return False


def results(path: str) -> List[GoalResult]:
    """Every top-level goal of a session, with the leaves that prove it."""
    root = load(path).getroot()
    names = provers(root)
    found: List[GoalResult] = []
    for theory in root.iter("theory"):
        for goal in theory.findall("goal"):
            leaves: List[Leaf] = []
            transformations: List[str] = []
            # Proved when every leaf is, and Why3 agrees (it marks proved goals in the file).
            proved = (_leaves(goal, goal.get("name", ""), names, leaves, transformations, root)
                      and goal.get("proved", "") == "true")
            found.append(GoalResult(theory.get("name", ""), goal.get("name", ""), proved, leaves,
                                    transformations))
    return found


def attempts_without_steps(path: str) -> List[str]:
    """Prover calls whose recorded result has no resource count: --use-steps would replay them
    with a time limit only, so their verdict could depend on the machine's speed."""
    root = load(path).getroot()
    names = provers(root)
    missing = []
    for theory in root.iter("theory"):
        for goal in theory.iter("goal"):
            for proof in goal.findall("proof"):
                if recorded_steps(proof) < 0:
                    prover = names.get(proof.get("prover", ""))
                    missing.append(f"{theory.get('name', '')}.{goal.get('name', '')} ({prover})")
    return missing


def find_goal(root: ElementTree.Element, module: str, name: str) -> Optional[ElementTree.Element]:
    for theory in root.iter("theory"):
        if theory.get("name", "") != module:
            continue
        for goal in theory.iter("goal"):
            if goal.get("name", "") == name:
                return goal
    return None


def unproved_leaves(root: ElementTree.Element) -> List[ElementTree.Element]:
    """Goals with neither a valid prover call nor a transformation: where provers must be tried."""
    found = []

    def visit(goal: ElementTree.Element) -> bool:
        if any(_valid(p) is not None for p in goal.findall("proof")):
            return True
        transfs = goal.findall("transf")
        if transfs:
            return all([visit(child) for t in transfs for child in t.findall("goal")])
        found.append(goal)
        return False

    for theory in root.iter("theory"):
        for goal in theory.findall("goal"):
            visit(goal)
    return found


def keep_fastest(root: ElementTree.Element) -> None:
    """On every goal, keeps only the fastest valid prover call (or the failed ones if none is valid),
    with a time limit of at least four times what it took."""
    for goal in root.iter("goal"):
        proofs = goal.findall("proof")
        valid = [(t, p) for p in proofs for t in [_valid(p)] if t is not None]
        if not valid:
            continue
        time, fastest = min(valid, key=lambda pair: pair[0])
        for proof in proofs:
            if proof is not fastest:
                goal.remove(proof)
        # The replay's limit is the recorded resource count (--use-steps); the time limit is only
        # the CPU-time backstop, kept well above what the proof took.
        fastest.set("timelimit", str(max(10, int(time * 4) + 1)))


def require_goal(root: ElementTree.Element, module: str, name: str) -> ElementTree.Element:
    """find_goal for a goal that must be there (one the caller has just found or made)."""
    goal = find_goal(root, module, name)
    if goal is None:
        raise LookupError(f"no goal {name} in {module}")
    return goal
