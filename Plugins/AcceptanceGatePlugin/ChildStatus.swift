//===----------------------------------------------------------------------===//
// ChildStatus.swift: how the gate's process ended, from waitpid's status word.
//===----------------------------------------------------------------------===//

/// How the gate's process ended.
enum ChildStatus: Equatable {
    /// It called exit with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)

    /// Decodes a `waitpid` status word. Swift cannot call the WIFEXITED/WEXITSTATUS macros; the
    /// layout (signal in the low 7 bits, exit status in the next byte) is the same on Linux and Darwin.
    init(waitStatus: Int32) {
        let signal = waitStatus & 0x7f
        self = signal == 0 ? .exited((waitStatus >> 8) & 0xff) : .signalled(signal)
    }

    /// The error line for a failed run, `nil` when the gate accepted (exit 0).
    func failureMessage(command: String) -> String? {
        switch self {
        case .exited(0):
            return nil
        case let .exited(code):
            return "\(command) exited \(code) (\(Self.meaning(of: code))); its own output says why"
        case let .signalled(signal):
            return "\(command) was ended by signal \(signal) before it could finish; rerun it, or run acceptance-gate directly"
        }
    }

    /// What the plugin process exits with: the gate's own status (SwiftPM reports any nonzero as 1).
    var pluginExitCode: Int32 {
        switch self {
        case let .exited(code): code
        case let .signalled(signal): 128 + signal
        }
    }

    /// The gate's exit statuses (docs/commands.md).
    static func meaning(of code: Int32) -> String {
        switch code {
        case 1: "rejected"
        case 2: "usage or configuration error"
        case 3: "infrastructure failure"
        case 130, 143: "interrupted"
        default: "failure"
        }
    }
}
