"""Runs the Why3 integer model (why3/div_int.mlw, DivInt.div_checked) with
`why3 execute` on the spec's examples and on boundary values of every
integer type, in both roundings, and writes one line per case:

    <TYPE> <floor|toward_zero> <a> <b> <quotient Q|zero_divisor|overflow>

tests/why3 compares the C++ core with these lines."""
import os
import re
import shutil
import subprocess
import sys
from typing import Dict, List, Tuple

from .why3run import why3

RANGES: Dict[str, Tuple[int, int]] = {
    "INT4": (-8, 7), "INT8": (-128, 127), "INT16": (-(1 << 15), (1 << 15) - 1),
    "INT32": (-(1 << 31), (1 << 31) - 1), "INT64": (-(1 << 63), (1 << 63) - 1),
    "UINT4": (0, 15), "UINT8": (0, 255), "UINT16": (0, (1 << 16) - 1),
    "UINT32": (0, (1 << 32) - 1), "UINT64": (0, (1 << 64) - 1),
}
ROUNDINGS = {"floor": "Floor", "toward_zero": "TowardZero"}
# The spec's int examples 1 and 2 (A, B element-wise); DIV-INT-F1's and D1's signs.
SPEC_EXAMPLES = [(6, 3), (9, 3), (35, 5), (10, 3), (10, 2), (21, 4), (1, 1), (30, 5), (9, 4)]
SIGN_EXAMPLES = [(7, 2), (-7, 2), (7, -2), (-7, -2)]
VERDICT = re.compile(r"Quotient \(?(-?\d+)\)?|ZeroDivisor|Overflow")


def cases_for(type_name: str) -> List[Tuple[int, int]]:
    low, high = RANGES[type_name]
    numerators = {low, low + 1, -7, -2, -1, 0, 1, 2, 7, high - 1, high}
    divisors = {low, low + 1, -2, -1, 0, 1, 2, 3, high - 1, high}
    pairs = [(a, b) for a in sorted(numerators) for b in sorted(divisors)]
    pairs += SPEC_EXAMPLES + SIGN_EXAMPLES
    seen, unique = set(), []
    for a, b in pairs:
        if low <= a <= high and low <= b <= high and (a, b) not in seen:
            seen.add((a, b))
            unique.append((a, b))
    return unique


def literal(value: int) -> str:
    return f"({value})" if value < 0 else str(value)


def run_type(root: str, type_name: str, rounding: str, pairs: List[Tuple[int, int]]) -> List[str]:
    expression = "Nil"
    for a, b in reversed(pairs):
        expression = f"Cons (div_checked {type_name} {ROUNDINGS[rounding]} {literal(a)} {literal(b)}) ({expression})"
    run = why3(root, os.path.join(root, "why3"),
               ["execute", os.path.join("why3", "div_int.mlw"), "--use=DivInt", "--use=list.List", expression])
    if run.returncode != 0 or "result:" not in run.stdout:
        raise RuntimeError(f"why3 execute failed for {type_name} {rounding}:\n{run.stdout}{run.stderr}")
    verdicts = [m.group(0) for m in VERDICT.finditer(run.stdout.split("result:", 1)[1])]
    if len(verdicts) != len(pairs):
        raise RuntimeError(f"{type_name} {rounding}: {len(pairs)} cases, {len(verdicts)} verdicts")
    lines = []
    for (a, b), verdict in zip(pairs, verdicts):
        if verdict == "ZeroDivisor":
            outcome = "zero_divisor"
        elif verdict == "Overflow":
            outcome = "overflow"
        else:
            found = re.search(r"-?\d+", verdict)
            if found is None:
                raise ValueError(f"no quotient in the verdict {verdict!r}")
            outcome = "quotient " + found.group(0)
        lines.append(f"{type_name} {rounding} {a} {b} {outcome}")
    return lines


def run_cases(root: str, out: str) -> int:
    lines = []
    for type_name in RANGES:
        for rounding in ROUNDINGS:
            lines += run_type(root, type_name, rounding, cases_for(type_name))
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    print(f"why3 execute: {len(lines)} cases of DivInt.div_checked written to {out}", file=sys.stderr)
    return 0


def _extract(root: str, work: str) -> None:
    """why3 extract -D ocaml64 div_int.DivInt into work/div_int.ml (integers through Zarith)."""
    os.makedirs(work, exist_ok=True)
    extracted = os.path.join(work, "div_int.ml")
    run = why3(root, os.path.join(root, "why3"), ["extract", "-D", "ocaml64", "div_int.DivInt", "-o", extracted])
    if run.returncode != 0 or not os.path.exists(extracted):
        raise RuntimeError(f"why3 extract failed:\n{run.stdout}{run.stderr}")


def _compile(work: str, sources: List[str], program: str, link: List[str]) -> None:
    """ocamlfind ocamlopt on work/div_int.ml and `sources` (copied into work), linking the libraries `link`."""
    for source in sources:
        shutil.copyfile(source, os.path.join(work, os.path.basename(source)))
    command = ["ocamlfind", "ocamlopt", "-package", "zarith", "-linkpkg", "div_int.ml"]
    command += [os.path.basename(s) for s in sources if not s.endswith((".h", ".hpp"))]
    command += ["-o", program]
    for library in link:
        command += ["-cclib", os.path.abspath(library)]
    if link:
        command += ["-cclib", "-lstdc++", "-cclib", "-lm"]
    build = subprocess.run(command, cwd=work, capture_output=True, text=True)
    if build.returncode != 0:
        raise RuntimeError(f"ocamlfind ocamlopt failed (Debian: ocaml-nox, ocaml-findlib, libzarith-ocaml-dev):\n"
                           f"{' '.join(command)}\n{build.stdout}{build.stderr}")


def run_extracted(root: str, out: str, work: str, samples: int) -> int:
    """Extracts DivInt from why3/div_int.mlw to OCaml (why3 extract -D ocaml64, integers through Zarith),
    compiles it with tests/why3/int_model_driver.ml and runs it: every pair of the 4- and 8-bit types and
    `samples` seeded pairs per wider type and rounding, in the format of run_cases."""
    _extract(root, work)
    program = os.path.join(work, "int_model_driver")
    _compile(work, [os.path.join(root, "tests", "why3", "int_model_driver.ml")], program, [])
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8") as handle:
        status = subprocess.run([program, str(samples)], stdout=handle, check=False).returncode
    if status != 0:
        raise RuntimeError(f"{program} exited with status {status}")
    with open(out, encoding="utf-8") as handle:
        count = sum(1 for _ in handle)
    print(f"extracted DivInt: {count} cases of div_checked written to {out}", file=sys.stderr)
    return 0


def build_every_pair(root: str, work: str, link: List[str]) -> int:
    """Extracts DivInt to OCaml as run_extracted does and builds work/int_model_every_pair: the model and the
    C++ core (the static libraries `link`: tests/why3's core_rows and sonnx_core) in one program, which
    compares them on rows of INT16 and UINT16 pairs (tests/why3/int_model_every_pair.ml)."""
    _extract(root, work)
    here = os.path.join(root, "tests", "why3")
    program = os.path.join(work, "int_model_every_pair")
    _compile(work, [os.path.join(here, name) for name in ("core_rows.hpp", "core_rows_stubs.c",
                                                          "int_model_every_pair.ml")], program, link)
    print(f"extracted DivInt: built {program}", file=sys.stderr)
    return 0
