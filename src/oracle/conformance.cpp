// Element-by-element conformance of a candidate result, on threads.
#include "sonnx/oracle/conformance.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "sonnx/oracle/element_words.hpp"
#include "sonnx/oracle/fast_measure.hpp"
#include "sonnx/oracle/float_oracle.hpp"
#include "sonnx/oracle/int_oracle.hpp"
#include "sonnx/oracle/shards.hpp"

namespace sonnx::oracle {

namespace {

constexpr std::uint64_t kChunk = 65536U;
constexpr std::uint64_t kNoIndex = std::numeric_limits<std::uint64_t>::max();

// The requirements a non-conforming element fails, as bits.
enum FailedBit : std::uint32_t {
    float_f1 = 1U << 0U,
    float_d1 = 1U << 1U,
    float_d2 = 1U << 2U,
    float_d3 = 1U << 3U,
    float_d4 = 1U << 4U,
    float_acc1 = 1U << 5U,
    int_f1 = 1U << 6U,
    int_d1 = 1U << 7U,
    int_acc1 = 1U << 8U,
};
constexpr const char* kFailedNames[] = {"DIV-FLOAT-F1", "DIV-FLOAT-D1", "DIV-FLOAT-D2",
                                        "DIV-FLOAT-D3", "DIV-FLOAT-D4", "DIV-FLOAT-ACC1",
                                        "DIV-INT-F1",   "DIV-INT-D1",   "DIV-INT-ACC1"};

// Largest error first (integers: the exact distance breaks ties of its double), then lowest index.
bool worse(const ElementCheck& x, const ElementCheck& y) {
    if (x.ulps != y.ulps) {
        return x.ulps > y.ulps;
    }
    if (x.error_units != y.error_units) {
        return x.error_units > y.error_units;
    }
    return x.index < y.index;
}

struct Partial {
    std::uint64_t conforming{0U};
    std::uint64_t exact_matches{0U};
    std::uint64_t special_mismatches{0U};
    std::uint64_t flushed{0U};
    std::uint64_t other_rounding_matches{0U};
    double max_ulps{0.0};
    std::uint64_t max_error_units{0U};
    std::array<std::uint64_t, kHistogramBuckets> histogram{};
    std::vector<ElementCheck> worst;
    std::uint32_t failed{0U};
    std::uint64_t first_invalid{kNoIndex};  // integers: lowest zero divisor or MIN / -1
    IntVerdict invalid_verdict{IntVerdict::ok};
    std::uint64_t undefined{0U};
    bool sorted_prefix{false};              // worst holds the limit worst so far, sorted, then later ones

    void keep(const ElementCheck& e, std::size_t limit) {
        if (((e.ulps <= 0.0) && e.conforming) || (limit == 0U)) {
            return;  // exact values are nobody's worst
        }
        if (sorted_prefix && !worse(e, worst[limit - 1U])) {
            return;  // no worse than the limit-th worst so far: it cannot make the list
        }
        worst.push_back(e);
        if ((worst.size() == limit) || (worst.size() > 2U * limit + 16U)) {
            trim(limit);
        }
    }
    void trim(std::size_t limit) {
        std::sort(worst.begin(), worst.end(), worse);
        if (worst.size() > limit) {
            worst.resize(limit);
        }
        sorted_prefix = (limit > 0U) && (worst.size() == limit);  // worst[0, limit) sorted from here on
    }
};

// The requirement a wrong float result violates, from the operands' classes (DIV-CLI-D6).
std::uint32_t float_failures(const FloatFormat& format, std::uint64_t a, std::uint64_t b, const Measure& m,
                             std::uint64_t candidate) {
    // [impl->req~div-cli-d6~2]
    const ValueClass ca = classify(format, a).value_class;
    const ValueClass cb = classify(format, b).value_class;
    if ((ca == ValueClass::nan) || (cb == ValueClass::nan) || ((ca == ValueClass::zero) && (cb == ValueClass::zero)) ||
        ((ca == ValueClass::infinity) && (cb == ValueClass::infinity))) {
        return float_d3;
    }
    if (cb == ValueClass::zero) {
        return float_d1;
    }
    if (ca == ValueClass::infinity) {
        return float_d4;
    }
    if ((ca == ValueClass::zero) || (cb == ValueClass::infinity)) {
        return float_d2;
    }
    if (m.special_mismatch && (classify(format, candidate).value_class == ValueClass::zero)) {
        return float_f1 | float_d2;  // a zero of the wrong sign: the sign rule, not the size
    }
    return m.within_half_ulp ? float_f1 : (float_f1 | float_acc1);
}

std::size_t bucket_of(double ulps, bool special, bool within_half, bool within_one) {
    if (special) {
        return 8U;
    }
    if (ulps <= 0.0) {
        return 0U;
    }
    if (within_half) {
        return 1U;
    }
    if (within_one) {
        return 2U;
    }
    if (ulps < 2.0) {
        return 3U;
    }
    if (ulps < 4.0) {
        return 4U;
    }
    if (ulps < 16.0) {
        return 5U;
    }
    return (ulps < 256.0) ? 6U : 7U;
}

// Where an operand's element for Y's flat index i is: i itself for an
// operand of Y's shape, else the operand's row-major index of Y's
// coordinates with the axes where it repeats (extent 1) pinned at 0.
// [impl->req~div-cli-d19~1]
class OperandIndex {
public:
    OperandIndex(const Shape& y, const Shape& aligned) : rank_(y.rank) {
        std::uint64_t step = 1U;
        for (std::uint32_t k = y.rank; k > 0U; --k) {
            const std::uint32_t axis = k - 1U;
            extent_[axis] = y.dims[axis];
            stride_[axis] = (aligned.dims[axis] == 1U) ? 0U : step;
            identity_ = identity_ && (aligned.dims[axis] == y.dims[axis]);
            step *= aligned.dims[axis];
        }
    }
    [[nodiscard]] std::uint64_t of(std::uint64_t y_index) const {
        if (identity_) {
            return y_index;
        }
        std::uint64_t rest = y_index;
        std::uint64_t index = 0U;
        for (std::uint32_t k = rank_; k > 0U; --k) {
            const std::uint32_t axis = k - 1U;
            index += (rest % extent_[axis]) * stride_[axis];  // extents are non-zero when Y has elements
            rest /= extent_[axis];
        }
        return index;
    }

private:
    std::uint32_t rank_;
    bool identity_{true};
    std::array<std::uint64_t, kMaxRank> extent_{};
    std::array<std::uint64_t, kMaxRank> stride_{};
};

class ChunkChecker {
public:
    ChunkChecker(ElementType type, const CheckOptions& options, const void* a, const void* b, const void* y,
                 const BroadcastLayout& layout)
        : type_(type),
          traits_(element_traits(type)),
          options_(options),
          a_(a),
          b_(b),
          y_(y),
          a_index_(layout.y, layout.a_aligned),
          b_index_(layout.y, layout.b_aligned) {
        if (traits_.is_float) {
            format_ = &float_format(type);
            float_oracle_ = std::make_unique<FloatOracle>(*format_);
        }
    }

    void check(std::uint64_t begin, std::uint64_t end, Partial& p) {
        for (std::uint64_t i = begin; i < end; ++i) {
            ElementCheck e = load(i);
            if (traits_.is_float) {
                check_float(e, p);
            } else {
                const IntVerdict verdict = check_int(e, p);
                if (verdict != IntVerdict::ok) {
                    if (!options_.list_undefined) {
                        if (e.index < p.first_invalid) {
                            p.first_invalid = e.index;
                            p.invalid_verdict = verdict;
                        }
                        return;  // a precondition fails in this chunk: nothing after it matters
                    }
                    ++p.undefined;  // DIV-CLI-D14: counted, not judged; listed afterwards
                    continue;
                }
            }
            if (e.conforming) {
                ++p.conforming;
            }
            if (!e.conforming && e.flushed) {
                ++p.flushed;  // DIV-CLI-D16: its own class, with its true error
            } else if (e.special_mismatch) {
                ++p.special_mismatches;
            } else {
                // a conforming element, or a finite error
            }
            p.max_ulps = std::max(p.max_ulps, e.ulps);
            p.max_error_units = std::max(p.max_error_units, e.error_units);
            p.keep(e, options_.worst_count);
        }
    }

    // The undefined elements of [begin, end), in index order, until `out` holds `limit` (DIV-CLI-D14).
    // [impl->req~div-cli-d14~1]
    void collect_undefined(std::uint64_t begin, std::uint64_t end, std::size_t limit,
                           std::vector<UndefinedElement>& out) {
        for (std::uint64_t i = begin; (i < end) && (out.size() < limit); ++i) {
            const ElementCheck e = load(i);
            const IntVerdict verdict = quotient_of(e).verdict;
            if (verdict != IntVerdict::ok) {
                out.push_back(UndefinedElement{
                    i, e.a, e.b, e.candidate,
                    (verdict == IntVerdict::zero_divisor) ? StatusCode::zero_divisor : StatusCode::overflow});
            }
        }
    }

private:
    ElementCheck load(std::uint64_t i) const {
        ElementCheck e;
        e.index = i;
        e.a = load_element(traits_, a_, a_index_.of(i));
        e.b = load_element(traits_, b_, b_index_.of(i));
        e.candidate = load_element(traits_, y_, i);
        return e;
    }

    // [impl->req~div-cli-d15~1]
    void check_float(ElementCheck& e, Partial& p) {
        // A correctly rounded normal quotient is verified without MPFR, with
        // the very Measure MPFR gives (DIV-CLI-D15); the rest goes to MPFR.
        Measure m{};
        if (!fast_measure(*format_, e.a, e.b, e.candidate, m)) {
            m = float_oracle_->measure(e.a, e.b, e.candidate);
        }
        e.expected = m.expected;
        e.ulps = m.ulps;
        e.special_mismatch = m.special_mismatch;
        e.flushed = m.flush_explained;
        switch (options_.accept) {
            case Acceptance::half_ulp:
                e.conforming = m.within_half_ulp;
                break;
            case Acceptance::one_ulp:
                e.conforming = m.within_one_ulp;
                break;
            // ulps is the exact ratio rounded up to a double and the bound a
            // double, so ulps <= bound exactly when the ratio is (DIV-CLI-D5).
            case Acceptance::ulps:
                e.conforming = (m.ulps <= options_.max_ulps);
                break;
            default:
                e.conforming = m.exact_match;
                break;
        }
        if (m.exact_match) {
            ++p.exact_matches;
        }
        ++p.histogram[bucket_of(m.ulps, m.special_mismatch, m.within_half_ulp, m.within_one_ulp)];
        if (!e.conforming) {
            p.failed |= float_failures(*format_, e.a, e.b, m, e.candidate);
        }
    }

    IntQuotient quotient_of(const ElementCheck& e) {
        return traits_.is_signed ? int_oracle_.signed_quotient(type_, static_cast<std::int64_t>(e.a),
                                                               static_cast<std::int64_t>(e.b), options_.rounding)
                                 : int_oracle_.unsigned_quotient(type_, e.a, e.b);
    }

    // The element word of the quotient under the rounding not asked for (signed types only).
    std::uint64_t other_rounding_quotient(const ElementCheck& e) {
        const IntRounding other = (options_.rounding == IntRounding::floor) ? IntRounding::toward_zero
                                                                            : IntRounding::floor;
        const IntQuotient q = int_oracle_.signed_quotient(type_, static_cast<std::int64_t>(e.a),
                                                          static_cast<std::int64_t>(e.b), other);
        return static_cast<std::uint64_t>(q.signed_value);
    }

    // The oracle's verdict; the pair is judged only when it is ok.
    IntVerdict check_int(ElementCheck& e, Partial& p) {
        const IntQuotient q = quotient_of(e);
        if (q.verdict != IntVerdict::ok) {
            return q.verdict;
        }
        e.expected = traits_.is_signed ? static_cast<std::uint64_t>(q.signed_value) : q.unsigned_value;
        // |Y - Q| exactly: the larger minus the smaller, modulo 2^64, is below 2^64.
        const bool candidate_larger = traits_.is_signed ? (static_cast<std::int64_t>(e.candidate) >
                                                           static_cast<std::int64_t>(e.expected))
                                                        : (e.candidate > e.expected);
        const std::uint64_t distance = candidate_larger ? (e.candidate - e.expected) : (e.expected - e.candidate);
        e.ulps = static_cast<double>(distance);
        e.error_units = distance;  // exact: the double above orders, this one is printed
        e.conforming = (distance == 0U);
        if (e.conforming) {
            ++p.exact_matches;
        } else {
            p.failed |= ((options_.rounding == IntRounding::floor) ? int_f1 : int_d1) | int_acc1;
            if (traits_.is_signed && (other_rounding_quotient(e) == e.candidate)) {
                ++p.other_rounding_matches;  // for the hint about --int-rounding (DIV-CLI-D18)
            }
        }
        ++p.histogram[bucket_of(e.ulps, false, false, false)];
        return IntVerdict::ok;
    }

    ElementType type_;
    ElementTraits traits_;
    CheckOptions options_;
    const void* a_;
    const void* b_;
    const void* y_;
    OperandIndex a_index_;
    OperandIndex b_index_;
    const FloatFormat* format_{nullptr};  // floats only
    std::unique_ptr<FloatOracle> float_oracle_;
    IntOracle int_oracle_;
};

std::uint64_t count_of(const Shape& shape) {
    std::uint64_t count = 1U;
    for (std::uint32_t i = 0; i < shape.rank; ++i) {
        count *= shape.dims[i];
    }
    return count;
}

// The first axis where two shapes differ, or the shorter rank.
bool differ(const Shape& x, const Shape& y, std::uint64_t& axis) {
    const std::uint32_t common = std::min(x.rank, y.rank);
    for (std::uint32_t i = 0; i < common; ++i) {
        if (x.dims[i] != y.dims[i]) {
            axis = i;
            return true;
        }
    }
    axis = common;
    return x.rank != y.rank;
}

// The extents of a shape other than 1, in order: what placing it on Y's
// axes (with extent 1 where it repeats) must keep.
std::vector<std::uint64_t> proper_extents(const Shape& shape) {
    std::vector<std::uint64_t> extents;
    for (std::uint32_t k = 0U; k < shape.rank; ++k) {
        if (shape.dims[k] != 1U) {
            extents.push_back(shape.dims[k]);
        }
    }
    return extents;
}

// A layout that div_broadcast_layout could have given for these operands:
// ranks equal to Y's, each aligned extent Y's or 1, and each aligned shape
// the operand's own with extents of 1 put in or taken out. A caller's
// error otherwise.
void check_layout(const ConstTensorView& a, const ConstTensorView& b, const BroadcastLayout& layout) {
    const Shape& y = layout.y;
    bool fits = (layout.a_aligned.rank == y.rank) && (layout.b_aligned.rank == y.rank) && (y.rank <= kMaxRank) &&
                (a.shape.rank <= kMaxRank) && (b.shape.rank <= kMaxRank);
    fits = fits && (proper_extents(layout.a_aligned) == proper_extents(a.shape)) &&
           (proper_extents(layout.b_aligned) == proper_extents(b.shape));
    for (std::uint32_t k = 0U; fits && (k < y.rank); ++k) {
        for (const Shape* aligned : {&layout.a_aligned, &layout.b_aligned}) {
            const std::uint64_t extent = aligned->dims[k];
            fits = fits && ((extent == y.dims[k]) || (extent == 1U));
        }
    }
    if (!fits) {
        throw std::invalid_argument("check_conformance: the broadcast layout does not fit the operands");
    }
}

// A view's buffer holds its `n` elements: a caller's error otherwise.
void require_elements(const ConstTensorView& v, std::uint64_t n, const ElementTraits& t) {
    if ((n > 0U) && ((v.data == nullptr) || (v.size_bytes / t.size < n))) {
        throw std::invalid_argument("check_conformance: a buffer is smaller than its shape");
    }
}

// A's and B's types, shapes and 4-bit ranges, in sonnx::div's order (DIV-API-D2).
// `same_shape`: the sonnx rule, A's and B's shapes equal; otherwise the
// layout has already placed them on Y's axes.
// [impl->req~div-cli-d7~3]
Status static_preconditions(const ConstTensorView& a, const ConstTensorView& b, const ElementTraits& t,
                            bool same_shape) {
    const bool is_float = t.is_float;
    if (b.type != a.type) {
        return Status{StatusCode::type_mismatch, is_float ? RequirementId::div_float_c2 : RequirementId::div_int_c2,
                      Operand::b, 0U};
    }
    std::uint64_t axis = 0U;
    const RequirementId shape_requirement = is_float ? RequirementId::div_float_c1 : RequirementId::div_int_c1;
    if (same_shape && differ(a.shape, b.shape, axis)) {
        return Status{StatusCode::shape_mismatch, shape_requirement, Operand::b, axis};
    }
    require_elements(a, count_of(a.shape), t);
    require_elements(b, count_of(b.shape), t);
    if (!is_float && (t.bits == 4U)) {
        const std::int64_t low = int_min(t);
        const auto high = static_cast<std::int64_t>(int_max(t));
        for (const ConstTensorView* v : {&a, &b}) {
            const std::uint64_t n = count_of(v->shape);
            for (std::uint64_t i = 0; i < n; ++i) {
                const auto value = static_cast<std::int64_t>(load_element(t, v->data, i));
                if ((value < low) || (value > high)) {
                    return Status{StatusCode::value_out_of_range, RequirementId::div_int_d4,
                                  (v == &a) ? Operand::a : Operand::b, i};
                }
            }
        }
    }
    return Status{};
}

// Y of another type or shape than A / B has: not a precondition of the
// operator but a wrong candidate, judged non-conforming (DIV-CLI-D7).
// [impl->req~div-cli-d7~3]
Status candidate_mismatch(const ConstTensorView& a, const ConstTensorView& y, const Shape& y_shape,
                          const ElementTraits& t) {
    const bool is_float = t.is_float;
    if (y.type != a.type) {
        return Status{StatusCode::type_mismatch, is_float ? RequirementId::div_float_c2 : RequirementId::div_int_c2,
                      Operand::y, 0U};
    }
    std::uint64_t axis = 0U;
    if (differ(y_shape, y.shape, axis)) {
        return Status{StatusCode::shape_mismatch, is_float ? RequirementId::div_float_c1 : RequirementId::div_int_c1,
                      Operand::y, axis};
    }
    require_elements(y, count_of(y_shape), t);
    return Status{};
}

}  // namespace

// [impl->req~div-cli-d5~2]
std::string acceptance_name(Acceptance level, double max_ulps) {
    switch (level) {
        case Acceptance::half_ulp:
            return "half-ulp";
        case Acceptance::one_ulp:
            return "one-ulp";
        case Acceptance::ulps:
            return shortest_text(max_ulps) + "ulp";
        default:
            return "exact";
    }
}

// [impl->req~div-cli-d5~2]
bool parse_acceptance(const std::string& text, Acceptance& level, double& max_ulps) {
    for (const Acceptance named : {Acceptance::exact, Acceptance::half_ulp, Acceptance::one_ulp}) {
        if (text == acceptance_name(named, 0.0)) {
            level = named;
            return true;
        }
    }
    // N ulp: a positive decimal number that a double holds exactly, so that
    // the comparison with the exact distance is exact too.
    const std::string suffix = "ulp";
    if ((text.size() <= suffix.size()) || (text.compare(text.size() - suffix.size(), suffix.size(), suffix) != 0)) {
        return false;
    }
    const std::string number = text.substr(0U, text.size() - suffix.size());
    if ((number.find_first_not_of("0123456789.") != std::string::npos) || (number.find_first_of("0123456789") != 0U) ||
        (number.find('.') != number.rfind('.')) || (number.back() == '.')) {
        return false;
    }
    // Digits with at most one inner point: MPFR reads all of it; ternary 0
    // says the decimal value is exact in a double's 53 bits.
    mpfr_t value;
    mpfr_init2(value, 53);
    const int ternary = mpfr_strtofr(value, number.c_str(), nullptr, 10, MPFR_RNDN);
    const double bound = mpfr_get_d(value, MPFR_RNDN);
    mpfr_clear(value);
    if ((ternary != 0) || !(bound > 0.0) || !(bound <= 1e15)) {
        return false;
    }
    level = Acceptance::ulps;
    max_ulps = bound;
    return true;
}

std::string shortest_text(double value) {
    if (std::isinf(value)) {
        return "inf";
    }
    std::string text(32U, '\0');  // the shortest round-trip form of a double takes at most 24 characters
    char* const first = &text[0];
    const std::to_chars_result r = std::to_chars(first, first + text.size(), value);
    text.resize(static_cast<std::size_t>(r.ptr - first));
    return text;
}

const char* histogram_bucket_name(std::size_t bucket) {
    constexpr const char* kNames[kHistogramBuckets] = {"0",       "(0, 0.5]",  "(0.5, 1)", "[1, 2)", "[2, 4)",
                                                       "[4, 16)", "[16, 256)", ">= 256",   "special"};
    return (bucket < kHistogramBuckets) ? kNames[bucket] : "?";
}

std::uint64_t nonconforming(const ConformanceReport& report) {
    return report.elements - report.conforming - report.undefined;
}

bool conforms(const ConformanceReport& report) {
    return report.precondition.is_ok() && report.candidate_mismatch.is_ok() && (nonconforming(report) == 0U);
}

namespace {

// Y against A / B with A's and B's elements found through the layout.
// [impl->req~div-cli-d6~2]
// [impl->req~div-cli-d19~1]
ConformanceReport check_mapped(const ConstTensorView& a, const ConstTensorView& b, const ConstTensorView& y,
                               const BroadcastLayout& layout, bool same_shape, const CheckOptions& options) {
    // The elements [first, end) of Y: all of them, or one shard (DIV-CLI-D20).
    const ShardRange shard = shard_range(count_of(layout.y), options.shard_index, options.shard_count);
    ConformanceReport report;
    report.type = a.type;
    const ElementTraits t = element_traits(a.type);
    report.precondition = static_preconditions(a, b, t, same_shape);
    if (!report.precondition.is_ok()) {
        return report;
    }
    report.candidate_mismatch = candidate_mismatch(a, y, layout.y, t);
    if (!report.candidate_mismatch.is_ok()) {
        report.elements = shard.end - shard.first;
        return report;  // no element judged; none conforms
    }
    const std::uint64_t first = shard.first;
    const std::uint64_t n = shard.end - shard.first;
    const std::uint64_t chunks = (n + kChunk - 1U) / kChunk;
    std::atomic<std::uint64_t> next{0U};
    std::mutex lock;
    std::vector<Partial> partials;
    std::vector<std::uint8_t> has_undefined(chunks);  // per chunk, all zero (DIV-CLI-D14)
    std::exception_ptr failure;
    auto worker = [&]() {
        Partial p;
        try {
            ChunkChecker checker(a.type, options, a.data, b.data, y.data, layout);
            for (std::uint64_t c = next++; c < chunks; c = next++) {
                const std::uint64_t undefined_before = p.undefined;
                checker.check(first + c * kChunk, first + std::min(n, (c + 1U) * kChunk), p);
                has_undefined[c] = static_cast<std::uint8_t>(p.undefined != undefined_before);  // one writer per chunk
            }
            p.trim(options.worst_count);
        } catch (...) {
            const std::lock_guard<std::mutex> guard(lock);
            failure = std::current_exception();
        }
        const std::lock_guard<std::mutex> guard(lock);
        partials.push_back(std::move(p));
    };
    std::vector<std::thread> pool;
    const std::uint64_t threads = std::max<std::uint64_t>(1U, std::min<std::uint64_t>(options.threads, chunks));
    for (std::uint64_t i = 0; i < threads; ++i) {
        pool.emplace_back(worker);
    }
    for (std::thread& thread : pool) {
        thread.join();
    }
    if (failure) {
        std::rethrow_exception(failure);
    }
    std::uint32_t failed = 0U;
    std::uint64_t first_invalid = kNoIndex;
    IntVerdict invalid_verdict = IntVerdict::ok;
    report.elements = n;
    for (const Partial& p : partials) {
        report.conforming += p.conforming;
        report.exact_matches += p.exact_matches;
        report.special_mismatches += p.special_mismatches;
        report.flushed += p.flushed;
        report.other_rounding_matches += p.other_rounding_matches;
        report.max_ulps = std::max(report.max_ulps, p.max_ulps);
        report.max_error_units = std::max(report.max_error_units, p.max_error_units);
        for (std::size_t k = 0; k < kHistogramBuckets; ++k) {
            report.histogram[k] += p.histogram[k];
        }
        report.worst.insert(report.worst.end(), p.worst.begin(), p.worst.end());
        failed |= p.failed;
        report.undefined += p.undefined;
        if (p.first_invalid < first_invalid) {
            first_invalid = p.first_invalid;
            invalid_verdict = p.invalid_verdict;
        }
    }
    if (first_invalid != kNoIndex) {
        // Every chunk records its first invalid pair, so the lowest is the tensor's.
        const bool zero = (invalid_verdict == IntVerdict::zero_divisor);
        ConformanceReport refused;
        refused.type = a.type;
        refused.precondition = Status{zero ? StatusCode::zero_divisor : StatusCode::overflow,
                                      zero ? RequirementId::div_int_c3 : RequirementId::div_int_d2,
                                      zero ? Operand::b : Operand::a, first_invalid};
        return refused;
    }
    std::sort(report.worst.begin(), report.worst.end(), worse);
    if (report.worst.size() > options.worst_count) {
        report.worst.resize(options.worst_count);
    }
    // The undefined elements found again in index order, in the chunks where the
    // workers met them: the list does not depend on which worker took which chunk.
    ChunkChecker listing(a.type, options, a.data, b.data, y.data, layout);
    std::uint64_t begin = 0U;
    for (const std::uint8_t found : has_undefined) {
        if (found != 0U) {
            listing.collect_undefined(first + begin, first + std::min(n, begin + kChunk), options.worst_count,
                                      report.undefined_elements);
        }
        begin += kChunk;
    }
    for (std::size_t bit = 0; bit < sizeof kFailedNames / sizeof kFailedNames[0]; ++bit) {
        if ((failed & (1U << bit)) != 0U) {
            report.failed_requirements.emplace_back(kFailedNames[bit]);
        }
    }
    std::sort(report.failed_requirements.begin(), report.failed_requirements.end());
    return report;
}

}  // namespace

// [impl->req~div-cli-d5~2]
// [impl->req~div-cli-d6~2]
// [impl->req~div-cli-d7~3]
// [impl->req~div-cli-d14~1]
// [impl->req~div-tq-d2~1]
ConformanceReport check_conformance(const ConstTensorView& a, const ConstTensorView& b, const ConstTensorView& y,
                                    const CheckOptions& options) {
    return check_mapped(a, b, y, BroadcastLayout{a.shape, a.shape, b.shape}, true, options);
}

// [impl->req~div-cli-d19~1]
ConformanceReport check_conformance(const ConstTensorView& a, const ConstTensorView& b, const ConstTensorView& y,
                                    const BroadcastLayout& layout, const CheckOptions& options) {
    check_layout(a, b, layout);
    return check_mapped(a, b, y, layout, false, options);
}

}  // namespace sonnx::oracle
