//===----------------------------------------------------------------------===//
// ToolJSON.swift: how the gate reads the JSON that tools print in the team's repository.
//===----------------------------------------------------------------------===//

/// The limits for JSON that `init` and `run` read from tools run in the team's repository
/// (`swift package dump-package`, `xcodebuild -list -json`, `simctl list -j`): untrusted like
/// any input the gate did not write, and read by the one strict ``JSONReader``.
package enum ToolJSON {
    /// Manifests nest a dozen levels deep; a large workspace lists a few megabytes.
    package static let limits = JSONReader.Limits(maximumDepth: 128, maximumBytes: 1 << 26)
}
