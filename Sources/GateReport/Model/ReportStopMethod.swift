//===----------------------------------------------------------------------===//
// ReportStopMethod.swift: exited, terminated or killed.
//===----------------------------------------------------------------------===//

/// How a supervised process ended.
package enum ReportStopMethod: String, Codable, Equatable, Sendable, CaseIterable {
    /// It exited by itself before it was signalled.
    case exited
    /// It exited after SIGTERM, within the grace period.
    case terminated
    /// It needed SIGKILL after the grace period (a failure).
    case killed
}
