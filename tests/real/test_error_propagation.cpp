// The error-propagation statements of the spec, in exact arithmetic: the
// exact propagated error, the rigorous bound, and the counterexample to the
// spec's first-order bound (finding F-10).
#include <gtest/gtest.h>

#include <vector>

#include "sonnx/real/rational.hpp"

namespace sonnx::real {
namespace {

Rational magnitude(const Rational& x) { return (x < 0) ? Rational(-x) : x; }

Rational propagated(const Rational& a, const Rational& b, const Rational& a_err, const Rational& b_err) {
    return (a + a_err) / (b + b_err) - a / b;
}

const std::vector<Rational>& samples() {
    static const std::vector<Rational> values = {Rational(1),       Rational(-3, 7), Rational(5, 2), Rational(-11, 3),
                                                 Rational(1, 1024), Rational(1000),  Rational(0)};
    return values;
}

// [utest->req~div-float-acc2~1]
// [utest->req~div-real-acc2~1]
TEST(ErrorPropagation, ExactFormulaHoldsAndRigorousBoundHoldsForSameSign) {
    RecordProperty("requirements", "DIV-FLOAT-ACC2,DIV-REAL-ACC2");
    int checked = 0;
    for (const Rational& a : samples()) {
        for (const Rational& b : samples()) {
            for (const Rational& a_err : samples()) {
                for (const Rational& b_err : samples()) {
                    if ((b == 0) || (b + b_err == 0)) {
                        continue;
                    }
                    const Rational exact = propagated(a, b, a_err, b_err);
                    EXPECT_EQ(exact, (a_err * b - a * b_err) / (b * (b + b_err)));
                    if ((b > 0) == (b + b_err > 0)) {
                        const Rational bound = (magnitude(a_err) * magnitude(b) + magnitude(a) * magnitude(b_err)) /
                                               (magnitude(b) * magnitude(b + b_err));
                        EXPECT_LE(magnitude(exact), bound);
                    }
                    ++checked;
                }
            }
        }
    }
    EXPECT_GT(checked, 1000);
}

// [utest->req~div-float-acc2~1]
// [utest->req~div-real-acc2~1]
TEST(ErrorPropagation, FirstOrderBoundOfTheSpecFailsOnTheCounterexample) {
    RecordProperty("requirements", "DIV-FLOAT-ACC2,DIV-REAL-ACC2");
    const Rational a(1), b(1), a_err(0), b_err(-1, 2);
    const Rational exact = propagated(a, b, a_err, b_err);
    const Rational first_order = magnitude(a_err / b) + magnitude(a * b_err / (b * b));
    EXPECT_EQ(exact, Rational(1));
    EXPECT_EQ(first_order, Rational(1, 2));
    EXPECT_GT(magnitude(exact), first_order);
}

}  // namespace
}  // namespace sonnx::real
