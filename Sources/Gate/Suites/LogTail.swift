//===----------------------------------------------------------------------===//
// LogTail.swift: the last lines of a suite's log.
//===----------------------------------------------------------------------===//

import GateCore
import GatePublishing

/// The last `capacity` lines of a suite's output, each clipped, for JUnit's `system-out` of a
/// failed suite (the whole log is archived beside the report).
struct LogTail: Sendable {
    /// The longest line kept, in characters.
    static let lineLimit = 500

    /// How many lines it keeps.
    let capacity: Int
    /// The lines, oldest first once ``lines`` reorders them: each a prefix of the line as it came
    /// (enough for ``lineLimit`` characters), clipped only when read, so a flood of long lines
    /// costs a copy each, not a character walk each (a suite's lines pass through here as fast
    /// as it prints them).
    private var ring: [(text: String, cut: Bool)] = []
    /// Where the next line goes once the ring is full.
    private var next = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The bytes of a line kept before clipping: four per character allows for any scalar.
    private static let keptBytes = 4 * (lineLimit + 1)

    /// Adds a line (its line ending dropped).
    mutating func append(_ line: String) {
        var bytes = line.utf8[...]
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes = bytes.dropLast() }
        let cut = bytes.count > Self.keptBytes
        let entry = (text: String(decoding: bytes.prefix(Self.keptBytes), as: UTF8.self), cut: cut)
        if ring.count < capacity {
            ring.append(entry)
        } else {
            ring[next] = entry
            next = (next + 1) % capacity
        }
    }

    /// The lines kept, oldest first, each clipped to ``lineLimit`` characters (a line that was
    /// longer than what was kept is clipped even when what was kept is shorter, so it shows as cut).
    var lines: [String] {
        Array(ring[next...] + ring[..<next]).map { entry in
            let limit = entry.cut ? min(Self.lineLimit, max(0, entry.text.count - 1)) : Self.lineLimit
            return TextClip.clip(entry.text, to: limit)
        }
    }
}
