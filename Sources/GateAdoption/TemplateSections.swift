//===----------------------------------------------------------------------===//
// TemplateSections.swift: the optional parts of a starter file, kept or dropped by `init`.
//===----------------------------------------------------------------------===//

/// The optional parts of a starter file: the lines between a `# >>> NAME: why` line and a
/// `# <<< NAME` line (YAML or shell comments at any indentation, so the file in `templates/`
/// stays valid with every part in it). ``select(_:keeping:)`` keeps a part's lines when its name
/// is wanted, drops them otherwise, and drops the marker lines either way.
package enum TemplateSections {
    /// The names of the parts in `text`, in order; a name twice when its part is there twice.
    package static func names(in text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { begin(of: $0) }
    }

    /// Whether every `# >>> NAME` in `text` is closed by a `# <<< NAME` before the next one opens.
    package static func isBalanced(_ text: String) -> Bool {
        var open: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let name = begin(of: line) {
                guard open == nil else { return false }
                open = name
            } else if let name = end(of: line) {
                guard open == name else { return false }
                open = nil
            }
        }
        return open == nil
    }

    /// `text` with the parts named in `wanted` kept, every other part dropped, and no marker line.
    package static func select(_ text: String, keeping wanted: Set<String>) -> String {
        var kept: [Substring] = []
        var open: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let name = begin(of: line) {
                open = name
            } else if end(of: line) != nil {
                open = nil
            } else if open.map(wanted.contains) ?? true {
                kept.append(line)
            }
        }
        return kept.joined(separator: "\n")
    }

    /// The name a `# >>> NAME: …` line opens, `nil` for any other line.
    private static func begin(of line: Substring) -> String? {
        marker(line, "# >>> ")
    }

    /// The name a `# <<< NAME` line closes, `nil` for any other line.
    private static func end(of line: Substring) -> String? {
        marker(line, "# <<< ")
    }

    /// The word after `prefix` on a line that is only that comment (leading spaces allowed).
    private static func marker(_ line: Substring, _ prefix: String) -> String? {
        let text = line.drop { $0 == " " }
        guard text.hasPrefix(prefix) else { return nil }
        let name = text.dropFirst(prefix.count).prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        return name.isEmpty ? nil : String(name)
    }
}
