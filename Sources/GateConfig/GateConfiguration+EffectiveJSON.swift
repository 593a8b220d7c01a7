//===----------------------------------------------------------------------===//
// GateConfiguration+EffectiveJSON.swift: the configuration, every default applied, as JSON.
//===----------------------------------------------------------------------===//

import GateCore
import GateProcess

extension GateConfiguration {
    /// The configuration as the JSON a file would need to say the same thing with nothing left to
    /// a default, in the key order of ``acceptedKeys``. An optional setting that is unset (no
    /// `ready`, no `templates`) is left out, since no value would mean the same.
    var effectiveJSON: JSONValue {
        effectiveJSONValue
    }

    /// ``effectiveJSON`` as the text of a file: what parses back to this configuration.
    package var effectiveText: String { effectiveJSON.text() }

    private var effectiveJSONValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        members.append(("fixture", fixture.map(Self.json(fixture:)) ?? .null))
        members.append(("suites", .array(suites.map(Self.json(suite:)))))
        members.append(("scan", .members([("allow", Self.strings(scan.allow)), ("paths", Self.strings(scan.paths))])))
        var reportMembers: [(key: String, value: JSONValue)] = [
            ("dir", .string(report.dir)), ("formats", .array(report.formats.map { .string($0.rawValue) })),
        ]
        if let templates = report.templates { reportMembers.append(("templates", .string(templates))) }
        members.append(("report", .members(reportMembers)))
        members.append(
            ("signing", .members([("keyFile", signing.keyFile.map(JSONValue.string) ?? .null), ("require", .bool(signing.require))])))
        members.append(("git", .members([("requireClean", .bool(git.requireClean))])))
        return .members(members)
    }

    private static func json(fixture: ConfigFixture) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        switch fixture.launch {
        case .builtinRedirect: members.append(("builtin", .string("redirect")))
        case .command(let arguments): members.append(("command", strings(arguments)))
        }
        switch fixture.ports {
        case .automatic: members.append(("ports", .string("auto")))
        case .fixed(let origin, let foreign): members.append(("ports", .array([integer(origin), integer(foreign)])))
        }
        if let ready = fixture.ready {
            var readiness: [(key: String, value: JSONValue)] = []
            if !ready.tcp.isEmpty { readiness.append(("tcp", strings(ready.tcp.map(\.description)))) }
            if let line = ready.line { readiness.append(("line", .string(line))) }
            readiness.append(("timeoutSeconds", number(fixture.readyTimeout.inSeconds)))
            members.append(("ready", .members(readiness)))
        }
        members.append(("stopGraceSeconds", number(fixture.teardown.grace.inSeconds)))
        var expect: [(key: String, value: JSONValue)] = []
        if let foreign = fixture.expectForeignRequests { expect.append(("foreignRequests", integer(foreign))) }
        if let paths = fixture.expectOriginPaths { expect.append(("originPaths", strings(paths))) }
        members.append(("expect", .members(expect)))
        members.append(("env", environment(fixture.environment)))
        return .members(members)
    }

    private static func json(suite: ConfigSuite) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("name", .string(suite.name)), ("kind", .string(suite.kind.rawValue))]
        if let command = suite.command { members.append(("command", strings(command))) }
        if suite.kind == .frames {
            switch suite.decoder {
            case .builtin: members.append(("decoder", .string("builtin")))
            case .command(let arguments): members.append(("decoder", strings(arguments)))
            }
            if let limit = suite.limit { members.append(("limit", integer(limit))) }
        }
        if suite.kind == .xctest {
            members.append(("expectTests", strings(suite.expectTests)))
            if let xcresult = suite.xcresult { members.append(("results", .members([("xcresult", .string(xcresult))]))) }
            members.append(("flaky", .string(suite.flaky.rawValue)))
            members.append(("unrunTests", .string(suite.unrunTests.rawValue)))
            let entries: [JSONValue] = suite.quarantine.map { entry in
                .members([
                    ("test", .string(entry.test)), ("owner", .string(entry.owner)), ("reason", .string(entry.reason)),
                    ("expires", .string(entry.expires)),
                ])
            }
            members.append(("quarantine", .array(entries)))
            // Only when set: an effective configuration without it reads as before retries existed.
            if suite.retryFailedTests > 0 {
                members.append(("retry", .members([("failedTests", integer(suite.retryFailedTests))])))
            }
        }
        members.append(("timeoutSeconds", number(suite.timeout.inSeconds)))
        if let directory = suite.workingDirectory { members.append(("workingDirectory", .string(directory))) }
        members.append(("env", environment(suite.environment)))
        // Only when set: an effective configuration without it reads as before the key existed.
        if suite.hostNetwork { members.append(("network", .string("host"))) }
        return .members(members)
    }

    private static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }

    private static func integer(_ value: Int) -> JSONValue { .number(Double(value), integer: value) }

    /// Whole seconds print as integers (`900`, not `900.0`), as a person writes them.
    private static func number(_ value: Double) -> JSONValue {
        let whole = value.rounded()
        if whole == value, abs(whole) < 1e15 { return .number(value, integer: Int(whole)) }
        return .number(value, integer: nil)
    }

    /// Sorted by name, so the output does not depend on a dictionary's order.
    private static func environment(_ variables: [String: String]) -> JSONValue {
        .members(variables.sorted { $0.key < $1.key }.map { (key: $0.key, value: JSONValue.string($0.value)) })
    }
}
