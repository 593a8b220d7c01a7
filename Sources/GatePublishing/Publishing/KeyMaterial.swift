//===----------------------------------------------------------------------===//
// KeyMaterial.swift: the signing key's secret text, as windows no output may hold.
//===----------------------------------------------------------------------===//

/// Every 16-character window of the signing key's secret encodings (the PEM text the gate was
/// handed, the PEM it loaded from a file, the seed in hex and base64): no output may hold one, even
/// where no scanner rule sees a key (a PEM body printed without its armour, a PEM whose line breaks
/// became spaces, a key quoted by an error message).
package struct KeyMaterial: Sendable {
    /// The window length: long enough that no ordinary text repeats one by chance.
    package static let windowLength = 16
    /// What stands in for a run of characters that held key material, in an archived log.
    package static let marker = "[REDACTED signing-key]"

    private var windows: Set<String> = []

    /// The windows of every piece of `texts` between white space and PEM dashes (the dashes and
    /// labels are not secret; the base64 between them is).
    package init(_ texts: [String] = []) {
        add(texts)
    }

    /// Whether there is any material at all.
    package var isEmpty: Bool { windows.isEmpty }

    /// `self` with the windows of `texts` too.
    package func adding(_ texts: [String]) -> KeyMaterial {
        var copy = self
        copy.add(texts)
        return copy
    }

    private mutating func add(_ texts: [String]) {
        for text in texts {
            for piece in text.split(whereSeparator: { $0.isWhitespace || $0 == "-" }) where piece.count >= Self.windowLength {
                let characters = Array(piece)
                for start in 0...(characters.count - Self.windowLength) {
                    windows.insert(String(characters[start..<(start + Self.windowLength)]))
                }
            }
        }
    }

    /// Whether any ``windowLength`` characters of `text` are a window of the material.
    package func isHeld(by text: String) -> Bool {
        guard !windows.isEmpty else { return false }
        let characters = Array(text)
        guard characters.count >= Self.windowLength else { return false }
        for start in 0...(characters.count - Self.windowLength)
        where windows.contains(String(characters[start..<(start + Self.windowLength)])) {
            return true
        }
        return false
    }

    /// `bytes` with every run of base64 or hex characters that holds a window replaced by
    /// ``marker``, and the 1-based lines where that happened.
    ///
    /// Only runs of at least ``windowLength`` such characters are looked at, at every 8th offset
    /// and the last: an occurrence of 23 characters or more (every encoding of a key is longer)
    /// has a window at one of them, so a log is read once at byte speed.
    package func redacted(_ bytes: [UInt8]) -> (bytes: [UInt8], lines: [Int]) {
        guard !windows.isEmpty else { return (bytes, []) }
        var output: [UInt8] = []
        var lines: [Int] = []
        var line = 1
        var index = 0
        var copiedUpTo = 0
        while index < bytes.count {
            guard Self.isKeyCharacter(bytes[index]) else {
                if bytes[index] == 0x0A { line += 1 }
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, Self.isKeyCharacter(bytes[index]) { index += 1 }
            guard index - start >= Self.windowLength, holdsWindow(bytes[start..<index]) else { continue }
            if output.isEmpty { output.reserveCapacity(bytes.count) }
            output += bytes[copiedUpTo..<start]
            output += Array(Self.marker.utf8)
            copiedUpTo = index
            if lines.last != line { lines.append(line) }
        }
        guard !lines.isEmpty else { return (bytes, []) }
        output += bytes[copiedUpTo...]
        return (output, lines)
    }

    private func holdsWindow(_ run: ArraySlice<UInt8>) -> Bool {
        let length = run.count
        var offsets = Array(stride(from: 0, through: length - Self.windowLength, by: 8))
        if offsets.last != length - Self.windowLength { offsets.append(length - Self.windowLength) }
        return offsets.contains { offset in
            let from = run.startIndex + offset
            return windows.contains(String(decoding: run[from..<(from + Self.windowLength)], as: UTF8.self))
        }
    }

    /// Base64 (standard and URL-safe) and hex characters.
    private static func isKeyCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2B, 0x2F, 0x3D, 0x5F, 0x2D: true
        default: false
        }
    }
}
