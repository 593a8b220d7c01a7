//===----------------------------------------------------------------------===//
// ConformanceReport.swift: the suite's result, and its text for people.
//===----------------------------------------------------------------------===//

import GateCore

/// The result of one conformance run.
package struct ConformanceReport: Sendable {
    /// The decoder's name.
    package var decoder: String
    /// The payload limit the suite ran with.
    package var limit: Int
    /// How many hand-verified vectors the suite holds.
    package var vectorCount: Int
    /// The four points, in design.md's order.
    package var points: [PointResult]

    /// Whether all four points hold.
    package var passed: Bool { points.allSatisfy(\.holds) }

    /// Cases run in all.
    package var caseCount: Int { points.reduce(0) { $0 + $1.total } }

    /// The report as lines for a terminal or a log: the four points with counts, each failure's
    /// first cases, the minimised counterexample as hex, and a verdict line last.
    package func lines() -> [String] {
        var lines = ["frames check: \(decoder), payload limit \(limit) bytes, \(vectorCount) hand-verified vectors, \(caseCount) cases"]
        let width = points.map(\.point.statement.count).max() ?? 0
        for result in points {
            let mark = result.holds ? "✓" : "✗"
            let padding = String(repeating: " ", count: width - result.point.statement.count)
            lines.append("  \(mark) \(result.point.statement)\(padding)  \(result.passed) of \(result.total) cases")
            for failure in result.failures {
                lines.append("      \(failure.caseID): expected \(failure.expected.summary), got \(failure.actual.summary)")
            }
            if result.failures.count < result.total - result.passed {
                lines.append("      … and \(result.total - result.passed - result.failures.count) more")
            }
            if let minimised = result.minimised {
                lines.append("      original input (\(minimised.original.count) bytes): \(Self.abbreviatedHex(minimised.original))")
                lines.append(
                    "      minimised counterexample (\(minimised.minimal.count) bytes): \(Self.abbreviatedHex(minimised.minimal))"
                        + " — expected \(minimised.signature.expected), got \(minimised.signature.actual)"
                        + (minimised.budgetReached ? " (shrinking budget reached)" : ""))
            }
        }
        let holding = points.filter(\.holds).count
        lines.append("frames check: \(holding) of \(points.count) acceptance points hold; " + (passed ? "passed" : "FAILED"))
        return lines
    }

    /// Hex of `bytes`, cut in the middle past 64 bytes.
    static func abbreviatedHex(_ bytes: [UInt8]) -> String {
        guard bytes.count > 64 else { return HexCodec.encode(bytes) }
        return HexCodec.encode(bytes.prefix(32)) + "…" + HexCodec.encode(bytes.suffix(16))
    }
}
