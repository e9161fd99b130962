// What a report records of how it was made (DIV-CLI-D17): the command line
// quoted for the shell, the options in force per profile, the SHA-256 of
// the inputs, and the provenance as printed. Expected digests are FIPS
// 180-4's examples and the published SHA-256 of "" and "a"; the quoting is
// POSIX sh's ('...' with ' written '\''), written out by hand.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "sonnx/check/provenance.hpp"

namespace sonnx::check {
namespace {

std::string sha_of(const std::string& text, std::size_t piece) {
    Sha256 sha;
    for (std::size_t k = 0U; k < text.size(); k += piece) {
        const std::string part = text.substr(k, piece);
        sha.update(reinterpret_cast<const std::uint8_t*>(part.data()), part.size());
    }
    sha.update(nullptr, 0U);  // an empty piece changes nothing
    return sha.hex();
}

// [utest->req~div-cli-d17~1]
TEST(Provenance, Sha256OfKnownTexts) {
    RecordProperty("requirements", "DIV-CLI-D17");
    EXPECT_EQ(sha_of("", 1U), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(sha_of("a", 1U), "ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb");
    for (const std::size_t piece : {std::size_t{1}, std::size_t{2}, std::size_t{64}}) {
        EXPECT_EQ(sha_of("abc", piece), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") << piece;
        EXPECT_EQ(sha_of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", piece),
                  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
            << piece;
    }
}

// [utest->req~div-cli-d17~1]
TEST(Provenance, TheCommandLineIsQuotedForTheShell) {
    RecordProperty("requirements", "DIV-CLI-D17");
    const char* const argv[] = {"sonnx-div", "check", "a b.npy", "it's", "", "plain_-./=:,+@%0Z.npy"};
    record_command_line(6, argv);
    EXPECT_EQ(start_provenance("check").command_line, "sonnx-div check 'a b.npy' 'it'\\''s' '' plain_-./=:,+@%0Z.npy");
    record_command_line(0, argv);
}

// [utest->req~div-cli-d17~1]
TEST(Provenance, TheOptionsInForceOfEachProfile) {
    RecordProperty("requirements", "DIV-CLI-D17");
    using Options = std::vector<std::pair<std::string, std::string>>;
    DivOptions onnx;
    onnx.profile = Profile::onnx;
    onnx.onnx.opset = 7U;  // the first opset without Div-1/6's attributes
    EXPECT_EQ(options_in_force(onnx), (Options{{"profile", "onnx"}, {"opset", "7"}, {"int-rounding", "trunc"}}));
    onnx.onnx.opset = 6U;
    onnx.onnx.broadcast = true;
    EXPECT_EQ(
        options_in_force(onnx),
        (Options{
            {"profile", "onnx"}, {"opset", "6"}, {"broadcast", "1"}, {"axis", "none"}, {"int-rounding", "trunc"}}));
    EXPECT_EQ(options_in_force(DivOptions{}),
              (Options{{"profile", "sonnx"}, {"sonnx-revision", "seed"}, {"int-rounding", "floor"}}));
}

// [utest->req~div-cli-d17~1]
TEST(Provenance, PrintedWithTheCommandAndEachInput) {
    RecordProperty("requirements", "DIV-CLI-D17");
    Provenance p;
    p.date = "2026-11-27T23:00:00Z";
    p.command_line = "sonnx-div check a.npy b.npy y.npy";
    p.options = {{"profile", "sonnx"}};
    p.inputs = {InputRecord{"A", "a.npy", ElementType::uint16, ElementType::bf16, {2U, 3U}, std::string(64U, 'a')}};
    std::ostringstream out;
    print_provenance(out, p);
    EXPECT_EQ(out.str(), "made by: " + version_text() + ", 2026-11-27T23:00:00Z\n" +
                             "command: sonnx-div check a.npy b.npy y.npy\n" + "options: profile=sonnx\n" +
                             "A: a.npy sha256 " + std::string(64U, 'a') + ", UINT16 read as BF16 (--type) [2, 3]\n");
}

}  // namespace
}  // namespace sonnx::check
