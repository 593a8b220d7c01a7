//===----------------------------------------------------------------------===//
// FramesCheckCommand.swift: `acceptance-gate frames check [--decoder CMD] [--limit N]`.
//===----------------------------------------------------------------------===//

import FrameCodec
import FrameConformance
import GateCore
import GateProcess

/// `frames check`: the frame conformance suite against the built-in decoder or an external one,
/// printed as design.md's four acceptance points with counts, exit 0 when all hold and 1 otherwise.
package enum FramesCheckCommand: GateCommand {
    /// `--decoder <command>`: an external decoder that speaks `frames decode --batch`.
    package static let decoder = OptionSpec.value(
        "decoder", kind: .text, valueName: "command",
        help: "Check this command instead of the built-in decoder. It must speak the 'frames decode --batch' "
            + "protocol; give it as one argument, quoted as in a shell, e.g. --decoder 'python3 my_decoder.py'.")

    /// `--timeout <seconds>`: how long one batch of inputs may take an external decoder.
    package static let timeout = OptionSpec.value(
        "timeout", kind: .integer(1...ConformanceRunner.maximumBatchTimeoutSeconds), valueName: "seconds", defaultValue: .integer(120),
        help: "How long an external decoder may take to answer one batch of up to 4096 inputs.")

    /// `--limit <n>`: as for the other `frames` commands, but at most 64 MiB, because the suite
    /// builds a frame of exactly the limit in memory (several times, for its variants).
    package static let limit = OptionSpec.value(
        "limit", kind: .integer(0...maximumLimit), valueName: "n",
        defaultValue: .integer(FrameFormat.defaultLimit),
        help: "The decoder's payload limit, in bytes (0 to \(maximumLimit)); the suite builds a frame of this size.")

    /// `--json`: the result as one JSON document, for scripts and for the gate's own frames suite.
    package static let json = OptionSpec.flag(
        "json",
        help: "For scripts: print the result as one line of JSON on standard output instead of the report "
            + "(format, cases, the four points with their counts and minimised counterexample, the report's lines), "
            + "or {\"format\": 1, \"failure\": …} when the decoder cannot be run; the exit codes stay the same.")

    /// How long an interrupted check gives the external decoder's group between SIGTERM and
    /// SIGKILL: well inside the grace the gate's frames suite gives the check itself, so the
    /// decoder is gone before the check is.
    static let decoderStopGrace = Duration.seconds(1)

    /// The largest limit `frames check` accepts: 64 MiB.
    static let maximumLimit = 64 << 20

    /// `frames check`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "check", abstract: "Run the frame conformance suite and print the four acceptance points.",
            discussion: "Runs the hand-verified vectors and the cases generated from them (every proper prefix of "
                + "each valid frame, trailing bytes after each, every version byte other than 1, and headers "
                + "over the limit) against the built-in decoder, or against --decoder. Prints each acceptance "
                + "point with its counts; on a failure, the first failing cases and the first one minimised "
                + "to the shortest input that fails the same way, as hex. Exits 0 when all four points hold, "
                + "1 when one fails, 3 when the external decoder cannot be run; interrupted, it stops the external decoder "
                + "first and exits 130 (SIGINT) or 143 (SIGTERM).",
            options: [decoder, limit, timeout, json])
    }

    /// Runs the suite and prints the report.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> GateExitStatus {
        let limit = arguments.integer(Self.limit) ?? FrameFormat.defaultLimit
        var words: [String]?
        if let commandLine = arguments.text(decoder) {
            guard let split = CommandWords.split(commandLine), !split.isEmpty else {
                throw .invalidValue(
                    option: decoder.spelling, value: commandLine,
                    allowed: "a command with its arguments, quotes closed", command: arguments.command)
            }
            words = split
        }
        let seconds = arguments.integer(timeout) ?? 120
        if arguments.flag(json) {
            // `run` reads the result from this process's standard output, a pipe it holds, and
            // an external decoder is the change's code running as the same user: it may not
            // write into that pipe through /proc/<pid>/fd/1 or ptrace, as for the fixture's ledger.
            SecretHygiene.denyInspection()
        }
        // An external decoder leads a process group of its own, which a signal to this one does
        // not reach: the monitor stops it before this process ends (the gate's frames suite runs
        // this command as a child and stops it at its timeout). The built-in decoder has no
        // children, so a signal may end the check at once.
        let monitor = words == nil ? nil : InterruptMonitor(stopGrace: decoderStopGrace)
        defer { monitor?.cancel() }
        let supervisor = monitor.map { ProcessSupervisor(monitor: $0) } ?? .standalone
        let document: ConformanceDocument
        do {
            let report = try ConformanceRunner.check(
                limit: limit, decoder: words, timeout: .seconds(seconds),
                environment: FrameDecoderEnvironment.decoderEnvironment(context.environment), supervisor: supervisor)
            document = .result(ConformanceResult(report))
            if !arguments.flag(json) {
                for line in report.lines() {
                    context.console.output.writeLine(line)
                }
            }
        } catch {
            if let code = monitor?.exitCode { return GateExitStatus(outcome: code) }
            // A decoder that cannot be asked is an infrastructure error (exit 3).
            guard arguments.flag(json) else { throw CommandLineError(error) }
            document = .failure(error.description)
        }
        if let code = monitor?.exitCode { return GateExitStatus(outcome: code) }
        if arguments.flag(json) {
            context.console.output.writeLine(document.json)
        }
        switch document {
        case .result(let result): return result.passed ? .success : .failure
        case .failure: return .infrastructure
        }
    }
}
