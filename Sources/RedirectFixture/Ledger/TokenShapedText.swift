//===----------------------------------------------------------------------===//
// TokenShapedText.swift: free text shaped like a credential stays out of the ledger.
//===----------------------------------------------------------------------===//

import GateCore

/// Decides which free text the ledger withholds: header names and request paths. Both are chosen
/// by the client (the code under test), and a client that puts a token where a name or a path
/// belongs (`ghp_…: 1`, `GET /callback/ghp_…`, a misconfigured proxy, a test that swaps name
/// and value) would otherwise see it written to the ledger, the report and the archived
/// artifacts. The query is never recorded at all (``ListenerLedger/paths``).
///
/// The fixture cannot depend on TokenScan (it runs as the code under test's peer and must stay
/// small), so this is a conservative shape rule over one piece of text (a header name, or one
/// percent-decoded path segment); it errs towards withholding. A piece is withheld when any of
/// these holds:
///
/// - it is longer than ``maxLength`` (40) bytes: registered field names stay well under that
///   (`content-security-policy-report-only` is 35), and so do the segments of the paths a
///   redirect test asks for;
/// - it has a run of ``maxLetterRun`` (20) or more letters and digits between separators
///   (`-`, `_`, `.` and every other non-alphanumeric byte): English words in field names are at
///   most about 13 letters (`authorization`), while base64, hex and prefixed tokens
///   (`ghp_` + 36, `xoxb-…`, 32 hex digits) are long unbroken runs;
/// - it has a run of ``maxMixedRun`` (12) or more that mixes letters and digits: real names put
///   digits only in short runs (`x-b3-traceid`, `http2-settings`, `x-amz-content-sha256`), while
///   an AWS key id (`akia` + 16) or a short random id mixes them throughout.
package enum TokenShapedText {
    /// What the ledger records instead of withheld text. The parentheses are not token
    /// characters (RFC 9110 §5.1), so no real field name can be mistaken for it.
    package static let placeholder = "(withheld)"
    /// The longest piece recorded as is.
    package static let maxLength = 40
    /// The shortest alphanumeric run that is withheld whatever it holds.
    package static let maxLetterRun = 20
    /// The shortest run mixing letters and digits that is withheld.
    package static let maxMixedRun = 12

    /// `name`, or ``placeholder`` when it is shaped like a credential.
    package static func recorded(headerName name: String) -> String {
        isTokenShaped(name) ? placeholder : name
    }

    /// `path` with each `/`-separated segment that is shaped like a credential, once
    /// percent-decoded (so `%67hp_…` is no way round), replaced by ``placeholder``:
    /// `/callback/ghp_…` is recorded as `/callback/(withheld)`, `/redirect/same-origin` as is.
    package static func recorded(path: String) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.contains(where: { isTokenShaped(percentDecoded(Array($0.utf8))) }) else { return path }
        return segments.map { isTokenShaped(percentDecoded(Array($0.utf8))) ? placeholder : String($0) }.joined(separator: "/")
    }

    /// Whether `text` (one header name or one path segment) is shaped like a credential.
    package static func isTokenShaped(_ text: String) -> Bool {
        isTokenShaped(Array(text.utf8))
    }

    /// Whether `bytes` are shaped like a credential (the rules above; letters in either case).
    private static func isTokenShaped(_ bytes: [UInt8]) -> Bool {
        if bytes.count > maxLength { return true }
        var run = 0
        var letters = false
        var digits = false
        for byte in bytes + [UInt8(ascii: "-")] {
            let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            if isLetter || isDigit {
                run += 1
                letters = letters || isLetter
                digits = digits || isDigit
                continue
            }
            if run >= maxLetterRun || (run >= maxMixedRun && letters && digits) { return true }
            run = 0
            letters = false
            digits = false
        }
        return false
    }

    /// `bytes` with every `%XX` (two hex digits) replaced by its byte; anything else kept.
    private static func percentDecoded(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "%")) else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = HexCodec.value(of: bytes[index + 1]), let low = HexCodec.value(of: bytes[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(byte)
                index += 1
            }
        }
        return output
    }
}
