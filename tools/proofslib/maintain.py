"""The maintainers' commands of tools/proofs, which edit the committed
sessions in why3/: record (re-run every prover call and save its resource
count), prove (give each unproved goal the fastest prover that proves it) and
transform (apply and record transformations on a goal). why3/README.md says
when to run each."""
import os
import shutil
import sys

from . import session
from .goaltable import table
from .limits import budgets
from .why3run import pinned_provers, why3
from .workspace import Workspace


def replay_in_place(workspace: Workspace, stem: str):
    """Replays a committed session with its time limits and saves it; prints Why3's last line."""
    run = why3(workspace.root, workspace.why3_dir, ["replay", "-f", os.path.join(workspace.why3_dir, stem)])
    print(run.stdout.strip().splitlines()[-1] if run.stdout.strip() else run.stderr.strip())
    return run


def record(workspace: Workspace) -> int:
    """Re-runs every prover call with its time limit only (a CPU-time limit) and saves the sessions,
    so that every result carries the resource count the deterministic replay then uses. Run it on
    a quiet machine after changing a prover's command line or driver, then run replay."""
    status = 0
    for stem in workspace.stems():
        print(f"why3/{stem}:", end=" ")
        run = replay_in_place(workspace, stem)
        if run.returncode != 0:
            status = 1
            print(run.stdout + run.stderr, file=sys.stderr)
        missing = session.attempts_without_steps(workspace.session_path(stem))
        for call in missing:
            print(f"proofs: why3/{stem}: {call} recorded no resource count", file=sys.stderr)
            status = 1
    return status


def prove(workspace: Workspace, file: str, provers: list, time_limits: list) -> int:
    """Tries provers on every unproved goal of why3/<file>.mlw at each time limit in turn, keeps the
    fastest that proves it, saves the session; exit 1 when a goal stays unproved."""
    stem = os.path.splitext(os.path.basename(file))[0]
    path = workspace.session_path(stem)
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(session.skeleton(f"{stem}.mlw"))
    replay_in_place(workspace, stem)  # brings in new goals and expands recorded transformations
    pinned = pinned_provers(workspace.root)
    for limit in time_limits:
        tree = session.load(path)
        root = tree.getroot()
        leaves = session.unproved_leaves(root)
        if not leaves:
            break
        print(f"trying {', '.join(provers)} at {limit} s on {len(leaves)} goals")
        for goal in leaves:
            for proof in goal.findall("proof"):
                goal.remove(proof)
            for name in provers:
                ident = session.prover_id(root, name, pinned[name])
                element = session.ElementTree.Element("proof", {"prover": ident, "timelimit": str(limit),
                                                                "steplimit": "0", "memlimit": "1000"})
                session.ElementTree.SubElement(element, "undone")
                goal.insert(0, element)
        session.save(tree, path)
        replay_in_place(workspace, stem)
        tree = session.load(path)
        session.keep_fastest(tree.getroot())
        session.save(tree, path)
    replay_in_place(workspace, stem)
    goals = session.results(path)
    print(table(workspace.why3_dir, [(stem, g) for g in goals], budgets(workspace, workspace.why3_dir)))
    return 0 if all(g.proved for g in goals) else 1


def split_transformation(text: str) -> list:
    """'hide_and_clear r (round RNE x)' -> ['hide_and_clear', 'r', '(round RNE x)']: words, a parenthesised term
    kept whole."""
    words, depth, current = [], 0, ""
    for char in text.strip():
        if char == " " and depth == 0:
            if current:
                words.append(current)
            current = ""
            continue
        depth += {"(": 1, ")": -1}.get(char, 0)
        current += char
    if current:
        words.append(current)
    return words


def strip_proofs(element) -> None:
    for child in list(element):
        if child.tag == "proof":
            element.remove(child)
        else:
            strip_proofs(child)


def transform(workspace: Workspace, file: str, module: str, goal_name: str, transformations: list) -> int:
    """Applies the transformations one at a time, each on the single goal the previous one
    left, in a scratch copy of the session without prover calls (so that the replays that
    apply them run no prover), then records them in the session. Stops at the first that
    Why3 does not apply (it would stay in the session as a detached node)."""
    why3_dir = workspace.why3_dir
    path = workspace.session_path(file)
    scratch_dir = os.path.join(why3_dir, f".{file}-transform")  # beside the .mlw: same relative path
    scratch = os.path.join(scratch_dir, session.SESSION_FILE)
    shutil.rmtree(scratch_dir, ignore_errors=True)
    os.makedirs(scratch_dir)
    tree = session.load(path)
    strip_proofs(tree.getroot())
    session.save(tree, scratch)
    name, applied = goal_name, True
    for text in transformations:
        tree = session.load(scratch)
        goal = session.find_goal(tree.getroot(), module, name)
        if goal is None:
            print(f"proofs: no goal {name} in {module}", file=sys.stderr)
            applied = False
            break
        for child in list(goal):
            if child.tag == "transf":
                goal.remove(child)
        words = split_transformation(text)
        attributes = {"name": words[0]}
        for index, value in enumerate(words[1:], 1):
            attributes[f"arg{index}"] = value
        session.ElementTree.SubElement(goal, "transf", attributes)
        session.save(tree, scratch)
        why3(workspace.root, why3_dir, ["replay", "-f", scratch_dir])
        goal = session.require_goal(session.load(scratch).getroot(), module, name)
        transf = goal.find("transf")
        children = transf.findall("goal") if transf is not None else []
        if not children and goal.get("proved") != "true":
            print(f"proofs: Why3 did not apply '{text}' on {module}.{name}", file=sys.stderr)
            applied = False
            break
        print(f"{module}.{name}: {text} -> {', '.join(c.get('name', '') for c in children) or 'proved'}")
        if len(children) != 1:
            break
        name = children[0].get("name", "")
    if applied:
        applied_tree = session.require_goal(session.load(scratch).getroot(), module, goal_name)
        tree = session.load(path)
        goal = session.require_goal(tree.getroot(), module, goal_name)
        for child in list(goal):
            if child.tag in ("proof", "transf"):
                goal.remove(child)
        for child in applied_tree:
            if child.tag == "transf":
                goal.append(child)
        session.save(tree, path)
    shutil.rmtree(scratch_dir, ignore_errors=True)
    return 0 if applied else 1
