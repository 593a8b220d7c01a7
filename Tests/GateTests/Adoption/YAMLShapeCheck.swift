//===----------------------------------------------------------------------===//
// YAMLShapeCheck.swift: a structural YAML check for when PyYAML is not importable.
//===----------------------------------------------------------------------===//

/// A small structural check of the block-style YAML our CI templates use, for machines without
/// PyYAML: no tabs; indentation in steps of two spaces that never jumps deeper than one level;
/// every line outside a block scalar a comment, `key: value`, `key:`, `- item`, `- key: value` or
/// `- |` (a block scalar as a list item);
/// flow brackets balanced on their line. Not a YAML parser: it catches the mistakes hand-editing makes.
struct YAMLShapeCheck {
    /// What is wrong, with the 1-based line.
    struct Problem: Error, CustomStringConvertible {
        var line: Int
        var message: String
        var description: String { "line \(line): \(message)" }
    }

    /// Throws the first structural problem in `text`.
    static func check(_ text: String) throws(Problem) {
        var previousInner = 0
        var blockIndent: Int?
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line = String(raw)
            if line.contains("\t") { throw Problem(line: number, message: "a tab") }
            let trimmed = line.drop { $0 == " " }
            let indent = line.count - trimmed.count
            if let scalarIndent = blockIndent {
                if trimmed.isEmpty || indent > scalarIndent { continue }
                blockIndent = nil
            }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if line.hasSuffix(" ") { throw Problem(line: number, message: "trailing space") }
            guard indent % 2 == 0 else { throw Problem(line: number, message: "indentation \(indent) is not a multiple of 2") }
            guard indent <= previousInner + 2 else {
                throw Problem(line: number, message: "indentation jumps from \(previousInner) to \(indent)")
            }
            var body = Substring(trimmed)
            var inner = indent
            if body.hasPrefix("- ") || body == "-" {
                body = body.dropFirst(2)
                inner = indent + 2
                // `- |`: a list item that is a block scalar (GitLab's multi-line script step).
                if ["|", "|-", ">", ">-"].contains(String(body)) {
                    blockIndent = indent
                    previousInner = inner
                    continue
                }
            }
            if let colon = keyColon(in: body) {
                let value = body[body.index(after: colon)...].drop { $0 == " " }
                if ["|", "|-", ">", ">-"].contains(String(value)) { blockIndent = inner }
                try checkFlow(String(value), line: number)
            } else if inner == indent {
                throw Problem(line: number, message: "neither 'key: value' nor a list item")
            } else {
                try checkFlow(String(body), line: number)
            }
            previousInner = inner
        }
    }

    /// The colon ending a plain or quoted key at the start of `body`, when there is one.
    private static func keyColon(in body: Substring) -> Substring.Index? {
        var index = body.startIndex
        if let quote = body.first, quote == "\"" || quote == "'" {
            guard let close = body.dropFirst().firstIndex(of: quote) else { return nil }
            index = body.index(after: close)
        } else if body.hasPrefix("<<") {
            // YAML's merge key (`<<: *anchor`), which GitLab's two signing jobs share their settings with.
            index = body.index(body.startIndex, offsetBy: 2)
        } else {
            while index < body.endIndex, body[index].isLetter || body[index].isNumber || "_-.@/".contains(body[index]) {
                index = body.index(after: index)
            }
            guard index > body.startIndex else { return nil }
        }
        guard index < body.endIndex, body[index] == ":" else { return nil }
        let after = body.index(after: index)
        return after == body.endIndex || body[after] == " " ? index : nil
    }

    /// Brackets of a flow value (`[a, b]`, `{}`) balance outside quotes.
    private static func checkFlow(_ value: String, line: Int) throws(Problem) {
        var depth = 0
        var quote: Character?
        for character in value {
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "\"", "'": quote = character
            case "[", "{": depth += 1
            case "]", "}": depth -= 1
            case "#" where depth == 0: return
            default: break
            }
            if depth < 0 { throw Problem(line: line, message: "an unbalanced closing bracket") }
        }
        if quote != nil { throw Problem(line: line, message: "an unterminated quote") }
        if depth != 0 { throw Problem(line: line, message: "an unbalanced bracket") }
    }

    /// The shell under every `run:`, `script:` and `content:` key: a block scalar, each item of a
    /// list, or an inline value.
    static func shellBlocks(in text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.drop { $0 == " " }.drop { $0 == "-" || $0 == " " }
            let indent = line.prefix { $0 == " " || $0 == "-" }.count
            guard let key = ["run:", "script:", "content:"].first(where: { trimmed.hasPrefix($0) }) else {
                index += 1
                continue
            }
            let value = trimmed.dropFirst(key.count).drop { $0 == " " }
            index += 1
            if ["|", "|-"].contains(String(value)) {
                var body: [String] = []
                while index < lines.count, lines[index].isEmpty || lines[index].prefix(while: { $0 == " " }).count > indent {
                    body.append(lines[index])
                    index += 1
                }
                let margin = body.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
                blocks.append(body.map { String($0.dropFirst(margin)) }.joined(separator: "\n"))
            } else if value.isEmpty {
                while index < lines.count, lines[index].prefix(while: { $0 == " " }).count > indent - 2,
                    lines[index].drop(while: { $0 == " " }).hasPrefix("- ")
                {
                    blocks.append(String(lines[index].drop { $0 == " " }.dropFirst(2)))
                    index += 1
                }
            } else {
                blocks.append(String(value))
            }
        }
        return blocks
    }
}
