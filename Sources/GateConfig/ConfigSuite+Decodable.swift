//===----------------------------------------------------------------------===//
// ConfigSuite+Decodable.swift: one entry of `suites` through the strict decoder.
//===----------------------------------------------------------------------===//

import GateReport

extension ConfigSuite: Decodable {
    /// A suite's keys: exactly what it accepts. A new setting is a case here and a line in
    /// ``init(from:)``; the unknown-key check, ``GateConfiguration/acceptedKeys`` and the schema
    /// test follow from the case.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, kind, command, decoder, limit, expectTests, results, flaky, unrunTests, quarantine, retry, timeoutSeconds
        case workingDirectory, env, network
    }

    /// `results`' keys.
    enum ResultsKeys: String, CodingKey, CaseIterable {
        case xcresult
    }

    /// `retry`'s keys.
    enum RetryKeys: String, CodingKey, CaseIterable {
        case failedTests
    }

    /// The settings only one kind takes.
    private static let onlyFor: [(kind: ReportSuiteKind, named: String, keys: [CodingKeys])] = [
        (.frames, "a frames suite", [.decoder, .limit]),
        (.xctest, "an xctest suite", [.expectTests, .results, .flaky, .unrunTests, .quarantine, .retry]),
    ]

    /// Reads one suite; what it leaves out keeps ``init(name:kind:command:decoder:limit:expectTests:xcresult:flaky:unrunTests:quarantine:retryFailedTests:timeout:workingDirectory:environment:)``'s default.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.configSection(keyedBy: CodingKeys.self)
        let name = try container.required(String.self, .name, expecting: "a non-empty string", missing: "missing 'name'") { !$0.isEmpty }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789._-")
        guard name.allSatisfy({ allowed.contains($0) }), name.count <= 100, name != ".", name != ".." else {
            throw ConfigProblem(
                at: container.codingPath + [CodingKeys.name], .expected("a name of lowercase letters, digits, '.', '_' and '-'"))
        }
        // logs/fixture.log is the fixture's own log.
        guard name != "fixture" else {
            throw ConfigProblem(
                at: container.codingPath + [CodingKeys.name],
                .problem("'fixture' is reserved for the fixture's own log (logs/fixture.log); choose another suite name"))
        }
        let kind = try container.required(
            ReportSuiteKind.self, .kind, expecting: #""xctest", "frames" or "command""#,
            missing: "missing 'kind' (xctest, frames or command)")
        self.init(name: name, kind: kind)
        command = try container.argv(.command)
        guard command != nil || kind == .frames else {
            throw ConfigProblem(at: container.codingPath, .problem("missing 'command' for a \(kind.rawValue) suite"))
        }
        for (only, named, keys) in Self.onlyFor where only != kind {
            for key in keys where container.contains(key) {
                throw ConfigProblem(at: container.codingPath + [key], .problem("only \(named) takes '\(key.stringValue)'"))
            }
        }
        self.decoder = try container.field(FrameDecoder.self, .decoder, expecting: #""builtin" or a command array"#) ?? self.decoder
        limit = try container.field(Int.self, .limit, expecting: "an integer from 0 to 1048576") { (0...1_048_576).contains($0) } ?? limit
        expectTests = try container.field([String].self, .expectTests, expecting: "an array of strings") ?? expectTests
        xcresult = try container.section(.results, keyedBy: ResultsKeys.self)?.text(.xcresult) ?? xcresult
        flaky = try container.field(FlakyPolicy.self, .flaky, expecting: #""warn" or "reject""#) ?? flaky
        unrunTests = try container.field(UnrunTestsPolicy.self, .unrunTests, expecting: #""reject" or "warn""#) ?? unrunTests
        quarantine = try container.field([QuarantineEntry].self, .quarantine, expecting: "an array") ?? quarantine
        if let retry = try container.section(.retry, keyedBy: RetryKeys.self) {
            retryFailedTests = try retry.required(
                Int.self, .failedTests, expecting: "an integer from 0 to 5", missing: "missing 'failedTests' (how many attempts, 0 to 5)"
            ) { (0...5).contains($0) }
        }
        timeout = try container.seconds(.timeoutSeconds, maximum: 86_400) ?? timeout
        workingDirectory = try container.text(.workingDirectory) ?? workingDirectory
        environment = try container.environment(.env) ?? environment
        let network = try container.field(String.self, .network, expecting: #""loopback" or "host""#) { ["loopback", "host"].contains($0) }
        hostNetwork = network.map { $0 == "host" } ?? hostNetwork
    }
}

extension ConfigSuite.FrameDecoder: Decodable {
    /// `"builtin"` or a command array.
    package init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self), text == "builtin" {
            self = .builtin
        } else if (try? decoder.unkeyedContainer()) != nil {
            self = .command(try decoder.argv())
        } else {
            throw ConfigProblem(at: decoder.codingPath, .expected(#""builtin" or a command array"#))
        }
    }
}
