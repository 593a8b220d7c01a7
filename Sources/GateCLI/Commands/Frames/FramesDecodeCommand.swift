//===----------------------------------------------------------------------===//
// FramesDecodeCommand.swift: `acceptance-gate frames decode --batch [--limit N]`.
//===----------------------------------------------------------------------===//

import FrameCodec
import GateCore

/// `frames decode --batch`: decodes one hex-encoded input per line of standard input and answers
/// each with `ok <hex payload>` (just `ok` for an empty payload) or `error <kind>`, in order.
///
/// This is the protocol `frames check --decoder CMD` speaks to external decoders, so its output
/// format is a stable contract (design.md, "Command-line contracts").
package enum FramesDecodeCommand: GateCommand {
    /// `--batch`: required, so the stdin protocol is always asked for explicitly.
    package static let batch = OptionSpec.flag(
        "batch", isRequired: true,
        help: "Read one hex-encoded input per line of standard input and answer each in order.")

    /// Bytes read from standard input at a time.
    static let readSize = 64 * 1024

    /// `frames decode`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "decode", abstract: "Decode one hex-encoded frame per line of standard input.",
            discussion: "Each line of standard input is one input, in hex (either case; an empty line is the "
                + "empty input; a trailing carriage return is ignored). Each gets one line on standard "
                + "output, in order: 'ok <hex payload>' ('ok' alone for an empty payload) or "
                + "'error <kind>', where kind is truncated, oversized, version or trailing. Exits 0 when "
                + "every line was answered. A line that is not hex, has an odd number of digits, or has "
                + "more than 2 * (limit + 21) digits stops the command with exit 2, naming the line; the "
                + "lines before it stay answered.",
            options: [batch, FramesOptions.limit])
    }

    /// Answers every line of standard input.
    ///
    /// - Returns: ``GateExitStatus/success`` once every line was answered.
    /// - Throws: a ``CommandLineError`` for a malformed line (after answering the lines before it),
    ///   or for a failed read or write.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> GateExitStatus {
        let limit = arguments.integer(FramesOptions.limit) ?? FrameFormat.defaultLimit
        // The validator has checked the limit against FrameFormat.limitRange, so this cannot trap.
        let decoder = FrameDecoder(limit: limit)
        let output = context.console.output
        var lines = HexLineDecoder(limit: limit)

        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: readSize, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let count = try context.console.input.read(into: chunk)
            guard count > 0 else { break }
            try lines.consume(UnsafeRawBufferPointer(rebasing: chunk.prefix(count))) { input in
                answer(input, decoder: decoder, output: output)
            }
            // Answer what has arrived before reading on, so a client that writes a line and waits
            // for its answer (a decoder driven interactively) is not left hanging.
            try output.flush()
        }
        try lines.finish { input in answer(input, decoder: decoder, output: output) }
        return .success
    }

    /// Decodes one input and writes its answer line.
    private static func answer(_ input: UnsafeRawBufferPointer, decoder: FrameDecoder, output: BufferedOutput) {
        do {
            output.writeOKLine(payload: try decoder.decode(input))
        } catch {
            output.writeLine("error " + error.kind.rawValue)
        }
    }
}
