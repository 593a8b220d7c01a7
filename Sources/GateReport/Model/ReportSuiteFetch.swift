//===----------------------------------------------------------------------===//
// ReportSuiteFetch.swift: the dependency fetch a loopback suite ran before itself, with network.
//===----------------------------------------------------------------------===//

/// The fetch of a suite's remote dependencies (`swift package resolve`, `xcodebuild
/// -resolvePackageDependencies`) the gate ran before a suite with a loopback network, in the
/// suite's domain but with the host's network, so the suite itself needs none.
package struct ReportSuiteFetch: Codable, Equatable, Sendable {
    /// What the fetch ended as.
    package enum Status: String, Codable, CaseIterable, Equatable, Sendable {
        /// It exited 0: the dependencies are in the suite's cache.
        case passed
        /// It exited otherwise, or could not start: the suite did not run.
        case failed
        /// It ran past the suite's timeout and was stopped: the suite did not run.
        case timedOut
    }

    /// The network it had: always `host`.
    package var network: String
    /// Its command.
    package var command: [String]
    /// How it ended.
    package var status: Status
    /// How long it took.
    package var seconds: Double

    /// Creates a record.
    package init(network: String = "host", command: [String], status: Status, seconds: Double) {
        self.network = network
        self.command = command
        self.status = status
        self.seconds = seconds
    }
}
