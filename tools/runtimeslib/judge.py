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
import math
import os

import numpy as np

from . import cases, hints, reproducers, tensors

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
    entry["flush_to_zero"] = entry.get("flush_to_zero", 0) + int(report.get("flush_to_zero", 0) or 0)
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
def judge_runtime(name, adapter, version, jobs, out, context=None):
    """The runtime's entry of report.json; adapter: its file's record (adapter_files.describe_all); context: what
    a reproducer needs to call the adapter ("tools", "python_dir", "cache", "reference")."""
    profile = cases.PROFILES[adapter["profile"]]
    types, findings, judged = {}, [], {}
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
            script = None
            if context is not None and _kind(outcome, True) in ("crash", "undefined behaviour: returned a value"):
                t = tensors.TYPES[type_name]
                a = np.array([int(reference["a"])], dtype=t.dtype)
                b = np.array([int(reference["b"])], dtype=t.dtype)
                script = reproducers.write(out, name, adapter, version, t, reference, a, b, None,
                                           None if y is None else y.reshape(-1)[:1], set_name,
                                           "%s %s / %s (%s)" % (type_name, reference["a"], reference["b"],
                                                                _kind(outcome, True)),
                                           context, undefined=reference["message"])
            findings.append({"reproducer_script": script,
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
        judged.setdefault(type_name, []).append((job, report))
        if report.get("candidate_mismatch") and not any(
                f["type"] == type_name and f["kind"] == "wrong type or shape" for f in findings):
            findings.append({"runtime": name, "type": type_name, "set": set_name, "kind": "wrong type or shape",
                             "runtime_did": "returned %s %s where the reference gives %s %s (%s)" % (
                                 report["candidate_mismatch"]["y_type"], report["candidate_mismatch"]["y_shape"],
                                 report["candidate_mismatch"]["expected_type"],
                                 report["candidate_mismatch"]["expected_shape"],
                                 report["candidate_mismatch"]["message"]),
                             "reproducer": reproducer})
    for type_name, entry in types.items():
        wrong = [w for w in entry["worst"] if not w["conforming"]]
        entry["worst"] = sorted(wrong, key=lambda w: _number(_error_of(w)), reverse=True)[:WORST]
        entry["verdict"] = _type_verdict(entry["sets"])
        entry["max_error_meaning"] = max_error_meaning(type_name, entry)
        entry["data_hints"] = []
        if entry["nonconforming"] and type_name in judged:
            findings.append(_value_finding(name, adapter, version, type_name, entry, judged[type_name], out,
                                           context))
    for f in findings:
        if f["kind"] == "wrong type or shape":
            entry = types[f["type"]]
            f["runtime_did"] += "; %d of the %d sets" % (len(entry["candidate_mismatches"]),
                                                         len([s for s in entry["sets"] if not s["hazard"]]))
    return {"status": "run", "version": version, "profile": adapter["profile"], "profile_text": profile["text"],
            "calls": adapter["text"], "adapter_file": adapter["path"], "types": types, "findings": findings,
            "broadcast": _broadcast_summary(adapter.get("broadcast", []), types)}


def _text_of(t, element):
    """An element for a person: its value, and for floats its encoding (BF16 arrives as its uint16 bits)."""
    x = np.asarray(element).reshape(-1)[:1]
    if not t.is_float:
        return str(x[0])
    if t.name == "BF16":
        return "%s (0x%04x)" % (hints.values(t, x).astype(np.float32)[0], int(x[0]))
    return "%s (0x%0*x)" % (x[0], t.bits // 4, int(x.view(t.bits_dtype)[0]))


# [impl->req~div-rt-d3~1]
def max_error_meaning(type_name, entry):
    """The largest error of a type, said against the acceptance level (exact: the correctly rounded quotient)."""
    largest = _number(entry["max_error"])
    wrong = entry["nonconforming"]
    if entry["elements"] == 0:  # an error, no output, no kernel: a max error of nothing says nothing
        return "nothing judged: no set of this type gave an output to judge"
    if not tensors.TYPES[type_name].is_float:
        if largest == 0:
            return "0: every element is the exact quotient under the profile's integer rounding"
        return "%s: the largest distance from the exact integer quotient (the profile's rounding); integers " \
               "must be exact" % entry["max_error"]
    if largest == float("inf"):
        return "a special value (a NaN, an infinity or a zero's sign) does not match the exact quotient's"
    if largest == 0:
        return "0 ulp: every quotient is exact (representable) and matched"
    if largest <= 0.5:
        text = "at most half an ulp from the exact (unrounded) quotient, which is what a correctly rounded " \
               "quotient is: the distance is measured from the exact quotient, not from the expected value"
        return text + ("; conforming at the exact level" if not wrong else
                       "; yet %d elements are not the correctly rounded value (a tie rounded away from even, or a "
                       "zero's sign)" % wrong)
    if largest < 1:
        return "more than half an ulp: not correctly rounded (the exact level wants half an ulp at most and the " \
               "nearest value); within the spec's one-ulp bound"
    return "one ulp or more from the exact quotient: beyond the spec's one-ulp bound (DIV-FLOAT-ACC1), not only " \
           "beyond correct rounding"


def _value_finding(name, adapter, version, type_name, entry, judged, out, context):
    """A non-conforming type as a finding: hints from the data, one element shown, and a reproducer with a few
    wrong elements (the element-wise ones; the broadcasting set itself when only such sets are wrong)."""
    t = tensors.TYPES[type_name]
    options = cases.PROFILES[adapter["profile"]]["options"]
    found, data = hints.find(t, judged, options)
    if t.is_float and entry.get("flush_to_zero") and entry["flush_to_zero"] == entry["nonconforming"]:
        found.insert(0, "every one of the %s non-conforming elements is what a flush-to-zero divider gives (a "
                        "subnormal operand read as zero, or zero for a quotient below the smallest normal: the "
                        "judge's flush_to_zero count)" % "{:,}".format(entry["nonconforming"]))
    entry["data_hints"] = found
    finding = {"runtime": name, "type": type_name, "kind": "non-conforming values",
               "set": ", ".join(sorted(set(line["set"] for line in entry["sets"]
                                           if line["verdict"] == "non-conforming"))),
               "runtime_did": "%d of %d elements not the exact answer; max error %s" % (
                   entry["nonconforming"], entry["elements"], entry["max_error"]),
               "hints": found + entry.get("hints", []), "reproducer": "results/%s/%s" % (name, type_name),
               "reproducer_script": None}
    if data is None or not data["wrong"].any():
        return finding
    element_wise = np.array([s in {line["set"] for line in entry["sets"] if not line["form"]} for s in data["set"]])
    if (data["wrong"] & element_wise).any():
        chosen = hints.pick({"wrong": data["wrong"] & element_wise})
        a, b = data["a"][chosen], data["b"][chosen]
        reference = {"options": options, "set": "element-wise", "shape": [len(chosen)], "hazard": False}
        what, expected, seen = "elementwise", data["expected"][chosen], data["y"][chosen]
        finding["reproducer"] = "results/%s/%s/%s" % (name, type_name, data["set"][chosen[0]])
    else:
        sets = sorted(set(data["set"][data["wrong"]]))
        # the values of a few small sets say little here: the pairing does
        found[:] = ["every non-conforming element is in a broadcasting set (%s) and the element-wise sets "
                    "conform: the runtime divides right but pairs the wrong elements (look at how it broadcasts B)" %
                    ", ".join(sets)]
        finding["hints"] = found + entry.get("hints", [])
        first = data["set"][np.flatnonzero(data["wrong"])[0]]
        job = next(j for j, _ in judged if j["record"]["reference"]["set"] == first)
        reference = job["record"]["reference"]
        a = hints._read(os.path.join(tensors.data_dir(job["result"]), "input_0.pb"))
        b = hints._read(os.path.join(tensors.data_dir(job["result"]), "input_1.pb"))
        mine = data["set"] == first
        what, expected, seen = first, data["expected"][mine], data["y"][mine]
        chosen = np.flatnonzero(data["wrong"])[:1]
        finding["reproducer"] = "results/%s/broadcast/%s/%s" % (name, type_name, first)
    i = chosen[0]
    finding.update(a=_text_of(t, data["a"][i]), b=_text_of(t, data["b"][i]),
                   runtime_did=finding["runtime_did"] + "; e.g. %s %s [%d]: the runtime gives %s" % (
                       type_name, data["set"][i], data["index"][i], _text_of(t, data["y"][i])),
                   exact=_text_of(t, data["expected"][i]), reference="exact level, profile %s" % adapter["profile"])
    if context is not None:
        finding["reproducer_script"] = reproducers.write(
            out, name, adapter, version, t, reference, a, b, expected, seen, what,
            "%s %s: %d non-conforming elements" % (name, type_name, entry["nonconforming"]), context)
    return finding


# [impl->req~div-rt-d2~1]
def _broadcast_summary(forms, types):
    """Per form the adapter declares: its verdict over every type (conforming only when every set of the form
    was judged and conforms) and the sets that were not."""
    summary = {}
    for form in forms:
        lines = [dict(line, type=t) for t, entry in types.items() for line in entry["sets"] if line["form"] == form]
        no_kernel = sorted(set(line["type"] for line in lines if line["verdict"] == "no kernel"))
        lines = [line for line in lines if line["type"] not in no_kernel]   # a type without a kernel at all
        failing = ["%s %s: %s" % (line["type"], line["set"], line["verdict"]) for line in lines
                   if line["verdict"] != "conforming"]
        verdict = "conforming" if lines and not failing else ("not run" if not lines else _type_verdict(lines))
        summary[form] = {"verdict": verdict, "sets": len(lines), "failing": failing}
        if no_kernel:
            summary[form]["no_kernel_types"] = no_kernel
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
                                                             (" ..." if len(b["failing"]) > 8 else "") +
                                                             (" (no kernel at all: %s)" % ", ".join(
                                                                 b["no_kernel_types"]) if b.get("no_kernel_types")
                                                              else ""))))
        lines += ["", "Forms: " + "; ".join("%s: %s" % (k, v) for k, v in cases.BROADCAST_FORMS.items()) + "."]
    else:
        lines.append("No runtime that ran declares a broadcasting form (an adapter's BROADCAST list).")
    lines += ["", "## Counts, errors and worst elements", "",
              "| runtime | type | verdict | elements | conforming | non-conforming | max error (ulp / integer) "
              "| what the max error means | histogram (non-zero buckets) |",
              "|---|---|---|---|---|---|---|---|---|"]
    worst_lines, hint_lines = [], []
    for name, entry in report["runtimes"].items():
        for type_name, t in entry.get("types", {}).items():
            histogram = ", ".join("%s: %d" % (k, v) for k, v in t["histogram"].items() if v)
            largest = str(t["max_error"])
            if t["candidate_mismatches"]:
                largest += " (%d sets not judged element by element: wrong type or shape)" % len(
                    t["candidate_mismatches"])
            lines.append("| %s | %s | %s | %d | %d | %d | %s | %s | %s |" % (
                name, type_name, t["verdict"], t["elements"], t["conforming"], t["nonconforming"], largest,
                _md(t.get("max_error_meaning", "")), histogram))
            for hint in t.get("data_hints", []) + t.get("hints", []):
                hint_lines.append("- %s %s: %s" % (name, type_name, _md(hint)))
            for w in t["worst"]:
                worst_lines.append("| %s | %s | %s %s | %s (%s) | %s (%s) | %s (%s) | %s (%s) | %s |" % (
                    name, type_name, w["set"], w["position"], w["a"], w["a_value"], w["b"], w["b_value"], w["y"],
                    w["y_value"], w["expected"], w["expected_value"], _error_of(w)))
    lines += ["", "Max error is the largest distance from the exact (unrounded) quotient, in ulps of the element type "
              "(integers: the distance from the exact integer quotient); a correctly rounded float quotient is at "
              "most half an ulp away, so 0.5 on a conforming row is correct rounding, not a fault. The acceptance "
              "level is exact: the correctly rounded value, bit for bit."]
    if hint_lines:
        lines += ["", "Hints, from the data (what the non-conforming elements have in common) and from the judge:",
                  ""] + hint_lines
    if worst_lines:
        lines += ["", "Worst non-conforming elements:", "",
                  "| runtime | type | set, element | A | B | runtime's Y | exact answer | error |",
                  "|---|---|---|---|---|---|---|---|"] + worst_lines
    lines += ["", "## Findings: crashes, errors, missing kernels, wrong types or shapes, undefined cases, "
              "deadlines", "",
              "| runtime | type | case | A | B | what the runtime did | the reference | set | reproducer script |",
              "|---|---|---|---|---|---|---|---|---|"]
    for name, entry in report["runtimes"].items():
        for f in entry.get("findings", []):
            lines.append("| %s | %s | %s (%s) | %s | %s | %s | %s | `%s` | %s |" % (
                name, f["type"], _md(f["set"]), f["kind"], f.get("a", ""), f.get("b", ""), _md(f["runtime_did"]),
                _md("%s; %s" % (f["reference"], f["exact"])) if "reference" in f else "", f["reproducer"],
                "[%s](%s)" % (f["reproducer_script"], f["reproducer_script"]) if f.get("reproducer_script") else ""))
    _write(os.path.join(out, "report.md"), "\n".join(lines) + "\n")
    write_html(out, report)


GOOD_BUCKETS = ("0", "(0, 0.5]")


def _histogram(name, type_name, t):
    """The bars of a type's error histogram (heights on a logarithmic scale), for the page's SVG."""
    counts = list(t["histogram"].items())
    top = max([c for _, c in counts] + [1])
    bars = []
    for i, (label, count) in enumerate(counts):
        height = round(110 * math.log10(1 + count) / math.log10(1 + top), 1)
        bars.append({"x": 4 + 58 * i, "y": round(130 - height, 1), "w": 50, "h": height, "count": count,
                     "label": label, "colour": "#4a4" if label in GOOD_BUCKETS else (
                         "#cc4" if label == "(0.5, 1)" else "#c44")})
    return {"runtime": name, "type": type_name, "verdict": t["verdict"], "elements": t["elements"],
            "nonconforming": t["nonconforming"], "max_error": t["max_error"],
            "meaning": t.get("max_error_meaning", ""), "hints": t.get("data_hints", []) + t.get("hints", []),
            "bars": bars, "width": 8 + 58 * len(counts)}


# [impl->req~div-rt-d3~1]
def write_html(out, report):
    """report.html beside report.md: the verdict matrix, the broadcasting verdicts, an error histogram per runtime
    and type (inline SVG), the findings with their operands, the runtime's value, the exact answer and the
    reproducer script (links relative to out). Rendered by sonnxtools.pages (Jinja2, autoescaped)."""
    from sonnxtools import pages
    types = [t for t in tensors.TYPES if any(t in e.get("types", {}) for e in report["runtimes"].values())]
    broadcast = [(name, form, b) for name, entry in report["runtimes"].items()
                 for form, b in entry.get("broadcast", {}).items()]
    histograms = [_histogram(name, type_name, t) for name, entry in report["runtimes"].items()
                  for type_name, t in entry.get("types", {}).items()]
    findings = [f for entry in report["runtimes"].values() for f in entry.get("findings", [])]
    temporary = os.path.join(out, ".report.html.tmp")
    pages.write(temporary, "runtimes_report.html", report=report, types=types, broadcast=broadcast,
                histograms=histograms, findings=findings)
    os.replace(temporary, os.path.join(out, "report.html"))


def _write(path, text):
    temporary = path + ".tmp"
    with open(temporary, "w") as handle:
        handle.write(text)
    os.replace(temporary, path)

