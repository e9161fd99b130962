// Check records made in memory as `sonnx-div check` makes them (inputs
// recorded with their SHA-256, the judge's settings, check_tensors), for
// the tests of the report reader and of merge. Candidates are the oracle's
// quotients with faults put in by the test, so that every class of element
// occurs: exact quotients, errors within and past an ulp, special values,
// flushes to zero, undefined integers.
#ifndef SONNX_TESTS_CHECK_REPORT_TEST_SUPPORT_HPP
#define SONNX_TESTS_CHECK_REPORT_TEST_SUPPORT_HPP

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "sonnx/check/campaign_json.hpp"
#include "sonnx/check/provenance.hpp"
#include "sonnx/check/record.hpp"
#include "sonnx/check/report_json.hpp"
#include "sonnx/oracle/element_words.hpp"
#include "sonnx/oracle/float_oracle.hpp"
#include "sonnx/oracle/int_oracle.hpp"

namespace sonnx::check::test {

// A tensor of element words in the API's storage.
struct Words {
    ElementType type{ElementType::fp32};
    std::vector<std::uint64_t> dims;
    std::vector<std::uint8_t> bytes;

    Words(ElementType element_type, std::vector<std::uint64_t> shape, const std::vector<std::uint64_t>& words)
        : type(element_type), dims(std::move(shape)) {
        const oracle::ElementTraits t = oracle::element_traits(type);
        bytes.resize(words.size() * t.size);
        for (std::size_t k = 0U; k < words.size(); ++k) {
            oracle::store_element(t, bytes.data(), k, words[k]);
        }
    }
    Tensor tensor() const {
        Shape shape{};
        (void)make_shape(dims.data(), static_cast<std::uint32_t>(dims.size()), shape);
        return Tensor{type, dims, ConstTensorView{type, shape, bytes.data(), bytes.size()}};
    }
    InputRecord input(const std::string& role) const {
        Sha256 sha;
        sha.update(bytes.data(), bytes.size());
        return InputRecord{role, role + ".npy", type, type, dims, sha.hex()};
    }
};

// What check records for A, B and Y under these settings.
inline CheckRecord record_of(const Words& a, const Words& b, const Words& y, const Settings& settings) {
    Provenance provenance = start_provenance("check");
    provenance.command_line = "sonnx-div check A.npy B.npy Y.npy";
    provenance.inputs = {a.input("A"), b.input("B"), y.input("Y")};
    return check_tensors(a.tensor(), b.tensor(), y.tensor(), settings, provenance, "");
}

// The report as `check --json` writes it, read back as merge reads a file.
inline nlohmann::json written(const CheckRecord& record) {
    const std::string text = report_json(record).dump(2) + "\n";
    return parse_report_text(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
}

// What `campaign --json` writes for this plan under these operator options, read back as merge reads it.
inline nlohmann::json campaign_report(const oracle::CampaignPlan& plan, const DivOptions& profile = DivOptions{}) {
    Provenance provenance = start_provenance("campaign");
    provenance.options = campaign_options_in_force(profile, plan);
    const oracle::CampaignResult result = oracle::run_campaign(plan);
    const std::string text = campaign_json(CampaignRecord{provenance, profile, plan, result}).dump(2);
    return parse_report_text(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
}

// Deterministic operands: a linear congruential generator's high bits.
class Draw {
public:
    explicit Draw(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
        return state_ >> 16U;
    }

private:
    std::uint64_t state_;
};

// The correctly rounded quotients of float words.
inline std::vector<std::uint64_t> float_quotients(ElementType type, const std::vector<std::uint64_t>& a,
                                                  const std::vector<std::uint64_t>& b) {
    oracle::FloatOracle exact(oracle::float_format(type));
    std::vector<std::uint64_t> q;
    for (std::size_t k = 0U; k < a.size(); ++k) {
        q.push_back(exact.quotient(a[k], b[k % b.size()]));
    }
    return q;
}

// The exact integer quotients (0 where none is defined).
inline std::vector<std::uint64_t> int_quotients(ElementType type, const std::vector<std::uint64_t>& a,
                                                const std::vector<std::uint64_t>& b, IntRounding rounding) {
    oracle::IntOracle exact;
    const bool is_signed = oracle::element_traits(type).is_signed;
    std::vector<std::uint64_t> q;
    for (std::size_t k = 0U; k < a.size(); ++k) {
        const std::uint64_t d = b[k % b.size()];
        const oracle::IntQuotient r = is_signed ? exact.signed_quotient(type, static_cast<std::int64_t>(a[k]),
                                                                        static_cast<std::int64_t>(d), rounding)
                                                : exact.unsigned_quotient(type, a[k], d);
        q.push_back((r.verdict != oracle::IntVerdict::ok) ? 0U
                    : is_signed                           ? static_cast<std::uint64_t>(r.signed_value)
                                                          : r.unsigned_value);
    }
    return q;
}

}  // namespace sonnx::check::test

#endif  // SONNX_TESTS_CHECK_REPORT_TEST_SUPPORT_HPP
