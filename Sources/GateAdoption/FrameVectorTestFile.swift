//===----------------------------------------------------------------------===//
// FrameVectorTestFile.swift: the frame vectors as XCTest cases against the team's own decoder.
//===----------------------------------------------------------------------===//

import FrameCodec
import FrameConformance

/// `FrameVectorTests.swift` as `init --frames` writes it: the hand-verified vectors as XCTest
/// cases that import nothing but XCTest. They exercise the team's decoder through one function,
/// `frameVectorDecoder()`, which the team points at its own code (the file's header says so);
/// until then every case is skipped with that instruction, so the file builds in any project.
package enum FrameVectorTestFile {
    /// The class name.
    package static let className = "FrameVectorTests"

    /// The file's text.
    ///
    /// - Parameters:
    ///   - target: the test target it goes into.
    ///   - gateVersion: the gate writing it.
    package static func text(target: String, gateVersion: String) -> String {
        let limit = FrameFormat.defaultLimit
        let exporter = FrameVectorExporter(
            vectors: FrameVectors.handVerified(limit: limit), limit: limit, toolVersion: gateVersion)
        return header(target: target, gateVersion: gateVersion, limit: limit) + exporter.testMethods + "}\n"
    }

    private static func header(target: String, gateVersion: String, limit: Int) -> String {
        """
        // \(className).swift: the frame boundary acceptance vectors for the test target
        // \(target).
        // Written by `acceptance-gate init --frames` (acceptance-gate \(gateVersion)); yours to change.
        //
        // POINT THIS FILE AT YOUR DECODER: it imports nothing but XCTest, and tests the decoder that
        // `frameVectorDecoder()` below returns. Replace its body with your own decoder, e.g.
        //     return FrameVectorDecoder(decode: { try MyFrameDecoder().decode($0) },
        //                               kind: { ($0 as? MyFrameError)?.kindName })
        // (add `@testable import YourModule` above). Until then every case is skipped, with this message.
        //
        // Frame format: 1-byte version (only 1 is valid) + 4-byte big-endian payload length + exactly
        // that many bytes; payload limit \(limit) bytes. A decode consumes the whole input; the errors are
        // "truncated", "oversized", "version" and "trailing". Every case states its bytes field by field.

        import XCTest

        /// What the vectors need from a frame decoder: decode one whole input, and name an error's kind.
        struct FrameVectorDecoder {
          /// Decodes one whole frame and returns its payload, or throws.
          var decode: ([UInt8]) throws -> [UInt8]
          /// The kind of a decode error: "truncated", "oversized", "version" or "trailing"; nil for
          /// another error.
          var kind: (any Error) -> String?
        }

        /// The decoder under test: return yours here (payload limit \(limit) bytes).
        func frameVectorDecoder() -> FrameVectorDecoder? {
          nil
        }

        final class \(className): XCTestCase {
          // MARK: - The decoder under test

          override func setUpWithError() throws {
            guard frameVectorDecoder() != nil else {
              throw XCTSkip("point frameVectorDecoder() in \(className).swift at your frame decoder")
            }
          }

          private func decode(_ bytes: [UInt8]) throws -> [UInt8] {
            guard let decoder = frameVectorDecoder() else { throw XCTSkip("no frame decoder") }
            return try decoder.decode(bytes)
          }

          // MARK: - Helpers

        \(FrameVectorExporter.caseHelpers)

          private func assertRejects(
            _ bytes: [UInt8], as expected: String, file: StaticString = #filePath, line: UInt = #line
          ) {
            guard let decoder = frameVectorDecoder() else {
              return XCTFail("no frame decoder", file: file, line: line)
            }
            XCTAssertThrowsError(try decoder.decode(bytes), file: file, line: line) { error in
              XCTAssertEqual(decoder.kind(error), expected, "\\(error)", file: file, line: line)
            }
          }

          // MARK: - Vectors

        """
    }
}
