"""Where tools/proofs finds its proofs: the repository root, the folder of .mlw
files and sessions (why3/, or a copy given by `replay --source`), and the
sessions a run covers (all, or those named by `replay --only`)."""
import glob
import os
from dataclasses import dataclass, field
from typing import List, Optional

from . import session


@dataclass
class Workspace:
    root: str                  # the repository root: Why3 runs from here (why3run.py)
    why3_dir: str              # the .mlw files and their session folders
    only: List[str] = field(default_factory=list)  # replay --only: these sessions alone

    @classmethod
    def of(cls, root: str, source: str = "", only: Optional[List[str]] = None) -> "Workspace":
        """root/why3, or the folder source when given; only: the sessions named, or all."""
        return cls(root, os.path.abspath(source) if source else os.path.join(root, "why3"), list(only or []))

    def stems(self) -> List[str]:
        """The .mlw files of the folder that have a session (those named by --only, when given)."""
        found = []
        for path in sorted(glob.glob(os.path.join(self.why3_dir, "*.mlw"))):
            stem = os.path.splitext(os.path.basename(path))[0]
            if os.path.exists(os.path.join(self.why3_dir, stem, session.SESSION_FILE)) and \
                    (not self.only or stem in self.only):
                found.append(stem)
        return found

    def session_path(self, stem: str) -> str:
        return os.path.join(self.why3_dir, stem, session.SESSION_FILE)

    def collect(self, base: str) -> list:
        """(stem, GoalResult) for every goal of every session under base (the folder or a replayed copy)."""
        return [(stem, goal) for stem in self.stems()
                for goal in session.results(os.path.join(base, stem, session.SESSION_FILE))]
