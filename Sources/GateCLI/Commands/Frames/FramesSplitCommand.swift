//===----------------------------------------------------------------------===//
// FramesSplitCommand.swift: `acceptance-gate frames split [--limit N] [--summary]`.
//===----------------------------------------------------------------------===//

import FrameCodec
import GateCore

/// `frames split`: cuts a raw stream of back-to-back frames on standard input into payloads.
///
/// Standard input goes through one ``StreamFramer`` in ``readSize`` reads; each frame's payload is
/// hex encoded straight into the output buffer. Frames wholly inside a read are handed over where
/// they lie; once a read ends inside a frame whose header is in, the rest of that frame is read
/// straight into the framer's storage, so its bytes are copied at most once, whatever its size.
/// Memory stays at one read buffer, one output buffer and at most one unfinished frame, however
/// long the stream.
package enum FramesSplitCommand: GateCommand {
    /// `--summary`: print only the totals, for throughput runs.
    package static let summary = OptionSpec.flag(
        "summary", help: "Print only 'frames <count> bytes <payload bytes>' at the end, not each payload.")

    /// Bytes read from standard input at a time.
    static let readSize = 256 * 1024

    /// `frames split`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "split", abstract: "Cut a raw stream of frames on standard input into payloads.",
            discussion: "Reads frames back to back from standard input, in whatever chunks arrive, and "
                + "prints 'ok <hex payload>' for each. A bad header prints 'error <kind>' (version or "
                + "oversized) and stops; input that ends inside a frame prints 'incomplete <bytes left>'. "
                + "Both exit 1. Exits 0 when the stream ended cleanly between frames.",
            options: [FramesOptions.limit, summary])
    }

    /// Splits standard input into frames.
    ///
    /// - Returns: ``GateExitStatus/success`` when the stream ended between frames, ``GateExitStatus/failure``
    ///   after a bad header or a partial last frame.
    /// - Throws: a ``CommandLineError`` for a failed read or write.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> GateExitStatus {
        let limit = arguments.integer(FramesOptions.limit) ?? FrameFormat.defaultLimit
        let summaryOnly = arguments.flag(summary)
        let output = context.console.output
        // The validator has checked the limit against FrameFormat.limitRange, so this cannot trap.
        var framer = StreamFramer(limit: limit)
        var ending: String?

        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: readSize, alignment: 16)
        defer { chunk.deallocate() }
        let input = context.console.input
        var tally = FrameTally()
        let lines = summaryOnly ? nil : output
        reading: while true {
            // Once a frame's header is in, the rest of it is read where the framer keeps it:
            // reading it into `chunk` and feeding that would copy every byte a second time.
            if framer.missingPayloadByteCount > 0 {
                let count = try framer.readMissingPayload(
                    using: { (room) throws(CommandLineError) in try input.read(into: room) },
                    onFrame: { tally.add($0, to: lines) })
                guard count > 0 else { break }
                try output.checkForFailure()
                continue
            }
            let count = try input.read(into: chunk)
            guard count > 0 else { break }
            do {
                // A closure literal, not a local function: a local function's captured variables
                // are boxed and every frame would pay for dynamic exclusivity checks.
                try framer.feed(UnsafeRawBufferPointer(rebasing: chunk.prefix(count))) { tally.add($0, to: lines) }
            } catch {
                ending = "error " + error.kind.rawValue
                break reading
            }
            try output.checkForFailure()
        }
        if ending == nil, framer.bufferedByteCount > 0 {
            ending = "incomplete \(framer.bufferedByteCount)"
        }

        if summaryOnly {
            output.writeLine("frames \(tally.frames) bytes \(tally.payloadBytes)")
        }
        guard let ending else { return .success }
        output.writeLine(ending)
        return .failure
    }
}
