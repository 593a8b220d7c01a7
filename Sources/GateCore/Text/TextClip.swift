//===----------------------------------------------------------------------===//
// TextClip.swift: shortening text without leaving part of a secret behind.
//===----------------------------------------------------------------------===//

/// Shortens text for a report without exposing part of a secret: a cut that falls inside a run of
/// token characters (letters, digits, `-_+/=.`) drops the whole run, so what remains never holds
/// the head of a token the scanner would have recognised whole.
package enum TextClip {
    /// `text` cut to at most `limit` characters and then `…`, or `text` when it fits.
    package static func clip(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let cut = text.index(text.startIndex, offsetBy: max(0, limit))
        var kept = text[..<cut]
        if isTokenCharacter(text[cut]) {
            while let last = kept.last, isTokenCharacter(last) {
                kept = kept.dropLast()
            }
        }
        return String(kept) + "…"
    }

    /// A character that can be part of a token: ASCII letters and digits and `-_+/=.`.
    static func isTokenCharacter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return (0x30...0x39).contains(ascii) || (0x41...0x5A).contains(ascii) || (0x61...0x7A).contains(ascii)
            || "-_+/=.".utf8.contains(ascii)
    }
}
