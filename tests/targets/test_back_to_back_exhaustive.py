"""DIV-TGT-D1, full run (ctest label exhaustive): every row of the 16-bit types and 1024 rows of each sampled
type (tests/targets/back_to_back.py, plan "full"); see test_back_to_back.py."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_back_to_back import BackToBackRun  # noqa: E402


class TargetsBackToBackExhaustive(BackToBackRun):
    REQUIREMENTS = "DIV-TGT-D1"
    mode = "full"

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
