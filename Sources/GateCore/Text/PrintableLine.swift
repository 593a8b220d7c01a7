//===----------------------------------------------------------------------===//
// PrintableLine.swift: text from elsewhere made safe for one line on a terminal or in a CI log.
//===----------------------------------------------------------------------===//

/// Text that came from elsewhere (a child's output, an option value) as one safe line: terminal
/// escape sequences removed where asked (``ANSIEscapes``: a suite's coloured output), then every
/// control character left (newlines and ESC too),
/// the Unicode line and paragraph separators and the bidirectional overrides and isolates (which
/// reorder what a reader sees) written as `\u{XX}`, and at most `limit` characters.
package enum PrintableLine {
    /// `text` as one printable line of at most `limit` characters (then `…`); with
    /// `strippingEscapes` (a suite's output shown as it looked), escape sequences are dropped
    /// rather than written out and a tab is a space.
    package static func make(_ text: String, limit: Int, strippingEscapes: Bool = false) -> String {
        var bytes = Array(text.utf8)
        if strippingEscapes, bytes.contains(ANSIEscapes.escape) || bytes.contains(ANSIEscapes.csiTrail) {
            var stripped: [UInt8] = []
            let written = bytes.withUnsafeBufferPointer { ANSIEscapes.strip($0, into: &stripped) }
            bytes = Array(stripped.prefix(written))
        }
        var result = ""
        var count = 0
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            guard count < limit else {
                result += "…"
                break
            }
            if scalar == "\t" && strippingEscapes {
                result += " "
            } else if isUnsafe(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return result
    }

    /// `text` as a line that no CI runner reads as a command: ``make(_:limit:strippingEscapes:)``
    /// (so no CR or LF can start a new line, and no escape can repaint one), then neither a
    /// workflow command at its start (`::name::`, which GitHub's runner finds after any leading
    /// white space, a no-break space too) nor a legacy one anywhere (`##[name]`): a zero-width space breaks each, so a
    /// reader sees the text unchanged. Everything the gate prints that came from the code under
    /// test goes through here.
    package static func inert(_ text: String, limit: Int = 8192) -> String {
        breakingCommands(make(text, limit: limit))
    }

    /// `text` with a zero-width space before a leading `::` (after any leading white space) and
    /// inside every `##[`. Matched by Unicode scalars, as the runner matches UTF-16 code units,
    /// never by `Character`: a prepended mark (U+0600, U+0D4E) would fold `#` into a cluster
    /// that a `Character` search does not find but the runner's does.
    package static func breakingCommands(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        let start = scalars.firstIndex { !$0.properties.isWhitespace } ?? scalars.count
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if index == start, scalar == ":", index + 1 < scalars.count, scalars[index + 1] == ":" {
                result.append(zeroWidthSpace)
            }
            result.append(scalar)
            if scalar == "#", index + 2 < scalars.count, scalars[index + 1] == "#", scalars[index + 2] == "[" {
                result.append("#")
                result.append(zeroWidthSpace)
                index += 2
                continue
            }
            index += 1
        }
        return String(result)
    }

    /// U+200B, which no runner reads as white space or as part of a command.
    private static let zeroWidthSpace: Unicode.Scalar = "\u{200B}"

    /// C0 and C1 controls, DEL, U+2028…U+202E (separators, embeddings, overrides), the isolates
    /// U+2066…U+2069 and the marks U+200E, U+200F.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x2028...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value) || scalar.value == 0x200E || scalar.value == 0x200F
    }
}
