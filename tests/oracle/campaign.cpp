#include "campaign.hpp"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <thread>

#include "sonnx/oracle/float_oracle.hpp"
#include "sonnx/oracle/int_oracle.hpp"
#include "test_support.hpp"

namespace sonnx::test {

namespace {

std::string hex(std::uint64_t value) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%04llx", static_cast<unsigned long long>(value));
    return text;
}

}  // namespace

CampaignResult float16_campaign(ElementType type, std::uint32_t start, std::uint32_t stride, unsigned threads) {
    const auto began = std::chrono::steady_clock::now();
    const oracle::FloatFormat& format = oracle::float_format(type);
    std::atomic<std::uint32_t> next{start};
    std::atomic<std::uint64_t> pairs{0U};
    std::atomic<std::uint64_t> mismatches{0U};
    std::mutex examples_lock;
    CampaignResult result;
    auto worker = [&]() {
        oracle::FloatOracle exact(format);
        std::vector<std::uint16_t> a(65536U);
        std::vector<std::uint16_t> b(65536U);
        std::vector<std::uint16_t> y(65536U);
        for (std::uint32_t i = 0; i < 65536U; ++i) {
            b[i] = static_cast<std::uint16_t>(i);
        }
        const Shape shape = shape_1d(65536U);
        for (std::uint32_t numerator = next.fetch_add(stride); numerator < 65536U; numerator = next.fetch_add(stride)) {
            std::fill(a.begin(), a.end(), static_cast<std::uint16_t>(numerator));
            const Status status = div(ConstTensorView{type, shape, a.data(), 131072U},
                                      ConstTensorView{type, shape, b.data(), 131072U},
                                      TensorView{type, shape, y.data(), 131072U}, DivOptions{}, nullptr);
            std::uint64_t local_mismatches = 0U;
            for (std::uint32_t i = 0; i < 65536U; ++i) {
                const std::uint64_t expected = exact.quotient(numerator, i);
                const bool both_nan = (oracle::classify(format, expected).value_class == oracle::ValueClass::nan) &&
                                      (oracle::classify(format, y[i]).value_class == oracle::ValueClass::nan);
                if (!status.is_ok() || (!both_nan && (expected != y[i]))) {
                    ++local_mismatches;
                    const std::lock_guard<std::mutex> guard(examples_lock);
                    if (result.examples.size() < 10U) {
                        result.examples.push_back(hex(numerator) + " / " + hex(i) + ": core " + hex(y[i]) +
                                                  ", oracle " + hex(expected));
                    }
                }
            }
            pairs += 65536U;
            mismatches += local_mismatches;
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) {
        pool.emplace_back(worker);
    }
    for (std::thread& thread : pool) {
        thread.join();
    }
    result.pairs = pairs;
    result.mismatches = mismatches;
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    return result;
}

CampaignResult small_int_campaign(ElementType type, IntRounding rounding) {
    const auto began = std::chrono::steady_clock::now();
    const bool is_signed = (type == ElementType::int4) || (type == ElementType::int8);
    const bool four_bit = (type == ElementType::int4) || (type == ElementType::uint4);
    const int low = is_signed ? (four_bit ? -8 : -128) : 0;
    const int high = is_signed ? (four_bit ? 7 : 127) : (four_bit ? 15 : 255);
    CampaignResult result;
    for (int x = low; x <= high; ++x) {
        for (int z = low; z <= high; ++z) {
            std::uint8_t a = static_cast<std::uint8_t>(x);
            std::uint8_t b = static_cast<std::uint8_t>(z);
            std::uint8_t y = 0xA5U;
            const Status status = div(ConstTensorView{type, Shape{}, &a, 1U}, ConstTensorView{type, Shape{}, &b, 1U},
                                      TensorView{type, Shape{}, &y, 1U}, DivOptions{rounding}, nullptr);
            const oracle::IntQuotient expected = oracle::int_quotient(type, x, z, rounding);
            bool ok = false;
            switch (expected.verdict) {
                case oracle::IntVerdict::zero_divisor:
                    ok = (status.code == StatusCode::zero_divisor) && (y == 0xA5U);
                    break;
                case oracle::IntVerdict::overflow:
                    ok = (status.code == StatusCode::overflow) && (y == 0xA5U);
                    break;
                case oracle::IntVerdict::ok:
                    ok = status.is_ok() && (static_cast<std::int64_t>(is_signed ? static_cast<std::int8_t>(y) : y) ==
                                            expected.signed_value);
                    break;
            }
            ++result.pairs;
            if (!ok) {
                ++result.mismatches;
                if (result.examples.size() < 10U) {
                    result.examples.push_back(std::to_string(x) + " / " + std::to_string(z) + ": core " +
                                              std::to_string(static_cast<int>(y)) + ", oracle " +
                                              std::to_string(expected.signed_value));
                }
            }
        }
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    return result;
}

}  // namespace sonnx::test
