//===----------------------------------------------------------------------===//
// RealLogTruth.swift: what each real log says happened, judged by reading it.
//===----------------------------------------------------------------------===//

/// The judged truth of one log in `../shared/testdata/reallogs-parse`: read by a person from the
/// log itself (its per-test lines, xcodebuild's closing block, the frameworks' totals), never
/// from the parser under test.
struct RealLogTruth: Sendable, CustomStringConvertible {
    /// The log, relative to the folder.
    var path: String
    /// Whether the gate should accept a suite that printed it: every test passed or was skipped,
    /// at least one ran, nothing says a target or the build failed.
    var accepted: Bool
    /// The exit status the tool that printed it had (xcodebuild's 65, `swift test`'s 1, 0).
    var exitCode: Int
    /// How many tests the log shows (each once, whatever its attempts).
    var tests: Int
    /// Tests that failed, as an expectation names them.
    var failed: [String] = []
    /// Other tests an expectation could name, which must be found.
    var names: [String] = []

    var description: String { path }

    /// A log whose tests all passed.
    static func passed(_ path: String, tests: Int, names: [String] = []) -> RealLogTruth {
        RealLogTruth(path: path, accepted: true, exitCode: 0, tests: tests, names: names)
    }

    /// A log that failed with `exitCode`.
    static func failed(_ path: String, exit exitCode: Int = 65, tests: Int, failed: [String] = [], names: [String] = []) -> RealLogTruth {
        RealLogTruth(path: path, accepted: false, exitCode: exitCode, tests: tests, failed: failed, names: names)
    }
}
