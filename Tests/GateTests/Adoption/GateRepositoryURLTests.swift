//===----------------------------------------------------------------------===//
// GateRepositoryURLTests.swift: the repository init installs the gate's releases from.
//===----------------------------------------------------------------------===//

import Gate
import GateAdoption
import Testing

@Suite("init --repository")
struct GateRepositoryURLTests {
    @Test("an https://HOST/OWNER/NAME URL is taken, a trailing / or .git dropped; the action is OWNER/NAME")
    func accepted() {
        #expect(GateRepositoryURL.normalized("https://github.com/acme/acceptance-gate") == "https://github.com/acme/acceptance-gate")
        #expect(GateRepositoryURL.normalized("https://github.com/acme/gate.git/") == "https://github.com/acme/gate")
        #expect(GateRepositoryURL.normalized("https://ghe.example.com:8443/tools/gate") == "https://ghe.example.com:8443/tools/gate")
        #expect(GateRepositoryURL.actionRepository(of: "https://github.com/acme/gate.git") == "acme/gate")
        #expect(GateRepositoryURL.actionRepository(of: GateRepositoryURL.standard) == "acceptance-gate/acceptance-gate")
    }

    @Test(
        "anything else is refused: another scheme, a deeper path, characters a pipeline would read as code",
        arguments: [
            "http://github.com/acme/gate", "git@github.com:acme/gate.git", "https://github.com/acme", "https://github.com/a/b/c",
            "https://github.com/acme/gate x", "https://github.com/acme/$(id)", "https://github.com/acme/'gate'",
            "https://github.com/../gate", "https://github.com/-x/gate", "https://github.com//gate", "",
        ])
    func refused(_ text: String) {
        #expect(GateRepositoryURL.normalized(text) == nil)
        #expect(GateRepositoryURL.actionRepository(of: text) == nil)
    }
}
