//===----------------------------------------------------------------------===//
// ReportProcess.swift: a process left behind.
//===----------------------------------------------------------------------===//

/// A process that outlived its stop: its ID and command line.
package struct ReportProcess: Codable, Equatable, Sendable {
    /// The process ID.
    package var pid: Int
    /// Its command line as the process table shows it.
    package var command: String

    /// Creates a process record.
    package init(pid: Int, command: String) {
        self.pid = pid
        self.command = command
    }
}
