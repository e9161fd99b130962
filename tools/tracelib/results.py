"""Test results (GoogleTest XML, and pytest's JUnit XML) and proof results (Why3 replay JSON), read by
the one reader (sonnxtools.results): a results folder or file that is missing, empty or malformed raises
its ResultsError, and the caller decides whether it needed them."""
from dataclasses import dataclass, field
from typing import Dict, List, Set

from sonnxtools.results import read_replay, read_xml_dir


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


def read_test_results(directory: str) -> Dict[str, TestResult]:
    """Suite.Name -> result (passed only when every case of that name ran and passed)."""
    results: Dict[str, TestResult] = {}
    for case in read_xml_dir(directory):
        key = _test_key(case.suite, case.name)
        requirements: Set[str] = set()
        for name, value in case.properties:
            if name == "requirements":
                requirements |= {v.strip() for v in value.split(",") if v.strip()}
        previous = results.get(key)
        passed = case.ran_and_passed and (previous is None or previous.passed)
        results[key] = TestResult(passed, requirements | (previous.requirements if previous else set()))
    return results


@dataclass
class GoalResult:
    proved: bool
    prover: str
    time: float
    theorem: bool = True  # False for bookkeeping goals (tools/proofslib/kinds.py), which prove no requirement


def read_proof_results(path: str) -> Dict[str, List[GoalResult]]:
    """'<file>:<Module>' and '<file>:<Module>.<goal>' -> goal results.

    Schema: {"goals": [{"file", "module", "goal", "kind": "theorem"|"bookkeeping",
                        "status": "proved"|..., "prover", "time"}]}.
    """
    results: Dict[str, List[GoalResult]] = {}
    for goal in read_replay(path)["goals"]:
        result = GoalResult(goal.get("status") == "proved", goal.get("prover", ""), float(goal.get("time", 0.0)),
                            goal.get("kind", "theorem") != "bookkeeping")
        module_key = f"{goal['file']}:{goal['module']}"
        results.setdefault(module_key, []).append(result)
        results.setdefault(f"{module_key}.{goal['goal']}", []).append(result)
    return results
