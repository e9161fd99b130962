"""One shard task of a scheduler job (sonnxtools.scheduler): runs command K of RESULTS_DIR/job.json, its
output into RESULTS_DIR/shard-K.log, then writes RESULTS_DIR/shard-K.json once it has ended.

  python3 tools/sonnxtools/shard_task.py RESULTS_DIR K

Exits with the command's status (so that the scheduler's own accounting shows it too), or 2 when the job
cannot be read or has no shard K, writing no result: collect() reports that shard as lost."""
import os
import sys
from typing import List

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from sonnxtools.scheduler import run_shard  # noqa: E402


def main(argv: List[str]) -> int:
    if len(argv) != 3 or not argv[2].isdigit():
        print(__doc__, file=sys.stderr)
        return 2
    try:
        status = run_shard(argv[1], int(argv[2]))
    except (OSError, ValueError, KeyError, TypeError) as error:
        print(f"shard_task: shard {argv[2]} of {argv[1]}: {error}", file=sys.stderr)
        return 2
    # A signal's negative status, and any status past a byte, as a shell would report them.
    return 128 - status if status < 0 else min(status, 255)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
