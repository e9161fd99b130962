// The stack bound of each public function, from the other side (DIV-STACK-D1):
// each function runs on a thread of its own whose stack, below the point of
// the call, holds exactly its bound (tests/stack/stack_analysis.py, read from
// SONNX_STACK_BOUNDS) plus the margin of spec/stack-and-coupling.md, with an
// inaccessible guard page under it: a deeper stack faults and the binary
// dies. The stack is painted first, and the bytes the call overwrote give
// the stack it really used, which must be within its bound. The calls take
// the deepest paths the analysis names: FP16 and BF16 with their flags,
// broadcasting through the RunCursor and its tile, the integer checks and
// kernels (an 8-bit unsigned zero divisor takes gcc's strlen), the ONNX
// opset 6 rule with an axis, and every small function of the API.
#include <gtest/gtest.h>
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "sonnx/div.hpp"

namespace sonnx::test {
namespace {

constexpr std::size_t kMargin = 1024U;       // spec/stack-and-coupling.md
constexpr std::size_t kRegion = 512U * 1024U;  // the thread's whole stack: >= PTHREAD_STACK_MIN everywhere
constexpr unsigned char kPaint = 0xA7U;

std::map<std::string, std::size_t> read_bounds() {
    std::map<std::string, std::size_t> bounds;
    const char* path = std::getenv("SONNX_STACK_BOUNDS");
    if (path == nullptr) {
        return bounds;
    }
    std::ifstream in(path);
    std::string name;
    std::size_t bytes = 0U;
    while (in >> name >> bytes) {
        bounds[name] = bytes;
    }
    return bounds;
}

const std::map<std::string, std::size_t>& bounds() {
    static const std::map<std::string, std::size_t> table = read_bounds();
    return table;
}

// One call of a public function, with its operands prepared beforehand
// (on the heap) so that the thread runs the call alone.
struct Scenario;
using Caller = void (*)(Scenario&);

struct Scenario {
    std::string entry;  // the public function, as the bounds name it
    Caller call;
    ConstTensorView a{};
    ConstTensorView b{};
    TensorView y{};
    DivOptions options{};
    DivReport report{};
    Status status{};
    Shape shape_a{};
    Shape shape_b{};
    Shape shape_y{};
    BroadcastLayout layout{};
    ElementType type{ElementType::fp32};
    std::uintptr_t sp_at_call{0U};  // written by the caller function, just before the call
    std::uint64_t sink{0U};
    std::uint64_t count{0U};
    std::uint64_t dims[3]{2U, 3U, 4U};  // make_shape's
};

// The stack pointer itself, read where the caller calls: the callee's use is
// what lies below it (on x86-64 the return address that the call pushes is
// part of the callee's frame in gcc's data, as here). Elsewhere the address
// of a local, a few bytes above it.
__attribute__((always_inline)) inline std::uintptr_t stack_pointer() {
    std::uintptr_t sp = 0U;
#if defined(__x86_64__)
    __asm__ volatile("mov %%rsp, %0" : "=r"(sp));
#elif defined(__aarch64__)
    __asm__ volatile("mov %0, sp" : "=r"(sp));
#elif defined(__s390x__)
    __asm__ volatile("lgr %0, %%r15" : "=r"(sp));
#else
    volatile unsigned char marker = 0U;
    sp = reinterpret_cast<std::uintptr_t>(&marker);
#endif
    return sp;
}

// The callers, one per public function: each does nothing below its own
// frame but the call, so that the painted stack below it shows that call's
// use alone.
__attribute__((noinline)) void call_div(Scenario& s) {
    s.sp_at_call = stack_pointer();
    s.status = div(s.a, s.b, s.y, s.options, &s.report);
}
__attribute__((noinline)) void call_output_shape(Scenario& s) {
    s.sp_at_call = stack_pointer();
    s.status = div_output_shape(s.type, s.shape_a, s.shape_b, s.options, s.shape_y);
}
__attribute__((noinline)) void call_layout(Scenario& s) {
    s.sp_at_call = stack_pointer();
    s.status = div_broadcast_layout(s.type, s.shape_a, s.shape_b, s.options, s.layout);
}
#define SONNX_SMALL_CALLER(function, expression)                  \
    __attribute__((noinline)) void call_##function(Scenario& s) { \
        s.sp_at_call = stack_pointer();                           \
        s.sink = (expression);                                    \
    }
SONNX_SMALL_CALLER(int_rounding_of, static_cast<std::uint64_t>(int_rounding_of(s.options)))
SONNX_SMALL_CALLER(requirement_name, reinterpret_cast<std::uintptr_t>(requirement_name(RequirementId::div_api_d9)))
SONNX_SMALL_CALLER(restriction_name, reinterpret_cast<std::uintptr_t>(restriction_name(RequirementId::div_int_c3)))
SONNX_SMALL_CALLER(status_code_name, reinterpret_cast<std::uintptr_t>(status_code_name(StatusCode::misaligned)))
SONNX_SMALL_CALLER(operand_name, reinterpret_cast<std::uintptr_t>(operand_name(Operand::y)))
SONNX_SMALL_CALLER(element_size, element_size(ElementType::uint64))
SONNX_SMALL_CALLER(type_class, static_cast<std::uint64_t>(type_class(ElementType::bf16)))
SONNX_SMALL_CALLER(element_type_name, reinterpret_cast<std::uintptr_t>(element_type_name(ElementType::uint4)))
SONNX_SMALL_CALLER(make_shape, make_shape(s.dims, 3U, s.shape_y) ? 1U : 0U)
SONNX_SMALL_CALLER(element_count, element_count(s.shape_a, s.count) ? 1U : 0U)
SONNX_SMALL_CALLER(same_shape, same_shape(s.shape_a, s.shape_b) ? 1U : 0U)
#undef SONNX_SMALL_CALLER

struct ThreadArgument {
    Scenario* scenario;
    std::uintptr_t low;  // the lowest byte of the thread's stack
    std::size_t room;    // bytes left below the call: bound + margin
    bool fits;
};

__attribute__((noinline)) void* thread_main(void* raw) {
    ThreadArgument& argument = *static_cast<ThreadArgument*>(raw);
    volatile unsigned char here = 0U;
    const std::uintptr_t sp = reinterpret_cast<std::uintptr_t>(&here);
    argument.fits = (sp - argument.low) > (argument.room + 256U);
    if (argument.fits) {
        // Use up the stack above the call, so that only `room` bytes lie
        // between it and the guard page.
        const std::size_t consume = (sp - argument.low) - argument.room;
        volatile unsigned char* pad = static_cast<volatile unsigned char*>(__builtin_alloca(consume));
        pad[0] = 1U;
        argument.scenario->call(*argument.scenario);
        pad[consume - 1U] = 2U;
    }
    return nullptr;
}

struct Usage {
    bool ran{false};
    std::size_t used{0U};  // bytes below the call's stack pointer the call overwrote
};

// Runs the scenario on a painted, guarded stack with `room` bytes below the call.
Usage run_on_bounded_stack(Scenario& scenario, std::size_t room) {
    Usage usage{};
    const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    void* mapping = mmap(nullptr, kRegion + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapping == MAP_FAILED) {
        ADD_FAILURE() << "mmap failed";
        return usage;
    }
    unsigned char* const base = static_cast<unsigned char*>(mapping);
    EXPECT_EQ(mprotect(base, page, PROT_NONE), 0);  // the guard page
    unsigned char* const low = base + page;
    std::memset(low, kPaint, kRegion);
    ThreadArgument argument{&scenario, reinterpret_cast<std::uintptr_t>(low), room, false};
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    EXPECT_EQ(pthread_attr_setstack(&attributes, low, kRegion), 0);
    pthread_t thread;
    if (pthread_create(&thread, &attributes, thread_main, &argument) == 0) {
        pthread_join(thread, nullptr);
        std::size_t untouched = 0U;
        while ((untouched < kRegion) && (low[untouched] == kPaint)) {
            ++untouched;
        }
        const std::uintptr_t deepest = reinterpret_cast<std::uintptr_t>(low) + untouched;
        usage.ran = argument.fits;
        usage.used = (scenario.sp_at_call > deepest) ? (scenario.sp_at_call - deepest) : 0U;
    } else {
        ADD_FAILURE() << "pthread_create failed";
    }
    pthread_attr_destroy(&attributes);
    munmap(mapping, kRegion + page);
    return usage;
}

void expect_within_bound(Scenario& scenario, const char* what) {
    const auto found = bounds().find(scenario.entry);
    ASSERT_NE(found, bounds().end()) << scenario.entry << ": no bound in SONNX_STACK_BOUNDS";
    const std::size_t bound = found->second;
    const Usage usage = run_on_bounded_stack(scenario, bound + kMargin);
    ASSERT_TRUE(usage.ran) << what;
    EXPECT_LE(usage.used, bound) << scenario.entry << " (" << what << "): used " << usage.used << " bytes, bound "
                                 << bound;
    ::testing::Test::RecordProperty(std::string(what), std::to_string(usage.used) + " of " + std::to_string(bound));
}

Shape shape_of(std::initializer_list<std::uint64_t> dims) {
    Shape shape{};
    for (const std::uint64_t d : dims) {
        shape.dims[shape.rank++] = d;
    }
    return shape;
}

std::uint64_t count_of(const Shape& shape) {
    std::uint64_t n = 1U;
    for (std::uint32_t i = 0U; i < shape.rank; ++i) {
        n *= shape.dims[i];
    }
    return n;
}

// One element of `size` bytes with the value `bits`, in the target's byte
// order (s390x is big-endian: the low bytes of a uint64 are its last).
void store(unsigned char* at, std::uint64_t bits, std::size_t size) {
    if (size == 1U) {
        const auto v = static_cast<std::uint8_t>(bits);
        std::memcpy(at, &v, size);
    } else if (size == 2U) {
        const auto v = static_cast<std::uint16_t>(bits);
        std::memcpy(at, &v, size);
    } else if (size == 4U) {
        const auto v = static_cast<std::uint32_t>(bits);
        std::memcpy(at, &v, size);
    } else {
        std::memcpy(at, &bits, size);
    }
}

// A div scenario over buffers of `element` bytes, filled with `fill_a` and `fill_b`.
struct Buffers {
    std::vector<std::uint64_t> a;
    std::vector<std::uint64_t> b;
    std::vector<std::uint64_t> y;
};

Scenario div_scenario(Buffers& buffers, ElementType type, const Shape& sa, const Shape& sb, const Shape& sy,
                      std::uint64_t fill_a, std::uint64_t fill_b, const DivOptions& options) {
    const std::size_t size = element_size(type);
    buffers.a.assign((count_of(sa) * size + 7U) / 8U + 1U, 0U);
    buffers.b.assign((count_of(sb) * size + 7U) / 8U + 1U, 0U);
    buffers.y.assign((count_of(sy) * size + 7U) / 8U + 1U, 0U);
    for (std::uint64_t i = 0U; i < count_of(sa); ++i) {
        store(reinterpret_cast<unsigned char*>(buffers.a.data()) + i * size, fill_a, size);
    }
    for (std::uint64_t i = 0U; i < count_of(sb); ++i) {
        store(reinterpret_cast<unsigned char*>(buffers.b.data()) + i * size, fill_b, size);
    }
    Scenario s{};
    s.entry = "sonnx::div";
    s.call = call_div;
    s.a = ConstTensorView{type, sa, buffers.a.data(), count_of(sa) * size};
    s.b = ConstTensorView{type, sb, buffers.b.data(), count_of(sb) * size};
    s.y = TensorView{type, sy, buffers.y.data(), count_of(sy) * size};
    s.options = options;
    return s;
}

DivOptions onnx14() {
    DivOptions options{};
    options.profile = Profile::onnx;
    return options;
}

DivOptions openvino_numpy() {
    DivOptions options{};
    options.profile = Profile::openvino;
    return options;
}

// [utest->req~div-stack-d1~1]
TEST(StackBound, DivOnEveryPath) {
    RecordProperty("requirements", "DIV-STACK-D1");
    ASSERT_FALSE(bounds().empty()) << "SONNX_STACK_BOUNDS names no bounds";
    Buffers buffers;
    const Shape v1000 = shape_of({1000U});
    {
        Scenario s = div_scenario(buffers, ElementType::fp16, v1000, v1000, v1000, 0x3C00U, 0x4200U, DivOptions{});
        expect_within_bound(s, "fp16 1000 elements, flags");
        EXPECT_TRUE(s.status.is_ok());
    }
    {
        Scenario s = div_scenario(buffers, ElementType::bf16, v1000, v1000, v1000, 0x0001U, 0x4000U, DivOptions{});
        expect_within_bound(s, "bf16 1000 elements, underflow");
        EXPECT_EQ(s.report.fp_flags, fp_flag_underflow | fp_flag_inexact);
    }
    {
        Scenario s = div_scenario(buffers, ElementType::fp64, v1000, v1000, v1000, 0x3FF0000000000000ULL, 0U,
                                  DivOptions{});
        expect_within_bound(s, "fp64 divide by zero");
        EXPECT_EQ(s.report.fp_flags, fp_flag_divide_by_zero);
    }
    {  // ONNX broadcasting: B repeats along the innermost axis (the RunCursor's tile)
        Scenario s = div_scenario(buffers, ElementType::fp32, shape_of({4U, 3U, 700U}), shape_of({3U, 1U}),
                                  shape_of({4U, 3U, 700U}), 0x40400000U, 0x3FC00000U, onnx14());
        expect_within_bound(s, "fp32 onnx broadcast, tile");
        EXPECT_TRUE(s.status.is_ok());
    }
    {  // OpenVINO numpy broadcasting of INT16: the divisor check walks the runs too
        Scenario s = div_scenario(buffers, ElementType::int16, shape_of({5U, 2U, 300U}), shape_of({300U}),
                                  shape_of({5U, 2U, 300U}), 7U, 3U, openvino_numpy());
        expect_within_bound(s, "int16 openvino broadcast");
        EXPECT_TRUE(s.status.is_ok());
    }
    {  // OpenVINO INT4, A repeating: the nibble checks, then the divisor check
        Scenario s = div_scenario(buffers, ElementType::int4, shape_of({1U, 40U}), shape_of({9U, 40U}),
                                  shape_of({9U, 40U}), 5U, 0xFEU, openvino_numpy());
        expect_within_bound(s, "int4 openvino broadcast");
        EXPECT_TRUE(s.status.is_ok());
    }
    {  // UINT8 with a zero divisor: the search for it (strlen on x86-64)
        Scenario s = div_scenario(buffers, ElementType::uint8, v1000, v1000, v1000, 9U, 3U, DivOptions{});
        reinterpret_cast<unsigned char*>(buffers.b.data())[777] = 0U;
        expect_within_bound(s, "uint8 zero divisor");
        EXPECT_EQ(s.status.code, StatusCode::zero_divisor);
        EXPECT_EQ(s.status.index, 777U);
    }
    {
        Scenario s = div_scenario(buffers, ElementType::int64, v1000, v1000, v1000, static_cast<std::uint64_t>(-7), 2U,
                                  DivOptions{});
        expect_within_bound(s, "int64 floor");
        EXPECT_TRUE(s.status.is_ok());
    }
    {
        Scenario s = div_scenario(buffers, ElementType::uint32, v1000, v1000, v1000, 0xFFFFFFFFU, 1U, DivOptions{});
        expect_within_bound(s, "uint32");
        EXPECT_TRUE(s.status.is_ok());
    }
}

Scenario shape_scenario(const char* entry, Caller call, const Shape& a, const Shape& b, const DivOptions& options) {
    Scenario s{};
    s.entry = entry;
    s.call = call;
    s.type = ElementType::fp32;
    s.shape_a = a;
    s.shape_b = b;
    s.options = options;
    return s;
}

DivOptions onnx6_axis() {
    DivOptions options{};
    options.profile = Profile::onnx;
    options.onnx.opset = 6U;
    options.onnx.broadcast = true;
    options.onnx.has_axis = true;
    options.onnx.axis = 1;
    return options;
}

// [utest->req~div-stack-d1~1]
TEST(StackBound, ShapeFunctions) {
    RecordProperty("requirements", "DIV-STACK-D1");
    const Shape a = shape_of({2U, 3U, 4U, 5U});
    for (const auto& [entry, call] : {std::pair<const char*, Caller>{"sonnx::div_output_shape", call_output_shape},
                                      std::pair<const char*, Caller>{"sonnx::div_broadcast_layout", call_layout}}) {
        Scenario legacy = shape_scenario(entry, call, a, shape_of({3U, 4U}), onnx6_axis());
        expect_within_bound(legacy, (std::string(entry) + " onnx opset 6 axis").c_str());
        EXPECT_TRUE(legacy.status.is_ok());
        Scenario numpy = shape_scenario(entry, call, a, shape_of({4U, 1U}), onnx14());
        expect_within_bound(numpy, (std::string(entry) + " numpy").c_str());
        EXPECT_TRUE(numpy.status.is_ok());
        Scenario same = shape_scenario(entry, call, a, shape_of({2U, 3U, 4U, 6U}), DivOptions{});
        expect_within_bound(same, (std::string(entry) + " sonnx mismatch").c_str());
        EXPECT_EQ(same.status.code, StatusCode::shape_mismatch);
    }
}

// [utest->req~div-stack-d1~1]
TEST(StackBound, SmallFunctions) {
    RecordProperty("requirements", "DIV-STACK-D1");
    const std::pair<const char*, Caller> small[] = {{"sonnx::int_rounding_of", call_int_rounding_of},
                                                    {"sonnx::requirement_name", call_requirement_name},
                                                    {"sonnx::restriction_name", call_restriction_name},
                                                    {"sonnx::status_code_name", call_status_code_name},
                                                    {"sonnx::operand_name", call_operand_name},
                                                    {"sonnx::element_size", call_element_size},
                                                    {"sonnx::type_class", call_type_class},
                                                    {"sonnx::element_type_name", call_element_type_name},
                                                    {"sonnx::make_shape", call_make_shape},
                                                    {"sonnx::element_count", call_element_count},
                                                    {"sonnx::same_shape", call_same_shape}};
    for (const auto& [entry, call] : small) {
        Scenario s = shape_scenario(entry, call, shape_of({2U, 3U}), shape_of({2U, 3U}), DivOptions{});
        expect_within_bound(s, entry);
    }
}

// Every public function of the bounds is run above.
// [utest->req~div-stack-d1~1]
TEST(StackBound, EveryBoundedFunctionIsRun) {
    RecordProperty("requirements", "DIV-STACK-D1");
    const std::vector<std::string> run = {"sonnx::div",
                                          "sonnx::div_output_shape",
                                          "sonnx::div_broadcast_layout",
                                          "sonnx::int_rounding_of",
                                          "sonnx::requirement_name",
                                          "sonnx::restriction_name",
                                          "sonnx::status_code_name",
                                          "sonnx::operand_name",
                                          "sonnx::element_size",
                                          "sonnx::type_class",
                                          "sonnx::element_type_name",
                                          "sonnx::make_shape",
                                          "sonnx::element_count",
                                          "sonnx::same_shape"};
    for (const auto& [name, bound] : bounds()) {
        EXPECT_NE(std::find(run.begin(), run.end(), name), run.end()) << name << " (bound " << bound << ") is not run";
    }
    EXPECT_EQ(bounds().size(), run.size());
}

}  // namespace
}  // namespace sonnx::test
