//===----------------------------------------------------------------------===//
// SuiteInput.swift: what one suite stage runs.
//===----------------------------------------------------------------------===//

import GateConfig
import GatePublishing
import SuiteDomain

/// What one suite stage runs: the suite as this run plans it (a shard's tests applied to its
/// command), where its evidence goes, the environment its child gets, and where it runs.
struct SuiteInput {
    /// The suite.
    var plan: ConfigSuite
    /// Its log (and result bundle JSON, and retry logs), made by the gate before the suite.
    var captures: SuiteCaptures
    /// The environment its child gets: the children's (``RunContext/children``), the fixture's
    /// URLs, the suite's own `env`, and ``NestedRun/variable``, which the configuration cannot take away.
    var variables: [String: String]
    /// Where the change's code runs apart from the gate; `nil` to run it as the gate's user.
    var domain: SuiteDomain?

    /// The input of `suite` in `context`, with the running `fixture`'s URLs; `testsFile` is the
    /// shard's file of test names, for a runner the gate cannot filter by its arguments.
    init(
        _ suite: ConfigSuite, captures: SuiteCaptures, fixture: RunningFixture?, testsFile: String?, domain: SuiteDomain?,
        context: RunContext
    ) {
        var suite = suite
        // A shard of a plan: the suite's runner runs the shard's tests only (its command as the report records it).
        if suite.kind != .frames, let selection = context.plan.shardAssignment?.selection {
            // The capture folder is hidden from a separated suite: it reads a copy the domain shares.
            var testsFile = testsFile
            if let domain, testsFile != nil { testsFile = domain.share(selection.testsFileBytes, name: "shard-tests") }
            let applied = selection.applied(to: suite.arguments, testsFile: testsFile)
            suite.command = applied.arguments
            suite.environment.merge(applied.environment) { _, new in new }
        }
        var variables = context.children.variables
        variables.merge(context.configuration.fixture?.environment ?? [:]) { _, new in new }
        variables.merge(fixture?.suiteEnvironment ?? [:]) { _, new in new }
        variables.merge(suite.environment) { _, new in new }
        variables[NestedRun.variable] = "1"
        self.plan = suite
        self.captures = captures
        self.variables = variables
        self.domain = domain
    }

    /// The suite's log as the report names it.
    var relativeLog: String { RunContext.logName(plan.name) }
}
