//===----------------------------------------------------------------------===//
// SuiteEgressLedger.swift: the attempts out a separated suite made, read back from its domain.
//===----------------------------------------------------------------------===//

import GateCore

/// The attempts out of its loopback a separated suite made (connections and datagrams to an
/// address other than loopback, and DNS lookups), as the domain's init recorded them: one
/// `egress PROTOCOL DESTINATION COUNT` line per destination and `more COUNT` for those past its
/// first 64, appended once per launch (a suite, each retry, its manifest read).
///
/// The file is read as hostile input: it is the gate's (its cache root, which only it writes), but
/// nothing it says is taken beyond ``byteLimit`` bytes, ``attemptLimit`` destinations and the line
/// grammar above; anything else is refused whole, never half-read.
package struct SuiteEgressLedger: Equatable, Sendable {
    /// One destination and how many times it was tried.
    package struct Attempt: Equatable, Sendable {
        /// `tcp`, `udp` or `dns`.
        package var `protocol`: String
        /// `ADDRESS:PORT` (`[ADDRESS]:PORT` for IPv6), or the name looked up for `dns`.
        package var destination: String
        /// How many connections, datagrams or lookups.
        package var count: Int

        /// Creates an attempt.
        package init(protocol: String, destination: String, count: Int) {
            self.protocol = `protocol`
            self.destination = destination
            self.count = count
        }
    }

    /// The most bytes read.
    package static let byteLimit = 1 << 20
    /// The most destinations kept; the others are counted in ``more``.
    package static let attemptLimit = 64
    /// The protocols init writes.
    static let protocols: Set<String> = ["tcp", "udp", "dns"]

    /// The destinations, in the order first recorded.
    package var attempts: [Attempt]
    /// Attempts to destinations past ``attemptLimit``.
    package var more: Int

    /// Creates a ledger.
    package init(attempts: [Attempt] = [], more: Int = 0) {
        self.attempts = attempts
        self.more = more
    }

    /// Whether nothing was attempted.
    package var isEmpty: Bool { attempts.isEmpty && more == 0 }

    /// The ledger at `path`: empty when there is no file (the suite did not run with a network of
    /// its own).
    package static func read(_ path: String) throws(SuiteDomainError) -> SuiteEgressLedger {
        let bytes: [UInt8]
        do {
            bytes = try SafeFile.contents(ofFile: path, limit: byteLimit)
        } catch {
            if case .missing = error { return SuiteEgressLedger() }
            throw .egressLedger(path: path, why: error.description)
        }
        return try parse(bytes, path: path)
    }

    /// `bytes` as a ledger, merged by destination.
    static func parse(_ bytes: [UInt8], path: String) throws(SuiteDomainError) -> SuiteEgressLedger {
        guard bytes.isEmpty || bytes.last == 0x0A else { throw .egressLedger(path: path, why: "its last line is unfinished") }
        var ledger = SuiteEgressLedger()
        var index: [String: Int] = [:]
        for (number, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().enumerated() {
            guard line.count <= 400, line.allSatisfy({ $0 > 0x20 && $0 < 0x7F || $0 == 0x20 }) else {
                throw .egressLedger(path: path, why: "line \(number + 1) is not a ledger line")
            }
            let words = line.split(separator: 0x20, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            switch words.first {
            case "egress" where words.count == 4 && protocols.contains(words[1]) && isDestination(words[2]):
                guard let count = count(words[3]) else { throw .egressLedger(path: path, why: "line \(number + 1) has no count") }
                let key = words[1] + " " + words[2]
                if let at = index[key] {
                    ledger.attempts[at].count = min(ledger.attempts[at].count + count, Int(Int32.max))
                } else if ledger.attempts.count < attemptLimit {
                    index[key] = ledger.attempts.count
                    ledger.attempts.append(Attempt(protocol: words[1], destination: words[2], count: count))
                } else {
                    ledger.more = min(ledger.more + count, Int(Int32.max))
                }
            case "more" where words.count == 2:
                guard let count = count(words[1]) else { throw .egressLedger(path: path, why: "line \(number + 1) has no count") }
                ledger.more = min(ledger.more + count, Int(Int32.max))
            default:
                throw .egressLedger(path: path, why: "line \(number + 1) is not a ledger line")
            }
        }
        return ledger
    }

    /// A count init could have written: 1 to 12 digits, above zero.
    static func count(_ word: String) -> Int? {
        guard (1...12).contains(word.utf8.count), word.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(word), value > 0
        else { return nil }
        return value
    }

    /// An address and port, or a host name, as init writes them: 1 to 255 of `a-z 0-9 . : - _ [ ] ( )`.
    static func isDestination(_ word: String) -> Bool {
        (1...255).contains(word.utf8.count)
            && word.utf8.allSatisfy { byte in
                (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || Array(".:-_[]()".utf8).contains(byte)
            }
    }
}
