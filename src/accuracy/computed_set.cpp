// ComputedSet: a set of values of one format, with its signed zeros,
// infinities and NaN (symbolic_domain_error.hpp).
#include <string>

#include "value_set_arithmetic.hpp"
#include "sonnx/accuracy/symbolic_domain_error.hpp"

namespace sonnx::accuracy {

// [impl->req~div-uv-d2~1]
ComputedSet ComputedSet::finite_point(const Bound& value) {
    ComputedSet set;
    set.finite_ = point(value);
    set.has_finite_ = true;
    if (value == 0) {
        set.negative_zero_ = negative_sign(value);
        set.positive_zero_ = !set.negative_zero_;
    }
    return set;
}

// [impl->req~div-uv-d2~1]
ComputedSet ComputedSet::finite_range(const Bound& low_end, const Bound& high_end) {
    ComputedSet set;
    set.finite_ = span(low_end, high_end);
    set.has_finite_ = true;
    if ((low_end < 0) && (high_end > 0)) {
        set.positive_zero_ = true;
        set.negative_zero_ = true;
    }
    for (const Bound* end : {&low_end, &high_end}) {
        if (*end == 0) {
            set.negative_zero_ = set.negative_zero_ || negative_sign(*end);
            set.positive_zero_ = set.positive_zero_ || !negative_sign(*end);
        }
    }
    return set;
}

// [impl->req~div-uv-d2~1]
ComputedSet ComputedSet::infinity(bool negative) {
    ComputedSet set;
    set.add_infinity(negative);
    return set;
}

// [impl->req~div-uv-d2~1]
ComputedSet ComputedSet::not_a_number() {
    ComputedSet set;
    set.nan_ = true;
    return set;
}

// [impl->req~div-uv-d2~1]
ComputedSet ComputedSet::nothing() { return ComputedSet(); }

// [impl->req~div-uv-d2~1]
bool ComputedSet::only_finite() const { return has_finite_ && !positive_infinity_ && !negative_infinity_ && !nan_; }

// [impl->req~div-uv-d2~1]
bool ComputedSet::only_infinite() const { return !has_finite_ && !nan_ && (positive_infinity_ || negative_infinity_); }

// [impl->req~div-uv-d2~1]
bool ComputedSet::only_nan() const { return nan_ && !has_finite_ && !positive_infinity_ && !negative_infinity_; }

// [impl->req~div-uv-d2~1]
bool ComputedSet::is_single_finite() const {
    return only_finite() && is_point(finite_) && !(positive_zero_ && negative_zero_);
}

// [impl->req~div-uv-d2~1]
void ComputedSet::add_finite(const Interval& values, bool positive_zero, bool negative_zero) {
    finite_ = has_finite_ ? hull(finite_, values) : values;
    has_finite_ = true;
    positive_zero_ = positive_zero_ || positive_zero;
    negative_zero_ = negative_zero_ || negative_zero;
}

// [impl->req~div-uv-d2~1]
void ComputedSet::add_infinity(bool negative) {
    if (negative) {
        negative_infinity_ = true;
    } else {
        positive_infinity_ = true;
    }
}

// [impl->req~div-uv-d2~1]
void ComputedSet::add_nan() { nan_ = true; }

// [impl->req~div-uv-d2~1]
void ComputedSet::join(const ComputedSet& other) {
    if (other.has_finite_) {
        add_finite(other.finite_, other.positive_zero_, other.negative_zero_);
    }
    positive_infinity_ = positive_infinity_ || other.positive_infinity_;
    negative_infinity_ = negative_infinity_ || other.negative_infinity_;
    nan_ = nan_ || other.nan_;
}

// [impl->req~div-uv-d1~1]
std::string ComputedSet::to_text() const {
    std::string text;
    const auto add = [&text](const std::string& part) { text += (text.empty() ? "" : " u ") + part; };
    if (has_finite_) {
        std::string zeros;
        if (contains_zero(finite_)) {
            zeros = (positive_zero_ && negative_zero_) ? " (+-0)" : (negative_zero_ ? " (-0)" : " (+0)");
        }
        add(sonnx::accuracy::to_text(finite_) + zeros);
    }
    if (positive_infinity_) {
        add("+inf");
    }
    if (negative_infinity_) {
        add("-inf");
    }
    if (nan_) {
        add("NaN");
    }
    return text.empty() ? "{}" : text;
}

}  // namespace sonnx::accuracy
