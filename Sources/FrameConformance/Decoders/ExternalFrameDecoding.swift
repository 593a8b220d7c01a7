//===----------------------------------------------------------------------===//
// ExternalFrameDecoding.swift: a decoder behind a command that speaks `frames decode --batch`.
//===----------------------------------------------------------------------===//

import GateCore
package import GateProcess

/// A decoder behind a command that speaks the `frames decode --batch` protocol: one hex input per
/// line on stdin, one `ok <hex>` / `error <kind>` line per input on stdout, in order.
///
/// This is how a team checks its own app's decoder: a tiny command-line wrapper around it is enough.
/// Each batch of inputs is one run of the command, with a deadline.
package struct ExternalFrameDecoding: FrameDecoding {
    /// The command and its arguments.
    package var command: [String]
    /// The longest one batch may take.
    package var timeout: Duration
    /// The environment the command runs with.
    package var environment: [String: String]
    /// Who runs the command: the run's supervisor, so an interruption stops a batch at once.
    package var supervisor: ProcessSupervisor

    /// Creates an external decoder.
    package init(
        command: [String], timeout: Duration = .seconds(120), environment: [String: String] = ProcessSpec.currentEnvironment,
        supervisor: ProcessSupervisor = .standalone
    ) {
        self.command = command
        self.timeout = timeout
        self.environment = environment
        self.supervisor = supervisor
    }

    /// The command line, as reports name the decoder.
    package var name: String { "decoder '\(commandLine)'" }

    private var commandLine: String { command.joined(separator: " ") }

    /// Runs the command once for `inputs` and reads one answer per input.
    package func outcomes(for inputs: [CaseInput]) throws(ConformanceError) -> [FrameOutcome] {
        guard !inputs.isEmpty else { return [] }
        var stdin: [UInt8] = []
        stdin.reserveCapacity(inputs.reduce(0) { $0 + 2 * $1.count + 1 })
        for input in inputs {
            input.withBytes { HexCodec.append($0, to: &stdin) }
            stdin.append(UInt8(ascii: "\n"))
        }
        let result: ProcessResult
        do {
            result = try supervisor.run(ProcessSpec(arguments: command, environment: environment, stdin: .bytes(stdin)), timeout: timeout)
        } catch {
            throw .decoderFailed(command: commandLine, reason: error.description)
        }
        let stderrTail = String(decoding: result.stderr.suffix(2_000), as: UTF8.self)
        if result.timedOut {
            throw .decoderFailed(command: commandLine, reason: "no answer to \(inputs.count) inputs within \(timeout); it was stopped")
        }
        guard result.status == .exited(code: 0) else {
            let last = stderrTail.split(separator: "\n").last.map { "; it last printed: \($0.prefix(200))" } ?? ""
            throw .decoderFailed(command: commandLine, reason: "it \(result.status) after \(inputs.count) inputs\(last)")
        }
        var outcomes: [FrameOutcome] = []
        outcomes.reserveCapacity(inputs.count)
        var lineNumber = 0
        let stdout = result.stdout.last == UInt8(ascii: "\n") ? result.stdout.dropLast() : result.stdout[...]
        for line in stdout.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) where !stdout.isEmpty {
            lineNumber += 1
            guard lineNumber <= inputs.count else {
                throw .badAnswer(
                    command: commandLine, line: lineNumber,
                    text: "an answer to no input: " + String(decoding: line.prefix(60), as: UTF8.self))
            }
            let text = Substring(String(decoding: line, as: UTF8.self))
            guard let outcome = FrameOutcome(protocolLine: text) else {
                throw .badAnswer(command: commandLine, line: lineNumber, text: String(text))
            }
            outcomes.append(outcome)
        }
        guard outcomes.count == inputs.count else {
            throw .missingAnswers(command: commandLine, asked: inputs.count, answered: outcomes.count, stderr: stderrTail)
        }
        return outcomes
    }
}
