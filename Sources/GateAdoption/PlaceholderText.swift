//===----------------------------------------------------------------------===//
// PlaceholderText.swift: `{{name}}` substitution for the starter files.
//===----------------------------------------------------------------------===//

/// The simplest part of the report templates' language: `{{name}}` is replaced by a value. A
/// placeholder is `{{`, a letter, letters and digits, `}}`, with nothing else in between; any other
/// `{{` is kept as text, so `${{ secrets.X }}` in a GitHub Actions file stays as written.
package enum PlaceholderText {
    /// The placeholder names in `text`, in order of appearance (repeats kept).
    package static func names(in text: String) -> [String] {
        pieces(of: text).compactMap { piece in
            if case let .placeholder(name) = piece { return name }
            return nil
        }
    }

    /// `text` with each placeholder replaced by its value. A value of several lines that stands
    /// alone on its line (only spaces or tabs before it) has each further line indented as the
    /// placeholder is, so a shared script lands inside a YAML block or a Groovy string as written.
    ///
    /// - Parameters:
    ///   - text: the template text.
    ///   - values: the value of each name.
    ///   - template: the template's name, for the error.
    /// - Throws: ``AdoptionError/unknownPlaceholder(name:template:)`` for a name without a value.
    package static func fill(_ text: String, values: [String: String], template: String) throws(AdoptionError) -> String {
        var result = ""
        for piece in pieces(of: text) {
            switch piece {
            case let .text(literal):
                result += literal
            case let .placeholder(name):
                guard let value = values[name] else { throw .unknownPlaceholder(name: name, template: template) }
                let lineStart = result.lastIndex(of: "\n").map { result.index(after: $0) } ?? result.startIndex
                let indent = result[lineStart...]
                guard value.contains("\n"), indent.allSatisfy({ $0 == " " || $0 == "\t" }) else {
                    result += value
                    continue
                }
                result += value.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
                    index == 0 || line.isEmpty ? String(line) : String(indent + line)
                }.joined(separator: "\n")
            }
        }
        return result
    }

    /// A run of text or one placeholder.
    private enum Piece {
        case text(Substring)
        case placeholder(String)
    }

    /// Splits `text` into literal runs and placeholders.
    private static func pieces(of text: String) -> [Piece] {
        var pieces: [Piece] = []
        var literalStart = text.startIndex
        var index = text.startIndex
        while let open = text[index...].range(of: "{{") {
            if let (name, end) = placeholder(in: text, at: open.upperBound) {
                pieces.append(.text(text[literalStart..<open.lowerBound]))
                pieces.append(.placeholder(name))
                literalStart = end
                index = end
            } else {
                index = open.upperBound
            }
        }
        pieces.append(.text(text[literalStart...]))
        return pieces
    }

    /// The name and the index after the closing `}}` when a placeholder starts at `start` (just
    /// after `{{`); `nil` otherwise.
    private static func placeholder(in text: String, at start: String.Index) -> (String, String.Index)? {
        var index = start
        var name = ""
        while index < text.endIndex, let scalar = text[index].unicodeScalars.first, text[index].unicodeScalars.count == 1,
            scalar.isASCII, scalar.properties.isAlphabetic || (name.isEmpty == false && ("0"..."9").contains(scalar))
        {
            name.unicodeScalars.append(scalar)
            index = text.index(after: index)
        }
        guard !name.isEmpty, text[index...].hasPrefix("}}") else { return nil }
        return (name, text.index(index, offsetBy: 2))
    }
}
