// A downstream program: INT32 floor division through the installed package.
#include <sonnx/div.hpp>

#include <cstdint>
#include <cstdio>

int main() {
    const std::int32_t a[3] = {7, -7, 6};
    const std::int32_t b[3] = {2, 2, 3};
    std::int32_t y[3] = {0, 0, 0};
    sonnx::Shape shape{};
    shape.rank = 1U;
    shape.dims[0] = 3U;
    const sonnx::ConstTensorView va{sonnx::ElementType::int32, shape, a, sizeof a};
    const sonnx::ConstTensorView vb{sonnx::ElementType::int32, shape, b, sizeof b};
    const sonnx::TensorView vy{sonnx::ElementType::int32, shape, y, sizeof y};
    const sonnx::Status status = sonnx::div(va, vb, vy, sonnx::DivOptions{}, nullptr);
    // floor(7/2) = 3, floor(-7/2) = -4, 6/3 = 2
    const bool ok = status.is_ok() && (y[0] == 3) && (y[1] == -4) && (y[2] == 2);
    std::printf("consumer: %s\n", ok ? "ok" : "wrong result");
    return ok ? 0 : 1;
}
