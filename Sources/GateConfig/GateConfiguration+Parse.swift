//===----------------------------------------------------------------------===//
// GateConfiguration+Parse.swift: strict reading of the JSON text, section by section.
//===----------------------------------------------------------------------===//

import GateCore
import GateReport
import RedirectFixture
import TokenScan

extension GateConfiguration {
    /// The keys an object at `pattern` accepts (see ``acceptedKeys``).
    private static func keys(_ pattern: String) -> [String] {
        acceptedKeys[pattern] ?? []
    }

    /// Parses configuration text.
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes (UTF-8 JSON).
    ///   - file: how messages name the file, e.g. `acceptance-gate.json`.
    /// - Throws: ``ConfigurationError`` naming the line and column of malformed JSON, the key
    ///   path of a token-like string (``ConfigSecrets``), or of an unknown key or a bad value.
    package static func parse(_ bytes: [UInt8], file: String) throws(ConfigurationError) -> GateConfiguration {
        let parsed: (value: JSONValue, positions: JSONPositions)
        do {
            parsed = try ConfigJSONParser.parse(bytes)
        } catch {
            throw .malformedJSON(file: file, line: error.line, column: error.column, problem: error.problem)
        }
        do {
            // First: every later rule may quote a value in its message.
            try ConfigSecrets.refuse(in: parsed.value, text: bytes, positions: parsed.positions, file: file)
            return try parse(parsed.value, file: file)
        } catch {
            throw error.located(in: parsed.positions)
        }
    }

    /// The configuration in `json`, checked rule by rule.
    private static func parse(_ json: JSONValue, file: String) throws(ConfigurationError) -> GateConfiguration {
        let root = ConfigNode(value: json, path: "", file: file)
        guard case .object = json else {
            throw .invalidValue(file: file, keyPath: "", problem: "expected an object at the top level, found \(json.shortDescription)")
        }
        let members = try root.members(allowed: keys(""))
        var fixture: ConfigFixture?
        if let node = members["fixture"], !node.isNull {
            fixture = try parseFixture(node)
        }
        guard let suitesNode = members["suites"] else {
            throw root.problem("missing 'suites'; list at least one suite")
        }
        let suites = try parseSuites(suitesNode)
        return GateConfiguration(
            fixture: fixture, suites: suites,
            scan: try members["scan"].map(parseScan) ?? ConfigScan(),
            report: try members["report"].map(parseReport) ?? ConfigReport(),
            signing: try members["signing"].map(parseSigning) ?? ConfigSigning(),
            git: try members["git"].map(parseGit) ?? ConfigGit())
    }

    /// Seconds as the run's `Duration` (the value was range-checked where it was read).
    private static func duration(_ seconds: Double) -> Duration {
        .nanoseconds(Int64((seconds * 1e9).rounded()))
    }

    // MARK: - fixture

    /// `fixture`.
    private static func parseFixture(_ node: ConfigNode) throws(ConfigurationError) -> ConfigFixture {
        let members = try node.members(allowed: keys("fixture"))
        var fixture = ConfigFixture()
        switch (members["builtin"], members["command"]) {
        case let (builtin?, nil):
            guard try builtin.string("\"redirect\"") == "redirect" else { throw builtin.invalid("\"redirect\"") }
            fixture.launch = .builtinRedirect
        case let (nil, command?):
            fixture.launch = .command(try command.argv())
        case (.some, .some):
            throw node.problem("give either 'builtin' or 'command', not both")
        case (nil, nil):
            throw node.problem("missing 'builtin' or 'command'; use \"builtin\": \"redirect\" or a command array")
        }
        if let ports = members["ports"] {
            fixture.ports = try parsePorts(ports)
        }
        if let ready = members["ready"] {
            guard case .command = fixture.launch else {
                throw ready.problem("only a command fixture takes 'ready'; the built-in fixture's readiness is automatic")
            }
            try parseReadiness(ready, into: &fixture)
        } else if case .command = fixture.launch {
            throw node.problem("a command fixture needs 'ready' with 'tcp' addresses and/or a 'line' to wait for")
        }
        if let grace = members["stopGraceSeconds"] {
            fixture.teardown = .service(stopGrace: duration(try grace.number(in: 0.1...60, "a number of seconds from 0.1 to 60")))
        }
        if let expect = members["expect"] {
            let expectations = try expect.members(allowed: keys("fixture.expect"))
            if let foreign = expectations["foreignRequests"] {
                fixture.expectForeignRequests = try foreign.integer(in: 0...Int.max, "an integer of at least 0")
            }
            if let paths = expectations["originPaths"] {
                fixture.expectOriginPaths = try originPaths(paths)
            }
        }
        if let environment = members["env"] {
            fixture.environment = try environment.environment()
        }
        return fixture
    }

    /// `fixture.expect.originPaths`: a non-empty array of distinct request paths, each starting
    /// with `/` and free of spaces and control characters (the ledger records the request target).
    private static func originPaths(_ node: ConfigNode) throws(ConfigurationError) -> [String] {
        let expectation = "an array of paths such as [\"/same\", \"/start\", \"/target\"]"
        guard case let .array(items) = node.value, !items.isEmpty else { throw node.invalid(expectation) }
        var paths: [String] = []
        for element in try node.elements() {
            let path = try element.string("a path starting with '/'")
            guard path.hasPrefix("/"), path.count <= 2048,
                !path.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F })
            else {
                throw element.invalid("a path starting with '/', without spaces or control characters")
            }
            guard !paths.contains(path) else { throw element.problem("'\(path)' is listed twice") }
            paths.append(path)
        }
        return paths
    }

    /// `fixture.ports`: `[A, B]` or `"auto"`.
    private static func parsePorts(_ node: ConfigNode) throws(ConfigurationError) -> FixturePorts {
        let expectation = "\"auto\" or two distinct ports from 1 to 65535, such as [8765, 8766]"
        if case .string("auto") = node.value { return .automatic }
        guard case let .array(items) = node.value, items.count == 2 else { throw node.invalid(expectation) }
        let elements = try node.elements()
        var ports: [Int] = []
        for element in elements {
            ports.append(try element.integer(in: 1...65535, "a port from 1 to 65535"))
        }
        guard let origin = ports.first, let foreign = ports.last, origin != foreign else {
            throw node.problem("the two ports must differ")
        }
        return .fixed(origin: origin, foreign: foreign)
    }

    /// `fixture.ready`: the probes and how long they may take.
    private static func parseReadiness(_ node: ConfigNode, into fixture: inout ConfigFixture) throws(ConfigurationError) {
        let members = try node.members(allowed: keys("fixture.ready"))
        var readiness = ConfigFixture.Readiness()
        if let tcp = members["tcp"] {
            for element in try tcp.elements() {
                readiness.tcp.append(try loopbackAddress(element))
            }
        }
        if let line = members["line"] {
            readiness.line = try line.nonEmptyString()
        }
        guard !readiness.tcp.isEmpty || readiness.line != nil else {
            throw node.problem("give 'tcp' addresses and/or a 'line' to wait for")
        }
        fixture.ready = readiness
        if let timeout = members["timeoutSeconds"] {
            fixture.readyTimeout = duration(try timeout.seconds(maximum: 600))
        }
    }

    /// `127.0.0.1:PORT`: the gate probes IPv4 loopback only, as the built-in fixture binds it.
    private static func loopbackAddress(_ node: ConfigNode) throws(ConfigurationError) -> TCPAddress {
        let text = try node.string("an address such as \"127.0.0.1:8765\"")
        guard let colon = text.lastIndex(of: ":") else {
            throw node.invalid("an address such as \"127.0.0.1:8765\"")
        }
        let host = text[..<colon]
        let port = text[text.index(after: colon)...]
        if host.lowercased() == "localhost" {
            throw node.problem("use 127.0.0.1 rather than localhost, which may resolve to another address")
        }
        guard host == "127.0.0.1" else {
            throw node.problem("readiness probes reach IPv4 loopback only; use 127.0.0.1:<port> and listen there")
        }
        guard port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port), (1...65535).contains(number) else {
            throw node.invalid("a port from 1 to 65535 after the host")
        }
        return TCPAddress(host: String(host), port: number)
    }

    // MARK: - suites

    /// `suites`.
    private static func parseSuites(_ node: ConfigNode) throws(ConfigurationError) -> [ConfigSuite] {
        let elements = try node.elements()
        guard !elements.isEmpty else { throw node.problem("list at least one suite") }
        var suites: [ConfigSuite] = []
        var names: Set<String> = []
        for element in elements {
            let suite = try parseSuite(element)
            guard names.insert(suite.name).inserted else {
                throw element.child("name", .string(suite.name)).problem("the name '\(suite.name)' is used by another suite")
            }
            suites.append(suite)
        }
        // A retry's log is `<name>.retry-<n>.log`: no suite may be named so.
        for (element, suite) in zip(elements, suites) {
            for attempt in 0..<suite.retryFailedTests where names.contains("\(suite.name).retry-\(attempt + 1)") {
                throw element.child("name", .string(suite.name)).problem(
                    "suite '\(suite.name).retry-\(attempt + 1)' would share the log of this suite's retry \(attempt + 1): rename it")
            }
        }
        return suites
    }

    /// One suite.
    private static func parseSuite(_ node: ConfigNode) throws(ConfigurationError) -> ConfigSuite {
        let members = try node.members(allowed: keys("suites[]"))
        guard let nameNode = members["name"] else { throw node.problem("missing 'name'") }
        let name = try nameNode.nonEmptyString()
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789._-")
        guard name.allSatisfy({ allowed.contains($0) }), name.count <= 100, name != ".", name != ".." else {
            throw nameNode.invalid("a name of lowercase letters, digits, '.', '_' and '-'")
        }
        // logs/fixture.log is the fixture's own log.
        guard name != "fixture" else {
            throw nameNode.problem("'fixture' is reserved for the fixture's own log (logs/fixture.log); choose another suite name")
        }
        guard let kindNode = members["kind"] else { throw node.problem("missing 'kind' (xctest, frames or command)") }
        guard let kind = ReportSuiteKind(rawValue: try kindNode.string("\"xctest\", \"frames\" or \"command\"")) else {
            throw kindNode.invalid("\"xctest\", \"frames\" or \"command\"")
        }
        var suite = ConfigSuite(name: name, kind: kind)
        if let command = members["command"] {
            suite.command = try command.argv()
        } else if kind != .frames {
            throw node.problem("missing 'command' for a \(kind.rawValue) suite")
        }
        for key in ["decoder", "limit"] where kind != .frames && members[key] != nil {
            throw (members[key] ?? node).problem("only a frames suite takes '\(key)'")
        }
        for key in ["expectTests", "results", "flaky", "unrunTests", "quarantine", "retry"] where kind != .xctest && members[key] != nil {
            throw (members[key] ?? node).problem("only an xctest suite takes '\(key)'")
        }
        if let decoder = members["decoder"] {
            if case .string("builtin") = decoder.value {
                suite.decoder = .builtin
            } else if case .array = decoder.value {
                suite.decoder = .command(try decoder.argv())
            } else {
                throw decoder.invalid("\"builtin\" or a command array")
            }
        }
        if let limit = members["limit"] {
            suite.limit = try limit.integer(in: 0...1_048_576, "an integer from 0 to 1048576")
        }
        if let expect = members["expectTests"] {
            suite.expectTests = try expect.strings()
        }
        if let results = members["results"] {
            let fields = try results.members(allowed: keys("suites[].results"))
            suite.xcresult = try fields["xcresult"]?.nonEmptyString()
        }
        if let flaky = members["flaky"] {
            guard let policy = FlakyPolicy(rawValue: try flaky.string("\"warn\" or \"reject\"")) else {
                throw flaky.invalid("\"warn\" or \"reject\"")
            }
            suite.flaky = policy
        }
        if let unrun = members["unrunTests"] {
            guard let policy = UnrunTestsPolicy(rawValue: try unrun.string("\"reject\" or \"warn\"")) else {
                throw unrun.invalid("\"reject\" or \"warn\"")
            }
            suite.unrunTests = policy
        }
        if let quarantine = members["quarantine"] {
            suite.quarantine = try parseQuarantine(quarantine)
        }
        if let retry = members["retry"] {
            let fields = try retry.members(allowed: keys("suites[].retry"))
            guard let failed = fields["failedTests"] else { throw retry.problem("missing 'failedTests' (how many attempts, 0 to 5)") }
            suite.retryFailedTests = try failed.integer(in: 0...5, "an integer from 0 to 5")
        }
        if let timeout = members["timeoutSeconds"] {
            suite.timeout = duration(try timeout.seconds(maximum: 86_400))
        }
        if let directory = members["workingDirectory"] {
            suite.workingDirectory = try directory.nonEmptyString()
        }
        if let environment = members["env"] {
            suite.environment = try environment.environment()
        }
        if let network = members["network"] {
            let value = try network.string("\"loopback\" or \"host\"")
            guard value == "loopback" || value == "host" else { throw network.invalid("\"loopback\" or \"host\"") }
            suite.hostNetwork = value == "host"
        }
        return suite
    }

    /// `suites[].quarantine`: entries with a test, an owner, a reason and a `YYYY-MM-DD` expiry.
    private static func parseQuarantine(_ node: ConfigNode) throws(ConfigurationError) -> [QuarantineEntry] {
        var entries: [QuarantineEntry] = []
        for item in try node.elements() {
            let fields = try item.members(allowed: keys("suites[].quarantine[]"))
            var values: [String: String] = [:]
            for key in ["test", "owner", "reason", "expires"] {
                guard let field = fields[key] else {
                    throw item.problem("missing '\(key)'; an entry needs test, owner, reason and expires")
                }
                values[key] = try field.nonEmptyString()
            }
            let expires = values["expires"] ?? ""
            guard isCalendarDate(expires) else {
                throw (fields["expires"] ?? item).invalid("a date as YYYY-MM-DD")
            }
            entries.append(
                QuarantineEntry(test: values["test"] ?? "", owner: values["owner"] ?? "", reason: values["reason"] ?? "", expires: expires))
        }
        return entries
    }

    /// Whether `text` is `YYYY-MM-DD` with a month 01–12 and a day that month has.
    static func isCalendarDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...days[month - 1]).contains(day)
    }

    // MARK: - scan, report, signing, git

    /// `scan`.
    private static func parseScan(_ node: ConfigNode) throws(ConfigurationError) -> ConfigScan {
        // The repository is part of the change: naming a variable here would let the change
        // choose which variable the gate keeps from the code under test.
        try refuse(
            "fingerprintKeyEnv", in: node,
            "no longer configurable: the fingerprint key comes only from $\(ScanConfiguration.fingerprintKeyVariable), "
                + "set by the CI, never named by the repository; remove this key")
        let members = try node.members(allowed: keys("scan"))
        var scan = ConfigScan()
        if let allow = members["allow"] { scan.allow = try allow.strings() }
        if let paths = members["paths"] { scan.paths = try paths.strings() }
        return scan
    }

    /// `report`.
    private static func parseReport(_ node: ConfigNode) throws(ConfigurationError) -> ConfigReport {
        let members = try node.members(allowed: keys("report"))
        // The defaults are the type's own, never spelt twice.
        let defaults = ConfigReport()
        var dir = defaults.dir
        var formats = defaults.formats
        var templates = defaults.templates
        if let node = members["dir"] { dir = try node.nonEmptyString() }
        if let node = members["formats"] {
            formats = []
            for element in try node.elements() {
                guard let format = ReportFormat(rawValue: try element.string("\"json\", \"junit\", \"markdown\" or \"html\"")) else {
                    throw element.invalid("\"json\", \"junit\", \"markdown\" or \"html\"")
                }
                formats.append(format)
            }
        }
        if let node = members["templates"], !node.isNull { templates = try node.nonEmptyString() }
        return ConfigReport(dir: dir, formats: formats, templates: templates)
    }

    /// `signing`.
    private static func parseSigning(_ node: ConfigNode) throws(ConfigurationError) -> ConfigSigning {
        // As for scan.fingerprintKeyEnv: the change must not choose which variable is the secret.
        try refuse(
            "keyEnv", in: node,
            "no longer configurable: the signing key comes only from --key FILE or $\(ConfigSigning.keyVariable), "
                + "never from a variable the repository names; remove this key (and sign in a separate job: "
                + "'acceptance-gate sign')")
        let members = try node.members(allowed: keys("signing"))
        var signing = ConfigSigning()
        if let keyFile = members["keyFile"] {
            signing.keyFile = keyFile.isNull ? nil : try keyFile.nonEmptyString()
            signing.keyFileIsExplicit = !keyFile.isNull
        }
        if let require = members["require"] { signing.require = try require.bool() }
        return signing
    }

    /// Throws `problem` at `key` when the object `node` has that key: a key that once was accepted
    /// and must now be refused with its own reason, not as an unknown one.
    private static func refuse(_ key: String, in node: ConfigNode, _ problem: String) throws(ConfigurationError) {
        guard case let .object(pairs) = node.value else { return }
        for member in pairs where member.key == key {
            throw node.child(key, member.value).problem(problem)
        }
    }

    /// `git`.
    private static func parseGit(_ node: ConfigNode) throws(ConfigurationError) -> ConfigGit {
        let members = try node.members(allowed: keys("git"))
        var git = ConfigGit()
        if let clean = members["requireClean"] { git.requireClean = try clean.bool() }
        return git
    }
}
