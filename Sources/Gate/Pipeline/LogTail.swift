//===----------------------------------------------------------------------===//
// LogTail.swift: the last lines of a suite's log.
//===----------------------------------------------------------------------===//

import GateText

/// The last `capacity` lines of a suite's output, each clipped, for JUnit's `system-out` of a
/// failed suite (the whole log is archived beside the report).
struct LogTail: Sendable {
    /// The longest line kept, in characters.
    static let lineLimit = 500

    /// How many lines it keeps.
    let capacity: Int
    /// The lines, oldest first once ``lines`` reorders them.
    private var ring: [String] = []
    /// Where the next line goes once the ring is full.
    private var next = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Adds a line (its line ending dropped).
    mutating func append(_ line: String) {
        var text = Substring(line)
        while let last = text.last, last == "\n" || last == "\r" { text = text.dropLast() }
        let clipped = TextClip.clip(String(text), to: Self.lineLimit)
        if ring.count < capacity {
            ring.append(clipped)
        } else {
            ring[next] = clipped
            next = (next + 1) % capacity
        }
    }

    /// The lines kept, oldest first.
    var lines: [String] {
        Array(ring[next...] + ring[..<next])
    }
}
