//===----------------------------------------------------------------------===//
// ChildEnvironment.swift: the variables every child of a run gets.
//===----------------------------------------------------------------------===//

/// The variables every child of a run starts from (the fixture, the suites, the package read
/// after a suite, the toolchain probe): the gate's own without the signing key's (and the
/// fingerprint key's) variable and without any other variable holding key material
/// (``SecretVariables``), so the code under test can never sign a forged report with it, and
/// without the CI runner's files (``CIChannels``); with ``NestedRun/variable`` set. Built once per
/// run, and only this way, so a stage handed one cannot be handed the gate's own variables.
struct ChildEnvironment {
    /// The variables.
    let variables: [String: String]

    /// What the children of a run of `plan` get when the gate's own variables are `gate`.
    init(plan: RunPlan, gate: [String: String]) {
        var variables = gate
        for name in SecretVariables.names(plan: plan, environment: gate) + CIChannels.variables { variables[name] = nil }
        // A gate a child starts knows it is nested (``NestedRun``) and refuses.
        variables[NestedRun.variable] = "1"
        self.variables = variables
    }
}
