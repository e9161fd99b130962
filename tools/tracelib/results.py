"""Test results (GoogleTest XML, and pytest's JUnit XML) and proof results (Why3 replay JSON)."""
import glob
import json
import os
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Set


@dataclass
class TestResult:
    passed: bool
    requirements: Set[str] = field(default_factory=set)  # from the "requirements" property


def _test_key(classname: str, name: str) -> str:
    # TEST_P names look like Prefix/Suite.Name/3: keep Suite and Name. pytest's
    # JUnit XML names a test module.Class and test_name[parameters]: keep Class
    # and test_name (GoogleTest classnames have no dots).
    suite = classname.split("/")[-1].split(".")[-1]
    return f"{suite}.{name.split('/')[0].split('[')[0]}"


def read_test_results(directory: str) -> Optional[Dict[str, TestResult]]:
    """Suite.Name -> result; None when no result file exists."""
    files = sorted(glob.glob(os.path.join(directory, "*.xml")))
    if not files:
        return None
    results: Dict[str, TestResult] = {}
    for path in files:
        try:
            tree = ElementTree.parse(path)
        except ElementTree.ParseError:
            continue
        for case in tree.iter("testcase"):
            key = _test_key(case.get("classname", ""), case.get("name", ""))
            failed = case.find("failure") is not None or case.find("error") is not None
            skipped = (case.get("result") == "skipped" or case.get("status") == "notrun"
                       or case.find("skipped") is not None)  # pytest marks a skipped test so
            requirements: Set[str] = set()
            for prop in case.iter("property"):
                if prop.get("name") == "requirements":
                    requirements |= {v.strip() for v in prop.get("value", "").split(",") if v.strip()}
            previous = results.get(key)
            passed = not failed and not skipped and (previous is None or previous.passed)
            results[key] = TestResult(passed, requirements | (previous.requirements if previous else set()))
    return results


@dataclass
class GoalResult:
    proved: bool
    prover: str
    time: float
    theorem: bool = True  # False for bookkeeping goals (tools/proofslib/kinds.py), which prove no requirement


def read_proof_results(path: str) -> Optional[Dict[str, List[GoalResult]]]:
    """'<file>:<Module>' and '<file>:<Module>.<goal>' -> goal results; None when absent.

    Schema: {"goals": [{"file", "module", "goal", "kind": "theorem"|"bookkeeping",
                        "status": "proved"|..., "prover", "time"}]}.
    """
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    results: Dict[str, List[GoalResult]] = {}
    for goal in data.get("goals", []):
        result = GoalResult(goal.get("status") == "proved", goal.get("prover", ""), float(goal.get("time", 0.0)),
                            goal.get("kind", "theorem") != "bookkeeping")
        module_key = f"{goal['file']}:{goal['module']}"
        results.setdefault(module_key, []).append(result)
        results.setdefault(f"{module_key}.{goal['goal']}", []).append(result)
    return results
