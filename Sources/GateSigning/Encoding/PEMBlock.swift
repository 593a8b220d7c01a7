//===----------------------------------------------------------------------===//
// PEMBlock.swift: one `-----BEGIN X-----` … `-----END X-----` block (RFC 7468).
//===----------------------------------------------------------------------===//

import GateCore

/// One PEM block (RFC 7468): a label and the DER bytes between its BEGIN and END lines.
struct PEMBlock {
    /// The label, e.g. `PRIVATE KEY`.
    var label: String
    /// The decoded bytes.
    var der: [UInt8]

    /// The block as text: BEGIN line, base64 in lines of 64 characters, END line, each ending in `\n`
    /// (what `openssl` writes).
    var text: String {
        let body = Array(Base64.encode(der).utf8)
        var lines = ["-----BEGIN \(label)-----"]
        var start = 0
        while start < body.count {
            let end = min(start + 64, body.count)
            lines.append(String(decoding: body[start..<end], as: UTF8.self))
            start = end
        }
        lines.append("-----END \(label)-----")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Creates a block from its parts.
    init(label: String, der: [UInt8]) {
        self.label = label
        self.der = der
    }

    /// Parses the first PEM block in `text`; text before it and after its END line is ignored,
    /// as `openssl` does.
    ///
    /// - Throws: ``ParseFailure`` when there is no BEGIN line, no matching END line, a header line
    ///   (legacy encrypted PEM), or a body that is not base64. No message quotes the text: it may
    ///   be a private key (a key whose line breaks became spaces is all one BEGIN line).
    init(parsing text: String) throws(ParseFailure) {
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            .map { $0.trimmingASCIIWhitespace() }
        guard let beginIndex = lines.firstIndex(where: { $0.hasPrefix("-----BEGIN ") }) else {
            throw ParseFailure("no '-----BEGIN ...-----' line (not PEM text)")
        }
        let begin = lines[beginIndex]
        guard begin.hasSuffix("-----"), begin.count > "-----BEGIN ".count + "-----".count else {
            throw ParseFailure("malformed BEGIN line")
        }
        let label = String(begin.dropFirst("-----BEGIN ".count).dropLast("-----".count))
        guard Self.isLabel(label) else {
            if label.contains("-----") {
                throw ParseFailure(
                    "the key is on one line: its line breaks were replaced by spaces (a common mistake when a key is pasted "
                        + "into a CI secret); store the PEM text with its line breaks")
            }
            throw ParseFailure("the BEGIN line's label is not a PEM label (RFC 7468: capital letters, digits and spaces)")
        }
        let endLine = "-----END \(label)-----"
        var body = ""
        var ended = false
        for line in lines[(beginIndex + 1)...] {
            if line == endLine {
                ended = true
                break
            }
            if line.hasPrefix("-----") {
                throw ParseFailure("another '-----' line where '\(endLine)' was expected")
            }
            if line.contains(":") {
                throw ParseFailure("the PEM block has headers (an encrypted legacy key?)")
            }
            body += line
        }
        guard ended else { throw ParseFailure("no '\(endLine)' line (truncated?)") }
        guard let der = Base64.decode(body, urlSafe: false, paddingOptional: false) else {
            throw ParseFailure("the text between the BEGIN and END lines is not base64")
        }
        self.label = label
        self.der = der
    }
}

extension PEMBlock {
    /// Whether `label` is a PEM label as RFC 7468 writes them (`PRIVATE KEY`, `PUBLIC KEY`):
    /// capital letters, digits and single spaces, at most 64 characters, so a message may name it.
    static func isLabel(_ label: String) -> Bool {
        guard (1...64).contains(label.utf8.count), !label.hasPrefix(" "), !label.hasSuffix(" "), !label.contains("  ") else {
            return false
        }
        return label.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x20 }
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingASCIIWhitespace() -> String {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
