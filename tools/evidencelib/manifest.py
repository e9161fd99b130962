"""manifest.json: SHA-256 of every artifact, source revision, tool versions, build flags and date."""
import datetime
import hashlib
import json
import os
from typing import Dict, List

from sonnxtools import bundle as declared_steps
from sonnxtools.run import Runner


def is_timestamped(relative: str) -> bool:
    """Whether an artifact carries a time (a date, a duration, a timing): the bundle's logs, index page and
    manifest, and what each step's entry (sonnxtools.bundle) lists as timestamped. Every other artifact
    (reports, summaries, verdicts, findings, trace, coverage figures) must hash the same on the same
    revision; `tools/evidence --compare` checks it."""
    return declared_steps.is_timestamped(relative)


TOOLS = {
    "g++": ["g++", "--version"],
    "clang++-19": ["clang++-19", "--version"],
    "cmake": ["cmake", "--version"],
    "why3": ["why3", "--version"],
    "z3": ["z3", "--version"],
    "cvc4": ["cvc4", "--version"],
    "cvc5": ["cvc5", "--version"],
    "gcovr": ["gcovr", "--version"],
    "lcov": ["lcov", "--version"],
    "genhtml": ["genhtml", "--version"],
    "llvm-cov-19": ["llvm-cov-19", "--version"],
    "clang-tidy-19": ["clang-tidy-19", "--version"],
    "cppcheck": ["cppcheck", "--version"],
    "python3": ["python3", "--version"],
    "chromium": ["chromium", "--version"],
}
PACKAGES = ["libmpfr6", "libgmp10", "libboost-dev", "libgtest-dev", "libbenchmark-dev", "libprotobuf-dev",
            "libonnx-dev"]


def _sha256(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _first_line(text: str) -> str:
    return text.splitlines()[0] if text else "not found"


def write_manifest(runner: Runner, root: str, flags: Dict[str, str]) -> str:
    bundle = runner.bundle
    artifacts: List[Dict[str, object]] = []
    for directory, _, files in os.walk(bundle):
        for name in sorted(files):
            path = os.path.join(directory, name)
            relative = os.path.relpath(path, bundle)
            if relative == "manifest.json":
                continue
            artifacts.append({"path": relative, "sha256": _sha256(path),
                              "timestamped": is_timestamped(relative)})
    artifacts.sort(key=lambda item: str(item["path"]))
    status = runner.output(["git", "status", "--porcelain"])
    manifest = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "revision": runner.output(["git", "rev-parse", "HEAD"]) or "unknown",
        "tree_clean": status == "",
        "tools": {name: _first_line(runner.output(command)) for name, command in TOOLS.items()},
        "packages": {name: runner.output(["dpkg-query", "-W", "-f=${Version}", name]) or "not installed"
                     for name in PACKAGES},
        "build_flags": flags,
        "timestamped_artifacts": [a["path"] for a in artifacts if a["timestamped"]],
        "artifacts": artifacts,
    }
    path = os.path.join(bundle, "manifest.json")
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(manifest, handle, indent=1, sort_keys=True)
    return path
