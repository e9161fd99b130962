#include "campaign_operands.hpp"

#include <algorithm>
#include <random>

namespace sonnx::oracle::detail {

namespace {

struct FloatLayout {
    unsigned fraction_bits;
    unsigned exponent_bits;
    unsigned total_bits;
    std::uint64_t exponent_max() const { return (std::uint64_t{1} << exponent_bits) - 1U; }
    std::uint64_t bias() const { return (std::uint64_t{1} << (exponent_bits - 1U)) - 1U; }
    std::uint64_t sign() const { return std::uint64_t{1} << (total_bits - 1U); }
    std::uint64_t word(std::uint64_t exponent, std::uint64_t fraction) const {
        return (exponent << fraction_bits) | fraction;
    }
};

FloatLayout layout_of(ElementType type) {
    switch (type) {
        case ElementType::fp16:
            return FloatLayout{10U, 5U, 16U};
        case ElementType::bf16:
            return FloatLayout{7U, 8U, 16U};
        case ElementType::fp32:
            return FloatLayout{23U, 8U, 32U};
        default:
            return FloatLayout{52U, 11U, 64U};
    }
}

std::vector<std::uint64_t> float_boundaries(const FloatLayout& f) {
    const std::uint64_t fraction_max = (std::uint64_t{1} << f.fraction_bits) - 1U;
    const std::uint64_t quiet = std::uint64_t{1} << (f.fraction_bits - 1U);
    const std::uint64_t one = f.bias();
    const std::vector<std::uint64_t> positive = {
        0U,                                             // +0
        1U,
        2U,
        3U,                                     // smallest subnormals
        fraction_max,                                   // largest subnormal
        f.word(1U, 0U),
        f.word(1U, 1U),                 // smallest normals
        f.word(one - 1U, 0U),                           // 0.5
        f.word(one - 1U, fraction_max),                 // largest below 1
        f.word(one, 0U),
        f.word(one, 1U),               // 1 and its successor
        f.word(one, quiet),                             // 1.5
        f.word(one + 1U, 0U),
        f.word(one + 1U, quiet),  // 2, 3
        f.word(one, fraction_max),                      // largest below 2
        f.word(f.exponent_max() - 1U, 0U),              // the largest power of two
        f.word(f.exponent_max() - 1U, fraction_max),    // the largest finite value
        f.word(f.exponent_max(), 0U),                   // infinity
        f.word(f.exponent_max(), quiet),                // the default quiet NaN
        f.word(f.exponent_max(), 1U),                   // a signalling NaN
    };
    std::vector<std::uint64_t> values;
    for (const std::uint64_t v : positive) {
        values.push_back(v);
        values.push_back(v | f.sign());
    }
    return values;
}

std::vector<std::uint64_t> int_boundaries(const ElementTraits& t) {
    const std::int64_t low = int_min(t);
    const std::uint64_t high = int_max(t);
    std::vector<std::uint64_t> values;
    auto add_signed = [&](std::int64_t v) {  // v <= 3 <= MAX for every type: only MIN bounds it
        if (v >= low) {
            values.push_back(static_cast<std::uint64_t>(v));
        }
    };
    auto add_unsigned = [&](std::uint64_t v) {
        if (v <= high) {
            values.push_back(v);
        }
    };
    for (std::int64_t v = -3; v <= 3; ++v) {
        add_signed(v);
    }
    add_unsigned(high);
    add_unsigned(high - 1U);
    add_unsigned(high / 2U);
    add_unsigned(high / 2U + 1U);
    if (t.is_signed) {
        add_signed(low);
        add_signed(low + 1);
        add_signed(low / 2);
    }
    for (unsigned k = 2U; k < t.bits; k += 3U) {
        add_unsigned(std::uint64_t{1} << k);
        add_unsigned((std::uint64_t{1} << k) - 1U);
        if (t.is_signed) {
            add_signed(-(std::int64_t{1} << k));
        }
    }
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return values;
}

std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30U)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27U)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31U);
}

// Float pairs: kind 0 uniform; 1 quotient near 1; 2 near the smallest
// normal (subnormal and underflowing results); 3 near the largest finite.
void float_pairs(const FloatLayout& f, std::mt19937_64& rng, std::size_t count, std::vector<std::uint64_t>& a,
                 std::vector<std::uint64_t>& b) {
    const std::uint64_t mask = (f.total_bits == 64U) ? ~std::uint64_t{0} : ((std::uint64_t{1} << f.total_bits) - 1U);
    const auto emax = static_cast<std::int64_t>(f.exponent_max());
    const auto bias = static_cast<std::int64_t>(f.bias());
    const auto precision = static_cast<std::int64_t>(f.fraction_bits) + 1;
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint64_t x = rng() & mask;
        std::uint64_t y = rng() & mask;
        const auto ea = static_cast<std::int64_t>((x >> f.fraction_bits) & f.exponent_max());
        const std::int64_t jitter = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(precision + 8)) - 4;
        std::int64_t eb = -1;
        switch (i % 4U) {
            case 1U:
                eb = ea + jitter / 4;
                break;             // result exponent near bias (1.0)
            case 2U:
                eb = ea + bias - 1 + jitter;
                break;      // result near 2^emin and below
            case 3U:
                eb = ea - (emax - 1) + bias + jitter / 4 - 1;
                break;  // result near the largest finite
            default:
                break;
        }
        if ((eb >= 0) && (eb < emax)) {  // y's sign and fraction, the exponent field eb
            y = (y & ~(f.exponent_max() << f.fraction_bits)) | (static_cast<std::uint64_t>(eb) << f.fraction_bits);
        }
        a.push_back(x);
        b.push_back(y);
    }
}

// Integer pairs: kind 0 uniform; 1 small divisors (zero included); 2
// operands near MIN/MAX against ±1, ±2, MIN, MAX; 3 log-uniform magnitudes.
void int_pairs(const ElementTraits& t, std::mt19937_64& rng, std::size_t count, std::vector<std::uint64_t>& a,
               std::vector<std::uint64_t>& b) {
    const std::int64_t low = int_min(t);
    const std::uint64_t high = int_max(t);
    const unsigned shift = 64U - t.bits;
    // A uniform value of the type, as a (sign-extended) word (shift 0 for 64 bits).
    auto uniform = [&]() {
        const std::uint64_t r = rng();
        return t.is_signed ? static_cast<std::uint64_t>(static_cast<std::int64_t>(r << shift) >> shift) : (r >> shift);
    };
    // Any word to a value of the type: the low bits, sign-extended for signed types (all 64 bits: as it is).
    auto wrap = [&](std::uint64_t w) {
        return t.is_signed ? static_cast<std::uint64_t>(static_cast<std::int64_t>(w << shift) >> shift) : (w & high);
    };
    auto log_uniform = [&]() {
        const std::uint64_t word = rng();
        const std::uint64_t magnitude = word >> (rng() % 64U);  // the word drawn first (C++17 order, spelt out)
        std::uint64_t v = magnitude & high;
        if (t.is_signed && ((rng() & 1U) != 0U)) {
            v = ~v;  // the negative of v - 1: reaches MIN
        }
        return v;
    };
    const std::vector<std::uint64_t> edges = {
        1U, static_cast<std::uint64_t>(-1), 2U, static_cast<std::uint64_t>(-2), static_cast<std::uint64_t>(low), high};
    for (std::size_t i = 0; i < count; ++i) {
        std::uint64_t x = uniform();
        std::uint64_t y = uniform();
        switch (i % 4U) {
            case 1U: {
                const auto small = static_cast<std::int64_t>(rng() % 33U) - 16;
                y = t.is_signed ? static_cast<std::uint64_t>(small) : static_cast<std::uint64_t>(small + 16);
                break;
            }
            case 2U: {
                const std::uint64_t near = rng() % 4U;
                x = ((rng() & 1U) != 0U) ? static_cast<std::uint64_t>(low) + near : high - near;
                y = edges[rng() % edges.size()];
                if (!t.is_signed && (y > high)) {
                    y = 1U;
                }
                break;
            }
            case 3U:
                x = log_uniform();
                y = log_uniform();
                break;
            default:
                break;
        }
        a.push_back(wrap(x));
        b.push_back(wrap(y));
    }
}

}  // namespace

std::vector<std::uint64_t> boundary_operands(ElementType type) {
    const ElementTraits t = element_traits(type);
    return t.is_float ? float_boundaries(layout_of(type)) : int_boundaries(t);
}

void random_pairs(ElementType type, std::uint64_t seed, std::uint64_t block, std::size_t count,
                  std::vector<std::uint64_t>& a, std::vector<std::uint64_t>& b) {
    std::mt19937_64 rng(mix(seed ^ mix(block)));
    const ElementTraits t = element_traits(type);
    if (t.is_float) {
        float_pairs(layout_of(type), rng, count, a, b);
    } else {
        int_pairs(t, rng, count, a, b);
    }
}

}  // namespace sonnx::oracle::detail
