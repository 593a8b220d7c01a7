//===----------------------------------------------------------------------===//
// ConformanceResult.swift: what a conformance run says, in the form that crosses a process boundary.
//===----------------------------------------------------------------------===//

import GateCore

/// What a conformance run says, cut down to what its readers use: the report's lines for a log,
/// and per acceptance point its counts and the head of its minimised counterexample.
///
/// `frames check --json` prints it (``ConformanceDocument``) so the gate's frames suite, which runs
/// the check as a supervised child, gets the result without the megabytes a full
/// ``ConformanceReport`` can hold (every failing case's input and payloads).
package struct ConformanceResult: Sendable, Equatable {
    /// How one acceptance point fared.
    package struct Point: Sendable, Equatable {
        /// The acceptance point.
        package var point: AcceptancePoint
        /// Cases the decoder got right.
        package var passed: Int
        /// Cases run for the point.
        package var total: Int
        /// The first failure shrunk, when the point fails.
        package var counterexample: Counterexample?

        /// Creates a point's record.
        package init(point: AcceptancePoint, passed: Int, total: Int, counterexample: Counterexample? = nil) {
            self.point = point
            self.passed = passed
            self.total = total
            self.counterexample = counterexample
        }

        /// Whether every case for the point passed (and there was at least one), as ``PointResult/holds``.
        package var holds: Bool { total > 0 && passed == total }
    }

    /// A minimised counterexample as reports show it.
    package struct Counterexample: Sendable, Equatable {
        /// The first ``ConformanceResult/counterexampleBytes`` bytes of the minimised input.
        package var head: [UInt8]
        /// `ok` or the expected error kind (``FailureSignature/expected``).
        package var expected: String
        /// What the decoder answered (``FailureSignature/actual``).
        package var actual: String

        /// Creates a counterexample's record.
        package init(head: [UInt8], expected: String, actual: String) {
            self.head = head
            self.expected = expected
            self.actual = actual
        }
    }

    /// How many bytes of a minimised counterexample the result keeps.
    package static let counterexampleBytes = 64

    /// The report's lines (``ConformanceReport/lines()``), for the suite's log.
    package var lines: [String]
    /// The four points, in ``AcceptancePoint/allCases`` order.
    package var points: [Point]

    /// Creates a result from its parts.
    package init(lines: [String], points: [Point]) {
        self.lines = lines
        self.points = points
    }

    /// The result of `report`.
    package init(_ report: ConformanceReport) {
        lines = report.lines()
        points = report.points.map { result in
            Point(
                point: result.point, passed: result.passed, total: result.total,
                counterexample: result.minimised.map { minimised in
                    Counterexample(
                        head: Array(minimised.minimal.prefix(Self.counterexampleBytes)), expected: minimised.signature.expected,
                        actual: minimised.signature.actual)
                })
        }
    }

    /// Whether all points hold.
    package var passed: Bool { !points.isEmpty && points.allSatisfy(\.holds) }

    /// Cases run in all.
    package var caseCount: Int { points.reduce(0) { $0 + $1.total } }
}
