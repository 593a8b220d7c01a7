//===----------------------------------------------------------------------===//
// ReportExit.swift: how a suite's process ended.
//===----------------------------------------------------------------------===//

/// How a process ended: `exited(N)`, `signal(N)` or `unknown` (never reaped, e.g. after a timeout).
package struct ReportExit: Codable, Equatable, Sendable {
    /// The spelled status, ``describe(code:signal:)``.
    package var status: String
    /// The exit code, when it exited.
    package var code: Int?
    /// The signal number, when a signal ended it.
    package var signal: Int?

    /// Creates an exit record; `status` is spelled from `code` and `signal`.
    package init(code: Int?, signal: Int?) {
        self.status = Self.describe(code: code, signal: signal)
        self.code = code
        self.signal = signal
    }

    /// `exited(0)` for an exit code, `signal(9)` for a signal, `unknown` for neither.
    package static func describe(code: Int?, signal: Int?) -> String {
        if let code { return "exited(\(code))" }
        if let signal { return "signal(\(signal))" }
        return "unknown"
    }
}
