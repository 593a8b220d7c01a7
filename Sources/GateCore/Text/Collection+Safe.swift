//===----------------------------------------------------------------------===//
// Collection+Safe.swift: bounds-checked element access that returns nil.
//===----------------------------------------------------------------------===//

extension Collection {
    /// The element at `index`, or `nil` when `index` is outside the collection.
    ///
    /// Used wherever an index comes from input (arguments, bytes), so bad input cannot trap. The
    /// check compares with the bounds rather than asking `indices`, which walks a String.
    package subscript(safe index: Index) -> Element? {
        index >= startIndex && index < endIndex ? self[index] : nil
    }
}
