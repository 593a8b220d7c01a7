//===----------------------------------------------------------------------===//
// VersionOrder.swift: comparing dotted version numbers (tools, manifests, simulator runtimes).
//===----------------------------------------------------------------------===//

/// The order of dotted version numbers given as their parts (`[5, 9]` for 5.9).
package enum VersionOrder {
    /// Whether version `left` is above `right`, missing parts counting as 0.
    package static func isGreater(_ left: [Int], than right: [Int]) -> Bool {
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : 0
            let b = index < right.count ? right[index] : 0
            if a != b { return a > b }
        }
        return false
    }
}
