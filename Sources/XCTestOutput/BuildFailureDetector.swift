//===----------------------------------------------------------------------===//
// BuildFailureDetector.swift: the line of a suite's log that says its tests did not build.
//===----------------------------------------------------------------------===//

import GateCore

/// Finds, in the log of a suite whose command builds code (`swift build`, `swift test`,
/// `xcodebuild`), the line that shows the build failed, so a run can say "the tests did not
/// build: <line>" instead of "ran zero tests" when a test target stopped compiling.
///
/// A compiler diagnostic (`File.swift:12:5: error: …`, line *and* column) is preferred to the
/// summaries that follow it (swift-build's `error: fatalError`, `error: emit-module command
/// failed …`, xcodebuild's `** BUILD FAILED **` and `** TEST BUILD FAILED **`, `xcodebuild: error: …`
/// such as `Could not resolve package dependencies:`, `error: unable to read property list …`). A failed XCTest
/// assertion (`File.swift:12: error: Class.test : …`, a line without a column) is not a build
/// failure and is never returned.
package enum BuildFailureDetector {
    /// The longest line returned; longer ones are cut, with `…`.
    package static let maximumLineLength = 300

    /// Whether `command` runs a build: `swift build`, `swift test` or `xcodebuild`, also inside a
    /// `sh -c` script.
    package static func isBuildCommand(_ command: [String]) -> Bool {
        let words = command.flatMap { $0.split(whereSeparator: { " \t\n;&|'\"()".contains($0) }) }.map { word in
            word.split(separator: "/").last.map(String.init) ?? String(word)
        }
        for (index, word) in words.enumerated() {
            if word == "xcodebuild" { return true }
            if word == "swift", index + 1 < words.count, ["build", "test"].contains(words[index + 1]) { return true }
        }
        return false
    }

    /// The line that shows the build failed, cleaned of colour codes and cut to
    /// ``maximumLineLength``; `nil` when the log shows no build failure.
    ///
    /// - Parameter lines: the suite's log, one line each.
    package static func firstError(in lines: some Sequence<Substring>) -> String? {
        var summary: Substring?
        for raw in lines {
            let line = ConsoleText.clean(raw)
            if isCompilerError(line) { return shortened(line) }
            if summary == nil, isBuildSummary(line) { summary = line }
        }
        return summary.map(shortened)
    }

    /// ``firstError(in:)`` for a whole log text.
    package static func firstError(inLog text: String) -> String? {
        firstError(in: text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }))
    }

    /// The run's reason when `command` builds and its log shows a build failure:
    /// `the tests did not build: <line>`; `nil` otherwise.
    ///
    /// - Parameters:
    ///   - command: the suite's argv.
    ///   - log: the suite's log text.
    package static func reason(command: [String], log: String) -> String? {
        guard isBuildCommand(command), let line = firstError(inLog: log) else { return nil }
        return "the tests did not build: \(line)"
    }

    /// `path:LINE:COLUMN: error: message`, as swiftc and clang print a diagnostic.
    static func isCompilerError(_ line: Substring) -> Bool {
        guard let marker = line.find(": error: ") else { return false }
        let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
        guard location.count >= 3 else { return false }
        let column = location[location.count - 1]
        let number = location[location.count - 2]
        let isNumber = { (text: Substring) in !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber } }
        return isNumber(column) && isNumber(number) && !location.dropLast(2).joined().isEmpty
    }

    /// swift-build's and xcodebuild's summaries of a failed build.
    static func isBuildSummary(_ line: Substring) -> Bool {
        if line == "** BUILD FAILED **" || line == "** TEST BUILD FAILED **" || line == "Testing cancelled because the build failed." {
            return true
        }
        // `xcodebuild: error: Could not resolve package dependencies:`, `… Unable to find a destination`.
        if line.hasPrefix("xcodebuild: error: ") { return true }
        guard line.hasPrefix("error: ") else { return false }
        // swift-build: "error: fatalError", "error: emit-module command failed with exit code 1 …",
        // "error: compile command failed …", "error: link command failed …".
        let rest = line.dropFirst("error: ".count)
        return rest.hasPrefix("fatalError") || rest.find("command failed") != nil || rest.hasPrefix("manifest parse error")
            || rest.hasPrefix("unable to read property list")
    }

    private static func shortened(_ line: Substring) -> String {
        line.count <= maximumLineLength ? String(line) : String(line.prefix(maximumLineLength - 1)) + "…"
    }
}
