"""The checks of the documentation (spec/documentation.md, DIV-DOC-D1 ... D6), as functions of the text they
read, so that the tests can run each on the real files and on copies with a seeded fault.

Every check returns a list of problems, each a sentence naming the file (and line) at fault; [] means it holds.
"""
import html
import os
import re
import shutil
import subprocess
import tempfile
from html.parser import HTMLParser
from typing import Dict, List, Optional, Sequence, Tuple

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

# The guides the README must link (issue #36), each a file of docs/.
GUIDES = ("certification.md", "checking-a-runtime.md", "cli.md", "api.md", "semantics.md", "proofs.md",
          "accuracy.md", "design.md", "contributing.md", "measurements.md")
README_MAX_LINES = 150
QUICK_START = (
    "tools/evidence    # installs what is missing, builds, tests, proves, measures; writes evidence/index.html",
    "tools/test        # installs what is missing, builds with -Werror, runs the whole suite",
)
COMMANDS = ("div", "check", "real", "campaign", "onnx-test", "merge")

FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})(?P<info>[^`]*)$")
MARKER = re.compile(r"^<!--\s*(?P<kind>test|illustrative)\b(?P<rest>.*?)-->\s*$")
TEST_ID = re.compile(r"^:\s*(?P<id>[a-z0-9][a-z0-9-]*)(?P<options>(?:\s+[a-z]+=\S+)*)\s*$")
INLINE_LINK = re.compile(r"(?<!!)\[(?P<text>[^\]\n]*)\]\((?P<target>[^)\s]+)(?:\s+\"[^\"]*\")?\)")
IMAGE_LINK = re.compile(r"!\[[^\]\n]*\]\((?P<target>[^)\s]+)\)")
REFERENCE_DEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(?P<target>\S+)", re.MULTILINE)
HREF = re.compile(r"<a\s[^>]*href=\"(?P<target>[^\"]+)\"", re.IGNORECASE)
HEADING = re.compile(r"^(?P<hashes>#{1,6})\s+(?P<text>.+?)\s*#*\s*$")
FULL_DATE = re.compile(r"\b20\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])\b")


def read(path: str) -> str:
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def doc_files(root: str = ROOT) -> List[str]:
    """README.md, CHANGELOG.md and docs/*.md, relative to root."""
    files = ["README.md"]
    if os.path.exists(os.path.join(root, "CHANGELOG.md")):
        files.append("CHANGELOG.md")
    docs = os.path.join(root, "docs")
    if os.path.isdir(docs):
        files += sorted(os.path.join("docs", name) for name in os.listdir(docs) if name.endswith(".md"))
    return files


# ---------------------------------------------------------------------------------------------------------------
# Markdown structure: fenced blocks, code spans, headings and their anchors.

def blank_code(text: str, spans: bool = True) -> str:
    """The text with fenced blocks and (with spans) code spans blanked, line for line, so that a link in code is
    not a link and a heading in a block is not a heading."""
    out = []
    fence = None
    for line in text.split("\n"):
        match = FENCE.match(line)
        if fence is None and match:
            fence = match["fence"]
            out.append("")
            continue
        if fence is not None:
            if match and match["fence"].startswith(fence[0]) and len(match["fence"]) >= len(fence) \
                    and not match["info"].strip():
                fence = None
            out.append("")
            continue
        out.append(re.sub(r"(`+)(.+?)\1", lambda m: " " * len(m.group(0)), line) if spans else line)
    return "\n".join(out)


def plain_heading(text: str) -> str:
    """A heading's text as rendered: links reduced to their text, emphasis and code marks removed."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text)
    return text.replace("`", "").replace("**", "").replace("__", "")


def slug(text: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation but '-' and '_' dropped, each space a '-'."""
    text = plain_heading(text).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(text: str) -> List[str]:
    """Every heading's anchor in order, repeated ones numbered as GitHub numbers them (-1, -2, ...)."""
    seen: Dict[str, int] = {}
    found = []
    for line in blank_code(text, spans=False).split("\n"):
        match = HEADING.match(line)
        if not match:
            continue
        base = slug(match["text"])
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.append(base if count == 0 else f"{base}-{count}")
    for match in re.finditer(r"<a\s+(?:id|name)=\"([^\"]+)\"", text):
        found.append(match.group(1))
    return found


def links(text: str) -> List[Tuple[int, str]]:
    """(line, target) of every link outside code: inline, reference definitions and HTML anchors."""
    found = []
    for number, line in enumerate(blank_code(text).split("\n"), start=1):
        for pattern in (INLINE_LINK, IMAGE_LINK, HREF):
            for match in pattern.finditer(line):
                found.append((number, match["target"]))
        match = REFERENCE_DEF.match(line)
        if match:
            found.append((number, match["target"]))
    return found


def is_external(target: str) -> bool:
    return bool(re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE))


def check_links(root: str, files: Sequence[str]) -> List[str]:
    """DIV-DOC-D2: every relative link of the files resolves to a file or folder of root, and every #anchor to a
    heading of the Markdown file it names (GitHub's anchors)."""
    problems = []
    for relative in files:
        text = read(os.path.join(root, relative))
        for number, target in links(text):
            if is_external(target):
                continue
            path, _, fragment = target.partition("#")
            resolved = os.path.normpath(os.path.join(root, os.path.dirname(relative), path)) if path \
                else os.path.join(root, relative)
            where = f"{relative}:{number}: link {target!r}"
            if not resolved.startswith(os.path.abspath(root) + os.sep) and resolved != os.path.abspath(root):
                problems.append(f"{where} leaves the repository")
                continue
            if not os.path.exists(resolved):
                problems.append(f"{where}: {os.path.relpath(resolved, root)} does not exist")
                continue
            if fragment:
                if not resolved.endswith(".md"):
                    problems.append(f"{where}: an anchor into a file that is not Markdown")
                elif fragment not in anchors(read(resolved)):
                    problems.append(f"{where}: {os.path.relpath(resolved, root)} has no heading #{fragment}")
    return problems


# ---------------------------------------------------------------------------------------------------------------
# Command blocks (DIV-DOC-D3): each fenced block is run by the tests or marked illustrative.

class Block:
    def __init__(self, path: str, line: int, language: str, code: str, marker: Optional[str]):
        self.path, self.line, self.language, self.code, self.marker = path, line, language, code, marker
        self.kind = ""
        self.ident = ""
        self.options: Dict[str, str] = {}
        self.problem = ""
        match = MARKER.match(marker or "")
        if not match:
            self.problem = "is neither run by a test (<!-- test: ID -->) nor marked <!-- illustrative -->"
            return
        self.kind = match["kind"]
        if self.kind == "test":
            ident = TEST_ID.match(match["rest"])
            if not ident:
                self.problem = f"has a malformed test marker {marker!r} (<!-- test: ID [exit=N] -->)"
                return
            self.ident = ident["id"]
            self.options = dict(option.split("=", 1) for option in ident["options"].split())
            unknown = set(self.options) - {"exit"}
            if unknown:
                self.problem = f"has unknown marker options {sorted(unknown)}"
            elif language not in RUNNERS:
                self.problem = f"is marked to run but its language {language!r} is not one a test runs " \
                               f"({', '.join(sorted(RUNNERS))})"

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"


def blocks(text: str, path: str) -> List[Block]:
    """The fenced blocks of a Markdown text, each with the marker on the last non-blank line before it."""
    lines = text.split("\n")
    found = []
    index = 0
    while index < len(lines):
        match = FENCE.match(lines[index])
        if not match:
            index += 1
            continue
        fence, language = match["fence"], match["info"].strip().split(" ")[0] if match["info"].strip() else ""
        previous = index - 1
        while previous >= 0 and not lines[previous].strip():
            previous -= 1
        marker = lines[previous].strip() if previous >= 0 and lines[previous].strip().startswith("<!--") else None
        end = index + 1
        while end < len(lines):
            closing = FENCE.match(lines[end])
            if closing and closing["fence"].startswith(fence[0]) and len(closing["fence"]) >= len(fence) \
                    and not closing["info"].strip():
                break
            end += 1
        found.append(Block(path, index + 1, language, "\n".join(lines[index + 1:end]) + "\n", marker))
        index = end + 1
    return found


def check_block_markers(root: str, files: Sequence[str]) -> List[str]:
    problems = []
    idents: Dict[str, str] = {}
    for relative in files:
        for block in blocks(read(os.path.join(root, relative)), relative):
            if block.problem:
                problems.append(f"{block.where}: the {block.language or 'plain'} block {block.problem}")
            elif block.kind == "test":
                if block.ident in idents:
                    problems.append(f"{block.where}: test id {block.ident!r} is also used at {idents[block.ident]}")
                idents[block.ident] = block.where
    return problems


class BuildTools:
    """What the runnable blocks run against: the build's sonnx-div, its Python module, the core library."""

    def __init__(self, sonnx_div: str, python: str, python_dir: str, core_library: str, compiler: str):
        self.sonnx_div, self.python, self.python_dir = sonnx_div, python, python_dir
        self.core_library, self.compiler = core_library, compiler

    def environment(self, bin_dir: str) -> Dict[str, str]:
        os.makedirs(bin_dir, exist_ok=True)
        for name, target in (("sonnx-div", self.sonnx_div), ("python3", self.python)):
            link = os.path.join(bin_dir, name)
            if not os.path.lexists(link):
                os.symlink(target, link)
        env = dict(os.environ)
        env["PATH"] = bin_dir + os.pathsep + env.get("PATH", "")
        env["PYTHONPATH"] = self.python_dir
        env["LC_ALL"] = "C.UTF-8"
        return env


def _run_sh(block: Block, tools: BuildTools, work: str, env: Dict[str, str]) -> Tuple[int, str]:
    script = os.path.join(work, ".block.sh")
    with open(script, "w", encoding="utf-8") as handle:
        handle.write("set -eo pipefail\n" + block.code)
    done = subprocess.run(["bash", script], cwd=work, env=env, capture_output=True, text=True, timeout=600)
    return done.returncode, done.stdout + done.stderr


def _run_python(block: Block, tools: BuildTools, work: str, env: Dict[str, str]) -> Tuple[int, str]:
    script = os.path.join(work, ".block.py")
    with open(script, "w", encoding="utf-8") as handle:
        handle.write(block.code)
    done = subprocess.run([tools.python, script], cwd=work, env=env, capture_output=True, text=True, timeout=600)
    return done.returncode, done.stdout + done.stderr


def _run_cpp(block: Block, tools: BuildTools, work: str, env: Dict[str, str]) -> Tuple[int, str]:
    source = os.path.join(work, ".block.cpp")
    program = os.path.join(work, ".block")
    with open(source, "w", encoding="utf-8") as handle:
        handle.write(block.code)
    compiled = subprocess.run([tools.compiler, "-std=c++17", "-Wall", "-Wextra", "-Werror", "-I",
                               os.path.join(ROOT, "include"), source, tools.core_library, "-o", program],
                              cwd=work, env=env, capture_output=True, text=True, timeout=600)
    if compiled.returncode != 0:
        return 100 + compiled.returncode, "compilation failed:\n" + compiled.stdout + compiled.stderr
    done = subprocess.run([program], cwd=work, env=env, capture_output=True, text=True, timeout=600)
    return done.returncode, done.stdout + done.stderr


RUNNERS = {"sh": _run_sh, "bash": _run_sh, "python": _run_python, "cpp": _run_cpp}


def run_blocks(root: str, relative: str, tools: BuildTools) -> Tuple[int, List[str]]:
    """Runs a file's test blocks in order in one fresh folder (a reader following the page); returns how many
    ran and the problems: a block whose exit status is not the one its marker states (default 0)."""
    problems = []
    count = 0
    with tempfile.TemporaryDirectory(prefix="sonnx-doc-") as work:
        env = tools.environment(os.path.join(work, ".bin"))
        for block in blocks(read(os.path.join(root, relative)), relative):
            if block.kind != "test" or block.problem:
                continue
            count += 1
            expected = int(block.options.get("exit", "0"))
            status, output = RUNNERS[block.language](block, tools, work, env)
            if status != expected:
                problems.append(f"{block.where}: block {block.ident!r} exited {status}, not {expected}:\n"
                                + output[-3000:])
    return count, problems


# ---------------------------------------------------------------------------------------------------------------
# Options (DIV-DOC-D4): every option `sonnx-div <command> --help` prints, in cli.md and in the man page.

OPTION = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)")


def help_options(sonnx_div: str) -> Dict[str, List[str]]:
    """{command: [option, ...]} from each command's --help ('' for the top level): every name of its Options:
    section, short and long, but -h and --help, which every command has."""
    found = {}
    for command in ("",) + COMMANDS:
        arguments = [sonnx_div] + ([command] if command else []) + ["--help"]
        text = subprocess.run(arguments, capture_output=True, text=True, check=True, timeout=60).stdout
        names: List[str] = []
        in_options = False
        for line in text.split("\n"):
            if line.rstrip() == "Options:":
                in_options = True
                continue
            if in_options and line and not line.startswith(" "):
                in_options = False
            if in_options and line.startswith("  ") and not line.startswith("   " + " " * 20):
                first = line.strip().split(" ")[0]
                for name in first.split(","):
                    if name.startswith("-") and name not in ("-h", "--help") and name not in names:
                        names.append(name)
        found[command] = names
    return found


def markdown_command_sections(text: str) -> Dict[str, str]:
    """cli.md's section of each command: from its '## `sonnx-div <command>`' heading to the next '## '."""
    sections: Dict[str, str] = {}
    current = None
    for line in text.split("\n"):
        if line.startswith("## "):
            match = re.match(r"^## `sonnx-div ([a-z-]+)`\s*$", line)
            current = match.group(1) if match else None
            if current:
                sections[current] = ""
            continue
        if current:
            sections[current] += line + "\n"
    return sections


def options_in(text: str) -> List[str]:
    return OPTION.findall(text.replace("\\-", "-"))


def check_cli_markdown(text: str, options: Dict[str, List[str]], name: str = "docs/cli.md") -> List[str]:
    problems = []
    sections = markdown_command_sections(text)
    for command, names in options.items():
        if not command:
            for option in names + ["--help"]:
                if option not in options_in(text):
                    problems.append(f"{name}: sonnx-div {option} is not documented")
            continue
        if command not in sections:
            problems.append(f"{name}: no section '## `sonnx-div {command}`'")
            continue
        present = options_in(sections[command])
        for option in names:
            if option not in present:
                problems.append(f"{name}: sonnx-div {command} {option} (in --help) is missing from its section")
    return problems


def render_man(path: str) -> Tuple[int, str, str]:
    """(status, text, warnings) of man -l on a page, as plain ASCII on a line long enough not to break words."""
    env = dict(os.environ, LC_ALL="C", MANWIDTH="1000", MAN_KEEP_FORMATTING="")
    done = subprocess.run(["man", "--warnings", "-E", "ascii", "-l", path], capture_output=True, text=True,
                          env=env, timeout=120)
    text = re.sub(r".\x08", "", done.stdout)
    return done.returncode, text, done.stderr


def man_command_sections(text: str) -> Dict[str, str]:
    """The rendered man page's subsection of each command (.SS div ...), up to the next subsection or section."""
    sections: Dict[str, str] = {}
    current = None
    for line in text.split("\n"):
        stripped = line.strip()
        if line.startswith("   ") and not line.startswith("    ") and stripped in COMMANDS:
            current = stripped
            sections[current] = ""
            continue
        if line and not line.startswith(" "):
            current = None
            continue
        if current:
            sections[current] += line + "\n"
    return sections


def check_man_page(text: str, options: Dict[str, List[str]], name: str = "sonnx-div.1") -> List[str]:
    problems = []
    sections = man_command_sections(text)
    for command, names in options.items():
        if not command:
            for option in names + ["--help"]:
                if option not in options_in(text):
                    problems.append(f"{name}: sonnx-div {option} is not documented")
            continue
        if command not in sections:
            problems.append(f"{name}: no subsection for the command {command}")
            continue
        present = options_in(sections[command])
        for option in names:
            if option not in present:
                problems.append(f"{name}: sonnx-div {command} {option} (in --help) is missing from its subsection")
    return problems


# ---------------------------------------------------------------------------------------------------------------
# The README (DIV-DOC-D1) and the figures (DIV-DOC-D6).

def check_readme(text: str, name: str = "README.md") -> List[str]:
    problems = []
    lines = text.split("\n")
    if text.endswith("\n"):
        lines = lines[:-1]
    if len(lines) > README_MAX_LINES:
        problems.append(f"{name} has {len(lines)} lines, more than {README_MAX_LINES}")
    for command in QUICK_START:
        if command not in lines:
            problems.append(f"{name} lacks the quick-start line {command!r}")
    targets = {os.path.normpath(target.partition("#")[0]) for _, target in links(text) if not is_external(target)}
    for guide in GUIDES:
        if os.path.join("docs", guide) not in targets:
            problems.append(f"{name} does not link docs/{guide}")
    return problems


def check_no_dated_figures(root: str, files: Sequence[str]) -> List[str]:
    """No date (YYYY-MM-DD) in the README and the guides, outside code: measured figures live in
    docs/measurements.md (and CHANGELOG.md dates its versions)."""
    problems = []
    for relative in files:
        if relative in ("CHANGELOG.md", os.path.join("docs", "measurements.md")):
            continue
        for number, line in enumerate(blank_code(read(os.path.join(root, relative))).split("\n"), start=1):
            match = FULL_DATE.search(line)
            if match:
                problems.append(f"{relative}:{number}: a dated figure ({match.group(0)}) outside "
                                f"docs/measurements.md")
    return problems


def check_measurements(text: str, name: str = "docs/measurements.md") -> List[str]:
    """Every '### ' measurement names the command that reproduces it, the machine and the date it ran on."""
    problems = []
    parts = re.split(r"^### ", text, flags=re.MULTILINE)[1:]
    if not parts:
        problems.append(f"{name} has no measurement ('### ' sections)")
    for part in parts:
        title = part.split("\n", 1)[0]
        for field in ("Command:", "Machine:", "Date:"):
            if not re.search(r"^" + re.escape(field) + r"\s*\S", part, re.MULTILINE):
                problems.append(f"{name}: '{title}' does not say '{field}'")
    return problems


def project_version(root: str = ROOT) -> str:
    match = re.search(r"project\(\s*sonnx_div\s+VERSION\s+([0-9.]+)", read(os.path.join(root, "CMakeLists.txt")))
    return match.group(1) if match else ""


def check_changelog(text: str, version: str, name: str = "CHANGELOG.md") -> List[str]:
    match = re.search(r"^## \[?(?P<version>\d+\.\d+\.\d+)\]?", text, re.MULTILINE)
    if not match:
        return [f"{name} has no version heading ('## [X.Y.Z]')"]
    if match["version"] != version:
        return [f"{name}'s latest version {match['version']} is not the project's {version} (CMakeLists.txt)"]
    return []


OBJECTIVES_BEGIN = "<!-- objectives: generated from tools/sonnxtools/bundle.py -->\n"
OBJECTIVES_END = "<!-- end of objectives -->"


def check_objectives_table(text: str, name: str = "docs/certification.md") -> List[str]:
    """The objectives table between its markers is the one the bundle's step list gives (DIV-DOC-D6)."""
    import sys
    tools = os.path.join(ROOT, "tools")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    from sonnxtools import bundle
    begin, end = text.find(OBJECTIVES_BEGIN), text.find(OBJECTIVES_END)
    if begin < 0 or end < begin:
        return [f"{name}: the objectives table's markers are missing"]
    table = text[begin + len(OBJECTIVES_BEGIN):end]
    if table != bundle.objectives_markdown():
        return [f"{name}: the objectives table is not the step list's (copy bundle.objectives_markdown())"]
    return []


# ---------------------------------------------------------------------------------------------------------------
# Rendering (DIV-DOC-D2): the pages as HTML, opened in headless Chromium, their links checked in the DOM.

def render_pages(root: str, files: Sequence[str], out: str) -> List[str]:
    """Writes each Markdown file as out/<same path>.html (python3-markdown, GitHub's anchors), links to rendered
    pages pointing at their .html; returns the pages written."""
    import markdown  # Debian's python3-markdown
    from markdown.extensions.toc import TocExtension

    rendered = {os.path.normpath(f) for f in files}
    pages = []
    for relative in files:
        text = read(os.path.join(root, relative))

        def relink(match, relative=relative):
            target = match.group("target")
            if is_external(target):
                return match.group(0)
            path, hash_mark, fragment = target.partition("#")
            resolved = os.path.normpath(os.path.join(os.path.dirname(relative), path)) if path else relative
            if resolved in rendered:
                path = path[:-3] + ".html" if path else path
            else:
                # a file of the repository that is not rendered: point at the source tree itself
                path = os.path.relpath(os.path.join(root, resolved), os.path.join(out, os.path.dirname(relative)))
            return match.group(0).replace(f"({target}", f"({path}{hash_mark}{fragment}", 1)

        code_free = blank_code(text).split("\n")
        lines = text.split("\n")
        relinked = [INLINE_LINK.sub(relink, line) if code_free[i].strip() else line for i, line in enumerate(lines)]
        body = markdown.markdown("\n".join(relinked), extensions=[
            "tables", "fenced_code", TocExtension(slugify=lambda value, separator: slug(value))])
        title = next((plain_heading(m["text"]) for line in lines for m in [HEADING.match(line)] if m), relative)
        page = os.path.join(out, relative[:-3] + ".html")
        os.makedirs(os.path.dirname(page), exist_ok=True)
        with open(page, "w", encoding="utf-8") as handle:
            handle.write(f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{html.escape(title)}</title>"
                         f"</head><body>\n{body}\n</body></html>\n")
        pages.append(page)
    return pages


class _Dom(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: List[str] = []
        self.ids: List[str] = []
        self.headings = 0

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "a" and attributes.get("href"):
            self.hrefs.append(attributes["href"])
        if attributes.get("id"):
            self.ids.append(attributes["id"])
        if tag == "h1":
            self.headings += 1


def chromium_dom(page: str, profile: str) -> str:
    command = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--user-data-dir=" + profile, "--dump-dom", "file://" + page]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, check=False).stdout


def check_rendered(pages: Sequence[str], out: str) -> List[str]:
    """Each page opened in headless Chromium: it has its heading, and every link of the rendered DOM reaches an
    existing file and, for an anchor, an element with that id in the page it names."""
    problems = []
    doms: Dict[str, _Dom] = {}
    profile = tempfile.mkdtemp(prefix="sonnx-doc-chromium-")
    try:
        for page in pages:
            dom = _Dom()
            dom.feed(chromium_dom(page, profile))
            doms[os.path.normpath(page)] = dom
        for page, dom in doms.items():
            name = os.path.relpath(page, out)
            if dom.headings == 0:
                problems.append(f"{name}: Chromium rendered no heading (did it run?)")
            for href in dom.hrefs:
                if is_external(href) and not href.startswith("file:"):
                    continue
                path, _, fragment = href.partition("#")
                target = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
                if not os.path.exists(target):
                    problems.append(f"{name}: broken link {href!r} in the rendered page")
                elif fragment and target in doms and fragment not in doms[target].ids:
                    problems.append(f"{name}: link {href!r}: no element #{fragment} in the rendered page")
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return problems
