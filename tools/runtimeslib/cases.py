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

# Broadcasting (issue #37): the forms an adapter may declare (its BROADCAST list) and the reference's options
# for each form under each profile. The sonnx profile has equal shapes only, so a sonnx-floor or sonnx-trunc
# runtime's broadcasting is judged under OpenVINO Divide-1 with auto_broadcast numpy (NumPy's rules, those of
# ONNX opset 7+), whose m_pythondiv gives the same integer rounding (true: floor, false: truncation).
BROADCAST_FORMS = {
    "multidirectional": "ONNX multidirectional broadcasting (opset 7+; NumPy's rules, OpenVINO auto_broadcast "
                        "numpy): a scalar, trailing axes, both operands expanded, size-1 and size-0 axes, rank "
                        "up to 6",
    "legacy": "ONNX Div-1 and Div-6 with broadcast=1: B's shape a suffix of A's, or a contiguous run of A's axes "
              "starting at `axis`",
}
MULTIDIRECTIONAL = {
    "onnx-14": ({"profile": "onnx", "opset": 14}, "--profile onnx"),
    "sonnx-floor": ({"profile": "openvino", "pythondiv": True, "auto_broadcast": "numpy"},
                    "--profile openvino --pythondiv true --auto-broadcast numpy"),
    "sonnx-trunc": ({"profile": "openvino", "pythondiv": False, "auto_broadcast": "numpy"},
                    "--profile openvino --pythondiv false --auto-broadcast numpy"),
}
# (set name, A's shape, B's shape): Y's shape is NumPy's broadcast of the two.
MULTIDIRECTIONAL_SHAPES = [
    ("scalar_divisor", (7, 5), ()),
    ("scalar_dividend", (), (7, 5)),
    ("trailing_axis", (4, 3, 6), (6,)),
    ("trailing_axes", (2, 5, 6), (5, 6)),
    ("both_expanded", (9, 1), (1, 8)),
    ("size_one_axes", (3, 1, 4), (1, 5, 1)),
    ("row_of_square", (8, 8), (8,)),            # B runs along the last axis: along the first is wrong
    ("column_of_square", (8, 8), (8, 1)),
    ("lower_rank_dividend", (6,), (4, 3, 6)),
    ("size_zero_axis", (0, 3), (3,)),
    ("size_zero_against_one", (4, 1), (0,)),    # Y is [4, 0]
    ("rank_6", (2, 1, 3, 1, 2, 3), (1, 2, 1, 3, 2, 1)),
]
# Only under ONNX (the attributes are ONNX's): (set name, opset, A's shape, B's shape, axis or None).
LEGACY_SHAPES = [
    ("opset6_scalar", 6, (2, 3, 4, 5), (), None),
    ("opset6_suffix", 6, (2, 3, 4, 5), (5,), None),
    ("opset6_suffix_axes", 6, (2, 3, 4, 5), (4, 5), None),
    ("opset6_axis_0_square", 6, (6, 6), (6,), 0),   # a runtime that ignores axis divides along the last axis
    ("opset6_axis_1", 6, (2, 3, 4, 5), (3, 4), 1),
    ("opset6_axis_0", 6, (2, 3, 4, 5), (2,), 0),
    ("opset1_axis_1", 1, (2, 3, 4, 5), (3,), 1),
]
LEGACY_TYPES = {6: ["FP16", "FP32", "FP64", "INT32", "INT64", "UINT32", "UINT64"], 1: ["FP16", "FP32", "FP64"]}


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


def _write_set(folder, profile_name, t, name, a, b, options, opset, onnx_test, extra=None):
    """One set's folder: model.onnx, the inputs, the reference's output (or, when the reference refuses the
    case, reference.json saying why and the exact answer). Returns its record."""
    import sonnx_div
    hazard = name.startswith("hazard_")
    data = tensors.data_dir(folder)
    os.makedirs(data, exist_ok=True)
    attributes = {k: v for k, v in (extra or {}).get("attributes", {}).items() if v is not None}
    # Y has A's shape under the legacy broadcast attribute (B a run of A's axes), NumPy's broadcast otherwise
    y_shape = a.shape if attributes.get("broadcast") else np.broadcast_shapes(a.shape, b.shape)
    tensors.write_model(os.path.join(folder, "model.onnx"), t, a.shape, opset, b.shape, y_shape, attributes)
    tensors.write_set_tensor(os.path.join(data, "input_0.pb"), "A", t, a)
    tensors.write_set_tensor(os.path.join(data, "input_1.pb"), "B", t, b)
    reference = {"profile": profile_name, "options": options, "type": t.name, "set": name,
                 "elements": int(np.prod(y_shape, dtype=np.int64)), "shape": list(y_shape), "hazard": hazard,
                 "onnx_test": "sonnx-div onnx-test %s %s" % (folder, onnx_test)}
    reference.update({k: v for k, v in (extra or {}).items() if k != "attributes"})
    if attributes:
        reference["attributes"] = attributes
    try:
        y = sonnx_div.div(a, b, type=t.sonnx_type, **options)
        tensors.write_set_tensor(os.path.join(data, "output_0.pb"), "C", t, y)
    except sonnx_div.PreconditionError as error:
        if not hazard:
            raise
        reference.update(verdict=error.status, requirement=error.requirement, message=str(error),
                         exact=exact_quotient_text(t, a.reshape(-1)[0], b.reshape(-1)[0], options),
                         a=str(a.reshape(-1)[0]), b=str(b.reshape(-1)[0]))
        if os.path.exists(os.path.join(data, "output_0.pb")):
            os.remove(os.path.join(data, "output_0.pb"))
    with open(os.path.join(folder, "reference.json"), "w") as handle:
        json.dump(reference, handle, indent=1)
    return {"folder": folder, "reference": reference,
            "sha256": [sha256_of(os.path.join(data, "input_0.pb")), sha256_of(os.path.join(data, "input_1.pb"))]}


# [impl->req~div-rt-d1~2]
def write_sets(root, profile_name, type_names, quick):
    """Writes the sets of one profile for the given types under root/sets/<profile>/ (hazardous ones under
    root/hazards/<profile>/); returns {type: [set, ...]}, a set being {"folder", "reference" (what
    reference.json holds), "sha256" (of input_0.pb and input_1.pb as written)}. The judge uses these, held
    here, not the files an adapter could have changed. The expected outputs are sonnx_div.div's under the
    profile. The element-wise operands are kept (operands()) for the broadcasting sets."""
    profile = PROFILES[profile_name]
    written = {}
    for type_name in type_names:
        t = tensors.TYPES[type_name]
        rng = random.Random("%s-%s-%d" % (profile_name, type_name, SEED))
        sets = _float_sets(t, quick, rng) if t.is_float else _int_sets(t, quick, rng)
        _OPERANDS[(profile_name, type_name)] = sets
        records = []
        for name, (a, b) in sets.items():
            folder = os.path.join(root, "hazards" if name.startswith("hazard_") else "sets", profile_name,
                                  type_name, name)
            records.append(_write_set(folder, profile_name, t, name, a, b, profile["options"], profile["opset"],
                                      profile["onnx_test"]))
        written[type_name] = records
    return written


_OPERANDS: dict = {}   # (profile, type) -> the element-wise sets' operands, {set: (a, b)}


def _operand_pools(profile_name, t, quick):
    """Every operand of the type's ordinary element-wise sets (the hard values: specials, boundaries,
    subnormals, midpoints, ... ), A's and B's apart; integers without a zero divisor."""
    if (profile_name, t.name) not in _OPERANDS:
        rng = random.Random("%s-%s-%d" % (profile_name, t.name, SEED))
        _OPERANDS[(profile_name, t.name)] = _float_sets(t, quick, rng) if t.is_float else _int_sets(t, quick, rng)
    sets = {k: v for k, v in _OPERANDS[(profile_name, t.name)].items() if not k.startswith("hazard_")}
    a = np.concatenate([v[0] for v in sets.values()])
    b = np.concatenate([v[1] for v in sets.values()])
    if not t.is_float:
        b = b[b != 0]
    return a, b


def _broadcast_operands(t, pools, a_shape, b_shape, rng):
    """A and B of the given shapes, their elements drawn from the element-wise sets' operands; for integers, no
    MIN meets -1 (a hazard, which has sets of its own)."""
    a_pool, b_pool = pools
    draw = lambda pool, shape: pool[[rng.randrange(len(pool)) for _ in range(int(np.prod(shape, dtype=np.int64)))]] \
        .reshape(shape)  # noqa: E731
    a, b = draw(a_pool, a_shape), draw(b_pool, b_shape)
    if t.signed and not t.is_float and (b == -1).any():
        a = np.where(a == t.low, np.array(t.low + 1, dtype=t.dtype), a).astype(t.dtype)
    return np.ascontiguousarray(a), np.ascontiguousarray(b)


# [impl->req~div-rt-d2~1]
def write_broadcast_sets(root, profile_name, type_names, forms, quick):
    """The broadcasting sets of the given forms (BROADCAST_FORMS) under root/broadcast/<profile>/<type>/<set>/,
    ONNX node tests whose models carry the shapes (and for the legacy form the opset and the broadcast and axis
    attributes); the operands are drawn from the element-wise sets' hard values, the expected output is
    sonnx_div.div's under the form's options. Returns {type: [set record]} as write_sets does, each record's
    reference naming its form."""
    written = {}
    for type_name in type_names:
        t = tensors.TYPES[type_name]
        rng = random.Random("%s-%s-broadcast-%d" % (profile_name, type_name, SEED))
        pools = _operand_pools(profile_name, t, quick)
        records = []
        if "multidirectional" in forms:
            options, onnx_test = MULTIDIRECTIONAL[profile_name]
            for name, a_shape, b_shape in MULTIDIRECTIONAL_SHAPES:
                a, b = _broadcast_operands(t, pools, a_shape, b_shape, rng)
                folder = os.path.join(root, "broadcast", profile_name, type_name, name)
                records.append(_write_set(folder, profile_name, t, name, a, b, options, 14 if options[
                    "profile"] == "onnx" else PROFILES[profile_name]["opset"], onnx_test,
                    {"form": "multidirectional", "a_shape": list(a_shape), "b_shape": list(b_shape)}))
        if "legacy" in forms and profile_name == "onnx-14":
            for name, opset, a_shape, b_shape, axis in LEGACY_SHAPES:
                if type_name not in LEGACY_TYPES[opset]:
                    continue
                a, b = _broadcast_operands(t, pools, a_shape, b_shape, rng)
                options = {"profile": "onnx", "opset": opset, "broadcast": 1}
                if axis is not None:
                    options["axis"] = axis
                folder = os.path.join(root, "broadcast", profile_name, type_name, name)
                records.append(_write_set(folder, profile_name, t, name, a, b, options, opset, "--profile onnx",
                                          {"form": "legacy", "a_shape": list(a_shape), "b_shape": list(b_shape),
                                           "attributes": {"broadcast": 1, "axis": axis}}))
        written[type_name] = records
    return written
