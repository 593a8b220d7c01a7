//===----------------------------------------------------------------------===//
// DomainLabelMapper.swift: one domain label to lowercase ASCII, or a refusal.
//===----------------------------------------------------------------------===//

import Foundation

/// Maps one domain label to its ASCII form: lowercase ASCII as is, non-ASCII to `xn--` punycode.
///
/// Full UTS #46 mapping (case folding of every script, compatibility forms, ignorable
/// characters, the Bidi and ContextJ rules) is out of scope. Instead the mapper accepts only
/// labels where that mapping is the identity after lowercasing, so our answer equals WHATWG's
/// whenever we give one, and refuses the rest:
/// - ASCII: letters, digits, `-` and `_` only.
/// - Non-ASCII: letters, marks and decimal digits that NFKC case folding leaves unchanged (so no
///   fullwidth forms, no `ſ`, no ignorable or zero-width characters), in NFC, not starting with a
///   mark, and no right-to-left scripts (the Bidi rule is not implemented). `ß` and `ς` are kept,
///   as UTS #46 non-transitional processing (WHATWG's) does.
/// - `xn--` labels must decode to a label this mapper accepts and encode back to themselves.
enum DomainLabelMapper {
    /// The longest label accepted, in ASCII (DNS's limit).
    static let maximumLabelLength = 63

    /// The ASCII form of `label`, or `nil` when it cannot be mapped safely.
    static func asciiLabel(_ label: [Unicode.Scalar]) -> String? {
        refusal(label) == nil ? mapped(label) : nil
    }

    /// Why `label` is refused, as the end of a sentence about the host.
    static func refusalReason(_ label: [Unicode.Scalar]) -> String {
        refusal(label) ?? "has a label that cannot be mapped to ASCII"
    }

    // MARK: - Mapping

    private static func mapped(_ label: [Unicode.Scalar]) -> String? {
        if label.allSatisfy(\.isASCII) {
            return String(String.UnicodeScalarView(label.map(lowercaseASCII)))
        }
        let lowered = Array(String(String.UnicodeScalarView(label)).lowercased().unicodeScalars)
        guard let encoded = Punycode.encode(lowered) else { return nil }
        return "xn--" + encoded
    }

    /// `nil` when the label is accepted, otherwise the reason.
    private static func refusal(_ label: [Unicode.Scalar]) -> String? {
        if label.allSatisfy(\.isASCII) {
            let lower = label.map(lowercaseASCII)
            guard lower.allSatisfy(isAllowedASCII) else {
                return "has a character other than a letter, digit, '-' or '_'"
            }
            guard lower.count <= maximumLabelLength else { return "has a label longer than 63 characters" }
            let text = String(String.UnicodeScalarView(lower))
            if text.hasPrefix("xn--") { return punycodeRefusal(String(text.dropFirst(4))) }
            return nil
        }
        // Lowercasing never drops scalars and Punycode writes at least one character per scalar
        // after `xn--`, so a longer label can never fit; refuse it before the quadratic encoder.
        guard label.count <= maximumLabelLength - 4 else {
            return "has a label longer than 63 characters in ASCII"
        }
        // Checked on the input, before lowercasing: `ẞ` (U+1E9E) lowercases to the kept `ß`, but
        // UTS #46 maps it to "ss", so accepting it would disagree with WHATWG.
        if let scalar = label.first(where: lowercasesToKeptDeviation) {
            return "has a character (U+\(hex(scalar))) that IDNA maps to another form"
        }
        let lowered = Array(String(String.UnicodeScalarView(label)).lowercased().unicodeScalars)
        guard !String(String.UnicodeScalarView(lowered)).hasPrefix("xn--") else {
            return "has an 'xn--' label that is not ASCII"
        }
        if let reason = unicodeRefusal(lowered) { return reason }
        guard let encoded = Punycode.encode(lowered), encoded.utf8.count + 4 <= maximumLabelLength else {
            return "has a label longer than 63 characters in ASCII"
        }
        return nil
    }

    /// Checks a lowercased non-ASCII label.
    private static func unicodeRefusal(_ label: [Unicode.Scalar]) -> String? {
        let text = String(String.UnicodeScalarView(label))
        guard Array(text.precomposedStringWithCanonicalMapping.unicodeScalars) == label else {
            return "has a label that is not in Unicode normal form C"
        }
        if let first = label.first, isMark(first) { return "has a label that starts with a combining mark" }
        for scalar in label {
            if scalar.isASCII {
                guard isAllowedASCII(scalar), scalar != "_" else {
                    return "has a character other than a letter, digit or '-'"
                }
                continue
            }
            guard !isRightToLeft(scalar) else {
                return "has a right-to-left label, which needs the IDNA Bidi rule (not implemented)"
            }
            guard isLetterMarkOrDigit(scalar) else {
                return "has a character (U+\(hex(scalar))) that IDNA maps, ignores or disallows"
            }
            let keptDeviation = isKeptDeviation(scalar)
            guard keptDeviation || !scalar.properties.changesWhenNFKCCaseFolded else {
                return "has a character (U+\(hex(scalar))) that IDNA maps to another form"
            }
        }
        return nil
    }

    /// An `xn--` label: valid Punycode for a non-ASCII label we accept, in its one spelling.
    private static func punycodeRefusal(_ encoded: String) -> String? {
        guard let decoded = Punycode.decode(encoded), !decoded.allSatisfy(\.isASCII) else {
            return "has an 'xn--' label that is not valid Punycode"
        }
        if let reason = unicodeRefusal(decoded) { return reason }
        let lowered = Array(String(String.UnicodeScalarView(decoded)).lowercased().unicodeScalars)
        guard lowered == decoded, Punycode.encode(decoded) == encoded else {
            return "has an 'xn--' label that is not in canonical form"
        }
        return nil
    }

    // MARK: - Character classes

    private static func lowercaseASCII(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard (0x41...0x5A).contains(scalar.value), let lower = Unicode.Scalar(scalar.value + 0x20) else { return scalar }
        return lower
    }

    /// `ß` and `ς`, which UTS #46 non-transitional processing keeps as they are.
    private static func isKeptDeviation(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{DF}" || scalar == "\u{3C2}"
    }

    /// A scalar other than `ß` and `ς` whose lowercase holds one of them (`ẞ`): UTS #46 maps it
    /// elsewhere, so lowercasing alone would give a different answer.
    private static func lowercasesToKeptDeviation(_ scalar: Unicode.Scalar) -> Bool {
        !isKeptDeviation(scalar) && scalar.properties.lowercaseMapping.unicodeScalars.contains(where: isKeptDeviation)
    }

    private static func isAllowedASCII(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x61...0x7A, 0x30...0x39, 0x2D, 0x5F: return true
        default: return false
        }
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    private static func isLetterMarkOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isDefaultIgnorableCodePoint { return false }
        switch scalar.properties.generalCategory {
        case .lowercaseLetter, .otherLetter, .modifierLetter, .decimalNumber: return true
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Scripts written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko and the rest): the
    /// blocks that hold Bidi classes R and AL.
    private static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }

    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
