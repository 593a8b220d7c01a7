//===----------------------------------------------------------------------===//
// PluginFailure.swift: the one error the plugin throws, worded for the user.
//===----------------------------------------------------------------------===//

/// A failure before or while starting the gate; SwiftPM prints its description as the error line.
struct PluginFailure: Error, CustomStringConvertible {
    /// The sentence shown to the user: what failed and what to do.
    let description: String

    /// Creates the failure with its sentence.
    init(_ description: String) {
        self.description = description
    }
}
