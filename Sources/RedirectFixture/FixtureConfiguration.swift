//===----------------------------------------------------------------------===//
// FixtureConfiguration.swift: ports, timeouts and limits of one fixture server.
//===----------------------------------------------------------------------===//

/// The ports, timeouts and limits of one ``RedirectFixtureServer``.
///
/// The defaults suit both the command line and in-process tests; tests shorten the timeouts to
/// exercise them quickly.
package struct FixtureConfiguration: Equatable, Sendable {
    /// Which ports to bind; ephemeral ones by default (the command line defaults to 8765,8766).
    package var ports: FixturePorts
    /// A connection with no request in progress and nothing left to send is closed after this.
    package var idleTimeout: Duration
    /// A request's header section must be complete this long after its first byte, or the
    /// client gets 408 and the connection closes.
    package var headerTimeout: Duration
    /// After the last response of a closing connection, how long unread input is still drained
    /// so the client sees that response rather than a reset.
    package var lingerTimeout: Duration
    /// The most connections open at once; further clients wait in the listen backlog.
    package var maxConnections: Int
    /// The longest request line, CRLF included; longer gets 414.
    package var maxRequestLineBytes: Int
    /// The longest header section (request line, header lines, empty line); longer gets 431.
    package var maxHeaderBytes: Int
    /// The most header fields in one request; more gets 431.
    package var maxHeaderCount: Int
    /// The largest request body (read and discarded); larger gets 413.
    package var maxBodyBytes: Int
    /// The most paths a listener's ledger keeps; its request count goes on counting past it.
    package var maxRecordedPaths: Int

    /// Creates a configuration; every limit has the default the fixture documents.
    ///
    /// - Parameters:
    ///   - ports: which ports to bind.
    ///   - idleTimeout: idle keep-alive connections close after this (10 s).
    ///   - headerTimeout: the time allowed for one header section (5 s).
    ///   - lingerTimeout: the drain time before closing (1 s).
    ///   - maxConnections: the most simultaneous connections (4096).
    ///   - maxRequestLineBytes: the longest request line (8 KiB).
    ///   - maxHeaderBytes: the longest header section (16 KiB).
    ///   - maxHeaderCount: the most header fields (100).
    ///   - maxBodyBytes: the largest request body (8 MiB).
    ///   - maxRecordedPaths: the most paths kept per listener (1,000,000).
    package init(
        ports: FixturePorts = .automatic,
        idleTimeout: Duration = .seconds(10),
        headerTimeout: Duration = .seconds(5),
        lingerTimeout: Duration = .seconds(1),
        maxConnections: Int = 4096,
        maxRequestLineBytes: Int = 8 * 1024,
        maxHeaderBytes: Int = 16 * 1024,
        maxHeaderCount: Int = 100,
        maxBodyBytes: Int = 8 * 1024 * 1024,
        maxRecordedPaths: Int = 1_000_000
    ) {
        self.ports = ports
        self.idleTimeout = idleTimeout
        self.headerTimeout = headerTimeout
        self.lingerTimeout = lingerTimeout
        self.maxConnections = maxConnections
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
        self.maxRecordedPaths = maxRecordedPaths
    }
}
