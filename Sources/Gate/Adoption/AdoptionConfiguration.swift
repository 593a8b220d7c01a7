//===----------------------------------------------------------------------===//
// AdoptionConfiguration.swift: the acceptance-gate.json `init` writes for a team.
//===----------------------------------------------------------------------===//

import GateText

/// The `acceptance-gate.json` `init` writes (design.md, "Configuration"): the built-in fixture on
/// free ports, the team's redirect boundary tests as an `xctest` suite (`swift test`, or
/// `xcodebuild test` for an iOS project), the frame conformance suite, the log scan allowing the
/// fixture's placeholder credential, all four report formats and signing from the environment.
///
/// The frames suite checks the built-in decoder (`"decoder": "builtin"`), so the first run can
/// pass; the printed next steps say how to point it at the team's own decoder (an argv that speaks
/// `frames decode --batch`). A placeholder argv would make the first run fail before anything
/// else was checked.
package enum AdoptionConfiguration {
    /// The iOS simulator the `xcodebuild test` suite runs on; the next steps say to change it.
    package static let simulatorDestination = "platform=iOS Simulator,name=iPhone 16"

    /// The test names the redirect suite must run and pass.
    package static let expectedTests = [
        "RedirectBoundaryTests.testSameOriginRedirectSucceeds",
        "RedirectBoundaryTests.testDifferentPortRedirectStops",
    ]

    /// The suite's command: `swift test` filtered to the target's `RedirectBoundaryTests`, or for
    /// an iOS project `xcodebuild test` through `sh -c`, which hands the fixture URLs to the test
    /// runner as `TEST_RUNNER_` variables (xcodebuild passes those, without the prefix, to the tests).
    ///
    /// - Parameters:
    ///   - target: the test target.
    ///   - scheme: the Xcode scheme.
    ///   - ios: whether the project is an Xcode project.
    package static func suiteCommand(target: String, scheme: String, ios: Bool) -> [String] {
        guard ios else {
            return ["swift", "test", "--disable-swift-testing", "--filter", "\(target).RedirectBoundaryTests"]
        }
        let script =
            "TEST_RUNNER_ACCEPTANCE_GATE_ORIGIN_URL=\"$ACCEPTANCE_GATE_ORIGIN_URL\" "
            + "TEST_RUNNER_ACCEPTANCE_GATE_FOREIGN_URL=\"$ACCEPTANCE_GATE_FOREIGN_URL\" "
            + "exec xcodebuild test -scheme \(shellQuoted(scheme)) -destination \(shellQuoted(simulatorDestination)) "
            + "-only-testing:\(shellQuoted(target + "/RedirectBoundaryTests"))"
        return ["sh", "-c", script]
    }

    /// The configuration file's text (two-space indented JSON, keys in design.md's order).
    ///
    /// - Parameters:
    ///   - target: the test target.
    ///   - scheme: the Xcode scheme.
    ///   - ios: whether the project is an Xcode project.
    package static func json(target: String, scheme: String, ios: Bool) -> String {
        let command = suiteCommand(target: target, scheme: scheme, ios: ios)
        return """
            {
              "fixture": {
                "builtin": "redirect",
                "ports": "auto",
                "stopGraceSeconds": 5,
                "expect": { "foreignRequests": 0 }
              },
              "suites": [
                {
                  "name": "redirect-boundary",
                  "kind": "xctest",
                  "command": \(list(command)),
                  "expectTests": \(list(expectedTests)),
                  "timeoutSeconds": 1800
                },
                { "name": "frames", "kind": "frames", "decoder": "builtin" }
              ],
              "scan": { "allow": ["fixture-only"] },
              "report": { "dir": ".acceptance-gate", "formats": ["json", "junit", "markdown", "html"] },
              "signing": { "keyEnv": "ACCEPTANCE_GATE_SIGNING_KEY" },
              "git": { "requireClean": false }
            }

            """
    }

    /// A JSON array of strings on one line.
    private static func list(_ items: [String]) -> String {
        "[" + items.map(JSONText.quoted).joined(separator: ", ") + "]"
    }

    /// `text` as one POSIX shell word: single-quoted, with `'` written as `'\''`.
    package static func shellQuoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
