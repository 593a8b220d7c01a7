//===----------------------------------------------------------------------===//
// HeaderNameWithholding.swift: header names shaped like credentials stay out of the ledger.
//===----------------------------------------------------------------------===//

/// Decides which header names the ledger withholds. A header *name* is free text the client
/// chose, and a client that puts a token where a name belongs (`ghp_…: 1`, a misconfigured
/// proxy, a test that swaps name and value) would otherwise see it written to the ledger, the
/// report and the archived artifacts.
///
/// The fixture cannot depend on TokenScan (it runs as the code under test's peer and must stay
/// small), so this is a conservative shape rule over the lowercased name; it errs towards
/// withholding. A name is withheld when any of these holds:
///
/// - it is longer than ``maxLength`` (40) bytes: registered field names stay well under that
///   (`content-security-policy-report-only` is 35);
/// - it has a run of ``maxLetterRun`` (20) or more letters and digits between separators
///   (`-`, `_`, `.` and every other non-alphanumeric byte): English words in field names are at
///   most about 13 letters (`authorization`), while base64, hex and prefixed tokens
///   (`ghp_` + 36, `xoxb-…`, 32 hex digits) are long unbroken runs;
/// - it has a run of ``maxMixedRun`` (12) or more that mixes letters and digits: real names put
///   digits only in short runs (`x-b3-traceid`, `http2-settings`, `x-amz-content-sha256`), while
///   an AWS key id (`akia` + 16) or a short random id mixes them throughout.
package enum HeaderNameWithholding {
    /// What the ledger records instead of a withheld name. The parentheses are not token
    /// characters (RFC 9110 §5.1), so no real field name can be mistaken for it.
    package static let placeholder = "(withheld)"
    /// The longest name recorded as is.
    package static let maxLength = 40
    /// The shortest alphanumeric run that is withheld whatever it holds.
    package static let maxLetterRun = 20
    /// The shortest run mixing letters and digits that is withheld.
    package static let maxMixedRun = 12

    /// `name`, or ``placeholder`` when it is shaped like a credential.
    package static func recorded(_ name: String) -> String {
        isTokenShaped(name) ? placeholder : name
    }

    /// Whether `name` (lowercased, as the parser hands it over) is shaped like a credential.
    package static func isTokenShaped(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
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
}
