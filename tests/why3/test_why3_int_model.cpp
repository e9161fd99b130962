// The C++ core against the Why3 integer model: `tools/proofs execute` runs
// DivInt.div_checked (why3/div_int.mlw, proved equal to floor and truncating
// division) with `why3 execute` on the spec's examples and on boundary
// values of all ten integer types in both roundings; each line it writes is
// one case, checked here on the core: the same quotient, or the same error.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#include "sonnx/div.hpp"

#ifndef SONNX_WHY3_INT_MODEL
#error "SONNX_WHY3_INT_MODEL names the file tools/proofs execute writes"
#endif

namespace {

struct IntCase {
    std::string type;
    std::string rounding;
    std::string a;
    std::string b;
    std::string outcome;   // quotient, zero_divisor or overflow
    std::string quotient;  // for quotient
};

template <typename T>
T parse(const std::string& text) {
    if constexpr (std::is_signed<T>::value) {
        return static_cast<T>(std::stoll(text));
    } else {
        return static_cast<T>(std::stoull(text));
    }
}

// Runs the core on one element of type T; returns "" when it agrees with the model.
template <typename T>
std::string check(sonnx::ElementType type, const IntCase& c) {
    sonnx::Shape shape{};
    shape.rank = 1U;
    shape.dims[0] = 1U;
    const T a = parse<T>(c.a);
    const T b = parse<T>(c.b);
    T y = 0;
    const sonnx::ConstTensorView va{type, shape, &a, sizeof a};
    const sonnx::ConstTensorView vb{type, shape, &b, sizeof b};
    const sonnx::TensorView vy{type, shape, &y, sizeof y};
    sonnx::DivOptions options{};
    options.int_rounding = (c.rounding == "floor") ? sonnx::IntRounding::floor : sonnx::IntRounding::toward_zero;
    const sonnx::Status status = sonnx::div(va, vb, vy, options, nullptr);
    std::ostringstream got;
    if (status.code == sonnx::StatusCode::ok) {
        got << "quotient " << std::to_string(y);
    } else if (status.code == sonnx::StatusCode::zero_divisor) {
        got << "zero_divisor";
    } else if (status.code == sonnx::StatusCode::overflow) {
        got << "overflow";
    } else {
        got << "status " << sonnx::status_code_name(status.code);
    }
    const std::string expected = (c.outcome == "quotient") ? ("quotient " + c.quotient) : c.outcome;
    return (got.str() == expected) ? std::string{} : ("core: " + got.str() + ", model: " + expected);
}

std::string check_case(const IntCase& c) {
    using sonnx::ElementType;
    if (c.type == "INT4") {
        return check<std::int8_t>(ElementType::int4, c);
    }
    if (c.type == "INT8") {
        return check<std::int8_t>(ElementType::int8, c);
    }
    if (c.type == "INT16") {
        return check<std::int16_t>(ElementType::int16, c);
    }
    if (c.type == "INT32") {
        return check<std::int32_t>(ElementType::int32, c);
    }
    if (c.type == "INT64") {
        return check<std::int64_t>(ElementType::int64, c);
    }
    if (c.type == "UINT4") {
        return check<std::uint8_t>(ElementType::uint4, c);
    }
    if (c.type == "UINT8") {
        return check<std::uint8_t>(ElementType::uint8, c);
    }
    if (c.type == "UINT16") {
        return check<std::uint16_t>(ElementType::uint16, c);
    }
    if (c.type == "UINT32") {
        return check<std::uint32_t>(ElementType::uint32, c);
    }
    if (c.type == "UINT64") {
        return check<std::uint64_t>(ElementType::uint64, c);
    }
    return "unknown type " + c.type;
}

// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
// [utest->req~div-int-c3~1]
// [utest->req~div-int-d2~1]
// [utest->req~div-int-acc1~1]
TEST(Why3DivInt, CoreAgreesWithModelOnExamplesAndBoundaries) {
    RecordProperty("requirements", "DIV-INT-F1,DIV-INT-D1,DIV-INT-C3,DIV-INT-D2,DIV-INT-ACC1");
    std::ifstream input(SONNX_WHY3_INT_MODEL);
    ASSERT_TRUE(input.good()) << SONNX_WHY3_INT_MODEL << " is missing: run the why3_int_model_execute test";
    std::string line;
    int cases = 0;
    int zero_divisors = 0;
    int overflows = 0;
    while (std::getline(input, line)) {
        std::istringstream words(line);
        IntCase c;
        words >> c.type >> c.rounding >> c.a >> c.b >> c.outcome >> c.quotient;
        ASSERT_FALSE(c.outcome.empty()) << "malformed line: " << line;
        const std::string mismatch = check_case(c);
        EXPECT_TRUE(mismatch.empty()) << line << ": " << mismatch;
        ++cases;
        zero_divisors += (c.outcome == "zero_divisor") ? 1 : 0;
        overflows += (c.outcome == "overflow") ? 1 : 0;
    }
    // Every type in both roundings, with its zero divisors and, for the
    // five signed types, MIN / -1: the file is the full table, not a stub.
    EXPECT_GT(cases, 1000);
    EXPECT_GE(zero_divisors, 20);
    EXPECT_EQ(overflows, 10);
}

}  // namespace
