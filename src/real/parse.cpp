// Exact conversions to rationals: decimal text and binary floats.
#include <cmath>
#include <cstdint>
#include <string>

#include "sonnx/real/rational.hpp"

namespace sonnx::real {

namespace {

using Integer = boost::multiprecision::mpz_int;

// No text this long can be held (the address space is smaller); refusing it
// keeps every count below, and the bound arithmetic, far from overflow.
constexpr std::size_t kMaxDecimalText = std::size_t{1} << 56U;

// log2(10) = 3.32192809488736...; 3.321928095 lies above it, so that
// floor(n * 3321928095 / 10^9) + 1 is at least floor(n log2 10) + 1, the
// bits of 10^n, and so at least the bits of every integer up to 10^n.
constexpr std::uint64_t kLog2TenAbove = 3321928095U;  // in units of 10^-9
constexpr std::uint64_t kBillion = 1000000000U;

std::uint64_t bits_up_to_power_of_ten(std::uint64_t n) {
    // n = q 10^9 + r: floor(n c / 10^9) = q c + floor(r c / 10^9), exactly,
    // without overflow for n < 2^57 (q c < 2^58, r c < 2^62).
    return (n / kBillion) * kLog2TenAbove + ((n % kBillion) * kLog2TenAbove) / kBillion + 1U;
}

ParseResult failure(std::string message) {
    ParseResult result;
    result.error = std::move(message);
    return result;
}

bool is_digit(char c) { return (c >= '0') && (c <= '9'); }

Integer power_of_ten(std::uint64_t exponent) {
    Integer power;
    mpz_ui_pow_ui(power.backend().data(), 10UL, static_cast<unsigned long>(exponent));
    return power;
}

}  // namespace

// [impl->req~div-real-d1~1]
// [impl->req~div-cli-d9~4]
std::string visible_text(std::string_view text) {
    constexpr char kHex[] = "0123456789abcdef";
    std::string shown;
    shown.reserve(text.size());
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '\\') {
            shown += "\\\\";
        } else if ((byte < 0x20U) || (byte == 0x7FU)) {
            shown += "\\x";
            shown += kHex[byte >> 4U];
            shown += kHex[byte & 0xFU];
        } else {
            shown += c;
        }
    }
    return shown;
}

// [impl->req~div-real-d1~1]
// [impl->req~div-cli-d9~4]
ParseResult parse_decimal(std::string_view text, std::uint64_t max_bits) {
    if (text.size() > kMaxDecimalText) {
        return failure("longer than 2^56 characters");
    }
    std::size_t pos = 0;
    bool negative = false;
    if ((pos < text.size()) && ((text[pos] == '+') || (text[pos] == '-'))) {
        negative = text[pos] == '-';
        ++pos;
    }
    std::string digits;  // integer and fraction digits together
    std::size_t integer_count = 0;
    while ((pos < text.size()) && is_digit(text[pos])) {
        digits.push_back(text[pos]);
        ++pos;
        ++integer_count;
    }
    std::size_t fraction_count = 0;
    if ((pos < text.size()) && (text[pos] == '.')) {
        ++pos;
        while ((pos < text.size()) && is_digit(text[pos])) {
            digits.push_back(text[pos]);
            ++pos;
            ++fraction_count;
        }
    }
    if ((integer_count + fraction_count) == 0U) {
        return failure("no digits at position " + std::to_string(pos) + " in \"" + visible_text(text) + "\"");
    }
    long exponent = 0;
    if ((pos < text.size()) && ((text[pos] == 'e') || (text[pos] == 'E'))) {
        ++pos;
        bool exponent_negative = false;
        if ((pos < text.size()) && ((text[pos] == '+') || (text[pos] == '-'))) {
            exponent_negative = text[pos] == '-';
            ++pos;
        }
        const std::size_t exponent_start = pos;
        while ((pos < text.size()) && is_digit(text[pos])) {
            if (exponent > kMaxDecimalExponent) {
                return failure("exponent beyond +-" + std::to_string(kMaxDecimalExponent) + " in \"" +
                               visible_text(text) + "\"");
            }
            exponent = exponent * 10 + (text[pos] - '0');
            ++pos;
        }
        if (pos == exponent_start) {
            return failure("no exponent digits at position " + std::to_string(pos) + " in \"" + visible_text(text) +
                           "\"");
        }
        if (exponent > kMaxDecimalExponent) {
            return failure("exponent beyond +-" + std::to_string(kMaxDecimalExponent) + " in \"" + visible_text(text) +
                           "\"");
        }
        exponent = exponent_negative ? -exponent : exponent;
    }
    if (pos != text.size()) {
        return failure("unexpected character '" + visible_text(text.substr(pos, 1U)) + "' at position " +
                       std::to_string(pos) + " in \"" + visible_text(text) + "\"");
    }
    // value = +-S 10^scale, S the D significant digits, without leading zeros
    // (GMP would read a leading 0 as an octal prefix) or trailing ones; a
    // zero significand is zero whatever the exponent, and no power is computed.
    const std::size_t first = digits.find_first_not_of('0');
    const bool zero = first == std::string::npos;
    const std::size_t last = zero ? 0U : digits.find_last_not_of('0');
    const std::size_t significant = zero ? 0U : (last - first + 1U);
    const std::int64_t scale = zero ? 0
                                    : (static_cast<std::int64_t>(exponent) - static_cast<std::int64_t>(fraction_count) +
                                       static_cast<std::int64_t>(digits.size() - 1U - last));
    const auto magnitude = static_cast<std::uint64_t>((scale >= 0) ? scale : -scale);
    // The bound, before anything is converted: 0 takes 2 bits (0 over 1, as
    // mpz_sizeinbase counts them); S < 10^D, so any other value is
    // S 10^scale < 10^(D + scale) over 1, or at most S over at most 10^-scale.
    ParseResult result;
    result.bits_bound = zero           ? 2U
                        : (scale >= 0) ? (bits_up_to_power_of_ten(significant + magnitude) + 1U)
                                       : (bits_up_to_power_of_ten(significant) + bits_up_to_power_of_ten(magnitude));
    if (result.bits_bound > max_bits) {
        result.over_limit = true;
        result.error = "its exact value may take up to " + std::to_string(result.bits_bound) +
                       " bits, above the limit of " + std::to_string(max_bits) + " bits";
        return result;
    }
    result.ok = true;
    if (zero) {
        return result;  // value{} is 0
    }
    const Integer significand(digits.substr(first, significant));
    result.value = (scale >= 0) ? Rational(significand * power_of_ten(magnitude))
                                : Rational(significand, power_of_ten(magnitude));
    if (negative) {
        result.value = -result.value;
    }
    return result;
}

// [impl->req~div-real-d1~1]
ParseResult parse_decimal(std::string_view text) { return parse_decimal(text, UINT64_MAX); }

// [impl->req~div-real-d1~1]
// [impl->req~div-real-d3~1]
ParseResult from_binary(double value) {
    if (!std::isfinite(value)) {
        return failure("reals have no infinity or NaN");
    }
    int exponent = 0;
    // value = fraction * 2^exponent with 0.5 <= |fraction| < 1; 2^53 * fraction is an integer.
    const double fraction = std::frexp(value, &exponent);
    const auto significand = static_cast<std::int64_t>(std::ldexp(fraction, 53));
    const int scale = exponent - 53;
    const Integer power = boost::multiprecision::pow(Integer(2), static_cast<unsigned>(std::abs(scale)));
    ParseResult result;
    result.ok = true;
    result.value = (scale >= 0) ? Rational(Integer(significand) * power) : Rational(Integer(significand), power);
    return result;
}

// [impl->req~div-real-d1~1]
ParseResult from_binary(float value) {
    return from_binary(static_cast<double>(value));  // exact widening
}

}  // namespace sonnx::real
