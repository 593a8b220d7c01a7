//===----------------------------------------------------------------------===//
// HeadScanner.swift: finds the end of a request head as bytes arrive, enforcing the limits.
//===----------------------------------------------------------------------===//

import GateCore

/// Finds where a request head ends (the empty line) while its bytes arrive, without
/// rescanning what it has already seen, and refuses a head as soon as it breaks a rule:
///
/// - every line ends in CRLF: a bare LF or a CR not followed by LF is 400 (one framing rule,
///   so no two parsers can disagree about where a request ends);
/// - no NUL byte anywhere in the head (400);
/// - the request line fits ``FixtureConfiguration/maxRequestLineBytes`` (else 414) and the whole
///   head fits ``FixtureConfiguration/maxHeaderBytes`` (else 431).
///
/// Up to ``maxLeadingEmptyLines`` empty lines before a request line are skipped, as RFC 9112
/// §2.2 suggests for clients that send a stray CRLF after a body.
struct HeadScanner {
    /// What a scan found.
    enum Outcome: Equatable {
        /// The head is not complete yet; scan again when more bytes arrive.
        case needMore
        /// The head ends just before `end` (an index into the scanned bytes, after CRLF CRLF).
        case complete(end: Int)
        /// The head breaks a rule.
        case rejected(HeadRejection)
    }

    /// The most empty lines skipped before a request line.
    static let maxLeadingEmptyLines = 8

    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")

    private let maxRequestLineBytes: Int
    private let maxHeaderBytes: Int

    /// Bytes of the current head already scanned, counted from its start.
    private var scanned = 0
    /// Whether the request line's CRLF has been seen.
    private var requestLineEnded = false
    /// Empty lines skipped before the current head.
    private var leadingEmptyLines = 0

    /// Creates a scanner with the configuration's limits.
    init(configuration: FixtureConfiguration) {
        self.maxRequestLineBytes = max(16, configuration.maxRequestLineBytes)
        self.maxHeaderBytes = max(16, configuration.maxHeaderBytes)
    }

    /// Forgets the current head; the next scan starts a new one.
    mutating func reset() {
        scanned = 0
        requestLineEnded = false
        leadingEmptyLines = 0
    }

    /// Skips leading empty lines at `start`.
    ///
    /// - Returns: the new start, or `nil` when there were too many (the caller answers 400).
    mutating func skipEmptyLines(in bytes: [UInt8], from start: Int) -> Int? {
        guard scanned == 0 else { return start }
        var start = start
        while bytes[safe: start] == Self.cr, bytes[safe: start + 1] == Self.lf {
            leadingEmptyLines += 1
            if leadingEmptyLines > Self.maxLeadingEmptyLines { return nil }
            start += 2
        }
        return start
    }

    /// Scans `bytes` from the head's first byte at `start` to the end, resuming where the
    /// previous scan stopped.
    mutating func scan(_ bytes: [UInt8], from start: Int) -> Outcome {
        var index = start + scanned
        let end = bytes.count
        while index < end {
            let byte = bytes[index]
            let previous = index > start ? bytes[index - 1] : 0
            if byte == Self.lf {
                guard previous == Self.cr else {
                    return .rejected(HeadRejection(.badRequest, "a line ends in a bare LF; end every line with CRLF"))
                }
                requestLineEnded = true
                // CR LF CR LF: the empty line that ends the head.
                if index - 3 >= start, bytes[index - 2] == Self.lf {
                    reset()
                    return .complete(end: index + 1)
                }
            } else if previous == Self.cr {
                return .rejected(HeadRejection(.badRequest, "a CR is not followed by LF; end every line with CRLF"))
            } else if byte == 0 {
                return .rejected(HeadRejection(.badRequest, "the request head contains a NUL byte"))
            }
            index += 1
            let length = index - start
            if !requestLineEnded, length > maxRequestLineBytes {
                return .rejected(HeadRejection(.uriTooLong, "the request line is longer than \(maxRequestLineBytes) bytes"))
            }
            if length > maxHeaderBytes {
                return .rejected(
                    HeadRejection(.headerFieldsTooLarge, "the header section is longer than \(maxHeaderBytes) bytes"))
            }
        }
        scanned = index - start
        return .needMore
    }
}
