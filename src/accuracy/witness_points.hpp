// Where a scenario looks for a witness inside an error range: its ends, its
// middle, and zero when the range straddles it.
#ifndef SONNX_ACCURACY_WITNESS_POINTS_HPP
#define SONNX_ACCURACY_WITNESS_POINTS_HPP

#include <vector>

#include "sonnx/accuracy/interval.hpp"

namespace sonnx::accuracy {

inline std::vector<Bound> witness_points(const Bound& lo, const Bound& hi) {
    std::vector<Bound> values{lo, hi};
    if (lo != hi) {
        values.push_back(Bound((lo + hi) / 2));
        if ((lo < 0) && (hi > 0)) {
            values.push_back(Bound(0));
        }
    }
    return values;
}

}  // namespace sonnx::accuracy

#endif  // SONNX_ACCURACY_WITNESS_POINTS_HPP
