// How shapes and element positions are written: hand-written strings.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "sonnx/text/shape_text.hpp"

namespace sonnx::text {
namespace {

// The shapes a precondition message compares (DIV-CLI-D2) and every report prints.
// [utest->req~div-cli-d2~1]
TEST(ShapeText, ExtentsInBracketsSeparatedByCommas) {
    RecordProperty("requirements", "DIV-CLI-D2");
    EXPECT_EQ(shape_text({}), "[]");  // a scalar
    EXPECT_EQ(shape_text({7U}), "[7]");
    EXPECT_EQ(shape_text({2U, 3U}), "[2, 3]");
    EXPECT_EQ(shape_text({1U, 1U, 1U}), "[1, 1, 1]");
    EXPECT_EQ(shape_text({0U, 18446744073709551615U}), "[0, 18446744073709551615]");
}

// Flat index i of shape [d0, ..., dn] is at coordinates c with i = sum of
// ck * (d(k+1) * ... * dn): the last axis varies fastest (row-major).
// [utest->req~div-cli-d2~1]
// [utest->req~div-cli-d6~3]
TEST(PositionText, FlatIndexForRankOneCoordinatesAbove) {
    RecordProperty("requirements", "DIV-CLI-D2,DIV-CLI-D6");
    EXPECT_EQ(position_text(7U, {}), "[7]");     // no shape to split the index by
    EXPECT_EQ(position_text(7U, {10U}), "[7]");
    EXPECT_EQ(position_text(0U, {2U, 3U}), "[0, 0]");
    EXPECT_EQ(position_text(5U, {2U, 3U}), "[1, 2]");  // 5 = 1 * 3 + 2
    EXPECT_EQ(position_text(3U, {2U, 2U}), "[1, 1]");  // 3 = 1 * 2 + 1
    EXPECT_EQ(position_text(13U, {2U, 3U, 4U}), "[1, 0, 1]");  // 13 = 1 * 12 + 0 * 4 + 1
    EXPECT_EQ(position_text(23U, {2U, 3U, 4U}), "[1, 2, 3]");  // the last element
    EXPECT_EQ(position_text(5U, {0U, 3U}), "[0, 2]");  // an empty axis: coordinate 0, no division by 0
}

}  // namespace
}  // namespace sonnx::text
