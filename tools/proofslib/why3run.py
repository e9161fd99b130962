"""Runs Why3 with the project's configuration, from the repository root (the
configuration names its drivers relative to it), never with ~/.why3.conf."""
import os
import re
import shutil
import subprocess
from typing import Dict, List, Sequence

CONFIG = os.path.join("why3", "why3.conf")
VERSION_COMMANDS = {"Z3": ["z3", "-version"], "CVC4": ["cvc4", "--version"], "CVC5": ["cvc5", "--version"]}
VERSION_PATTERNS = {"Z3": r"Z3 version (\S+)", "CVC4": r"CVC4 version (\S+)", "CVC5": r"cvc5 version (\S+)"}


def pinned_provers(root: str) -> Dict[str, str]:
    """Prover name -> version, as why3/why3.conf pins them."""
    pinned: Dict[str, str] = {}
    name = version = None
    with open(os.path.join(root, CONFIG), encoding="utf-8") as handle:
        for line in handle:
            line = line.strip()
            if line.startswith("["):
                name = version = None
            match = re.match(r'(name|version)\s*=\s*"([^"]*)"', line)
            if match:
                if match[1] == "name":
                    name = match[2]
                else:
                    version = match[2]
                if name and version:
                    pinned[name] = version
    return pinned


def installed_version(name: str) -> str:
    command = VERSION_COMMANDS.get(name)
    if command is None or shutil.which(command[0]) is None:
        return ""
    output = subprocess.run(command, capture_output=True, text=True, check=False).stdout
    match = re.search(VERSION_PATTERNS[name], output)
    return match[1] if match else ""


def version_problems(root: str) -> List[str]:
    """What differs between the pinned provers and the installed ones."""
    problems = []
    if shutil.which("why3") is None:
        return ["why3 is not installed (tools/setup test)"]
    why3_version = subprocess.run(["why3", "--version"], capture_output=True, text=True, check=False).stdout
    if "1.5.1" not in why3_version:
        problems.append(f"why3 1.5.1 expected, found: {why3_version.strip()}")
    for name, version in pinned_provers(root).items():
        found = installed_version(name)
        if found != version:
            problems.append(f"{name} {version} is pinned in {CONFIG}, found {found or 'none'}")
    return problems


def why3(root: str, library: str, arguments: Sequence[str], timeout: float = 3600.0) -> subprocess.CompletedProcess:
    command = ["why3", "-C", CONFIG, "-L", library] + list(arguments)
    return subprocess.run(command, cwd=root, capture_output=True, text=True, check=False, timeout=timeout)
