"""Compares two evidence bundles of one revision: same verdicts, same hashes for every artifact
that neither manifest lists as timestamped."""
import json
import os
from typing import Any, Dict, List


def _manifest(bundle: str) -> Dict[str, Any]:
    with open(os.path.join(bundle, "manifest.json"), encoding="utf-8") as handle:
        return json.load(handle)


def _verdicts(bundle: str) -> object:
    with open(os.path.join(bundle, "verdicts.json"), encoding="utf-8") as handle:
        return json.load(handle)


def compare_bundles(first: str, second: str) -> List[str]:
    """The differences that make two bundles of one revision not reproducible; empty when they agree."""
    problems: List[str] = []
    one, two = _manifest(first), _manifest(second)
    if one["revision"] != two["revision"]:
        problems.append(f"different revisions: {one['revision']} and {two['revision']}")
    if not (one["tree_clean"] and two["tree_clean"]):
        problems.append("a bundle was made from a working tree that was not clean")
    if _verdicts(first) != _verdicts(second):
        problems.append("the verdicts differ (verdicts.json)")
    hashes_one = {a["path"]: a for a in one["artifacts"]}
    hashes_two = {a["path"]: a for a in two["artifacts"]}
    for path in sorted(set(hashes_one) | set(hashes_two)):
        a, b = hashes_one.get(path), hashes_two.get(path)
        if a is None or b is None:
            problems.append(f"only in {'the second' if a is None else 'the first'} bundle: {path}")
        elif a["timestamped"] != b["timestamped"]:
            problems.append(f"timestamped in one manifest only: {path}")
        elif not a["timestamped"] and a["sha256"] != b["sha256"]:
            problems.append(f"different content: {path}")
    return problems


def describe(first: str, second: str) -> str:
    manifest = _manifest(first)
    total = len(manifest["artifacts"])
    stable = sum(1 for a in manifest["artifacts"] if not a["timestamped"])
    return f"{stable} of {total} artifacts are not timestamped and were compared byte for byte"
