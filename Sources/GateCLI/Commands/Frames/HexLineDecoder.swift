//===----------------------------------------------------------------------===//
// HexLineDecoder.swift: cuts chunks of hex text into decoded lines, with a bound.
//===----------------------------------------------------------------------===//

import FrameConformance
import GateCore

/// Cuts hex text, fed in chunks of any size, into lines and decodes each line to bytes.
///
/// A line ends at `\n`; a `\r` right before it (or at the very end) is dropped. An empty line is
/// the empty input. Digits are accepted in either case. The decoded line never grows past
/// `maximumDigits / 2` bytes: a longer line is refused as soon as its digits pass the bound, so an
/// endless line cannot exhaust memory.
package struct HexLineDecoder {
    /// The most hex digits one line may have.
    package let maximumDigits: Int
    /// The frame limit the bound was derived from, for the error message.
    package let limit: Int

    /// How many bytes past the limit a line may decode to: the 5-byte header and 16 bytes more.
    package static let slackBytes = 21

    /// The number of the line being read, from 1.
    package private(set) var lineNumber = 1
    private var bytes: [UInt8] = []
    private var highNibble: UInt8?
    private var digitCount = 0
    private var pendingCarriageReturn = false

    /// Creates a decoder for inputs to a frame decoder with the given payload limit.
    ///
    /// A line may hold `2 * (limit + 21)` digits: the largest frame plus 16 bytes, so that inputs
    /// just over the limit (the conformance suite appends up to 5 bytes to a limit-sized frame)
    /// still get their `oversized` answer, while an endless line is refused early.
    package init(limit: Int) {
        self.limit = limit
        let (bytes, overflow) = limit.addingReportingOverflow(Self.slackBytes)
        let (digits, overflow2) = bytes.multipliedReportingOverflow(by: 2)
        self.maximumDigits = overflow || overflow2 ? Int.max : digits
    }

    /// Feeds a chunk and hands every line it completes to `onLine`, in order.
    ///
    /// - Parameters:
    ///   - chunk: the next bytes of the text.
    ///   - onLine: called with each complete line's decoded bytes, valid only during the call.
    /// - Throws: ``CommandLineError/invalidHexCharacter(line:column:byte:)``,
    ///   ``CommandLineError/oddHexDigitCount(line:count:)`` or
    ///   ``CommandLineError/lineTooLong(line:maximumDigits:limit:)``; lines before the bad one
    ///   have already been handed out.
    package mutating func consume(
        _ chunk: UnsafeRawBufferPointer,
        onLine: (UnsafeRawBufferPointer) -> Void
    ) throws(CommandLineError) {
        for byte in chunk {
            if pendingCarriageReturn {
                pendingCarriageReturn = false
                guard byte == UInt8(ascii: "\n") else {
                    throw .invalidHexCharacter(line: lineNumber, column: digitCount + 1, byte: UInt8(ascii: "\r"))
                }
                try endLine(onLine: onLine)
                continue
            }
            switch byte {
            case UInt8(ascii: "\n"):
                try endLine(onLine: onLine)
            case UInt8(ascii: "\r"):
                pendingCarriageReturn = true
            default:
                guard let value = HexCodec.value(of: byte) else {
                    throw .invalidHexCharacter(line: lineNumber, column: digitCount + 1, byte: byte)
                }
                guard digitCount < maximumDigits else {
                    throw .lineTooLong(line: lineNumber, maximumDigits: maximumDigits, limit: limit)
                }
                digitCount += 1
                if let high = highNibble {
                    bytes.append(high << 4 | value)
                    highNibble = nil
                } else {
                    highNibble = value
                }
            }
        }
    }

    /// Declares the end of the text: a last line without a newline is handed out too.
    ///
    /// - Throws: ``CommandLineError/oddHexDigitCount(line:count:)`` for a bad last line.
    package mutating func finish(onLine: (UnsafeRawBufferPointer) -> Void) throws(CommandLineError) {
        if digitCount > 0 || pendingCarriageReturn {
            pendingCarriageReturn = false
            try endLine(onLine: onLine)
        }
    }

    private mutating func endLine(onLine: (UnsafeRawBufferPointer) -> Void) throws(CommandLineError) {
        guard highNibble == nil else {
            throw .oddHexDigitCount(line: lineNumber, count: digitCount)
        }
        bytes.withUnsafeBytes { onLine($0) }
        bytes.removeAll(keepingCapacity: true)
        digitCount = 0
        lineNumber += 1
    }
}
