"""The functions of the bundle's steps, which sonnxtools.bundle declares: each takes the Context and
returns its StepResult, with its verdict, figures and artifacts."""
import os
import shutil

from sonnxtools import paths
from sonnxtools.bundle import Context
from sonnxtools.results import ResultsError
from sonnxtools.run import StepResult

from .browser_check import check_in_browser
from .campaigns import run_campaigns
from .coverage import clang_mcdc, gcc_coverage
from .fuzzing import run_fuzzing
from .mutation import run_mutation
from .oracle_agreement import oracle_agreement as agreement_step
from .proof_step import run_proofs
from .qualification import qualification_step
from .stack_coupling import coupling_step, stack_step
from .static_analysis import run_static_analysis
from .targets import targets_step
from .test_report import write_test_report


def setup(ctx: Context) -> StepResult:
    return ctx.runner.run("setup", [[os.path.join(ctx.root, "tools", "setup"), "evidence"]])


def _suite(ctx: Context, preset: str, out: str) -> StepResult:
    """Builds a preset and runs its ctest suite, keeping JUnit and GoogleTest XML."""
    out_dir = os.path.join(ctx.bundle, out)
    os.makedirs(out_dir, exist_ok=True)
    jobs = paths.jobs()
    results = paths.test_results(preset, ctx.root)
    shutil.rmtree(results, ignore_errors=True)
    junit = os.path.join(out_dir, "ctest-junit.xml")
    step = ctx.runner.run(f"suite-{preset}", [
        ["cmake", "--preset", preset],
        ["cmake", "--build", "--preset", preset, "-j", jobs],
        ["ctest", "--preset", preset, "-j", jobs, "--output-junit", junit],
    ])
    if os.path.isdir(results):
        shutil.copytree(results, os.path.join(out_dir, "gtest"), dirs_exist_ok=True)
    step.artifacts = [os.path.join(out, "ctest-junit.xml")] if os.path.exists(junit) else []
    artifacts, step.detail, readable = write_test_report(ctx.bundle, out, ctx.root, f"Test results: {preset} preset")
    step.artifacts = artifacts + step.artifacts
    step.ok = step.ok and readable
    return step


def suite_release(ctx: Context) -> StepResult:
    return _suite(ctx, "release", "tests")


def suite_asan(ctx: Context) -> StepResult:
    return _suite(ctx, "asan", "sanitizers")


def stack(ctx: Context) -> StepResult:
    return stack_step(ctx.runner, ctx.root)


def coupling(ctx: Context) -> StepResult:
    return coupling_step(ctx.runner, ctx.root)


def targets(ctx: Context) -> StepResult:
    return targets_step(ctx.runner, ctx.root, ctx.quick)


def coverage_gcc(ctx: Context) -> StepResult:
    return gcc_coverage(ctx.runner, ctx.root)


def coverage_mcdc(ctx: Context) -> StepResult:
    return clang_mcdc(ctx.runner, ctx.root)


def static_analysis(ctx: Context) -> StepResult:
    return run_static_analysis(ctx.runner, ctx.root)


def fuzzing(ctx: Context) -> StepResult:
    return run_fuzzing(ctx.runner, ctx.root)


def proofs(ctx: Context) -> StepResult:
    return run_proofs(ctx.runner, ctx.root)


def mutation(ctx: Context) -> StepResult:
    return run_mutation(ctx.runner, ctx.root)


EXHAUSTIVE_XML = os.path.join("campaigns", "test_campaign_exhaustive.xml")


def campaigns_exhaustive(ctx: Context) -> StepResult:
    """All 2^32 pairs of FP16 and BF16 against the MPFR oracle, and of INT16 (floor and trunc) and
    UINT16 against the GMP oracle and the extracted Why3 integer model, the FP16/BF16 flags of all
    2^32 pairs on the release core and on the baseline-x86-64 core, and the FP16 SMT-LIB proof
    (ctest label exhaustive);
    the step's detail lists each campaign's pairs, mismatches and seconds."""
    out_dir = os.path.join(ctx.bundle, "campaigns")
    os.makedirs(out_dir, exist_ok=True)
    build = paths.build_dir("release", ctx.root)
    step = ctx.runner.run("campaigns-exhaustive", [
        ["ctest", "--test-dir", build, "-L", "exhaustive", "-V", "--output-junit",
         os.path.join(out_dir, "ctest-junit.xml")]])
    xml = os.path.join(paths.test_results("release", ctx.root), "test_campaign_exhaustive.xml")
    if os.path.exists(xml):
        shutil.copy(xml, os.path.join(ctx.bundle, EXHAUSTIVE_XML))
        step.artifacts = [EXHAUSTIVE_XML]
    with open(os.path.join(ctx.bundle, step.log), encoding="utf-8") as log:
        lines = [line.split(": ", 1)[-1].strip() for line in log if " pairs, " in line and "mismatches" in line]
    step.detail = "; ".join(lines)
    if not os.path.exists(xml):
        step.ok = False
        step.detail += ("; " if step.detail else "") + f"FAILED: {ResultsError(xml, 'missing')}"
    return step


def oracle_agreement(ctx: Context) -> StepResult:
    return agreement_step(ctx.bundle, ctx.root, exhaustive_expected=not ctx.quick)


def campaigns(ctx: Context) -> StepResult:
    """The quick campaigns, with the exhaustive 16-bit results when the exhaustive step ran."""
    ran = "campaigns-exhaustive" in ctx.done
    return run_campaigns(ctx.runner, ctx.root, os.path.join(ctx.bundle, EXHAUSTIVE_XML) if ran else None)


def api_reference(ctx: Context) -> StepResult:
    """The API reference (Doxygen over include/sonnx/, warnings as errors: an undocumented public name fails
    the build) and the man page, built by the release preset's docs target, copied into api/."""
    build = os.path.join(ctx.root, "build", "release", "docs")
    step = ctx.runner.run("api-reference", [["cmake", "--build", "--preset", "release", "--target", "docs"]])
    target = os.path.join(ctx.bundle, "api")
    shutil.rmtree(target, ignore_errors=True)
    html, man = os.path.join(build, "api", "html"), os.path.join(build, "sonnx-div.1")
    present = os.path.isfile(os.path.join(html, "index.html")) and os.path.isfile(man)
    if step.ok and present:
        shutil.copytree(html, os.path.join(target, "html"))
        shutil.copyfile(man, os.path.join(target, "sonnx-div.1"))
        step.artifacts = ["api/html/index.html", "api/sonnx-div.1"]
        step.detail = "the API reference of include/sonnx/ (Doxygen, warning-free) and the man page sonnx-div(1)"
    else:
        step.ok = False
        step.detail = "the API reference or the man page was not built (see the log)"
    return step


def qualification(ctx: Context) -> StepResult:
    return qualification_step(ctx.bundle)


def trace(ctx: Context) -> StepResult:
    """tools/trace export, then check, with the release suite's results and the bundle's own replay
    results (so that the matrix and the goal table agree)."""
    tool = os.path.join(ctx.root, "tools", "trace")
    inputs = ["--results", paths.test_results("release", ctx.root),
              "--proofs", os.path.join(ctx.bundle, "proofs", "replay.json")]
    # Every tagged test must have run, except what --quick leaves out on purpose.
    allowed = ["--may-not-run-exhaustive"] if ctx.quick else []
    # Export first: the report exists even when the check then fails.
    step = ctx.runner.run("trace", [[tool, "export", "--out", os.path.join(ctx.bundle, "trace")] + inputs,
                                    [tool, "check"] + inputs + allowed])
    step.artifacts = ["trace/trace.html", "trace/trace.json"]
    with open(os.path.join(ctx.bundle, step.log), encoding="utf-8") as log:
        summaries = [line.strip() for line in log if line.startswith("trace check:")]
    step.detail = summaries[-1][len("trace check: "):] if summaries else ""
    return step


def browser_check(ctx: Context) -> StepResult:
    return check_in_browser(ctx.bundle)
