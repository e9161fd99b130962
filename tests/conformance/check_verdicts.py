#!/usr/bin/env python3
"""Runs the Div node tests through `sonnx-div onnx-test` and checks each verdict.

Usage: check_verdicts.py --runner SONNX_DIV --expect FILE --generated DIR --own DIR --run NAME

NAME selects the runner's profile (onnx, sonnx, openvino_floor,
openvino_trunc). Every test under DIR (ONNX's generated ones and the
project's own cases) must get the verdict FILE lists for it; a generated
test FILE does not list must PASS; every test FILE lists must have run.
Exit status 0 when all match, 1 otherwise.
"""
import argparse
import os
import subprocess
import sys

RUNS = {
    "onnx": ["--profile", "onnx"],
    "sonnx": ["--profile", "sonnx"],
    "openvino_floor": ["--profile", "openvino", "--pythondiv", "true"],
    "openvino_trunc": ["--profile", "openvino", "--pythondiv", "false"],
}
COLUMNS = ["onnx", "sonnx", "openvino_floor", "openvino_trunc"]


def read_expectations(path):
    table = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            words = line.split("#", 1)[0].split()
            if not words:
                continue
            if len(words) != 1 + len(COLUMNS):
                raise SystemExit(f"{path}: malformed line: {line.rstrip()}")
            table[words[0]] = dict(zip(COLUMNS, words[1:]))
    return table


def verdict_of(line):
    """'PASS', 'FAIL', 'ERROR' or 'REJECTED:<code>:<requirement>' from one runner line."""
    verdict = line.split(" ", 1)[0]
    if verdict != "REJECTED":
        return verdict
    # "...: test_data_set_0: <code> <requirement> [(<restriction>)] operand <X> index <n>"
    words = line.rsplit(": ", 1)[-1].split()
    restriction = words[2] if words[2].startswith("(") else ""
    return f"REJECTED:{words[0]}:{words[1]}{restriction}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runner", required=True)
    parser.add_argument("--expect", required=True)
    parser.add_argument("--generated", required=True)
    parser.add_argument("--own", required=True)
    parser.add_argument("--run", required=True, choices=sorted(RUNS))
    args = parser.parse_args()
    table = read_expectations(args.expect)
    own = set(os.listdir(args.own))
    result = subprocess.run([args.runner, "onnx-test"] + RUNS[args.run] + [args.generated, args.own],
                            capture_output=True, text=True, check=False)
    print(result.stdout, end="")
    print(result.stderr, end="", file=sys.stderr)
    seen = {}
    for line in result.stdout.splitlines():
        words = line.split(" ", 2)
        if len(words) >= 2 and words[0] in ("PASS", "FAIL", "REJECTED", "ERROR"):
            seen[words[1]] = verdict_of(line)
    problems = []
    for name, got in sorted(seen.items()):
        if name in table:
            want = table[name][args.run]
        elif name in own:
            problems.append(f"{name}: own case missing from {os.path.basename(args.expect)}")
            continue
        else:
            want = "PASS"  # a generated ONNX test: must pass everywhere
        if got != want:
            problems.append(f"{name}: {got}, expected {want}")
    for name in sorted(set(table) - set(seen)):
        problems.append(f"{name}: listed but not run (generation or case missing)")
    generated = [name for name in seen if name not in own]
    if not generated:
        problems.append(f"no ONNX test generated under {args.generated}")
    for problem in problems:
        print(f"MISMATCH {problem}")
    print(f"{args.run}: {len(seen)} tests ({len(generated)} from ONNX, {len(seen) - len(generated)} own), "
          f"{len(problems)} unexpected verdicts")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
