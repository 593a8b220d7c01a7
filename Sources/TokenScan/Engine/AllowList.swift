//===----------------------------------------------------------------------===//
// AllowList.swift: exact values never reported, compared without hashing.
//===----------------------------------------------------------------------===//

/// The configuration's allowlist as byte strings. Candidates are common (every `token: value`
/// in a log is one) and allowlists are short, so a candidate is compared byte for byte with the
/// values of its length, with no hashing; only a long list (over 32 values) goes through a set.
struct AllowList {
    /// The distinct allowed values, for a short list.
    private let values: [[UInt8]]
    /// The same values, for a long list.
    private let set: Set<[UInt8]>
    /// The distinct lengths of the values.
    private let lengths: [Int]

    /// The allowlist for `values`.
    init(_ values: [String]) {
        let unique = Set(values.map { Array($0.utf8) })
        self.values = unique.count <= 32 ? Array(unique) : []
        set = unique.count <= 32 ? [] : unique
        lengths = Array(Set(unique.map(\.count)))
    }

    /// Whether the list is empty.
    var isEmpty: Bool { lengths.isEmpty }

    /// Whether `bytes` is exactly one of the allowed values.
    func contains(_ bytes: [UInt8]) -> Bool {
        guard lengths.contains(bytes.count) else { return false }
        guard set.isEmpty else { return set.contains(bytes) }
        return values.contains { $0 == bytes }
    }
}
