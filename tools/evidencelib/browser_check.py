"""Opens index.html in headless Chromium and checks that it renders the verdict table and that no link is broken."""
import os
import shutil
import subprocess
from html.parser import HTMLParser
from typing import List

from sonnxtools.run import StepResult


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: List[str] = []
        self.has_verdicts = False

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "a" and attributes.get("href"):
            self.hrefs.append(attributes["href"])
        if tag == "table" and attributes.get("id") == "verdicts":
            self.has_verdicts = True


def check_in_browser(bundle: str) -> StepResult:
    index = os.path.join(bundle, "index.html")
    log_rel = os.path.join("logs", "browser-check.log")
    command = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--user-data-dir=" + os.path.join(bundle, ".chromium-profile"), "--dump-dom", "file://" + index]
    try:
        dom = subprocess.run(command, capture_output=True, text=True, timeout=900, check=False).stdout
    except (OSError, subprocess.TimeoutExpired) as error:
        dom = ""
        problems = [f"chromium did not run: {error}"]
    else:
        problems = []
    parser = _Links()
    parser.feed(dom)
    if not parser.has_verdicts:
        problems.append("the rendered page has no verdict table")
    for href in parser.hrefs:
        if "://" in href or href.startswith("#"):
            continue
        target = os.path.join(bundle, href.split("#")[0])
        if not os.path.exists(target):
            problems.append(f"broken link: {href}")
    with open(os.path.join(bundle, log_rel), "w", encoding="utf-8") as log:
        log.write(f"{len(parser.hrefs)} links checked\n" + "\n".join(problems) + "\n")
    shutil.rmtree(os.path.join(bundle, ".chromium-profile"), ignore_errors=True)
    detail = f"{len(parser.hrefs)} links, {len(problems)} problems"
    return StepResult(name="browser-check", ok=not problems, seconds=0.0, log=log_rel, detail=detail)
