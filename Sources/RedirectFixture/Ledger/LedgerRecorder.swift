//===----------------------------------------------------------------------===//
// LedgerRecorder.swift: the live ledger, written by the event loop, read by anyone.
//===----------------------------------------------------------------------===//

import GateCore

/// The live ledger: the event loop records each connection and each request, any thread takes
/// a snapshot.
///
/// Snapshots are cheap (the arrays are copy-on-write) and consistent: a request is recorded
/// under one lock, so a snapshot never shows its count without its path.
final class LedgerRecorder: Sendable {
    /// The most distinct header names kept per listener, so a client inventing names cannot
    /// grow memory without bound.
    static let maxHeaderNames = 4096

    private let ledger: Locked<Ledger>
    private let maxRecordedPaths: Int

    /// Creates an empty ledger.
    ///
    /// - Parameter maxRecordedPaths: the most paths kept per listener.
    init(maxRecordedPaths: Int) {
        self.ledger = Locked(Ledger(originPort: 0, foreignPort: 0))
        self.maxRecordedPaths = max(0, maxRecordedPaths)
    }

    /// Sets the two ports once they are bound.
    func setPorts(_ endpoints: FixtureEndpoints) {
        ledger.withLock { ledger in
            ledger.origin.port = endpoints.originPort
            ledger.foreign.port = endpoints.foreignPort
        }
    }

    /// Counts one TCP connection accepted on the listener with `role`, before a byte of it is
    /// read, so a connection that sends nothing or garbage counts as much as one that sends HTTP.
    func recordConnection(_ role: ListenerRole) {
        ledger.withLock { ledger in
            ledger[role].connections += 1
        }
    }

    /// Counts one request on the listener with `role`.
    ///
    /// - Parameters:
    ///   - role: the listener.
    ///   - path: its path, without the query; segments shaped like credentials are recorded
    ///     as ``TokenShapedText/placeholder``.
    ///   - headerNames: its header names, already lowercased (repeats are fine); names shaped
    ///     like credentials are recorded as ``TokenShapedText/placeholder``.
    func record(_ role: ListenerRole, path: String, headerNames: [String]) {
        ledger.withLock { ledger in
            var listener = ledger[role]
            ledger[role] = ListenerLedger(port: 0)  // keeps `listener` the arrays' only owner: no copy.
            listener.requests += 1
            if listener.paths.count < maxRecordedPaths {
                listener.paths.append(TokenShapedText.recorded(path: path))
            }
            for name in headerNames {
                Self.insert(TokenShapedText.recorded(headerName: name), into: &listener.headerNames)
            }
            ledger[role] = listener
        }
    }

    /// A consistent copy of the ledger as it is now.
    func snapshot() -> Ledger {
        ledger.withLock { $0 }
    }

    /// Inserts `name` into the sorted, duplicate-free `names`, unless present or full.
    private static func insert(_ name: String, into names: inout [String]) {
        var low = 0
        var high = names.count
        while low < high {
            let middle = (low + high) / 2
            guard let probe = names[safe: middle] else { return }
            if probe == name { return }
            if probe < name { low = middle + 1 } else { high = middle }
        }
        guard names.count < maxHeaderNames else { return }
        names.insert(name, at: low)
    }
}
