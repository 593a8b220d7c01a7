//===----------------------------------------------------------------------===//
// AdoptionConfiguration.swift: the acceptance-gate.json `init` writes for a team.
//===----------------------------------------------------------------------===//

import GateConfig
import GateCore
import GateProcess

/// The `acceptance-gate.json` `init` writes (design.md, "Configuration"): the built-in fixture on
/// free ports, expected to have served the three paths the redirect tests request (so hollow
/// tests reject) and nothing on the foreign listener; the project's whole test run as one
/// `xctest` suite with the redirect tests among its expected tests; the frame conformance suite
/// only with `--frames`; the log scan allowing the fixture's placeholder credential; all four
/// report formats; and signing from the environment only (no key file in the repository).
package enum AdoptionConfiguration {
    /// The test names the suite must run and pass.
    package static let expectedTests = [
        "RedirectBoundaryTests.testSameOriginRedirectSucceeds",
        "RedirectBoundaryTests.testDifferentPortRedirectStops",
    ]

    /// The paths the redirect tests request on the origin listener: `/same` and its redirect
    /// target `/target` (followed), `/start` (its redirect refused).
    package static let originPaths = ["/same", "/start", "/target"]

    /// The configuration file's text (two-space indented JSON, keys in design.md's order).
    ///
    /// - Parameters:
    ///   - suite: the project's test suite.
    ///   - frames: whether to add the frame conformance suite (`--frames`).
    package static func json(suite: AdoptionSuite, frames: Bool) -> String {
        let framesSuite = frames ? ",\n    { \"name\": \"frames\", \"kind\": \"frames\", \"decoder\": \"builtin\" }" : ""
        return """
            {
              "fixture": {
                "builtin": "redirect",
                "ports": "auto",
                "stopGraceSeconds": \(seconds(ConfigFixture().teardown.grace)),
                "expect": { "foreignRequests": 0, "originPaths": \(list(originPaths)) }
              },
              "suites": [
                {
                  "name": \(JSONText.quoted(AdoptionSuite.name)),
                  "kind": "xctest",
                  "command": \(list(suite.command)),
                  "expectTests": \(list(suite.expectTests)),\(suite.xcresult.map { "\n      \"results\": { \"xcresult\": \(JSONText.quoted($0)) }," } ?? "")
                  "timeoutSeconds": \(seconds(ConfigSuite(name: AdoptionSuite.name, kind: .xctest).timeout))
                }\(framesSuite)
              ],
              "scan": { "allow": ["fixture-only"] },
              "report": { "dir": ".acceptance-gate", "formats": ["json", "junit", "markdown", "html"] },
              "signing": { "keyFile": null },
              "git": { "requireClean": false }
            }

            """
    }

    /// A duration as a JSON number of seconds (`5`, `0.5`): the defaults the file spells out are
    /// the configuration's own, not copies of them.
    private static func seconds(_ duration: Duration) -> String {
        let value = duration.inSeconds
        return value == value.rounded() ? String(Int(value)) : String(value)
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
