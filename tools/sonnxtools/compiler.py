"""The build's compile commands as clang's tools (clang-tidy, libclang) take them.

The core's gcc build carries arguments that only gcc knows (src/core/CMakeLists.txt: the stack and
coupling analyses read gcc's -fcallgraph-info output); clang given one compiles nothing, so every reader
of the compile database for a clang tool drops them here.
"""
from typing import List, Sequence

GCC_ONLY_ARGUMENTS = ("-fcallgraph-info",)


def for_clang(words: Sequence[str]) -> List[str]:
    """The arguments without those only gcc takes."""
    return [w for w in words if not w.startswith(GCC_ONLY_ARGUMENTS)]
