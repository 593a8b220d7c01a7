//===----------------------------------------------------------------------===//
// FramesCheckCommand.swift: `acceptance-gate frames check [--decoder CMD] [--limit N]`.
//===----------------------------------------------------------------------===//

import FrameCodec
import FrameConformance

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
        "timeout", kind: .integer(1...86_400), valueName: "seconds", defaultValue: .integer(120),
        help: "How long an external decoder may take to answer one batch of up to 4096 inputs.")

    /// `--limit <n>`: as for the other `frames` commands, but at most 64 MiB, because the suite
    /// builds a frame of exactly the limit in memory (several times, for its variants).
    package static let limit = OptionSpec.value(
        "limit", kind: .integer(0...maximumLimit), valueName: "n",
        defaultValue: .integer(FrameFormat.defaultLimit),
        help: "The decoder's payload limit, in bytes (0 to \(maximumLimit)); the suite builds a frame of this size.")

    /// The largest limit `frames check` accepts: 64 MiB.
    static let maximumLimit = 64 << 20

    /// Frames up to this size get every prefix when the decoder is built in (a million cases at the
    /// default limit take a few seconds); larger ones get a sample, as for external decoders.
    static let builtinExhaustiveUpTo = (4 << 20) + FrameFormat.headerSize

    /// Frames up to this size get every prefix and every version byte when the decoder is external;
    /// larger ones get a sample, so a megabyte frame does not become gigabytes of hex on a pipe.
    static let externalExhaustiveUpTo = 4_096

    /// `frames check`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "check", abstract: "Run the frame conformance suite and print the four acceptance points.",
            discussion: "Runs the hand-verified vectors and the cases generated from them (every proper prefix of "
                + "each valid frame, trailing bytes after each, every version byte other than 1, and headers "
                + "over the limit) against the built-in decoder, or against --decoder. Prints each acceptance "
                + "point with its counts; on a failure, the first failing cases and the first one minimised "
                + "to the shortest input that fails the same way, as hex. Exits 0 when all four points hold, "
                + "1 when one fails, 3 when the external decoder cannot be run.",
            options: [decoder, limit, timeout])
    }

    /// Runs the suite and prints the report.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> ExitCode {
        let limit = arguments.integer(Self.limit) ?? FrameFormat.defaultLimit
        let report: ConformanceReport
        if let commandLine = arguments.text(decoder) {
            guard let words = CommandWords.split(commandLine), !words.isEmpty else {
                throw .invalidValue(
                    option: decoder.spelling, value: commandLine,
                    allowed: "a command with its arguments, quotes closed", command: arguments.command)
            }
            let seconds = arguments.integer(timeout) ?? 120
            let suite = ConformanceSuite(limit: limit, exhaustiveUpTo: externalExhaustiveUpTo)
            report = try runSuite(suite, against: ExternalFrameDecoding(command: words, timeout: .seconds(seconds)))
        } else {
            report = try runSuite(
                ConformanceSuite(limit: limit, exhaustiveUpTo: builtinExhaustiveUpTo), against: BuiltinFrameDecoding(limit: limit))
        }
        for line in report.lines() {
            context.console.output.writeLine(line)
        }
        return report.passed ? .success : .failure
    }

    /// Runs `suite`; a decoder that cannot be asked is an infrastructure error (exit 3).
    private static func runSuite(_ suite: ConformanceSuite, against decoder: some FrameDecoding) throws(CommandLineError)
        -> ConformanceReport
    {
        do {
            return try ConformanceRunner(suite: suite).run(against: decoder)
        } catch {
            throw .unavailable(error.description)
        }
    }
}
