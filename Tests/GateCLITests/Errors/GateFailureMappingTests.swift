//===----------------------------------------------------------------------===//
// GateFailureMappingTests.swift: any module's error becomes one message and one exit code.
//===----------------------------------------------------------------------===//

import FrameConformance
import Gate
import GateAdoption
import GateCLI
import GateConfig
import GateCore
import GatePublishing
import GateReport
import GateSigning
import Testing

@Suite("errors of every module map to their exit code in one place")
struct GateFailureMappingTests {
    /// A module error, the exit code it must end with.
    static let table: [(error: any Error, exit: GateExitStatus)] = [
        (ConfigurationError.invalidValue(file: "acceptance-gate.json", keyPath: "suites[0].name", problem: "empty"), .usage),
        (GateRunError.outDirectoryUnwritable(path: "/out", reason: "read-only"), .infrastructure),
        (SigningError.refusingToOverwrite(path: "gate.key"), .failure),
        (SigningError.keyFileTooOpen(path: "gate.key", mode: 0o644), .usage),
        (SigningError.writeFailed(path: "gate.key", reason: "disk full"), .infrastructure),
        (GateReportError.notAReport(source: "r.json", keyPath: "verdict", problem: "missing"), .usage),
        (GateReportError.writeFailed(path: "out/junit.xml", code: 28), .infrastructure),
        (ConformanceError.decoderFailed(command: "./decoder", reason: "not found"), .infrastructure),
        (AdoptionError.filesExist(["acceptance-gate.json"]), .failure),
    ]

    @Test("each module error keeps its own sentence and gets its exit code", arguments: table.indices)
    func mapped(_ index: Int) {
        let row = Self.table[index]
        let diagnostic = CommandLineError(row.error).diagnostic
        #expect(diagnostic.exitCode == row.exit, "\(row.error)")
        #expect(diagnostic.text == "\(row.error)")
        #expect(!diagnostic.line.contains("\n"))
    }

    @Test("a command-line error stays itself; an unknown error is infrastructure")
    func passthrough() {
        let own = CommandLineError.missingArgument("<path>", command: CommandPath(["scan"]))
        #expect(CommandLineError(own) == own)
        struct Unknown: Error {}
        #expect(CommandLineError(Unknown()).diagnostic.exitCode == .infrastructure)
    }
}
