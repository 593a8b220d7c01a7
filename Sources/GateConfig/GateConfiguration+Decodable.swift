//===----------------------------------------------------------------------===//
// GateConfiguration+Decodable.swift: the top level of `acceptance-gate.json` through the strict decoder.
//===----------------------------------------------------------------------===//

extension GateConfiguration: Decodable {
    /// The top level's keys: exactly what it accepts.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case fixture, suites, scan, report, signing, git
    }

    /// Reads the top level; every section left out keeps its type's own default.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.configSection(keyedBy: CodingKeys.self)
        self.init(fixture: nil, suites: [])
        // `"fixture": null` says "no fixture" as plainly as leaving it out.
        if container.contains(.fixture), try !container.decodeNil(forKey: .fixture) {
            fixture = try container.field(ConfigFixture.self, .fixture, expecting: "an object")
        }
        suites = try container.required(
            [ConfigSuite].self, .suites, expecting: "an array", missing: "missing 'suites'; list at least one suite")
        try Self.checkNames(of: suites, at: container.codingPath + [CodingKeys.suites])
        scan = try container.field(ConfigScan.self, .scan, expecting: "an object") ?? scan
        report = try container.field(ConfigReport.self, .report, expecting: "an object") ?? report
        signing = try container.field(ConfigSigning.self, .signing, expecting: "an object") ?? signing
        git = try container.field(ConfigGit.self, .git, expecting: "an object") ?? git
    }

    /// At least one suite; no two with one name; none named as another's retry log (`<name>.retry-<n>`).
    private static func checkNames(of suites: [ConfigSuite], at path: [any CodingKey]) throws {
        guard !suites.isEmpty else { throw ConfigProblem(at: path, .problem("list at least one suite")) }
        func name(_ index: Int) -> [any CodingKey] { path + [ConfigKey(intValue: index), ConfigSuite.CodingKeys.name] }
        var names: Set<String> = []
        for (index, suite) in suites.enumerated() where !names.insert(suite.name).inserted {
            throw ConfigProblem(at: name(index), .problem("the name '\(suite.name)' is used by another suite"))
        }
        for (index, suite) in suites.enumerated() {
            for attempt in 0..<suite.retryFailedTests where names.contains("\(suite.name).retry-\(attempt + 1)") {
                throw ConfigProblem(
                    at: name(index),
                    .problem(
                        "suite '\(suite.name).retry-\(attempt + 1)' would share the log of this suite's retry \(attempt + 1): rename it"))
            }
        }
    }
}
