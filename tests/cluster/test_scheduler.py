"""The shard scheduler (tools/sonnxtools/scheduler.py, issue #39 items 3 and 4): a job's shards run by a
driver and judged by collect() alone.

LocalDriverControls (always run, seconds): an honest job collects with no problem; a shard that fails, is
lost, or whose result was edited (another revision, malformed, another shard's index) is a problem naming
that shard and no other.

SlurmCluster: the same through a real single-node Slurm cluster started for the test (local_slurm.py),
jobs submitted by SlurmDriver (sbatch --array --wait). Skipped, with the reason, where Slurm and MUNGE
are not installed (tools/setup cluster) or the test is not root; never passed without having run."""
import json
import os
import re
import sys
import tempfile
import unittest
from typing import Collection, List

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, HERE)

from local_slurm import LocalSlurm, unavailable  # noqa: E402
from sonnxtools.scheduler import (Job, LocalDriver, SchedulerError, SlurmDriver, collect,  # noqa: E402
                                  shard_json, shard_log)

REVISION = "3f1c0de5b2a4e6f8091a2b3c4d5e6f7081928374"
OTHER_REVISION = "0000000000000000000000000000000000000000"

# A shard's command: prints its index and the Slurm array task it ran as (None outside Slurm), then exits
# 1 when its index is in the failing set, or kills its own task (shard_task.py, its parent) when in the
# lost set, so that no result is written.
SHARD_PROGRAM = """
import os, signal, sys
shard, failing, lost = int(sys.argv[1]), sys.argv[2].split(","), sys.argv[3].split(",")
print("shard", shard, "slurm task", os.environ.get("SLURM_ARRAY_TASK_ID"), flush=True)
if str(shard) in lost:
    os.kill(os.getppid(), signal.SIGKILL)
sys.exit(1 if str(shard) in failing else 0)
"""


def shard_commands(count: int, failing: Collection[int] = (), lost: Collection[int] = ()) -> List[List[str]]:
    return [[sys.executable, "-c", SHARD_PROGRAM, str(shard), ",".join(map(str, failing)),
             ",".join(map(str, lost))] for shard in range(count)]


def edit_result(results_dir: str, index: int, **changes: object) -> None:
    """Rewrites fields of shard `index`'s result, as a forged or mixed-up result would have them."""
    path = shard_json(results_dir, index)
    with open(path, encoding="utf-8") as handle:
        result = json.load(handle)
    result.update(changes)
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(result, handle)


class ShardAssertions(unittest.TestCase):
    def assertOnlyShard(self, problems: List[str], shard: int, count: int, what: str) -> None:
        """Exactly one problem, naming shard `shard` of `count` and saying `what`."""
        self.assertEqual(len(problems), 1, problems)
        self.assertRegex(problems[0], rf"^shard {shard}/{count}: ")
        self.assertIn(what, problems[0])


class LocalDriverControls(ShardAssertions):
    """Shards run on this machine; their results then edited as a lost, failed or forged shard would be."""

    def setUp(self) -> None:
        temporary = tempfile.TemporaryDirectory()
        self.addCleanup(temporary.cleanup)
        self.work = temporary.name
        self.results = os.path.join(self.work, "results")

    def run_job(self, count: int = 3, failing: Collection[int] = (), lost: Collection[int] = (),
                parallel: int = 2) -> Job:
        job = Job(shard_commands(count, failing, lost), self.results, REVISION, workdir=self.work)
        LocalDriver(parallel=parallel).run(job)
        return job

    def test_honest_job_collects_no_problem(self) -> None:
        job = self.run_job()
        self.assertEqual(collect(self.results, REVISION, 3), [])
        for shard in range(3):
            with open(shard_log(self.results, shard), encoding="utf-8") as handle:
                self.assertEqual(handle.read(), f"shard {shard} slurm task None\n")
            with open(shard_json(self.results, shard), encoding="utf-8") as handle:
                self.assertEqual(json.load(handle), {"shard": shard, "count": 3, "revision": REVISION, "exit": 0,
                                                     "command": job.commands[shard]})

    def test_one_at_a_time_same_verdict(self) -> None:
        self.run_job(parallel=1)
        self.assertEqual(collect(self.results, REVISION, 3), [])

    def test_failing_shard_named(self) -> None:
        self.run_job(failing=[1])
        self.assertOnlyShard(collect(self.results, REVISION, 3), 1, 3, "exit status 1")

    def test_deleted_result_is_lost_shard(self) -> None:
        self.run_job()
        os.remove(shard_json(self.results, 2))
        self.assertOnlyShard(collect(self.results, REVISION, 3), 2, 3, "lost")

    def test_killed_task_is_lost_shard(self) -> None:
        self.run_job(lost=[0])
        self.assertOnlyShard(collect(self.results, REVISION, 3), 0, 3, "lost")

    def test_result_of_another_revision_named(self) -> None:
        self.run_job(failing=[0])
        edit_result(self.results, 0, exit=0, revision=OTHER_REVISION)
        self.assertOnlyShard(collect(self.results, REVISION, 3), 0, 3, "another revision")

    def test_malformed_result_named(self) -> None:
        forgeries = {
            "not JSON": "{\"shard\": 1, \"exit\": 0",
            "empty": "",
            "not an object": "[1, 3, 0]",
            "no exit": json.dumps({"shard": 1, "count": 3, "revision": REVISION, "command": []}),
            "exit as text": json.dumps({"shard": 1, "count": 3, "revision": REVISION, "exit": "0", "command": []}),
            "exit as false": json.dumps({"shard": 1, "count": 3, "revision": REVISION, "exit": False,
                                         "command": []}),
        }
        self.run_job()
        for name, text in forgeries.items():
            with self.subTest(name):
                with open(shard_json(self.results, 1), "w", encoding="utf-8") as handle:
                    handle.write(text)
                problems = collect(self.results, REVISION, 3)
                self.assertOnlyShard(problems, 1, 3, "shard-1.json")
                self.assertRegex(problems[0], "malformed|unreadable")

    def test_result_claiming_another_shard_named(self) -> None:
        self.run_job()
        edit_result(self.results, 2, shard=1)
        self.assertOnlyShard(collect(self.results, REVISION, 3), 2, 3, "another shard")

    def test_result_of_another_command_named(self) -> None:
        self.run_job()
        edit_result(self.results, 1, command=["true"])
        self.assertOnlyShard(collect(self.results, REVISION, 3), 1, 3, "another command")

    def test_command_that_cannot_start_named(self) -> None:
        job = Job([["true"], [os.path.join(self.work, "no-such-program")]], self.results, REVISION, self.work)
        LocalDriver().run(job)
        self.assertOnlyShard(collect(self.results, REVISION, 2), 1, 2, "exit status 127")

    def test_no_results_at_all_is_every_shard_lost(self) -> None:
        problems = collect(os.path.join(self.work, "never-written"), REVISION, 3)
        self.assertEqual(len(problems), 4, problems)  # job.json, then the three shards
        self.assertIn("job.json", problems[0])
        for shard in range(3):
            self.assertRegex(problems[shard + 1], rf"^shard {shard}/3: lost")

    def test_collect_of_more_shards_than_ran(self) -> None:
        self.run_job()
        problems = collect(self.results, REVISION, 4)
        self.assertTrue(any(re.match(r"^shard 3/4: lost", problem) for problem in problems), problems)

    def test_results_folder_of_an_earlier_job_refused(self) -> None:
        # An earlier run's shard-K.json would pass for this run's lost shard K.
        self.run_job()
        with self.assertRaisesRegex(SchedulerError, "already holds"):
            self.run_job()


REASON = unavailable()


@unittest.skipIf(REASON, REASON)
class SlurmCluster(ShardAssertions):
    """A single-node Slurm cluster of this machine (slurmctld, slurmd, munged started and stopped by the
    test), each job an sbatch --array of shard_task.py. Each test has a cluster of its own."""

    JOB_TIMEOUT = 300  # seconds for a job of a few one-line shards; a timeout is a failure (SchedulerError)

    def setUp(self) -> None:
        temporary = tempfile.TemporaryDirectory(prefix="sonnx-slurm-")
        self.addCleanup(temporary.cleanup)
        self.work = temporary.name
        os.chmod(self.work, 0o755)  # munged's socket is below: every folder above it must be open to all
        self.cluster = LocalSlurm(os.path.join(self.work, "cluster"))
        # Cleanups run last-in first-out: the daemons stop before their folder is removed, failed test or not.
        self.addCleanup(self.cluster.stop)
        self.cluster.start()

    def submit(self, name: str, job_commands: List[List[str]]) -> Job:
        job = Job(job_commands, os.path.join(self.work, name), REVISION, workdir=self.work, name=f"sonnx-{name}")
        SlurmDriver(env=self.cluster.env, timeout=self.JOB_TIMEOUT, parallel=2).run(job)
        return job

    def assertRanAsArrayTasks(self, job: Job, shards: Collection[int]) -> None:
        """The shard ran as its own task of a Slurm array, not on the side."""
        for shard in shards:
            with open(shard_log(job.results_dir, shard), encoding="utf-8") as handle:
                self.assertIn(f"shard {shard} slurm task {shard}\n", handle.read())
            self.assertTrue(os.path.exists(os.path.join(job.results_dir, f"slurm-{shard}.out")))

    def test_sharded_job_collects_no_problem(self) -> None:
        job = self.submit("honest", shard_commands(3))
        problems = collect(job.results_dir, REVISION, 3)
        self.assertEqual(problems, [], "\n" + self.cluster.report())
        self.assertRanAsArrayTasks(job, range(3))

    def test_failed_and_lost_shards_named(self) -> None:
        job = self.submit("faulty", shard_commands(4, failing=[1], lost=[2]))
        problems = collect(job.results_dir, REVISION, 4)
        self.assertEqual(len(problems), 2, problems)
        self.assertOnlyShard([problems[0]], 1, 4, "exit status 1")
        self.assertOnlyShard([problems[1]], 2, 4, "lost")
        self.assertRanAsArrayTasks(job, [0, 1, 3])


if __name__ == "__main__":
    unittest.main()
