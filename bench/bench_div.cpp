// Throughput of sonnx::div against baseline loops, all in one run.
// Names: <kind>/<type>/<elements>; tools/bench pairs them into ratios.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "baselines.hpp"
#include "sonnx/div.hpp"

#if defined(SONNX_BENCH_CHECK)
#include <thread>

#include "sonnx/check/judge.hpp"
#include "sonnx/oracle/fast_measure.hpp"
#include "sonnx/oracle/float_oracle.hpp"
#endif

namespace {

constexpr std::uint64_t kLarge = 16U * 1024U * 1024U;  // 16M: far beyond the caches
constexpr std::uint64_t kSmall = 4096U;                // 4K: in L1/L2
constexpr std::uint64_t kInt = 1024U * 1024U;          // 1M

// Operands: random finite normal values with non-zero divisors, fixed seed.
template <typename T>
struct Operands {
    std::vector<T> a;
    std::vector<T> b;
    std::vector<T> y;
};

std::vector<float> random_floats(std::uint64_t n, std::uint32_t seed) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> dist(0.5F, 1000.0F);
    std::vector<float> v(n);
    for (auto& x : v) {
        x = dist(gen);
    }
    return v;
}

std::uint16_t to_bf16_bits(float f) {
    std::uint32_t u = 0U;
    std::memcpy(&u, &f, sizeof u);
    return static_cast<std::uint16_t>(u >> 16U);
}

// A normal FP16 pattern: exponent 1..30, any fraction, any sign.
std::uint16_t random_fp16_bits(std::mt19937& gen) {
    const std::uint32_t r = static_cast<std::uint32_t>(gen());
    const std::uint32_t exponent = 1U + (r % 30U);
    return static_cast<std::uint16_t>(((r >> 8U) & 0x8000U) | (exponent << 10U) | ((r >> 12U) & 0x3FFU));
}

sonnx::Shape shape_of(std::uint64_t n) {
    sonnx::Shape shape{};
    shape.rank = 1U;
    shape.dims[0] = n;
    return shape;
}

// `report`: null (no flags asked for, as the targets are measured) or a
// DivReport, which makes the BF16 kernel derive the IEEE flags too.
template <typename T>
void run_sonnx(benchmark::State& state, sonnx::ElementType type, Operands<T>& ops, sonnx::IntRounding rounding,
               sonnx::DivReport* report = nullptr) {
    const std::uint64_t n = ops.a.size();
    const std::size_t bytes = n * sizeof(T);
    const sonnx::ConstTensorView a{type, shape_of(n), ops.a.data(), bytes};
    const sonnx::ConstTensorView b{type, shape_of(n), ops.b.data(), bytes};
    const sonnx::TensorView y{type, shape_of(n), ops.y.data(), bytes};
    for (auto _ : state) {
        const sonnx::Status st = sonnx::div(a, b, y, sonnx::DivOptions{rounding}, report);
        if (!st.is_ok()) {
            state.SkipWithError("sonnx::div failed");
            break;
        }
        benchmark::DoNotOptimize(ops.y.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(3U * bytes));
}

template <typename T, typename F>
void run_baseline(benchmark::State& state, Operands<T>& ops, F loop) {
    const std::uint64_t n = ops.a.size();
    for (auto _ : state) {
        loop(ops.a.data(), ops.b.data(), ops.y.data(), n);
        benchmark::DoNotOptimize(ops.y.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(3U * n * sizeof(T)));
}

Operands<float> fp32_operands(std::uint64_t n) {
    return Operands<float>{random_floats(n, 1U), random_floats(n, 2U), std::vector<float>(n)};
}

Operands<double> fp64_operands(std::uint64_t n) {
    const std::vector<float> a = random_floats(n, 3U);
    const std::vector<float> b = random_floats(n, 4U);
    Operands<double> ops{std::vector<double>(a.begin(), a.end()), std::vector<double>(b.begin(), b.end()),
                         std::vector<double>(n)};
    return ops;
}

Operands<std::uint16_t> fp16_operands(std::uint64_t n) {
    std::mt19937 gen(5U);
    Operands<std::uint16_t> ops{std::vector<std::uint16_t>(n), std::vector<std::uint16_t>(n),
                                std::vector<std::uint16_t>(n)};
    for (std::uint64_t i = 0U; i < n; ++i) {
        ops.a[i] = random_fp16_bits(gen);
        ops.b[i] = random_fp16_bits(gen);
    }
    return ops;
}

Operands<std::uint16_t> bf16_operands(std::uint64_t n) {
    const std::vector<float> a = random_floats(n, 6U);
    const std::vector<float> b = random_floats(n, 7U);
    Operands<std::uint16_t> ops{std::vector<std::uint16_t>(n), std::vector<std::uint16_t>(n),
                                std::vector<std::uint16_t>(n)};
    for (std::uint64_t i = 0U; i < n; ++i) {
        ops.a[i] = to_bf16_bits(a[i]);
        ops.b[i] = to_bf16_bits(b[i]);
    }
    return ops;
}

// Full-range INT32 numerators, non-zero divisors of every magnitude.
Operands<std::int32_t> int32_operands(std::uint64_t n) {
    std::mt19937 gen(8U);
    Operands<std::int32_t> ops{std::vector<std::int32_t>(n), std::vector<std::int32_t>(n),
                               std::vector<std::int32_t>(n)};
    std::uniform_int_distribution<std::int32_t> numerator(-2147483647, 2147483647);
    std::uniform_int_distribution<std::int32_t> shift(0, 30);
    for (std::uint64_t i = 0U; i < n; ++i) {
        ops.a[i] = numerator(gen);
        const std::int32_t magnitude = static_cast<std::int32_t>(
            (static_cast<std::uint32_t>(gen()) >> static_cast<std::uint32_t>(shift(gen))) | 1U);
        ops.b[i] = ((static_cast<std::uint32_t>(gen()) & 1U) != 0U) ? magnitude : -magnitude;
    }
    return ops;
}

// One set of buffers per type and size, shared by the operator and its
// baseline, so that both run on the same pages.
Operands<float>& fp32_large() {
    static auto o = fp32_operands(kLarge);
    return o;
}
Operands<double>& fp64_large() {
    static auto o = fp64_operands(kLarge);
    return o;
}
Operands<std::uint16_t>& fp16_large() {
    static auto o = fp16_operands(kLarge);
    return o;
}
Operands<std::uint16_t>& bf16_large() {
    static auto o = bf16_operands(kLarge);
    return o;
}
Operands<float>& fp32_small() {
    static auto o = fp32_operands(kSmall);
    return o;
}
Operands<std::uint16_t>& fp16_small() {
    static auto o = fp16_operands(kSmall);
    return o;
}
Operands<std::uint16_t>& bf16_small() {
    static auto o = bf16_operands(kSmall);
    return o;
}
Operands<std::int32_t>& int32_one_million() {
    static auto o = int32_operands(kInt);
    return o;
}

void sonnx_fp32_large(benchmark::State& s) {
    run_sonnx(s, sonnx::ElementType::fp32, fp32_large(), sonnx::IntRounding::floor);
}
void add_fp32_large(benchmark::State& s) { run_baseline(s, fp32_large(), sonnx::bench::add_fp32); }
void sonnx_fp64_large(benchmark::State& s) {
    run_sonnx(s, sonnx::ElementType::fp64, fp64_large(), sonnx::IntRounding::floor);
}
void add_fp64_large(benchmark::State& s) { run_baseline(s, fp64_large(), sonnx::bench::add_fp64); }
void sonnx_fp16_large(benchmark::State& s) {
    run_sonnx(s, sonnx::ElementType::fp16, fp16_large(), sonnx::IntRounding::floor);
}
void add_fp16_large(benchmark::State& s) { run_baseline(s, fp16_large(), sonnx::bench::add_u16); }
void sonnx_bf16_large(benchmark::State& s) {
    run_sonnx(s, sonnx::ElementType::bf16, bf16_large(), sonnx::IntRounding::floor);
}
void sonnx_bf16_large_flags(benchmark::State& s) {
    sonnx::DivReport report{};
    run_sonnx(s, sonnx::ElementType::bf16, bf16_large(), sonnx::IntRounding::floor, &report);
}
void add_bf16_large(benchmark::State& s) { run_baseline(s, bf16_large(), sonnx::bench::add_u16); }

void sonnx_fp32_small(benchmark::State& s) {
    run_sonnx(s, sonnx::ElementType::fp32, fp32_small(), sonnx::IntRounding::floor);
}
void plaindiv_fp32_small(benchmark::State& s) { run_baseline(s, fp32_small(), sonnx::bench::divide_plain_fp32); }
void sonnx_fp16_small(benchmark::State& s) {
    run_sonnx(s, sonnx::ElementType::fp16, fp16_small(), sonnx::IntRounding::floor);
}
void sonnx_bf16_small(benchmark::State& s) {
    run_sonnx(s, sonnx::ElementType::bf16, bf16_small(), sonnx::IntRounding::floor);
}
void sonnx_bf16_small_flags(benchmark::State& s) {
    sonnx::DivReport report{};
    run_sonnx(s, sonnx::ElementType::bf16, bf16_small(), sonnx::IntRounding::floor, &report);
}

// Broadcasting: A [64, 1024, 1024] FP32 divided by B [1024] (every row of A
// by the same B), against the same-shape division of A by a full B, both on
// the same A and Y pages (DIV-BCAST-D2, issue #6).
constexpr std::uint64_t kBroadcastRows = 64U * 1024U;
constexpr std::uint64_t kBroadcastRow = 1024U;

struct BroadcastOperands {
    std::vector<float> a = random_floats(kBroadcastRows * kBroadcastRow, 9U);
    std::vector<float> b_full = random_floats(kBroadcastRows * kBroadcastRow, 10U);
    std::vector<float> b_row = random_floats(kBroadcastRow, 11U);
    std::vector<float> y = std::vector<float>(kBroadcastRows * kBroadcastRow);
};
BroadcastOperands& broadcast_operands() {
    static BroadcastOperands o;
    return o;
}

void run_broadcast(benchmark::State& state, bool row_divisor) {
    BroadcastOperands& ops = broadcast_operands();
    const std::uint64_t dims[3] = {64U, 1024U, 1024U};
    sonnx::Shape full{};
    static_cast<void>(sonnx::make_shape(dims, 3U, full));
    const sonnx::Shape row = shape_of(kBroadcastRow);
    const std::vector<float>& b = row_divisor ? ops.b_row : ops.b_full;
    const sonnx::ConstTensorView va{sonnx::ElementType::fp32, full, ops.a.data(), ops.a.size() * sizeof(float)};
    const sonnx::ConstTensorView vb{sonnx::ElementType::fp32, row_divisor ? row : full, b.data(),
                                    b.size() * sizeof(float)};
    const sonnx::TensorView vy{sonnx::ElementType::fp32, full, ops.y.data(), ops.y.size() * sizeof(float)};
    sonnx::DivOptions options{};
    options.profile = sonnx::Profile::onnx;
    for (auto _ : state) {
        if (!sonnx::div(va, vb, vy, options, nullptr).is_ok()) {
            state.SkipWithError("sonnx::div failed");
            break;
        }
        benchmark::DoNotOptimize(ops.y.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(ops.y.size()));
}
void sonnx_fp32_same_shape_64m(benchmark::State& s) { run_broadcast(s, false); }
void sonnx_fp32_broadcast_row_64m(benchmark::State& s) { run_broadcast(s, true); }

void sonnx_int32_floor(benchmark::State& s) {
    run_sonnx(s, sonnx::ElementType::int32, int32_one_million(), sonnx::IntRounding::floor);
}
void scalardiv_int32(benchmark::State& s) { run_baseline(s, int32_one_million(), sonnx::bench::divide_plain_int32); }

#if defined(SONNX_BENCH_CHECK)
// `check` on the 16M FP32 operands of sonnx_div/fp32/16M, against their
// correctly rounded quotient (sonnx::div's, computed once): every element
// conforms, the common case of a runtime under test (DIV-CLI-D15).
const std::vector<float>& fp32_large_quotient() {
    static const std::vector<float> y = [] {
        Operands<float>& ops = fp32_large();
        const std::uint64_t n = ops.a.size();
        const std::size_t bytes = n * sizeof(float);
        std::vector<float> quotient(n);
        const sonnx::ConstTensorView a{sonnx::ElementType::fp32, shape_of(n), ops.a.data(), bytes};
        const sonnx::ConstTensorView b{sonnx::ElementType::fp32, shape_of(n), ops.b.data(), bytes};
        const sonnx::TensorView out{sonnx::ElementType::fp32, shape_of(n), quotient.data(), bytes};
        static_cast<void>(sonnx::div(a, b, out, sonnx::DivOptions{}, nullptr));
        return quotient;
    }();
    return y;
}

// The judge as `sonnx-div check` runs it (exact acceptance).
void run_check(benchmark::State& state, unsigned threads) {
    Operands<float>& ops = fp32_large();
    const std::vector<float>& quotient = fp32_large_quotient();
    const std::uint64_t n = ops.a.size();
    const std::size_t bytes = n * sizeof(float);
    const sonnx::ConstTensorView a{sonnx::ElementType::fp32, shape_of(n), ops.a.data(), bytes};
    const sonnx::ConstTensorView b{sonnx::ElementType::fp32, shape_of(n), ops.b.data(), bytes};
    const sonnx::ConstTensorView y{sonnx::ElementType::fp32, shape_of(n), quotient.data(), bytes};
    sonnx::check::Settings settings;
    settings.threads = threads;
    for (auto _ : state) {
        const sonnx::check::Report report = sonnx::check::judge(a, b, y, settings);
        if (report.conforming != n) {
            state.SkipWithError("check::judge: not every element conforms");
            break;
        }
        benchmark::DoNotOptimize(report.conforming);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(3U * bytes));
}

// What check's measuring would cost with the fast path: fast_measure on every
// element, FloatOracle::measure where it declines, on `threads` threads
// (contiguous parts). check's bookkeeping (histogram, worst elements) is not
// included. Counter `declined`: the share left to MPFR.
void run_fast_measure_loop(benchmark::State& state, unsigned threads) {
    Operands<float>& ops = fp32_large();
    const std::vector<float>& quotient = fp32_large_quotient();
    const std::uint64_t n = ops.a.size();
    const sonnx::oracle::FloatFormat& format = sonnx::oracle::float_format(sonnx::ElementType::fp32);
    const auto word = [](const float* data, std::uint64_t i) {
        std::uint32_t u = 0U;
        std::memcpy(&u, &data[i], sizeof u);
        return static_cast<std::uint64_t>(u);
    };
    std::uint64_t declined = 0U;
    for (auto _ : state) {
        std::vector<std::uint64_t> exact(threads, 0U);
        std::vector<std::uint64_t> slow(threads, 0U);
        std::vector<std::thread> pool;
        for (unsigned t = 0U; t < threads; ++t) {
            pool.emplace_back([&, t] {
                sonnx::oracle::FloatOracle oracle(format);
                const std::uint64_t begin = n / threads * t;
                const std::uint64_t end = (t + 1U == threads) ? n : (begin + n / threads);
                std::uint64_t matches = 0U;
                std::uint64_t fallbacks = 0U;
                for (std::uint64_t i = begin; i < end; ++i) {
                    const std::uint64_t a = word(ops.a.data(), i);
                    const std::uint64_t b = word(ops.b.data(), i);
                    const std::uint64_t y = word(quotient.data(), i);
                    sonnx::oracle::Measure m{};
                    if (!sonnx::oracle::fast_measure(format, a, b, y, m)) {
                        m = oracle.measure(a, b, y);
                        ++fallbacks;
                    }
                    matches += m.exact_match ? 1U : 0U;
                }
                exact[t] = matches;
                slow[t] = fallbacks;
            });
        }
        std::uint64_t matches = 0U;
        declined = 0U;
        for (unsigned t = 0U; t < threads; ++t) {
            pool[t].join();
            matches += exact[t];
            declined += slow[t];
        }
        if (matches != n) {
            state.SkipWithError("fast_measure loop: not every element matches");
            break;
        }
        benchmark::DoNotOptimize(matches);
    }
    state.counters["declined"] = static_cast<double>(declined) / static_cast<double>(n);
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(3U * n * sizeof(float)));
}

void check_fp32_large_2(benchmark::State& s) { run_check(s, 2U); }
void fast_loop_fp32_large_1(benchmark::State& s) { run_fast_measure_loop(s, 1U); }
void fast_loop_fp32_large_2(benchmark::State& s) { run_fast_measure_loop(s, 2U); }
#endif

}  // namespace

BENCHMARK(add_fp32_large)->Name("baseline_add/fp32/16M")->UseRealTime();
BENCHMARK(sonnx_fp32_large)->Name("sonnx_div/fp32/16M")->UseRealTime();
BENCHMARK(add_fp64_large)->Name("baseline_add/fp64/16M")->UseRealTime();
BENCHMARK(sonnx_fp64_large)->Name("sonnx_div/fp64/16M")->UseRealTime();
BENCHMARK(add_fp16_large)->Name("baseline_add/fp16/16M")->UseRealTime();
BENCHMARK(sonnx_fp16_large)->Name("sonnx_div/fp16/16M")->UseRealTime();
BENCHMARK(add_bf16_large)->Name("baseline_add/bf16/16M")->UseRealTime();
BENCHMARK(sonnx_bf16_large)->Name("sonnx_div/bf16/16M")->UseRealTime();
BENCHMARK(sonnx_bf16_large_flags)->Name("sonnx_div_flags/bf16/16M")->UseRealTime();
BENCHMARK(plaindiv_fp32_small)->Name("baseline_plain_div/fp32/4K");
BENCHMARK(sonnx_fp32_small)->Name("sonnx_div/fp32/4K");
BENCHMARK(sonnx_fp16_small)->Name("sonnx_div/fp16/4K");
BENCHMARK(sonnx_bf16_small)->Name("sonnx_div/bf16/4K");
BENCHMARK(sonnx_bf16_small_flags)->Name("sonnx_div_flags/bf16/4K");
BENCHMARK(scalardiv_int32)->Name("baseline_scalar_div/int32/1M");
BENCHMARK(sonnx_int32_floor)->Name("sonnx_div_floor/int32/1M");

#if defined(SONNX_BENCH_CHECK)
// `check` against `div` on the same 16M FP32 operands (issue #14, item 10).
BENCHMARK(check_fp32_large_2)->Name("sonnx_check/fp32/16M/2threads")->UseRealTime()->Unit(benchmark::kMillisecond);
// What check would cost with the fast path (DIV-CLI-D15), before conformance.cpp uses it.
BENCHMARK(fast_loop_fp32_large_1)
    ->Name("fast_measure_loop/fp32/16M/1thread")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(fast_loop_fp32_large_2)
    ->Name("fast_measure_loop/fp32/16M/2threads")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
#endif

// CPU time, not real time: on a shared machine another process's load
// stretches the wall clock of a 256 MB pass far more than its CPU time.
BENCHMARK(sonnx_fp32_same_shape_64m)->Name("sonnx_div_same_shape/fp32/64x1024x1024");
BENCHMARK(sonnx_fp32_broadcast_row_64m)->Name("sonnx_div_broadcast/fp32/64x1024x1024_by_1024");

BENCHMARK_MAIN();
