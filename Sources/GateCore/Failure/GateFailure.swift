//===----------------------------------------------------------------------===//
// GateFailure.swift: an error that carries its own message and exit status.
//===----------------------------------------------------------------------===//

/// An error that knows its one-line message (its `description`, naming the thing and what to do)
/// and how the process should end. Every module's error type conforms, so the command line maps
/// any error to a message and an exit code in one place instead of choosing at each call site.
package protocol GateFailure: Error, CustomStringConvertible {
    /// How a command that stops on this error ends.
    var exitStatus: GateExitStatus { get }
}
