// Files by extension, the --type reinterpretation of .npy storage, and
// atomic writes.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>

#include <string>
#include <vector>

#include "io_test_support.hpp"
#include "sonnx/io/onnx_tensor.hpp"
#include "sonnx/io/temporary_files.hpp"
#include "sonnx/io/tensor_file.hpp"

namespace sonnx::io {
namespace {

using test::file_bytes;
using test::le_bytes;
using test::npy_bytes;
using test::write_bytes;

std::string read_error(const std::string& path) {
    try {
        (void)read_tensor_file(path);
    } catch (const FileError& error) { return error.what(); }
    return "";
}

// [utest->req~div-cli-d4~1]
TEST(TensorFile, FormatFromTheExtension) {
    RecordProperty("requirements", "DIV-CLI-D4");
    EXPECT_EQ(format_of("dir.x/a.npy"), FileFormat::npy);
    EXPECT_EQ(format_of("a.pb"), FileFormat::onnx_tensor);
    EXPECT_THROW((void)format_of("a.onnx"), FileError);
    EXPECT_THROW((void)format_of("a.NPY"), FileError);
    EXPECT_THROW((void)format_of("npy"), FileError);
    const std::string dir = test::make_scratch_dir("format");
    TensorData t;
    t.type = ElementType::int16;
    t.dims = {1U};
    t.bytes = {1U, 0U};
    EXPECT_THROW(write_tensor_file(dir + "/y.txt", t), FileError);
    EXPECT_TRUE(test::directory_entries(dir).empty());
}

// [utest->req~div-io-d4~1]
TEST(TensorFile, UnreadableFilesNameThePath) {
    RecordProperty("requirements", "DIV-IO-D4");
    const std::string dir = test::make_scratch_dir("unreadable");
    EXPECT_NE(read_error(dir + "/missing.npy").find(dir + "/missing.npy: cannot open"), std::string::npos);
    ::mkdir((dir + "/directory.npy").c_str(), 0700);
    EXPECT_NE(read_error(dir + "/directory.npy").find("not a regular file"), std::string::npos);
    write_bytes(dir + "/bad.npy", {1U, 2U, 3U});
    EXPECT_NE(read_error(dir + "/bad.npy").find(dir + "/bad.npy: .npy: wrong magic"), std::string::npos);
}

// BF16 as <u2 or <i2 patterns, INT4 as i1, UINT4 as u1, only on request (DIV-IO-D2).
// [utest->req~div-io-d2~1]
TEST(TensorFile, NpyStorageOfTypesNumpyLacks) {
    RecordProperty("requirements", "DIV-IO-D2");
    const std::string dir = test::make_scratch_dir("retype");
    write_bytes(dir + "/u2.npy", npy_bytes("<u2", "(2,)", le_bytes({0x3F80U, 0xC000U}, 2U)));
    write_bytes(dir + "/i2.npy", npy_bytes("<i2", "(1,)", le_bytes({0xFF80U}, 2U)));
    write_bytes(dir + "/i1.npy", npy_bytes("|i1", "(2,)", {0xF8U, 7U}));
    write_bytes(dir + "/u1.npy", npy_bytes("|u1", "(1,)", {15U}));
    write_bytes(dir + "/f4.npy", npy_bytes("<f4", "(1,)", le_bytes({0x3F800000U}, 4U)));
    EXPECT_EQ(read_tensor_file(dir + "/u2.npy").type, ElementType::uint16);  // never guessed
    const TensorData bf16 = read_tensor_file(dir + "/u2.npy", ElementType::bf16);
    EXPECT_EQ(bf16.type, ElementType::bf16);
    EXPECT_EQ(bf16.bytes, le_bytes({0x3F80U, 0xC000U}, 2U));
    EXPECT_EQ(read_tensor_file(dir + "/i2.npy", ElementType::bf16).type, ElementType::bf16);
    EXPECT_EQ(read_tensor_file(dir + "/u2.npy", ElementType::fp16).type, ElementType::fp16);
    EXPECT_EQ(read_tensor_file(dir + "/i1.npy", ElementType::int4).bytes, (std::vector<std::uint8_t>{0xF8U, 7U}));
    EXPECT_EQ(read_tensor_file(dir + "/u1.npy", ElementType::uint4).type, ElementType::uint4);
    EXPECT_EQ(read_tensor_file(dir + "/f4.npy", ElementType::fp32).type, ElementType::fp32);
    EXPECT_THROW((void)read_tensor_file(dir + "/f4.npy", ElementType::bf16), FileError);
    EXPECT_THROW((void)read_tensor_file(dir + "/u1.npy", ElementType::int4), FileError);
    EXPECT_THROW((void)read_tensor_file(dir + "/i1.npy", ElementType::int16), FileError);
    // A .pb file carries its type: no reinterpretation.
    TensorData u16;
    u16.type = ElementType::uint16;
    u16.dims = {1U};
    u16.bytes = {0x80U, 0x3FU};
    write_tensor_file(dir + "/u16.pb", u16);
    EXPECT_THROW((void)read_tensor_file(dir + "/u16.pb", ElementType::bf16), FileError);
}

// The observer of a read sees the file itself, every byte once and in
// order, in pieces of at most 1 MiB: a digest of them is the file's
// (check's report hashes what it judged, with no second read; DIV-CLI-D17).
// [utest->req~div-cli-d17~1]
TEST(TensorFile, ObserversSeeTheWholeFileOnceInOrder) {
    RecordProperty("requirements", "DIV-CLI-D17");
    const std::string dir = test::make_scratch_dir("observed");
    // 2.5 MiB of data and more: three pieces, the last a partial one.
    std::vector<std::uint64_t> values(330000U);
    for (std::size_t i = 0U; i < values.size(); ++i) {
        values[i] = (std::uint64_t{i} * 0x9E3779B97F4A7C15ULL) ^ (std::uint64_t{i} << 7U);
    }
    write_bytes(dir + "/big.npy", npy_bytes("<u8", "(330000,)", le_bytes(values, 8U)));
    write_bytes(dir + "/one.npy", npy_bytes("<f4", "(1,)", le_bytes({0x3F800000U}, 4U)));
    TensorData pb;
    pb.type = ElementType::int16;
    pb.dims = {3U};
    pb.bytes = le_bytes({1U, 0xFFFFU, 0x8000U}, 2U);
    write_tensor_file(dir + "/small.pb", pb);
    for (const char* name : {"big.npy", "one.npy", "small.pb"}) {
        const std::string path = dir + "/" + name;
        std::vector<std::uint8_t> seen;
        std::size_t largest_piece = 0U;
        const TensorData read = read_tensor_file(path, [&](const std::uint8_t* bytes, std::size_t count) {
            seen.insert(seen.end(), bytes, bytes + count);
            largest_piece = std::max(largest_piece, count);
        });
        EXPECT_EQ(seen, file_bytes(path)) << name;
        EXPECT_LE(largest_piece, std::size_t{1} << 20U) << name;
        EXPECT_EQ(read.bytes, read_tensor_file(path).bytes) << name;
    }
    // The data bytes of the big file came through the observer as they were parsed.
    EXPECT_EQ(read_tensor_file(dir + "/big.npy").bytes, le_bytes(values, 8U));
}

// The INT32 tensor {1, 2} that the atomic-write tests write over "old".
TensorData int32_pair() {
    TensorData t;
    t.type = ElementType::int32;
    t.dims = {2U};
    t.bytes = le_bytes({1U, 2U}, 4U);
    return t;
}

// A signal that ends the process during an atomic write leaves neither a
// temporary file nor a changed target (issue #11: SIGTERM or SIGINT during
// a write left `.NAME.tmp-XXXXXX` behind). Deterministic: the child sends
// the signal to itself once the temporary file exists, then waits to be
// ended; the test seam runs after the file is created and recorded.
// [utest->req~div-cli-d3~3]
TEST(TensorFile, SignalsDuringAWriteLeaveNoTemporaryFile) {
    RecordProperty("requirements", "DIV-CLI-D3");
    for (const int signal_number : {SIGTERM, SIGINT, SIGHUP}) {
        const std::string dir = test::make_scratch_dir("signal-" + std::to_string(signal_number));
        const std::string target = dir + "/y.npy";
        write_bytes(target, {'o', 'l', 'd'});
        const TensorData t = int32_pair();
        const pid_t child = ::fork();
        ASSERT_GE(child, 0);
        if (child == 0) {
            remove_temporaries_on_signals();
            detail::set_after_create_hook([signal_number]() {
                (void)::kill(::getpid(), signal_number);
                for (;;) {
                    (void)::pause();  // the signal thread ends the process
                }
            });
            write_tensor_file(target, t);
            ::_exit(0);  // not reached: the write cannot finish
        }
        int status = 0;
        ASSERT_EQ(::waitpid(child, &status, 0), child);
        EXPECT_TRUE(WIFSIGNALED(status)) << signal_number;
        EXPECT_EQ(WIFSIGNALED(status) ? WTERMSIG(status) : 0, signal_number);
        EXPECT_EQ(test::directory_entries(dir), (std::set<std::string>{"y.npy"})) << signal_number;
        EXPECT_EQ(file_bytes(target), (std::vector<std::uint8_t>{'o', 'l', 'd'})) << signal_number;
    }
}

// [utest->req~div-cli-d3~3]
TEST(TensorFile, AtomicWritesReplaceWholeOrNothing) {
    RecordProperty("requirements", "DIV-CLI-D3");
    const std::string dir = test::make_scratch_dir("atomic");
    const std::string target = dir + "/y.npy";
    write_bytes(target, {'o', 'l', 'd'});
    TensorData t = int32_pair();
    write_tensor_file(target, t);
    EXPECT_EQ(file_bytes(target), npy_bytes("<i4", "(2,)", t.bytes));
    EXPECT_EQ(test::directory_entries(dir), (std::set<std::string>{"y.npy"}));
    // A write that cannot complete: the target is a directory. Nothing changes, no temporary file stays.
    ::mkdir((dir + "/sub.npy").c_str(), 0700);
    EXPECT_THROW(write_tensor_file(dir + "/sub.npy", t), FileError);
    EXPECT_EQ(test::directory_entries(dir), (std::set<std::string>{"sub.npy", "y.npy"}));
    // A directory that does not exist.
    EXPECT_THROW(write_tensor_file(dir + "/none/y.npy", t), FileError);
    // An INT4 value out of range cannot be packed: the existing file stays.
    t.type = ElementType::int4;
    t.bytes = {9U, 0U, 0U, 0U, 0U, 0U, 0U, 0U};
    t.dims = {8U};
    write_bytes(dir + "/y4.pb", {'o', 'l', 'd'});
    EXPECT_THROW(write_tensor_file(dir + "/y4.pb", t), FileError);
    EXPECT_EQ(file_bytes(dir + "/y4.pb"), (std::vector<std::uint8_t>{'o', 'l', 'd'}));
    EXPECT_EQ(test::directory_entries(dir), (std::set<std::string>{"sub.npy", "y.npy", "y4.pb"}));
    // A file written in the current directory, permissions as a plain create gives.
    struct stat info{};
    ASSERT_EQ(::stat(target.c_str(), &info), 0);
    const mode_t mask = ::umask(0);
    ::umask(mask);
    EXPECT_EQ(info.st_mode & 0777U, 0666U & ~mask);
}

// A file of `size` bytes starting with `head`, the rest a hole (no disk used).
void write_sparse(const std::string& path, const std::vector<std::uint8_t>& head, std::uint64_t size) {
    write_bytes(path, head);
    ASSERT_EQ(::truncate(path.c_str(), static_cast<off_t>(size)), 0);
}

// The FileError message of reading `path` in a child process whose address
// space is limited to `limit` bytes, or "exit N" / "signal N" when the child
// did not end with a FileError (std::bad_alloc included): reading the data
// of a file larger than the limit cannot pass.
std::string read_error_within(const std::string& path, std::uint64_t limit) {
    int pipe_fds[2] = {-1, -1};
    if (::pipe(pipe_fds) != 0) {
        return "pipe failed";
    }
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(pipe_fds[0]);
        const rlimit bound{limit, limit};
        (void)::setrlimit(RLIMIT_AS, &bound);
        int code = 3;
        std::string message;
        try {
            (void)read_tensor_file(path);
            code = 0;
        } catch (const FileError& error) {
            message = error.what();
            code = 1;
        } catch (...) { code = 2; }
        (void)::write(pipe_fds[1], message.data(), message.size());
        ::_exit(code);
    }
    ::close(pipe_fds[1]);
    std::string message;
    char chunk[256];
    for (ssize_t got = ::read(pipe_fds[0], chunk, sizeof chunk); got > 0;
         got = ::read(pipe_fds[0], chunk, sizeof chunk)) {
        message.append(chunk, static_cast<std::size_t>(got));
    }
    ::close(pipe_fds[0]);
    int status = 0;
    (void)::waitpid(child, &status, 0);
    if (!WIFEXITED(status)) {
        return "signal " + std::to_string(WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    }
    return (WEXITSTATUS(status) == 1) ? message : "exit " + std::to_string(WEXITSTATUS(status));
}

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;  // reserves terabytes of address space: RLIMIT_AS cannot be used
#else
constexpr bool kAddressSanitizer = false;
#endif

// A .npy file is judged by its header and size before its data are read:
// the reproducers of issue #11 (a 3 GiB file with a wrong magic took 3.1 GB
// and 17-27 s; a 1 TiB sparse .npy ended in std::bad_alloc, exit 4) now end
// with a FileError inside a 256 MiB address space. The sizes are sparse files.
// [utest->req~div-io-d5~2]
// [utest->req~div-io-d4~1]
TEST(TensorFileLimits, NpyHeadersAreCheckedBeforeTheData) {
    RecordProperty("requirements", "DIV-IO-D5,DIV-IO-D4");
    const std::string dir = test::make_scratch_dir("limits-npy");
    const std::uint64_t limit = std::uint64_t{256} << 20U;
    write_sparse(dir + "/magic.npy", {'N', 'O', 'T', 'N', 'P', 'Y'}, std::uint64_t{3} << 30U);
    // 2^40 one-byte elements: a valid header, then a hole of 1 TiB.
    const std::vector<std::uint8_t> header = npy_bytes("|u1", "(1099511627776,)", {});
    write_sparse(dir + "/tebibyte.npy", header, header.size() + (std::uint64_t{1} << 40U));
    // The same header with one byte too many: refused from the size alone.
    write_sparse(dir + "/long.npy", header, header.size() + (std::uint64_t{1} << 40U) + 1U);
    if (kAddressSanitizer) {
        EXPECT_NE(read_error(dir + "/magic.npy").find("wrong magic"), std::string::npos);
    } else {
        EXPECT_NE(read_error_within(dir + "/magic.npy", limit).find(dir + "/magic.npy: .npy: wrong magic"),
                  std::string::npos);
        EXPECT_NE(read_error_within(dir + "/long.npy", limit)
                      .find("needs 1099511627776 data bytes, the file holds "
                            "1099511627777"),
                  std::string::npos);
        const std::string tebibyte = read_error_within(dir + "/tebibyte.npy", limit);
        EXPECT_NE(tebibyte.find("out of memory: cannot allocate 1099511627776 bytes (1.00 TiB)"), std::string::npos)
            << tebibyte;
        EXPECT_NE(tebibyte.find("shape [1099511627776] UINT8"), std::string::npos) << tebibyte;
    }
    // A header longer than the reader's limit: refused, whatever follows.
    std::vector<std::uint8_t> long_header = {0x93U, 'N', 'U', 'M', 'P', 'Y', 2U, 0U, 0x01U, 0x00U, 0x01U, 0x00U};
    write_sparse(dir + "/header.npy", long_header, 12U + 65537U);  // the header says 65537 bytes
    EXPECT_NE(read_error(dir + "/header.npy").find("a header of 65537 bytes, above the limit of 65536"),
              std::string::npos);
    try {
        (void)read_tensor_file(dir + "/header.npy");
        ADD_FAILURE() << "read";
    } catch (const ResourceError&) { SUCCEED(); } catch (const FileError& error) {
        ADD_FAILURE() << "not classified as a limit: " << error.what();
    }
}

// The size arithmetic at its exact boundaries: 3 * 6148914691236517205 is
// 2^64 - 1 elements of one byte, and (2^63 - 1) INT16 elements take 2^64 - 2
// bytes; one more overflows (issue #12: '>' changed to '>=' survived).
// Hand-derived: 2^64 - 1 = 3 * 5 * 17 * 257 * 641 * 65537 * 6700417.
// [utest->req~div-io-d4~1]
TEST(TensorFileLimits, SizeArithmeticAtItsBoundaries) {
    RecordProperty("requirements", "DIV-IO-D4");
    const TensorSize all = checked_size({3U, 6148914691236517205U}, ElementType::uint8, "t");
    EXPECT_EQ(all.elements, UINT64_MAX);
    EXPECT_EQ(all.bytes, UINT64_MAX);
    EXPECT_THROW((void)checked_size({3U, 6148914691236517206U}, ElementType::uint8, "t"), FileError);
    const TensorSize wide = checked_size({9223372036854775807U}, ElementType::int16, "t");
    EXPECT_EQ(wide.bytes, UINT64_MAX - 1U);
    EXPECT_THROW((void)checked_size({9223372036854775808U}, ElementType::int16, "t"), FileError);
    EXPECT_EQ(checked_size({0U, UINT64_MAX}, ElementType::uint8, "t").bytes, 0U);
    EXPECT_THROW((void)checked_size({0U, UINT64_MAX}, ElementType::int16, "t"), FileError);  // as DIV-API-D4
}

// A .pb file above protobuf's 2 GiB - 1 limit is refused before it is read
// (issue #11: the whole file was read first), and a tensor too large for a
// TensorProto is refused from its shape, before anything is serialised
// (issue #11: 10.7 GB peak for 2.2G UINT8 elements).
// [utest->req~div-io-d5~2]
TEST(TensorFileLimits, ProtobufLimitFromSizesAlone) {
    RecordProperty("requirements", "DIV-IO-D5");
    const std::string dir = test::make_scratch_dir("limits-pb");
    write_sparse(dir + "/big.pb", {0x08U, 0x01U}, kMaxTensorProtoBytes + 1U);
    const std::string big = kAddressSanitizer ? read_error(dir + "/big.pb")
                                              : read_error_within(dir + "/big.pb", std::uint64_t{256} << 20U);
    EXPECT_NE(big.find(dir + "/big.pb: .pb TensorProto: 2147483648 bytes, above protobuf's message limit of "
                             "2147483647 bytes"),
              std::string::npos)
        << big;
    // 2^31 UINT8 elements need 2^31 bytes of raw_data alone: refused from the
    // shape, even though the tensor here holds no data at all.
    TensorData huge;
    huge.type = ElementType::uint8;
    huge.dims = {std::uint64_t{1} << 31U};
    EXPECT_THROW((void)encode_tensor_proto_pieces(huge), ResourceError);
    try {
        write_tensor_file(dir + "/y.pb", huge);
        ADD_FAILURE() << "written";
    } catch (const ResourceError& error) {
        EXPECT_NE(std::string(error.what()).find("needs a message of 2147483662 bytes, above protobuf's limit"),
                  std::string::npos)
            << error.what();
    }
    EXPECT_EQ(test::directory_entries(dir), (std::set<std::string>{"big.pb"}));
    // Just under the limit in INT4: 2^32 - 32 elements pack into 2^31 - 16 bytes, plus a 14-byte head.
    TensorData packed;
    packed.type = ElementType::int4;
    packed.dims = {(std::uint64_t{1} << 32U) - 32U};
    try {
        (void)encode_tensor_proto_pieces(packed);
        ADD_FAILURE() << "a tensor without data was encoded";
    } catch (const ResourceError& error) {
        ADD_FAILURE() << "within the limit, yet refused as too large: " << error.what();
    } catch (const FileError& error) {
        EXPECT_NE(std::string(error.what()).find("does not match its shape"), std::string::npos) << error.what();
    }
}

// The output keeps an existing target's permissions; a symbolic link is
// refused and left as it is (issue #11 item 7: the link was replaced by a
// file, a 0600 or 0444 target became 0644). Root may write a 0444 file, as
// with any other tool: then its mode is kept; anyone else is refused.
// [utest->req~div-cli-d3~3]
TEST(TensorFile, TargetsKeepTheirPermissionsAndLinksAreRefused) {
    RecordProperty("requirements", "DIV-CLI-D3");
    const std::string dir = test::make_scratch_dir("modes");
    const TensorData t = int32_pair();
    write_bytes(dir + "/private.npy", {'o', 'l', 'd'});
    ASSERT_EQ(::chmod((dir + "/private.npy").c_str(), 0600), 0);
    write_tensor_file(dir + "/private.npy", t);
    struct stat info{};
    ASSERT_EQ(::stat((dir + "/private.npy").c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777U, 0600U);
    EXPECT_EQ(file_bytes(dir + "/private.npy"), npy_bytes("<i4", "(2,)", t.bytes));

    write_bytes(dir + "/target.npy", {'o', 'l', 'd'});
    ASSERT_EQ(::symlink("target.npy", (dir + "/link.npy").c_str()), 0);
    EXPECT_THROW(write_tensor_file(dir + "/link.npy", t), FileError);
    struct stat link{};
    ASSERT_EQ(::lstat((dir + "/link.npy").c_str(), &link), 0);
    EXPECT_TRUE(S_ISLNK(link.st_mode));
    EXPECT_EQ(file_bytes(dir + "/target.npy"), (std::vector<std::uint8_t>{'o', 'l', 'd'}));

    write_bytes(dir + "/readonly.npy", {'o', 'l', 'd'});
    ASSERT_EQ(::chmod((dir + "/readonly.npy").c_str(), 0444), 0);
    if (::geteuid() == 0) {
        write_tensor_file(dir + "/readonly.npy", t);
        EXPECT_EQ(file_bytes(dir + "/readonly.npy"), npy_bytes("<i4", "(2,)", t.bytes));
    } else {
        EXPECT_THROW(write_tensor_file(dir + "/readonly.npy", t), FileError);
        EXPECT_EQ(file_bytes(dir + "/readonly.npy"), (std::vector<std::uint8_t>{'o', 'l', 'd'}));
    }
    ASSERT_EQ(::stat((dir + "/readonly.npy").c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777U, 0444U);
    EXPECT_EQ(test::directory_entries(dir),
              (std::set<std::string>{"link.npy", "private.npy", "readonly.npy", "target.npy"}));
}

}  // namespace
}  // namespace sonnx::io
