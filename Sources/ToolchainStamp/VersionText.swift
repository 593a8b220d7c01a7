//===----------------------------------------------------------------------===//
// VersionText.swift: parsers for `swift --version` and `/etc/os-release`.
//===----------------------------------------------------------------------===//

/// Pure parsers for the texts the toolchain stamp reads.
package enum VersionText {
    /// The Swift version in `swift --version` text: the `X.Y.Z` (or `X.Y`) after `Swift version `.
    ///
    /// A Mac's first line, `swift-driver version: 1.90.11.1 Apple Swift version 5.10 (…)`, gives
    /// `5.10`, never the driver's version. Returns `nil` when there is none.
    package static func swiftVersion(in text: String) -> String? {
        let marker = "Swift version "
        var rest = text[...]
        while let range = rest.range(of: marker) {
            let after = rest[range.upperBound...]
            var candidate = String(after.prefix { $0 == "." || ("0"..."9").contains($0) })
            while candidate.last == "." {
                candidate.removeLast()
            }
            let parts = candidate.split(separator: ".", omittingEmptySubsequences: false)
            if (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty }) {
                return candidate
            }
            rest = after
        }
        return nil
    }

    /// The target triple from the `Target: ` line, or `nil`.
    package static func target(in text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("Target:") else { continue }
            let triple = trimmed.dropFirst("Target:".count).trimmingSpaces()
            return triple.isEmpty ? nil : triple
        }
        return nil
    }

    /// The operating system's name from `/etc/os-release` text: `PRETTY_NAME`, else `NAME VERSION_ID`,
    /// else `nil`. Quotes and backslash escapes are removed.
    package static func prettyName(osRelease text: String) -> String? {
        var fields: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { continue }
            let key = line[..<equals].trimmingSpaces()
            fields[key] = unquote(line[line.index(after: equals)...].trimmingSpaces())
        }
        if let pretty = fields["PRETTY_NAME"], !pretty.isEmpty {
            return pretty
        }
        guard let name = fields["NAME"], !name.isEmpty else { return nil }
        guard let version = fields["VERSION_ID"], !version.isEmpty else { return name }
        return name + " " + version
    }

    /// `value` without surrounding single or double quotes and with backslash escapes resolved.
    private static func unquote(_ value: String) -> String {
        var text = value[...]
        if let first = text.first, first == "\"" || first == "'", text.count >= 2, text.last == first {
            text = text.dropFirst().dropLast()
        }
        var result = ""
        var escaped = false
        for character in text {
            if escaped || character != "\\" {
                result.append(character)
                escaped = false
            } else {
                escaped = true
            }
        }
        return result
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
