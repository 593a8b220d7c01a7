//===----------------------------------------------------------------------===//
// TemplateParser.swift: template text → tags → nodes, with line:column errors.
//===----------------------------------------------------------------------===//

/// Parses the template language: finds the tags, drops the lines that hold only a block tag or
/// comment (so blocks do not leave blank lines in Markdown tables), then nests the blocks.
struct TemplateParser {
    /// The template's UTF-8 bytes.
    private let bytes: [UInt8]
    /// Its name in messages.
    private let name: String

    /// An open block while parsing.
    private struct Frame {
        /// The tag that opened it.
        var tag: TemplateTag
        /// `each` or `if`.
        var block: String
        /// The path it reads.
        var path: String
        /// The nodes before `{{else}}`.
        var first: [TemplateNode] = []
        /// The nodes after `{{else}}`.
        var second: [TemplateNode] = []
        /// Whether `{{else}}` was seen.
        var seenElse = false
    }

    /// A parser for `source`, named `name` in messages.
    init(source: String, name: String) {
        self.bytes = Array(source.utf8)
        self.name = name
    }

    /// The nodes.
    func parse() throws(GateReportError) -> [TemplateNode] {
        let tags = try findTags()
        var root: [TemplateNode] = []
        var stack: [Frame] = []
        var cursor = 0
        func append(_ node: TemplateNode) {
            if var frame = stack.popLast() {
                if frame.seenElse { frame.second.append(node) } else { frame.first.append(node) }
                stack.append(frame)
            } else {
                root.append(node)
            }
        }
        for tag in tags {
            let (from, to) = trimmedRange(of: tag)
            if from > cursor { append(.text(text(cursor, from))) }
            cursor = max(cursor, to)
            switch tag.kind {
            case .comment:
                continue
            case let .variable(path, raw):
                append(.variable(path: path, raw: raw))
            case let .open(block, path):
                stack.append(Frame(tag: tag, block: block, path: path))
            case .otherwise:
                guard var frame = stack.popLast() else { throw error(at: tag, "{{else}} outside {{#if}} or {{#each}}") }
                guard !frame.seenElse else { throw error(at: tag, "second {{else}} in \(frame.tag.spelling)") }
                frame.seenElse = true
                stack.append(frame)
            case let .close(block):
                guard let frame = stack.popLast() else { throw error(at: tag, "\(tag.spelling) without an open {{#\(block)}}") }
                guard frame.block == block else {
                    throw error(at: tag, "\(tag.spelling) closes \(frame.tag.spelling) (line \(frame.tag.line))")
                }
                append(
                    block == "each"
                        ? .each(path: frame.path, body: frame.first, empty: frame.second)
                        : .conditional(path: frame.path, then: frame.first, otherwise: frame.second))
            }
        }
        if cursor < bytes.count { append(.text(text(cursor, bytes.count))) }
        if let open = stack.last { throw error(at: open.tag, "unclosed \(open.tag.spelling)") }
        return root
    }

    // MARK: - Tags

    /// Every tag, in order.
    private func findTags() throws(GateReportError) -> [TemplateTag] {
        var tags: [TemplateTag] = []
        var index = 0
        var line = 1
        var lineStart = 0
        var counted = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") else {
                index += 1
                continue
            }
            // Line and column of this tag: count the line breaks since the last tag.
            for offset in counted..<index where bytes[offset] == 0x0A {
                line += 1
                lineStart = offset + 1
            }
            counted = index
            let column = String(decoding: bytes[lineStart..<index], as: UTF8.self).unicodeScalars.count + 1
            let raw = index + 2 < bytes.count && bytes[index + 2] == UInt8(ascii: "{")
            let open = raw ? 3 : 2
            let closer: [UInt8] = raw ? Array("}}}".utf8) : Array("}}".utf8)
            guard let close = find(closer, from: index + open) else {
                throw .templateSyntax(template: name, line: line, column: column, problem: "unclosed '\(raw ? "{{{" : "{{")'")
            }
            let end = close + closer.count
            let spelling = text(index, end)
            let inner = Self.trimmed(text(index + open, close))
            let position = (line: line, column: column)
            let kind = try classify(inner, raw: raw, spelling: spelling, at: position)
            tags.append(TemplateTag(kind: kind, spelling: spelling, start: index, end: end, line: line, column: column))
            index = end
        }
        return tags
    }

    /// What the text inside a tag says.
    private func classify(
        _ inner: String, raw: Bool, spelling: String, at position: (line: Int, column: Int)
    ) throws(GateReportError) -> TemplateTag.Kind {
        func fail(_ problem: String) -> GateReportError {
            .templateSyntax(template: name, line: position.line, column: position.column, problem: problem)
        }
        if raw {
            guard Self.isPath(inner) else { throw fail("'\(spelling)' does not name a value") }
            return .variable(path: inner, raw: true)
        }
        if inner.hasPrefix("!") { return .comment }
        if inner == "else" { return .otherwise }
        if inner.hasPrefix("#") {
            let words = inner.dropFirst().split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let block = words.first, block == "each" || block == "if" else {
                throw fail("unknown block '\(spelling)'; use {{#each path}} or {{#if path}}")
            }
            guard words.count == 2, let path = words.last, Self.isPath(path) else {
                throw fail("'\(spelling)' needs exactly one value name, e.g. {{#\(block) suites}}")
            }
            return .open(block: block, path: path)
        }
        if inner.hasPrefix("/") {
            let block = Self.trimmed(String(inner.dropFirst()))
            guard block == "each" || block == "if" else { throw fail("unknown closing tag '\(spelling)'") }
            return .close(block: block)
        }
        guard Self.isPath(inner) else { throw fail("'\(spelling)' does not name a value") }
        return .variable(path: inner, raw: false)
    }

    /// The byte range a tag removes: the whole line when a block tag or comment stands alone on it.
    private func trimmedRange(of tag: TemplateTag) -> (Int, Int) {
        guard tag.isStandaloneCandidate else { return (tag.start, tag.end) }
        var before = tag.start
        while before > 0, bytes[before - 1] == 0x20 || bytes[before - 1] == 0x09 { before -= 1 }
        guard before == 0 || bytes[before - 1] == 0x0A else { return (tag.start, tag.end) }
        var after = tag.end
        while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
        if after < bytes.count, bytes[after] == 0x0D { after += 1 }
        if after == bytes.count { return (before, after) }
        guard bytes[after] == 0x0A else { return (tag.start, tag.end) }
        return (before, after + 1)
    }

    // MARK: - Helpers

    /// The offset of `needle` at or after `start`, or `nil`.
    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// The bytes `from..<to` as text.
    private func text(_ from: Int, _ to: Int) -> String {
        String(decoding: bytes[from..<to], as: UTF8.self)
    }

    /// A syntax error at `tag`.
    private func error(at tag: TemplateTag, _ problem: String) -> GateReportError {
        .templateSyntax(template: name, line: tag.line, column: tag.column, problem: problem)
    }

    /// Whether `text` is `.` or dot-separated names of letters, digits, `_`, `-` and a leading `@`.
    static func isPath(_ text: String) -> Bool {
        if text == "." { return true }
        let segments = text.split(separator: ".", omittingEmptySubsequences: false)
        return !segments.isEmpty
            && segments.allSatisfy { segment in
                !segment.isEmpty
                    && segment.unicodeScalars.enumerated().allSatisfy { offset, scalar in
                        scalar.properties.isASCIIHexDigit || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                            || scalar == "_" || scalar == "-" || (scalar == "@" && offset == 0)
                    }
            }
    }

    /// `text` without leading and trailing spaces, tabs and line breaks.
    static func trimmed(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(text[first...last])
    }
}
