"""timings.json: how long each step of the bundle took, and the whole run, as this run measured them."""
import json
import os
from typing import List

from sonnxtools.run import StepResult


def write_timings(bundle: str, results: List[StepResult], total: float) -> str:
    """Each step's wall time (its commands and its judging, measured around the step by tools/evidence) and
    the whole run's so far. The file is timestamped (bundle.BUNDLE_TIMESTAMPED): a time is no verdict, so
    --compare does not compare it."""
    path = os.path.join(bundle, "timings.json")
    with open(path, "w", encoding="utf-8") as handle:
        json.dump({"steps": [{"step": s.name, "seconds": round(s.seconds, 1)} for s in results],
                   "total_seconds": round(total, 1)}, handle, indent=1)
    return path
