// The C++ core against the Why3 integer model: `tools/proofs execute` runs
// DivInt.div_checked (why3/div_int.mlw, proved equal to floor and truncating
// division) with `why3 execute` on the spec's examples and on boundary
// values of all ten integer types in both roundings, and `tools/proofs
// run-extracted` runs the same function extracted to OCaml on every 4- and
// 8-bit pair and seeded wider pairs; each line they write is one case,
// checked here on the core: the same quotient, or the same error.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "sonnx/div.hpp"

#ifndef SONNX_WHY3_INT_MODEL
#error "SONNX_WHY3_INT_MODEL names the file tools/proofs execute writes"
#endif
#ifndef SONNX_WHY3_INT_MODEL_EXTRACTED
#error "SONNX_WHY3_INT_MODEL_EXTRACTED names the file tools/proofs run-extracted writes"
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

// What a model file held: its cases, per type, and the refusals.
struct FileTally {
    std::map<std::string, int> cases_per_type;
    int cases{0};
    int zero_divisors{0};
    int overflows{0};
    int mismatches{0};
};

// Checks every line of a model file on the core; reports the first mismatches.
FileTally check_file(const char* path) {
    FileTally tally;
    std::ifstream input(path);
    EXPECT_TRUE(input.good()) << path << " is missing: run the why3_int_model_* fixture tests";
    std::string line;
    while (std::getline(input, line)) {
        std::istringstream words(line);
        IntCase c;
        words >> c.type >> c.rounding >> c.a >> c.b >> c.outcome >> c.quotient;
        if (c.outcome.empty()) {
            ADD_FAILURE() << "malformed line: " << line;
            ++tally.mismatches;
            continue;
        }
        const std::string mismatch = check_case(c);
        if (!mismatch.empty()) {
            ++tally.mismatches;
            if (tally.mismatches <= 10) {
                ADD_FAILURE() << line << ": " << mismatch;
            }
        }
        ++tally.cases;
        ++tally.cases_per_type[c.type];
        tally.zero_divisors += (c.outcome == "zero_divisor") ? 1 : 0;
        tally.overflows += (c.outcome == "overflow") ? 1 : 0;
    }
    return tally;
}

// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
// [utest->req~div-int-c3~1]
// [utest->req~div-int-d2~1]
// [utest->req~div-int-acc1~1]
TEST(Why3DivInt, CoreAgreesWithModelOnExamplesAndBoundaries) {
    RecordProperty("requirements", "DIV-INT-F1,DIV-INT-D1,DIV-INT-C3,DIV-INT-D2,DIV-INT-ACC1");
    const FileTally tally = check_file(SONNX_WHY3_INT_MODEL);
    EXPECT_EQ(tally.mismatches, 0);
    // Every type in both roundings, with its zero divisors and, for the
    // five signed types, MIN / -1: the file is the full table, not a stub.
    EXPECT_GT(tally.cases, 1000);
    EXPECT_GE(tally.zero_divisors, 20);
    EXPECT_EQ(tally.overflows, 10);
}

// The same model extracted to OCaml (why3 extract, tools/proofs
// run-extracted): every pair of INT4, UINT4, INT8 and UINT8 and 50,000
// seeded pairs per wider type, each in both roundings.
// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
// [utest->req~div-int-c3~1]
// [utest->req~div-int-d2~1]
// [utest->req~div-int-acc1~1]
TEST(Why3DivInt, CoreAgreesWithExtractedModelOnEveryEightBitPairAndSamples) {
    RecordProperty("requirements", "DIV-INT-F1,DIV-INT-D1,DIV-INT-C3,DIV-INT-D2,DIV-INT-ACC1");
    const FileTally tally = check_file(SONNX_WHY3_INT_MODEL_EXTRACTED);
    EXPECT_EQ(tally.mismatches, 0);
    EXPECT_EQ(tally.cases_per_type.at("INT4"), 2 * 16 * 16);
    EXPECT_EQ(tally.cases_per_type.at("UINT4"), 2 * 16 * 16);
    EXPECT_EQ(tally.cases_per_type.at("INT8"), 2 * 256 * 256);
    EXPECT_EQ(tally.cases_per_type.at("UINT8"), 2 * 256 * 256);
    for (const char* wide : {"INT16", "UINT16", "INT32", "UINT32", "INT64", "UINT64"}) {
        EXPECT_EQ(tally.cases_per_type.at(wide), 2 * 50000) << wide;
    }
    // Every zero divisor of the 4- and 8-bit types (2 * 2 * (16 + 256)), and more in the samples;
    // MIN / -1 of INT4 and INT8 in both roundings, and more in the samples.
    EXPECT_GT(tally.zero_divisors, 2 * 2 * (16 + 256));
    EXPECT_GT(tally.overflows, 4);
}

}  // namespace
