"""The compile database as the mutation tool's parser (libclang) takes it; no clang import here, so that
its tests run where clang's Python bindings are missing."""
import json
import os
import shlex
from typing import Dict, List

from sonnxtools.compiler import for_clang


def compile_arguments(compile_commands: str) -> Dict[str, List[str]]:
    """The compiler arguments per source file (without the compiler, -o and -c)."""
    with open(compile_commands, encoding="utf-8") as handle:
        entries = json.load(handle)
    arguments = {}
    for entry in entries:
        words = for_clang(shlex.split(entry["command"])[1:])
        kept, skip = [], False
        for word in words:
            if skip:
                skip = False
                continue
            if word in ("-o", "-c"):
                skip = True
                continue
            if word.startswith("-W") or word == entry["file"]:
                continue
            kept.append(word)
        arguments[os.path.realpath(entry["file"])] = kept
    return arguments
