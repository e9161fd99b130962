"""tools/runtimeslib/hard_floats (DIV-RT-D1): the operands of the rounding-midpoint, near-overflow and
near-underflow sets. Expected values: NumPy's IEEE conversions for the rounding of the format (an
implementation independent of hard_floats), and properties of the exact rational quotients stated by hand
(where each quotient must lie)."""
import os
import random
import sys
from fractions import Fraction

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from runtimeslib import hard_floats, tensors  # noqa: E402


def quotients(f, a, b):
    return [f.value(x) / f.value(y) for x, y in zip(a, b)]


def units_from_midpoint(f, q):
    """|q| / ulp(q), less the midpoint between its neighbours: 0 on a midpoint."""
    scaled = abs(q) / f.ulp(q)
    return abs(scaled - int(scaled) - Fraction(1, 2))


class TestHardFloats:
    REQUIREMENTS = "DIV-RT-D1"

    # [utest->req~div-rt-d1~2]
    def test_rounding_to_the_format_is_numpys_cast(self):
        rng = random.Random(5)
        for name in ("FP16", "FP32"):
            t = tensors.TYPES[name]
            f = hard_floats.Format(t)
            for _ in range(5000):
                x = float(np.array([rng.getrandbits(t.bits)], dtype=t.bits_dtype).view(t.dtype)[0])
                if not np.isfinite(x):
                    continue
                x *= 1 + rng.uniform(-1e-3, 1e-3)
                with np.errstate(all="ignore"):
                    want = int(np.array([x]).astype(t.dtype).view(t.bits_dtype)[0])
                assert f.bits_of(Fraction(x)) == want, (name, x)
        f = hard_floats.Format(tensors.TYPES["FP16"])
        assert f.bits_of(Fraction(65520)) == 0x7C00          # max + ulp/2 rounds to infinity
        assert f.bits_of(Fraction(65519)) == 0x7BFF          # below it, to max (65504)
        assert f.bits_of(Fraction(1, 2 ** 25)) == 0          # half the smallest subnormal: a tie, to even 0
        assert f.bits_of(Fraction(3, 2 ** 25)) == 0x0002     # 1.5 ulp_min: a tie, to even 2 ulp_min

    # [utest->req~div-rt-d1~2]
    def test_midpoint_quotients_are_on_or_next_to_a_midpoint(self):
        for name in ("FP16", "BF16", "FP32", "FP64"):
            t = tensors.TYPES[name]
            f = hard_floats.Format(t)
            a, b = hard_floats.rounding_midpoints(t, 400, random.Random(9))
            qs = quotients(f, a, b)
            exact = [q for i, q in enumerate(qs) if i % 4 == 3]
            assert all(units_from_midpoint(f, q) == 0 and abs(q) < f.min_subnormal * 2 ** f.p for q in exact)
            normal = [q for i, q in enumerate(qs) if i % 4 != 3 and abs(q) >= Fraction(2) ** f.emin]
            assert len(normal) > 200, name
            # |r| <= 3 over B >= 2^(p-1), in units of half an ulp: within 3 * 2^-p ulp of the midpoint.
            assert all(0 < units_from_midpoint(f, q) <= Fraction(3, 2 ** f.p) for q in normal), name

    # [utest->req~div-rt-d1~2]
    def test_overflow_and_underflow_quotients_straddle_their_thresholds(self):
        for name in ("FP16", "BF16", "FP32", "FP64"):
            t = tensors.TYPES[name]
            f = hard_floats.Format(t)
            threshold = f.max + f.ulp(f.max) / 2
            over = [abs(q) for q in quotients(f, *hard_floats.near_overflow(t, 300, random.Random(3)))]
            assert all(f.max / 2 <= q < 2 * threshold for q in over), name
            assert sum(q >= threshold for q in over) > 30 and sum(q < threshold for q in over) > 30, name
            under = [abs(q) for q in quotients(f, *hard_floats.near_underflow(t, 400, random.Random(4)))]
            half = f.min_subnormal / 2
            assert sum(q < half for q in under) > 30 and sum(half < q < f.min_subnormal for q in under) > 30
            assert sum(q < Fraction(2) ** f.emin for q in under) > 200
            assert all(q < 2 * Fraction(2) ** f.emin for q in under), name
