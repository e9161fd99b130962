"""The mutation score and its survivors, each matched against a row of
spec/mutation-justifications.md (file, source line, mutant), as coverage gaps
are against spec/coverage-justifications.md."""
import json
import os
import re
from collections import Counter
from typing import Dict, List, Tuple

JUSTIFICATIONS = os.path.join("spec", "mutation-justifications.md")
IDENT = re.compile(r"^MUT-\d+$")
CELL_SEPARATOR = re.compile(r"(?<!\\)\|")   # a | not escaped as \| (a mutant such as "&& -> ||" holds one)


def _row(line: str):
    """(ID, file, code, mutant, reason) of a table row, or None; cells split at unescaped |, then \\| -> |."""
    cells = CELL_SEPARATOR.split(line.strip())
    if len(cells) != 7 or cells[0] or cells[6]:
        return None
    ident, file, code, description, reason = (c.strip().replace("\\|", "|") for c in cells[1:6])
    if not (IDENT.match(ident) and len(file) > 2 and file[0] == file[-1] == "`" and len(code) > 2
            and code[0] == code[-1] == "`" and description and reason):
        return None
    return ident, file[1:-1], code[1:-1], description, reason


def justifications(root: str) -> Dict[Tuple[str, str, str], Tuple[str, str]]:
    """(file, code, mutant description) -> (ID, kind: 'equivalent' or another word) from the table."""
    table: Dict[Tuple[str, str, str], Tuple[str, str]] = {}
    path = os.path.join(root, JUSTIFICATIONS)
    if not os.path.exists(path):
        return table
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            row = _row(line)
            if row:
                ident, file, code, description, reason = row
                # "equivalent: ..." or "equivalent (...): ..."
                kind = re.sub(r"[^a-z].*", "", reason.lower(), flags=re.DOTALL)
                table[(file, code.strip(), description.strip())] = (ident, kind)
    return table


# [impl->req~div-tq-d4~3]
def mark_argued_equivalent(records, equivalent) -> int:
    """Gives status 'justified' (not run) to each pending mutant that a row argues equivalent and that the row
    names alone: a row names a mutant by file, source line and description, so where one line has two mutants
    with the same description (two `0U` of one line, each made `1`) the row cannot say which, and both run.
    Returns how many were marked."""
    named = Counter((r.file, r.code, r.description) for r in records)
    marked = 0
    for record in records:
        key = (record.file, record.code, record.description)
        if key in equivalent and named[key] == 1 and record.status == "pending":
            record.status = "justified"
            marked += 1
    return marked


# [impl->req~div-tq-d4~3]
def check_results(root: str, results: str, work: str) -> int:
    with open(results, encoding="utf-8") as handle:
        data = json.load(handle)
    table = justifications(root)
    used = set()
    unjustified: List[dict] = []
    for mutant in data["mutants"]:
        mutant["justification"] = ""
        if mutant["status"] in ("survived", "not-reached", "justified"):
            key = (mutant["file"], mutant["code"], mutant["description"])
            if key in table:
                mutant["justification"] = table[key][0]
                used.add(key)
            else:
                unjustified.append(mutant)
    stale = sorted(table[k][0] for k in table if k not in used)
    counts = Counter(m["status"] for m in data["mutants"])
    judged = sum(counts[s] for s in ("killed", "survived", "not-reached", "justified"))
    justified = sum(1 for m in data["mutants"] if m["justification"])
    score = counts["killed"] / max(1, judged - justified)
    partial = counts["not-judged"]
    summary = {"mutants": len(data["mutants"]), "not_judged": partial, "killed": counts["killed"],
               "survived": counts["survived"],
               "not_reached": counts["not-reached"], "not_compiled": counts["not-compiled"],
               "not_rerun": counts["justified"], "justified": justified, "unjustified": len(unjustified),
               "stale_justifications": stale,
               "score": round(score, 4), "seconds": data.get("seconds", 0)}
    data["summary"] = summary
    with open(results, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1)
    write_report(os.path.join(work, "report.md"), data)
    print(f"{summary['mutants']} mutants: {summary['killed']} killed, {summary['survived']} survived, "
          f"{summary['not_reached']} not reached by any test, {summary['not_compiled']} not compiled, "
          f"{summary['not_rerun']} argued equivalent and not run; "
          f"{justified} survivors justified, {len(unjustified)} not; score {100 * score:.1f}% of the "
          f"non-equivalent mutants; {summary['seconds']} s")
    for mutant in unjustified:
        print(f"  unjustified: {mutant['file']}:{mutant['line']}: {mutant['operator']} {mutant['description']}"
              f" ({mutant['status']}): {mutant['code']}")
    if partial:
        print(f"  PARTIAL RUN: {partial} mutants not judged (--files); stale justifications are not checked")
        stale = []
    if data.get("tests"):
        print(f"  PARTIAL RUN: only the tests matching {data['tests']!r} ran (--tests); a survivor may be killed "
              f"by the rest of the suite, and stale justifications are not checked")
        stale = []
        partial = partial or 1
    for ident in stale:
        print(f"  stale justification {ident}: no surviving mutant matches it")
    return 1 if unjustified or stale or partial else 0


def write_report(path: str, data: dict) -> None:
    summary = data["summary"]
    by_file: Dict[str, Counter] = {}
    for mutant in data["mutants"]:
        by_file.setdefault(mutant["file"], Counter())[mutant["status"]] += 1
    lines = ["# Mutation analysis", "",
             f"{summary['mutants']} mutants of `src/core/` and `src/oracle/`: {summary['killed']} killed, "
             f"{summary['survived']} survived, {summary['not_reached']} not reached, "
             f"{summary['not_compiled']} not compiled (dropped from the schemata), "
             f"{summary['not_rerun']} argued equivalent in `{JUSTIFICATIONS}` and not run again. "
             f"{summary['justified']} survivors are justified in `{JUSTIFICATIONS}`; "
             f"{summary['unjustified']} are not. Score (killed / non-equivalent judged): "
             f"{100 * summary['score']:.1f}%. (The run time and the test that killed each mutant, which may "
             f"depend on the machine's speed, are in results.json.)", "",
             "| file | killed | survived | not reached | not compiled | justified, not run |",
             "|---|---|---|---|---|---|"]
    for file in sorted(by_file):
        c = by_file[file]
        lines.append(f"| `{file}` | {c['killed']} | {c['survived']} | {c['not-reached']} | {c['not-compiled']} | "
                     f"{c['justified']} |")
    lines += ["", "## Mutants not killed", "", "| id | location | operator | mutant | status | justification | code |",
              "|---|---|---|---|---|---|---|"]
    for m in data["mutants"]:
        if m["status"] != "killed":
            code = m["code"].replace("|", "\\|")
            lines.append(f"| {m['id']} | `{m['file']}:{m['line']}` | {m['operator']} | {m['description']} | "
                         f"{m['status']} | {m.get('justification', '')} | `{code}` |")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
