// libFuzzer target: the real variant's decimal reader, sonnx::real::
// parse_decimal (sonnx/real/rational.hpp), on arbitrary text, with its
// formatters (sonnx/real/format.hpp). Checked against models written here,
// not against the code under test:
//   - acceptance: the text parses exactly when it matches the grammar
//     [+-] digits* [. digits*] [(e|E) [+-] digits+] with at least one
//     mantissa digit and an exponent of at most kMaxDecimalExponent (leading
//     zeros allowed); "2." is accepted (tests/real/test_real.cpp), as the
//     implementation has always done;
//   - a refusal carries a reason (ParseResult::error not empty);
//   - the bound from the text (ParseResult::bits_bound) is at least the bits
//     of the value's numerator and denominator in lowest terms, and a limit
//     below it refuses the text as over the limit, a limit at it converts it;
//   - exact value, by text: with d = max(0, fraction digits - exponent), the
//     parsed value times 10^d is an integer, so to_decimal_string(x, d)
//     (round to nearest, DIV-REAL-D2) must print it exactly: it must equal
//     the input's digits with the point moved by the exponent, computed here
//     as text (no arithmetic), and parse back to x;
//   - exact fraction: to_fraction_string(x) is "p" or "p/q", q > 1, in
//     lowest terms, the sign on p, no leading zeros; GMP's own reader
//     (mpz_set_str) gives back p and q with p/q == x.
// No crash, no undefined behaviour, and bounded time (ctest passes
// -timeout): the largest power the reader may build is 10^(100000 + the
// text's length).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "sonnx/real/format.hpp"
#include "sonnx/real/rational.hpp"

namespace {

using sonnx::real::Rational;
using Integer = boost::multiprecision::mpz_int;

void check(bool condition) {
    if (!condition) {
        __builtin_trap();
    }
}

bool is_digit(char c) { return (c >= '0') && (c <= '9'); }

struct Decimal {
    bool negative{false};
    std::string integer;   // digits before the point
    std::string fraction;  // digits after the point
    long exponent{0};
};

// The grammar model: true and the parts when `text` is a decimal the reader must accept.
bool model_parse(std::string_view text, Decimal& out) {
    std::size_t pos = 0U;
    if ((pos < text.size()) && ((text[pos] == '+') || (text[pos] == '-'))) {
        out.negative = text[pos] == '-';
        ++pos;
    }
    while ((pos < text.size()) && is_digit(text[pos])) {
        out.integer.push_back(text[pos++]);
    }
    if ((pos < text.size()) && (text[pos] == '.')) {
        ++pos;
        while ((pos < text.size()) && is_digit(text[pos])) {
            out.fraction.push_back(text[pos++]);
        }
    }
    if (out.integer.empty() && out.fraction.empty()) {
        return false;
    }
    if (pos == text.size()) {
        return true;
    }
    if ((text[pos] != 'e') && (text[pos] != 'E')) {
        return false;
    }
    ++pos;
    bool exponent_negative = false;
    if ((pos < text.size()) && ((text[pos] == '+') || (text[pos] == '-'))) {
        exponent_negative = text[pos] == '-';
        ++pos;
    }
    if (pos == text.size()) {
        return false;
    }
    long exponent = 0;
    for (; pos < text.size(); ++pos) {
        if (!is_digit(text[pos])) {
            return false;
        }
        exponent = exponent * 10 + (text[pos] - '0');
        if (exponent > sonnx::real::kMaxDecimalExponent) {
            return false;
        }
    }
    out.exponent = exponent_negative ? -exponent : exponent;
    return true;
}

// The value as to_decimal_string must print it with `digits` digits after
// the point, by moving the point of the input's digits (text only).
std::string model_print(const Decimal& d, std::size_t digits) {
    const std::string all = d.integer + d.fraction;
    // The point sits after `point` digits of `all` (may be negative or beyond the end).
    const long point = static_cast<long>(d.integer.size()) + d.exponent;
    std::string integer_part;
    std::string fraction_part;
    const long size = static_cast<long>(all.size());
    for (long i = 0; i < point; ++i) {
        integer_part.push_back(i < size ? all[static_cast<std::size_t>(i)] : '0');
    }
    for (long i = point; i < point + static_cast<long>(digits); ++i) {
        fraction_part.push_back(((i >= 0) && (i < size)) ? all[static_cast<std::size_t>(i)] : '0');
    }
    const std::size_t first = integer_part.find_first_not_of('0');
    integer_part = (first == std::string::npos) ? "0" : integer_part.substr(first);
    const bool zero = (integer_part == "0") && (fraction_part.find_first_not_of('0') == std::string::npos);
    return ((d.negative && !zero) ? "-" : "") + integer_part + (digits > 0U ? "." + fraction_part : "");
}

bool plain_integer(const std::string& text, bool allow_sign) {
    std::size_t start = (allow_sign && !text.empty() && (text[0] == '-')) ? 1U : 0U;
    if (start == text.size()) {
        return false;
    }
    for (std::size_t i = start; i < text.size(); ++i) {
        if (!is_digit(text[i])) {
            return false;
        }
    }
    if ((text[start] == '0') && ((text.size() - start) > 1U)) {
        return false;  // a leading zero
    }
    return !((start == 1U) && (text == "-0"));
}

Integer gmp_read(const std::string& digits) {
    Integer value;
    check(mpz_set_str(value.backend().data(), digits.c_str(), 10) == 0);
    return value;
}

void check_fraction(const Rational& value) {
    const std::string text = sonnx::real::to_fraction_string(value);
    const std::size_t slash = text.find('/');
    const std::string p = text.substr(0U, slash);
    check(plain_integer(p, true));
    Integer q = 1;
    if (slash != std::string::npos) {
        const std::string q_text = text.substr(slash + 1U);
        check(plain_integer(q_text, false));
        q = gmp_read(q_text);
        check(q > 1);
    }
    const Integer numerator = gmp_read(p);
    check(boost::multiprecision::gcd(numerator, q) == 1);
    check(Rational(numerator, q) == value);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const sonnx::real::ParseResult result = sonnx::real::parse_decimal(text);
    Decimal decimal;
    const bool valid = model_parse(text, decimal);
    check(result.ok == valid);
    if (!result.ok) {
        check(!result.error.empty());
        return 0;
    }
    const long fraction_digits = static_cast<long>(decimal.fraction.size());
    const long scale = fraction_digits - decimal.exponent;
    const auto digits = static_cast<unsigned>(scale > 0 ? scale : 0);
    const std::string printed = sonnx::real::to_decimal_string(result.value, digits);
    check(printed == model_print(decimal, digits));
    const sonnx::real::ParseResult again = sonnx::real::parse_decimal(printed);
    check(again.ok && (again.value == result.value));
    check_fraction(result.value);
    const mpq_srcptr q = result.value.backend().data();
    const std::uint64_t bits = static_cast<std::uint64_t>(mpz_sizeinbase(mpq_numref(q), 2)) +
                               static_cast<std::uint64_t>(mpz_sizeinbase(mpq_denref(q), 2));
    check(result.bits_bound >= bits);
    const sonnx::real::ParseResult limited = sonnx::real::parse_decimal(text, result.bits_bound - 1U);
    check(!limited.ok && limited.over_limit && (limited.bits_bound == result.bits_bound));
    const sonnx::real::ParseResult at_limit = sonnx::real::parse_decimal(text, result.bits_bound);
    check(at_limit.ok && (at_limit.value == result.value));
    return 0;
}
