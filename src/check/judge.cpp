// The judge: element-by-element conformance of a candidate result, on threads.
#include "sonnx/check/judge.hpp"

#include <algorithm>
#include <limits>
#include <memory>
#include <stdexcept>

#include "sonnx/check/profile_rules.hpp"
#include "sonnx/oracle/element_words.hpp"
#include "sonnx/oracle/fast_measure.hpp"
#include "sonnx/oracle/float_oracle.hpp"
#include "sonnx/oracle/int_oracle.hpp"
#include "sonnx/oracle/shards.hpp"
#include "sonnx/parallel/work_pool.hpp"

namespace sonnx::check {

namespace {

using oracle::ElementTraits;
using oracle::FloatFormat;
using oracle::IntQuotient;
using oracle::IntVerdict;
using oracle::Measure;
using oracle::ValueClass;

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

// One worker's share of the elements while it judges them: a report under
// construction, with its worst elements kept cheaply.
struct Share {
    Report report;
    std::uint32_t failed{0U};
    std::uint64_t first_invalid{kNoIndex};  // integers under refuse: lowest zero divisor or MIN / -1
    IntVerdict invalid_verdict{IntVerdict::ok};
    bool sorted_prefix{false};  // worst holds the limit worst so far, sorted, then later ones

    void keep(const ElementCheck& e, std::size_t limit) {
        std::vector<ElementCheck>& worst = report.worst;
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
        std::vector<ElementCheck>& worst = report.worst;
        std::sort(worst.begin(), worst.end(), worse);
        if (worst.size() > limit) {
            worst.resize(limit);
        }
        sorted_prefix = (limit > 0U) && (worst.size() == limit);  // worst[0, limit) sorted from here on
    }
    // The share as a report: trimmed, failed requirements named, or its stop.
    Report finished(ElementType type, std::size_t limit) {
        if (first_invalid != kNoIndex) {
            Report stopped;
            stopped.type = type;
            const bool zero = (invalid_verdict == IntVerdict::zero_divisor);
            stopped.precondition = Status{zero ? StatusCode::zero_divisor : StatusCode::overflow,
                                          zero ? RequirementId::div_int_c3 : RequirementId::div_int_d2,
                                          zero ? Operand::b : Operand::a, first_invalid};
            return stopped;
        }
        trim(limit);
        for (std::size_t bit = 0; bit < sizeof kFailedNames / sizeof kFailedNames[0]; ++bit) {
            if ((failed & (1U << bit)) != 0U) {
                report.failed_requirements.emplace_back(kFailedNames[bit]);
            }
        }
        std::sort(report.failed_requirements.begin(), report.failed_requirements.end());
        report.type = type;
        return report;
    }
};

// The requirement a wrong float result violates, from the operands' classes (DIV-CLI-D6).
std::uint32_t float_failures(const FloatFormat& format, std::uint64_t a, std::uint64_t b, const Measure& m,
                             std::uint64_t candidate) {
    // [impl->req~div-cli-d6~3]
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
        return kSpecialBucket;
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

class ChunkChecker {
public:
    ChunkChecker(ElementType type, const Settings& settings, IntRounding rounding, const void* a, const void* b,
                 const void* y, const OperandMap& map)
        : type_(type),
          traits_(oracle::element_traits(type)),
          accept_(settings.accept),
          rounding_(rounding),
          list_undefined_(undefined_policy(settings) == UndefinedPolicy::list),
          limit_(settings.worst),
          a_(a),
          b_(b),
          y_(y),
          a_index_(map.y, map.a_on_y),
          b_index_(map.y, map.b_on_y) {
        if (traits_.is_float) {
            format_ = &oracle::float_format(type);
            float_oracle_ = std::make_unique<oracle::FloatOracle>(*format_);
        }
    }

    void check(std::uint64_t begin, std::uint64_t end, Share& share) {
        Report& r = share.report;
        for (std::uint64_t i = begin; i < end; ++i) {
            ElementCheck e = load(i);
            if (traits_.is_float) {
                check_float(e, share);
            } else {
                const IntVerdict verdict = check_int(e, share);
                if (verdict != IntVerdict::ok) {
                    if (!list_undefined_) {
                        if (e.index < share.first_invalid) {
                            share.first_invalid = e.index;
                            share.invalid_verdict = verdict;
                        }
                        return;  // a precondition fails in this chunk: nothing after it matters
                    }
                    // DIV-CLI-D14: counted, not judged; a worker's chunks rise, so
                    // its first `limit` are the lowest it meets.
                    // [impl->req~div-cli-d14~1]
                    ++r.undefined;
                    if (r.undefined_elements.size() < limit_) {
                        r.undefined_elements.push_back(UndefinedElement{
                            i, e.a, e.b, e.candidate,
                            (verdict == IntVerdict::zero_divisor) ? StatusCode::zero_divisor : StatusCode::overflow});
                    }
                    continue;
                }
            }
            if (e.conforming) {
                ++r.conforming;
            }
            if (!e.conforming && e.flushed) {
                ++r.flushed;  // DIV-CLI-D16: its own class, with its true error
            } else if (e.special_mismatch) {
                ++r.special_mismatches;
            } else {
                // a conforming element, or a finite error
            }
            r.max_ulps = std::max(r.max_ulps, e.ulps);
            r.max_error_units = std::max(r.max_error_units, e.error_units);
            share.keep(e, limit_);
        }
    }

private:
    ElementCheck load(std::uint64_t i) const {
        ElementCheck e;
        e.index = i;
        e.a = oracle::load_element(traits_, a_, a_index_.of(i));
        e.b = oracle::load_element(traits_, b_, b_index_.of(i));
        e.candidate = oracle::load_element(traits_, y_, i);
        return e;
    }

    // [impl->req~div-cli-d15~1]
    void check_float(ElementCheck& e, Share& share) {
        // A correctly rounded normal quotient is verified without MPFR, with
        // the very Measure MPFR gives (DIV-CLI-D15); the rest goes to MPFR.
        Measure m{};
        if (!oracle::fast_measure(*format_, e.a, e.b, e.candidate, m)) {
            m = float_oracle_->measure(e.a, e.b, e.candidate);
        }
        e.expected = m.expected;
        e.ulps = m.ulps;
        e.special_mismatch = m.special_mismatch;
        e.flushed = m.flush_explained;
        switch (accept_.level) {
            case Acceptance::half_ulp:
                e.conforming = m.within_half_ulp;
                break;
            case Acceptance::one_ulp:
                e.conforming = m.within_one_ulp;
                break;
            // ulps is the exact ratio rounded up to a double and the bound a
            // double, so ulps <= bound exactly when the ratio is (DIV-CLI-D5).
            case Acceptance::ulps:
                e.conforming = (m.ulps <= accept_.max_ulps);
                break;
            default:
                e.conforming = m.exact_match;
                break;
        }
        Report& r = share.report;
        if (m.bit_identical) {
            ++r.exact_matches;  // bit-exact is bit-identical: a quiet NaN of another sign or payload conforms only
        }
        ++r.histogram[bucket_of(m.ulps, m.special_mismatch, m.within_half_ulp, m.within_one_ulp)];
        if (!e.conforming) {
            share.failed |= float_failures(*format_, e.a, e.b, m, e.candidate);
        }
    }

    IntQuotient quotient_of(const ElementCheck& e) {
        return traits_.is_signed ? int_oracle_.signed_quotient(type_, static_cast<std::int64_t>(e.a),
                                                               static_cast<std::int64_t>(e.b), rounding_)
                                 : int_oracle_.unsigned_quotient(type_, e.a, e.b);
    }

    // The element word of the quotient under the rounding not asked for (signed types only).
    std::uint64_t other_rounding_quotient(const ElementCheck& e) {
        const IntRounding other = (rounding_ == IntRounding::floor) ? IntRounding::toward_zero : IntRounding::floor;
        const IntQuotient q = int_oracle_.signed_quotient(type_, static_cast<std::int64_t>(e.a),
                                                          static_cast<std::int64_t>(e.b), other);
        return static_cast<std::uint64_t>(q.signed_value);
    }

    // The oracle's verdict; the pair is judged only when it is ok.
    IntVerdict check_int(ElementCheck& e, Share& share) {
        const IntQuotient q = quotient_of(e);
        if (q.verdict != IntVerdict::ok) {
            return q.verdict;
        }
        Report& r = share.report;
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
            ++r.exact_matches;
        } else {
            share.failed |= ((rounding_ == IntRounding::floor) ? int_f1 : int_d1) | int_acc1;
            if (traits_.is_signed && (other_rounding_quotient(e) == e.candidate)) {
                ++r.other_rounding_matches;  // for the hint about --int-rounding (DIV-CLI-D18)
            }
        }
        ++r.histogram[bucket_of(e.ulps, false, false, false)];
        return IntVerdict::ok;
    }

    ElementType type_;
    ElementTraits traits_;
    AcceptanceLevel accept_;
    IntRounding rounding_;
    bool list_undefined_;
    std::size_t limit_;
    const void* a_;
    const void* b_;
    const void* y_;
    OperandIndex a_index_;
    OperandIndex b_index_;
    const FloatFormat* format_{nullptr};  // floats only
    std::unique_ptr<oracle::FloatOracle> float_oracle_;
    oracle::IntOracle int_oracle_;
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

// A view's buffer holds its `n` elements: a caller's error otherwise.
void require_elements(const ConstTensorView& v, std::uint64_t n, const ElementTraits& t) {
    if ((n > 0U) && ((v.data == nullptr) || (v.size_bytes / t.size < n))) {
        throw std::invalid_argument("check: a buffer is smaller than its shape");
    }
}

bool known_type(ElementType type) { return static_cast<std::uint8_t>(type) < kElementTypeCount; }

// A view's shape as Y's dims (at most kMaxRank axes).
std::vector<std::uint64_t> dims_of(const Shape& shape) {
    return std::vector<std::uint64_t>(shape.dims.begin(),
                                      shape.dims.begin() + std::min<std::uint32_t>(shape.rank, kMaxRank));
}

// The operator's preconditions on A and B that do not depend on element
// values (type_and_shape_preconditions), then INT4/UINT4 ranges.
// [impl->req~div-cli-d7~3]
Status static_preconditions(const ConstTensorView& a, const ConstTensorView& b, const DivOptions& profile,
                            OperandMap& map) {
    const Status status = type_and_shape_preconditions(a.type, a.shape, b.type, b.shape, profile, map);
    if (!status.is_ok()) {
        return status;
    }
    const ElementTraits t = oracle::element_traits(a.type);
    require_elements(a, count_of(a.shape), t);
    require_elements(b, count_of(b.shape), t);
    if (!t.is_float && (t.bits == 4U)) {
        const std::int64_t low = oracle::int_min(t);
        const auto high = static_cast<std::int64_t>(oracle::int_max(t));
        for (const ConstTensorView* v : {&a, &b}) {
            const std::uint64_t n = count_of(v->shape);
            for (std::uint64_t i = 0; i < n; ++i) {
                const auto value = static_cast<std::int64_t>(oracle::load_element(t, v->data, i));
                if ((value < low) || (value > high)) {
                    return Status{StatusCode::value_out_of_range, RequirementId::div_int_d4,
                                  (v == &a) ? Operand::a : Operand::b, i};
                }
            }
        }
    }
    return Status{};
}

// Y of another type or shape than A / B has (candidate_status), with a
// buffer that holds Y's elements otherwise.
// [impl->req~div-cli-d7~3]
Status candidate_mismatch(const ConstTensorView& a, const ConstTensorView& y, const Shape& y_shape) {
    const Status status = candidate_status(a.type, y_shape, y.type, y.shape);
    if (status.is_ok()) {
        require_elements(y, count_of(y_shape), oracle::element_traits(a.type));
    }
    return status;
}

}  // namespace

// The operator's checks on the options, A's and B's types and their shapes,
// in its order (DIV-API-D2, DIV-PROF-D3), by the judge's own rules: the
// profile's options, the types, the profile's types, ranks, the shape
// rule, sizes.
// [impl->req~div-cli-d7~3]
Status type_and_shape_preconditions(ElementType a_type, const Shape& a, ElementType b_type, const Shape& b,
                                    const DivOptions& profile, OperandMap& map) {
    Status status = options_preconditions(profile);
    if (status.is_ok() && !known_type(a_type)) {
        status = Status{StatusCode::unsupported_type, RequirementId::div_api_d6, Operand::a, 0U};
    }
    if (status.is_ok() && !known_type(b_type)) {
        status = Status{StatusCode::unsupported_type, RequirementId::div_api_d6, Operand::b, 0U};
    }
    if (status.is_ok() && (b_type != a_type)) {
        const bool is_float = oracle::element_traits(a_type).is_float;
        status = Status{StatusCode::type_mismatch, is_float ? RequirementId::div_float_c2 : RequirementId::div_int_c2,
                        Operand::b, 0U};
    }
    if (status.is_ok()) {
        status = shape_preconditions(a_type, a, b, profile, map);
    }
    return status;
}

// [impl->req~div-cli-d7~3]
Status candidate_status(ElementType type, const Shape& expected, ElementType y_type, const Shape& y) {
    const ElementTraits t = oracle::element_traits(type);
    if (y_type != type) {
        return Status{StatusCode::type_mismatch, t.is_float ? RequirementId::div_float_c2 : RequirementId::div_int_c2,
                      Operand::y, 0U};
    }
    std::uint64_t axis = 0U;
    if (differ(expected, y, axis)) {
        return Status{StatusCode::shape_mismatch, t.is_float ? RequirementId::div_float_c1 : RequirementId::div_int_c1,
                      Operand::y, axis};
    }
    return Status{};
}

std::vector<std::uint64_t> result_dims(ElementType a_type, const Shape& a, ElementType b_type, const Shape& b,
                                       const Settings& settings) {
    OperandMap map{};
    if ((a_type != b_type) || !shape_preconditions(a_type, a, b, settings.profile, map).is_ok()) {
        return dims_of(a);
    }
    return dims_of(map.y);
}

std::vector<std::uint64_t> result_dims(const ConstTensorView& a, const ConstTensorView& b, const Settings& settings) {
    return result_dims(a.type, a.shape, b.type, b.shape, settings);
}

// [impl->req~div-cli-d5~3]
// [impl->req~div-cli-d6~3]
// [impl->req~div-cli-d7~3]
// [impl->req~div-cli-d14~1]
// [impl->req~div-cli-d19~2]
// [impl->req~div-tq-d2~2]
Report judge(const ConstTensorView& a, const ConstTensorView& b, const ConstTensorView& y, const Settings& settings) {
    const std::string problem = settings_problem(settings);
    if (!problem.empty()) {
        throw std::invalid_argument("check: " + problem);
    }
    Report report;
    report.type = a.type;
    OperandMap map{};
    report.precondition = static_preconditions(a, b, settings.profile, map);
    if (!report.precondition.is_ok()) {
        return report;
    }
    // The elements [first, end) of Y: all of them, or one shard (DIV-CLI-D20).
    const oracle::ShardRange shard = oracle::shard_range(count_of(map.y), settings.shard.index, settings.shard.count);
    report.candidate_mismatch = candidate_mismatch(a, y, map.y);
    if (!report.candidate_mismatch.is_ok()) {
        report.elements = shard.end - shard.first;
        return report;  // no element judged; none conforms
    }
    const IntRounding rounding = rounding_of(settings.profile);
    const std::uint64_t first = shard.first;
    const std::uint64_t n = shard.end - shard.first;
    const std::uint64_t chunks = (n + kChunk - 1U) / kChunk;
    // Chunk c is the elements [first + c kChunk, first + min(n, (c + 1) kChunk)):
    // each worker's chunks rise (the pool hands them out in increasing
    // order), and the shares merge into the same report whichever worker
    // judged which chunk (DIV-CLI-D6). A worker that throws (out of memory)
    // is the pool's rule: no report, the exception rethrown (DIV-CLI-D21).
    struct Worker {
        Share share;
        std::unique_ptr<ChunkChecker> checker;
    };
    parallel::PoolOptions options;
    options.threads = settings.threads;
    std::vector<Worker> workers = parallel::run_pool(
        chunks, options,
        [&]() {
            return Worker{Share{},
                          std::make_unique<ChunkChecker>(a.type, settings, rounding, a.data, b.data, y.data, map)};
        },
        [&](Worker& worker, std::uint64_t c) {
            const std::uint64_t end = std::min(n, (c + 1U) * kChunk);
            worker.checker->check(first + c * kChunk, first + end, worker.share);
            worker.share.report.elements += end - c * kChunk;
        },
        []() noexcept {});
    for (Worker& worker : workers) {
        merge_into(report, worker.share.finished(a.type, settings.worst), settings.worst);
    }
    return report;
}

}  // namespace sonnx::check
