//===----------------------------------------------------------------------===//
// SHA256Digest.swift: a 32-byte SHA-256 value and its hex spelling.
//===----------------------------------------------------------------------===//

import GateCore

/// A SHA-256 digest (32 bytes), also used for HMAC-SHA-256 tags.
package struct SHA256Digest: Hashable, Sendable, CustomStringConvertible {
    /// The 32 digest bytes.
    package let bytes: [UInt8]

    /// Wraps 32 bytes computed by libsodium.
    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses 64 hex digits (either case), or `nil` when `hex` is anything else.
    package init?(hex: some StringProtocol) {
        guard hex.utf8.count == 64, let bytes = HexCodec.decode(hex) else { return nil }
        self.bytes = bytes
    }

    /// The digest as 64 lowercase hex digits, as `sha256sum` prints it.
    package var hex: String {
        Self.hex(bytes)
    }

    /// Same as ``hex``.
    package var description: String { hex }

    /// `bytes` as lowercase hex digits.
    package static func hex(_ bytes: some Sequence<UInt8>) -> String {
        HexCodec.encode(bytes)
    }
}
