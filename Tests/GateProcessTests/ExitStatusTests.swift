// ExitStatusTests.swift

import GateProcess
import Testing

@Suite("ExitStatus")
struct ExitStatusTests {
    @Test func descriptions() {
        #expect(ExitStatus.exited(code: 3).description == "exited with code 3")
        #expect(ExitStatus.signalled(signal: 9).description == "was killed by signal 9 (SIGKILL)")
        #expect(ExitStatus.signalled(signal: 15).description == "was killed by signal 15 (SIGTERM)")
        #expect(ExitStatus.signalled(signal: 40).description == "was killed by signal 40")
    }

    @Test func shellCodes() {
        #expect(ExitStatus.exited(code: 0).shellCode == 0)
        #expect(ExitStatus.exited(code: 3).shellCode == 3)
        #expect(ExitStatus.signalled(signal: 15).shellCode == 143)
    }

    @Test func success() {
        #expect(ExitStatus.exited(code: 0).isSuccess)
        #expect(!ExitStatus.exited(code: 1).isSuccess)
        #expect(!ExitStatus.signalled(signal: 9).isSuccess)
    }
}
