//===----------------------------------------------------------------------===//
// FrameVectorPart.swift: one labelled run of bytes in a hand-verified vector.
//===----------------------------------------------------------------------===//

import GateCore

/// One labelled run of bytes in a hand-verified vector: what the bytes are and what they mean.
///
/// Vectors are written as parts so that every byte carries its meaning, and so that the expected
/// payload of a valid vector is read off its `payload` parts, never computed by the encoder under test.
package struct FrameVectorPart: Sendable, Equatable {
    /// What a part is in the frame.
    package enum Role: String, Sendable, Codable {
        /// The version byte.
        case version
        /// The 4-byte big-endian length field.
        case length
        /// Payload bytes.
        case payload
        /// Bytes past the end of the declared frame.
        case trailing
    }

    /// How the bytes are given: literally, or as a counting pattern too long to write out.
    package enum Bytes: Sendable, Equatable {
        /// Bytes written out in hex (spaces allowed), checked by a person.
        case hex(String)
        /// `count` bytes `i % 256` for `i` in `0..<count`: 00 01 02 … ff 00 01 ….
        case counter(count: Int)
    }

    /// What the part is.
    package var role: Role
    /// The bytes.
    package var bytes: Bytes
    /// What a person reading the vector should know about these bytes.
    package var meaning: String

    /// Creates a part.
    package init(_ role: Role, _ bytes: Bytes, _ meaning: String) {
        self.role = role
        self.bytes = bytes
        self.meaning = meaning
    }

    /// The part's bytes, or `nil` when its hex is malformed (a bug in the vector table, caught by a test).
    package var materialised: [UInt8]? {
        switch bytes {
        case let .hex(text):
            return HexCodec.decode(text.filter { $0 != " " })
        case let .counter(count):
            return (0..<count).map { UInt8(truncatingIfNeeded: $0) }
        }
    }

    /// How many bytes the part holds.
    package var count: Int {
        switch bytes {
        case let .hex(text): text.filter { $0 != " " }.count / 2
        case let .counter(count): count
        }
    }
}
