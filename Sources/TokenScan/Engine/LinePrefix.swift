//===----------------------------------------------------------------------===//
// LinePrefix.swift: the per-line prefixes CI systems put before a line's text.
//===----------------------------------------------------------------------===//

/// Recognises the prefixes CI systems write before each line, so that matching starts after them
/// and a PEM block printed into such a log is read across its prefixed lines:
///
/// - a UTF-8 byte order mark (the first line of a GitHub Actions download);
/// - a timestamp, bare or in brackets, with an optional `:` after the bracket: GitHub Actions raw
///   logs (`2024-06-12T18:35:39.0123400Z `), fastlane (`[18:36:05]: `), Jenkins' timestamper
///   (`[2024-06-12T18:35:39.012Z] `, `18:35:39 `), Xcode Cloud and unified logging
///   (`2024-06-12 18:35:39.012345+0000 `), GitLab (`2024-06-12T18:35:39.012345Z 00O `);
/// - the `+ ` (`++ `, …) that `set -x` writes before each command.
///
/// A timestamp has at least two `:` and six digits; anything else is left alone. Prefixes that
/// a file's lines share but that no CI system writes are learnt per PEM block instead: the bytes
/// before `-----BEGIN` on its header line (see ``PEMBlock``).
enum LinePrefix {
    /// The length of the known prefixes at the start of `line` (0 when there is none).
    @inline(__always)
    static func length(of line: LineView) -> Int {
        var index = 0
        if line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF { index = 3 }
        let first = line[index]
        if first &- UInt8(ascii: "0") < 10 || first == UInt8(ascii: "[") { index = timestamp(line, from: index) }
        return setTrace(line, from: index)
    }

    /// The index after a timestamp prefix at `start`, or `start`.
    private static func timestamp(_ line: LineView, from start: Int) -> Int {
        var index = start
        let bracketed = line[index] == UInt8(ascii: "[")
        if bracketed { index += 1 }
        var colons = 0
        var digits = 0
        let limit = min(line.count, index + 40)
        while index < limit {
            let byte = line[index]
            if byte &- UInt8(ascii: "0") < 10 {
                digits += 1
            } else if byte == UInt8(ascii: ":") {
                // `]: ` ends fastlane's prefix; a colon then a space is no part of a time.
                if line[index + 1] == UInt8(ascii: " ") { break }
                colons += 1
            } else if byte == UInt8(ascii: " ") {
                // A date and a time separated by one space (`2024-06-12 18:35:39`).
                guard colons == 0, line[index + 1] &- UInt8(ascii: "0") < 10, digits == 8 else { break }
            } else if !(byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "T")
                || byte == UInt8(ascii: "Z") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ","))
            {
                break
            }
            index += 1
        }
        guard colons >= 2, digits >= 6 else { return start }
        if bracketed {
            guard line[index] == UInt8(ascii: "]") else { return start }
            index += 1
            if line[index] == UInt8(ascii: ":") { index += 1 }
        }
        guard line[index] == UInt8(ascii: " ") || index == line.count else { return start }
        while line[index] == UInt8(ascii: " ") { index += 1 }
        // GitLab's stream marker: two digits, `O` or `E`, an optional `+`.
        if line[index] &- UInt8(ascii: "0") < 10, line[index + 1] &- UInt8(ascii: "0") < 10,
            line[index + 2] == UInt8(ascii: "O") || line[index + 2] == UInt8(ascii: "E")
        {
            var after = index + 3
            let continued = line[after] == UInt8(ascii: "+")
            if continued { after += 1 }
            if continued || line[after] == UInt8(ascii: " ") || after == line.count {
                index = after
                while line[index] == UInt8(ascii: " ") { index += 1 }
            }
        }
        return index
    }

    /// The index after `+ `, `++ `, … at `start`, or `start`.
    private static func setTrace(_ line: LineView, from start: Int) -> Int {
        var index = start
        while index - start < 8, line[index] == UInt8(ascii: "+") { index += 1 }
        guard index > start, line[index] == UInt8(ascii: " ") else { return start }
        return index + 1
    }
}
