//===----------------------------------------------------------------------===//
// StrictJSONProbe.swift: whether bytes pass the verifier's strict JSON scanner.
//===----------------------------------------------------------------------===//

@testable import GateSigning

/// Asks the (internal) strict JSON scanner about bytes the tests produced.
enum StrictJSONProbe {
    /// Whether `bytes` are strict JSON.
    static func isStrict(_ bytes: [UInt8]) -> Bool {
        StrictJSONScanner.violation(in: bytes, limit: 1 << 26) == nil
    }
}
