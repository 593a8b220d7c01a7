//===----------------------------------------------------------------------===//
// GateDigestError.swift: why a digest could not be computed.
//===----------------------------------------------------------------------===//

/// Why a digest could not be computed.
package enum GateDigestError: Error, Equatable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadable(path: String, reason: String)

    /// One line naming the file and what to do.
    package var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read '\(path)' to hash it: \(reason); check that it exists and is readable"
        }
    }
}
