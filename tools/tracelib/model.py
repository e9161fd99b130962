"""Builds the trace: each requirement with its coverage, the defects, and the verdicts."""
from dataclasses import dataclass, field
from typing import Dict, List, Optional

from .build_files import unbuilt_sources
from .core_code import core_code_defects
from .requirements import SpecIndex, read_spec
from .results import GoalResult, TestResult
from .tags import Tag, find_tags
from .upstream import UpstreamTable, read_upstream


@dataclass
class Defect:
    kind: str
    detail: str
    location: str = ""

    def line(self) -> str:
        where = f" ({self.location})" if self.location else ""
        return f"DEFECT {self.kind}: {self.detail}{where}"


@dataclass
class Coverage:
    impl: List[Tag] = field(default_factory=list)
    utest: List[Tag] = field(default_factory=list)
    proof: List[Tag] = field(default_factory=list)
    inspection: List[str] = field(default_factory=list)          # file:line of each Covers line (exports)
    inspection_records: List[str] = field(default_factory=list)  # file:inspection~name~rev (committed matrix)


@dataclass
class Trace:
    spec: SpecIndex
    tags: List[Tag]
    coverage: Dict[str, Coverage]
    defects: List[Defect]
    upstream: List[UpstreamTable] = field(default_factory=list)  # spec/upstream-*.md


def build_trace(root: str) -> Trace:
    spec = read_spec(root)
    tags = find_tags(root)
    unbuilt = unbuilt_sources(root, {tag.path for tag in tags})
    coverage = {name: Coverage() for name in spec.requirements}
    defects: List[Defect] = []
    for name, location in spec.duplicates:
        defects.append(Defect("duplicate-requirement", f"{name.upper()} is defined twice", location))
    for detail, location in spec.malformed:
        defects.append(Defect("malformed-requirement", detail, location))
    for detail, location in spec.incomplete_inspections:
        defects.append(Defect("incomplete-inspection", detail, location))
    for tag in tags:
        where = f"{tag.path}:{tag.line}"
        requirement = spec.requirements.get(tag.name)
        if requirement is None:
            defects.append(Defect("unknown-requirement", f"{tag.kind} tag points to req~{tag.name}~{tag.revision}",
                                  where))
            continue
        if tag.revision != requirement.revision:
            defects.append(Defect("outdated-revision", f"{tag.kind} tag points to revision {tag.revision} of "
                                  f"{requirement.ident}, which is at revision {requirement.revision}", where))
            continue
        if tag.kind in ("impl", "utest") and tag.path in unbuilt:
            defects.append(Defect("unbuilt-source", f"{tag.kind} tag for {requirement.ident} is in a file that no "
                                  f"CMakeLists.txt builds or includes", where))
            continue
        if tag.kind in ("utest", "proof") and not tag.target:
            defects.append(Defect("unbound-tag", f"{tag.kind} tag for {requirement.ident} is not directly above a "
                                  f"{'TEST' if tag.kind == 'utest' else 'Why3 goal or module'}", where))
            continue
        getattr(coverage[tag.name], tag.kind).append(tag)
    for name, revision, location, record in spec.inspections:
        requirement = spec.requirements.get(name)
        if requirement is None:
            defects.append(Defect("unknown-requirement", f"inspection covers req~{name}~{revision}", location))
        elif revision != requirement.revision:
            defects.append(Defect("outdated-revision", f"inspection covers revision {revision} of {requirement.ident}",
                                  location))
        else:
            coverage[name].inspection.append(location)
            coverage[name].inspection_records.append(record)
    for name, requirement in sorted(spec.requirements.items()):
        for need in requirement.needs:
            if not getattr(coverage[name], need, None):
                defects.append(Defect(f"missing-{need}", f"{requirement.ident} has no {need}", requirement.location))
    untagged, invalid_markers = core_code_defects(root)
    for path, line, function, reason in untagged:
        why = f" and is not an exempt helper: {reason}" if reason else ""
        defects.append(Defect("untagged-core-code", f"{function} carries no [impl->...] tag{why}", f"{path}:{line}"))
    for path, line, detail in invalid_markers:
        defects.append(Defect("invalid-helper-marker", detail, f"{path}:{line}"))
    upstream, upstream_defects = read_upstream(root, set(spec.requirements))
    defects += [Defect(kind, detail, location) for kind, detail, location in upstream_defects]
    return Trace(spec, tags, coverage, defects, upstream)


def result_defects(trace: Trace, tests: Optional[Dict[str, TestResult]],
                   proofs: Optional[Dict[str, List[GoalResult]]]) -> List[Defect]:
    """Defects that need results: failed or missing tests, property mismatches, unproved goals."""
    defects: List[Defect] = []
    for name, cover in sorted(trace.coverage.items()):
        ident = name.upper()
        for tag in cover.utest:
            if tests is None:
                break
            result = tests.get(tag.target)
            where = f"{tag.path}:{tag.line}"
            if result is None:
                defects.append(Defect("test-not-run", f"{tag.target} ({ident}) has no result", where))
            elif not result.passed:
                defects.append(Defect("failed-test", f"{tag.target} ({ident}) failed", where))
            elif ident not in result.requirements:
                defects.append(Defect("property-mismatch", f"{tag.target} is tagged {ident} but its requirements "
                                      f"property is {sorted(result.requirements)}", where))
        for tag in cover.proof:
            if proofs is None:
                break
            goals = proofs.get(tag.target)
            where = f"{tag.path}:{tag.line}"
            if not goals:
                defects.append(Defect("proof-not-run", f"{tag.target} ({ident}) has no replay result", where))
            elif not all(goal.proved for goal in goals):
                defects.append(Defect("unproved-goal", f"{tag.target} ({ident}) has unproved goals", where))
            elif not any(goal.theorem for goal in goals):
                defects.append(Defect("bookkeeping-proof", f"{tag.target} ({ident}) binds only bookkeeping goals "
                                      "(constants, definitions): they state no requirement", where))
    return defects


def verdict(trace: Trace, name: str, tests: Optional[Dict[str, TestResult]],
            proofs: Optional[Dict[str, List[GoalResult]]]) -> str:
    """verified, partially verified or not verified."""
    requirement = trace.spec.requirements[name]
    cover = trace.coverage[name]
    satisfied = 0
    for need in requirement.needs:
        present = getattr(cover, need)
        if not present:
            continue
        if need == "utest" and tests is not None:
            if not all(tests.get(t.target) is not None and tests[t.target].passed for t in present):
                continue
        if need == "proof" and proofs is not None:
            if not all(proofs.get(t.target) and all(g.proved for g in proofs[t.target]) and
                       any(g.theorem for g in proofs[t.target]) for t in present):
                continue
        if need == "utest" and tests is None:
            continue  # without results, a test is present but not verified
        if need == "proof" and proofs is None:
            continue
        satisfied += 1
    if satisfied == len(requirement.needs) and requirement.needs:
        return "verified"
    partly = satisfied > 0 or any(getattr(cover, n) for n in requirement.needs)
    return "partially verified" if partly else "not verified"
