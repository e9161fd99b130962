// The real variant: the spec's examples with exact fractions derived by hand,
// exact parsing, printing, and the error statuses.
#include <gtest/gtest.h>

#include <cstddef>
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

// The bytes GMP allocates while it lives: the work a conversion does,
// counted instead of timed (10^99999 alone takes 41,524 bytes of limbs).
class GmpAllocations {
public:
    GmpAllocations() {
        mp_get_memory_functions(&allocate_, &reallocate_, &free_);
        bytes_ = 0U;
        mp_set_memory_functions(&counting_allocate, &counting_reallocate, free_);
    }
    ~GmpAllocations() { mp_set_memory_functions(allocate_, reallocate_, free_); }
    GmpAllocations(const GmpAllocations&) = delete;
    GmpAllocations& operator=(const GmpAllocations&) = delete;
    static std::size_t bytes() { return bytes_; }

private:
    static void* counting_allocate(std::size_t size) {
        bytes_ += size;
        return allocate_(size);
    }
    static void* counting_reallocate(void* pointer, std::size_t old_size, std::size_t new_size) {
        bytes_ += (new_size > old_size) ? (new_size - old_size) : 0U;
        return reallocate_(pointer, old_size, new_size);
    }
    static inline void* (*allocate_)(std::size_t) = nullptr;
    static inline void* (*reallocate_)(void*, std::size_t, std::size_t) = nullptr;
    static inline void (*free_)(void*, std::size_t) = nullptr;
    static inline std::size_t bytes_ = 0U;
};

// A zero significand is zero whatever its exponent, and no power of ten is
// computed for it (issue #33 item 7: a million `0e99999` took nine minutes
// per operand, each computing 10^99999 before the zero was seen).
// [utest->req~div-real-d1~1]
// [utest->req~div-cli-d9~4]
TEST(RealParsing, AZeroIsZeroWithoutComputingItsPowerOfTen) {
    RecordProperty("requirements", "DIV-REAL-D1,DIV-CLI-D9");
    for (const char* zero : {"0e99999", "-0e+100000", "000.000e-100000", ".0E99999", "0"}) {
        ParseResult r;
        std::size_t bytes = 0U;
        {
            const GmpAllocations count;
            r = parse_decimal(zero);
            bytes = GmpAllocations::bytes();
        }
        ASSERT_TRUE(r.ok) << zero << ": " << r.error;
        EXPECT_EQ(r.value, 0) << zero;
        EXPECT_LE(bytes, 64U) << zero << ": GMP allocated " << bytes << " bytes";
    }
}

std::uint64_t size_in_bits(const Rational& value) {
    const mpq_srcptr q = value.backend().data();
    return static_cast<std::uint64_t>(mpz_sizeinbase(mpq_numref(q), 2)) +
           static_cast<std::uint64_t>(mpz_sizeinbase(mpq_denref(q), 2));
}

// bits_bound, known from the text before anything is converted, is at least
// the bits the value takes (numerator and denominator, in lowest terms), and
// close to them where nothing cancels: 10^100000 takes 332,193 bits, 1 its
// denominator, and floor(100001 log2 10) + 2 = 332,198 bound them.
// [utest->req~div-real-d1~1]
// [utest->req~div-cli-d9~4]
TEST(RealParsing, TheBoundFromTheTextHoldsTheValue) {
    RecordProperty("requirements", "DIV-REAL-D1,DIV-CLI-D9");
    const ParseResult big = parse_decimal("1e100000");
    ASSERT_TRUE(big.ok);
    EXPECT_EQ(size_in_bits(big.value), 332194U);
    EXPECT_EQ(big.bits_bound, 332198U);
    EXPECT_EQ(parse_decimal("0e99999").bits_bound, 2U);
    EXPECT_EQ(parse_decimal("-0").bits_bound, 2U);
    // Trailing zeros of the significand go to the exponent: 10^100000 / 10^100000 is 1, from a 1 and 10^0.
    const ParseResult one = parse_decimal("1" + std::string(100000, '0') + "e-100000");
    ASSERT_TRUE(one.ok);
    EXPECT_EQ(one.value, 1);
    EXPECT_EQ(one.bits_bound, 5U);  // 1 < 10^1: 4 bits, denominator 1
    for (const char* text : {"1", "9", "10", "99.99", "-0.001", "1e-1", "1.5e3", "3.3", "0.1", "007.50", "1e19",
                             "1e-19", "8e100000", "9e-100000", "123456789012345678901234567890e-45",
                             "99999999999999999999e99999", "0.00000000000000000000000000000000001"}) {
        const ParseResult r = parse_decimal(text);
        ASSERT_TRUE(r.ok) << text;
        EXPECT_GE(r.bits_bound, size_in_bits(r.value)) << text;
        EXPECT_LE(r.bits_bound, size_in_bits(r.value) + 8U) << text << ": nothing cancels here";
    }
    // 5^20 / 10^20 = 1 / 2^20: the bound counts 5^20's digits and 10^20, not what cancels.
    const ParseResult cancelled = parse_decimal("95367431640625e-20");
    ASSERT_TRUE(cancelled.ok);
    EXPECT_EQ(to_fraction_string(cancelled.value), "1/1048576");
    EXPECT_EQ(cancelled.bits_bound, 47U + 67U);  // 14 digits, 10^20
    for (const char* text : {"5e-1", "625e-4", "25E-2", "2e-1"}) {
        EXPECT_GE(parse_decimal(text).bits_bound, size_in_bits(parse_decimal(text).value)) << text;
    }
}

// Over a limit, nothing of the value's size is computed: the syntax is
// checked, the bound given, and GMP allocates no more than the empty result
// holds (10^100000 would take 41,524 bytes). Within the limit the value is
// the same as without one; 10^-100000 is bounded by 4 + 332,193 bits.
// [utest->req~div-real-d1~1]
// [utest->req~div-cli-d9~4]
TEST(RealParsing, AValueAboveTheLimitIsRefusedBeforeItIsComputed) {
    RecordProperty("requirements", "DIV-REAL-D1,DIV-CLI-D9");
    const std::string long_fraction = "0." + std::string(1000000, '0') + "1";  // 10^-1000001: 3.3 million bits
    for (const std::string& text :
         {std::string("1e-100000"), std::string("-1e100000"), long_fraction, std::string(200000, '7')}) {
        ParseResult r;
        std::size_t bytes = 0U;
        {
            const GmpAllocations count;
            r = parse_decimal(text, 100000U);
            bytes = GmpAllocations::bytes();
        }
        EXPECT_FALSE(r.ok) << text.substr(0U, 20U);
        EXPECT_TRUE(r.over_limit) << text.substr(0U, 20U);
        EXPECT_GT(r.bits_bound, 100000U) << text.substr(0U, 20U);
        EXPECT_EQ(r.error, "its exact value may take up to " + std::to_string(r.bits_bound) +
                               " bits, above the limit of 100000 bits");
        EXPECT_LE(bytes, 64U) << text.substr(0U, 20U);
    }
    // Malformed text is refused as such, whatever the limit.
    const ParseResult bad = parse_decimal("1e-100000x", 10U);
    EXPECT_FALSE(bad.ok);
    EXPECT_FALSE(bad.over_limit);
    const ParseResult fits = parse_decimal("1e-100000", 332197U);
    ASSERT_TRUE(fits.ok) << fits.error;
    EXPECT_EQ(fits.bits_bound, 332197U);
    EXPECT_EQ(fits.value, parsed("1e-100000"));
    EXPECT_TRUE(parse_decimal("1e-100000", 332196U).over_limit);
    EXPECT_TRUE(parse_decimal("0e99999", 1U).over_limit);  // 0 over 1 takes 2 bits
    EXPECT_TRUE(parse_decimal("0e99999", 2U).ok);
    // A text longer than any that can be held is refused before it is read.
    const std::string_view endless("1", std::size_t{1} << 57U);
    EXPECT_EQ(parse_decimal(endless).error, "longer than 2^56 characters");
}

// A refusal shows the whole text: control bytes as \xHH, a backslash doubled
// (issue #33 item 7: a NUL in the message cut it off where it was printed).
// [utest->req~div-real-d1~1]
// [utest->req~div-cli-d9~4]
TEST(RealParsing, RefusalsShowTheWholeText) {
    RecordProperty("requirements", "DIV-REAL-D1,DIV-CLI-D9");
    const std::string nul("1\0x", 3U);
    EXPECT_EQ(parse_decimal(nul).error, "unexpected character '\\x00' at position 1 in \"1\\x00x\"");
    EXPECT_EQ(parse_decimal("1e\x7f").error, "no exponent digits at position 2 in \"1e\\x7f\"");
    EXPECT_EQ(parse_decimal("\t.").error, "no digits at position 0 in \"\\x09.\"");
    EXPECT_EQ(parse_decimal("1\\").error, "unexpected character '\\\\' at position 1 in \"1\\\\\"");
    EXPECT_EQ(parse_decimal("1e999999\n").error, "exponent beyond +-100000 in \"1e999999\\x0a\"");
    EXPECT_EQ(visible_text(std::string("a\0\x1f\x7f\\\xc3\xa9 z", 9U)), "a\\x00\\x1f\\x7f\\\\\xc3\xa9 z");
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
