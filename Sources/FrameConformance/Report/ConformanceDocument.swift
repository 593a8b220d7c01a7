//===----------------------------------------------------------------------===//
// ConformanceDocument.swift: `frames check --json`'s one JSON document, written and read back.
//===----------------------------------------------------------------------===//

import GateCore

/// What `frames check --json` prints on standard output, as one line of JSON: the result, or why
/// the suite could not run.
///
/// ```
/// {"format": 1, "cases": 1049910, "points": [{"name": "valid-frames", "holds": true, "passed": 9,
///  "total": 9, "minimised": null}, …], "lines": ["frames check: built-in decoder, …", …]}
/// {"format": 1, "failure": "decoder 'x' could not be run: …"}
/// ```
///
/// The gate's frames suite runs the check as a child and reads this back. The child shares the
/// machine (and the user) with the code under test, so the reader takes nothing on trust: the
/// strict ``JSONReader`` with a size and depth bound, only the keys written here, the four points
/// in order, counts that add up, and printable text; anything else is a
/// ``ConformanceDocumentError``, never a trap.
package enum ConformanceDocument: Sendable, Equatable {
    /// The suite ran to the end.
    case result(ConformanceResult)
    /// The suite could not run (``ConformanceError``'s one-line description).
    case failure(String)

    /// The format's version, the document's `format` member.
    package static let format = 1
    /// The largest document read back (a result is a few kilobytes).
    package static let maximumBytes = 1 << 20
    /// The most lines a result may carry (a failing report has about 30).
    static let maximumLines = 256
    /// The longest text a line, a failure or a label may be, in Unicode scalars.
    static let maximumText = 16_384
    /// The largest case count a point may claim (a run has about a million).
    static let maximumCount = 1 << 40

    /// The document as one line of JSON, keys in a fixed order, no trailing newline.
    package var json: String {
        switch self {
        case .failure(let message):
            return "{\"format\": \(Self.format), \"failure\": \(Self.quoted(message))}"
        case .result(let result):
            let points = result.points.map { point in
                let minimised =
                    point.counterexample.map { example in
                        "{\"hex\": \(JSONText.quoted(HexCodec.encode(example.head))), \"expected\": \(Self.quoted(example.expected)), "
                            + "\"actual\": \(Self.quoted(example.actual))}"
                    } ?? "null"
                return "{\"name\": \(JSONText.quoted(point.point.rawValue)), \"holds\": \(point.holds), \"passed\": \(point.passed), "
                    + "\"total\": \(point.total), \"minimised\": \(minimised)}"
            }
            return "{\"format\": \(Self.format), \"cases\": \(result.caseCount), \"points\": [\(points.joined(separator: ", "))], "
                + "\"lines\": [\(result.lines.map(Self.quoted).joined(separator: ", "))]}"
        }
    }

    /// `text` as a JSON string the reader takes: one printable line (control characters written
    /// out, e.g. a decoder's last stderr line in a failure), clipped to stay within ``maximumText``.
    private static func quoted(_ text: String) -> String {
        JSONText.quoted(PrintableLine.make(text, limit: writtenText))
    }

    /// Scalars kept of one text when written: each may become a 10-scalar `\u{XXXXXX}`.
    private static let writtenText = 1_024

    /// Reads a document as ``json`` writes it (any key order and spacing).
    /// - Throws: ``ConformanceDocumentError`` naming the first thing that is wrong.
    package init(jsonBytes bytes: [UInt8]) throws(ConformanceDocumentError) {
        guard bytes.count <= Self.maximumBytes else { throw .tooLarge(limit: Self.maximumBytes) }
        let root: JSONValue
        do throws(JSONReadError) {
            root = try JSONReader.read(bytes, limits: JSONReader.Limits(maximumDepth: 4, maximumBytes: Self.maximumBytes))
        } catch {
            throw .notJSON(error)
        }
        guard let members = root.members else { throw .malformed(detail: "it is not a JSON object") }
        guard root["format"]?.integer == Self.format else { throw .malformed(detail: "'format' is not \(Self.format)") }
        if members.contains(where: { $0.key == "failure" }) {
            try Self.onlyKeys(members, ["format", "failure"], at: "the document")
            self = .failure(try Self.text(root["failure"], at: "failure"))
            return
        }
        try Self.onlyKeys(members, ["format", "cases", "points", "lines"], at: "the document")
        guard let lineValues = root["lines"]?.array, (1...Self.maximumLines).contains(lineValues.count) else {
            throw .malformed(detail: "'lines' is not an array of 1 to \(Self.maximumLines) lines")
        }
        var lines: [String] = []
        for (index, value) in lineValues.enumerated() {
            lines.append(try Self.text(value, at: "lines[\(index)]"))
        }
        guard let pointValues = root["points"]?.array, pointValues.count == AcceptancePoint.allCases.count else {
            throw .malformed(detail: "'points' is not an array of \(AcceptancePoint.allCases.count) points")
        }
        var points: [ConformanceResult.Point] = []
        for (value, expected) in zip(pointValues, AcceptancePoint.allCases) {
            points.append(try Self.point(value, expected: expected, at: "points[\(points.count)]"))
        }
        let result = ConformanceResult(lines: lines, points: points)
        guard root["cases"]?.integer == result.caseCount else { throw .malformed(detail: "'cases' is not the points' total") }
        self = .result(result)
    }

    /// The point at `path`, which must be `expected`, with counts that agree with its `holds`.
    private static func point(_ value: JSONValue, expected: AcceptancePoint, at path: String) throws(ConformanceDocumentError)
        -> ConformanceResult.Point
    {
        guard let members = value.members else { throw .malformed(detail: "\(path) is not an object") }
        try onlyKeys(members, ["name", "holds", "passed", "total", "minimised"], at: path)
        guard value["name"]?.string == expected.rawValue else { throw .malformed(detail: "\(path).name is not '\(expected.rawValue)'") }
        let passed = try count(value["passed"], at: path + ".passed")
        let total = try count(value["total"], at: path + ".total")
        guard passed <= total else { throw .malformed(detail: "\(path) has more cases passed than run") }
        var point = ConformanceResult.Point(point: expected, passed: passed, total: total)
        guard value["holds"]?.bool == point.holds else { throw .malformed(detail: "\(path).holds does not agree with its counts") }
        switch value["minimised"] {
        case .none, .some(.null): break
        case .some(let minimised):
            guard let parts = minimised.members else { throw .malformed(detail: "\(path).minimised is not an object") }
            try onlyKeys(parts, ["hex", "expected", "actual"], at: path + ".minimised")
            let hex = try text(minimised["hex"], at: path + ".minimised.hex")
            guard hex.utf8.count <= 2 * ConformanceResult.counterexampleBytes, let head = HexCodec.decode(hex) else {
                throw .malformed(detail: "\(path).minimised.hex is not at most \(ConformanceResult.counterexampleBytes) bytes of hex")
            }
            point.counterexample = ConformanceResult.Counterexample(
                head: head, expected: try text(minimised["expected"], at: path + ".minimised.expected"),
                actual: try text(minimised["actual"], at: path + ".minimised.actual"))
        }
        return point
    }

    /// Refuses any key of `members` not in `allowed`.
    private static func onlyKeys(_ members: [JSONValue.Member], _ allowed: Set<String>, at path: String) throws(ConformanceDocumentError) {
        if let unknown = members.first(where: { !allowed.contains($0.key) }) {
            throw .malformed(detail: "\(path) has the unknown key '\(PrintableLine.make(unknown.key, limit: 40))'")
        }
    }

    /// A count from 0 to ``maximumCount``.
    private static func count(_ value: JSONValue?, at path: String) throws(ConformanceDocumentError) -> Int {
        guard let count = value?.integer, (0...maximumCount).contains(count) else {
            throw .malformed(detail: "\(path) is not a count from 0 to \(maximumCount)")
        }
        return count
    }

    /// A string of at most ``maximumText`` scalars without control characters (a log line must
    /// stay one line, and no escape sequence may reach a terminal that shows the log).
    private static func text(_ value: JSONValue?, at path: String) throws(ConformanceDocumentError) -> String {
        guard let text = value?.string else { throw .malformed(detail: "\(path) is not a string") }
        guard text.unicodeScalars.count <= maximumText else { throw .malformed(detail: "\(path) is longer than \(maximumText) characters") }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            throw .malformed(detail: "\(path) holds a control character")
        }
        return text
    }
}
