"""Finding the adapter files and what each declares, without importing any of them here: each file is
loaded in a worker process of its own (runtimeslib.worker describe), and its attributes are validated here.

A file is "not loaded" when its process ends without an answer (os._exit, a signal, a hang), when loading it
raises (a syntax error, an import error, sys.exit) or when it has no valid NAME; "invalid" when it has a
NAME but another attribute is wrong (an unknown PROFILE, unknown TYPES names, no TEXT, no available() or
run_batch); "refused" when another file declares the same NAME (both are refused: which one the user meant
cannot be known); otherwise "loaded". The report lists every file with its status."""
import json
import os
import re

from . import cases, processes, tensors
from .worker import BUILTIN

NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._+-]*$")


def adapter_paths(folders):
    """The built-in adapter files, then those of each --adapters folder, each folder's sorted by name; files
    starting with '_' are helpers, not adapters."""
    paths, seen = [], set()
    for folder in [BUILTIN] + list(folders):
        for file_name in sorted(os.listdir(folder)):
            path = os.path.join(os.path.abspath(folder), file_name)
            if file_name.endswith(".py") and not file_name.startswith("_") and os.path.realpath(path) not in seen:
                seen.add(os.path.realpath(path))   # a folder given twice, or the built-in one again
                paths.append(path)
    return paths


def _text(value):
    """An attribute as the describe step gave it, for a message."""
    if isinstance(value, dict):
        return "%s %s" % (value.get("not_plain"), value.get("repr"))
    return repr(value)


# [impl->req~div-rt-d2~1]
def _validate(answer):
    """(NAME or None, reason or ""): the reason an adapter's attributes are not usable."""
    attributes, callables = answer.get("attributes", {}), answer.get("callables", {})
    name = attributes.get("NAME")
    if name is None:
        return None, "no NAME: not an adapter (an adapter sets NAME, PROFILE, TYPES and TEXT)"
    if not isinstance(name, str) or not NAME_PATTERN.match(name):
        return None, "NAME %s is not a runtime name (letters, digits, '.', '_', '+', '-')" % _text(name)
    if "PROFILE" not in attributes:
        return name, "no PROFILE (one of %s)" % ", ".join(cases.PROFILES)
    profile = attributes["PROFILE"]
    if not isinstance(profile, str) or profile not in cases.PROFILES:
        return name, "unknown PROFILE %s (profiles: %s)" % (_text(profile), ", ".join(cases.PROFILES))
    if "TYPES" not in attributes:
        return name, "no TYPES (element type names: %s)" % ", ".join(tensors.TYPES)
    types = attributes["TYPES"]
    if not isinstance(types, list):
        return name, "TYPES is %s, not a list of element type names" % _text(types)
    unknown = [t for t in types if t not in tensors.TYPES]
    if unknown:
        return name, "unknown TYPES %s (element type names: %s)" % (", ".join(repr(t) for t in unknown),
                                                                     ", ".join(tensors.TYPES))
    if not types:
        return name, "TYPES is empty"
    repeated = sorted(set(t for t in types if types.count(t) > 1))
    if repeated:
        return name, "TYPES names %s more than once" % ", ".join(repeated)
    if not isinstance(attributes.get("TEXT"), str):
        return name, "no TEXT (one line saying what it calls)" if "TEXT" not in attributes else \
            "TEXT is %s, not a str" % _text(attributes["TEXT"])
    forms = attributes.get("BROADCAST", [])
    if not isinstance(forms, list):
        return name, "BROADCAST is %s, not a list of broadcasting forms" % _text(forms)
    unknown = [f for f in forms if f not in cases.BROADCAST_FORMS]
    if unknown:
        return name, "unknown BROADCAST forms %s (forms: %s)" % (", ".join(repr(f) for f in unknown),
                                                                 ", ".join(cases.BROADCAST_FORMS))
    if "legacy" in forms and profile != "onnx-14":
        return name, "BROADCAST legacy (ONNX's broadcast and axis attributes) needs PROFILE onnx-14, not %s" % profile
    for function in ("available", "run_batch"):
        if not callables.get(function):
            return name, "no %s()" % function if function not in callables else "%s is not callable" % function
    if "install" in callables and not callables["install"]:
        return name, "install is not callable"
    return name, ""


# [impl->req~div-rt-d1~2]
def describe_all(folders, env, work, log, guard_seconds):
    """Every adapter file: [{"path", "name", "status", "reason", "profile", "types", "text", "broadcast"}]."""
    records = []
    for number, path in enumerate(adapter_paths(folders)):
        answer_path = os.path.join(work, "describe-%d.json" % number)
        log_path = os.path.join(work, "describe-%d-%s.log" % (number, os.path.basename(path)[:-3]))
        ended = processes.run_worker(["describe", path, answer_path], env, log_path,
                                     processes.Budget(guard_seconds), log, "loading %s" % path)
        record = {"path": path, "name": None, "status": "not loaded", "reason": "", "log": log_path}
        records.append(record)
        answer = read_answer(answer_path)
        if answer is None:
            record["reason"] = ended_without_answer(ended, "while being loaded")
            continue
        if not answer.get("loaded"):
            record["reason"] = answer.get("reason", "?")
            continue
        name, reason = _validate(answer)
        record["name"] = name
        if name is None:
            record["reason"] = reason
            continue
        if reason:
            record.update(status="invalid", reason=reason)
            continue
        attributes = answer["attributes"]
        record.update(status="loaded", profile=attributes["PROFILE"], types=attributes["TYPES"],
                      text=attributes["TEXT"], broadcast=attributes.get("BROADCAST", []),
                      reproduce=attributes.get("REPRODUCE") if isinstance(attributes.get("REPRODUCE"), str) else None)
    by_name = {}
    for record in records:
        if record["name"] is not None:
            by_name.setdefault(record["name"], []).append(record)
    for name, same in by_name.items():
        if len(same) > 1:
            for record in same:
                others = ", ".join(r["path"] for r in same if r is not record)
                record.update(status="refused", reason="NAME %s is declared by %s too: both are refused (which one "
                                                       "was meant cannot be known)" % (name, others))
    return records


def read_answer(path):
    """A worker's answer, or None when it wrote none (or not a JSON object)."""
    try:
        with open(path) as handle:
            answer = json.load(handle)
    except (OSError, ValueError):
        return None
    return answer if isinstance(answer, dict) else None


def ended_without_answer(ended, when):
    """Why a worker gave no answer, as text."""
    if ended.outcome == "deadline":
        return "no answer %s: %s" % (when, ended.detail)
    if ended.outcome == "signal":
        return "%s %s" % (ended.detail, when)
    if ended.status == 0:
        return "the process ended with exit status 0 %s, without an answer (sys.exit or os._exit in the " \
               "adapter's code)" % when
    return "the process ended with exit status %d %s: %s" % (ended.status, when, ended.detail or "?")


def runtime_reason(name, records):
    """Why runtime `name` cannot run ("" when one loaded file declares it), naming the files."""
    mine = [r for r in records if r["name"] == name]
    if len(mine) > 1:
        return "two or more adapter files declare NAME %s: %s (all refused)" % (
            name, ", ".join(r["path"] for r in mine))
    if len(mine) == 1 and mine[0]["status"] != "loaded":
        return "adapter %s: %s" % (mine[0]["path"], mine[0]["reason"])
    if not mine:
        names = sorted(r["name"] for r in records if r["status"] == "loaded")
        text = "no adapter named %s (adapters: %s)" % (name, ", ".join(names))
        failed = [r for r in records if r["name"] is None]
        if failed:
            text += "; adapter files not loaded: " + "; ".join("%s (%s)" % (r["path"], r["reason"]) for r in failed)
        return text
    return ""
