"""Negative controls of the back-to-back comparison (DIV-TGT-D1): the x86-64 driver compared with itself
passes; with a fault seeded into what one side reports (b2b_driver --fault) the comparison fails on a value
one bit off in one element of each row, on a flag of one call of each row, and on quiet NaN results made
signalling, naming the rows; it passes when only quiet NaN payloads differ, and then compares those rows
element by element. Runs the host driver only (SONNX_B2B_REFERENCE), in the default suite."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import back_to_back  # noqa: E402
from back_to_back import Job, Side  # noqa: E402

JOBS = [Job("fp16", 0, 65536, 4096, 64), Job("int16-floor", 0, 65536, 8192, 64), Job("fp32", 0, 4, 1, 64)]


class TargetsBackToBackControls(unittest.TestCase):
    REQUIREMENTS = "DIV-TGT-D1"

    @classmethod
    def setUpClass(cls):
        command = os.environ.get("SONNX_B2B_REFERENCE")
        if not command:
            raise unittest.SkipTest("SONNX_B2B_REFERENCE not set")
        cls.reference = Side.of("x86-64 gcc", command)
        faults = ["none", "value", "flag", "nan-payload", "signalling"]
        candidates = [Side.of(f, command, [] if f == "none" else ["--fault", f]) for f in faults]
        outcomes = back_to_back.compare(cls.reference, candidates, JOBS, os.cpu_count() or 2, log=lambda _: None,
                                        rows_compared=1, failed_rows_shown=1)
        cls.outcome = {o.candidate: o for o in outcomes}

    # [utest->req~div-tgt-d1~1]
    def test_the_same_build_is_equal(self):
        outcome = self.outcome["none"]
        self.assertEqual(outcome.failures, [])
        self.assertEqual(sum(j.raw_only_rows for j in outcome.jobs), 0)
        self.assertEqual([j.rows for j in outcome.jobs], [16, 8, 4])

    # [utest->req~div-tgt-d1~1]
    def test_a_value_one_bit_off_fails_in_every_row(self):
        outcome = self.outcome["value"]
        self.assertEqual([len(j.canonical_mismatches) for j in outcome.jobs], [16, 8, 4])
        self.assertFalse(outcome.ok)
        self.assertTrue(any("1 elements differ: [1000]" in f for f in outcome.failures), outcome.failures[:2])

    # [utest->req~div-tgt-d1~1]
    def test_a_flag_of_one_call_fails_in_every_row(self):
        outcome = self.outcome["flag"]
        self.assertEqual([len(j.canonical_mismatches) for j in outcome.jobs], [16, 8, 4])
        self.assertTrue(any("flags" in f for f in outcome.failures))

    # [utest->req~div-tgt-d1~1]
    def test_other_quiet_nan_payloads_pass_and_are_compared_one_by_one(self):
        outcome = self.outcome["nan-payload"]
        self.assertEqual(outcome.failures, [])
        fp16, int16, fp32 = outcome.jobs
        self.assertEqual(fp16.raw_only_rows, 16)   # every row divides by NaNs
        self.assertEqual(int16.raw_only_rows, 0)   # integers have no NaN
        self.assertEqual(fp32.raw_only_rows, 4)
        self.assertGreater(fp16.nan_elements_compared, 1000)

    # [utest->req~div-tgt-d1~1]
    def test_signalling_nan_results_fail(self):
        outcome = self.outcome["signalling"]
        self.assertFalse(outcome.ok)
        self.assertEqual(len(outcome.jobs[0].canonical_mismatches), 16)
        self.assertEqual(len(outcome.jobs[1].canonical_mismatches), 0)


if __name__ == "__main__":
    unittest.main()
