"""Reads `why3 replay`'s output for the prover calls whose answer changed and
says why each did not prove its goal (out of steps, out of CPU time, out of
memory, or another answer), with the limits it was replayed with."""
import re

from .limits import backstop_given, steps_given

# why3 replay's line for a call whose answer changed:
#   goal 'NAME', prover 'Z3 4.8.12': ANSWER (1.00s, 2879494 steps) instead of OLD (timelimit=10, ...)
REPLAY_FAILURE = re.compile(r"^\s*goal '(?P<goal>.*?)', prover '(?P<prover>[^']*)': (?P<answer>.*?)"
                            r"(?: instead of (?P<old>.*?) \(timelimit=(?P<time>\d+), memlimit=(?P<mem>\d+), "
                            r"steplimit=(?P<steps>-?\d+)\))?$")


def failure_cause(answer: str, limit: int) -> str:
    """Why a prover call did not prove its goal, from Why3's printed answer and the step limit.
    Z3 answers a bare "unknown" when its rlimit runs out, with a count at or past the limit."""
    used = re.search(r"(\d+) steps\)$", answer)
    out_of_steps = answer.startswith("Unknown") and used is not None and 0 < limit <= int(used[1])
    if "Step limit exceeded" in answer or out_of_steps:
        return "ran out of its resource budget (steps): a deterministic failure, not the machine's load"
    if answer.startswith("Timeout"):
        return "ran out of CPU time (the backstop limit; the step budget was not reached)"
    if "Of Memory" in answer:
        return "ran out of memory"
    return f"answered {answer}"


def failure_messages(stem: str, output: str) -> list:
    """One message per prover call whose replayed answer differs from the recorded one."""
    messages = []
    for line in re.split(r"[\r\n]", output):  # the progress counter ends its lines with \r
        match = REPLAY_FAILURE.match(line)
        if not match:
            continue
        limit = steps_given(int(match["steps"])) if match["steps"] else 0
        text = (f"why3/{stem}.mlw: goal {match['goal']}, prover {match['prover']}: "
                f"{failure_cause(match['answer'], limit)}; replayed: {match['answer']}")
        if match["old"]:
            text += (f"; recorded: {match['old']}; limits: {limit} steps, "
                     f"CPU backstop {backstop_given(int(match['time']))} s, {match['mem']} MB")
        messages.append(text)
    return messages
