"""The test sets: operands chosen per element type, expected outputs from the reference (sonnx_div.div),
written in ONNX's backend node-test layout, <out>/sets/<profile>/<type>/<set>/{model.onnx,
test_data_set_0/input_0.pb, input_1.pb, output_0.pb} (the layout of tests/conformance/make_cases.py), so
that `sonnx-div onnx-test <out>/sets/<profile>/<type> <onnx-test options of the profile>` or any ONNX
runtime's own node-test runner takes them.

Float sets: special values and boundary values crossed, subnormal operands and quotients, seeded random bit
patterns, rounding midpoints and quotients near overflow and underflow (hard_floats), a FP16/BF16 grid.

A hazardous set (an integer zero divisor, MIN / -1) holds one case, in <out>/hazards/<profile>/<type>/<set>/.
The reference has no output for it (the operator refuses it: zero_divisor, overflow), so it has no
output_0.pb; its reference.json holds the reference's verdict and the exact quotient instead (`sonnx-div
onnx-test` on it prints REJECTED with that verdict).
"""
import hashlib
import json
import os
import random
from fractions import Fraction

import numpy as np

from . import hard_floats, tensors

# The reference's profile per runtime: the options given to sonnx_div.div and sonnx_div.check.
PROFILES = {
    "onnx-14": {"options": {"profile": "onnx", "opset": 14}, "opset": 14,
                "onnx_test": "--profile onnx",
                "text": "ONNX Div-14 (sonnx-div --profile onnx --opset 14): integers truncate toward zero"},
    "sonnx-floor": {"options": {"profile": "sonnx", "rounding": "floor"}, "opset": 14,
                    "onnx_test": "--profile sonnx --int-rounding floor",
                    "text": "sonnx profile, --int-rounding floor: integers floor (Python's //)"},
    "sonnx-trunc": {"options": {"profile": "sonnx", "rounding": "trunc"}, "opset": 14,
                    "onnx_test": "--profile sonnx --int-rounding trunc",
                    "text": "sonnx profile, --int-rounding trunc: integers truncate toward zero"},
}

SEED = 20261125


# --- floats, as bit patterns -------------------------------------------------------------------------

def _float_tables(t):
    sign = 1 << (t.bits - 1)
    inf = ((1 << t.exponent_bits) - 1) << (t.p - 1)
    one = ((1 << (t.exponent_bits - 1)) - 1) << (t.p - 1)
    min_normal = 1 << (t.p - 1)
    enc = lambda e: (e + (1 << (t.exponent_bits - 1)) - 1) << (t.p - 1)  # noqa: E731  2^e
    specials = [0, inf, inf | (1 << (t.p - 2)), 1, min_normal - 1, min_normal, inf - 1, one, enc(1),
                enc(1) | (1 << (t.p - 2)), enc(-1)]
    specials = specials + [s | sign for s in specials if s != specials[2]]
    boundary = [inf - 1, inf - 2, enc((1 << (t.exponent_bits - 1)) - 1), min_normal, min_normal + 1,
                min_normal - 1, 1, 2, one, one + 1, one - 1, enc(1) - 1, enc(-1), enc(t.p), enc(-t.p),
                enc(t.p) - 1]
    boundary = boundary + [b | sign for b in boundary]
    return specials, boundary


def _cross(values):
    return [a for a in values for _ in values], [b for _ in values for b in values]


def _float_sets(t, quick, rng):
    specials, boundary = _float_tables(t)
    sets = {"specials_x_specials": _cross(specials), "boundary_x_boundary": _cross(boundary)}
    n = 200 if quick else 20000
    bias, mant = (1 << (t.exponent_bits - 1)) - 1, (1 << (t.p - 1)) - 1
    sign = lambda: rng.getrandbits(1) << (t.bits - 1)  # noqa: E731
    a, b = [], []
    for i in range(n):
        if i % 2:   # a subnormal operand over an ordinary divisor
            a.append(sign() | rng.randint(1, mant))
            b.append(sign() | (rng.randint(bias - 2, bias + 2) << (t.p - 1)) | rng.getrandbits(t.p - 1))
        else:       # normal operands whose quotient falls in the subnormal range
            a.append(sign() | (rng.randint(1, 3) << (t.p - 1)) | rng.getrandbits(t.p - 1))
            b.append(sign() | (rng.randint(bias + 1, bias + t.p) << (t.p - 1)) | rng.getrandbits(t.p - 1))
    sets["subnormals"] = (a, b)
    n = 300 if quick else 200000
    sets["random_bits"] = ([rng.getrandbits(t.bits) for _ in range(n)], [rng.getrandbits(t.bits) for _ in range(n)])
    n = 200 if quick else 20000
    sets["rounding_midpoints"] = hard_floats.rounding_midpoints(t, n, rng)
    sets["near_overflow"] = hard_floats.near_overflow(t, n, rng)
    sets["near_underflow"] = hard_floats.near_underflow(t, n, rng)
    if t.bits == 16 and not quick:   # a large grid of FP16/BF16 patterns
        grid_a, grid_b = range(0, 1 << 16, 257), range(3, 1 << 16, 263)
        sets["grid"] = ([x for x in grid_a for _ in grid_b], [y for _ in grid_a for y in grid_b])
    return {name: (np.array(a, dtype=t.bits_dtype).view(t.dtype), np.array(b, dtype=t.bits_dtype).view(t.dtype))
            for name, (a, b) in sets.items()}


# --- integers ------------------------------------------------------------------------------------------

def is_hazard(t, a, b):
    return b == 0 or (t.signed and a == t.low and b == -1)


def _int_sets(t, quick, rng):
    values = [0, 1, 2, 3, 7, t.high, t.high - 1, t.high // 2, t.high // 2 + 1]
    if t.signed:
        values += [-1, -2, -3, -7, t.low, t.low + 1, t.low // 2, t.low // 2 - 1]
    values = sorted(set(v for v in values if t.low <= v <= t.high))
    a, b = _cross(values)
    sets = {"boundary_x_boundary": [p for p in zip(a, b) if not is_hazard(t, *p)]}
    n = 300 if quick else 200000
    pairs = []
    while len(pairs) < n:
        x, y = (rng.randint(t.low, t.high) for _ in range(2))
        if rng.random() < 0.5:   # small divisors too, where the rounding shows
            y = rng.randint(-9 if t.signed else 1, 9)
        if not is_hazard(t, x, y):
            pairs.append((x, y))
    sets["random_bits"] = pairs
    if t.bits == 8 and not quick:
        sets["every_pair"] = [(x, y) for x in range(t.low, t.high + 1) for y in range(t.low, t.high + 1)
                              if not is_hazard(t, x, y)]
    out = {name: (np.array([p[0] for p in pairs], dtype=t.dtype), np.array([p[1] for p in pairs], dtype=t.dtype))
           for name, pairs in sets.items()}
    hazards = {"hazard_zero_divisor": (7, 0), "hazard_zero_by_zero": (0, 0)}
    if t.signed:
        hazards["hazard_negative_by_zero"] = (-7, 0)
        hazards["hazard_min_by_minus_one"] = (t.low, -1)
    for name, (x, y) in hazards.items():
        out[name] = (np.array([x], dtype=t.dtype), np.array([y], dtype=t.dtype))
    return out


# --- writing -------------------------------------------------------------------------------------------

def exact_quotient_text(t, a, b, options):
    """The exact answer of a hazardous integer case, as text."""
    a, b = int(a), int(b)
    if b == 0:
        return "%d / 0: no quotient (a zero divisor)" % a
    q = Fraction(a, b)
    rounded = (a // b) if options.get("rounding") == "floor" else int(q)
    return "%d / %d = %d exactly; %d does not fit %s [%d, %d]" % (a, b, rounded, rounded, t.name, t.low, t.high)


def sha256_of(path):
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


# [impl->req~div-rt-d1~2]
def write_sets(root, profile_name, type_names, quick):
    """Writes the sets of one profile for the given types under root/sets/<profile>/ (hazardous ones under
    root/hazards/<profile>/); returns {type: [set, ...]}, a set being {"folder", "reference" (what
    reference.json holds), "sha256" (of input_0.pb and input_1.pb as written)}. The judge uses these, held
    here, not the files an adapter could have changed. The expected outputs are sonnx_div.div's under the
    profile."""
    import sonnx_div
    profile = PROFILES[profile_name]
    written = {}
    for type_name in type_names:
        t = tensors.TYPES[type_name]
        rng = random.Random("%s-%s-%d" % (profile_name, type_name, SEED))
        sets = _float_sets(t, quick, rng) if t.is_float else _int_sets(t, quick, rng)
        records = []
        for name, (a, b) in sets.items():
            hazard = name.startswith("hazard_")
            folder = os.path.join(root, "hazards" if hazard else "sets", profile_name, type_name, name)
            data = tensors.data_dir(folder)
            os.makedirs(data, exist_ok=True)
            tensors.write_model(os.path.join(folder, "model.onnx"), t, a.shape, profile["opset"])
            tensors.write_set_tensor(os.path.join(data, "input_0.pb"), "A", t, a)
            tensors.write_set_tensor(os.path.join(data, "input_1.pb"), "B", t, b)
            reference = {"profile": profile_name, "options": profile["options"], "type": type_name, "set": name,
                         "elements": int(a.size), "shape": list(a.shape), "hazard": hazard,
                         "onnx_test": "sonnx-div onnx-test %s %s" % (folder, profile["onnx_test"])}
            try:
                y = sonnx_div.div(a, b, type=t.sonnx_type, **profile["options"])
                tensors.write_set_tensor(os.path.join(data, "output_0.pb"), "C", t, y)
            except sonnx_div.PreconditionError as error:
                reference.update(verdict=error.status, requirement=error.requirement, message=str(error),
                                 exact=exact_quotient_text(t, a[0], b[0], profile["options"]),
                                 a=str(a[0]), b=str(b[0]))
                if os.path.exists(os.path.join(data, "output_0.pb")):
                    os.remove(os.path.join(data, "output_0.pb"))
            with open(os.path.join(folder, "reference.json"), "w") as handle:
                json.dump(reference, handle, indent=1)
            records.append({"folder": folder, "reference": reference,
                            "sha256": [sha256_of(os.path.join(data, "input_0.pb")),
                                       sha256_of(os.path.join(data, "input_1.pb"))]})
        written[type_name] = records
    return written
