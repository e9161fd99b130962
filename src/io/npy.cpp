// NumPy .npy reader and writer. The header is a Python dict literal; this
// parser accepts exactly the subset NumPy writes: the keys 'descr',
// 'fortran_order' and 'shape' once each, a simple type string, True/False and
// a tuple of non-negative integers.
#include "sonnx/io/npy.hpp"

#include <cstring>
#include <limits>
#include <string>
#include <string_view>

#include "sonnx/text/shape_text.hpp"

namespace sonnx::io {

namespace {

constexpr std::size_t kMagicSize = 6U;
constexpr unsigned char kMagic[kMagicSize] = {0x93U, 'N', 'U', 'M', 'P', 'Y'};

struct Header {
    std::string descr;
    bool fortran_order{false};
    std::vector<std::uint64_t> shape;
};

// Recursive descent over a fixed, non-nested grammar (no recursion needed).
class HeaderParser {
public:
    explicit HeaderParser(std::string_view text) : text_(text) {}

    Header parse() {
        Header header;
        bool have_descr = false;
        bool have_order = false;
        bool have_shape = false;
        skip_space();
        expect('{');
        skip_space();
        bool more = !consume('}');
        while (more) {
            const std::string key = parse_string();
            skip_space();
            expect(':');
            skip_space();
            if (key == "descr") {
                mark(have_descr, key);
                if ((peek() != '\'') && (peek() != '"')) {
                    fail("'descr' is not a simple type string (structured dtypes are not supported)");
                }
                header.descr = parse_string();
            } else if (key == "fortran_order") {
                mark(have_order, key);
                header.fortran_order = parse_bool();
            } else if (key == "shape") {
                mark(have_shape, key);
                header.shape = parse_shape();
            } else {
                fail("unexpected key '" + key + "'");
            }
            skip_space();
            if (consume('}')) {
                more = false;
            } else {
                expect(',');
                skip_space();
                more = !consume('}');
            }
        }
        skip_space();
        if (pos_ != text_.size()) {
            fail("text after the header dictionary");
        }
        if (!have_descr || !have_order || !have_shape) {
            fail("the header lacks one of the keys 'descr', 'fortran_order', 'shape'");
        }
        return header;
    }

private:
    [[noreturn]] void fail(const std::string& why) const {
        throw FileError(".npy header, offset " + std::to_string(pos_) + ": " + why);
    }

    char peek() const { return (pos_ < text_.size()) ? text_[pos_] : '\0'; }

    void skip_space() {
        while ((pos_ < text_.size()) &&
               ((text_[pos_] == ' ') || (text_[pos_] == '\t') || (text_[pos_] == '\n') || (text_[pos_] == '\r'))) {
            ++pos_;
        }
    }

    bool consume(char c) {
        if (peek() == c) {
            ++pos_;
            return true;
        }
        return false;
    }

    void expect(char c) {
        if (!consume(c)) {
            fail(std::string("expected '") + c + "'");
        }
    }

    void mark(bool& seen, const std::string& key) const {
        if (seen) {
            fail("duplicate key '" + key + "'");
        }
        seen = true;
    }

    std::string parse_string() {
        const char quote = peek();
        if ((quote != '\'') && (quote != '"')) {
            fail("expected a quoted string");
        }
        ++pos_;
        std::string value;
        while (peek() != quote) {
            const char c = peek();
            if ((pos_ >= text_.size()) || (c == '\\') || (c < ' ') || (c > '~')) {
                fail("unterminated string or a character outside printable ASCII");
            }
            value += c;
            ++pos_;
        }
        ++pos_;
        return value;
    }

    bool parse_bool() {
        if (text_.substr(pos_, 4U) == "True") {
            pos_ += 4U;
            return true;
        }
        if (text_.substr(pos_, 5U) == "False") {
            pos_ += 5U;
            return false;
        }
        fail("'fortran_order' is neither True nor False");
    }

    std::uint64_t parse_integer() {
        if (peek() == '-') {
            fail("negative dimension");
        }
        if ((peek() < '0') || (peek() > '9')) {
            fail("expected a dimension");
        }
        std::uint64_t value = 0U;
        while ((peek() >= '0') && (peek() <= '9')) {
            const auto digit = static_cast<std::uint64_t>(peek() - '0');
            if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / 10U) {
                fail("dimension above 2^64 - 1");
            }
            value = value * 10U + digit;
            ++pos_;
        }
        (void)consume('L');  // Python 2 long literals, as NumPy still reads them
        return value;
    }

    std::vector<std::uint64_t> parse_shape() {
        std::vector<std::uint64_t> dims;
        expect('(');
        skip_space();
        if (consume(')')) {
            return dims;
        }
        bool trailing_comma = false;
        while (true) {
            if (dims.size() > kMaxRank) {
                fail("more than " + std::to_string(kMaxRank) + " dimensions");
            }
            dims.push_back(parse_integer());
            skip_space();
            if (consume(')')) {
                break;
            }
            expect(',');
            skip_space();
            if (consume(')')) {
                trailing_comma = true;
                break;
            }
        }
        if ((dims.size() == 1U) && !trailing_comma) {
            fail("'shape' is not a tuple");
        }
        return dims;
    }

    std::string_view text_;
    std::size_t pos_{0U};
};

}  // namespace

// 'descr' to element type: little-endian (or, for one byte, any order mark).
// [impl->req~div-io-d1~1]
ElementType type_of_descr(const std::string& descr) {
    const std::string quoted = "'" + descr + "'";
    if (descr.size() != 3U) {
        throw FileError(".npy: unsupported dtype " + quoted);
    }
    const char order = descr[0];
    const char kind = descr[1];
    const char size = descr[2];
    ElementType type{};
    if (kind == 'f') {
        switch (size) {
            case '2':
                type = ElementType::fp16;
                break;
            case '4':
                type = ElementType::fp32;
                break;
            case '8':
                type = ElementType::fp64;
                break;
            default:
                throw FileError(".npy: unsupported dtype " + quoted);
        }
    } else if ((kind == 'i') || (kind == 'u')) {
        const bool is_signed = (kind == 'i');
        switch (size) {
            case '1':
                type = is_signed ? ElementType::int8 : ElementType::uint8;
                break;
            case '2':
                type = is_signed ? ElementType::int16 : ElementType::uint16;
                break;
            case '4':
                type = is_signed ? ElementType::int32 : ElementType::uint32;
                break;
            case '8':
                type = is_signed ? ElementType::int64 : ElementType::uint64;
                break;
            default:
                throw FileError(".npy: unsupported dtype " + quoted);
        }
    } else {
        throw FileError(".npy: unsupported dtype " + quoted);
    }
    const bool one_byte = (size == '1');
    const bool order_ok = (order == '<') || (one_byte && ((order == '|') || (order == '>') || (order == '=')));
    if (!order_ok) {
        throw FileError(".npy: byte order '" + std::string(1U, order) + "' of dtype " + quoted +
                        " is not supported (little-endian '<' only)");
    }
    return type;
}

const char* descr_of(ElementType type) {
    switch (type) {
        case ElementType::fp16:
            return "<f2";
        case ElementType::bf16:
            return "<u2";  // bit patterns (DIV-IO-D2)
        case ElementType::fp32:
            return "<f4";
        case ElementType::fp64:
            return "<f8";
        case ElementType::int4:
            return "|i1";  // unpacked, one per byte (DIV-IO-D2)
        case ElementType::int8:
            return "|i1";
        case ElementType::int16:
            return "<i2";
        case ElementType::int32:
            return "<i4";
        case ElementType::int64:
            return "<i8";
        case ElementType::uint4:
            return "|u1";
        case ElementType::uint8:
            return "|u1";
        case ElementType::uint16:
            return "<u2";
        case ElementType::uint32:
            return "<u4";
        case ElementType::uint64:
            return "<u8";
        default:
            throw FileError(".npy: unknown element type");
    }
}

namespace {

std::uint32_t read_le(const std::uint8_t* p, std::size_t bytes) {
    std::uint32_t value = 0U;
    for (std::size_t i = bytes; i > 0U; --i) {
        value = (value << 8U) | p[i - 1U];
    }
    return value;
}

}  // namespace

// [impl->req~div-io-d1~1]
// [impl->req~div-io-d4~1]
// [impl->req~div-io-d5~2]
NpyLayout parse_npy_layout(const std::uint8_t* data, std::size_t size, std::uint64_t file_size) {
    if (size > file_size) {
        throw FileError(".npy: internal: more bytes than the file holds");
    }
    if ((size < kMagicSize) || (std::memcmp(data, kMagic, kMagicSize) != 0)) {
        throw FileError(".npy: wrong magic (not a NumPy .npy file)");
    }
    if (size < kMagicSize + 2U) {
        throw FileError(".npy: truncated before the format version");
    }
    const unsigned major = data[6];
    const unsigned minor = data[7];
    if (((major != 1U) && (major != 2U) && (major != 3U)) || (minor != 0U)) {
        throw FileError(".npy: unsupported format version " + std::to_string(major) + "." + std::to_string(minor));
    }
    const std::size_t length_bytes = (major == 1U) ? 2U : 4U;
    const std::size_t header_start = kMagicSize + 2U + length_bytes;
    if (size < header_start) {
        throw FileError(".npy: truncated in the header length");
    }
    const std::size_t header_length = read_le(data + kMagicSize + 2U, length_bytes);
    if (header_length > file_size - header_start) {
        throw FileError(".npy: truncated: the header says " + std::to_string(header_length) + " bytes, the file has " +
                        std::to_string(file_size - header_start) + " after the preamble");
    }
    if (header_length > kNpyMaxHeaderBytes) {
        throw ResourceError(".npy: a header of " + std::to_string(header_length) + " bytes, above the limit of " +
                            std::to_string(kNpyMaxHeaderBytes));
    }
    if (header_length > size - header_start) {
        throw FileError(".npy: internal: the header was not read whole");
    }
    const std::string_view text(reinterpret_cast<const char*>(data + header_start), header_length);
    const Header header = HeaderParser(text).parse();
    if (header.fortran_order) {
        throw FileError(".npy: Fortran-order arrays are not supported (fortran_order is True)");
    }
    NpyLayout layout;
    layout.type = type_of_descr(header.descr);
    layout.dims = header.shape;
    const TensorSize needed = checked_size(layout.dims, layout.type, ".npy");
    layout.data_start = header_start + header_length;
    layout.data_bytes = needed.bytes;
    const std::uint64_t available = file_size - layout.data_start;
    if (available != needed.bytes) {
        throw FileError(".npy: shape " + text::shape_text(layout.dims) + " of dtype '" + header.descr + "' needs " +
                        std::to_string(needed.bytes) + " data bytes, the file holds " + std::to_string(available));
    }
    return layout;
}

// [impl->req~div-io-d1~1]
// [impl->req~div-io-d4~1]
TensorData parse_npy(const std::uint8_t* data, std::size_t size) {
    const NpyLayout layout = parse_npy_layout(data, size, size);
    TensorData tensor;
    tensor.type = layout.type;
    tensor.dims = layout.dims;
    tensor.bytes.assign(data + layout.data_start, data + size);
    return tensor;
}

// [impl->req~div-io-d1~1]
// [impl->req~div-io-d4~1]
TensorData parse_npy(std::vector<std::uint8_t>&& file) {
    const NpyLayout layout = parse_npy_layout(file.data(), file.size(), file.size());
    TensorData tensor;
    tensor.type = layout.type;
    tensor.dims = layout.dims;
    tensor.bytes = std::move(file);  // no second buffer for large tensors
    tensor.bytes.erase(tensor.bytes.begin(), tensor.bytes.begin() + static_cast<std::ptrdiff_t>(layout.data_start));
    return tensor;
}

// [impl->req~div-io-d1~1]
// [impl->req~div-io-d2~1]
std::vector<std::uint8_t> encode_npy_header(const TensorData& tensor) {
    const TensorSize size = checked_size(tensor.dims, tensor.type, ".npy");
    if (size.bytes != tensor.bytes.size()) {
        throw FileError(".npy: tensor data does not match its shape");
    }
    std::string shape = "(";
    for (std::size_t i = 0; i < tensor.dims.size(); ++i) {
        shape += (i == 0U ? "" : ", ") + std::to_string(tensor.dims[i]);
    }
    shape += (tensor.dims.size() == 1U) ? ",)" : ")";
    std::string header = std::string("{'descr': '") + descr_of(tensor.type) +
                         "', 'fortran_order': False, 'shape': " + shape + ", }";
    // Pad with spaces so that the data starts at a multiple of 64, as NumPy does.
    const std::size_t preamble = kMagicSize + 2U + 2U;
    while ((preamble + header.size() + 1U) % 64U != 0U) {
        header += ' ';
    }
    header += '\n';
    std::vector<std::uint8_t> out(kMagic, kMagic + kMagicSize);
    out.push_back(1U);
    out.push_back(0U);
    out.push_back(static_cast<std::uint8_t>(header.size() & 0xFFU));
    out.push_back(static_cast<std::uint8_t>(header.size() >> 8U));  // at most a few hundred bytes: 16 dims
    out.insert(out.end(), header.begin(), header.end());
    return out;
}

// [impl->req~div-io-d1~1]
std::vector<std::uint8_t> encode_npy(const TensorData& tensor) {
    std::vector<std::uint8_t> out = encode_npy_header(tensor);
    out.insert(out.end(), tensor.bytes.begin(), tensor.bytes.end());
    return out;
}

}  // namespace sonnx::io
