// The worker pool's rule for a worker that throws (DIV-CLI-D21) as the
// judge (check) and the campaign engine meet it. Their workers throw only
// when memory runs out, so this binary replaces operator new: armed, it
// fails the k-th allocation made on a thread other than the caller's, for
// every k in turn. Every run must then either give the very result of an
// undisturbed run or throw std::bad_alloc on the calling thread: never a
// result made from part of the work, never a hang, never a crash.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include "sonnx/check/judge.hpp"
#include "sonnx/div.hpp"
#include "sonnx/oracle/campaign.hpp"

namespace {

std::atomic<bool> armed{false};
std::thread::id caller_thread;  // written only while disarmed
std::atomic<long long> countdown{0};
std::atomic<unsigned long long> worker_allocations{0U};

}  // namespace

// The replaceable allocation functions: operator new[] and the sized and
// array forms of delete call these. gcc, inlining them into the library's
// allocators, takes malloc and free for a mismatch with new and delete.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void* operator new(std::size_t size) {
    if (armed.load() && (std::this_thread::get_id() != caller_thread)) {
        ++worker_allocations;
        if (countdown.fetch_sub(1) == 1) {
            throw std::bad_alloc();
        }
    }
    void* p = std::malloc((size == 0U) ? 1U : size);
    if (p == nullptr) {
        throw std::bad_alloc();
    }
    return p;
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace sonnx {
namespace {

// Workers' allocations fail from the k-th on this thread's runs (k = 0: none).
class FailingAllocation {
public:
    explicit FailingAllocation(long long k) {
        caller_thread = std::this_thread::get_id();
        worker_allocations = 0U;
        countdown = (k == 0) ? -1 : k;
        armed = true;
    }
    ~FailingAllocation() { armed = false; }
    FailingAllocation(const FailingAllocation&) = delete;
    FailingAllocation& operator=(const FailingAllocation&) = delete;
};

// Runs `run` undisturbed, counts its workers' allocations, then fails each
// of them in turn (every `step`-th when there are many): each outcome is the
// undisturbed result or std::bad_alloc. Returns how many runs threw.
template <typename Run>
unsigned fail_each_worker_allocation(Run run, const char* what) {
    const std::string reference = run();
    unsigned long long total = 0U;
    {
        const FailingAllocation none(0);
        EXPECT_EQ(run(), reference) << what << ": the counting run";
        total = worker_allocations.load();
    }
    EXPECT_GT(total, 0U) << what;
    const unsigned long long step = std::max<unsigned long long>(1U, total / 150U);
    unsigned threw = 0U;
    for (unsigned long long k = 1U; k <= total + 1U; k += step) {
        std::string outcome;
        try {
            const FailingAllocation failing(static_cast<long long>(k));
            outcome = run();
        } catch (const std::bad_alloc&) {
            ++threw;
            continue;
        }
        EXPECT_EQ(outcome, reference) << what << ": allocation " << k << " of " << total
                                      << " failed, and a result came back that is not the undisturbed one";
    }
    return threw;
}

// ---- the judge ----

std::string digest(const check::Report& r) {
    std::string s = std::to_string(r.elements) + " " + std::to_string(r.conforming) + " " +
                    std::to_string(r.exact_matches) + " " + std::to_string(r.special_mismatches) + " " +
                    std::to_string(r.undefined) + " " + std::to_string(r.max_ulps) + " " +
                    std::to_string(r.max_error_units) + " " + std::to_string(r.precondition.is_ok()) + " |";
    for (const std::uint64_t n : r.histogram) {
        s += " " + std::to_string(n);
    }
    s += " | worst";
    for (const check::ElementCheck& e : r.worst) {
        s += " " + std::to_string(e.index) + ":" + std::to_string(e.ulps);
    }
    s += " | undefined";
    for (const check::UndefinedElement& e : r.undefined_elements) {
        s += " " + std::to_string(e.index);
    }
    s += " |";
    for (const std::string& id : r.failed_requirements) {
        s += " " + id;
    }
    return s;
}

ConstTensorView view(ElementType type, const Shape& shape, const void* data, std::size_t bytes) {
    return ConstTensorView{type, shape, data, bytes};
}

// 5 chunks of FP32 elements (the last one short); every 997th result one
// ulp off, so that each worker keeps worst elements as it goes.
// [utest->req~div-cli-d21~1]
// [utest->req~div-cli-d6~3]
TEST(PoolUsers, TheJudgeGivesItsWholeReportOrRethrows) {
    RecordProperty("requirements", "DIV-CLI-D21,DIV-CLI-D6");
    constexpr std::size_t kElements = 4U * 65536U + 1234U;
    std::vector<float> a(kElements);
    std::vector<float> b(kElements);
    std::vector<float> y(kElements);
    std::uint32_t state = 12345U;
    for (std::size_t i = 0; i < kElements; ++i) {
        state = state * 1664525U + 1013904223U;
        a[i] = static_cast<float>(state >> 8U) / 1024.0F - 8192.0F;
        state = state * 1664525U + 1013904223U;
        b[i] = static_cast<float>(state >> 8U) / 4096.0F + 0.5F;
    }
    Shape shape{};
    shape.rank = 1U;
    shape.dims[0] = kElements;
    const std::size_t bytes = kElements * sizeof(float);
    ASSERT_TRUE(div(view(ElementType::fp32, shape, a.data(), bytes), view(ElementType::fp32, shape, b.data(), bytes),
                    TensorView{ElementType::fp32, shape, y.data(), bytes}, DivOptions{}, nullptr)
                    .is_ok());
    for (std::size_t i = 0; i < kElements; i += 997U) {
        std::uint32_t word = 0U;
        std::memcpy(&word, &y[i], sizeof word);
        word ^= 1U;
        std::memcpy(&y[i], &word, sizeof word);
    }
    for (const unsigned threads : {1U, 2U, 3U}) {
        check::Settings settings;
        settings.threads = threads;
        settings.worst = 20U;
        const auto run = [&]() {
            return digest(check::judge(view(ElementType::fp32, shape, a.data(), bytes),
                                       view(ElementType::fp32, shape, b.data(), bytes),
                                       view(ElementType::fp32, shape, y.data(), bytes), settings));
        };
        EXPECT_GT(fail_each_worker_allocation(run, "judge"), 0U) << threads << " threads";
    }
}

// ---- the campaign ----

// The core's division with every 61st element of a call one bit off, so
// that the workers format examples as they go.
Status wrong_in_places(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y,
                       const DivOptions& options, DivReport* report) noexcept {
    const Status status = div(a, b, y, options, report);
    if (status.is_ok()) {
        auto* bytes = static_cast<unsigned char*>(y.data);
        const std::size_t size = element_size(y.type);
        for (std::size_t i = 7U; (i + 1U) * size <= y.size_bytes; i += 61U) {
            bytes[i * size] ^= 1U;
        }
    }
    return status;
}

std::string digest(const oracle::CampaignResult& r) {
    std::string s = std::to_string(r.pairs) + " " + std::to_string(r.mismatches);
    for (std::size_t i = 0; i < r.examples.size(); ++i) {
        s += " | " + std::to_string(r.example_positions[i].first) + "," +
             std::to_string(r.example_positions[i].second) + " " + r.examples[i];
    }
    return s;
}

// [utest->req~div-cli-d21~1]
// [utest->req~div-cli-d8~2]
TEST(PoolUsers, TheCampaignGivesItsWholeResultOrRethrows) {
    RecordProperty("requirements", "DIV-CLI-D21,DIV-CLI-D8");
    for (const unsigned threads : {1U, 2U}) {
        oracle::CampaignPlan plan;
        plan.type = ElementType::fp16;
        plan.random_pairs = 20000U;
        plan.seed = 3U;
        plan.threads = threads;
        plan.subject = &wrong_in_places;
        const auto run = [&plan]() { return digest(oracle::run_campaign(plan)); };
        EXPECT_GT(fail_each_worker_allocation(run, "campaign"), 0U) << threads << " threads";
    }
}

}  // namespace
}  // namespace sonnx
