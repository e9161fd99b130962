"""Seeded faults for the negative controls of the stack and coupling analyses: one source file of the core
copied with a fault inserted, and compiled exactly as the build compiles the original (its command from
compile_commands.json), so that gcc writes the seeded object with its .su and .ci beside it."""
import json
import os
import shlex
import shutil
import subprocess
from typing import List


def compile_seeded(compile_commands: str, source: str, text: str, out_dir: str) -> str:
    """Compiles `text` in place of the core's `source` (e.g. src/core/div.cpp) into out_dir; returns the
    object's path (<name>.o, with <name>.su and <name>.ci beside it when the build writes them)."""
    with open(compile_commands, encoding="utf-8") as handle:
        entries = json.load(handle)
    matches = [e for e in entries if e["file"].endswith(source) and "/sonnx_core.dir/" in e.get("output", e["command"])]
    if not matches:
        raise RuntimeError(f"{source}: not in {compile_commands}")
    entry = matches[0]
    os.makedirs(out_dir, exist_ok=True)
    name = os.path.basename(source)
    seeded = os.path.join(out_dir, name)
    with open(seeded, "w", encoding="utf-8") as handle:
        handle.write(text)
    obj = os.path.join(out_dir, name + ".o")
    words = shlex.split(entry["command"]) if "command" in entry else list(entry["arguments"])
    command: List[str] = []
    skip = False
    for word in words:
        if skip:
            skip = False
            continue
        if word in ("-o", "-MT", "-MF"):
            skip = True
            continue
        if word in ("-MD", "-MMD") or word == entry["file"] or word.endswith(source):
            continue
        command.append(word)
    # Its quoted includes (the core's own headers) from the original's folder.
    command += ["-I" + os.path.dirname(entry["file"]), "-c", seeded, "-o", obj]
    subprocess.run(command, cwd=entry["directory"], check=True, capture_output=True, text=True)
    return obj


def objects_with(original_dir: str, seeded_obj: str, out_dir: str, suffixes=(".ci", ".su", ".o")) -> str:
    """A copy of the core's object folder (original_dir) in out_dir/objects with the seeded unit's files in
    place of the original's; returns that folder."""
    target = os.path.join(out_dir, "objects")
    os.makedirs(target, exist_ok=True)
    seeded_stem = os.path.basename(seeded_obj)[:-len(".o")]
    for name in os.listdir(original_dir):
        if name.endswith(suffixes) and not name.startswith(seeded_stem + "."):
            shutil.copy(os.path.join(original_dir, name), os.path.join(target, name))
    for suffix in suffixes:
        produced = seeded_obj[:-len(".o")] + suffix
        if os.path.exists(produced):
            shutil.copy(produced, os.path.join(target, seeded_stem + suffix))
    return target
