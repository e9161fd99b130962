// Bisection of the float scenario's boxes (box_splitting.hpp).
#include "box_splitting.hpp"

#include <mpfr.h>

#include <stdexcept>
#include <vector>

namespace sonnx::accuracy {

namespace {

Bound signed_zero(bool negative) {
    Bound zero(0);
    if (negative) {
        mpfr_neg(zero.backend().data(), zero.backend().data(), MPFR_RNDN);
    }
    return zero;
}

}  // namespace

ComputedSet computed_set(const Bound& lo, const Bound& hi, bool negative_zero) {
    if (lo == hi) {
        return ComputedSet::finite_point((lo == 0) ? signed_zero(negative_zero) : lo);
    }
    return ComputedSet::finite_range(lo, hi);
}

WorkBox work_box(const FloatBox& box) {
    WorkBox w;
    w.a_low = to_bound(box.a.computed_low);
    w.a_high = to_bound(box.a.computed_high);
    w.b_low = to_bound(box.b.computed_low);
    w.b_high = to_bound(box.b.computed_high);
    w.a_negative_zero = box.a.negative_zero;
    w.b_negative_zero = box.b.negative_zero;
    w.ea_low = to_bound(box.a.error_low);
    w.ea_high = to_bound(box.a.error_high);
    w.eb_low = to_bound(box.b.error_low);
    w.eb_high = to_bound(box.b.error_high);
    if ((w.a_low > w.a_high) || (w.b_low > w.b_high) || (w.ea_low > w.ea_high) || (w.eb_low > w.eb_high)) {
        throw std::invalid_argument("box with low > high: " + to_text(box));
    }
    return w;
}

namespace {

// Ordinal of a finite format value: adjacent values have adjacent ordinals.
long long ordinal(const Bound& x, const FormatSpec& format) {
    const std::uint64_t bits = encode(abs(x), format);
    const long long magnitude = static_cast<long long>(bits);
    return (x < 0) ? -magnitude : magnitude;
}

Bound from_ordinal(long long n, const FormatSpec& format) {
    const std::uint64_t magnitude = static_cast<std::uint64_t>((n < 0) ? -n : n);
    Bound value = decode(magnitude, format).value;
    return (n < 0) ? Bound(-value) : value;
}

void split_range(const Bound& lo, const Bound& hi, const FormatSpec& format, Bound& left_high, Bound& right_low) {
    if (format.exact) {
        left_high = Bound((lo + hi) / 2);
        right_low = left_high;
        return;
    }
    const long long first = ordinal(lo, format);
    const long long last = ordinal(hi, format);
    const long long middle = first + (last - first) / 2;
    left_high = from_ordinal(middle, format);
    right_low = from_ordinal(middle + 1, format);
}

Bound relative_width(const Bound& lo, const Bound& hi, const Bound& scale) {
    const Bound reference = (scale == 0) ? Bound(1) : Bound(abs(scale));
    return Bound(Bound(hi - lo) / reference);
}

}  // namespace

bool split(const WorkBox& box, bool floats, const FormatSpec& format, WorkBox& left, WorkBox& right) {
    left = box;
    right = box;
    if (floats) {
        const long long a_count = format.exact ? 0 : ordinal(box.a_high, format) - ordinal(box.a_low, format);
        const long long b_count = format.exact ? 0 : ordinal(box.b_high, format) - ordinal(box.b_low, format);
        const bool exact_a = format.exact && (box.a_low != box.a_high);
        const bool exact_b = format.exact && (box.b_low != box.b_high);
        if ((a_count > 0) && (a_count >= b_count)) {
            split_range(box.a_low, box.a_high, format, left.a_high, right.a_low);
        } else if (b_count > 0) {
            split_range(box.b_low, box.b_high, format, left.b_high, right.b_low);
        } else if (exact_a) {
            split_range(box.a_low, box.a_high, format, left.a_high, right.a_low);
        } else if (exact_b) {
            split_range(box.b_low, box.b_high, format, left.b_high, right.b_low);
        } else {
            return false;
        }
        return true;
    }
    const Bound wa = relative_width(box.ea_low, box.ea_high, box.a_high);
    const Bound wb = relative_width(box.eb_low, box.eb_high, box.b_high);
    if ((wa <= 0) && (wb <= 0)) {
        return false;
    }
    if (wa >= wb) {
        left.ea_high = Bound((box.ea_low + box.ea_high) / 2);
        right.ea_low = left.ea_high;
    } else {
        left.eb_high = Bound((box.eb_low + box.eb_high) / 2);
        right.eb_low = left.eb_high;
    }
    return true;
}

std::vector<WorkBox> value_points(const WorkBox& box, const FormatSpec& format, std::size_t limit) {
    std::vector<WorkBox> points;
    if (format.exact) {
        return points;
    }
    const long long a_first = ordinal(box.a_low, format);
    const long long a_last = ordinal(box.a_high, format);
    const long long b_first = ordinal(box.b_low, format);
    const long long b_last = ordinal(box.b_high, format);
    const long long count = (a_last - a_first + 1) * (b_last - b_first + 1);
    if ((count <= 1) || (count > static_cast<long long>(limit))) {
        return points;
    }
    for (long long i = a_first; i <= a_last; ++i) {
        for (long long j = b_first; j <= b_last; ++j) {
            WorkBox p = box;
            p.a_low = from_ordinal(i, format);
            p.a_high = p.a_low;
            p.b_low = from_ordinal(j, format);
            p.b_high = p.b_low;
            points.push_back(p);
        }
    }
    return points;
}

}  // namespace sonnx::accuracy
