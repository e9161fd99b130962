"""One worker process: python3 -m runtimeslib.worker RUNTIME JOBS.json runs the adapter's run_batch on the
jobs. The harness starts one per batch and one per hazardous case, so that a runtime that dies of a signal
takes this process with it, not the harness."""
import json
import sys

from .adapters import all_adapters


def main():
    runtime, jobs_file = sys.argv[1], sys.argv[2]
    with open(jobs_file) as handle:
        jobs = json.load(handle)
    all_adapters()[runtime].run_batch(jobs)


if __name__ == "__main__":
    main()
