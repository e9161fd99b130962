"""Judging every result from its files with the reference's own check (sonnx_div.check_files: the reader,
the judgement and the report of `sonnx-div check A B Y --json`) under the runtime's profile, and the
report: per runtime x element type the verdict, element counts, error histogram and worst elements taken
from check's reports, and every crash, error, missing kernel, wrong type or shape, or undefined case as a
finding with its reproducer.

What is judged is the result folder's input_0.pb, input_1.pb (copies of the set's, whose SHA-256 must be
those written) and the runtime's output_0.pb as the adapter wrote it: nothing is converted, reshaped or
read by other code. A Y of another element type or shape is non-conforming (check's candidate_mismatch); a
missing, unreadable or malformed file is an error finding; the judge never stops on one."""
import json
import os

from . import cases, tensors

WORST = 5
REFUSED_FORM = "refused a declared broadcasting form"
ADAPTER_OUTCOMES = ("output", "error", "no kernel")


def _error_of(element):
    return element.get("ulp_error", element.get("error", 0))


def _number(value):
    """check writes a non-finite error (a special-value mismatch) as text."""
    try:
        return float(value)
    except (TypeError, ValueError):
        return float("inf")


def _result_json(job):
    """(outcome, detail, notes) from the adapter's result.json, an "error" naming what is wrong with it, or
    None when there is none."""
    path = os.path.join(job["result"], "result.json")
    if not os.path.isfile(path):
        return None
    try:
        with open(path) as handle:
            result = json.load(handle)
    except (OSError, ValueError) as error:
        return "error", "result.json does not read as JSON: %s" % error, []
    if not isinstance(result, dict) or result.get("outcome") not in ADAPTER_OUTCOMES:
        return "error", "result.json is not {\"outcome\": %s, ...}: %s" % (
            " | ".join('"%s"' % o for o in ADAPTER_OUTCOMES), json.dumps(result)[:200]), []
    detail, notes = result.get("detail", ""), result.get("notes", [])
    if not isinstance(detail, str) or not isinstance(notes, list) or not all(isinstance(n, str) for n in notes):
        return "error", "result.json's detail is not a str or its notes not a list of str", []
    return result["outcome"], detail, notes


def _judge_files(job, options):
    """check_files on the result folder's files: (report, y, y type) or raises ValueError with the reason."""
    import sonnx_div
    data = tensors.data_dir(job["result"])
    output = os.path.join(data, "output_0.pb")
    if not os.path.lexists(output):
        raise ValueError("result.json says output, but there is no %s" % output)
    if os.path.islink(output):
        raise ValueError("%s is a symbolic link (to %s), not the runtime's own file" % (output, os.readlink(output)))
    paths = [os.path.join(data, "input_0.pb"), os.path.join(data, "input_1.pb"), output]
    try:
        report = sonnx_div.check_files(*paths, accept="exact", undefined="list", worst=WORST, **options)
    except sonnx_div.PreconditionError as error:   # the reference's own inputs: never expected
        raise ValueError("the reference refused the set's inputs: %s" % error)
    except (TypeError, ValueError) as error:
        raise ValueError("not judged, a file the reference's reader refuses: %s" % error)
    written = job["record"]["sha256"]
    read = [record.get("sha256") for record in report["provenance"]["inputs"][:2]]
    if read != written:
        raise ValueError("not judged: the set's inputs changed while the runtime ran (SHA-256 %s, written %s)" % (
            read, written))
    y, y_type = sonnx_div.read_tensor(output)
    return report, y, y_type


def _value_text(y, y_type):
    """The first element of a runtime's output, in its own type."""
    if y.size == 0:
        return "an empty tensor"
    first = y.reshape(-1)[0]
    if y_type == "BF16":
        return "0x%04x (BF16 bits)" % int(first)
    if y.dtype.kind == "f":
        bits = y.reshape(-1)[:1].view("u%d" % y.dtype.itemsize)[0]
        return "%s (0x%0*x)" % (first, 2 * y.dtype.itemsize, int(bits))
    return str(first)


def _did(outcome, detail, notes, y, y_type, reference):
    """What the runtime did, as text."""
    if outcome == "output":
        text = "returned %s" % _value_text(y, y_type)
        if y_type != reference["type"] or list(y.shape) != reference["shape"]:
            text += " (%s %s where the reference gives %s %s)" % (
                y_type, list(y.shape), reference["type"], reference["shape"])
        if notes:
            text += " (%s)" % "; ".join(notes)
        return text
    if outcome in ("signal", "deadline"):
        return detail
    return "%s: %s" % (outcome, detail)


def _kind(outcome, hazard):
    if outcome == "output":
        return "undefined behaviour: returned a value" if hazard else "output"
    if outcome == "error":
        return "refused with an error" if hazard else "error"
    return {"signal": "crash", "deadline": "not run: deadline", "no result": "no result",
            "no kernel": "no kernel"}.get(outcome, "error")


def _set_verdict(outcome, report):
    if report is not None:
        conforming = report["conforming_result"] is True and not report.get("undefined")
        return "conforming" if conforming else "non-conforming"
    return {"no kernel": "no kernel", "deadline": "not run: deadline"}.get(outcome, "error")


def _type_verdict(lines):
    """The verdict of a type from its ordinary sets' verdicts: conforming only when every set was judged
    and conforms."""
    verdicts = [line["verdict"] for line in lines if not line["hazard"]]
    if not verdicts:
        return "error"
    for verdict in ("no kernel", "error", REFUSED_FORM, "non-conforming", "not run: deadline"):
        if verdict in verdicts:
            return verdict
    return "conforming" if all(v == "conforming" for v in verdicts) else "error"


def _new_entry():
    return {"verdict": None, "elements": 0, "conforming": 0, "nonconforming": 0, "undefined": 0,
            "special_value_mismatches": 0, "max_error": 0, "histogram": {}, "worst": [], "sets": [],
            "candidate_mismatches": [], "failed_requirements": [], "hints": []}


def _add_report(entry, report, set_name):
    entry["elements"] += report["elements"]
    entry["conforming"] += report.get("conforming", 0)
    entry["nonconforming"] += report["nonconforming"]
    entry["undefined"] += report.get("undefined", 0)
    entry["special_value_mismatches"] += report.get("special_value_mismatches", 0)
    largest = report.get("max_ulp_error", report.get("max_error", 0)) or 0
    if _number(largest) > _number(entry["max_error"]):
        entry["max_error"] = largest
    for bucket in report.get("histogram", []):
        entry["histogram"][bucket["bucket"]] = entry["histogram"].get(bucket["bucket"], 0) + bucket["count"]
    for element in report.get("worst", []):
        entry["worst"].append(dict(element, set=set_name))
    if report.get("candidate_mismatch"):
        entry["candidate_mismatches"].append(dict(report["candidate_mismatch"], set=set_name))
    entry["failed_requirements"] = sorted(set(entry["failed_requirements"]) |
                                          set(report.get("failed_requirements", [])))
    entry["hints"] = sorted(set(entry["hints"]) | set(report.get("hints", [])))


# [impl->req~div-rt-d1~2]
def judge_runtime(name, adapter, version, jobs, out):
    """The runtime's entry of report.json; adapter: its file's record (adapter_files.describe_all)."""
    profile = cases.PROFILES[adapter["profile"]]
    types, findings = {}, []
    for job in jobs:
        reference = job["record"]["reference"]
        type_name, set_name, hazard = reference["type"], reference["set"], reference["hazard"]
        entry = types.setdefault(type_name, _new_entry())
        result = _result_json(job)
        if result is None:
            process = job["process"] or {"outcome": "no result", "detail": "no result.json"}
            outcome, detail, notes = process["outcome"], process["detail"], []
        else:
            outcome, detail, notes = result
        report, y, y_type = None, None, None
        if outcome == "output":
            try:
                report, y, y_type = _judge_files(job, reference["options"])
            except ValueError as error:
                outcome, detail = "unreadable", str(error)
        form = reference.get("form")
        line = {"set": set_name, "elements": reference["elements"], "outcome": outcome, "hazard": hazard,
                "verdict": _set_verdict(outcome, report), "form": form}
        kernel_missing = outcome == "no kernel" and all(
            other["verdict"] == "no kernel" for other in entry["sets"] if not other["form"] and not other["hazard"])
        if form and report is None and outcome in ("error", "no kernel") and not kernel_missing:
            line["verdict"] = REFUSED_FORM   # (a type without a kernel at all is "no kernel", not a refusal)
        if report is not None:
            line.update(conforming=report.get("conforming", 0), nonconforming=report["nonconforming"],
                        undefined=report.get("undefined", 0), conforming_result=report["conforming_result"],
                        candidate_mismatch=(report.get("candidate_mismatch") or {}).get("message"))
        entry["sets"].append(line)
        reproducer = os.path.relpath(job["set"], out)
        if hazard:
            line["verdict"] = _kind(outcome, True)
            findings.append({
                "runtime": name, "type": type_name, "set": set_name, "kind": _kind(outcome, True),
                "a": reference.get("a", ""), "b": reference.get("b", ""),
                "runtime_did": _did(outcome, detail, notes, y, y_type, reference),
                "reference": reference["message"], "exact": reference["exact"],
                "check_undefined": report.get("undefined_elements") if report else None,
                "reproducer": reproducer})
            continue
        if report is None:
            kind, did = _kind(outcome, False), _did(outcome, detail, notes, y, y_type, reference)
            if line["verdict"] == REFUSED_FORM:
                kind = REFUSED_FORM + " (%s)" % form
                did += "; A %s, B %s" % (reference["a_shape"], reference["b_shape"])
            if not any(f["type"] == type_name and f["kind"] == kind and f["runtime_did"] == did for f in findings):
                findings.append({"runtime": name, "type": type_name, "set": set_name, "kind": kind,
                                 "runtime_did": did, "reproducer": reproducer})
            continue
        _add_report(entry, report, set_name)
        if report.get("candidate_mismatch") and not any(
                f["type"] == type_name and f["kind"] == "wrong type or shape" for f in findings):
            findings.append({"runtime": name, "type": type_name, "set": set_name, "kind": "wrong type or shape",
                             "runtime_did": "returned %s %s where the reference gives %s %s (%s)" % (
                                 report["candidate_mismatch"]["y_type"], report["candidate_mismatch"]["y_shape"],
                                 report["candidate_mismatch"]["expected_type"],
                                 report["candidate_mismatch"]["expected_shape"],
                                 report["candidate_mismatch"]["message"]),
                             "reproducer": reproducer})
    for entry in types.values():
        wrong = [w for w in entry["worst"] if not w["conforming"]]
        entry["worst"] = sorted(wrong, key=lambda w: _number(_error_of(w)), reverse=True)[:WORST]
        entry["verdict"] = _type_verdict(entry["sets"])
    for f in findings:
        if f["kind"] == "wrong type or shape":
            entry = types[f["type"]]
            f["runtime_did"] += "; %d of the %d sets" % (len(entry["candidate_mismatches"]),
                                                         len([s for s in entry["sets"] if not s["hazard"]]))
    return {"status": "run", "version": version, "profile": adapter["profile"], "profile_text": profile["text"],
            "calls": adapter["text"], "adapter_file": adapter["path"], "types": types, "findings": findings,
            "broadcast": _broadcast_summary(adapter.get("broadcast", []), types)}


# [impl->req~div-rt-d2~1]
def _broadcast_summary(forms, types):
    """Per form the adapter declares: its verdict over every type (conforming only when every set of the form
    was judged and conforms) and the sets that were not."""
    summary = {}
    for form in forms:
        lines = [dict(line, type=t) for t, entry in types.items() for line in entry["sets"] if line["form"] == form]
        failing = ["%s %s: %s" % (line["type"], line["set"], line["verdict"]) for line in lines
                   if line["verdict"] != "conforming"]
        verdict = "conforming" if lines and not failing else ("not run" if not lines else _type_verdict(lines))
        summary[form] = {"verdict": verdict, "sets": len(lines), "failing": failing}
    return summary


def _md(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def write_report(out, report):
    """report.json, then report.md, each written to a temporary file and renamed."""
    _write(os.path.join(out, "report.json"), json.dumps(report, indent=1) + "\n")
    lines = ["# Runtimes checked against the sonnx-div reference", ""]
    if report.get("harness_error"):
        lines += ["**This run did not finish: the harness itself failed (%s); what follows is what ran before "
                  "(exit status 4).**" % _md(report["harness_error"]), ""]
    lines += ["Made by `tools/runtimes` on %s (%s); reference %s. Each result judged from its files by "
              "`sonnx_div.check_files` (the reader, judgement and report of `sonnx-div check A B Y --json`), "
              "`--accept exact`, `--undefined list`, under the profile the runtime's adapter declares: the "
              "runtime's output_0.pb with its own element type and shape (another type or shape is "
              "non-conforming). Deadline per runtime: %s s for all its processes, a hang guard only (a set it "
              "stops is \"not run: deadline\"). Test sets: `%s`; reproducers below are relative to `%s`." % (
                  report["date"], report["mode"], report["reference"], report.get("deadline_seconds"),
                  os.path.join(out, "sets"), out), "",
              "## Runtimes", "", "| runtime | status | version / reason | profile | calls | adapter file |",
              "|---|---|---|---|---|---|"]
    for name, entry in report["runtimes"].items():
        if entry["status"] == "run":
            lines.append("| %s | run | %s | %s | %s | `%s` |" % (name, _md(entry["version"]), entry["profile"],
                                                                _md(entry["calls"]), entry["adapter_file"]))
        else:
            lines.append("| %s | **%s** | %s | | | %s |" % (name, entry["status"], _md(entry["reason"]), (
                "`%s`" % entry["adapter_file"]) if entry.get("adapter_file") else ""))
    unusable = [f for f in report.get("adapter_files", []) if f["status"] != "loaded"]
    lines += ["", "## Adapter files", "", "%d adapter files; %d not usable%s" % (
        len(report.get("adapter_files", [])), len(unusable), ":" if unusable else "."), ""]
    if unusable:
        lines += ["| file | NAME | status | reason |", "|---|---|---|---|"]
        for f in unusable:
            lines.append("| `%s` | %s | %s | %s |" % (f["path"], f["name"] or "", f["status"], _md(f["reason"])))
    all_types = [t for t in tensors.TYPES if any(t in e.get("types", {}) for e in report["runtimes"].values())]
    lines += ["", "## Verdicts (runtime x element type)", ""]
    if all_types:
        lines += ["| runtime | " + " | ".join(all_types) + " |", "|---|" + "---|" * len(all_types)]
        for name, entry in report["runtimes"].items():
            if entry["status"] == "run":
                lines.append("| %s | " % name + " | ".join(
                    entry["types"][t]["verdict"] if t in entry["types"] else "-" for t in all_types) + " |")
    else:
        lines.append("No runtime ran.")
    lines += ["", "## Broadcasting (the forms each adapter declares)", ""]
    declared = [(name, form, b) for name, entry in report["runtimes"].items()
                for form, b in entry.get("broadcast", {}).items()]
    if declared:
        lines += ["| runtime | form | verdict | sets | sets not conforming |", "|---|---|---|---|---|"]
        for name, form, b in declared:
            lines.append("| %s | %s | %s | %d | %s |" % (name, form, b["verdict"], b["sets"],
                                                         _md(", ".join(b["failing"][:8]) +
                                                             (" ..." if len(b["failing"]) > 8 else ""))))
        lines += ["", "Forms: " + "; ".join("%s: %s" % (k, v) for k, v in cases.BROADCAST_FORMS.items()) + "."]
    else:
        lines.append("No runtime that ran declares a broadcasting form (an adapter's BROADCAST list).")
    lines += ["", "## Counts, errors and worst elements", "",
              "| runtime | type | verdict | elements | conforming | non-conforming | max error (ulp / integer) "
              "| histogram (non-zero buckets) |",
              "|---|---|---|---|---|---|---|---|"]
    worst_lines = []
    for name, entry in report["runtimes"].items():
        for type_name, t in entry.get("types", {}).items():
            histogram = ", ".join("%s: %d" % (k, v) for k, v in t["histogram"].items() if v)
            largest = str(t["max_error"])
            if t["candidate_mismatches"]:
                largest += " (%d sets not judged element by element: wrong type or shape)" % len(
                    t["candidate_mismatches"])
            lines.append("| %s | %s | %s | %d | %d | %d | %s | %s |" % (
                name, type_name, t["verdict"], t["elements"], t["conforming"], t["nonconforming"], largest,
                histogram))
            for w in t["worst"]:
                worst_lines.append("| %s | %s | %s %s | %s (%s) | %s (%s) | %s (%s) | %s (%s) | %s |" % (
                    name, type_name, w["set"], w["position"], w["a"], w["a_value"], w["b"], w["b_value"], w["y"],
                    w["y_value"], w["expected"], w["expected_value"], _error_of(w)))
    if worst_lines:
        lines += ["", "Worst non-conforming elements:", "",
                  "| runtime | type | set, element | A | B | runtime's Y | exact answer | error |",
                  "|---|---|---|---|---|---|---|---|"] + worst_lines
    lines += ["", "## Findings: crashes, errors, missing kernels, wrong types or shapes, undefined cases, "
              "deadlines", "",
              "| runtime | type | case | A | B | what the runtime did | the reference | reproducer |",
              "|---|---|---|---|---|---|---|---|"]
    for name, entry in report["runtimes"].items():
        for f in entry.get("findings", []):
            lines.append("| %s | %s | %s (%s) | %s | %s | %s | %s | `%s` |" % (
                name, f["type"], f["set"], f["kind"], f.get("a", ""), f.get("b", ""), _md(f["runtime_did"]),
                _md("%s; %s" % (f["reference"], f["exact"])) if "reference" in f else "", f["reproducer"]))
    _write(os.path.join(out, "report.md"), "\n".join(lines) + "\n")


def _write(path, text):
    temporary = path + ".tmp"
    with open(temporary, "w") as handle:
        handle.write(text)
    os.replace(temporary, path)

