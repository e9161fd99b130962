// sonnx-div merge REPORT...: the JSON reports of check's N shards made into
// the report of one run (DIV-CLI-D20).
#include <iostream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "commands.hpp"
#include "exit_status.hpp"
#include "output_paths.hpp"
#include "sonnx/check/provenance.hpp"
#include "sonnx/check/report_json.hpp"
#include "sonnx/check/merge.hpp"
#include "sonnx/io/tensor_file.hpp"

namespace sonnx::cli {

namespace {

struct MergeArguments {
    std::vector<std::string> reports;
    std::string json;
};

// A shard's report as read: its JSON, parsed within the reader's bounds,
// and the SHA-256 of the very bytes parsed (merged_from records it).
struct ReadReport {
    nlohmann::json json;
    std::string sha256;
};

ReadReport read_report(const std::string& path) {
    // No report check writes is larger (report_json.hpp): refused before it is read.
    const std::vector<std::uint8_t> bytes = io::read_whole_file(path, check::kMaxReportBytes);
    check::Sha256 sha;
    sha.update(bytes.data(), bytes.size());
    try {
        return ReadReport{check::parse_report_text(bytes.data(), bytes.size()), sha.hex()};
    } catch (const check::ReportError& error) { throw CommandFailure(exit_usage, path + ": " + error.what()); }
}

// [impl->req~div-cli-d20~2]
// [impl->req~div-cli-d17~1]
int run_merge(const MergeArguments& args) {
    if (!args.json.empty()) {
        std::vector<NamedInput> inputs;
        for (const std::string& report : args.reports) {
            inputs.push_back(NamedInput{"REPORT", report});
        }
        check_output_path(args.json, "--json", inputs);
    }
    std::vector<nlohmann::json> shards;
    std::vector<std::string> hashes;
    for (const std::string& path : args.reports) {
        ReadReport report = read_report(path);
        shards.push_back(std::move(report.json));
        hashes.push_back(report.sha256);
    }
    nlohmann::json merged;
    try {
        merged = check::merge_check_reports(shards, args.reports);
    } catch (const check::MergeError& error) { throw CommandFailure(exit_usage, error.what()); }
    check::Provenance provenance = check::start_provenance("merge");
    provenance.options.emplace_back("reports", std::to_string(args.reports.size()));
    merged["provenance"] = check::provenance_json(provenance);
    // Each shard as given, verified: its path, hash, shard (0/1 when it
    // names none: a check of one shard) and provenance.
    nlohmann::json from = nlohmann::json::array();
    for (std::size_t k = 0U; k < shards.size(); ++k) {
        from.push_back({{"path", args.reports[k]},
                        {"sha256", hashes[k]},
                        {"shard", shards[k].value("shard", nlohmann::json{{"index", 0U}, {"count", 1U}})},
                        {"provenance", shards[k].at("provenance")}});
    }
    merged["merged_from"] = from;
    if (!args.json.empty()) {
        const std::string text = merged.dump(2) + "\n";
        io::write_file_atomically(args.json, std::vector<std::uint8_t>(text.begin(), text.end()));
    }
    check::print_provenance(std::cout, provenance);
    if (merged.value("command", "") == "campaign") {
        std::cout << "merge: " << shards.size() << " shards of campaign " << merged.value("type", "?") << "\n";
        std::cout << "pairs: " << merged.at("pairs").get<std::uint64_t>()
                  << ", mismatches: " << merged.at("mismatches").get<std::uint64_t>() << "\n";
        for (const nlohmann::json& example : merged.at("examples")) {
            std::cout << "  mismatch: " << example.get<std::string>() << "\n";
        }
        const bool clean = merged.at("mismatches").get<std::uint64_t>() == 0U;
        std::cout << "result: " << (clean ? "no mismatch" : "MISMATCHES") << "\n";
        return clean ? exit_success : exit_nonconforming;
    }
    std::cout << "merge: " << shards.size() << " shards of check, " << merged.value("type", "?") << " "
              << merged.value("shape", nlohmann::json::array()).dump() << "\n";
    if (!merged.at("precondition").is_null()) {
        std::cout << "precondition: " << merged["precondition"].value("message", "") << "\n";
        std::cout << "result: NOT CONFORMING (the operands violate a precondition)\n";
        return exit_precondition;
    }
    std::cout << "conforming: " << merged.value("conforming", std::uint64_t{0}) << " of "
              << merged.value("elements", std::uint64_t{0}) << " (" << merged.value("nonconforming", std::uint64_t{0})
              << " non-conforming, " << merged.value("undefined", std::uint64_t{0}) << " undefined)\n";
    for (const nlohmann::json& hint : merged.value("hints", nlohmann::json::array())) {
        std::cout << "hint: " << hint.get<std::string>() << "\n";
    }
    const bool conforming = merged.at("conforming_result").get<bool>();
    std::cout << "result: " << (conforming ? "CONFORMING" : "NOT CONFORMING") << "\n";
    return conforming ? exit_success : exit_nonconforming;
}

}  // namespace

Subcommand add_merge_command(CLI::App& parent) {
    auto args = std::make_shared<MergeArguments>();
    CLI::App* command = parent.add_subcommand(
        "merge",
        "make the JSON reports of check or campaign --shard K/N (N shards, each once) into the report "
        "of one run");
    command->add_option("REPORT", args->reports, "the shards' JSON reports, in any order")->required();
    command->add_option("--json", args->json, "write the merged report as JSON to this file (atomically)")
        ->check(output_path_option());
    command->footer(
        "Example: for k in 0 1 2 3; do sonnx-div check a.npy b.npy y.npy --shard $k/4 --json r$k.json; done;\n"
        "         sonnx-div merge r0.json r1.json r2.json r3.json --json report.json\n"
        "The merged JSON equals a single run's report but for `provenance` and `merged_from` (and, for a\n"
        "campaign, `threads` and `seconds`, the sum of the shards' times).\n"
        "Exit status: as check's (0, 1, 3), and 2 when the reports are not the N shards of one check.");
    return Subcommand{command, [args]() { return run_merge(*args); }};
}

}  // namespace sonnx::cli
