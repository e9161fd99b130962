// The C++ core against the Why3 integer model on INT16 and UINT16 pairs, in
// one process: int_model_every_pair (tests/why3/int_model_every_pair.ml,
// built by tools/proofs build-every-pair) runs DivInt.div_checked,
// extracted from why3/div_int.mlw, beside the core on rows A of the type
// against every B, in both roundings, and prints what it compared.
// Why3DivIntRows (label why3): every 257th row, and the control, a core
// asked for the other rounding. Why3DivIntEveryPair (label exhaustive):
// every pair, 2^32 per type and rounding.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#ifndef SONNX_WHY3_EVERY_PAIR_PROGRAM
#error "SONNX_WHY3_EVERY_PAIR_PROGRAM names the program tools/proofs build-every-pair builds"
#endif

namespace {

constexpr std::int64_t row_length = 65536;

// One summary line: "<TYPE> <rounding> rows R cases C zero_divisor Z overflow O mismatches M".
struct Summary {
    std::string type;
    std::string rounding;
    std::int64_t rows{-1};
    std::int64_t cases{-1};
    std::int64_t zero_divisors{-1};
    std::int64_t overflows{-1};
    std::int64_t mismatches{-1};
};

struct ProgramRun {
    int exit_status{-1};
    std::vector<Summary> summaries;
    std::vector<std::string> mismatch_lines;
    std::string output;
};

ProgramRun run_program(const std::string& arguments) {
    ProgramRun run;
    const std::string command = std::string(SONNX_WHY3_EVERY_PAIR_PROGRAM) + " " + arguments;
    std::FILE* pipe = ::popen(command.c_str(), "r");
    if (pipe == nullptr) {
        ADD_FAILURE() << "cannot start " << command;
        return run;
    }
    char buffer[4096];
    while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) {
        run.output += buffer;
    }
    run.exit_status = ::pclose(pipe);
    std::istringstream lines(run.output);
    std::string line;
    while (std::getline(lines, line)) {
        std::istringstream words(line);
        std::string first;
        words >> first;
        if (first == "mismatch") {
            run.mismatch_lines.push_back(line);
            continue;
        }
        Summary s;
        s.type = first;
        std::string rows_word, cases_word, zero_word, overflow_word, mismatch_word;
        words >> s.rounding >> rows_word >> s.rows >> cases_word >> s.cases >> zero_word >> s.zero_divisors >>
            overflow_word >> s.overflows >> mismatch_word >> s.mismatches;
        if (!words || rows_word != "rows" || cases_word != "cases" || zero_word != "zero_divisor" ||
            overflow_word != "overflow" || mismatch_word != "mismatches") {
            ADD_FAILURE() << "malformed line: " << line;
            continue;
        }
        run.summaries.push_back(s);
    }
    return run;
}

// The rows the program runs for a step: lowest, lowest + step, ... <= highest.
std::vector<std::int32_t> rows_of(std::int32_t lowest, std::int32_t highest, std::int32_t step) {
    std::vector<std::int32_t> rows;
    for (std::int32_t a = lowest; a <= highest; a += step) {
        rows.push_back(a);
    }
    return rows;
}

// Pairs of these INT16 rows where floor and truncation differ: a non-zero
// remainder and operands of opposite signs (DIV-INT-F1 against D1, by hand).
std::int64_t floor_differs_from_truncation(const std::vector<std::int32_t>& rows) {
    std::int64_t count = 0;
    for (const std::int32_t a : rows) {
        for (std::int32_t b = -32768; b <= 32767; ++b) {
            if (b != 0 && (a % b) != 0 && ((a < 0) != (b < 0))) {
                ++count;
            }
        }
    }
    return count;
}

// The four summaries, INT16 and UINT16 in both roundings, of a run of
// `rows` rows (the lowest value among them) with `mismatches` expected.
void expect_summaries(const ProgramRun& run, std::int64_t rows, std::int64_t int16_mismatches) {
    EXPECT_EQ(run.exit_status, 0) << run.output;
    ASSERT_EQ(run.summaries.size(), 4U) << run.output;
    const char* names[4][2] = {
        {"INT16", "floor"}, {"INT16", "toward_zero"}, {"UINT16", "floor"}, {"UINT16", "toward_zero"}};
    for (std::size_t k = 0U; k < 4U; ++k) {
        const Summary& s = run.summaries[k];
        const bool is_signed = (k < 2U);
        EXPECT_EQ(s.type, names[k][0]);
        EXPECT_EQ(s.rounding, names[k][1]);
        EXPECT_EQ(s.rows, rows) << s.type << " " << s.rounding;
        EXPECT_EQ(s.cases, rows * row_length) << s.type << " " << s.rounding;
        // Every row has one zero divisor; only the INT16 row MIN has MIN / -1.
        EXPECT_EQ(s.zero_divisors, rows) << s.type << " " << s.rounding;
        EXPECT_EQ(s.overflows, is_signed ? 1 : 0) << s.type << " " << s.rounding;
        EXPECT_EQ(s.mismatches, is_signed ? int16_mismatches : 0) << s.type << " " << s.rounding;
    }
}

constexpr std::int32_t slice_step = 257;  // 256 rows per type, MIN and MAX among them

// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
// [utest->req~div-int-c3~1]
// [utest->req~div-int-d2~1]
// [utest->req~div-int-acc1~1]
TEST(Why3DivIntRows, CoreAgreesWithExtractedModelOnEvery257thRowOfSixteenBitPairs) {
    RecordProperty("requirements", "DIV-INT-F1,DIV-INT-D1,DIV-INT-C3,DIV-INT-D2,DIV-INT-ACC1");
    const ProgramRun run = run_program(std::to_string(slice_step));
    expect_summaries(run, static_cast<std::int64_t>(rows_of(-32768, 32767, slice_step).size()), 0);
    EXPECT_TRUE(run.mismatch_lines.empty()) << run.output;
}

// The control: the core asked for truncation where the model floors, and
// the other way round, differs from the model exactly on the INT16 pairs
// where the two roundings differ; on UINT16 they agree.
TEST(Why3DivIntRows, ComparisonCatchesACoreWithTheOtherRounding) {
    const ProgramRun run = run_program(std::to_string(slice_step) + " --seed-fault");
    const std::vector<std::int32_t> rows = rows_of(-32768, 32767, slice_step);
    const std::int64_t expected = floor_differs_from_truncation(rows);
    EXPECT_GT(expected, 1000000);
    expect_summaries(run, static_cast<std::int64_t>(rows.size()), expected);
    EXPECT_EQ(run.mismatch_lines.size(), 20U) << run.output;
}

// [utest->req~div-int-f1~1]
// [utest->req~div-int-d1~1]
// [utest->req~div-int-c3~1]
// [utest->req~div-int-d2~1]
// [utest->req~div-int-acc1~1]
TEST(Why3DivIntEveryPair, CoreAgreesWithExtractedModelOnEverySixteenBitPair) {
    RecordProperty("requirements", "DIV-INT-F1,DIV-INT-D1,DIV-INT-C3,DIV-INT-D2,DIV-INT-ACC1");
    const ProgramRun run = run_program("1");
    for (const Summary& s : run.summaries) {
        // The evidence bundle's campaigns step lists these lines.
        std::printf("%s %s against the Why3 model: %lld pairs, %lld mismatches\n", s.type.c_str(), s.rounding.c_str(),
                    static_cast<long long>(s.cases), static_cast<long long>(s.mismatches));
    }
    expect_summaries(run, row_length, 0);
    EXPECT_TRUE(run.mismatch_lines.empty()) << run.output;
}

}  // namespace
