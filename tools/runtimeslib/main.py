"""tools/runtimes' command line."""
import argparse
import concurrent.futures
import datetime
import os
import shutil
import sys
import tempfile
import threading
import traceback

from sonnxtools import paths

from . import adapter_files, cases, judge, processes, run, tensors

DEFAULT_RUNTIMES = "numpy,torch,onnxruntime,onnxruntime-web,onnx-reference,reciprocal"
RUNTIMES_AT_ONCE = 2       # runtimes whose processes run at the same time (the test machine has two cores)
LOAD_GUARD = 120            # seconds a file may take to load (hang guard), at most the deadline
PREVIOUS_RUN = ("report.md", "report.json", "report.html", "sets", "hazards", "broadcast", "results", "reproducers")


def log(text):
    print(text, flush=True)


def _import_reference(python_dir):
    sys.path.insert(0, os.path.abspath(python_dir))
    try:
        import sonnx_div  # noqa: F401
    except ImportError as error:
        return None, "cannot import sonnx_div from %s (%s): build it (cmake --build build/release)" % (
            python_dir, error)
    if not all(hasattr(sonnx_div, f) for f in ("check_files", "read_tensor", "write_tensor")):
        return None, "the sonnx_div in %s has no check_files, read_tensor or write_tensor: rebuild it" % python_dir
    return sonnx_div, ""


def _positive_seconds(text):
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a number of seconds" % text)
    if not seconds > 0 or seconds == float("inf"):
        raise argparse.ArgumentTypeError("the deadline must be a positive number of seconds, not %s" % text)
    return int(seconds) if seconds.is_integer() else seconds


def _clear_previous_run(out):
    """An earlier run's outputs go before anything else happens: a report in <out> is always this run's."""
    for part in PREVIOUS_RUN:
        path = os.path.join(out, part)
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        elif os.path.lexists(path):
            os.remove(path)


def _runtime(name, records, types, args, out, env, written, locks):
    """The runtime's entry of report.json: not run (with the reason), or run and judged. Runtimes run two at a
    time (RUNTIMES_AT_ONCE): availability and installing (apt-get, npm), writing the sets and judging hold
    `locks`, one at a time; the runtime's own processes run beside another runtime's."""
    reason = adapter_files.runtime_reason(name, records)
    mine = [r for r in records if r["name"] == name]
    if reason:
        log("%s: not run: %s" % (name, reason))
        entry = {"status": "not run", "reason": reason}
        if len(mine) == 1:
            entry["adapter_file"] = mine[0]["path"]
        return entry
    adapter = mine[0]
    wanted = [t for t in adapter["types"] if t in types]
    if not wanted:
        reason = "none of its element types (%s) was asked for (--types %s)" % (", ".join(adapter["types"]),
                                                                                ",".join(types))
        log("%s: not run: %s" % (name, reason))
        return {"status": "not run", "reason": reason, "adapter_file": adapter["path"]}
    budget = processes.Budget(args.deadline)
    logs = os.path.join(out, "results", name, "logs")   # the worker processes' output; no model.onnx here
    answer_path = os.path.join(logs, "available.json")
    with locks["install"]:
        ended = processes.run_worker(["available", adapter["path"], answer_path] + ([] if args.no_install else
                                                                                    ["install"]),
                                     env, os.path.join(logs, "available.log"), budget, log,
                                     "%s: available()" % name)
    answer = adapter_files.read_answer(answer_path)
    for line in (answer or {}).get("log", []):
        log("%s: %s" % (name, line))
    if answer is None:
        reason = adapter_files.ended_without_answer(ended, "in available() or install()")
    elif not answer.get("ok"):
        reason = str(answer.get("reason", "?"))
    if answer is None or not answer.get("ok"):
        log("%s: not run: %s" % (name, reason))
        return {"status": "not run", "reason": reason, "adapter_file": adapter["path"],
                "deadline_seconds": args.deadline}
    version = str(answer.get("version", ""))
    log("%s: %s, judged by profile %s (adapter %s)" % (name, version, adapter["profile"], adapter["path"]))
    with locks["sets"]:
        sets = _sets(adapter, wanted, written, out, args.quick)
    jobs = run.run_runtime(name, adapter["path"], sets,
                           os.path.join(out, "results", name), env, log, budget, logs)
    context = {"tools": paths.TOOLS, "python_dir": os.path.abspath(args.python_dir),
               "cache": os.path.abspath(args.cache), "reference": _reference_version(sys.modules["sonnx_div"])}
    with locks["judge"]:
        entry = judge.judge_runtime(name, adapter, version, jobs, out, context)
    entry.update(deadline_seconds=args.deadline, seconds_used=round(budget.used, 1))
    for type_name, t in entry["types"].items():
        log("  %s %s: %s (%d elements, %d non-conforming)" % (name, type_name, t["verdict"], t["elements"],
                                                              t["nonconforming"]))
    return entry


def _sets(adapter, wanted, written, out, quick):
    """The sets of the adapter's profile, types and broadcasting forms, written once per profile and type."""
    needed = [t for t in wanted if (adapter["profile"], t) not in written]
    if needed:
        for type_name, sets in cases.write_sets(out, adapter["profile"], needed, quick).items():
            written[(adapter["profile"], type_name)] = sets
    for form in adapter["broadcast"]:
        needed = [t for t in wanted if (adapter["profile"], t, form) not in written]
        if needed:
            for type_name, sets in cases.write_broadcast_sets(out, adapter["profile"], needed, [form],
                                                              quick).items():
                written[(adapter["profile"], type_name, form)] = sets
    return {t: written[(adapter["profile"], t)] + [r for form in adapter["broadcast"]
                                                   for r in written[(adapter["profile"], t, form)]] for t in wanted}


# [impl->req~div-rt-d1~2]
def main(argv, doc):
    parser = argparse.ArgumentParser(prog="tools/runtimes", description=doc,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runtimes", default=DEFAULT_RUNTIMES)
    parser.add_argument("--types", default=",".join(tensors.TYPES))
    parser.add_argument("--out", default=os.path.join("build", "runtimes"))
    parser.add_argument("--cache", default=os.path.join("build", "runtimes"),
                        help="where npm packages are installed (node_modules)")
    parser.add_argument("--python-dir",
                        default=os.environ.get("SONNX_PYTHON_DIR", os.path.join("build", "release", "src", "python")),
                        help="where the sonnx_div module is (default build/release/src/python)")
    parser.add_argument("--adapters", action="append", default=[],
                        help="a folder of further adapter files (a vendor's own runtime)")
    parser.add_argument("--quick", action="store_true", help="a few hundred cases per set")
    parser.add_argument("--no-install", action="store_true", help="install nothing; a missing runtime is not run")
    parser.add_argument("--deadline", type=_positive_seconds, default=processes.DEFAULT_DEADLINE, metavar="SECONDS",
                        help="the wall-clock time all of one runtime's processes (available, install, every "
                             "batch and hazardous set) may take together, a hang guard: when it is spent the "
                             "process running is killed and the sets left are 'not run: deadline' "
                             "(default %d)" % processes.DEFAULT_DEADLINE)
    args = parser.parse_args(argv)
    types = [t.strip().upper() for t in args.types.split(",") if t.strip()]
    unknown = [t for t in types if t not in tensors.TYPES]
    if unknown:
        parser.error("unknown element type %s (known: %s)" % (", ".join(unknown), ", ".join(tensors.TYPES)))
    names = [n.strip() for n in args.runtimes.split(",") if n.strip()]
    if not names:
        parser.error("--runtimes names no runtime")
    for folder in args.adapters:
        if not os.path.isdir(folder):
            parser.error("--adapters %s is not a folder" % folder)
    sonnx_div, why = _import_reference(args.python_dir)
    if sonnx_div is None:
        print("tools/runtimes: " + why, file=sys.stderr)
        return 2
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    _clear_previous_run(out)
    os.environ["SONNX_RUNTIMES_CACHE"] = os.path.abspath(args.cache)
    tools = paths.TOOLS
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([tools, os.path.abspath(args.python_dir)]),
               PYTHONDONTWRITEBYTECODE="1")
    report = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
              "mode": "quick" if args.quick else "full", "reference": _reference_version(sonnx_div),
              "reference_revision": _reference_revision(sonnx_div), "types": types,
              "deadline_seconds": args.deadline, "adapter_files": [], "runtimes": {}}
    current = None   # the runtime being run, when the harness fails
    try:
        with tempfile.TemporaryDirectory(prefix="sonnx-runtimes-") as work:
            records = adapter_files.describe_all([os.path.abspath(a) for a in args.adapters], env, work, log,
                                                 min(LOAD_GUARD, args.deadline))
        report["adapter_files"] = [{k: r[k] for k in ("path", "name", "status", "reason")} for r in records]
        for record in records:
            if record["status"] != "loaded":
                log("adapter file %s: %s: %s" % (record["path"], record["status"], record["reason"]))
        written, locks = {}, {"install": threading.Lock(), "sets": threading.Lock(), "judge": threading.Lock()}
        unique = list(dict.fromkeys(names))
        with concurrent.futures.ThreadPoolExecutor(max_workers=RUNTIMES_AT_ONCE) as pool:
            futures = {name: pool.submit(_runtime, name, records, types, args, out, env, written, locks)
                       for name in unique}
            for name in unique:   # in the order asked for
                current = name
                report["runtimes"][name] = futures[name].result()
                current = None
    except Exception:  # a fault of the harness itself, not of an adapter: say so, keep what ran, exit 4
        traceback.print_exc()
        report["harness_error"] = traceback.format_exc().strip().splitlines()[-1]
        if current is not None:
            report["runtimes"][current] = {"status": "harness error", "reason": "the harness failed while running "
                                                                                "or judging it: " + report["harness_error"]}
        judge.write_report(out, report)
        print("tools/runtimes: internal error; the report says what ran before it", file=sys.stderr)
        return 4
    judge.write_report(out, report)
    log("report: %s, %s" % (os.path.join(out, "report.md"), os.path.join(out, "report.json")))
    return 0


def _provenance(sonnx_div):
    import numpy as np
    return sonnx_div.check(np.float32([1]), np.float32([1]), np.float32([1]))["provenance"]


def _reference_version(sonnx_div):
    provenance = _provenance(sonnx_div)
    return "sonnx-div %s (%s)" % (provenance["version"], provenance["revision"])


def _reference_revision(sonnx_div):
    """The source revision the module was built from (git describe --dirty): the evidence bundle compares it
    with its own."""
    return _provenance(sonnx_div)["revision"]
