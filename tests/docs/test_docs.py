"""Tests of the documentation (spec/documentation.md, DIV-DOC-D1 ... D6): the README, the guides' links and
command blocks, docs/cli.md and the man page against `sonnx-div --help`, the man page's rendering and install,
the Doxygen API reference, the figures and the version. Each check is also shown to fail on a seeded fault.

Run by ctest (tests/docs/CMakeLists.txt, label docs) through tests/tools/run_unittests.py, which writes the
results as GoogleTest XML for the trace. The build's files come from the environment ctest sets; run by hand,
they default to build/release's."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import doclib  # noqa: E402
from doclib import ROOT  # noqa: E402

BUILD = os.environ.get("SONNX_BUILD_DIR", os.path.join(ROOT, "build", "release"))
SONNX_DIV = os.environ.get("SONNX_DIV", os.path.join(BUILD, "src", "cli", "sonnx-div"))
PYTHON = os.environ.get("SONNX_PYTHON", "/usr/bin/python3")
PYTHON_DIR = os.environ.get("SONNX_PYTHON_DIR", os.path.join(BUILD, "src", "python"))
CORE_LIBRARY = os.environ.get("SONNX_CORE_LIBRARY", os.path.join(BUILD, "src", "core", "libsonnx_core.a"))
COMPILER = os.environ.get("SONNX_CXX", "g++")
MAN_PAGE = os.environ.get("SONNX_MAN_PAGE", os.path.join(BUILD, "docs", "sonnx-div.1"))
DOXYFILE = os.environ.get("SONNX_DOXYFILE", os.path.join(BUILD, "docs", "Doxyfile"))
API_REFERENCE = os.environ.get("SONNX_API_REFERENCE", os.path.join(BUILD, "docs", "api", "html", "index.html"))


def copy_docs(into: str) -> None:
    """README.md, CHANGELOG.md and docs/ copied, where a seeded fault can be put; the rest of the repository
    (what they link) as symbolic links to it."""
    for name in sorted(os.listdir(ROOT)):
        if name in (".git", "build") or name.startswith("build"):
            continue
        source = os.path.join(ROOT, name)
        if name in ("README.md", "CHANGELOG.md"):
            shutil.copy(source, os.path.join(into, name))
        elif name == "docs":
            shutil.copytree(source, os.path.join(into, name))
        else:
            os.symlink(source, os.path.join(into, name))


def replace_in(path: str, old: str, new: str, count: int = 1) -> None:
    text = doclib.read(path)
    assert old in text, f"{old!r} is not in {path}: the seeded fault needs it"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text.replace(old, new, count) if count else text.replace(old, new))


class DocsReadme(unittest.TestCase):
    """The README: short, with the two quick-start commands, linking every guide (DIV-DOC-D1)."""
    REQUIREMENTS = "DIV-DOC-D1"

    # [utest->req~div-doc-d1~1]
    def test_at_most_150_lines_with_both_commands_and_every_guide_linked(self):
        self.assertEqual(doclib.check_readme(doclib.read(os.path.join(ROOT, "README.md"))), [])
        for guide in doclib.GUIDES:
            self.assertTrue(os.path.isfile(os.path.join(ROOT, "docs", guide)), guide)

    # [utest->req~div-doc-d1~1]
    def test_a_seeded_long_readme_a_changed_command_and_an_unlinked_guide_fail(self):
        text = doclib.read(os.path.join(ROOT, "README.md"))
        lines = text.split("\n")
        padded = "\n".join(lines[:-1] + ["padding"] * (doclib.README_MAX_LINES + 1 - (len(lines) - 1))) + "\n"
        self.assertTrue(any("more than 150" in p for p in doclib.check_readme(padded)))
        changed = text.replace(doclib.QUICK_START[1], doclib.QUICK_START[1].replace("tools/test ", "tools/test2"))
        self.assertTrue(any("quick-start line" in p for p in doclib.check_readme(changed)))
        unlinked = text.replace("(docs/proofs.md)", "(docs/)")
        self.assertIn("README.md does not link docs/proofs.md", doclib.check_readme(unlinked))


class DocsLinks(unittest.TestCase):
    """Every relative link of README.md, CHANGELOG.md and docs/*.md resolves, anchors included (DIV-DOC-D2)."""
    REQUIREMENTS = "DIV-DOC-D2"

    # [utest->req~div-doc-d2~1]
    def test_every_relative_link_resolves(self):
        self.assertEqual(doclib.check_links(ROOT, doclib.doc_files(ROOT)), [])

    # [utest->req~div-doc-d2~1]
    def test_a_seeded_broken_link_and_a_seeded_broken_anchor_are_found(self):
        with tempfile.TemporaryDirectory() as copy:
            copy_docs(copy)
            self.assertEqual(doclib.check_links(copy, doclib.doc_files(copy)), [])
            replace_in(os.path.join(copy, "docs", "cli.md"), "(../spec/cli.md)", "(../spec/no-such-file.md)")
            replace_in(os.path.join(copy, "docs", "api.md"), "(semantics.md)", "(semantics.md#no-such-heading)")
            problems = doclib.check_links(copy, doclib.doc_files(copy))
            self.assertEqual(len(problems), 2, problems)
            self.assertIn("docs/cli.md", problems[0] + problems[1])
            self.assertTrue(any("spec/no-such-file.md does not exist" in p for p in problems), problems)
            self.assertTrue(any("has no heading #no-such-heading" in p for p in problems), problems)

    # [utest->req~div-doc-d2~1]
    def test_anchors_are_githubs(self):
        self.assertEqual(doclib.slug("`sonnx-div merge`"), "sonnx-div-merge")
        self.assertEqual(doclib.slug("The runtime harness: `tools/runtimes`"), "the-runtime-harness-toolsruntimes")
        self.assertEqual(doclib.slug("1. Certification evidence"), "1-certification-evidence")
        self.assertEqual(doclib.anchors("# A\n## A\n```\n# not a heading\n```\n"), ["a", "a-1"])


class DocsCommandBlocks(unittest.TestCase):
    """Every fenced block is run by a test or marked illustrative; the runnable ones run against the build
    (DIV-DOC-D3)."""
    REQUIREMENTS = "DIV-DOC-D3"

    # [utest->req~div-doc-d3~1]
    def test_every_block_is_runnable_or_illustrative(self):
        self.assertEqual(doclib.check_block_markers(ROOT, doclib.doc_files(ROOT)), [])

    # [utest->req~div-doc-d3~1]
    def test_the_runnable_blocks_run_against_the_build(self):
        tools = doclib.BuildTools(SONNX_DIV, PYTHON, PYTHON_DIR, CORE_LIBRARY, COMPILER)
        total = 0
        for relative in doclib.doc_files(ROOT):
            with self.subTest(file=relative):
                count, problems = doclib.run_blocks(ROOT, relative, tools)
                total += count
                self.assertEqual(problems, [])
        self.assertGreaterEqual(total, 15, "fewer runnable blocks than the guides hold")

    # [utest->req~div-doc-d3~1]
    def test_a_seeded_unmarked_block_and_a_seeded_failing_block_are_found(self):
        text = "# T\n\n```sh\necho unmarked\n```\n\n<!-- test: t-fails -->\n```sh\nsonnx-div div\n```\n\n" \
               "<!-- test: t-ok exit=2 -->\n```sh\nsonnx-div div\n```\n\n<!-- illustrative -->\n```sh\nrm -rf /\n```\n"
        with tempfile.TemporaryDirectory() as copy:
            os.makedirs(os.path.join(copy, "docs"))
            with open(os.path.join(copy, "docs", "t.md"), "w", encoding="utf-8") as handle:
                handle.write(text)
            problems = doclib.check_block_markers(copy, [os.path.join("docs", "t.md")])
            self.assertEqual(len(problems), 1, problems)
            self.assertIn("docs/t.md:3", problems[0])
            tools = doclib.BuildTools(SONNX_DIV, PYTHON, PYTHON_DIR, CORE_LIBRARY, COMPILER)
            count, problems = doclib.run_blocks(copy, os.path.join("docs", "t.md"), tools)
            self.assertEqual(count, 2)
            self.assertEqual(len(problems), 1, problems)
            self.assertIn("block 't-fails' exited 2, not 0", problems[0])


class DocsOptions(unittest.TestCase):
    """docs/cli.md and the man page hold every option each command's --help prints (DIV-DOC-D4)."""
    REQUIREMENTS = "DIV-DOC-D4"

    @classmethod
    def setUpClass(cls):
        cls.options = doclib.help_options(SONNX_DIV)

    # [utest->req~div-doc-d4~1]
    def test_help_is_read(self):
        self.assertIn("--out", self.options["div"])
        self.assertIn("-o", self.options["div"])
        self.assertIn("--worst", self.options["check"])
        self.assertIn("--version", self.options[""])
        self.assertEqual(set(self.options), {""} | set(doclib.COMMANDS))

    # [utest->req~div-doc-d4~1]
    def test_every_option_of_help_is_in_cli_md(self):
        self.assertEqual(doclib.check_cli_markdown(doclib.read(os.path.join(ROOT, "docs", "cli.md")),
                                                   self.options), [])

    # [utest->req~div-doc-d4~1]
    def test_every_option_of_help_is_in_the_man_page(self):
        status, text, _ = doclib.render_man(MAN_PAGE)
        self.assertEqual(status, 0)
        self.assertEqual(doclib.check_man_page(text, self.options), [])

    # [utest->req~div-doc-d4~1]
    def test_a_seeded_undocumented_option_fails_in_cli_md_and_in_the_man_page(self):
        text = doclib.read(os.path.join(ROOT, "docs", "cli.md"))
        sections = doclib.markdown_command_sections(text)
        seeded = text.replace(sections["check"], sections["check"].replace("`--worst K`", "`K`"))
        self.assertEqual(doclib.check_cli_markdown(seeded, self.options),
                         ["docs/cli.md: sonnx-div check --worst (in --help) is missing from its section"])
        with tempfile.TemporaryDirectory() as copy:
            page = os.path.join(copy, "sonnx-div.1")
            with open(page, "w", encoding="utf-8") as handle:
                handle.write(doclib.read(MAN_PAGE).replace(".BI \\-\\-worst \" K\"", ".BI \\-\\-last \" K\""))
            _, rendered, _ = doclib.render_man(page)
            self.assertEqual(doclib.check_man_page(rendered, self.options),
                             ["sonnx-div.1: sonnx-div check --worst (in --help) is missing from its subsection"])


class DocsManPage(unittest.TestCase):
    """sonnx-div(1) renders with man -l without a warning, and cmake --install puts it where man finds it
    (DIV-DOC-D4)."""
    REQUIREMENTS = "DIV-DOC-D4"

    # [utest->req~div-doc-d4~1]
    def test_renders_without_warnings_with_the_project_version(self):
        status, text, warnings = doclib.render_man(MAN_PAGE)
        self.assertEqual((status, warnings), (0, ""))
        self.assertIn("SONNX-DIV(1)", text)
        self.assertIn("sonnx-div " + doclib.project_version(), text)
        for section in ("NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXIT STATUS", "EXAMPLES"):
            self.assertRegex(text, re.compile("^" + section + "$", re.MULTILINE))

    # [utest->req~div-doc-d4~1]
    def test_a_seeded_roff_error_is_a_warning(self):
        with tempfile.TemporaryDirectory() as copy:
            page = os.path.join(copy, "sonnx-div.1")
            with open(page, "w", encoding="utf-8") as handle:
                handle.write(doclib.read(MAN_PAGE).replace(".SH EXIT STATUS", ".SH EXIT STATUS\n.XYZ an undefined macro"))
            _, _, warnings = doclib.render_man(page)
            self.assertNotEqual(warnings, "")

    # [utest->req~div-doc-d4~1]
    def test_cmake_install_puts_it_where_man_finds_it(self):
        with tempfile.TemporaryDirectory() as prefix:
            subprocess.run(["cmake", "--install", BUILD, "--prefix", prefix, "--component", "Unspecified"],
                           check=True, capture_output=True, text=True, timeout=300)
            installed = os.path.join(prefix, "share", "man", "man1", "sonnx-div.1")
            self.assertTrue(os.path.isfile(installed))
            self.assertTrue(os.path.isfile(os.path.join(prefix, "bin", "sonnx-div")))
            env = dict(os.environ, MANPATH=os.path.join(prefix, "share", "man"), LC_ALL="C", MANWIDTH="100")
            shown = subprocess.run(["man", "-E", "ascii", "sonnx-div"], capture_output=True, text=True, env=env,
                                   timeout=120)
            self.assertEqual(shown.returncode, 0, shown.stderr)
            self.assertIn("sonnx-div - the ONNX Div operator", re.sub(r".\x08", "", shown.stdout))


@unittest.skipUnless(os.path.exists(DOXYFILE), "the build has no Doxyfile: SONNX_BUILD_DOCS is OFF (no doxygen)")
class DocsApiReference(unittest.TestCase):
    """Doxygen documents every public name of include/sonnx/ warning-free; an undocumented one fails
    (DIV-DOC-D5)."""
    REQUIREMENTS = "DIV-DOC-D5"

    def doxygen(self, include: str, out: str):
        configuration = doclib.read(DOXYFILE)
        configuration = re.sub(r"^OUTPUT_DIRECTORY\s*=.*$", "OUTPUT_DIRECTORY = " + out, configuration,
                               flags=re.MULTILINE)
        configuration = configuration.replace(os.path.join(ROOT, "include", "sonnx"), include)
        configuration = re.sub(r"^(STRIP_FROM(?:_INC)?_PATH)\s*=.*$", r"\1 = " + os.path.dirname(include),
                               configuration, flags=re.MULTILINE)
        path = os.path.join(out, "Doxyfile")
        os.makedirs(out, exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(configuration)
        return subprocess.run(["doxygen", path], capture_output=True, text=True, timeout=600)

    # [utest->req~div-doc-d5~1]
    def test_the_build_made_the_reference_and_doxygen_is_warning_free(self):
        self.assertTrue(os.path.isfile(API_REFERENCE), API_REFERENCE)
        configuration = doclib.read(DOXYFILE)
        for setting in ("WARN_IF_UNDOCUMENTED   = YES", "WARN_AS_ERROR          = FAIL_ON_WARNINGS",
                        "EXTRACT_ALL            = NO"):
            self.assertIn(setting, configuration)
        with tempfile.TemporaryDirectory() as out:
            done = self.doxygen(os.path.join(ROOT, "include", "sonnx"), out)
            self.assertEqual((done.returncode, done.stderr), (0, ""))
            self.assertTrue(os.path.isfile(os.path.join(out, "html", "classsonnx_1_1check_1_1Sha256.html")))

    # [utest->req~div-doc-d5~1]
    def test_a_seeded_undocumented_public_name_fails(self):
        with tempfile.TemporaryDirectory() as out:
            include = os.path.join(out, "include", "sonnx")
            shutil.copytree(os.path.join(ROOT, "include", "sonnx"), include)
            replace_in(os.path.join(include, "div.hpp"), "}  // namespace sonnx",
                       "[[nodiscard]] int seeded_undocumented_name() noexcept;\n\n}  // namespace sonnx")
            done = self.doxygen(include, os.path.join(out, "api"))
            self.assertNotEqual(done.returncode, 0)
            self.assertIn("seeded_undocumented_name", done.stderr)
            self.assertIn("is not documented", done.stderr)


class DocsFigures(unittest.TestCase):
    """Measured figures live where they are made; the version has one source (DIV-DOC-D6)."""
    REQUIREMENTS = "DIV-DOC-D6"

    # [utest->req~div-doc-d6~2]
    def test_no_dated_figure_outside_measurements_md(self):
        self.assertEqual(doclib.check_no_dated_figures(ROOT, doclib.doc_files(ROOT)), [])
        seeded = "docs/x.md"
        with tempfile.TemporaryDirectory() as copy:
            os.makedirs(os.path.join(copy, "docs"))
            with open(os.path.join(copy, seeded), "w", encoding="utf-8") as handle:
                handle.write("# X\n\nMeasured 2026-11-24 on the VM: 0.21 s.\n\n`2026-11-24` in code is no figure.\n")
            self.assertEqual(doclib.check_no_dated_figures(copy, [seeded]),
                             ["docs/x.md:3: a dated figure (2026-11-24) outside docs/measurements.md"])

    # [utest->req~div-doc-d6~2]
    def test_every_measurement_names_its_command_machine_and_date(self):
        text = doclib.read(os.path.join(ROOT, "docs", "measurements.md"))
        self.assertEqual(doclib.check_measurements(text), [])
        first = re.search(r"^Machine:.*$", text, re.MULTILINE).group(0)
        self.assertEqual(len(doclib.check_measurements(text.replace(first, "", 1))), 1)

    # [utest->req~div-doc-d6~2]
    def test_the_changelogs_latest_version_is_the_projects(self):
        version = doclib.project_version()
        self.assertRegex(version, r"^\d+\.\d+\.\d+$")
        text = doclib.read(os.path.join(ROOT, "CHANGELOG.md"))
        self.assertEqual(doclib.check_changelog(text, version), [])
        self.assertEqual(len(doclib.check_changelog(text, "9.9.9")), 1)
        version_text = subprocess.run([SONNX_DIV, "--version"], capture_output=True, text=True,
                                      check=True).stdout
        self.assertTrue(version_text.startswith(f"sonnx-div {version} "), version_text)

    # [utest->req~div-doc-d6~2]
    def test_the_objectives_table_is_the_step_lists(self):
        text = doclib.read(os.path.join(ROOT, "docs", "certification.md"))
        self.assertEqual(doclib.check_objectives_table(text), [])
        seeded = text.replace("src/core/ only", "src/core/ and src/check/", 1)
        self.assertNotEqual(seeded, text, "the seeded fault needs the static-analysis limit")
        self.assertEqual(len(doclib.check_objectives_table(seeded)), 1)
        self.assertEqual(len(doclib.check_objectives_table(text.replace("<!-- end of objectives -->", ""))), 1)


if __name__ == "__main__":
    unittest.main()
