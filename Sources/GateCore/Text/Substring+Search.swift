//===----------------------------------------------------------------------===//
// Substring+Search.swift: fast search for ASCII markers on the UTF-8 view.
//===----------------------------------------------------------------------===//

extension Substring {
    /// The first range of `needle` (ASCII) in the text, compared byte by byte on the UTF-8 view.
    ///
    /// The generic `firstRange(of:)` compares characters and dominated parsing time; the markers
    /// searched for are ASCII, so a byte match starts and ends on a scalar boundary.
    package func find(_ needle: StaticString) -> Range<Index>? {
        needle.withUTF8Buffer { pattern in
            guard let first = pattern.first else { return nil }
            let bytes = utf8
            var index = bytes.startIndex
            while let candidate = bytes[index...].firstIndex(of: first) {
                var cursor = candidate
                var matched = 0
                while matched < pattern.count, cursor != bytes.endIndex, bytes[cursor] == pattern[matched] {
                    bytes.formIndex(after: &cursor)
                    matched += 1
                }
                if matched == pattern.count { return candidate..<cursor }
                index = bytes.index(after: candidate)
            }
            return nil
        }
    }

    /// The last range of `needle` (ASCII) in the text.
    package func findLast(_ needle: StaticString) -> Range<Index>? {
        var found: Range<Index>?
        var rest = self
        while let range = rest.find(needle) {
            found = range
            rest = self[range.upperBound...]
        }
        return found
    }
}
