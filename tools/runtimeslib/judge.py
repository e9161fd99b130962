"""Judging every result with the reference's own check (sonnx_div.check, the report `sonnx-div check
--json` writes) under the runtime's profile, and the report: per runtime x element type the verdict,
element counts, error histogram and worst elements taken from check's reports, and every crash, error,
missing kernel or undefined case as a finding with its reproducer."""
import json
import os

from . import cases, tensors

WORST = 5


def _load(path):
    with open(path) as handle:
        return json.load(handle)


def _error_of(element):
    return element.get("ulp_error", element.get("error", 0))


def _number(value):
    """check writes a non-finite error (a special-value mismatch) as text."""
    try:
        return float(value)
    except (TypeError, ValueError):
        return float("inf")


def _did(etype, result, y):
    """What the runtime did, as text."""
    if result["outcome"] == "output":
        value = y.reshape(-1)[0]
        if etype.is_float:
            value = "0x%0*x" % (etype.bits // 4, int(y.reshape(-1).view(etype.bits_dtype)[0]))
        text = "returned %s" % value
        if result.get("notes"):
            text += " (%s)" % "; ".join(result["notes"])
        return text
    if result["outcome"] == "signal":
        return result["detail"]
    return "%s: %s" % (result["outcome"], result["detail"])


# [impl->req~div-rt-d1~1]
def judge_runtime(adapter, version, jobs, out):
    """The runtime's entry of report.json."""
    import sonnx_div
    profile = cases.PROFILES[adapter.PROFILE]
    types, findings = {}, []
    for job in jobs:
        reference = _load(os.path.join(job["set"], "reference.json"))
        result = _load(os.path.join(job["result"], "result.json"))
        type_name, set_name = reference["type"], reference["set"]
        etype = tensors.TYPES[type_name]
        entry = types.setdefault(type_name, {"verdict": None, "elements": 0, "conforming": 0, "nonconforming": 0,
                                             "undefined": 0, "special_value_mismatches": 0, "max_error": 0,
                                             "histogram": {}, "worst": [], "sets": [], "failed_requirements": [],
                                             "hints": []})
        _, a, b = _read_pair(job["set"])
        y, report = None, None
        if result["outcome"] == "output":
            _, y = tensors.read_tensor(os.path.join(tensors.data_dir(job["result"]), "output_0.pb"))
            try:
                report = sonnx_div.check(a, b, y, type=etype.sonnx_type, accept="exact", undefined="list",
                                         worst=WORST, **profile["options"])
            except (TypeError, ValueError) as error:
                result = dict(result, outcome="error", detail="output not checkable: %s" % error)
        line = {"set": set_name, "elements": reference["elements"], "outcome": result["outcome"]}
        if report is not None:
            line.update(conforming=report["conforming"], nonconforming=report["nonconforming"],
                        undefined=report["undefined"], conforming_result=report["conforming_result"])
        entry["sets"].append(line)
        if reference["hazard"]:
            findings.append({
                "runtime": adapter.NAME, "type": type_name, "set": set_name, "kind": _hazard_kind(result, y, etype),
                "a": str(a.reshape(-1)[0]), "b": str(b.reshape(-1)[0]),
                "runtime_did": _did(etype, result, y),
                "reference": reference["message"], "exact": reference["exact"],
                "check_undefined": report["undefined_elements"] if report else None,
                "reproducer": os.path.relpath(job["set"], out)})
            continue
        if report is None:
            if not any(f["type"] == type_name and f["kind"] == result["outcome"] and f["runtime_did"].endswith(
                    result["detail"]) for f in findings):
                findings.append({"runtime": adapter.NAME, "type": type_name, "set": set_name,
                                 "kind": result["outcome"], "runtime_did": _did(etype, result, y),
                                 "reproducer": os.path.relpath(job["set"], out)})
            continue
        entry["elements"] += report["elements"]
        entry["conforming"] += report["conforming"]
        entry["nonconforming"] += report["nonconforming"]
        entry["undefined"] += report["undefined"]
        entry["special_value_mismatches"] += report.get("special_value_mismatches", 0)
        largest = report.get("max_ulp_error", report.get("max_error", 0)) or 0
        if _number(largest) > _number(entry["max_error"]):
            entry["max_error"] = largest
        for bucket in report["histogram"]:
            entry["histogram"][bucket["bucket"]] = entry["histogram"].get(bucket["bucket"], 0) + bucket["count"]
        for element in report["worst"]:
            entry["worst"].append(dict(element, set=set_name))
        entry["failed_requirements"] = sorted(set(entry["failed_requirements"]) | set(report["failed_requirements"]))
        entry["hints"] = sorted(set(entry["hints"]) | set(report["hints"]))
    for entry in types.values():
        wrong = [w for w in entry["worst"] if not w["conforming"]]
        entry["worst"] = sorted(wrong, key=lambda w: _number(_error_of(w)), reverse=True)[:WORST]
        outcomes = [s["outcome"] for s in entry["sets"] if not s["set"].startswith("hazard_")]
        if "no kernel" in outcomes:
            entry["verdict"] = "no kernel"
        elif any(o != "output" for o in outcomes):
            entry["verdict"] = "error"
        elif entry["nonconforming"] or entry["undefined"]:
            entry["verdict"] = "non-conforming"
        else:
            entry["verdict"] = "conforming"
    return {"status": "run", "version": version, "profile": adapter.PROFILE, "profile_text": profile["text"],
            "calls": adapter.TEXT, "types": types, "findings": findings}


def _read_pair(folder):
    data = tensors.data_dir(folder)
    _, a = tensors.read_tensor(os.path.join(data, "input_0.pb"))
    _, b = tensors.read_tensor(os.path.join(data, "input_1.pb"))
    return None, a, b


def _hazard_kind(result, y, etype):
    if result["outcome"] == "output":
        return "undefined behaviour: returned a value"
    kinds = {"signal": "crash", "timeout": "hang", "error": "refused with an error"}
    return kinds.get(result["outcome"], result["outcome"])


def _cell(entry):
    return entry["verdict"]


def write_report(out, report):
    with open(os.path.join(out, "report.json"), "w") as handle:
        json.dump(report, handle, indent=1)
    lines = ["# Runtimes checked against the sonnx-div reference", "",
             "Made by `tools/runtimes` on %s (%s); reference %s. Each result judged by `sonnx_div.check` "
             "(the report of `sonnx-div check --json`), `--accept exact`, `--undefined list`, under the "
             "profile the runtime's adapter declares. Test sets: `%s`; reproducers below are relative to `%s`." % (
                 report["date"], report["mode"], report["reference"], os.path.join(out, "sets"), out), "",
             "## Runtimes", "", "| runtime | status | version / reason | profile | calls |", "|---|---|---|---|---|"]
    for name, entry in report["runtimes"].items():
        if entry["status"] == "run":
            lines.append("| %s | run | %s | %s | %s |" % (name, entry["version"], entry["profile"], entry["calls"]))
        else:
            lines.append("| %s | **not run** | %s | | |" % (name, entry["reason"]))
    all_types = [t for t in tensors.TYPES if any(t in e.get("types", {}) for e in report["runtimes"].values())]
    lines += ["", "## Verdicts (runtime x element type)", "",
              "| runtime | " + " | ".join(all_types) + " |", "|---|" + "---|" * len(all_types)]
    for name, entry in report["runtimes"].items():
        if entry["status"] == "run":
            lines.append("| %s | " % name + " | ".join(
                entry["types"][t]["verdict"] if t in entry["types"] else "-" for t in all_types) + " |")
    lines += ["", "## Counts, errors and worst elements", "",
              "| runtime | type | verdict | elements | conforming | non-conforming | max error (ulp / integer) "
              "| histogram (non-zero buckets) |",
              "|---|---|---|---|---|---|---|---|"]
    worst_lines = []
    for name, entry in report["runtimes"].items():
        for type_name, t in entry.get("types", {}).items():
            histogram = ", ".join("%s: %d" % (k, v) for k, v in t["histogram"].items() if v)
            lines.append("| %s | %s | %s | %d | %d | %d | %s | %s |" % (
                name, type_name, t["verdict"], t["elements"], t["conforming"], t["nonconforming"], t["max_error"],
                histogram))
            for w in t["worst"]:
                worst_lines.append("| %s | %s | %s %s | %s (%s) | %s (%s) | %s (%s) | %s (%s) | %s |" % (
                    name, type_name, w["set"], w["position"], w["a"], w["a_value"], w["b"], w["b_value"], w["y"],
                    w["y_value"], w["expected"], w["expected_value"], _error_of(w)))
    if worst_lines:
        lines += ["", "Worst non-conforming elements:", "",
                  "| runtime | type | set, element | A | B | runtime's Y | exact answer | error |",
                  "|---|---|---|---|---|---|---|---|"] + worst_lines
    lines += ["", "## Findings: crashes, errors, missing kernels, undefined cases", "",
              "| runtime | type | case | A | B | what the runtime did | the reference | reproducer |",
              "|---|---|---|---|---|---|---|---|"]
    for name, entry in report["runtimes"].items():
        for f in entry.get("findings", []):
            lines.append("| %s | %s | %s (%s) | %s | %s | %s | %s | `%s` |" % (
                name, f["type"], f["set"], f["kind"], f.get("a", ""), f.get("b", ""), f["runtime_did"],
                ("%s; %s" % (f["reference"], f["exact"])) if "reference" in f else "", f["reproducer"]))
    with open(os.path.join(out, "report.md"), "w") as handle:
        handle.write("\n".join(lines).replace("\\|", "|") + "\n")
