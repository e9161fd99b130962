"""The deterministic replay limits: what `why3 replay --use-steps` gives each
prover call (its recorded resource count plus one) and the CPU-time backstop
why3server sets beside it (why3/README.md, "Replay limits")."""
from .workspace import Workspace


def steps_given(recorded: int) -> int:
    """What `why3 replay --use-steps` gives a call: the recorded count plus one (0: none recorded)."""
    return recorded + 1 if recorded >= 0 else 0


def backstop_given(time_limit: int) -> int:
    """The CPU-time limit why3server sets on a --use-steps call: twice the time limit, plus one."""
    return 2 * time_limit + 1 if time_limit > 0 else 0


def step_limit(leaf) -> int:
    return steps_given(leaf.steps)


def cpu_backstop(leaf) -> int:
    return backstop_given(leaf.time_limit)


def budgets(workspace: Workspace, base: str) -> dict:
    """(stem, module, leaf path) -> the committed leaf, whose recorded steps set the replay's budget."""
    return {(stem, goal.module, leaf.path): leaf for stem, goal in workspace.collect(base) for leaf in goal.leaves}
