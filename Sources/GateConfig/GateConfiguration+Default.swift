//===----------------------------------------------------------------------===//
// GateConfiguration+Default.swift: the embedded default, which runs this package's own suites.
//===----------------------------------------------------------------------===//

import GateReport

extension GateConfiguration {
    /// The configuration used when there is no `acceptance-gate.json`: this package's own
    /// acceptance suites. `acceptance-gate config --print-default` prints it.
    ///
    /// It deviates from design.md's example in two ways: `"ports": "auto"` (so a busy 8765 on a
    /// developer's machine does not break the demo; suites get the URLs from
    /// `ACCEPTANCE_GATE_ORIGIN_URL` / `ACCEPTANCE_GATE_FOREIGN_URL`), and no `lint` suite (to keep
    /// the default fast).
    package static let embeddedDefaultJSON = """
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
              "command": ["swift", "test", "--disable-swift-testing", "--filter", "RedirectBoundaryTests"],
              "expectTests": [
                "RedirectBoundaryTests.testSameOriginRedirectSucceeds",
                "RedirectBoundaryTests.testDifferentPortRedirectStops",
                "RedirectBoundaryTests.testLedgerKeepsNamesNeverValues",
                "RedirectBoundaryTests.testRelativeLocationResolvesAgainstTheRequest"
              ],
              "timeoutSeconds": 900
            },
            { "name": "frames", "kind": "frames", "decoder": "builtin" }
          ],
          "scan": { "allow": ["fixture-only"] },
          "report": { "dir": ".acceptance-gate", "formats": ["json", "junit", "markdown", "html"] },
          "git": { "requireClean": false }
        }

        """

    /// ``embeddedDefaultJSON`` as a value (a test checks that parsing the text gives exactly this).
    package static let embeddedDefault = GateConfiguration(
        fixture: ConfigFixture(launch: .builtinRedirect, ports: .automatic, expectForeignRequests: 0),
        suites: [
            ConfigSuite(
                name: "redirect-boundary", kind: .xctest,
                command: ["swift", "test", "--disable-swift-testing", "--filter", "RedirectBoundaryTests"],
                expectTests: [
                    "RedirectBoundaryTests.testSameOriginRedirectSucceeds", "RedirectBoundaryTests.testDifferentPortRedirectStops",
                    "RedirectBoundaryTests.testLedgerKeepsNamesNeverValues",
                    "RedirectBoundaryTests.testRelativeLocationResolvesAgainstTheRequest",
                ],
                timeout: .seconds(900)),
            ConfigSuite(name: "frames", kind: .frames, decoder: .builtin),
        ],
        scan: ConfigScan(allow: ["fixture-only"]),
        report: ConfigReport(),
        signing: ConfigSigning(),
        git: ConfigGit(requireClean: false))
}
