// Negative controls of the campaign engine (tool qualification, issue #12):
// the engine is run against deliberately wrong divisions and must report
// exactly the mismatches that an independent computation predicts, never
// zero; with the true division, a recording subject shows that every pair
// of the plan reaches the division once per kernel path.
//
// The predictions do not use MPFR, GMP or the core: FP16 quotients come from
// fp16_reference.hpp, integer quotients from int64 arithmetic.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <vector>

#include "fp16_reference.hpp"
#include "sonnx/oracle/campaign.hpp"

namespace sonnx::oracle {
namespace {

using namespace test;  // NOLINT: the FP16 reference

// ---- the wrong divisions: the true one, then Y changed element by element ----

template <Fault fault>
Status faulty_fp16(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y, const DivOptions& options,
                   DivReport* report) noexcept {
    const Status status = div(a, b, y, options, report);
    if (status.is_ok()) {
        const auto* as = static_cast<const std::uint16_t*>(a.data);
        const auto* bs = static_cast<const std::uint16_t*>(b.data);
        auto* ys = static_cast<std::uint16_t*>(y.data);
        for (std::uint64_t i = 0U; i < a.shape.dims[0]; ++i) {
            ys[i] = fault(as[i], bs[i], ys[i], i);
        }
    }
    return status;
}

// What the engine must report for a fault over the strided FP16 plan: the
// pairs where the faulty result does not conform to the reference quotient.
std::uint64_t predicted_mismatches(Fault fault) {
    std::uint64_t count = 0U;
    for (std::uint32_t k = 0U; k < kNumerators; ++k) {
        const auto a = static_cast<std::uint16_t>(k * kStride);
        for (std::uint32_t d = 0U; d < 65536U; ++d) {
            const auto b = static_cast<std::uint16_t>(d);
            const std::uint16_t expected = reference_quotient(a, b);
            count += conforms(expected, fault(a, b, expected, d)) ? 0U : 1U;
        }
    }
    return count;
}

struct FaultCase {
    const char* name;
    Fault fault;
    DivFunction subject;
};

// [utest->req~div-tq-d1~1]
// [utest->req~div-cli-d8~2]
TEST(CampaignControls, EveryFp16FaultIsCountedExactly) {
    RecordProperty("requirements", "DIV-TQ-D1,DIV-CLI-D8");
    const std::vector<FaultCase> cases = {
        {"one ulp off", &one_ulp_off, &faulty_fp16<&one_ulp_off>},
        {"round toward zero", &toward_zero, &faulty_fp16<&toward_zero>},
        {"ties away from zero", &ties_away, &faulty_fp16<&ties_away>},
        {"flush subnormal results to zero", &flush_to_zero, &faulty_fp16<&flush_to_zero>},
        {"wrong sign of zero", &wrong_zero_sign, &faulty_fp16<&wrong_zero_sign>},
        {"signalling NaN for NaN", &signalling_nan, &faulty_fp16<&signalling_nan>},
        {"every 1000th index skipped", &skipped_index, &faulty_fp16<&skipped_index>},
    };
    for (const FaultCase& fault : cases) {
        const std::uint64_t predicted = predicted_mismatches(fault.fault);
        const CampaignResult r = float16_campaign(ElementType::fp16, 0U, kStride, 2U, {}, fault.subject);
        EXPECT_GT(predicted, 0U) << fault.name << ": the fault changes nothing here";
        EXPECT_EQ(r.mismatches, predicted) << fault.name;
        EXPECT_EQ(r.pairs, std::uint64_t{kNumerators} * 65536U) << fault.name;
        EXPECT_FALSE(r.examples.empty()) << fault.name;
    }
    // The reference itself agrees with the engine's oracle on every pair of the plan.
    EXPECT_EQ(float16_campaign(ElementType::fp16, 0U, kStride, 2U).mismatches, 0U);
}

// A fault of one kernel path only (with or without deriving the flags): the engine runs both.
template <bool with_flags>
Status wrong_on_one_path(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y,
                         const DivOptions& options, DivReport* report) noexcept {
    const Status status = div(a, b, y, options, report);
    if (status.is_ok() && ((report != nullptr) == with_flags)) {
        auto* ys = static_cast<std::uint16_t*>(y.data);
        ys[0] = static_cast<std::uint16_t>(ys[0] ^ 0x0001U);
    }
    return status;
}

// [utest->req~div-tq-d1~1]
// [utest->req~div-cli-d8~2]
TEST(CampaignControls, BothKernelPathsAreChecked) {
    RecordProperty("requirements", "DIV-TQ-D1,DIV-CLI-D8");
    // Element 0 of each block: the BF16 pattern k * 251 over divisor +0. A
    // NaN numerator or 0 / 0 gives a quiet NaN, which stays a quiet NaN with
    // its low bit flipped; any other numerator gives an infinity, which the
    // flip turns into a signalling NaN: a mismatch.
    std::uint64_t predicted = 0U;
    for (std::uint32_t k = 0U; k < kNumerators; ++k) {
        const std::uint32_t a = k * kStride;
        const bool nan = ((a & 0x7F80U) == 0x7F80U) && ((a & 0x007FU) != 0U);
        const bool zero = (a & 0x7FFFU) == 0U;
        predicted += (nan || zero) ? 0U : 1U;
    }
    EXPECT_GT(predicted, kNumerators / 2U);
    EXPECT_EQ(float16_campaign(ElementType::bf16, 0U, kStride, 2U, {}, &wrong_on_one_path<true>).mismatches, predicted);
    EXPECT_EQ(float16_campaign(ElementType::bf16, 0U, kStride, 2U, {}, &wrong_on_one_path<false>).mismatches,
              predicted);
    EXPECT_EQ(float16_campaign(ElementType::bf16, 0U, kStride, 2U).mismatches, 0U);
}

// ---- integers: every INT8 pair, predictions in int64 ----

template <bool floor_rounding>
std::int64_t quotient(std::int64_t a, std::int64_t b) {
    std::int64_t q = a / b;  // C++: toward zero
    if (floor_rounding && ((a % b) != 0) && ((a < 0) != (b < 0))) {
        q -= 1;
    }
    return q;
}

enum class IntFault : std::uint8_t { swapped_rounding, one_off, write_on_error, wrong_rejection };

template <IntFault fault>
Status faulty_int8(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y, const DivOptions& options,
                   DivReport* report) noexcept {
    const auto* as = static_cast<const std::int8_t*>(a.data);
    const auto* bs = static_cast<const std::int8_t*>(b.data);
    auto* ys = static_cast<std::int8_t*>(y.data);
    const std::uint64_t n = a.shape.dims[0];
    if (fault == IntFault::swapped_rounding) {
        DivOptions swapped = options;
        swapped.int_rounding =
            (options.int_rounding == IntRounding::floor) ? IntRounding::toward_zero : IntRounding::floor;
        return div(a, b, y, swapped, report);
    }
    const Status status = div(a, b, y, options, report);
    if ((fault == IntFault::one_off) && status.is_ok()) {
        for (std::uint64_t i = 0U; i < n; ++i) {
            if (ys[i] == 3) {
                ys[i] = 4;  // one quotient value off by one
            }
        }
    }
    if ((fault == IntFault::write_on_error) && !status.is_ok() && (n > 0U)) {
        ys[0] = 0;
    }
    if ((fault == IntFault::wrong_rejection) && (status.code == StatusCode::overflow)) {
        return Status{StatusCode::zero_divisor, RequirementId::div_int_c3, Operand::b, 0U};
    }
    (void)as;
    (void)bs;
    return status;
}

// The mismatches each integer fault must give over all 65536 INT8 pairs under floor rounding.
std::uint64_t predicted_int8(IntFault fault) {
    std::uint64_t count = 0U;
    for (int a = -128; a <= 127; ++a) {
        for (int b = -128; b <= 127; ++b) {
            const bool zero = (b == 0);
            const bool overflow = (a == -128) && (b == -1);
            if (zero || overflow) {
                // Rejected pairs: a write on error or a wrong rejection (of an overflow) is a mismatch.
                count += (fault == IntFault::write_on_error) ? 1U : 0U;
                count += ((fault == IntFault::wrong_rejection) && overflow) ? 1U : 0U;
                continue;
            }
            const std::int64_t floor_q = quotient<true>(a, b);
            const std::int64_t trunc_q = quotient<false>(a, b);
            count += ((fault == IntFault::swapped_rounding) && (floor_q != trunc_q)) ? 1U : 0U;
            count += ((fault == IntFault::one_off) && (floor_q == 3)) ? 1U : 0U;
        }
    }
    return count;
}

// [utest->req~div-tq-d1~1]
TEST(CampaignControls, EveryIntegerFaultIsCountedExactly) {
    RecordProperty("requirements", "DIV-TQ-D1");
    const std::vector<std::pair<IntFault, DivFunction>> cases = {
        {IntFault::swapped_rounding, &faulty_int8<IntFault::swapped_rounding>},
        {IntFault::one_off, &faulty_int8<IntFault::one_off>},
        {IntFault::write_on_error, &faulty_int8<IntFault::write_on_error>},
        {IntFault::wrong_rejection, &faulty_int8<IntFault::wrong_rejection>},
    };
    for (const auto& [fault, subject] : cases) {
        CampaignPlan plan;
        plan.type = ElementType::int8;
        plan.mode = CampaignMode::exhaustive;
        plan.rounding = IntRounding::floor;
        plan.threads = 2U;
        plan.subject = subject;
        const CampaignResult r = run_campaign(plan);
        const std::uint64_t predicted = predicted_int8(fault);
        EXPECT_GT(predicted, 0U) << static_cast<int>(fault);
        EXPECT_EQ(r.mismatches, predicted) << static_cast<int>(fault);
        EXPECT_EQ(r.pairs, 65536U);
    }
}

// ---- coverage of the operand space: every pair reaches the division ----

// Counts per pair, filled by the recording subject from the engine's threads.
std::unique_ptr<std::array<std::atomic<std::uint8_t>, 65536U>[]> seen;  // [numerator slot][divisor]
bool fp16_plan = true;

Status recording(const ConstTensorView& a, const ConstTensorView& b, const TensorView& y, const DivOptions& options,
                 DivReport* report) noexcept {
    const std::uint64_t n = a.shape.dims[0];
    for (std::uint64_t i = 0U; i < n; ++i) {
        std::uint32_t numerator = 0U;
        std::uint32_t divisor = 0U;
        if (fp16_plan) {
            numerator = static_cast<const std::uint16_t*>(a.data)[i] / kStride;
            divisor = static_cast<const std::uint16_t*>(b.data)[i];
        } else {
            numerator = static_cast<std::uint8_t>(static_cast<const std::int8_t*>(a.data)[i]);
            divisor = static_cast<std::uint8_t>(static_cast<const std::int8_t*>(b.data)[i]);
        }
        ++seen[numerator][divisor];
    }
    return div(a, b, y, options, report);
}

// [utest->req~div-tq-d1~1]
TEST(CampaignControls, EveryPairOfThePlanIsVisited) {
    RecordProperty("requirements", "DIV-TQ-D1");
    // Rows: the FP16 plan's numerators, then INT8's 256 values.
    seen.reset(new std::array<std::atomic<std::uint8_t>, 65536U>[std::max(kNumerators, 256U)]);
    for (std::uint32_t k = 0U; k < kNumerators; ++k) {
        for (std::atomic<std::uint8_t>& count : seen[k]) {
            count = 0U;
        }
    }
    fp16_plan = true;
    EXPECT_EQ(float16_campaign(ElementType::fp16, 0U, kStride, 2U, {}, &recording).mismatches, 0U);
    std::uint64_t wrong = 0U;
    for (std::uint32_t k = 0U; k < kNumerators; ++k) {
        for (const std::atomic<std::uint8_t>& count : seen[k]) {
            wrong += (count.load() == 2U) ? 0U : 1U;  // once without, once with a report
        }
    }
    EXPECT_EQ(wrong, 0U) << "FP16 pairs not visited exactly twice";

    // INT8, exhaustive: valid pairs in one call, rejected ones alone: each once.
    for (std::uint32_t k = 0U; k < 256U; ++k) {
        for (std::atomic<std::uint8_t>& count : seen[k]) {
            count = 0U;
        }
    }
    fp16_plan = false;
    CampaignPlan plan;
    plan.type = ElementType::int8;
    plan.mode = CampaignMode::exhaustive;
    plan.threads = 2U;
    plan.subject = &recording;
    EXPECT_EQ(run_campaign(plan).mismatches, 0U);
    wrong = 0U;
    for (std::uint32_t k = 0U; k < 256U; ++k) {
        for (std::uint32_t d = 0U; d < 256U; ++d) {
            wrong += (seen[k][d].load() == 1U) ? 0U : 1U;
        }
    }
    EXPECT_EQ(wrong, 0U) << "INT8 pairs not visited exactly once";
    seen.reset();
}

}  // namespace
}  // namespace sonnx::oracle
