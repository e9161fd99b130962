// Negative controls of the judge (check::judge), tool qualification: candidates with each fault class injected, over every FP16
// divisor of every kStride-th numerator (every 4 * kStride-th at half-ulp and
// one-ulp) and over every valid INT8 pair, and the exact count of
// non-conforming elements that an independent computation predicts
// (fp16_reference.hpp; 128-bit and int64 integer arithmetic).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "fp16_reference.hpp"
#include "judge_test_support.hpp"
#include "test_support.hpp"

namespace sonnx::check {
namespace {

using namespace oracle::test;  // NOLINT: the FP16 reference

using sonnx::test::in_view;  // a 1-D view over a vector (tests/unit/test_support.hpp)

// check's exact level: the same encoding, any NaN for a NaN (DIV-CLI-D5).
bool check_conforms(std::uint16_t expected, std::uint16_t y) { return is_nan(expected) ? is_nan(y) : (expected == y); }

// [utest->req~div-tq-d2~2]
// [utest->req~div-cli-d5~3]
TEST(CheckControls, EveryFp16FaultIsCountedExactly) {
    RecordProperty("requirements", "DIV-TQ-D2,DIV-CLI-D5");
    std::vector<std::uint16_t> a;
    std::vector<std::uint16_t> b;
    std::vector<std::uint16_t> expected;
    for (std::uint32_t k = 0U; k < kNumerators; ++k) {
        for (std::uint32_t d = 0U; d < 65536U; ++d) {
            a.push_back(static_cast<std::uint16_t>(k * kStride));
            b.push_back(static_cast<std::uint16_t>(d));
            expected.push_back(reference_quotient(a.back(), b.back()));
        }
    }
    CheckOptions options;
    options.threads = 2U;
    // The reference itself conforms everywhere: the control of the controls.
    const ConformanceReport clean = check_conformance(in_view(ElementType::fp16, a), in_view(ElementType::fp16, b),
                                                      in_view(ElementType::fp16, expected), options);
    ASSERT_TRUE(clean.precondition.is_ok());
    EXPECT_EQ(clean.conforming, a.size());
    const struct {
        const char* name;
        Fault fault;
    } cases[] = {{"one ulp off", &one_ulp_off},
                 {"round toward zero", &toward_zero},
                 {"ties away from zero", &ties_away},
                 {"flush subnormal results to zero", &flush_to_zero},
                 {"wrong sign of zero", &wrong_zero_sign},
                 {"NaN for an infinity", &nan_for_infinity},
                 {"every 1000th index skipped", &skipped_index}};
    for (const auto& fault : cases) {
        std::vector<std::uint16_t> y(a.size());
        std::uint64_t predicted = 0U;
        for (std::size_t i = 0; i < a.size(); ++i) {
            y[i] = fault.fault(a[i], b[i], expected[i], i);
            predicted += check_conforms(expected[i], y[i]) ? 0U : 1U;
        }
        const ConformanceReport r = check_conformance(in_view(ElementType::fp16, a), in_view(ElementType::fp16, b),
                                                      in_view(ElementType::fp16, y), options);
        ASSERT_TRUE(r.precondition.is_ok()) << fault.name;
        EXPECT_GT(predicted, 0U) << fault.name;
        EXPECT_EQ(r.elements - r.conforming, predicted) << fault.name;
        EXPECT_FALSE(r.worst.empty()) << fault.name;
        EXPECT_FALSE(r.failed_requirements.empty()) << fault.name;
    }
}

// ---- check's half-ulp and one-ulp levels, predicted in exact integer
// arithmetic: a finite FP16 value is m * 2^-24 with |m| < 2^41, so Y - A/B =
// (mY * mB - mA * 2^24) / (mB * 2^24) and every comparison below is between
// integers of at most 2^82 (Int128), with no rounding anywhere. ----

__extension__ using Int128 = __int128;  // GCC's 128-bit integer (__extension__: not ISO C++)

// The signed integer m of a finite FP16 value m * 2^-24.
Int128 scaled_value(std::uint16_t bits) {
    const std::uint32_t field = (bits >> 10U) & 0x1FU;
    const std::uint32_t fraction = bits & 0x03FFU;
    const Int128 magnitude = (field == 0U) ? Int128{fraction} : (Int128{1024U + fraction} << (field - 1U));
    return ((bits & 0x8000U) != 0U) ? -magnitude : magnitude;
}

// floor(log2(n / d)) for 0 < n, d < 2^41: the difference of the bit lengths,
// one less when n is below d shifted by it.
int floor_log2_ratio(std::uint64_t n, std::uint64_t d) {
    int e = (63 - __builtin_clzll(n)) - (63 - __builtin_clzll(d));
    const bool below = (e >= 0) ? (Int128{n} < (Int128{d} << e)) : ((Int128{n} << -e) < Int128{d});
    if (below) {
        --e;
    }
    return e;
}

bool is_zero(std::uint16_t bits) { return (bits & 0x7FFFU) == 0U; }

// DIV-CLI-D5 (revision 2) at half-ulp and at one-ulp, read off the spec
// text: NaN and infinities, expected or given, conform only to the identical
// value (any NaN to any NaN); a zero given must carry the sign of A/B (the
// operands' signs combined); otherwise |Y - A/B| <= ulp/2 or < ulp, with ulp
// = 2^(max(min(e, 15), -14) - 10) and e = floor(log2 |A/B|) (DIV-FLOAT-D8:
// the exponent of A/B rounded toward zero into FP16, the largest finite
// exponent above it, the subnormal spacing below 2^-14 and at zero). A/B is
// exactly zero when A is zero or B infinite.
struct Within {
    bool half_ulp;
    bool one_ulp;
};

Within conforms_within(std::uint16_t a, std::uint16_t b, std::uint16_t expected, std::uint16_t y) {
    if (!is_finite(expected) || !is_finite(y)) {
        const bool same = check_conforms(expected, y);
        return {same, same};
    }
    const bool negative_quotient = ((a ^ b) & 0x8000U) != 0U;
    if (is_zero(y) && (((y & 0x8000U) != 0U) != negative_quotient)) {
        return {false, false};  // a zero of the wrong sign
    }
    const Int128 my = scaled_value(y);
    if (!is_finite(b)) {
        // A/B = 0 exactly: |Y| against the smallest subnormal (1 once scaled).
        const Int128 size = (my < 0) ? -my : my;
        return {2 * size <= 1, size < 1};
    }
    const Int128 ma = scaled_value(a);
    const Int128 mb = scaled_value(b);
    const Int128 n = (ma < 0) ? -ma : ma;
    const Int128 d = (mb < 0) ? -mb : mb;
    const int e = (n == 0)
                      ? -14
                      : std::max(
                            std::min(floor_log2_ratio(static_cast<std::uint64_t>(n), static_cast<std::uint64_t>(d)),
                                     15),
                            -14);
    const Int128 ulp_scaled = Int128{1} << (e - 10 + 24);  // ulp * 2^24, e - 10 >= -24
    // Y - A/B with the divisor's sign moved to the numerator: (mY*|mB| - sign(mB)*mA*2^24) / (|mB|*2^24).
    const Int128 quotient_numerator = ((mb < 0) ? -ma : ma) * (Int128{1} << 24);
    Int128 distance = my * d - quotient_numerator;  // |Y - A/B| * |mB| * 2^24
    distance = (distance < 0) ? -distance : distance;
    return {2 * distance <= ulp_scaled * d, distance < ulp_scaled * d};
}

// Each fault against the half-ulp and one-ulp levels, over every FP16
// divisor of every (4 * kStride)th numerator: check's count of
// non-conforming elements is the one predicted above, and the tolerance is
// seen to work (it accepts some of the elements that differ from the
// correctly rounded quotient for a tie rounded away, a one-ulp error and
// rounding toward zero, and at one-ulp a flushed subnormal whose exact
// quotient is below one ulp; it accepts none for a wrong zero sign, which the
// sign rule rejects, and at half-ulp no flushed subnormal, whose exact
// quotient is at least half an ulp and not a tie that rounds to zero).
// [utest->req~div-tq-d2~2]
// [utest->req~div-cli-d5~3]
// [utest->req~div-float-d8~1]
TEST(CheckControls, EveryFp16FaultIsCountedExactlyAtHalfAndOneUlp) {
    RecordProperty("requirements", "DIV-TQ-D2,DIV-CLI-D5,DIV-FLOAT-D8");
    constexpr std::uint32_t stride = 4U * kStride;
    std::vector<std::uint16_t> a;
    std::vector<std::uint16_t> b;
    std::vector<std::uint16_t> expected;
    for (std::uint32_t n = 0U; n < 65536U; n += stride) {
        for (std::uint32_t d = 0U; d < 65536U; ++d) {
            a.push_back(static_cast<std::uint16_t>(n));
            b.push_back(static_cast<std::uint16_t>(d));
            expected.push_back(reference_quotient(a.back(), b.back()));
        }
    }
    const struct {
        const char* name;
        Fault fault;
        bool tolerated_at_half;  // some differing elements are within half an ulp
        bool tolerated_at_one;  // some differing elements are within one ulp
    } cases[] = {{"one ulp off", &one_ulp_off, true, true},
                 {"round toward zero", &toward_zero, true, true},
                 {"ties away from zero", &ties_away, true, true},
                 {"flush subnormal results to zero", &flush_to_zero, false, true},
                 {"wrong sign of zero", &wrong_zero_sign, false, false},
                 {"every 1000th index skipped", &skipped_index, false, false}};
    for (const auto& fault : cases) {
        std::vector<std::uint16_t> y(a.size());
        std::uint64_t differ = 0U;
        std::uint64_t beyond_half = 0U;
        std::uint64_t beyond_one = 0U;
        for (std::size_t i = 0; i < a.size(); ++i) {
            y[i] = fault.fault(a[i], b[i], expected[i], i);
            const Within within = conforms_within(a[i], b[i], expected[i], y[i]);
            differ += check_conforms(expected[i], y[i]) ? 0U : 1U;
            beyond_half += within.half_ulp ? 0U : 1U;
            beyond_one += within.one_ulp ? 0U : 1U;
        }
        ASSERT_GT(differ, 0U) << fault.name;  // every fault changes some element
        const struct {
            Acceptance level;
            std::uint64_t predicted;
            bool tolerated_in_part;
        } levels[] = {{Acceptance::half_ulp, beyond_half, fault.tolerated_at_half},
                      {Acceptance::one_ulp, beyond_one, fault.tolerated_at_one}};
        for (const auto& level : levels) {
            CheckOptions options;
            options.threads = 2U;
            options.accept = level.level;
            const ConformanceReport r = check_conformance(in_view(ElementType::fp16, a), in_view(ElementType::fp16, b),
                                                          in_view(ElementType::fp16, y), options);
            ASSERT_TRUE(r.precondition.is_ok()) << fault.name;
            const std::string at = std::string(fault.name) + " at " +
                                   acceptance_name(AcceptanceLevel{level.level, 0.0});
            EXPECT_EQ(r.elements - r.conforming, level.predicted) << at;
            if (level.tolerated_in_part) {
                EXPECT_LT(level.predicted, differ) << at;
            } else {
                EXPECT_EQ(level.predicted, differ) << at;
            }
        }
        EXPECT_LE(beyond_one, beyond_half) << fault.name;  // one ulp tolerates all that half an ulp does
    }
}

// Every INT8 pair without a zero divisor or MIN / -1 (check refuses those as
// preconditions): truncation where floor is due, and one quotient value off.
// [utest->req~div-tq-d2~2]
TEST(CheckControls, EveryIntegerFaultIsCountedExactly) {
    RecordProperty("requirements", "DIV-TQ-D2");
    std::vector<std::int8_t> a;
    std::vector<std::int8_t> b;
    std::vector<std::int8_t> floor_q;
    std::vector<std::int8_t> trunc_q;
    for (int x = -128; x <= 127; ++x) {
        for (int d = -128; d <= 127; ++d) {
            if ((d == 0) || ((x == -128) && (d == -1))) {
                continue;
            }
            int q = x / d;  // toward zero
            trunc_q.push_back(static_cast<std::int8_t>(q));
            if (((x % d) != 0) && ((x < 0) != (d < 0))) {
                q -= 1;
            }
            floor_q.push_back(static_cast<std::int8_t>(q));
            a.push_back(static_cast<std::int8_t>(x));
            b.push_back(static_cast<std::int8_t>(d));
        }
    }
    CheckOptions options;
    options.rounding = IntRounding::floor;
    const auto run = [&](const std::vector<std::int8_t>& y) {
        return check_conformance(in_view(ElementType::int8, a), in_view(ElementType::int8, b),
                                 in_view(ElementType::int8, y), options);
    };
    EXPECT_EQ(run(floor_q).conforming, a.size());
    std::uint64_t differ = 0U;
    std::vector<std::int8_t> one_off = floor_q;
    std::uint64_t threes = 0U;
    for (std::size_t i = 0; i < a.size(); ++i) {
        differ += (floor_q[i] != trunc_q[i]) ? 1U : 0U;
        if (one_off[i] == 3) {
            one_off[i] = 4;
            ++threes;
        }
    }
    ASSERT_GT(differ, 0U);
    ASSERT_GT(threes, 0U);
    const ConformanceReport swapped = run(trunc_q);
    EXPECT_EQ(swapped.elements - swapped.conforming, differ);
    const ConformanceReport off = run(one_off);
    EXPECT_EQ(off.elements - off.conforming, threes);
}

// Broadcasting faults of a candidate (issue #34 item 2), under each profile
// that broadcasts. A [4, 3, 3] holds 1 ... 36; B holds 1, 2, 4 (powers of
// two: every quotient exact) and sits on Y's axis 1: B [3, 1] by NumPy's
// rule (onnx opset 14, openvino numpy), B [3] at axis 1 by Div-6's
// broadcast (opset 6, axis 1). Y[i, j, k] = A[i, j, k] / B[j]. Faults:
//   - B repeated along the wrong axis (Y[i, j, k] = A / B[k]): wrong where
//     B[k] != B[j], i.e. j != k: 4 * (9 - 3) = 24 of 36 elements;
//   - B's last element repeated (Y = A / B[2]): wrong where j != 2:
//     4 * 2 * 3 = 24 of 36;
//   - A's last element repeated along the last axis (Y[i, j, k] = A[i, j, 2]
//     / B[j]): wrong where k != 2: 24 of 36.
// Each fault is counted exactly, and the correct candidate conforms.
// [utest->req~div-tq-d2~2]
// [utest->req~div-cli-d19~2]
TEST(CheckControls, BroadcastingFaultsAreCountedExactly) {
    RecordProperty("requirements", "DIV-TQ-D2,DIV-CLI-D19");
    std::vector<float> a(36U);
    for (std::size_t i = 0U; i < a.size(); ++i) {
        a[i] = static_cast<float>(i + 1U);
    }
    const std::vector<float> b = {1.0F, 2.0F, 4.0F};
    const auto candidate = [&a, &b](std::size_t (*b_index)(std::size_t, std::size_t),
                                    std::size_t (*a_index)(std::size_t, std::size_t, std::size_t)) {
        std::vector<float> y(36U);
        for (std::size_t i = 0U; i < 4U; ++i) {
            for (std::size_t j = 0U; j < 3U; ++j) {
                for (std::size_t k = 0U; k < 3U; ++k) {
                    y[(i * 3U + j) * 3U + k] = a[a_index(i, j, k)] / b[b_index(j, k)];  // exact: powers of two
                }
            }
        }
        return y;
    };
    const auto b_on_axis_1 = [](std::size_t j, std::size_t) { return j; };
    const auto b_on_axis_2 = [](std::size_t, std::size_t k) { return k; };
    const auto b_last = [](std::size_t, std::size_t) { return std::size_t{2}; };
    const auto a_right = [](std::size_t i, std::size_t j, std::size_t k) { return (i * 3U + j) * 3U + k; };
    const auto a_last = [](std::size_t i, std::size_t j, std::size_t) { return (i * 3U + j) * 3U + 2U; };
    const struct {
        const char* name;
        std::vector<float> y;
        std::uint64_t wrong;
    } cases[] = {{"correct", candidate(b_on_axis_1, a_right), 0U},
                 {"B along the wrong axis", candidate(b_on_axis_2, a_right), 24U},
                 {"B's last element repeated", candidate(b_last, a_right), 24U},
                 {"A's last element repeated", candidate(b_on_axis_1, a_last), 24U}};
    DivOptions numpy{};
    numpy.profile = Profile::onnx;
    numpy.onnx.opset = 14U;
    DivOptions openvino{};
    openvino.profile = Profile::openvino;
    DivOptions legacy{};
    legacy.profile = Profile::onnx;
    legacy.onnx.opset = 6U;
    legacy.onnx.broadcast = true;
    legacy.onnx.has_axis = true;
    legacy.onnx.axis = 1;
    const struct {
        const char* name;
        DivOptions profile;
        std::vector<std::uint64_t> b_dims;
    } profiles[] = {{"onnx opset 14", numpy, {3U, 1U}},
                    {"openvino numpy", openvino, {3U, 1U}},
                    {"onnx opset 6, axis 1", legacy, {3U}}};
    for (const auto& p : profiles) {
        for (const auto& c : cases) {
            ConstTensorView av = in_view(ElementType::fp32, a);
            av.shape = shape_of({4U, 3U, 3U});
            ConstTensorView bv = in_view(ElementType::fp32, b);
            bv.shape = shape_of(p.b_dims);
            ConstTensorView yv = in_view(ElementType::fp32, c.y);
            yv.shape = shape_of({4U, 3U, 3U});
            CheckOptions options;
            options.profile = p.profile;
            options.worst_count = 36U;
            const ConformanceReport r = check_conformance(av, bv, yv, options);
            ASSERT_TRUE(r.precondition.is_ok()) << p.name << ", " << c.name;
            EXPECT_EQ(nonconforming(r), c.wrong) << p.name << ", " << c.name;
            EXPECT_EQ(r.conforming, 36U - c.wrong) << p.name << ", " << c.name;
        }
    }
}

}  // namespace
}  // namespace sonnx::check
