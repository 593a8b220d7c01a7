// ProcessSpec.swift
//
// Everything needed to start one child process.

internal import Foundation

/// Everything needed to start one child process: its arguments, its complete environment, its
/// working directory and where its three standard streams go.
///
/// The child always leads a new process group of its own (so the whole group can be signalled),
/// starts with an empty signal mask and default signal dispositions, and inherits no descriptors
/// other than 0, 1 and 2.
package struct ProcessSpec: Sendable {
    /// The program followed by its arguments. A program name without `/` is searched for on the
    /// child's `PATH` (from `environment`, falling back to ours); a name with `/` is used as given
    /// (relative to `workingDirectory` when that is set).
    package var arguments: [String]
    /// The child's complete environment; nothing else is inherited.
    package var environment: [String: String]
    /// The directory the child starts in, or `nil` for ours.
    package var workingDirectory: String?
    /// What the child reads on standard input.
    package var stdin: ProcessInput
    /// Where the child's standard output goes.
    package var stdout: ProcessOutput
    /// Where the child's standard error goes.
    package var stderr: ProcessOutput
    /// The file to run when it is not the first argument (which stays the child's `argv[0]`): the
    /// gate's own image (``Platform/ownImage``), so a path the code under test replaced mid-run
    /// does not start its program as the gate's fixture or check. A failed start names this file.
    package var executable: String?
    /// How signals reach the child's group when it runs as a user the gate may not signal (a
    /// separated suite on macOS); `nil`: the gate's own `kill` reaches the whole group.
    package var signalRelay: SignalRelay?

    /// Creates a specification.
    /// - Parameters:
    ///   - arguments: the program followed by its arguments.
    ///   - environment: the child's complete environment; defaults to a copy of ours.
    ///   - workingDirectory: the child's starting directory, or `nil` for ours.
    ///   - stdin: what the child reads; `/dev/null` by default.
    ///   - stdout: where standard output goes; collected in memory by default.
    ///   - stderr: where standard error goes; collected in memory by default.
    package init(
        arguments: [String],
        environment: [String: String] = ProcessSpec.currentEnvironment,
        workingDirectory: String? = nil,
        stdin: ProcessInput = .null,
        stdout: ProcessOutput = .collect(),
        stderr: ProcessOutput = .collect()
    ) {
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
    }

    /// The program as given (the first argument), used in messages; empty when there is none.
    package var command: String { arguments.first ?? "" }

    /// A copy of this process's environment.
    package static var currentEnvironment: [String: String] { ProcessInfo.processInfo.environment }
}
