"""The checking commands of tools/proofs, run by ctest (why3/CMakeLists.txt)
and the evidence bundle: replay every session in a scratch copy with
deterministic limits, print the goal table of the committed sessions, and
check the sources for axiom, val and assume."""
import glob
import os
import shutil
import sys
import time

from . import session
from .goaltable import summary, table, to_json, write_json
from .limits import budgets
from .replay_failures import failure_messages
from .sources import source_problems
from .why3run import version_problems, why3
from .workspace import Workspace


def replay(workspace: Workspace, work: str, json_path: str) -> int:
    """tools/proofs replay: refuses to start on a prover version other than the pinned one, a forbidden
    declaration or a call without a recorded resource count; replays each session in a copy under work
    (default build/why3-replay); prints the table; writes json_path; exit status 1 on any goal not proved."""
    root, why3_dir = workspace.root, workspace.why3_dir
    problems = version_problems(root) + source_problems(root, why3_dir)
    for stem in workspace.stems():
        problems += [f"why3/{stem}: no recorded resource count for {call}: its replay would be limited by "
                     f"time alone (tools/proofs record)"
                     for call in session.attempts_without_steps(workspace.session_path(stem))]
    for problem in problems:
        print(f"proofs: {problem}", file=sys.stderr)
    if problems:
        return 1
    work = os.path.abspath(work or os.path.join(root, "build", "why3-replay"))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    for path in glob.glob(os.path.join(why3_dir, "*.mlw")):
        shutil.copy(path, work)
    failed = []
    started = time.monotonic()
    for stem in workspace.stems():
        shutil.copytree(os.path.join(why3_dir, stem), os.path.join(work, stem))
        # --use-steps: each call's limit is its recorded resource count plus one, not time.
        run = why3(root, work, ["replay", "--use-steps", "-f", os.path.join(work, stem)])
        if run.returncode != 0:
            failed.append(stem)
            messages = failure_messages(stem, run.stdout)
            for message in messages:
                print(f"proofs: {message}", file=sys.stderr)
            if not messages:  # not a prover answer: a session Why3 could not load or merge
                print(f"proofs: replay of why3/{stem} failed:\n{run.stdout}{run.stderr}", file=sys.stderr)
    elapsed = time.monotonic() - started
    goals = workspace.collect(work)
    committed = budgets(workspace, why3_dir)
    print(table(why3_dir, goals, committed))
    print(summary(why3_dir, goals))
    print(f"replay of {len(workspace.stems())} sessions: {elapsed:.1f} s wall clock")
    data = to_json(root, why3_dir, goals, committed)
    data["replay_seconds"] = round(elapsed, 1)
    data["failures"] = [f"why3/{stem}" for stem in failed]
    if json_path:
        write_json(json_path, data)
    unproved = [g for _, g in goals if not g.proved]
    if failed or unproved:
        print(f"proofs: replay FAILED in {', '.join(f'why3/{s}' for s in failed) or 'no session'}; "
              f"{len(unproved)} goals not proved", file=sys.stderr)
    return 1 if (failed or unproved) else 0


def show_table(workspace: Workspace, json_path: str) -> int:
    """tools/proofs table: the goal table of the committed sessions, no prover run; exit 1 on a goal not proved."""
    why3_dir = workspace.why3_dir
    goals = workspace.collect(why3_dir)
    committed = budgets(workspace, why3_dir)
    print(table(why3_dir, goals, committed))
    print(summary(why3_dir, goals))
    if json_path:
        write_json(json_path, to_json(workspace.root, why3_dir, goals, committed))
    return 0 if all(g.proved for _, g in goals) else 1


def check_sources(workspace: Workspace) -> int:
    """tools/proofs check-sources: exit 1 on any axiom, val or assume in why3/*.mlw."""
    problems = source_problems(workspace.root, workspace.why3_dir)
    for problem in problems:
        print(f"proofs: forbidden declaration: {problem}")
    return 1 if problems else 0
