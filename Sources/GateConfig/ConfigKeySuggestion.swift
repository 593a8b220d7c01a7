//===----------------------------------------------------------------------===//
// ConfigKeySuggestion.swift: the known key an unknown one is most likely a typo of.
//===----------------------------------------------------------------------===//

/// Suggestions for unknown keys: `foreignRequest` is likely `foreignRequests`; `banana` is
/// likely nothing.
enum ConfigKeySuggestion {
    /// The entry of `candidates` closest to `key` by edit distance (case-insensitive), when
    /// it is close enough to be a likely typo.
    static func closest(to key: String, in candidates: [String]) -> String? {
        // A hostile key may be megabytes long: a typo is never much longer than the key it misspells.
        guard key.utf8.count <= 200 else { return nil }
        let typed = Array(key.lowercased())
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(typed, Array(candidate.lowercased()))
            let threshold = max(2, candidate.count / 3)
            guard distance <= threshold else { continue }
            if let current = best, current.1 <= distance { continue }
            best = (candidate, distance)
        }
        return best?.0
    }

    /// Levenshtein distance.
    static func editDistance(_ left: [Character], _ right: [Character]) -> Int {
        guard !left.isEmpty else { return right.count }
        guard !right.isEmpty else { return left.count }
        var previous = Array(0...right.count)
        for (row, leftCharacter) in left.enumerated() {
            var current = [row + 1] + Array(repeating: 0, count: right.count)
            for (column, rightCharacter) in right.enumerated() {
                let cost = leftCharacter == rightCharacter ? 0 : 1
                current[column + 1] = min(previous[column + 1] + 1, current[column] + 1, previous[column] + cost)
            }
            previous = current
        }
        return previous[right.count]
    }
}
