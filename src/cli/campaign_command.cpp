// sonnx-div campaign TYPE: the core against the exact oracle, exhaustive or
// boundary tables plus seeded random pairs.
#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <thread>

#include "commands.hpp"
#include "exit_status.hpp"
#include "number_options.hpp"
#include "operator_options.hpp"
#include "output_paths.hpp"
#include "progress_bar.hpp"
#include "sonnx/check/campaign_json.hpp"
#include "sonnx/check/profile_rules.hpp"
#include "sonnx/check/provenance.hpp"
#include "sonnx/check/settings.hpp"
#include "sonnx/io/tensor_file.hpp"
#include "sonnx/oracle/campaign.hpp"
#include "sonnx/text/type_names.hpp"

namespace sonnx::cli {

namespace {

struct CampaignArguments {
    std::string type;
    bool exhaustive{false};
    std::uint64_t random{1000000U};
    std::uint64_t seed{0U};
    bool seed_given{false};
    unsigned threads{std::max(1U, std::thread::hardware_concurrency())};
    std::string json;
    std::string shard{"0/1"};  // K/N (DIV-CLI-D20)
    OperatorOptions op;
};

// [impl->req~div-cli-d8~2]
// [impl->req~div-cli-d12~3]
// [impl->req~div-cli-d20~2]
// [impl->req~div-cli-d17~1]
int run_campaign_command(const CampaignArguments& args) {
    oracle::CampaignPlan plan;
    if (!text::parse_type_name(args.type, plan.type)) {
        throw CommandFailure(exit_usage, "unknown type '" + args.type + "'");
    }
    const bool integer = (type_class(plan.type) == TypeClass::integer);
    plan.mode = args.exhaustive ? oracle::CampaignMode::exhaustive : oracle::CampaignMode::sampled;
    if (args.exhaustive && !oracle::supports_exhaustive(plan.type)) {
        throw CommandFailure(exit_usage, std::string("--exhaustive: ") + element_type_name(plan.type) +
                                             " has more than 2^32 pairs; use --random N --seed S");
    }
    if (!args.json.empty()) {
        check_output_path(args.json, "--json", {});
    }
    plan.random_pairs = args.random;
    plan.seed = args.seed_given ? args.seed : std::random_device{}();
    // A profile matters to a campaign through its rounding, which the
    // oracle's side takes from the judge's rules, not from the core's.
    const DivOptions div_options = args.op.div_options();
    plan.rounding = check::rounding_of(div_options);
    plan.threads = args.threads;
    const check::Shard shard =
        check::parse_shard(args.shard).value_or(check::Shard{});  // validated by the option's check
    plan.shard_index = shard.index;
    plan.shard_count = shard.count;
    const bool sharded = plan.shard_count > 1U;
    check::Provenance provenance = check::start_provenance("campaign");
    provenance.options = check::campaign_options_in_force(div_options, plan);
    check::print_provenance(std::cout, provenance);
    std::cout << "campaign " << element_type_name(plan.type) << ": "
              << (args.exhaustive ? "exhaustive"
                                  : "boundary table + " + std::to_string(plan.random_pairs) + " random pairs, seed " +
                                        std::to_string(plan.seed))
              << (integer ? std::string(", rounding ") + check::rounding_name(plan.rounding) : std::string())
              << (sharded ? ", shard " + std::to_string(plan.shard_index) + "/" + std::to_string(plan.shard_count)
                          : std::string())
              << ", " << oracle::planned_pairs(plan) << " pairs, " << plan.threads << " threads" << std::endl;
    oracle::CampaignResult result;
    {
        ProgressBar bar;
        result = oracle::run_campaign(plan,
                                      [&bar](std::uint64_t done, std::uint64_t total) { bar.update(done, total); });
    }
    std::cout << "pairs: " << result.pairs << ", mismatches: " << result.mismatches << ", " << result.seconds << " s\n";
    for (const std::string& example : result.examples) {
        std::cout << "  mismatch: " << example << "\n";
    }
    if (!args.json.empty()) {
        const nlohmann::json j = check::campaign_json(check::CampaignRecord{provenance, div_options, plan, result});
        const std::string text = j.dump(2) + "\n";
        io::write_file_atomically(args.json, std::vector<std::uint8_t>(text.begin(), text.end()));
    }
    std::cout << "result: " << ((result.mismatches == 0U) ? "no mismatch" : "MISMATCHES") << "\n";
    return (result.mismatches == 0U) ? exit_success : exit_nonconforming;
}

}  // namespace

Subcommand add_campaign_command(CLI::App& parent) {
    auto args = std::make_shared<CampaignArguments>();
    CLI::App* command = parent.add_subcommand(
        "campaign",
        "verify the core against the exact oracle: every pair (types up to 16 bits) or boundary tables "
        "plus seeded random pairs");
    command->add_option("TYPE", args->type, "element type")
        ->required()
        ->check(CLI::IsMember(text::type_names(), CLI::ignore_case));
    CLI::Option* exhaustive = command->add_flag("--exhaustive", args->exhaustive,
                                                "every pair: FP16, BF16, (U)INT4, (U)INT8, (U)INT16");
    CLI::Option* random = command
                              ->add_option("--random", args->random,
                                           "random pairs after the boundary table (at most 2^60)")
                              ->check(whole_number_in(0U, oracle::kMaxRandomPairs))
                              ->capture_default_str();
    CLI::Option* seed = command
                            ->add_option_function<std::uint64_t>(
                                "--seed",
                                [args](const std::uint64_t& value) {
                                    args->seed = value;
                                    args->seed_given = true;
                                },
                                "random seed (default: drawn and printed)")
                            ->check(whole_number_in(0U, UINT64_MAX));
    random->excludes(exhaustive);
    seed->excludes(exhaustive);
    command->add_option("--threads,-j", args->threads, "worker threads")
        ->check(whole_number_in(1U, 1024U))
        ->capture_default_str();
    command->add_option("--json", args->json, "also write the result as JSON to this file (atomically)")
        ->check(output_path_option());
    command
        ->add_option("--shard", args->shard,
                     "K/N: run only the K-th (from 0) of N near-equal ranges of the campaign's pairs; "
                     "`sonnx-div merge` makes the N shards' JSON reports into the campaign's")
        ->check(shard_option())
        ->capture_default_str();
    args->op.add_to(*command);
    command->footer(
        "Examples: sonnx-div campaign fp16 --exhaustive --threads 2\n"
        "          sonnx-div campaign fp64 --random 10000000 --seed 42 --json fp64.json\n"
        "A progress bar is drawn on stderr when it is a terminal. Exit status: 0 no mismatch; 1 mismatches (listed "
        "with operands); 2 usage error.");
    return Subcommand{command, [args]() { return run_campaign_command(*args); }};
}

}  // namespace sonnx::cli
