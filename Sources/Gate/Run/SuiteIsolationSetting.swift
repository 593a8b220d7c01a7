//===----------------------------------------------------------------------===//
// SuiteIsolationSetting.swift: `run --isolation`: separate where possible, always, or never.
//===----------------------------------------------------------------------===//

/// How hard `run` tries to keep the suites from the gate (`run --isolation`).
package enum SuiteIsolationSetting: String, Equatable, Sendable, CaseIterable {
    /// Separate where the machine allows it, and say why not elsewhere (the default).
    case auto
    /// Separate, or run no suite: a run that cannot is an error.
    case required
    /// Run the suites as the gate's own user, as a gate before separation did; the report says so.
    case off
}
