"""Float operands whose quotients are hard to round: near a rounding midpoint, exactly on one, near the overflow
threshold and near the underflow thresholds. Built in exact rational arithmetic (fractions), for any binary
format given by its precision p and exponent width (tensors.ElementType), so that the choice does not rest on
the machine's own division.

A quotient a / b lands where it is wanted by choosing the target y first and a divisor b, then taking
a = RN(y * b): a / b is then y within a relative 2^-p, on either side of it."""
from fractions import Fraction


class Format:
    def __init__(self, t):
        self.p = t.p
        self.bits = t.bits
        self.bias = (1 << (t.exponent_bits - 1)) - 1
        self.emin = 1 - self.bias                                 # the exponent of the smallest normal
        self.emax = self.bias
        self.min_subnormal = Fraction(1, 1 << (self.p - 1 - self.emin))
        self.max = (2 - Fraction(1, 1 << (self.p - 1))) * Fraction(2) ** self.emax
        self.infinity_bits = ((1 << t.exponent_bits) - 1) << (self.p - 1)

    def exponent(self, x):
        """e with 2^e <= x < 2^(e+1), for x > 0."""
        e = x.numerator.bit_length() - x.denominator.bit_length()
        return e if Fraction(2) ** e <= x else e - 1

    def ulp(self, x):
        """The spacing of the format at |x| (the subnormal spacing below 2^emin)."""
        return Fraction(2) ** (max(self.exponent(abs(x)), self.emin) - (self.p - 1)) if x else self.min_subnormal

    def bits_of(self, x):
        """x rounded to nearest, ties to even, as the format's bit pattern (+-infinity beyond the range)."""
        sign = (1 << (self.bits - 1)) if x < 0 else 0
        x = abs(x)
        if x == 0:
            return sign
        e = max(self.exponent(x), self.emin)
        m = round(x / Fraction(2) ** (e - (self.p - 1)))     # round() of a Fraction: ties to even
        if m == 1 << self.p:
            m, e = 1 << (self.p - 1), e + 1
        if e > self.emax:
            return sign | self.infinity_bits
        if m < (1 << (self.p - 1)):                           # subnormal (or zero)
            return sign | m
        return sign | ((e + self.bias) << (self.p - 1)) | (m - (1 << (self.p - 1)))

    def is_finite_nonzero(self, bits):
        """Whether a bit pattern is a finite non-zero value (bits_of gives no NaN)."""
        return 0 < (bits & ((1 << (self.bits - 1)) - 1)) < self.infinity_bits

    def value(self, bits):
        """The value of a finite bit pattern."""
        sign = -1 if bits >> (self.bits - 1) else 1
        magnitude = bits & ((1 << (self.bits - 1)) - 1)
        biased, m = magnitude >> (self.p - 1), magnitude & ((1 << (self.p - 1)) - 1)
        if biased == 0:
            return sign * m * self.min_subnormal
        return sign * (m + (1 << (self.p - 1))) * Fraction(2) ** (biased - self.bias - (self.p - 1))

    def random_value(self, rng, low_exponent, high_exponent):
        """A random value of the format with exponent in [low, high] (clipped to the normal range), random sign."""
        e = rng.randint(max(low_exponent, self.emin), min(high_exponent, self.emax))
        m = (1 << (self.p - 1)) | rng.getrandbits(self.p - 1)
        return (-1) ** rng.getrandbits(1) * m * Fraction(2) ** (e - (self.p - 1))


def _jitter(rng, bits):
    """A random exact rational in [-2^-(bits + 1), 2^-(bits + 1))."""
    return (Fraction(rng.getrandbits(32), 1 << 32) - Fraction(1, 2)) / (1 << bits)


def _pair_for(f, y, b):
    """(a, b) as bit patterns with a = RN(y * b), or None when a is not a finite non-zero value."""
    a = f.bits_of(y * b)
    if not f.is_finite_nonzero(a):
        return None
    return a, f.bits_of(b)


def _exact(f, x):
    """x's bit pattern when x is a finite non-zero value of the format, else None."""
    bits = f.bits_of(x)
    return bits if x != 0 and f.is_finite_nonzero(bits) and f.value(bits) == x else None


def _next_to_midpoint(f, rng):
    """Integers A, B of at most p bits with A 2^(p+1) / B = M - r / B for an odd M of p + 1 bits (a midpoint of
    the p-bit grid) and a small r != 0: B = r M^-1 modulo 2^(p+1), so M B = A 2^(p+1) + r. The quotient then
    lies |r| / B, about |r| 2^-(p-1), units of its last place from the midpoint: the classic hard case."""
    modulus = 1 << (f.p + 1)
    while True:
        m = (1 << f.p) | (rng.getrandbits(f.p - 1) << 1) | 1
        r = rng.choice([-3, -2, -1, 1, 2, 3])
        b = (r * pow(m, -1, modulus)) % modulus
        if (1 << (f.p - 1)) <= b < (1 << f.p):
            a, rest = divmod(m * b - r, modulus)
            if rest == 0 and 0 < a < (1 << f.p):
                return a, b


def rounding_midpoints(t, n, rng):
    """Quotients within a few 2^-p ulp of a midpoint between two neighbours of the format (the hardest cases
    for rounding to nearest: _next_to_midpoint), scaled to random exponents of the normal and subnormal range;
    and, every fourth case, exact midpoints of the subnormal range, a = (2j + 1) 2^k ulp_min over b = 2^(k + 1),
    which only ties to even decides."""
    f = Format(t)
    a, b = [], []
    while len(a) < n:
        if len(a) % 4 == 3:
            j = rng.getrandbits(f.p - 1)
            k = rng.randint(0, f.p)
            pair = (_exact(f, (2 * j + 1) * f.min_subnormal * 2 ** k), _exact(f, Fraction(2) ** (k + 1)))
        else:
            big_a, big_b = _next_to_midpoint(f, rng)
            eb = rng.randint(-f.p, f.p)
            eq = rng.randint(f.emin - f.p // 2, f.emax - 1)
            pair = (_exact(f, big_a * Fraction(2) ** (eq + eb - f.p)), _exact(f, big_b * Fraction(2) ** (eb - f.p)))
        if None not in pair:
            a.append(pair[0] | (rng.getrandbits(1) << (f.bits - 1)))
            b.append(pair[1] | (rng.getrandbits(1) << (f.bits - 1)))
    return a, b


def near_overflow(t, n, rng):
    """Quotients around the largest finite value and the overflow threshold max + ulp(max) / 2 (below it a
    quotient rounds to max, at and above it to infinity): targets in the top binade and at the threshold,
    slightly perturbed, over divisors below one."""
    f = Format(t)
    threshold = f.max + f.ulp(f.max) / 2
    a, b = [], []
    while len(a) < n:
        kind = len(a) % 3
        if kind == 0:
            y = f.random_value(rng, f.emax, f.emax)
        else:
            y = threshold * (1 + _jitter(rng, f.p - 1))
        divisor = abs(f.random_value(rng, -f.p, -1))
        pair = _pair_for(f, y, divisor)
        if pair is not None:
            sign = rng.getrandbits(1) << (f.bits - 1)
            a.append(pair[0] ^ sign)
            b.append(pair[1] ^ (rng.getrandbits(1) << (f.bits - 1)))
    return a, b


def near_underflow(t, n, rng):
    """Quotients around the underflow thresholds: the smallest normal 2^emin (where results become subnormal),
    half the smallest subnormal (below it a quotient rounds to zero, above it to the smallest subnormal) and
    the smallest subnormal itself, slightly perturbed, over divisors of one and more."""
    f = Format(t)
    targets = [Fraction(2) ** f.emin, f.min_subnormal / 2, f.min_subnormal, 3 * f.min_subnormal / 2]
    a, b = [], []
    while len(a) < n:
        y = targets[len(a) % len(targets)] * (1 + _jitter(rng, f.p - 2))
        divisor = abs(f.random_value(rng, 0, f.p))
        pair = _pair_for(f, y, divisor)
        if pair is not None:
            a.append(pair[0] ^ (rng.getrandbits(1) << (f.bits - 1)))
            b.append(pair[1] ^ (rng.getrandbits(1) << (f.bits - 1)))
    return a, b
