// OutputDrainTests.swift
//
// A drain cut off before its thread ran (a starved thread on a loaded machine) still keeps what
// the pipe already held, and never waits for more.

import Dispatch
import Testing

@testable import GateProcess

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("OutputDrain", .timeLimit(.minutes(1)))
struct OutputDrainTests {
    /// A pipe holding `text`, its write end `open` or closed, and a drain whose wake was signalled
    /// before its thread started: what it captured, and whether it called that complete.
    private func drainCutOffAtOnce(_ text: String, writeEndOpen: Bool) throws -> CapturedOutput {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        let written = Array(text.utf8)
        #expect(write(fds[1], written, written.count) == written.count)
        if !writeEndOpen { close(fds[1]) }
        defer { if writeEndOpen { close(fds[1]) } }
        let wake = try WakePipe(command: "test")
        wake.signal()
        let sink = OutputSink(.collect())
        let group = DispatchGroup()
        OutputDrain.start(fd: fds[0], sink: sink, wake: wake, group: group, name: "test-drain")
        #expect(group.wait(timeout: .now() + .seconds(10)) == .success, "a cut-off drain does not wait for more")
        return sink.snapshot()
    }

    @Test func whatThePipeHeldIsKeptWhenTheWriterIsGone() throws {
        let captured = try drainCutOffAtOnce("Swift version 6.3.1 (swift-6.3.1-RELEASE)\n", writeEndOpen: false)
        #expect(String(decoding: captured.bytes, as: UTF8.self) == "Swift version 6.3.1 (swift-6.3.1-RELEASE)\n")
        #expect(captured.complete, "end of file was reached after all")
    }

    @Test func whatThePipeHeldIsKeptAndTheOutputIsIncompleteWhileAWriterHoldsIt() throws {
        let captured = try drainCutOffAtOnce("partial line", writeEndOpen: true)
        #expect(String(decoding: captured.bytes, as: UTF8.self) == "partial line")
        #expect(!captured.complete, "a writer still holds the pipe: the output may go on")
    }
}
