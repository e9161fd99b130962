"""The rule on the WhyML sources: no axiom, val or assume in why3/*.mlw, so
that every proved goal rests on Why3's standard library alone (tools/proofs
check-sources, and the first check of every replay)."""
import glob
import os
import re

# Allowed: "axiom ." in a clone of ieee_float.GenericFloat keeps the standard library's own axioms.
FORBIDDEN = re.compile(r"^\s*(axiom|val)\b(?!\s*\.)|\bassume\b")


def strip_comments(text: str) -> str:
    """WhyML without its (nested) comments, line structure kept."""
    out, depth, i = [], 0, 0
    while i < len(text):
        if text.startswith("(*", i) and not text.startswith("(*)", i):
            depth += 1
            i += 2
        elif text.startswith("*)", i) and depth > 0:
            depth -= 1
            i += 2
        else:
            out.append(text[i] if depth == 0 or text[i] == "\n" else " ")
            i += 1
    return "".join(out)


def source_problems(root: str, why3_dir: str) -> list:
    """'<file relative to root>:<line>: <line>' for every forbidden declaration in why3_dir/*.mlw."""
    problems = []
    for path in sorted(glob.glob(os.path.join(why3_dir, "*.mlw"))):
        with open(path, encoding="utf-8") as handle:
            code = strip_comments(handle.read())
        for number, line in enumerate(code.splitlines(), 1):
            if FORBIDDEN.search(line):
                problems.append(f"{os.path.relpath(path, root)}:{number}: {line.strip()}")
    return problems
