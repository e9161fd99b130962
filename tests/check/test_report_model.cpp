// The report model's one merge (merge_into, DIV-CLI-D20 and DIV-CLI-D6):
// what happens to a stop and to a candidate mismatch on each side, and the
// sums at 2^64 - 1. Expected values follow report.hpp's contract, by hand:
// the lower element stop wins, an element stop ends what the other side
// judged, the operands' own preconditions must agree, as must the
// candidate's status, and a count may reach 2^64 - 1 but not pass it.
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>

#include "sonnx/check/report.hpp"

namespace sonnx::check {
namespace {

Report judged(std::uint64_t elements, std::uint64_t conforming) {
    Report r;
    r.type = ElementType::int16;
    r.elements = elements;
    r.conforming = conforming;
    return r;
}

Report stopped(StatusCode code, std::uint64_t index) {
    Report r;
    r.type = ElementType::int16;
    r.precondition = Status{code,
                            (code == StatusCode::zero_divisor) ? RequirementId::div_int_c3 : RequirementId::div_int_d2,
                            (code == StatusCode::zero_divisor) ? Operand::b : Operand::a, index};
    return r;
}

bool same(const Status& x, const Status& y) {
    return (x.code == y.code) && (x.requirement == y.requirement) && (x.operand == y.operand) && (x.index == y.index);
}

// [utest->req~div-cli-d20~2]
// [utest->req~div-cli-d6~3]
TEST(ReportModel, TheLowerElementStopWinsAndEndsWhatWasJudged) {
    RecordProperty("requirements", "DIV-CLI-D20,DIV-CLI-D6");
    Report into = stopped(StatusCode::zero_divisor, 9U);
    merge_into(into, stopped(StatusCode::overflow, 4U), 10U);
    EXPECT_TRUE(same(into.precondition, stopped(StatusCode::overflow, 4U).precondition));
    merge_into(into, stopped(StatusCode::zero_divisor, 12U), 10U);
    EXPECT_TRUE(same(into.precondition, stopped(StatusCode::overflow, 4U).precondition));
    // A side that judged elements, then a stop: only the stop is left, whichever side it is on.
    into = judged(100U, 90U);
    merge_into(into, stopped(StatusCode::zero_divisor, 7U), 10U);
    EXPECT_TRUE(same(into.precondition, stopped(StatusCode::zero_divisor, 7U).precondition));
    EXPECT_EQ(into.elements, 0U);
    EXPECT_EQ(into.conforming, 0U);
    merge_into(into, judged(50U, 50U), 10U);
    EXPECT_TRUE(same(into.precondition, stopped(StatusCode::zero_divisor, 7U).precondition));
    EXPECT_EQ(into.elements, 0U);
}

// [utest->req~div-cli-d20~2]
TEST(ReportModel, TheOperandsOwnPreconditionsMustAgree) {
    RecordProperty("requirements", "DIV-CLI-D20");
    Report shapes;
    shapes.type = ElementType::int16;
    shapes.precondition = Status{StatusCode::shape_mismatch, RequirementId::div_int_c1, Operand::b, 1U};
    Report into = shapes;
    EXPECT_NO_THROW(merge_into(into, shapes, 10U));
    EXPECT_TRUE(same(into.precondition, shapes.precondition));
    Report other_axis = shapes;
    other_axis.precondition.index = 2U;
    EXPECT_THROW(merge_into(into, other_axis, 10U), std::invalid_argument);
    into = shapes;
    EXPECT_THROW(merge_into(into, judged(5U, 5U), 10U), std::invalid_argument);
    into = judged(5U, 5U);
    EXPECT_THROW(merge_into(into, shapes, 10U), std::invalid_argument);
    // An element stop on one side, the operands' precondition on the other: not two shares of one check.
    into = stopped(StatusCode::zero_divisor, 3U);
    EXPECT_THROW(merge_into(into, shapes, 10U), std::invalid_argument);
}

// Candidates whose status differs in any one field are different candidates.
// [utest->req~div-cli-d20~2]
TEST(ReportModel, TheCandidatesStatusMustBeTheSame) {
    RecordProperty("requirements", "DIV-CLI-D20");
    const Status wrong{StatusCode::shape_mismatch, RequirementId::div_int_c1, Operand::y, 1U};
    Report into = judged(4U, 0U);
    into.candidate_mismatch = wrong;
    Report part = into;
    EXPECT_NO_THROW(merge_into(into, part, 10U));
    EXPECT_EQ(into.elements, 8U);
    Status other = wrong;
    other.code = StatusCode::type_mismatch;
    Status other_requirement = wrong;
    other_requirement.requirement = RequirementId::div_float_c1;
    Status other_operand = wrong;
    other_operand.operand = Operand::b;
    Status other_index = wrong;
    other_index.index = 0U;
    for (const Status& differs : {other, other_requirement, other_operand, other_index}) {
        into = judged(4U, 0U);
        into.candidate_mismatch = wrong;
        part.candidate_mismatch = differs;
        EXPECT_THROW(merge_into(into, part, 10U), std::invalid_argument);
    }
}

// [utest->req~div-cli-d20~2]
TEST(ReportModel, CountsReachTwoToTheSixtyFourMinusOneButNotPastIt) {
    RecordProperty("requirements", "DIV-CLI-D20");
    Report into = judged(UINT64_MAX - 5U, 0U);
    merge_into(into, judged(5U, 0U), 10U);
    EXPECT_EQ(into.elements, UINT64_MAX);
    EXPECT_THROW(merge_into(into, judged(1U, 0U), 10U), std::overflow_error);
}

}  // namespace
}  // namespace sonnx::check
