"""What a runtime's wrong elements have in common, found from the data: a hint for its vendor, never a verdict.

The judge (sonnx_div.check_files) says which sets conform and how many elements do not; its own hints
(src/check/hints.cpp, in each report's "hints") cover the integer rounding the other way round, 16-bit
integer files that hold BF16, and flush to zero (the report's flush_to_zero count). What they do not say is
what the wrong elements share. This module reads a type's judged sets again (the operands, the reference's
output, the runtime's output: the files the judge read, through the project's reader sonnx_div.read_tensor),
marks an element wrong where its encoding differs from the reference's (two NaNs agree: the exact level's
rule), takes the marks only where their count is the judge's for the set, and tries simple statements on
them: a magnitude threshold of |A|, |B| or the quotient (|A| >= 2^24), a sign, subnormal operands or
quotients, a divisor of +-1, a NaN or infinity among the operands, the integer rounding the other way, the
quotient computed through float32 or float64, a reciprocal-multiply. A statement of what the elements are
is a hint when every wrong element satisfies it and some right ones do not (at least MIN_OUTSIDE, and
MIN_OUTSIDE_SHARE of them: it tells them apart); one of what the runtime computes, when every wrong element is
what it gives."""
import math
import os

import numpy as np

from . import tensors

MIN_OUTSIDE = 10           # a statement is a hint when at least this many right elements do not satisfy it
MIN_OUTSIDE_SHARE = 0.01   # and at least this share of the right ones
REPRODUCER_ELEMENTS = 8


def _sonnx_div():
    import sonnx_div
    return sonnx_div


def _read(path):
    return _sonnx_div().read_tensor(path)[0]


def _broadcast(a, b, y_shape, options):
    """A and B as Y's elements meet them: NumPy's broadcasting, or the legacy axis rule (B's axes from axis)."""
    axis = options.get("axis")
    if options.get("broadcast") and axis is not None:
        b = b.reshape(b.shape + (1,) * (a.ndim - axis - b.ndim))
    return np.broadcast_to(a, y_shape).reshape(-1), np.broadcast_to(b, y_shape).reshape(-1)


def values(t, array):
    """Elements as float64 (BF16 from its bit patterns)."""
    with np.errstate(invalid="ignore"):
        if t.name == "BF16":
            return (array.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
        return array.astype(np.float64)


def _bits(t, array):
    return array.view(t.bits_dtype) if t.is_float else array


def wrong_mask(t, y, expected):
    """Elements whose encoding differs from the reference's (two NaNs agree)."""
    if not t.is_float:
        return y != expected
    nan = np.isnan(values(t, y)) & np.isnan(values(t, expected))
    return (_bits(t, y) != _bits(t, expected)) & ~nan


def collect(t, jobs_and_reports):
    """The type's elements over its judged sets whose output has the reference's type and shape: a dict of flat
    arrays (a, b, y, expected, wrong, set, index) and the sets left out (with the reason)."""
    parts, left_out = [], []
    for job, report in jobs_and_reports:
        reference = job["record"]["reference"]
        if report.get("candidate_mismatch"):
            continue
        data = tensors.data_dir(job["result"])
        try:
            a, b = _read(os.path.join(data, "input_0.pb")), _read(os.path.join(data, "input_1.pb"))
            y = _read(os.path.join(data, "output_0.pb"))
            expected = _read(os.path.join(tensors.data_dir(job["record"]["folder"]), "output_0.pb"))
            a, b = _broadcast(a, b, expected.shape, reference["options"])
        except (OSError, ValueError, TypeError) as error:
            left_out.append("%s: %s" % (reference["set"], error))
            continue
        y, expected = y.reshape(-1), expected.reshape(-1)
        wrong = wrong_mask(t, y, expected)
        if int(wrong.sum()) != report["nonconforming"]:
            left_out.append("%s: %d elements differ from the reference's encoding, the judge counts %d" % (
                reference["set"], int(wrong.sum()), report["nonconforming"]))
            continue
        parts.append({"a": a, "b": b, "y": y, "expected": expected, "wrong": wrong,
                      "set": np.full(y.size, reference["set"], dtype=object), "index": np.arange(y.size)})
    if not parts:
        return None, left_out
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}, left_out


def _power(exponent):
    return "2^%d" % exponent


def _magnitude(name, x, wrong, largest, smallest):
    """|X| >= 2^k and |X| < 2^k with the k that every wrong element satisfies (said as "X != 0" and "X is
    finite" where the bound is the format's smallest subnormal or beyond its largest finite value)."""
    out = []
    magnitude = np.abs(x)
    finite = np.isfinite(magnitude)
    if not finite[wrong].all():
        return out
    low, high = magnitude[wrong].min(), magnitude[wrong].max()
    if low > 0:
        k = math.floor(math.log2(low))
        text = "%s != 0" % name if 2.0 ** k <= smallest else "|%s| >= %s" % (name, _power(k))
        out.append((text, finite & (magnitude >= 2.0 ** k)))
    if high > 0:
        k = math.floor(math.log2(high)) + 1
        bound = math.inf if k > 1023 else 2.0 ** k   # 2^1024 is beyond float64
        text = "%s finite" % name if bound > largest else "|%s| < %s" % (name, _power(k))
        out.append((text, magnitude < bound))
    elif high == 0:
        out.append(("%s = 0" % name, magnitude == 0))
    return out


def _statements(t, data, profile_options):
    a, b, expected = data["a"], data["b"], data["expected"]
    va, vb, ve = values(t, a), values(t, b), values(t, expected)
    wrong = data["wrong"]
    out = []
    if t.name == "BF16":
        largest, smallest = (2 - 2.0 ** -7) * 2.0 ** 127, 2.0 ** -133
    elif t.is_float:
        info = np.finfo(t.dtype)
        largest, smallest = float(info.max), float(info.smallest_subnormal)
    else:
        largest, smallest = float(t.high), 1.0
    for name, x in (("A", va), ("B", vb), ("the exact quotient", ve)):
        out += _magnitude(name, x, wrong, largest, smallest)
    for name, x in (("A", va), ("B", vb), ("the quotient", ve)):
        out.append(("%s < 0" % name, np.signbit(x) & ~np.isnan(x)))
        out.append(("%s > 0" % name, ~np.signbit(x) & (x != 0) & ~np.isnan(x)))
    out.append(("the divisor is +1 or -1", np.abs(vb) == 1))
    if t.is_float:
        tiny = float(np.finfo(np.float32 if t.name == "BF16" else t.dtype).tiny)
        sub = lambda x: (x != 0) & (np.abs(x) < tiny)  # noqa: E731
        out.append(("A is subnormal", sub(va)))
        out.append(("B is subnormal", sub(vb)))
        out.append(("the exact quotient is subnormal", sub(ve)))
        out.append(("an operand or the quotient is subnormal", sub(va) | sub(vb) | sub(ve)))
        out.append(("an operand is a NaN or an infinity", ~np.isfinite(va) | ~np.isfinite(vb)))
        if t.name in ("FP16", "FP32", "FP64"):
            with np.errstate(all="ignore"):
                reciprocal = np.multiply(a, np.divide(np.ones_like(b), b))
            out.append(("a * (1 / b) in the element type (a reciprocal-multiply)",
                        wrong_mask(t, reciprocal, data["y"]) == 0, True))
    else:
        floor = profile_options.get("rounding") == "floor" or profile_options.get("pythondiv") is True
        for name, through in (("float32", np.float32), ("float64", np.float64)):
            with np.errstate(all="ignore"):
                q = np.divide(a.astype(through), b.astype(through))
                q = np.floor(q) if floor else np.trunc(q)
                finite = np.isfinite(q)
                same = finite & (q.astype(np.float64) == data["y"].astype(np.float64))
            out.append(("the quotient computed in %s, then %s" % (name, "floored" if floor else "truncated"),
                        same, True))
    return out


# [impl->req~div-rt-d3~1]
def find(t, jobs_and_reports, profile_options):
    """(hints, data): statements_from on the type's judged sets, and the collected data (None when nothing was
    collected)."""
    data, left_out = collect(t, jobs_and_reports)
    if data is None or not data["wrong"].any():
        return [], data
    found = statements_from(t, data, profile_options)
    if left_out:
        found.append("(sets left out of this analysis: %s)" % "; ".join(left_out))
    return found, data


# [impl->req~div-rt-d3~1]
def statements_from(t, data, profile_options):
    """The statements every wrong element satisfies: of what the elements are, those that some right ones do not
    satisfy (it tells them apart); of what the runtime computes, those that every wrong element is."""
    wrong = data["wrong"]
    right = ~wrong
    n_wrong, n_right = int(wrong.sum()), int(right.sum())
    hints = []
    for statement in _statements(t, data, profile_options):
        text, mask = statement[0], statement[1]
        if not mask[wrong].all():
            continue
        if len(statement) > 2:   # what the runtime computes: right elements may agree with it too
            hints.append("every one of the %s non-conforming elements is what %s gives" % (
                "{:,}".format(n_wrong), text))
            continue
        outside = int((right & ~mask).sum())   # right elements the statement leaves out: it tells them apart
        if outside < max(MIN_OUTSIDE, MIN_OUTSIDE_SHARE * n_right):
            continue
        hints.append("every one of the %s non-conforming elements has %s; none of the %s elements without it is "
                     "wrong" % ("{:,}".format(n_wrong), text, "{:,}".format(outside)))
    return hints


def pick(data, count=REPRODUCER_ELEMENTS):
    """Up to `count` wrong elements, spread over the wrong ones: their positions in the collected data."""
    where = np.flatnonzero(data["wrong"])
    if where.size <= count:
        return where
    return where[np.linspace(0, where.size - 1, count).round().astype(int)]
