//===----------------------------------------------------------------------===//
// ConfigFixture+Decodable.swift: the `fixture` section through the strict decoder.
//===----------------------------------------------------------------------===//

import RedirectFixture

extension ConfigFixture: Decodable {
    /// The section's keys: exactly what it accepts.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case builtin, command, ports, ready, stopGraceSeconds, expect, env
    }

    /// `fixture.ready`'s keys.
    enum ReadyKeys: String, CodingKey, CaseIterable {
        case tcp, line, timeoutSeconds
    }

    /// `fixture.expect`'s keys.
    enum ExpectKeys: String, CodingKey, CaseIterable {
        case foreignRequests, originPaths
    }

    /// Reads the section; what it leaves out keeps ``init(launch:ports:ready:readyTimeout:teardown:expectForeignRequests:expectOriginPaths:environment:)``'s default.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.configSection(keyedBy: CodingKeys.self)
        self.init()
        switch (container.contains(.builtin), container.contains(.command)) {
        case (true, false):
            _ = try container.field(String.self, .builtin, expecting: #""redirect""#) { $0 == "redirect" }
            launch = .builtinRedirect
        case (false, true):
            launch = .command(try container.argv(.command) ?? [])
        case (true, true):
            throw ConfigProblem(at: decoder.codingPath, .problem("give either 'builtin' or 'command', not both"))
        case (false, false):
            throw ConfigProblem(
                at: decoder.codingPath, .problem(#"missing 'builtin' or 'command'; use "builtin": "redirect" or a command array"#))
        }
        if container.contains(.ports) {
            ports = try Self.ports(try container.superDecoder(forKey: .ports))
        }
        if let ready = try container.section(.ready, keyedBy: ReadyKeys.self) {
            guard case .command = launch else {
                throw ConfigProblem(
                    at: ready.codingPath,
                    .problem("only a command fixture takes 'ready'; the built-in fixture's readiness is automatic"))
            }
            try read(ready)
        } else if case .command = launch {
            throw ConfigProblem(
                at: decoder.codingPath, .problem("a command fixture needs 'ready' with 'tcp' addresses and/or a 'line' to wait for"))
        }
        if let grace = try container.seconds(.stopGraceSeconds, in: 0.1...60, expecting: "a number of seconds from 0.1 to 60") {
            teardown = .service(stopGrace: grace)
        }
        if let expect = try container.section(.expect, keyedBy: ExpectKeys.self) {
            expectForeignRequests =
                try expect.field(Int.self, .foreignRequests, expecting: "an integer of at least 0") { $0 >= 0 } ?? expectForeignRequests
            if expect.contains(.originPaths) {
                expectOriginPaths = try Self.originPaths(try expect.superDecoder(forKey: .originPaths))
            }
        }
        environment = try container.environment(.env) ?? environment
    }

    /// `fixture.ready`: the probes and how long they may take.
    private mutating func read(_ ready: KeyedDecodingContainer<ReadyKeys>) throws {
        var readiness = Readiness()
        if ready.contains(.tcp) {
            readiness.tcp = try ready.superDecoder(forKey: .tcp).configElements(expecting: "an array", Self.loopbackAddress)
        }
        readiness.line = try ready.text(.line)
        guard !readiness.tcp.isEmpty || readiness.line != nil else {
            throw ConfigProblem(at: ready.codingPath, .problem("give 'tcp' addresses and/or a 'line' to wait for"))
        }
        self.ready = readiness
        readyTimeout = try ready.seconds(.timeoutSeconds, maximum: 600) ?? readyTimeout
    }

    /// `fixture.ports`: `[A, B]` or `"auto"`.
    private static func ports(_ decoder: any Decoder) throws -> FixturePorts {
        if let text = try? decoder.singleValueContainer().decode(String.self), text == "auto" { return .automatic }
        let ports = try decoder.configElements(
            expecting: #""auto" or two distinct ports from 1 to 65535, such as [8765, 8766]"#, count: { $0 == 2 }
        ) { try $0.configValue(Int.self, expecting: "a port from 1 to 65535") { (1...65535).contains($0) } }
        guard let origin = ports.first, let foreign = ports.last, origin != foreign else {
            throw ConfigProblem(at: decoder.codingPath, .problem("the two ports must differ"))
        }
        return .fixed(origin: origin, foreign: foreign)
    }

    /// `fixture.expect.originPaths`: a non-empty array of distinct request paths, each starting
    /// with `/` and free of spaces and control characters (the ledger records the request target).
    private static func originPaths(_ decoder: any Decoder) throws -> [String] {
        var seen: Set<String> = []
        return try decoder.configElements(expecting: #"an array of paths such as ["/same", "/start", "/target"]"#, count: { $0 > 0 }) {
            element in
            let path = try element.configValue(String.self, expecting: "a path starting with '/', without spaces or control characters") {
                $0.hasPrefix("/") && $0.count <= 2048 && !$0.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F }
            }
            guard seen.insert(path).inserted else { throw ConfigProblem(at: element.codingPath, .problem("'\(path)' is listed twice")) }
            return path
        }
    }

    /// `127.0.0.1:PORT`: the gate probes IPv4 loopback only, as the built-in fixture binds it.
    private static func loopbackAddress(_ decoder: any Decoder) throws -> TCPAddress {
        let path = decoder.codingPath
        let text = try decoder.configValue(String.self, expecting: #"an address such as "127.0.0.1:8765""#)
        guard let colon = text.lastIndex(of: ":") else { throw ConfigProblem(at: path, .expected(#"an address such as "127.0.0.1:8765""#)) }
        let host = text[..<colon]
        let port = text[text.index(after: colon)...]
        if host.lowercased() == "localhost" {
            throw ConfigProblem(at: path, .problem("use 127.0.0.1 rather than localhost, which may resolve to another address"))
        }
        guard host == "127.0.0.1" else {
            throw ConfigProblem(at: path, .problem("readiness probes reach IPv4 loopback only; use 127.0.0.1:<port> and listen there"))
        }
        guard port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port), (1...65535).contains(number) else {
            throw ConfigProblem(at: path, .expected("a port from 1 to 65535 after the host"))
        }
        return TCPAddress(host: String(host), port: number)
    }
}
