// Negative controls of `check` (check_conformance), tool qualification of
// issue #12: candidates with each fault class injected, over every FP16
// divisor of every 251st numerator and over every valid INT8 pair, and the
// exact count of non-conforming elements that an independent computation
// predicts (fp16_reference.hpp; int64 arithmetic), never zero.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "fp16_reference.hpp"
#include "sonnx/oracle/conformance.hpp"
#include "test_support.hpp"

namespace sonnx::oracle {
namespace {

using namespace test;  // NOLINT: the FP16 reference

using sonnx::test::in_view;  // a 1-D view over a vector (tests/unit/test_support.hpp)

// check's exact level: the same encoding, any NaN for a NaN (DIV-CLI-D5).
bool check_conforms(std::uint16_t expected, std::uint16_t y) {
    return is_nan(expected) ? is_nan(y) : (expected == y);
}

// [utest->req~div-tq-d2~1]
// [utest->req~div-cli-d5~1]
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
    const ConformanceReport clean =
        check_conformance(in_view(ElementType::fp16, a), in_view(ElementType::fp16, b),
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
        const ConformanceReport r =
            check_conformance(in_view(ElementType::fp16, a), in_view(ElementType::fp16, b),
                              in_view(ElementType::fp16, y), options);
        ASSERT_TRUE(r.precondition.is_ok()) << fault.name;
        EXPECT_GT(predicted, 0U) << fault.name;
        EXPECT_EQ(r.elements - r.conforming, predicted) << fault.name;
        EXPECT_FALSE(r.worst.empty()) << fault.name;
        EXPECT_FALSE(r.failed_requirements.empty()) << fault.name;
    }
}

// Every INT8 pair without a zero divisor or MIN / -1 (check refuses those as
// preconditions): truncation where floor is due, and one quotient value off.
// [utest->req~div-tq-d2~1]
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

}  // namespace
}  // namespace sonnx::oracle
