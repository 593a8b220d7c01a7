// HTTPTarget.swift
//
// The parts of an `http://IPV4:PORT/path` URL that an HTTP readiness probe needs.

/// Where an HTTP readiness probe connects and what it asks for. Only `http://` with an IPv4 literal.
struct HTTPTarget: Equatable, Sendable {
    /// The IPv4 literal, as written.
    var host: String
    /// The TCP port (80 when the URL names none).
    var port: Int
    /// The request target: the path and query, `/` when the URL has none.
    var path: String

    /// Parses `url`, or explains what is wrong with it.
    /// - Throws: `GateProcessError.invalidProbe` for another scheme, a host name, a bad port or
    ///   a fragment or user part.
    init(parsing url: String, probe: String) throws(GateProcessError) {
        let scheme = "http://"
        guard url.lowercased().hasPrefix(scheme) else {
            throw .invalidProbe(probe: probe, detail: "the URL must start with http:// (https is not supported)")
        }
        let rest = url.dropFirst(scheme.count)
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var path = String(rest[authorityEnd...])
        if path.isEmpty {
            path = "/"
        } else if path.hasPrefix("?") {
            path = "/" + path
        }
        guard !authority.contains("@"), !path.contains("#"), !path.contains(where: { $0 == " " || $0.isNewline }) else {
            throw .invalidProbe(probe: probe, detail: "the URL must not contain a user part, a fragment, spaces or line breaks")
        }
        var host = String(authority)
        var port = 80
        if let colon = authority.lastIndex(of: ":") {
            host = String(authority[..<colon])
            guard let number = Int(authority[authority.index(after: colon)...]), LoopbackSocket.isValidPort(number) else {
                throw .invalidProbe(probe: probe, detail: "the URL's port is not a number from 1 to 65535")
            }
            port = number
        }
        guard LoopbackSocket.ipv4(host) != nil else {
            throw .invalidProbe(probe: probe, detail: "the URL's host '\(host)' is not an IPv4 literal")
        }
        self.host = host
        self.port = port
        self.path = path
    }

    /// The request bytes: a `GET` with `Host` and `Connection: close`.
    var request: [UInt8] {
        let hostHeader = port == 80 ? host : "\(host):\(port)"
        return Array("GET \(path) HTTP/1.1\r\nHost: \(hostHeader)\r\nConnection: close\r\nAccept: */*\r\n\r\n".utf8)
    }

    /// The status code from an HTTP status line such as `HTTP/1.1 302 Found`, or `nil`.
    static func status(fromStatusLine line: String) -> Int? {
        let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), parts[1].count == 3, let code = Int(parts[1]) else {
            return nil
        }
        return (100...999).contains(code) ? code : nil
    }
}
