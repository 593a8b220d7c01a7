//===----------------------------------------------------------------------===//
// ExitCodeTests.swift: what run, merge and sign end with, from their report's exit code.
//===----------------------------------------------------------------------===//

import GateCore
import Testing

@testable import GateCLI

@Suite("the exit code of a run, a merge or a signing")
struct ExitCodeTests {
    @Test(
        "a report's code is the tool's; every signal but SIGTERM is 130; a code design.md does not know is 3",
        arguments: [
            (Int32(0), GateExitStatus.success), (1, .failure), (3, .infrastructure), (130, .interrupted), (129, .interrupted),
            (143, .terminated), (2, .infrastructure), (4, .infrastructure), (-1, .infrastructure), (255, .infrastructure),
        ])
    func outcome(_ code: Int32, _ expected: GateExitStatus) {
        #expect(GateExitStatus(outcome: code) == expected)
    }
}
