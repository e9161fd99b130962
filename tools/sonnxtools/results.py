"""The one reader of test and proof results, for every command of tools/.

It reads GoogleTest's XML (`--gtest_output=xml`, and tests/tools/run_unittests.py's imitation of it),
pytest's JUnit XML, ctest's JUnit XML (`ctest --output-junit`) and the proof replay's JSON
(`tools/proofs replay --json`) into one data model: a Case per test case, with its outcome and its
properties; the replay as its checked JSON object.

The rule, the same for every reader and every step: a results file that is missing, empty,
unreadable, truncated or otherwise malformed (not well-formed XML, an XML root element other than
<testsuites> or <testsuite>, a replay JSON without its list of goals or with a goal lacking a field),
or a results folder that is missing or holds no result file, raises ResultsError, which names the
file and what is wrong with it. No reader skips such a file, or returns an empty verdict or None for
it: the step that needed the results fails, and says which file and why.

A case's outcome: `failed` when it has a <failure> (or ctest's status="fail"), `errored` when it has
an <error> (pytest's errors in set-up or tear-down), `skipped` when it did not run (GoogleTest's
status="notrun" or result="skipped", pytest's and ctest's <skipped>, ctest's status="disabled" or
"notrun"), `passed` otherwise. An errored case counts as failed wherever a verdict is given.
"""
import glob
import json
import os
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field
from typing import Any, Dict, List, Tuple

XML_ROOTS = ("testsuites", "testsuite")
GOAL_FIELDS = ("file", "module", "goal", "status")


class ResultsError(Exception):
    """A results file (or folder) the step needed that is missing, empty, unreadable or malformed."""

    def __init__(self, path: str, problem: str):
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


@dataclass
class Case:
    source: str   # the result file's name without .xml: the GoogleTest binary, or the ctest run
    suite: str    # classname: GoogleTest's suite (Prefix/Suite for TEST_P), pytest's module.Class
    name: str
    outcome: str  # passed, failed, errored, skipped
    properties: List[Tuple[str, str]] = field(default_factory=list)  # (name, value), in file order

    @property
    def verdict(self) -> str:
        """passed, failed or skipped: an errored case failed."""
        return "failed" if self.outcome == "errored" else self.outcome

    @property
    def ran_and_passed(self) -> bool:
        return self.outcome == "passed"

    def value(self, name: str, default: str = "") -> str:
        """The value of the last property of that name."""
        values = [value for key, value in self.properties if key == name]
        return values[-1] if values else default

    def has_property(self, name: str) -> bool:
        return any(key == name for key, _ in self.properties)

    @property
    def requirements(self) -> str:
        """The "requirements" properties, joined with commas (as RecordProperty writes them)."""
        return ",".join(value for key, value in self.properties if key == "requirements")


# [impl->req~div-tq-d5~1]
def _outcome(case: ElementTree.Element) -> str:
    if case.find("failure") is not None or case.get("status") == "fail":
        return "failed"
    if case.find("error") is not None:
        return "errored"
    if (case.find("skipped") is not None or case.get("result") == "skipped"
            or case.get("status") in ("notrun", "disabled")):
        return "skipped"
    return "passed"


def _check_file(path: str) -> None:
    if not os.path.exists(path):
        raise ResultsError(path, "missing")
    if not os.path.isfile(path):
        raise ResultsError(path, "not a file")
    try:
        size = os.path.getsize(path)
    except OSError as error:
        raise ResultsError(path, f"unreadable ({error.strerror})") from error
    if size == 0:
        raise ResultsError(path, "empty")


# [impl->req~div-tq-d5~1]
def read_xml(path: str) -> List[Case]:
    """Every test case of one XML results file (GoogleTest, pytest or ctest JUnit), in file order."""
    _check_file(path)
    try:
        root = ElementTree.parse(path).getroot()
    except ElementTree.ParseError as error:
        raise ResultsError(path, f"malformed XML, truncated or damaged ({error})") from error
    except OSError as error:
        raise ResultsError(path, f"unreadable ({error.strerror})") from error
    if root.tag not in XML_ROOTS:
        raise ResultsError(path, f"root element <{root.tag}>, not <testsuites> or <testsuite>")
    source = os.path.splitext(os.path.basename(path))[0]
    return [Case(source, case.get("classname", ""), case.get("name", ""), _outcome(case),
                 [(p.get("name", ""), p.get("value", "")) for p in case.iter("property")])
            for case in root.iter("testcase")]


# [impl->req~div-tq-d5~1]
def read_xml_dir(directory: str) -> List[Case]:
    """Every case of every *.xml in a folder, files in name order. A folder that is missing or holds no
    result file is an error, as is any file in it that read_xml refuses."""
    if not os.path.isdir(directory):
        raise ResultsError(directory, "missing (no results folder)")
    files = sorted(glob.glob(os.path.join(directory, "*.xml")))
    if not files:
        raise ResultsError(directory, "holds no result file (*.xml)")
    cases: List[Case] = []
    for path in files:
        cases += read_xml(path)
    return cases


# [impl->req~div-tq-d5~1]
def read_json(path: str) -> Any:
    """A results file's JSON; missing, empty, unreadable or malformed is a ResultsError. What it must hold
    is its reader's to check."""
    _check_file(path)
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except ValueError as error:
        raise ResultsError(path, f"malformed JSON, truncated or damaged ({error})") from error
    except OSError as error:
        raise ResultsError(path, f"unreadable ({error.strerror})") from error
    return data


# [impl->req~div-tq-d5~1]
def read_replay(path: str) -> Dict[str, Any]:
    """The proof replay's JSON: an object whose "goals" is a list of objects, each with file, module,
    goal and status."""
    data = read_json(path)
    if not isinstance(data, dict) or not isinstance(data.get("goals"), list):
        raise ResultsError(path, "not a proof replay: no list of goals")
    for number, goal in enumerate(data["goals"]):
        if not isinstance(goal, dict) or any(name not in goal for name in GOAL_FIELDS):
            raise ResultsError(path, f"goal {number} lacks one of {', '.join(GOAL_FIELDS)}")
    return data


def count(cases: List[Case]) -> Dict[str, int]:
    """Cases per verdict (passed, failed, skipped; errored ones counted as failed)."""
    return {verdict: sum(1 for c in cases if c.verdict == verdict) for verdict in ("passed", "failed", "skipped")}
