"""tools/runtimes' command line."""
import argparse
import datetime
import os
import shutil
import sys

from . import cases, judge, run, tensors
from .adapters import all_adapters

DEFAULT_RUNTIMES = "numpy,torch,onnxruntime,reciprocal"


def log(text):
    print(text, flush=True)


def _import_reference(python_dir):
    sys.path.insert(0, os.path.abspath(python_dir))
    try:
        import sonnx_div  # noqa: F401
    except ImportError as error:
        return None, "cannot import sonnx_div from %s (%s): build it (cmake --build build/release)" % (
            python_dir, error)
    return sonnx_div, ""


# [impl->req~div-rt-d1~1]
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
    args = parser.parse_args(argv)
    types = [t.strip().upper() for t in args.types.split(",") if t.strip()]
    unknown = [t for t in types if t not in tensors.TYPES]
    if unknown:
        parser.error("unknown element type %s (known: %s)" % (", ".join(unknown), ", ".join(tensors.TYPES)))
    sonnx_div, why = _import_reference(args.python_dir)
    if sonnx_div is None:
        print("tools/runtimes: " + why, file=sys.stderr)
        return 2
    os.environ["SONNX_RUNTIMES_CACHE"] = os.path.abspath(args.cache)
    if args.adapters:
        os.environ["SONNX_RUNTIMES_ADAPTERS"] = os.pathsep.join(os.path.abspath(a) for a in args.adapters)
    out = os.path.abspath(args.out)
    for part in ("sets", "hazards", "results"):
        shutil.rmtree(os.path.join(out, part), ignore_errors=True)
    os.makedirs(out, exist_ok=True)
    tools = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([tools, os.path.abspath(args.python_dir)]),
               PYTHONDONTWRITEBYTECODE="1")
    adapters = all_adapters()
    report = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
              "mode": "quick" if args.quick else "full", "reference": _reference_version(sonnx_div),
              "reference_revision": _reference_revision(sonnx_div),
              "types": types, "runtimes": {}}
    written = {}
    for name in [n.strip() for n in args.runtimes.split(",") if n.strip()]:
        adapter = adapters.get(name)
        if adapter is None:
            report["runtimes"][name] = {"status": "not run", "reason": "no adapter named %s (adapters: %s)" % (
                name, ", ".join(sorted(adapters)))}
            log("%s: not run: no such adapter" % name)
            continue
        ok, version = adapter.available()
        if not ok and not args.no_install and hasattr(adapter, "install"):
            log("%s: %s" % (name, version))
            installed, text = adapter.install(log)
            log("%s: %s" % (name, text))
            ok, version = adapter.available() if installed else (False, text)
        if not ok:
            report["runtimes"][name] = {"status": "not run", "reason": version}
            log("%s: not run: %s" % (name, version))
            continue
        log("%s: %s, judged by profile %s" % (name, version, adapter.PROFILE))
        wanted = [t for t in adapter.TYPES if t in types]
        needed = [t for t in wanted if (adapter.PROFILE, t) not in written]
        if needed:
            for type_name, folders in cases.write_sets(out, adapter.PROFILE, needed, args.quick).items():
                written[(adapter.PROFILE, type_name)] = folders
        jobs = run.run_runtime(name, {t: written[(adapter.PROFILE, t)] for t in wanted},
                               os.path.join(out, "results", name), env, log)
        report["runtimes"][name] = judge.judge_runtime(adapter, version, jobs, out)
        for type_name, entry in report["runtimes"][name]["types"].items():
            log("  %s %s: %s (%d elements, %d non-conforming)" % (name, type_name, entry["verdict"], entry["elements"],
                                                                  entry["nonconforming"]))
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
