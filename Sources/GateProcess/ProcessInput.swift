// ProcessInput.swift
//
// What a child reads on its standard input.

/// What a child process reads on its standard input.
package enum ProcessInput: Equatable, Sendable {
    /// `/dev/null`: the child sees end of input at once.
    case null
    /// These bytes, written into a pipe by a background thread that closes the pipe when done.
    ///
    /// A child that exits (or closes its stdin) without reading everything is not an error: the
    /// writer stops at the broken pipe. Our own process ignores SIGPIPE from the first spawn on.
    case bytes([UInt8])
}
