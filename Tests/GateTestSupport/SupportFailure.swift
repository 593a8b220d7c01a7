//===----------------------------------------------------------------------===//
// SupportFailure.swift: why a test helper could not set something up.
//===----------------------------------------------------------------------===//

/// Why a test helper could not set something up (a socket, a port), as a readable test failure.
package struct SupportFailure: Error, CustomStringConvertible {
    /// What went wrong.
    package let description: String

    /// Creates a failure with a message.
    package init(_ description: String) {
        self.description = description
    }
}
