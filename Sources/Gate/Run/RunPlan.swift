//===----------------------------------------------------------------------===//
// RunPlan.swift: the configuration a run follows, and what only the command line can add.
//===----------------------------------------------------------------------===//

import GateConfig
import GatePublishing
import TokenScan

/// What one run does: the loaded configuration is the plan (its paths absolute, the command
/// line's `--out`, `--key`, `--templates` and `--require-*` written into it); besides it, only
/// what a configuration file cannot say.
package struct RunPlan: Equatable, Sendable {
    /// The configuration, its source, bytes and repository root.
    package var loaded: LoadedConfiguration
    /// The CI matrix shard this run is (`--shard`), recorded in the report and the signed
    /// statement; `nil` for a run that is not one shard of several.
    package var shard: String?
    /// `run --base REF`: the revision the change is compared with, and whether the configuration
    /// the run uses differs from its copy there (``ConfigBaseComparison``); `nil` without `--base`.
    package var configBase: ConfigBaseComparison?
    /// `run --isolation`: how hard the run tries to keep the suites from the gate.
    package var isolation: SuiteIsolationSetting = .auto
    /// `run --shard K --plan plan.json`: the tests the plan gives this shard, which every suite's
    /// runner is told to run (``RunnerTestSelection``) and which the run checks it ran
    /// (``ShardPlanCheck``); `nil` without `--plan`.
    package var shardAssignment: ShardAssignment?

    /// The variables that hold the gate's secrets (the signing key, the fingerprint key): no child
    /// gets them, and the gate scrubs them from its own environment once read.
    package static let secretVariables = [ConfigSigning.keyVariable, ScanConfiguration.fingerprintKeyVariable]

    /// A plan that follows `loaded`.
    package init(_ loaded: LoadedConfiguration, shard: String? = nil, configBase: ConfigBaseComparison? = nil) {
        self.loaded = loaded
        self.shard = shard
        self.configBase = configBase
    }

    /// The configuration the run follows.
    package var configuration: GateConfiguration {
        get { loaded.configuration }
        set { loaded.configuration = newValue }
    }
}
