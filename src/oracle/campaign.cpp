// Campaign engine: blocks of operand pairs, each a function of its number
// only, checked on the worker pool's threads (src/parallel); the caller's
// thread reports progress.
#include "sonnx/oracle/campaign.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>

#include "campaign_operands.hpp"
#include "sonnx/oracle/element_words.hpp"
#include "sonnx/oracle/float_oracle.hpp"
#include "sonnx/oracle/int_oracle.hpp"
#include "sonnx/oracle/shards.hpp"
#include "sonnx/parallel/work_pool.hpp"
#include "sonnx/text/element_text.hpp"
#include "sonnx/text/status_text.hpp"

namespace sonnx::oracle {

namespace {

constexpr std::size_t kBlockPairs = 4096U;
constexpr std::size_t kMaxExamples = 10U;

using Words = std::vector<std::uint64_t>;

// Block k's pairs depend on k alone, so results do not depend on the threads.
struct BlockSource {
    std::uint64_t blocks{0U};
    std::uint64_t pairs{0U};
    std::function<void(std::uint64_t block, Words& a, Words& b)> fill;
    std::function<std::uint64_t(std::uint64_t block)> pairs_before;  // in the blocks below `block`
    std::uint64_t first_block{0U};  // a shard: blocks [first_block, end_block)
    std::uint64_t end_block{0U};
};

// A shard's blocks (DIV-CLI-D20), and the pairs they hold.
// [impl->req~div-cli-d20~2]
void select_shard(BlockSource& source, std::uint64_t index, std::uint64_t count) {
    const ShardRange range = shard_range(source.blocks, index, count);
    source.first_block = range.first;
    source.end_block = range.end;
    source.pairs = source.pairs_before(source.end_block) - source.pairs_before(source.first_block);
}

struct Mismatch {
    std::uint64_t block;
    std::size_t index;
    std::string text;
};

Shape shape_1d(std::uint64_t n) {
    Shape shape{};
    shape.rank = 1U;
    shape.dims[0] = n;
    return shape;
}

// Checks blocks of pairs against the division under test; one per worker thread.
// [impl->req~div-cli-d8~2]
// [impl->req~div-tq-d1~3]
class BlockChecker {
public:
    BlockChecker(ElementType type, IntRounding rounding, DivFunction subject)
        : type_(type), traits_(element_traits(type)), rounding_(rounding), subject_(subject) {
        if (traits_.is_float) {
            float_oracle_ = std::make_unique<FloatOracle>(float_format(type));
        }
    }

    std::uint64_t check(std::uint64_t block, const Words& a, const Words& b, std::vector<Mismatch>& found) {
        return traits_.is_float ? check_float(block, a, b, found) : check_int(block, a, b, found);
    }

private:
    std::string operands(std::uint64_t a, std::uint64_t b) const {
        return std::string(element_type_name(type_)) + " " + text::element_value_text(type_, a) + " / " +
               text::element_value_text(type_, b);
    }

    Status run(const Words& a, const Words& b, const std::vector<std::size_t>& which, bool with_report = false) {
        const std::size_t n = which.size();
        a_bytes_.resize(n * traits_.size);  // every byte stored below
        b_bytes_.resize(n * traits_.size);
        y_bytes_.assign(n * traits_.size, 0xA5U);  // a pattern the core must not leave on success
        for (std::size_t i = 0; i < n; ++i) {
            store_element(traits_, a_bytes_.data(), i, a[which[i]]);
            store_element(traits_, b_bytes_.data(), i, b[which[i]]);
        }
        const Shape shape = shape_1d(n);
        DivReport report{};
        return subject_(ConstTensorView{type_, shape, a_bytes_.data(), a_bytes_.size()},
                        ConstTensorView{type_, shape, b_bytes_.data(), b_bytes_.size()},
                        TensorView{type_, shape, y_bytes_.data(), y_bytes_.size()}, DivOptions{rounding_},
                        with_report ? &report : nullptr);
    }

    // The oracle's quotient is matched by the same encoding, or when it is a
    // NaN by any quiet NaN (the top bit of the significand set).
    bool matches(std::uint64_t expected, std::uint64_t y) const {
        const FloatFormat& format = float_format(type_);
        if (classify(format, expected).value_class != ValueClass::nan) {
            return expected == y;
        }
        const std::uint64_t quiet_bit = std::uint64_t{1} << static_cast<unsigned>(format.precision - 2);
        return (classify(format, y).value_class == ValueClass::nan) && ((y & quiet_bit) != 0U);
    }

    std::uint64_t check_float(std::uint64_t block, const Words& a, const Words& b, std::vector<Mismatch>& found) {
        all_.resize(a.size());
        std::iota(all_.begin(), all_.end(), std::size_t{0});
        // Without a report, then with one: both kernels of the 16-bit types.
        const Status plain = run(a, b, all_, false);
        plain_y_ = y_bytes_;
        const Status flagged = run(a, b, all_, true);
        std::uint64_t mismatches = 0U;
        for (std::size_t i = 0; i < a.size(); ++i) {
            const std::uint64_t expected = float_oracle_->quotient(a[i], b[i]);
            const std::uint64_t y = load_element(traits_, plain_y_.data(), i);
            const std::uint64_t y_flagged = load_element(traits_, y_bytes_.data(), i);
            const bool plain_ok = plain.is_ok() && matches(expected, y);
            const bool flagged_ok = flagged.is_ok() && matches(expected, y_flagged);
            if (!plain_ok || !flagged_ok) {
                ++mismatches;
                if (found.size() < kMaxExamples) {
                    const std::string core = plain.is_ok() ? text::element_text(type_, y) : text::status_summary(plain);
                    const std::string with_flags = flagged.is_ok() ? text::element_text(type_, y_flagged)
                                                                   : text::status_summary(flagged);
                    found.push_back(Mismatch{block, i,
                                             operands(a[i], b[i]) + ": core " + core +
                                                 (plain_ok && !flagged_ok ? " (with flags: " + with_flags + ")" : "") +
                                                 ", oracle " + text::element_text(type_, expected)});
                }
            }
        }
        return mismatches;
    }

    IntQuotient exact(std::uint64_t a, std::uint64_t b) {
        return traits_.is_signed ? int_oracle_.signed_quotient(type_, static_cast<std::int64_t>(a),
                                                               static_cast<std::int64_t>(b), rounding_)
                                 : int_oracle_.unsigned_quotient(type_, a, b);
    }

    std::uint64_t check_int(std::uint64_t block, const Words& a, const Words& b, std::vector<Mismatch>& found) {
        valid_.clear();
        verdicts_.clear();
        for (std::size_t i = 0; i < a.size(); ++i) {
            const IntQuotient q = exact(a[i], b[i]);
            verdicts_.push_back(q);
            if (q.verdict == IntVerdict::ok) {
                valid_.push_back(i);
            }
        }
        std::uint64_t mismatches = 0U;
        // The block's first mismatches in pair order, though valid pairs are judged before invalid ones.
        auto report = [&](std::size_t i, const std::string& core, const std::string& oracle) {
            ++mismatches;
            const auto last = std::max_element(found.begin(), found.end(),
                                               [](const Mismatch& x, const Mismatch& y) { return x.index < y.index; });
            if (found.size() < kMaxExamples) {
                found.push_back(Mismatch{block, i, operands(a[i], b[i]) + ": core " + core + ", oracle " + oracle});
            } else if (last->index > i) {
                *last = Mismatch{block, i, operands(a[i], b[i]) + ": core " + core + ", oracle " + oracle};
            }
        };
        auto expected_word = [&](std::size_t i) {
            return traits_.is_signed ? static_cast<std::uint64_t>(verdicts_[i].signed_value)
                                     : verdicts_[i].unsigned_value;
        };
        // Valid pairs in one call; if the core rejects it, pair by pair to find the culprit.
        const Status batch = run(a, b, valid_);
        for (std::size_t k = 0; k < valid_.size(); ++k) {
            const std::size_t i = valid_[k];
            Status status = batch;
            std::uint64_t y = load_element(traits_, y_bytes_.data(), k);
            if (!batch.is_ok()) {
                status = run(a, b, std::vector<std::size_t>{i});
                y = load_element(traits_, y_bytes_.data(), 0U);
            }
            if (!status.is_ok() || (y != expected_word(i))) {
                report(i, status.is_ok() ? text::element_text(type_, y) : text::status_summary(status),
                       text::element_text(type_, expected_word(i)));
            }
        }
        // Invalid pairs one by one: the right rejection, and Y untouched.
        for (std::size_t i = 0; i < a.size(); ++i) {
            const IntVerdict verdict = verdicts_[i].verdict;
            if (verdict == IntVerdict::ok) {
                continue;
            }
            const Status status = run(a, b, std::vector<std::size_t>{i});
            const bool zero = (verdict == IntVerdict::zero_divisor);
            const bool right = zero ? ((status.code == StatusCode::zero_divisor) &&
                                       (status.requirement == RequirementId::div_int_c3) &&
                                       (status.operand == Operand::b))
                                    : ((status.code == StatusCode::overflow) &&
                                       (status.requirement == RequirementId::div_int_d2) &&
                                       (status.operand == Operand::a));
            const bool untouched = std::all_of(y_bytes_.begin(), y_bytes_.end(),
                                               [](std::uint8_t v) { return v == 0xA5U; });
            if (!right || (status.index != 0U) || !untouched) {
                report(i, text::status_summary(status) + (untouched ? "" : ", Y written"),
                       zero ? "zero divisor (DIV-INT-C3)" : "overflow (DIV-INT-D2)");
            }
        }
        return mismatches;
    }

    ElementType type_;
    ElementTraits traits_;
    IntRounding rounding_;
    DivFunction subject_;
    std::unique_ptr<FloatOracle> float_oracle_;
    IntOracle int_oracle_;
    std::vector<std::uint8_t> a_bytes_, b_bytes_, y_bytes_, plain_y_;
    std::vector<std::size_t> all_, valid_;
    std::vector<IntQuotient> verdicts_;
};

// Pair order.
bool earlier(const Mismatch& x, const Mismatch& y) {
    return (x.block != y.block) ? (x.block < y.block) : (x.index < y.index);
}

// One worker's checker and what it found in its blocks.
struct BlockWorker {
    std::unique_ptr<BlockChecker> checker;
    Words a;
    Words b;
    std::vector<Mismatch> found;
    std::vector<Mismatch> examples;
    std::uint64_t mismatches{0U};
};

// The blocks on the pool (src/parallel): block first_block + k is task k; a
// worker that throws is the pool's rule (DIV-CLI-D21): no result, the
// exception rethrown. The caller's thread reports progress.
CampaignResult run_blocks(const BlockSource& source, ElementType type, IntRounding rounding, unsigned threads,
                          const CampaignProgress& progress, DivFunction subject) {
    if (subject == nullptr) {
        throw std::invalid_argument("campaign: no division to check");
    }
    const auto began = std::chrono::steady_clock::now();
    std::atomic<std::uint64_t> done{0U};
    parallel::PoolOptions options;
    options.threads = threads;
    if (progress) {
        options.progress = [&progress, &done, &source]() { progress(done.load(), source.pairs); };
    }
    std::vector<BlockWorker> workers = parallel::run_pool(
        source.end_block - source.first_block, options,
        [&]() { return BlockWorker{std::make_unique<BlockChecker>(type, rounding, subject), {}, {}, {}, {}, 0U}; },
        [&](BlockWorker& worker, std::uint64_t task) {
            const std::uint64_t block = source.first_block + task;
            worker.a.clear();
            worker.b.clear();
            worker.found.clear();
            source.fill(block, worker.a, worker.b);
            worker.mismatches += worker.checker->check(block, worker.a, worker.b, worker.found);
            done += worker.a.size();
            worker.examples.insert(worker.examples.end(), worker.found.begin(), worker.found.end());
        },
        []() noexcept {});
    // The first mismatches in pair order, whatever the threads did.
    std::vector<Mismatch> examples;
    CampaignResult result;
    result.pairs = done.load();
    for (const BlockWorker& worker : workers) {
        result.mismatches += worker.mismatches;
        examples.insert(examples.end(), worker.examples.begin(), worker.examples.end());
    }
    std::sort(examples.begin(), examples.end(), earlier);
    for (std::size_t i = 0; (i < examples.size()) && (i < kMaxExamples); ++i) {
        result.examples.push_back(examples[i].text);
        result.example_positions.emplace_back(examples[i].block, examples[i].index);
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    return result;
}

// Every value of a type of at most 16 bits, as element words in increasing order of encoding/value.
Words all_values(ElementType type) {
    const ElementTraits t = element_traits(type);
    Words values;
    if (t.is_float) {
        for (std::uint64_t v = 0; v < (std::uint64_t{1} << t.bits); ++v) {
            values.push_back(v);
        }
    } else {
        for (std::int64_t v = int_min(t); v <= static_cast<std::int64_t>(int_max(t)); ++v) {
            values.push_back(static_cast<std::uint64_t>(v));
        }
    }
    return values;
}

BlockSource exhaustive_source(ElementType type) {
    auto values = std::make_shared<const Words>(all_values(type));
    BlockSource source;
    source.blocks = values->size();
    const std::uint64_t size = values->size();  // pairs and the block range: select_shard
    source.pairs_before = [size](std::uint64_t block) { return block * size; };
    source.fill = [values](std::uint64_t block, Words& a, Words& b) {
        a.assign(values->size(), (*values)[block]);
        b = *values;
    };
    return source;
}

BlockSource sampled_source(const CampaignPlan& plan) {
    auto table = std::make_shared<const Words>(detail::boundary_operands(plan.type));
    const std::uint64_t table_pairs = table->size() * table->size();
    const std::uint64_t table_blocks = (table_pairs + kBlockPairs - 1U) / kBlockPairs;
    const std::uint64_t random_blocks = (plan.random_pairs + kBlockPairs - 1U) / kBlockPairs;
    BlockSource source;
    source.blocks = table_blocks + random_blocks;
    source.pairs_before = [=](std::uint64_t block) {
        if (block <= table_blocks) {
            return std::min(table_pairs, block * kBlockPairs);
        }
        return table_pairs + std::min(plan.random_pairs, (block - table_blocks) * kBlockPairs);
    };
    const ElementType type = plan.type;
    const std::uint64_t seed = plan.seed;
    const std::uint64_t random_total = plan.random_pairs;
    source.fill = [=](std::uint64_t block, Words& a, Words& b) {
        if (block < table_blocks) {
            const std::uint64_t end = std::min(table_pairs, (block + 1U) * kBlockPairs);
            for (std::uint64_t i = block * kBlockPairs; i < end; ++i) {
                a.push_back((*table)[i / table->size()]);
                b.push_back((*table)[i % table->size()]);
            }
        } else {
            const std::uint64_t r = block - table_blocks;
            const std::uint64_t count = std::min<std::uint64_t>(kBlockPairs, random_total - r * kBlockPairs);
            detail::random_pairs(type, seed, r, static_cast<std::size_t>(count), a, b);
        }
    };
    return source;
}

}  // namespace

bool supports_exhaustive(ElementType type) { return element_traits(type).bits <= 16U; }

// [impl->req~div-cli-d11~2]
std::uint64_t planned_pairs(const CampaignPlan& plan) {
    if ((plan.mode == CampaignMode::sampled) && (plan.random_pairs > kMaxRandomPairs)) {
        throw std::invalid_argument("a sampled campaign takes at most 2^60 random pairs, not " +
                                    std::to_string(plan.random_pairs));
    }
    if ((plan.shard_count != 1U) || (plan.shard_index != 0U)) {
        BlockSource source = (plan.mode == CampaignMode::exhaustive) ? exhaustive_source(plan.type)
                                                                     : sampled_source(plan);
        select_shard(source, plan.shard_index, plan.shard_count);
        return source.pairs;
    }
    if (plan.mode == CampaignMode::exhaustive) {
        const unsigned bits = element_traits(plan.type).bits;
        return std::uint64_t{1} << (2U * bits);
    }
    const std::uint64_t table = detail::boundary_operands(plan.type).size();
    return table * table + plan.random_pairs;
}

// [impl->req~div-cli-d20~2]
ShardRange planned_blocks(const CampaignPlan& plan) {
    (void)planned_pairs(plan);  // refuses a plan the block arithmetic cannot hold
    const BlockSource source = (plan.mode == CampaignMode::exhaustive) ? exhaustive_source(plan.type)
                                                                       : sampled_source(plan);
    return shard_range(source.blocks, plan.shard_index, plan.shard_count);
}

// [impl->req~div-cli-d20~2]
std::uint64_t pairs_in_block(const CampaignPlan& plan, std::uint64_t block) {
    (void)planned_pairs(plan);
    const BlockSource source = (plan.mode == CampaignMode::exhaustive) ? exhaustive_source(plan.type)
                                                                       : sampled_source(plan);
    if (block >= source.blocks) {
        return 0U;
    }
    return source.pairs_before(block + 1U) - source.pairs_before(block);
}

// [impl->req~div-cli-d20~2]
std::pair<std::uint64_t, std::uint64_t> planned_pair(const CampaignPlan& plan, std::uint64_t block,
                                                     std::uint64_t index) {
    (void)planned_pairs(plan);
    const BlockSource source = (plan.mode == CampaignMode::exhaustive) ? exhaustive_source(plan.type)
                                                                       : sampled_source(plan);
    if (block >= source.blocks) {
        throw std::out_of_range("campaign: no block " + std::to_string(block));
    }
    Words a;
    Words b;
    source.fill(block, a, b);
    if (index >= a.size()) {
        throw std::out_of_range("campaign: block " + std::to_string(block) + " has no pair " + std::to_string(index));
    }
    return {a[static_cast<std::size_t>(index)], b[static_cast<std::size_t>(index)]};
}

CampaignResult run_campaign(const CampaignPlan& plan, const CampaignProgress& progress) {
    if ((plan.mode == CampaignMode::exhaustive) && !supports_exhaustive(plan.type)) {
        throw std::invalid_argument(std::string("no exhaustive campaign for ") + element_type_name(plan.type) +
                                    ": more than 2^32 pairs");
    }
    const std::uint64_t planned = planned_pairs(plan);  // refuses a count the block arithmetic cannot hold
    BlockSource source = (plan.mode == CampaignMode::exhaustive) ? exhaustive_source(plan.type) : sampled_source(plan);
    select_shard(source, plan.shard_index, plan.shard_count);
    CampaignResult result = run_blocks(source, plan.type, plan.rounding, plan.threads, progress, plan.subject);
    // A campaign never reports work it did not do: the pairs checked are the pairs planned.
    if ((source.pairs != planned) || (result.pairs != planned)) {
        throw std::logic_error("campaign: " + std::to_string(planned) + " pairs planned, " +
                               std::to_string(result.pairs) + " checked");
    }
    return result;
}

CampaignResult float16_campaign(ElementType type, std::uint32_t start, std::uint32_t stride, unsigned threads,
                                const CampaignProgress& progress, DivFunction subject) {
    if ((type != ElementType::fp16) && (type != ElementType::bf16)) {
        throw std::invalid_argument("float16_campaign: FP16 or BF16 only");
    }
    const std::uint32_t step = std::max(1U, stride);
    BlockSource source;
    source.blocks = (start < 65536U) ? ((65536U - start + step - 1U) / step) : 0U;
    source.pairs = source.blocks * 65536U;
    source.end_block = source.blocks;
    source.fill = [start, step](std::uint64_t block, Words& a, Words& b) {  // a and b come empty
        for (std::uint64_t i = 0; i < 65536U; ++i) {
            a.push_back(start + block * step);
            b.push_back(i);
        }
    };
    return run_blocks(source, type, IntRounding::floor, threads, progress, subject);
}

}  // namespace sonnx::oracle
