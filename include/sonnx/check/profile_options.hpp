/// @file
/// The operator's options as a front end receives them (each one given or
/// not) made into sonnx::DivOptions, with one set of rules for every front
/// end: a value outside an option's range, or an option that belongs to
/// another profile, revision or opset than the one chosen, is refused, never
/// silently ignored (DIV-CLI-D10, D13). The front end says how its options
/// are spelled, so that its messages name what its user typed: the command
/// line's "--int-rounding", the Python module's "rounding".
#ifndef SONNX_CHECK_PROFILE_OPTIONS_HPP
#define SONNX_CHECK_PROFILE_OPTIONS_HPP

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include "sonnx/div_options.hpp"

namespace sonnx::check {

/// The profile options a front end was given, each empty when not given; resolve_profile makes DivOptions of them.
struct ProfileRequest {
    /// The profile chosen (sonnx when not given).
    Profile profile{Profile::sonnx};
    std::optional<IntRounding> rounding;        ///< sonnx profile, seed revision
    std::optional<SonnxRevision> revision;      ///< sonnx profile
    std::optional<std::int64_t> opset;          ///< onnx (1 ... kOnnxOpsetMax); else 14 or each model's
    std::optional<std::int64_t> broadcast;      ///< onnx opsets 1 and 6: the attribute, 0 or 1
    std::optional<std::int64_t> axis;           ///< onnx opsets 1 and 6: the attribute
    std::optional<bool> pythondiv;              ///< openvino m_pythondiv
    std::optional<AutoBroadcast> auto_broadcast;  ///< openvino
    bool attributes_from_model{false};          ///< onnx-test: broadcast and axis come from each model
};

/// How a front end writes its options: their names, and an option with a
/// value ("--profile onnx", "profile='onnx'").
struct OptionSpelling {
    /// The name of the profile option.
    const char* profile;
    /// The name of the integer rounding option.
    const char* rounding;
    /// The name of the SONNX revision option.
    const char* revision;
    /// The name of the opset option.
    const char* opset;
    /// The name of the broadcast attribute's option.
    const char* broadcast;
    /// The name of the axis attribute's option.
    const char* axis;
    /// The name of the pythondiv option.
    const char* pythondiv;
    /// The name of the auto_broadcast option.
    const char* auto_broadcast;
    /// An option with its value, as the front end writes it.
    std::string (*with_value)(const char* option, const std::string& value);
};

/// The command line's: --profile, --int-rounding, --sonnx-revision, --opset,
/// --broadcast, --axis, --pythondiv, --auto-broadcast.
extern const OptionSpelling kCommandLineSpelling;

/// A request that breaks these rules; what() names the options as spelled.
class OptionError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// The options for the operator (and for a check of it). Throws OptionError.
DivOptions resolve_profile(const ProfileRequest& request, const OptionSpelling& spelling);

/// Names and values as both front ends write them: "sonnx", "onnx",
/// "openvino"; "floor", "trunc"; "seed", "2026-06"; "none", "numpy".
std::optional<Profile> profile_named(const std::string& name);
/// IntRounding of "floor" or "trunc"; nullopt for any other text.
std::optional<IntRounding> rounding_named(const std::string& name);
/// SonnxRevision of "seed" or "2026-06"; nullopt for any other text.
std::optional<SonnxRevision> revision_named(const std::string& name);
/// AutoBroadcast of "none" or "numpy"; nullopt for any other text.
std::optional<AutoBroadcast> auto_broadcast_named(const std::string& name);
std::optional<bool> bool_named(const std::string& name);  ///< "true", "false"

}  // namespace sonnx::check

#endif  // SONNX_CHECK_PROFILE_OPTIONS_HPP
