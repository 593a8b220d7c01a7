//===----------------------------------------------------------------------===//
// ToolFailure.swift: why a tool `init` asks about the project gave no answer.
//===----------------------------------------------------------------------===//

/// Why `xcodebuild` (or another tool `init` runs) gave no answer: it is not installed, or it
/// failed; the text is shown to the user inside a sentence.
struct ToolFailure: Error, Equatable, CustomStringConvertible {
    /// The reason, e.g. "'xcodebuild' was not found on PATH" or "exited with code 70".
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
