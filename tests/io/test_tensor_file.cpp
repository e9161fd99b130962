// Files by extension, the --type reinterpretation of .npy storage, and
// atomic writes.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <string>
#include <vector>

#include "io_test_support.hpp"
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
    } catch (const FileError& error) {
        return error.what();
    }
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
// [utest->req~div-cli-d3~2]
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

// [utest->req~div-cli-d3~2]
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
    struct stat info {};
    ASSERT_EQ(::stat(target.c_str(), &info), 0);
    const mode_t mask = ::umask(0);
    ::umask(mask);
    EXPECT_EQ(info.st_mode & 0777U, 0666U & ~mask);
}

}  // namespace
}  // namespace sonnx::io
