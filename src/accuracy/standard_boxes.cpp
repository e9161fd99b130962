// The standard input boxes of the scenarios (DIV-UV-D4): deterministic for a
// seed, covering the regions the spec's scenario must exercise.
#include <cstdint>
#include <limits>
#include <random>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

#include "sonnx/accuracy/scenario.hpp"

namespace sonnx::accuracy {

namespace {

using Random = std::mt19937_64;

std::int64_t uniform(Random& random, std::int64_t low_end, std::int64_t high_end) {
    return std::uniform_int_distribution<std::int64_t>(low_end, high_end)(random);
}

// A format value m 2^e as a dyadic, from a significand and an exponent.
struct ValueMaker {
    const FormatSpec& format;
    Random& random;

    [[nodiscard]] std::int64_t hidden() const { return std::int64_t{1} << (format.precision - 1); }

    // A normal value with unbiased exponent in [e_low, e_high], random sign and fraction.
    Dyadic normal(int e_low, int e_high) {
        const int e = static_cast<int>(uniform(random, e_low, e_high));
        const std::int64_t significand = hidden() + uniform(random, 0, hidden() - 1);
        return signed_value(significand, e - format.precision + 1);
    }
    Dyadic subnormal() {
        const std::int64_t significand = uniform(random, 1, hidden() - 1);
        return signed_value(significand, format.emin - format.precision + 1);
    }
    Dyadic power_of_two(int e_low, int e_high) {
        return signed_value(1, static_cast<int>(uniform(random, e_low, e_high)));
    }
    Dyadic largest() { return signed_value(2 * hidden() - 1, format.emax - format.precision + 1); }
    Dyadic signed_value(std::int64_t significand, int exponent) {
        const bool negative = uniform(random, 0, 1) == 1;
        return Dyadic{negative ? -significand : significand, static_cast<std::int32_t>(exponent)};
    }
};

// Error intervals relative to the operand's magnitude (or to the smallest
// normal for a zero operand): 2^-k times the operand's significand scale.
struct ErrorLevel {
    const char* name;
    int shift;  // error magnitude = |v| 2^-shift; shift < 0: none
};

// |v| 2^-shift times a random factor in [1/2, 1): the boxes' corners do not
// all sit on the exact boundaries between the error levels (ulp, sqrt(ulp)).
Dyadic scaled(const Dyadic& v, int shift, const FormatSpec& format, std::int64_t factor) {
    if (v.mantissa == 0) {
        return Dyadic{factor, static_cast<std::int32_t>(format.emin - shift - 10)};
    }
    const std::int64_t magnitude = (v.mantissa < 0) ? -v.mantissa : v.mantissa;
    return Dyadic{magnitude * factor, static_cast<std::int32_t>(v.exponent - shift - 10)};
}

Dyadic negated(const Dyadic& v) { return Dyadic{-v.mantissa, v.exponent}; }

// shape: 0 symmetric, 1 computed farther from zero than the ideal value,
// 2 computed closer to zero, 3 one point (error = +delta).
void set_error(OperandBox& operand, const Dyadic& value, int shift, int shape, const FormatSpec& format,
               std::int64_t factor) {
    if (shift < 0) {
        operand.error_low = Dyadic{};
        operand.error_high = Dyadic{};
        return;
    }
    const Dyadic delta = scaled(value, shift, format, factor);
    const bool negative = value.mantissa < 0;
    const Dyadic zero{};
    switch (shape) {
        case 0:
            operand.error_low = negated(delta);
            operand.error_high = delta;
            break;
        case 1:  // computed = ideal + err farther out: err has the value's sign
            operand.error_low = negative ? negated(delta) : zero;
            operand.error_high = negative ? zero : delta;
            break;
        case 2:
            operand.error_low = negative ? zero : negated(delta);
            operand.error_high = negative ? delta : zero;
            break;
        default:
            operand.error_low = delta;
            operand.error_high = delta;
            break;
    }
}

const char* const kShapeNames[] = {"sym", "farther", "closer", "point"};

}  // namespace

// [impl->req~div-uv-d4~1]
std::vector<FloatBox> standard_float_boxes(const FormatSpec& format, std::size_t count, std::uint64_t seed) {
    if (format.exact) {
        throw std::invalid_argument("standard_float_boxes: give a binary format (FP64 values serve the reals)");
    }
    Random random(seed);
    ValueMaker make{format, random};
    const int p = format.precision;
    const ErrorLevel levels[] = {{"none", -1}, {"tiny", p + 20}, {"ulp", p}, {"sqrt-ulp", p / 2},
                                 {"2^-8", 8},  {"2^-3", 3},      {"half", 1}};
    constexpr int kLevels = 7;
    std::vector<FloatBox> boxes;
    boxes.reserve(count);
    for (std::size_t n = 0U; n < count; ++n) {
        FloatBox box;
        Dyadic a;
        Dyadic b;
        const int region = static_cast<int>(uniform(random, 0, 99));
        std::string name;
        if (region < 20) {
            name = "near one";
            a = make.normal(-4, 4);
            b = make.normal(-4, 4);
        } else if (region < 35) {
            name = "whole range";
            a = make.normal(format.emin, format.emax);
            b = make.normal(format.emin, format.emax);
        } else if (region < 45) {
            name = "overflow";
            a = (uniform(random, 0, 3) == 0) ? make.largest() : make.normal(format.emax - 1, format.emax);
            b = make.normal(-3, -1);
        } else if (region < 52) {
            name = "near overflow";
            a = make.normal(format.emax - 1, format.emax);
            b = make.normal(0, 1);
        } else if (region < 62) {
            name = "subnormal quotient";
            a = (uniform(random, 0, 1) == 0) ? make.subnormal() : make.normal(format.emin, format.emin + 2);
            b = make.normal(1, 6);
        } else if (region < 69) {
            name = "subnormal operands";
            a = make.subnormal();
            b = make.subnormal();
        } else if (region < 74) {
            name = "underflow to zero";
            a = make.subnormal();
            b = make.normal(format.emax - 2, format.emax);
        } else if (region < 82) {
            name = "exact quotient";
            b = make.power_of_two(-8, 8);
            a = make.normal(-4, 4);
        } else if (region < 85) {
            name = "zero numerator";
            a = Dyadic{};
            box.a.negative_zero = uniform(random, 0, 1) == 1;
            b = make.normal(-4, 4);
        } else if (region < 88) {
            name = "zero divisor";
            a = (uniform(random, 0, 4) == 0) ? Dyadic{} : make.normal(-4, 4);
            box.a.negative_zero = uniform(random, 0, 1) == 1;
            b = Dyadic{};
            box.b.negative_zero = uniform(random, 0, 1) == 1;
        } else if (region < 90) {
            name = "ideal divisor zero";  // b.real == 0 while b.float != 0
            a = make.normal(-4, 4);
            b = make.normal(-4, 4);
        } else if (region < 92) {
            name = "divisor error crosses zero";
            a = make.normal(-4, 4);
            b = make.normal(-4, 4);
        } else {
            name = "operand ranges";
            a = make.normal(-2, 2);
            b = make.normal(-2, 2);
        }
        box.a.computed_low = a;
        box.a.computed_high = a;
        box.b.computed_low = b;
        box.b.computed_high = b;
        const int a_level = static_cast<int>(uniform(random, 0, kLevels - 1));
        const int b_level = static_cast<int>(uniform(random, 0, kLevels - 1));
        const int a_shape = static_cast<int>(uniform(random, 0, 3));
        const int b_shape = static_cast<int>(uniform(random, 0, 3));
        set_error(box.a, a, levels[a_level].shift, a_shape, format, uniform(random, 512, 1023));
        set_error(box.b, b, levels[b_level].shift, b_shape, format, uniform(random, 512, 1023));
        std::string errors = std::string("; Aerr ") + levels[a_level].name + " " + kShapeNames[a_shape] + ", Berr " +
                             levels[b_level].name + " " + kShapeNames[b_shape];
        if (name == "ideal divisor zero") {
            box.b.error_low = b;  // b.real = b.float - b.err = 0
            box.b.error_high = b;
            errors = std::string("; Aerr ") + levels[a_level].name + " " + kShapeNames[a_shape] + ", Berr = B'";
        } else if (name == "divisor error crosses zero") {
            // err in sign(B') [1.25, 1.5] |B'|: the ideal B has the other sign
            const Dyadic five_quarters{5 * ((b.mantissa < 0) ? -b.mantissa : b.mantissa), b.exponent - 2};
            const Dyadic three_halves{3 * ((b.mantissa < 0) ? -b.mantissa : b.mantissa), b.exponent - 1};
            box.b.error_low = (b.mantissa < 0) ? negated(three_halves) : five_quarters;
            box.b.error_high = (b.mantissa < 0) ? negated(five_quarters) : three_halves;
            errors = std::string("; Aerr ") + levels[a_level].name + " " + kShapeNames[a_shape] +
                     ", Berr = sign(B')[1.25, 1.5]|B'|";
        } else if (name == "operand ranges") {
            // a few consecutive format values: a' = a + k ulp, same binade
            const std::int64_t width = uniform(random, 1, 15);
            const std::int64_t magnitude = (a.mantissa < 0) ? -a.mantissa : a.mantissa;
            const std::int64_t top = (magnitude + width < 2 * make.hidden()) ? magnitude + width : magnitude;
            box.a.computed_low = (a.mantissa < 0) ? Dyadic{-top, a.exponent} : a;
            box.a.computed_high = (a.mantissa < 0) ? a : Dyadic{top, a.exponent};
            if (uniform(random, 0, 1) == 1) {
                const std::int64_t b_magnitude = (b.mantissa < 0) ? -b.mantissa : b.mantissa;
                const std::int64_t b_top = (b_magnitude + 3 < 2 * make.hidden()) ? b_magnitude + 3 : b_magnitude;
                box.b.computed_low = (b.mantissa < 0) ? Dyadic{-b_top, b.exponent} : b;
                box.b.computed_high = (b.mantissa < 0) ? b : Dyadic{b_top, b.exponent};
            }
            // errors relative to the operand: keep them below half of it
        } else {
            // the drawn errors as they are
        }
        box.region = name + errors;
        boxes.push_back(box);
    }
    return boxes;
}

namespace {

// Edge values of an integer type: its ends, small values, powers of two and
// their neighbours, and the precisions of FP32 and FP64 (2^24, 2^53).
template <typename T>
std::vector<Rational> edge_values() {
    using Limits = std::numeric_limits<T>;
    std::set<Rational> values;
    const Rational lowest(Limits::min());
    const Rational highest(Limits::max());
    const auto add = [&values, &lowest, &highest](const Rational& v) {
        if ((v >= lowest) && (v <= highest)) {
            values.insert(v);
        }
    };
    // powers of two where the types and the float paths change (FP32 24 bits, FP64 53)
    for (const long k : {0L, 1L, 2L, 3L, 4L, 7L, 8L, 15L, 16L, 23L, 24L, 25L, 31L, 32L, 52L, 53L, 54L, 62L, 63L, 64L}) {
        const Rational power = rational_power_of_two(k);
        for (const Rational& v : {power, Rational(power - 1), Rational(power + 1)}) {
            add(v);
            add(Rational(-v));
        }
    }
    for (int v = -9; v <= 9; ++v) {
        add(Rational(v));
    }
    add(lowest);
    add(Rational(lowest + 1));
    add(highest);
    add(Rational(highest - 1));
    return std::vector<Rational>(values.begin(), values.end());
}

template <typename T>
Rational random_value(Random& random) {
    if constexpr (std::is_signed<T>::value) {
        return Rational(
            static_cast<long long>(uniform(random, std::numeric_limits<T>::min(), std::numeric_limits<T>::max())));
    } else {
        const std::uint64_t bits = random();
        const std::uint64_t value = (sizeof(T) == 8U)
                                        ? bits
                                        : (bits % (static_cast<std::uint64_t>(std::numeric_limits<T>::max()) + 1U));
        return Rational(static_cast<unsigned long long>(value));
    }
}

template <typename T>
bool valid_pair(const Rational& a, const Rational& b) {
    if (b == 0) {
        return false;
    }
    if constexpr (std::is_signed<T>::value) {
        return !((a == Rational(std::numeric_limits<T>::min())) && (b == -1));  // DIV-INT-D2
    }
    return true;
}

IntBox int_box(const Rational& a, const Rational& b, const std::string& region) {
    IntBox box;
    box.a = a;
    box.b = b;
    box.region = region;
    return box;
}

}  // namespace

// [impl->req~div-uv-d4~1]
template <typename T>
std::vector<IntBox> standard_int_boxes(std::size_t random_count, std::uint64_t seed, bool with_errors) {
    std::vector<IntBox> boxes;
    if constexpr (sizeof(T) == 1U) {
        for (int a = std::numeric_limits<T>::min(); a <= std::numeric_limits<T>::max(); ++a) {
            for (int b = std::numeric_limits<T>::min(); b <= std::numeric_limits<T>::max(); ++b) {
                if (valid_pair<T>(Rational(a), Rational(b))) {
                    boxes.push_back(int_box(Rational(a), Rational(b), "all pairs"));
                }
            }
        }
    } else {
        const std::vector<Rational> edges = edge_values<T>();
        for (const Rational& a : edges) {
            for (const Rational& b : edges) {
                if (valid_pair<T>(a, b)) {
                    boxes.push_back(int_box(a, b, "edge values"));
                }
            }
        }
    }
    Random random(seed);
    for (std::size_t n = 0U; n < random_count; ++n) {
        const Rational a = random_value<T>(random);
        // half of the divisors small, where the quotients are large
        const Rational b = (n % 2U == 0U) ? random_value<T>(random)
                                          : Rational(static_cast<long long>(
                                                uniform(random, std::is_signed<T>::value ? -99 : 1, 99)));
        if (valid_pair<T>(a, b)) {
            boxes.push_back(int_box(a, b, "random"));
        }
    }
    if (with_errors) {
        const long long pairs[][2] = {{7, 2}, {6, 3}, {9, 3}, {10, 4}, {100, 7}, {5, 5}, {3, 4}, {1, 2}};
        const Dyadic errors[][2] = {{{-1, -4}, {1, -4}}, {{0, 0}, {1, -10}}, {{-1, -10}, {0, 0}}, {{1, -2}, {1, -2}}};
        for (const auto& pair : pairs) {
            for (const auto& a_error : errors) {
                for (const auto& b_error : errors) {
                    IntBox box = int_box(Rational(pair[0]), Rational(pair[1]), "with errors");
                    box.a_error_low = a_error[0];
                    box.a_error_high = a_error[1];
                    box.b_error_low = b_error[0];
                    box.b_error_high = b_error[1];
                    boxes.push_back(box);
                }
            }
        }
    }
    return boxes;
}

template std::vector<IntBox> standard_int_boxes<std::int8_t>(std::size_t, std::uint64_t, bool);
template std::vector<IntBox> standard_int_boxes<std::uint8_t>(std::size_t, std::uint64_t, bool);
template std::vector<IntBox> standard_int_boxes<std::int16_t>(std::size_t, std::uint64_t, bool);
template std::vector<IntBox> standard_int_boxes<std::uint16_t>(std::size_t, std::uint64_t, bool);
template std::vector<IntBox> standard_int_boxes<std::int32_t>(std::size_t, std::uint64_t, bool);
template std::vector<IntBox> standard_int_boxes<std::uint32_t>(std::size_t, std::uint64_t, bool);
template std::vector<IntBox> standard_int_boxes<std::int64_t>(std::size_t, std::uint64_t, bool);
template std::vector<IntBox> standard_int_boxes<std::uint64_t>(std::size_t, std::uint64_t, bool);

}  // namespace sonnx::accuracy
