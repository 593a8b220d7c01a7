//===----------------------------------------------------------------------===//
// ReportSuiteKind.swift: xctest, frames or command.
//===----------------------------------------------------------------------===//

/// A suite's kind, as the configuration names it.
package enum ReportSuiteKind: String, Codable, Equatable, Sendable, CaseIterable {
    /// Exit code plus parsed XCTest cases.
    case xctest
    /// The frame conformance suite.
    case frames
    /// Exit code only.
    case command
}
