// The back-to-back driver (DIV-TGT-D1): divides rows of operand pairs with
// the core of the build it is linked into and prints one digest line per
// row, so that the cores of two builds (x86-64 with gcc, AArch64 and s390x
// under qemu-user, x86-64 with clang-19) can be compared row by row without
// moving their outputs: tests/targets/back_to_back.py runs it on each side.
//
//   b2b_driver TYPE [--rows BEGIN:END[:STRIDE]] [--chunk N] [--seed S] [--dump ROW] [--fault KIND]
//
// TYPE: fp16 bf16 fp32 fp64 int4-floor int4-trunc uint4 int8-floor int8-trunc
//       uint8 int16-floor int16-trunc uint16 int32-floor int32-trunc uint32
//       int64-floor int64-trunc uint64.
// Rows: the 16-bit types have 65536 rows, row r holding A = r (its bit
// pattern) with every B from 0 to 65535; the 4- and 8-bit types have one
// row of every pair; the 32- and 64-bit types have as many rows as asked,
// row r holding 65536 pairs drawn by splitmix64 from (seed, type, r), with
// zeros, subnormals, boundary values, infinities and NaNs (floats) and the
// extremes, 0 and -1 (integers) among them.
//
// A row is divided in calls of at most --chunk pairs (default 64), in pair
// order; a pair the core must refuse (an integer zero divisor, MIN / -1)
// is a call of its own, so that every other pair is divided. Each call's
// status (code, requirement, operand, index), its reported flags and
// element count and its Y (pre-filled with 0xA5 bytes, so that a Y left
// untouched is seen) go into the row's digests: 64-bit FNV-1a over one
// 64-bit word per field and per element, each element's bit pattern
// zero-extended, so that the digest does not depend on the byte order of
// the target. Two digests: `canonical`, where every quiet NaN is replaced
// by one quiet NaN of its format (IEEE 754 and DIV-FLOAT-D3 leave a NaN's
// sign and payload open; a signalling NaN is kept as it is and so never
// matches), and `raw`, the bit patterns as produced.
//
// Output: `row TYPE R CANONICAL RAW` per row, then
// `type TYPE rows N pairs P calls C nan ENCODING=COUNT ...` (the NaN
// encodings the results held, at most 16 distinct, `other` beyond).
// --dump ROW prints instead `elem TYPE R I A B Y CALL FLAGS CODE` for every
// element of one row (Y as produced, the flags and status code of its call).
// --fault seeds a fault into what the driver reports, for the comparison's
// negative controls (tests/targets/test_back_to_back_controls.py): `value`
// flips the lowest bit of element 1000 of each row, `flag` toggles the
// inexact flag of each row's first call, `nan-payload` flips the lowest
// payload bit of every quiet NaN result (still a quiet NaN: allowed),
// `signalling` makes every quiet NaN result signalling (not allowed).
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "sonnx/div.hpp"

namespace {

using sonnx::ElementType;
using sonnx::IntRounding;

enum class Kind : std::uint8_t { float_type, signed_int, unsigned_int };

struct TypeInfo {
    const char* name;
    ElementType type;
    Kind kind;
    unsigned bits;      // bits of the value (4 for INT4/UINT4)
    unsigned bytes;     // bytes of one element in the API
    IntRounding rounding;
    int exponent_bits;  // floats only
    int fraction_bits;  // floats only
    std::uint32_t id;   // mixed into the sample seed
};

constexpr std::array<TypeInfo, 19> kTypes{{
    {"fp16", ElementType::fp16, Kind::float_type, 16, 2, IntRounding::floor, 5, 10, 1},
    {"bf16", ElementType::bf16, Kind::float_type, 16, 2, IntRounding::floor, 8, 7, 2},
    {"fp32", ElementType::fp32, Kind::float_type, 32, 4, IntRounding::floor, 8, 23, 3},
    {"fp64", ElementType::fp64, Kind::float_type, 64, 8, IntRounding::floor, 11, 52, 4},
    {"int4-floor", ElementType::int4, Kind::signed_int, 4, 1, IntRounding::floor, 0, 0, 5},
    {"int4-trunc", ElementType::int4, Kind::signed_int, 4, 1, IntRounding::toward_zero, 0, 0, 6},
    {"uint4", ElementType::uint4, Kind::unsigned_int, 4, 1, IntRounding::floor, 0, 0, 7},
    {"int8-floor", ElementType::int8, Kind::signed_int, 8, 1, IntRounding::floor, 0, 0, 8},
    {"int8-trunc", ElementType::int8, Kind::signed_int, 8, 1, IntRounding::toward_zero, 0, 0, 9},
    {"uint8", ElementType::uint8, Kind::unsigned_int, 8, 1, IntRounding::floor, 0, 0, 10},
    {"int16-floor", ElementType::int16, Kind::signed_int, 16, 2, IntRounding::floor, 0, 0, 11},
    {"int16-trunc", ElementType::int16, Kind::signed_int, 16, 2, IntRounding::toward_zero, 0, 0, 12},
    {"uint16", ElementType::uint16, Kind::unsigned_int, 16, 2, IntRounding::floor, 0, 0, 13},
    {"int32-floor", ElementType::int32, Kind::signed_int, 32, 4, IntRounding::floor, 0, 0, 14},
    {"int32-trunc", ElementType::int32, Kind::signed_int, 32, 4, IntRounding::toward_zero, 0, 0, 15},
    {"uint32", ElementType::uint32, Kind::unsigned_int, 32, 4, IntRounding::floor, 0, 0, 16},
    {"int64-floor", ElementType::int64, Kind::signed_int, 64, 8, IntRounding::floor, 0, 0, 17},
    {"int64-trunc", ElementType::int64, Kind::signed_int, 64, 8, IntRounding::toward_zero, 0, 0, 18},
    {"uint64", ElementType::uint64, Kind::unsigned_int, 64, 8, IntRounding::floor, 0, 0, 19},
}};

constexpr std::uint64_t kPairsPerRow = 65536U;

std::uint64_t value_mask(const TypeInfo& t) { return (t.bits == 64U) ? ~0ULL : ((1ULL << t.bits) - 1U); }

// The rows a type has: 65536 for the 16-bit types, 1 for 4 and 8 bits; the
// sampled types have as many as asked (0 here: no limit).
std::uint64_t row_count(const TypeInfo& t) {
    if (t.bits == 16U) {
        return 65536U;
    }
    return (t.bits <= 8U) ? 1U : 0U;
}

// splitmix64 (Steele, Lea, Flood 2014): the sample generator, integer-only,
// the same sequence on every target.
struct SplitMix64 {
    std::uint64_t state;
    std::uint64_t next() {
        state += 0x9E3779B97F4A7C15ULL;
        std::uint64_t z = state;
        z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31U);
    }
};

// Special and boundary bit patterns of a float format: zeros, the smallest
// and largest subnormals, the smallest normal, 1, the largest finite
// value, infinity, quiet and signalling NaNs (each also negated by the
// caller's sign bit).
std::uint64_t float_special(const TypeInfo& t, std::uint64_t pick) {
    const std::uint64_t fraction_all = (1ULL << static_cast<unsigned>(t.fraction_bits)) - 1U;
    const std::uint64_t exponent_all = (1ULL << static_cast<unsigned>(t.exponent_bits)) - 1U;
    const std::uint64_t bias = (1ULL << static_cast<unsigned>(t.exponent_bits - 1)) - 1U;
    const unsigned f = static_cast<unsigned>(t.fraction_bits);
    const std::array<std::uint64_t, 12> table{
        0U,                                           // zero
        1U,                                           // smallest subnormal
        fraction_all,                                 // largest subnormal
        1ULL << f,                                    // smallest normal
        (1ULL << f) | 1U,                             // just above it
        bias << f,                                    // 1
        (bias << f) | fraction_all,                   // just below 2
        ((exponent_all - 1U) << f) | fraction_all,    // largest finite
        exponent_all << f,                            // infinity
        (exponent_all << f) | (1ULL << (f - 1U)),     // quiet NaN
        (exponent_all << f) | 1U,                     // signalling NaN
        ((bias - 1U) << f) | fraction_all,            // just below 1
    };
    return table[pick % table.size()];
}

// One operand pair of a sampled row.
void sample_pair(const TypeInfo& t, SplitMix64& rng, std::uint64_t& a, std::uint64_t& b) {
    const std::uint64_t mask = value_mask(t);
    const std::uint64_t choice = rng.next();
    a = rng.next() & mask;
    b = rng.next() & mask;
    const std::uint64_t sign = 1ULL << (t.bits - 1U);
    if (t.kind == Kind::float_type) {
        const unsigned f = static_cast<unsigned>(t.fraction_bits);
        const std::uint64_t exponent_all = (1ULL << static_cast<unsigned>(t.exponent_bits)) - 1U;
        switch (choice % 8U) {
            case 0U:  // a special operand
                a = float_special(t, choice >> 8U) | (((choice >> 16U) & 1U) != 0U ? sign : 0U);
                break;
            case 1U:  // a special divisor
                b = float_special(t, choice >> 8U) | (((choice >> 16U) & 1U) != 0U ? sign : 0U);
                break;
            case 2U:
            case 3U: {  // B's exponent chosen so that the quotient is near the
                        // smallest normal, in the subnormals, or near overflow
                const std::int64_t a_field = static_cast<std::int64_t>((a >> f) & exponent_all);
                const std::int64_t bias = (std::int64_t{1} << (t.exponent_bits - 1)) - 1;
                const std::uint64_t r = choice >> 8U;
                const std::int64_t target = ((choice % 8U) == 2U) ? 2 - static_cast<std::int64_t>(r % (f + 4U))
                                                                  : static_cast<std::int64_t>(exponent_all) -
                                                                        static_cast<std::int64_t>(r % 3U);
                const std::int64_t b_field = a_field + bias - target;
                if ((b_field >= 0) && (b_field <= static_cast<std::int64_t>(exponent_all))) {
                    b = (b & ~(exponent_all << f)) | (static_cast<std::uint64_t>(b_field) << f);
                }
                break;
            }
            default:  // random bit patterns
                break;
        }
    } else {
        // The extremes, 0, 1 and -1, and small magnitudes.
        const std::uint64_t max_value = (t.kind == Kind::signed_int) ? (sign - 1U) : mask;
        const std::uint64_t min_value = (t.kind == Kind::signed_int) ? sign : 0U;
        const std::array<std::uint64_t, 7> table{0U, 1U, mask, min_value, max_value, min_value + 1U, max_value - 1U};
        switch (choice % 8U) {
            case 0U:
                a = table[(choice >> 8U) % table.size()];
                break;
            case 1U:
                b = table[(choice >> 8U) % table.size()];
                break;
            case 2U:  // small divisors, both signs
                b = (((choice >> 8U) % 17U) - 8U) & mask;
                break;
            case 3U:  // small magnitudes on both sides
                a = (((choice >> 8U) % 2001U) - 1000U) & mask;
                b = (((choice >> 24U) % 41U) - 20U) & mask;
                break;
            default:
                break;
        }
    }
}

// The pairs of row r: A and B as bit patterns of `bits` bits (two's
// complement for the signed integers, sign-extended to 64 bits below).
void row_pairs(const TypeInfo& t, std::uint64_t r, std::uint64_t seed, std::vector<std::uint64_t>& a,
               std::vector<std::uint64_t>& b) {
    a.clear();
    b.clear();
    if (t.bits == 16U) {
        for (std::uint64_t x = 0U; x < 65536U; ++x) {
            a.push_back(r);
            b.push_back(x);
        }
    } else if (t.bits <= 8U) {
        const std::uint64_t n = 1ULL << t.bits;
        for (std::uint64_t x = 0U; x < n; ++x) {
            for (std::uint64_t z = 0U; z < n; ++z) {
                a.push_back(x);
                b.push_back(z);
            }
        }
    } else {
        SplitMix64 rng{seed ^ (static_cast<std::uint64_t>(t.id) << 56U) ^ (r * 0xD1B54A32D192ED03ULL)};
        for (std::uint64_t i = 0U; i < kPairsPerRow; ++i) {
            std::uint64_t x = 0U;
            std::uint64_t z = 0U;
            sample_pair(t, rng, x, z);
            a.push_back(x);
            b.push_back(z);
        }
    }
}

std::int64_t sign_extend(const TypeInfo& t, std::uint64_t bits) {
    if ((t.bits < 64U) && ((bits >> (t.bits - 1U)) & 1U) != 0U) {
        bits |= ~value_mask(t);
    }
    return static_cast<std::int64_t>(bits);
}

// A pair the core refuses: an integer zero divisor, or MIN / -1.
bool refused(const TypeInfo& t, std::uint64_t a, std::uint64_t b) {
    if (t.kind == Kind::float_type) {
        return false;
    }
    if (b == 0U) {
        return true;
    }
    return (t.kind == Kind::signed_int) && (a == (1ULL << (t.bits - 1U))) && (b == value_mask(t));
}

// Stores a bit pattern as one API element (native byte order, through the
// element's own type).
void store(const TypeInfo& t, std::vector<unsigned char>& buffer, std::size_t i, std::uint64_t bits) {
    unsigned char* at = &buffer[i * t.bytes];
    switch (t.bytes) {
        case 1U: {
            // INT4 holds -8 ... 7 in an int8_t: sign-extend the nibble.
            const auto v = static_cast<std::uint8_t>(
                (t.kind == Kind::signed_int) ? static_cast<std::uint64_t>(sign_extend(t, bits)) : bits);
            std::memcpy(at, &v, 1U);
            break;
        }
        case 2U: {
            const auto v = static_cast<std::uint16_t>(bits);
            std::memcpy(at, &v, 2U);
            break;
        }
        case 4U: {
            const auto v = static_cast<std::uint32_t>(bits);
            std::memcpy(at, &v, 4U);
            break;
        }
        default: {
            std::memcpy(at, &bits, 8U);
            break;
        }
    }
}

// The bit pattern of one API element, zero-extended to 64 bits.
std::uint64_t load(const TypeInfo& t, const std::vector<unsigned char>& buffer, std::size_t i) {
    const unsigned char* at = &buffer[i * t.bytes];
    switch (t.bytes) {
        case 1U: {
            std::uint8_t v = 0U;
            std::memcpy(&v, at, 1U);
            return v;
        }
        case 2U: {
            std::uint16_t v = 0U;
            std::memcpy(&v, at, 2U);
            return v;
        }
        case 4U: {
            std::uint32_t v = 0U;
            std::memcpy(&v, at, 4U);
            return v;
        }
        default: {
            std::uint64_t v = 0U;
            std::memcpy(&v, at, 8U);
            return v;
        }
    }
}

bool is_nan(const TypeInfo& t, std::uint64_t bits) {
    if (t.kind != Kind::float_type) {
        return false;
    }
    const std::uint64_t fraction_all = (1ULL << static_cast<unsigned>(t.fraction_bits)) - 1U;
    const std::uint64_t exponent_all = (1ULL << static_cast<unsigned>(t.exponent_bits)) - 1U;
    return (((bits >> t.fraction_bits) & exponent_all) == exponent_all) && ((bits & fraction_all) != 0U);
}

bool is_quiet(const TypeInfo& t, std::uint64_t bits) {
    return ((bits >> (static_cast<unsigned>(t.fraction_bits) - 1U)) & 1U) != 0U;
}

std::uint64_t canonical_nan(const TypeInfo& t) {
    const std::uint64_t exponent_all = (1ULL << static_cast<unsigned>(t.exponent_bits)) - 1U;
    return (exponent_all << t.fraction_bits) | (1ULL << (static_cast<unsigned>(t.fraction_bits) - 1U));
}

enum class Fault : std::uint8_t { none, value, flag, nan_payload, signalling };

struct Fnv {
    std::uint64_t h{0xCBF29CE484222325ULL};
    void add(std::uint64_t word) { h = (h ^ word) * 0x100000001B3ULL; }
};

struct Totals {
    std::uint64_t rows{0U};
    std::uint64_t pairs{0U};
    std::uint64_t calls{0U};
    std::map<std::uint64_t, std::uint64_t> nans;
    std::uint64_t other_nans{0U};
};

struct Call {
    std::size_t begin;
    std::size_t count;
};

// The calls of a row: runs of at most `chunk` pairs, a refused pair alone.
std::vector<Call> plan_calls(const TypeInfo& t, const std::vector<std::uint64_t>& a,
                             const std::vector<std::uint64_t>& b, std::size_t chunk) {
    std::vector<Call> calls;
    std::size_t i = 0U;
    while (i < a.size()) {
        if (refused(t, a[i], b[i])) {
            calls.push_back(Call{i, 1U});
            ++i;
            continue;
        }
        std::size_t n = 0U;
        while ((i + n < a.size()) && (n < chunk) && !refused(t, a[i + n], b[i + n])) {
            ++n;
        }
        calls.push_back(Call{i, n});
        i += n;
    }
    return calls;
}

struct CallResult {
    sonnx::Status status;
    sonnx::DivReport report;
};

// Divides one call's pairs; Y is left in `y` (pre-filled with 0xA5).
CallResult divide_call(const TypeInfo& t, const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b,
                       const Call& call, std::vector<unsigned char>& ab, std::vector<unsigned char>& bb,
                       std::vector<unsigned char>& y) {
    ab.assign(call.count * t.bytes + 8U, 0U);
    bb.assign(call.count * t.bytes + 8U, 0U);
    y.assign(call.count * t.bytes + 8U, 0xA5U);
    for (std::size_t k = 0U; k < call.count; ++k) {
        store(t, ab, k, a[call.begin + k]);
        store(t, bb, k, b[call.begin + k]);
    }
    sonnx::Shape shape{};
    shape.rank = 1U;
    shape.dims[0] = call.count;
    const sonnx::ConstTensorView va{t.type, shape, ab.data(), call.count * t.bytes};
    const sonnx::ConstTensorView vb{t.type, shape, bb.data(), call.count * t.bytes};
    const sonnx::TensorView vy{t.type, shape, y.data(), call.count * t.bytes};
    sonnx::DivOptions options{};
    options.int_rounding = t.rounding;
    CallResult result{};
    result.status = sonnx::div(va, vb, vy, options, &result.report);
    return result;
}

// Applies a seeded fault to one call's results (see --fault).
void apply_fault(const TypeInfo& t, Fault fault, const Call& call, CallResult& result, std::vector<unsigned char>& y) {
    if ((fault == Fault::flag) && (call.begin == 0U)) {
        result.report.fp_flags = static_cast<std::uint8_t>(result.report.fp_flags ^ sonnx::fp_flag_inexact);
    }
    for (std::size_t k = 0U; k < call.count; ++k) {
        const std::uint64_t bits = load(t, y, k);
        if ((fault == Fault::value) && ((call.begin + k) == 1000U)) {
            store(t, y, k, bits ^ 1U);
        } else if ((fault == Fault::nan_payload) && is_nan(t, bits) && is_quiet(t, bits)) {
            store(t, y, k, bits ^ 1U);
        } else if ((fault == Fault::signalling) && is_nan(t, bits) && is_quiet(t, bits)) {
            store(t, y, k, (bits & ~(1ULL << (static_cast<unsigned>(t.fraction_bits) - 1U))) | 1U);
        }
    }
}

int run(const TypeInfo& t, std::uint64_t begin, std::uint64_t end, std::uint64_t stride, std::size_t chunk,
        std::uint64_t seed, bool dump, Fault fault) {
    std::vector<std::uint64_t> a;
    std::vector<std::uint64_t> b;
    std::vector<unsigned char> ab;
    std::vector<unsigned char> bb;
    std::vector<unsigned char> y;
    Totals totals{};
    for (std::uint64_t r = begin; r < end; r += stride) {
        row_pairs(t, r, seed, a, b);
        const std::vector<Call> calls = plan_calls(t, a, b, chunk);
        Fnv canonical{};
        Fnv raw{};
        for (std::size_t c = 0U; c < calls.size(); ++c) {
            const Call& call = calls[c];
            CallResult result = divide_call(t, a, b, call, ab, bb, y);
            apply_fault(t, fault, call, result, y);
            const std::uint64_t header[5] = {call.count,
                                             static_cast<std::uint64_t>(result.status.code) |
                                                 (static_cast<std::uint64_t>(result.status.requirement) << 8U) |
                                                 (static_cast<std::uint64_t>(result.status.operand) << 16U),
                                             result.status.index, result.report.fp_flags, result.report.elements};
            for (const std::uint64_t word : header) {
                canonical.add(word);
                raw.add(word);
            }
            for (std::size_t k = 0U; k < call.count; ++k) {
                const std::uint64_t bits = load(t, y, k);
                raw.add(bits);
                if (is_nan(t, bits)) {
                    if (totals.nans.count(bits) != 0U || totals.nans.size() < 16U) {
                        ++totals.nans[bits];
                    } else {
                        ++totals.other_nans;
                    }
                    canonical.add(is_quiet(t, bits) ? canonical_nan(t) : bits);
                } else {
                    canonical.add(bits);
                }
                if (dump) {
                    std::printf(
                        "elem %s %llu %zu %llx %llx %llx %zu %u %u\n", t.name, static_cast<unsigned long long>(r),
                        call.begin + k, static_cast<unsigned long long>(a[call.begin + k]),
                        static_cast<unsigned long long>(b[call.begin + k]), static_cast<unsigned long long>(bits), c,
                        unsigned{result.report.fp_flags}, static_cast<unsigned>(result.status.code));
                }
            }
        }
        ++totals.rows;
        totals.pairs += a.size();
        totals.calls += calls.size();
        if (!dump) {
            std::printf("row %s %llu %016llx %016llx\n", t.name, static_cast<unsigned long long>(r),
                        static_cast<unsigned long long>(canonical.h), static_cast<unsigned long long>(raw.h));
        }
    }
    std::printf("type %s rows %llu pairs %llu calls %llu nan", t.name, static_cast<unsigned long long>(totals.rows),
                static_cast<unsigned long long>(totals.pairs), static_cast<unsigned long long>(totals.calls));
    for (const auto& entry : totals.nans) {
        std::printf(" %llx=%llu", static_cast<unsigned long long>(entry.first),
                    static_cast<unsigned long long>(entry.second));
    }
    if (totals.other_nans != 0U) {
        std::printf(" other=%llu", static_cast<unsigned long long>(totals.other_nans));
    }
    std::printf("\n");
    return 0;
}

int usage() {
    std::fprintf(stderr,
                 "usage: b2b_driver TYPE [--rows BEGIN:END[:STRIDE]] [--chunk N] [--seed S] [--dump ROW] "
                 "[--fault value|flag|nan-payload|signalling]\n");
    return 2;
}

bool parse_number(const std::string& text, std::uint64_t& out) {
    if (text.empty()) {
        return false;
    }
    char* end = nullptr;
    out = std::strtoull(text.c_str(), &end, 0);
    return (end != nullptr) && (*end == '\0');
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        return usage();
    }
    const TypeInfo* type = nullptr;
    for (const TypeInfo& t : kTypes) {
        if (std::string(argv[1]) == t.name) {
            type = &t;
        }
    }
    if (type == nullptr) {
        return usage();
    }
    std::uint64_t begin = 0U;
    std::uint64_t end = row_count(*type);
    std::uint64_t stride = 1U;
    std::uint64_t chunk = 64U;
    std::uint64_t seed = 20261127U;
    bool dump = false;
    Fault fault = Fault::none;
    for (int i = 2; i < argc; i += 2) {
        if (i + 1 >= argc) {
            return usage();
        }
        const std::string option = argv[i];
        const std::string value = argv[i + 1];
        if (option == "--rows") {
            const std::size_t first = value.find(':');
            if (first == std::string::npos) {
                return usage();
            }
            const std::size_t second = value.find(':', first + 1U);
            const std::string end_text = value.substr(
                first + 1U, (second == std::string::npos) ? std::string::npos : second - first - 1U);
            if (!parse_number(value.substr(0U, first), begin) || !parse_number(end_text, end) ||
                ((second != std::string::npos) && !parse_number(value.substr(second + 1U), stride)) || (stride == 0U)) {
                return usage();
            }
        } else if (option == "--chunk") {
            if (!parse_number(value, chunk) || (chunk == 0U)) {
                return usage();
            }
        } else if (option == "--seed") {
            if (!parse_number(value, seed)) {
                return usage();
            }
        } else if (option == "--fault") {
            if (value == "value") {
                fault = Fault::value;
            } else if (value == "flag") {
                fault = Fault::flag;
            } else if (value == "nan-payload") {
                fault = Fault::nan_payload;
            } else if (value == "signalling") {
                fault = Fault::signalling;
            } else {
                return usage();
            }
        } else if (option == "--dump") {
            if (!parse_number(value, begin)) {
                return usage();
            }
            end = begin + 1U;
            stride = 1U;
            dump = true;
        } else {
            return usage();
        }
    }
    const std::uint64_t limit = row_count(*type);
    if ((limit != 0U) && (end > limit)) {
        std::fprintf(stderr, "b2b_driver: %s has %llu rows\n", type->name, static_cast<unsigned long long>(limit));
        return 2;
    }
    return run(*type, begin, end, stride, static_cast<std::size_t>(chunk), seed, dump, fault);
}
