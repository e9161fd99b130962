"""DIV-TGT-D1, quick run: the core of each other build against the x86-64 core, row by row
(tests/targets/back_to_back.py, plan "quick"). Run by tests/tools/run_unittests.py from ctest (label
targets), with SONNX_B2B_REFERENCE and SONNX_B2B_CANDIDATES naming the drivers; one test per candidate.
With SONNX_B2B_OUT set, the outcomes are written there as back_to_back_MODE.json."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import back_to_back  # noqa: E402

MODE = "quick"


class BackToBackRun(unittest.TestCase):
    """Runs the comparison once for every candidate; each test reads its candidate's outcome."""
    mode = MODE
    outcomes = None

    @classmethod
    def setUpClass(cls):
        reference, candidates = back_to_back.sides_from_environment()
        if reference is None:
            raise unittest.SkipTest("SONNX_B2B_REFERENCE not set")
        jobs = back_to_back.plan(cls.mode)
        cls.outcomes = {o.candidate: o for o in back_to_back.compare(
            reference, candidates, jobs, os.cpu_count() or 2, log=lambda line: print(line, flush=True))}
        for outcome in cls.outcomes.values():
            print(outcome.summary(), flush=True)
        out = os.environ.get("SONNX_B2B_OUT")
        if out:  # the evidence step's page reads it (tools/evidencelib/targets.py)
            back_to_back.write_json(os.path.join(out, f"back_to_back_{cls.mode}.json"), cls.mode,
                                    list(cls.outcomes.values()))

    def check(self, name):
        self.assertIn(name, self.outcomes, f"no candidate {name}: SONNX_B2B_CANDIDATES names "
                                           f"{', '.join(self.outcomes) or 'none'}")
        outcome = self.outcomes[name]
        self.assertEqual(outcome.failures, [], outcome.summary())
        self.assertEqual(len(outcome.jobs), len(back_to_back.plan(self.mode)))


class TargetsBackToBack(BackToBackRun):
    REQUIREMENTS = "DIV-TGT-D1"

    # [utest->req~div-tgt-d1~1]
    def test_aarch64(self):
        self.check("aarch64")

    # [utest->req~div-tgt-d1~1]
    def test_s390x(self):
        self.check("s390x")

    # [utest->req~div-tgt-d1~1]
    def test_clang19(self):
        self.check("clang-19")


if __name__ == "__main__":
    unittest.main()
