//===----------------------------------------------------------------------===//
// FrameVectorExporter.swift: the hand-verified vectors as JSON or as XCTest cases.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore

/// Writes the hand-verified vectors out for other tools (`json`) and for a team's own test target
/// (`swift`: an XCTest case class).
package struct FrameVectorExporter: Sendable {
    /// The vectors to write.
    package var vectors: [FrameVector]
    /// The payload limit they were made for.
    package var limit: Int
    /// The tool version, stamped into the output.
    package var toolVersion: String

    /// Inputs up to this size are also written out whole as hex.
    static let inlineHexLimit = 4_096

    /// Creates an exporter.
    package init(vectors: [FrameVector], limit: Int, toolVersion: String) {
        self.vectors = vectors
        self.limit = limit
        self.toolVersion = toolVersion
    }

    // MARK: - JSON

    /// The vectors as pretty-printed JSON with sorted keys (byte-for-byte stable).
    ///
    /// Every vector lists its parts (`hex`, or `counter` N for N bytes `i % 256`) with their meaning;
    /// inputs of at most 4,096 bytes are also given whole as `inputHex`.
    package func json() throws -> String {
        let document = Document(
            format: "acceptance-gate frame vectors",
            generator: "acceptance-gate \(toolVersion)",
            frame: "1-byte version (only 1 is valid) + 4-byte big-endian payload length + exactly that many payload bytes",
            limit: limit,
            vectors: vectors.map(Self.entry(for:)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(document)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private struct Document: Encodable {
        var format: String
        var generator: String
        var frame: String
        var limit: Int
        var vectors: [Entry]
    }

    private struct Entry: Encodable {
        var id: String
        var summary: String
        var parts: [Part]
        var inputLength: Int
        var inputHex: String?
        var expect: Expect
    }

    private struct Part: Encodable {
        var role: String
        var hex: String?
        var counter: Int?
        var meaning: String
    }

    private struct Expect: Encodable {
        var outcome: String
        var error: String?
        var payloadLength: Int?
        var payloadHex: String?
    }

    private static func entry(for vector: FrameVector) -> Entry {
        let parts = vector.parts.map { part -> Part in
            switch part.bytes {
            case let .hex(text): Part(role: part.role.rawValue, hex: text, counter: nil, meaning: part.meaning)
            case let .counter(count): Part(role: part.role.rawValue, hex: nil, counter: count, meaning: part.meaning)
            }
        }
        // Lengths come from the parts, so a vector for a 4 GiB limit is described, never built.
        let inputLength = vector.parts.reduce(0) { $0 + $1.count }
        let payloadLength = vector.parts.filter { $0.role == .payload }.reduce(0) { $0 + $1.count }
        let expect: Expect
        switch vector.expected {
        case .payload:
            let payloadHex = payloadLength <= inlineHexLimit ? vector.expectedPayload.map { HexCodec.encode($0) } : nil
            expect = Expect(outcome: "ok", error: nil, payloadLength: payloadLength, payloadHex: payloadHex)
        case let .error(kind):
            expect = Expect(outcome: "error", error: kind.rawValue, payloadLength: nil, payloadHex: nil)
        }
        let inputHex = inputLength <= inlineHexLimit ? vector.input.map { HexCodec.encode($0) } : nil
        return Entry(
            id: vector.id, summary: vector.summary, parts: parts, inputLength: inputLength, inputHex: inputHex, expect: expect)
    }

    // MARK: - Swift

    /// `bytes(_:)` (hex, spaces ignored) and `counter(_:)` (N bytes `i % 256`), which every case
    /// calls, as members of the case class: the one text of both XCTest files the gate writes
    /// (`frames vectors --format swift` and `init --frames`), indented for the class body. Both
    /// files are in the toolchain's default `swift format` style (two spaces, 100 columns), so a
    /// project without a `.swift-format` of its own lints them clean.
    package static let caseHelpers = """
          private static func bytes(_ hex: String) -> [UInt8] {
            let digits = Array(hex.utf8).filter { $0 != UInt8(ascii: " ") }
            return stride(from: 0, to: digits.count - 1, by: 2).compactMap { index in
              UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16)
            }
          }

          private static func counter(_ count: Int) -> [UInt8] {
            (0..<count).map { UInt8(truncatingIfNeeded: $0) }
          }
        """

    /// The vectors as an XCTest case class a team can drop into its test target.
    ///
    /// The class tests FrameCodec's `FrameDecoder`; to test another decoder, a team changes the one
    /// `decode(_:)` function at the top and maps its errors in `kind(of:)`.
    package func swift(className: String = "FrameVectorTests") -> String {
        var out = """
            // \(className).swift
            // Generated by `acceptance-gate frames vectors --format swift` (acceptance-gate \(toolVersion)).
            // The hand-verified frame vectors of the acceptance gate, as XCTest cases. Frame format:
            // 1-byte version (only 1 is valid) + 4-byte big-endian payload length + exactly that many
            // bytes; payload limit \(limit) bytes. Every case states its bytes field by field.

            import FrameCodec
            import XCTest

            final class \(className): XCTestCase {
              // MARK: - The decoder under test: point these two at your own decoder if it is not FrameCodec's.

              private func decode(_ bytes: [UInt8]) throws -> [UInt8] {
                try FrameDecoder(limit: \(Self.grouped(limit))).decode(bytes)
              }

              private func kind(of error: Error) -> String? {
                (error as? FrameError)?.kind.rawValue
              }

              // MARK: - Helpers

            \(Self.caseHelpers)

              private func assertRejects(
                _ bytes: [UInt8], as expected: String, file: StaticString = #filePath, line: UInt = #line
              ) {
                XCTAssertThrowsError(try decode(bytes), file: file, line: line) { error in
                  XCTAssertEqual(kind(of: error), expected, "\\(error)", file: file, line: line)
                }
              }

              // MARK: - Vectors

            """
        out += testMethods
        out += "}\n"
        return out
    }

    /// One XCTest method per vector, each after an empty line, indented for the class body.
    package var testMethods: String {
        vectors.map { "\n" + testMethod(for: $0) }.joined()
    }

    private func testMethod(for vector: FrameVector) -> String {
        var lines = ["  /// \(vector.summary)."]
        lines.append("  func test\(Self.methodName(vector.id))() throws {")
        var expressions: [String] = []
        for part in vector.parts {
            lines.append("    // \(part.role.rawValue): \(Self.describe(part.bytes)) — \(part.meaning)")
            expressions.append(Self.expression(part.bytes))
        }
        // Several parts: one a line below the `=`, as `swift format` breaks them.
        if expressions.count > 1, let first = expressions.first {
            lines.append("    let input: [UInt8] =")
            lines.append("      " + first)
            lines += expressions.dropFirst().map { "      + " + $0 }
        } else {
            lines.append("    let input: [UInt8] = \(expressions.first ?? "[]")")
        }
        switch vector.expected {
        case .payload:
            let payload = vector.parts.filter { $0.role == .payload }.map { Self.expression($0.bytes) }
            let expected = payload.isEmpty ? "[]" : payload.joined(separator: " + ")
            lines.append("    XCTAssertEqual(try decode(input), \(expected))")
        case let .error(kind):
            lines.append("    assertRejects(input, as: \"\(kind.rawValue)\")")
        }
        lines.append("  }")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `1048576` as `1_048_576`: a literal of seven digits or more in code, grouped by threes as
    /// `swift format` wants.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        guard number >= 0, digits.count > 6 else { return String(number) }
        var groups: [String] = []
        var end = digits.count
        while end > 0 {
            groups.insert(String(digits[max(0, end - 3)..<end]), at: 0)
            end -= 3
        }
        return groups.joined(separator: "_")
    }

    private static func expression(_ bytes: FrameVectorPart.Bytes) -> String {
        switch bytes {
        case let .hex(text): "Self.bytes(\"\(text)\")"
        case let .counter(count): "Self.counter(\(grouped(count)))"
        }
    }

    private static func describe(_ bytes: FrameVectorPart.Bytes) -> String {
        switch bytes {
        case let .hex(text): text
        case let .counter(count): "\(count) bytes 00 01 … ff 00 …"
        }
    }

    /// `three-byte-payload` → `ThreeBytePayload`; `256-byte-payload` → `_256BytePayload`.
    static func methodName(_ id: String) -> String {
        let words = id.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return name.first?.isNumber == true ? "_" + name : name
    }
}
