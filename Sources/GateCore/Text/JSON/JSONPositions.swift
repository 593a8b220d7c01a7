//===----------------------------------------------------------------------===//
// JSONPositions.swift: where each key and value of a JSON text begins.
//===----------------------------------------------------------------------===//

/// Where each key and each value of one JSON text begins, by key path (``JSONKeyPath``'s
/// spelling, as ``JSONReadError/path`` gives it), so that a rule applied after reading can say
/// where in the file the value it refuses is, as a syntax error does.
package struct JSONPositions: Sendable {
    /// The text the offsets are in.
    let bytes: [UInt8]
    /// The byte offset of each member's key, by the member's key path.
    var keys: [String: Int] = [:]
    /// The byte offset of each value, by its key path (`""` for the top level).
    var values: [String: Int] = [:]

    /// Positions in `bytes`, none recorded yet.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The line and column (from 1, the column in characters) of the key at `path`.
    package func key(_ path: String) -> (line: Int, column: Int)? {
        keys[path].map { Self.lineAndColumn(at: $0, in: bytes) }
    }

    /// The line and column (from 1, the column in characters) of the value at `path`.
    package func value(_ path: String) -> (line: Int, column: Int)? {
        values[path].map { Self.lineAndColumn(at: $0, in: bytes) }
    }

    /// The line and column (from 1, the column in characters) of byte `offset` of `bytes`.
    static func lineAndColumn(at offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        var index = 0
        while index < end {
            if bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return (line, String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1)
    }
}
