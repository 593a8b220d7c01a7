//===----------------------------------------------------------------------===//
// Collection+Safe.swift: lookups that return nil instead of trapping.
//===----------------------------------------------------------------------===//

extension Collection {
    /// The element at `index`, or `nil` when `index` is out of bounds.
    subscript(safe index: Index) -> Element? {
        index >= startIndex && index < endIndex ? self[index] : nil
    }
}
