// The real variant: the spec's examples with exact fractions derived by hand,
// exact parsing, printing, and the error statuses.
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "sonnx/real/format.hpp"
#include "sonnx/real/rational.hpp"
#include "sonnx/real/real_div.hpp"

namespace sonnx::real {
namespace {

Rational parsed(const char* text) {
    const ParseResult r = parse_decimal(text);
    EXPECT_TRUE(r.ok) << text << ": " << r.error;
    return r.value;
}

RealTensor tensor(std::vector<std::uint64_t> dims, const std::vector<const char*>& texts) {
    RealTensor t;
    t.dims = std::move(dims);
    for (const char* text : texts) {
        t.values.push_back(parsed(text));
    }
    return t;
}

// Example 1: [6.1 9.5 35.7] / [3.0 3.3 5.1] = 61/30, 95/33, 7, printed 2.0333 2.8788 7.0.
// [utest->req~div-real-f1~1]
// [utest->req~div-real-acc1~1]
// [utest->req~div-real-d2~1]
TEST(RealSpecExamples, Example1OneDimensional) {
    RecordProperty("requirements", "DIV-REAL-F1,DIV-REAL-ACC1,DIV-REAL-D2");
    RealTensor y;
    ASSERT_TRUE(div(tensor({3}, {"6.1", "9.5", "35.7"}), tensor({3}, {"3.0", "3.3", "5.1"}), y).is_ok());
    EXPECT_EQ(y.dims, (std::vector<std::uint64_t>{3}));
    EXPECT_EQ(to_fraction_string(y.values[0]), "61/30");
    EXPECT_EQ(to_fraction_string(y.values[1]), "95/33");
    EXPECT_EQ(to_fraction_string(y.values[2]), "7");
    EXPECT_EQ(to_decimal_string(y.values[0], 4), "2.0333");
    EXPECT_EQ(to_decimal_string(y.values[1], 4), "2.8788");  // 2.878787...: rounds up (truncation: 2.8787)
    EXPECT_EQ(to_decimal_string(y.values[2], 1), "7.0");
}

// Example 2 (3x2): [3.7 4.4; 16.2 0.5; 25.3 24.8] / [3.0 2.2; 4.1 1.0; 5.2 4.0]
// = [37/30 2; 162/41 1/2; 253/52 31/5], printed 1.2333 2.0 3.9512 0.5 4.8654 6.2.
// [utest->req~div-real-f1~1]
// [utest->req~div-real-d2~1]
TEST(RealSpecExamples, Example2ThreeByTwo) {
    RecordProperty("requirements", "DIV-REAL-F1,DIV-REAL-D2");
    RealTensor y;
    ASSERT_TRUE(div(tensor({3, 2}, {"3.7", "4.4", "16.2", "0.5", "25.3", "24.8"}),
                    tensor({3, 2}, {"3.0", "2.2", "4.1", "1.0", "5.2", "4.0"}), y)
                    .is_ok());
    const std::vector<std::string> fractions{"37/30", "2", "162/41", "1/2", "253/52", "31/5"};
    const std::vector<std::string> printed{"1.2333", "2.0000", "3.9512", "0.5000", "4.8654", "6.2000"};
    for (std::size_t i = 0; i < fractions.size(); ++i) {
        EXPECT_EQ(to_fraction_string(y.values[i]), fractions[i]);
        EXPECT_EQ(to_decimal_string(y.values[i], 4), printed[i]);
    }
}

// [utest->req~div-real-d1~1]
TEST(RealParsing, DecimalsAreExactAndMalformedTextIsRejected) {
    RecordProperty("requirements", "DIV-REAL-D1");
    EXPECT_EQ(to_fraction_string(parsed("6.1")), "61/10");
    EXPECT_EQ(to_fraction_string(parsed("-0.125")), "-1/8");
    EXPECT_EQ(to_fraction_string(parsed("+.5")), "1/2");
    EXPECT_EQ(to_fraction_string(parsed("2.")), "2");
    EXPECT_EQ(to_fraction_string(parsed("007.50")), "15/2");  // leading zeros are not an octal prefix
    EXPECT_EQ(to_fraction_string(parsed("1.5e3")), "1500");
    EXPECT_EQ(to_fraction_string(parsed("25E-2")), "1/4");
    // 1e400 / 1e-400 = 10^800 exactly, far beyond any binary float.
    RealTensor y;
    ASSERT_TRUE(div(tensor({1}, {"1e400"}), tensor({1}, {"1e-400"}), y).is_ok());
    EXPECT_EQ(to_fraction_string(y.values[0]), "1" + std::string(800, '0'));
    for (const char* bad :
         {"", "-", ".", "1.2.3", "1e", "1e+", " 1", "1 ", "0x10", "inf", "nan", "1,5", "e5", "1e100001"}) {
        const ParseResult r = parse_decimal(bad);
        EXPECT_FALSE(r.ok) << bad;
        EXPECT_FALSE(r.error.empty()) << bad;
    }
}

// [utest->req~div-real-d1~1]
// [utest->req~div-real-d3~1]
TEST(RealParsing, BinaryFloatsAreExactAndInfinityOrNanRejected) {
    RecordProperty("requirements", "DIV-REAL-D1,DIV-REAL-D3");
    const ParseResult tenth = from_binary(0.1);
    ASSERT_TRUE(tenth.ok);
    EXPECT_EQ(to_fraction_string(tenth.value), "3602879701896397/36028797018963968");  // 0x1.999999999999ap-4
    EXPECT_EQ(to_fraction_string(from_binary(0.1F).value), "13421773/134217728");    // 0x1.99999ap-4
    EXPECT_EQ(to_fraction_string(from_binary(-0.0).value), "0");
    EXPECT_EQ(
        to_fraction_string(from_binary(4.9406564584124654e-324).value),
        "1/" +
            boost::multiprecision::mpz_int(boost::multiprecision::pow(boost::multiprecision::mpz_int(2), 1074)).str());
    EXPECT_FALSE(from_binary(std::numeric_limits<double>::infinity()).ok);
    EXPECT_FALSE(from_binary(std::numeric_limits<double>::quiet_NaN()).ok);
}

// [utest->req~div-real-d2~1]
TEST(RealPrinting, RoundHalfToEvenWithTheRequestedDigits) {
    RecordProperty("requirements", "DIV-REAL-D2");
    EXPECT_EQ(to_decimal_string(parsed("0.125"), 2), "0.12");
    EXPECT_EQ(to_decimal_string(parsed("0.375"), 2), "0.38");
    EXPECT_EQ(to_decimal_string(parsed("-0.125"), 2), "-0.12");
    EXPECT_EQ(to_decimal_string(parsed("-0.001"), 2), "0.00");
    EXPECT_EQ(to_decimal_string(parsed("7"), 4), "7.0000");
    EXPECT_EQ(to_decimal_string(parsed("7"), 0), "7");
    EXPECT_EQ(to_decimal_string(parsed("2.5"), 0), "2");
    EXPECT_EQ(to_decimal_string(parsed("3.5"), 0), "4");
    EXPECT_EQ(to_decimal_string(Rational(2, 3), 3), "0.667");
}

// [utest->req~div-real-r1~1]
// [utest->req~div-real-c1~1]
// [utest->req~div-real-c2~1]
// [utest->req~div-real-d3~1]
TEST(RealErrors, ShapeMismatchAndZeroDivisorLeaveTheOutputUntouched) {
    RecordProperty("requirements", "DIV-REAL-R1,DIV-REAL-C1,DIV-REAL-C2,DIV-REAL-D3");
    RealTensor y = tensor({1}, {"42"});
    Status s = div(tensor({2, 3}, {"1", "2", "3", "4", "5", "6"}), tensor({2, 2}, {"1", "2", "3", "4"}), y);
    EXPECT_EQ(s.code, StatusCode::shape_mismatch);
    EXPECT_EQ(s.requirement, RequirementId::div_real_c1);
    EXPECT_EQ(s.operand, Operand::b);
    EXPECT_EQ(s.index, 1U);
    s = div(tensor({3}, {"1", "0", "3"}), tensor({3}, {"2", "5", "0"}), y);  // 0/5 is fine, 3/0 is not
    EXPECT_EQ(s.code, StatusCode::zero_divisor);
    EXPECT_EQ(s.requirement, RequirementId::div_real_c2);
    EXPECT_EQ(s.index, 2U);
    EXPECT_EQ(y.dims, (std::vector<std::uint64_t>{1}));
    EXPECT_EQ(to_fraction_string(y.values.at(0)), "42");
}

}  // namespace
}  // namespace sonnx::real
