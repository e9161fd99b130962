// Whole-number options read exactly: CLI11 2.3 reads "-1" into an unsigned
// option as 2^64 - 1 and clamps a value past 2^64 - 1 to it, so a count
// given as -1 would run as the largest count there is (issue #11).
#ifndef SONNX_CLI_NUMBER_OPTIONS_HPP
#define SONNX_CLI_NUMBER_OPTIONS_HPP

#include <CLI/CLI.hpp>

#include <cstdint>

namespace sonnx::cli {

// Accepts decimal digits only (no sign, base prefix or white space) whose
// value is from `min` to `max`; anything else is a usage error naming the
// range. The option's help states the same range ("a whole number from
// MIN to MAX"), so no second check with its own words is needed.
CLI::Validator whole_number_in(std::uint64_t min, std::uint64_t max);

// The check of a --shard option: check::parse_shard, or a usage error saying what it takes.
CLI::Validator shard_option();

}  // namespace sonnx::cli

#endif
