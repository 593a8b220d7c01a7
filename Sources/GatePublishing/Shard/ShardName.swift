//===----------------------------------------------------------------------===//
// ShardName.swift: what a CI matrix shard may be called.
//===----------------------------------------------------------------------===//

/// The rule for shard names (`run --shard`, `merge --expect-shards`): 1 to 64 lowercase letters,
/// digits, `.`, `_` or `-`, not `.` or `..`, so a name is safe as a suite prefix and a subject name.
package enum ShardName {
    /// The rule, as `invalidValue` messages state it.
    package static let allowedText = "1 to 64 lowercase letters, digits, '.', '_' or '-'"

    /// Whether `name` is a valid shard name.
    package static func isValid(_ name: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789._-")
        return !name.isEmpty && name.count <= 64 && name.allSatisfy { allowed.contains($0) } && name != "." && name != ".."
    }
}
