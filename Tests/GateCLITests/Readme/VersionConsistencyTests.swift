//===----------------------------------------------------------------------===//
// VersionConsistencyTests.swift: CHANGELOG.md, --version and the man page name one version.
//===----------------------------------------------------------------------===//

import Foundation
import GateCLI
import GateTestSupport
import Testing

@Suite("version consistency")
struct VersionConsistencyTests {
    /// The first `## [x.y.z]` heading of CHANGELOG.md (Unreleased skipped).
    static func latestReleased(in changelog: String) -> String? {
        for line in changelog.split(separator: "\n") where line.hasPrefix("## [") {
            let name = line.dropFirst(4).prefix { $0 != "]" }
            if name != "Unreleased" { return String(name) }
        }
        return nil
    }

    @Test("CHANGELOG's latest release, --version and the man page's header agree")
    func agree() throws {
        let changelog = try RepositoryFiles.text("CHANGELOG.md")
        #expect(changelog.contains("\n## [Unreleased]\n"))
        let released = try #require(Self.latestReleased(in: changelog))
        let version = GateRun.run(["--version"])
        #expect(version.stdout == "acceptance-gate \(released)\n")
        #expect(GateVersion.current == released)
        let page = try RepositoryFiles.text("templates/acceptance-gate.1")
        let header = try #require(page.split(separator: "\n").first { $0.hasPrefix(".TH ") })
        #expect(header.contains("\"acceptance-gate \(released)\""), "man page header: \(header)")
    }

    @Test("the latest-release reader skips Unreleased and reads the first release")
    func reader() {
        #expect(Self.latestReleased(in: "# C\n## [Unreleased]\n## [1.2.3] - 2026-01-01\n## [1.0.0]\n") == "1.2.3")
        #expect(Self.latestReleased(in: "# C\n## [Unreleased]\n") == nil)
    }
}
