//===----------------------------------------------------------------------===//
// Collection+Safe.swift: bounds-checked element access that returns nil.
//===----------------------------------------------------------------------===//

extension Collection {
    /// The element at `index`, or `nil` when `index` is outside the collection.
    ///
    /// Used wherever an index comes from input (arguments, bytes), so bad input cannot trap.
    package subscript(safe index: Index) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
