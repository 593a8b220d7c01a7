//===----------------------------------------------------------------------===//
// JSONPositions.swift: where each key and value of a JSON text begins.
//===----------------------------------------------------------------------===//

/// Where each key and each value of one JSON text begins, by key path spelled plainly (`a.b[2].c`,
/// every key as it is, unquoted and unclipped, as a reader of the value builds it), so that a rule
/// applied after reading can say where in the file the value it refuses is, as a syntax error does.
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

    /// The key path of the key or value that begins last at or before byte `offset`: the one a
    /// finding at `offset` lies in, when it lies in a string (a key, or a value that is a leaf).
    package func path(at offset: Int) -> String? {
        var best: (offset: Int, path: String)?
        for table in [keys, values] {
            for (path, start) in table where start <= offset && start >= (best?.offset ?? -1) {
                best = (start, path)
            }
        }
        return best?.path
    }

    /// The line and column (from 1; the column in Unicode characters, scalars, after a byte order
    /// mark) of byte `offset` of `bytes`.
    static func lineAndColumn(at offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) && end >= 3 ? 3 : 0
        var index = lineStart
        while index < end {
            if bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return (line, String(decoding: bytes[lineStart..<end], as: UTF8.self).unicodeScalars.count + 1)
    }
}
