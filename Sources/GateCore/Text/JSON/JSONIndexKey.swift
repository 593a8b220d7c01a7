//===----------------------------------------------------------------------===//
// JSONIndexKey.swift: the coding key of an array element or of a super decoder.
//===----------------------------------------------------------------------===//

/// The coding key ``JSONValueDecoder`` puts in coding paths for an array element (`Index 2`, int
/// value 2, as `JSONDecoder` names it, so callers that turn paths into `suites[2]` keep working)
/// and for `superDecoder()` (`super`); the configuration's key for any member name or index too.
package struct JSONIndexKey: CodingKey, Sendable {
    /// The member name, or `Index N` for an element.
    package let stringValue: String
    /// The index of an array element; `nil` for a member name, even one written as digits.
    package let intValue: Int?

    /// A member name.
    package init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    /// An array element's index.
    package init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    /// The key `superDecoder()` decodes under.
    static let superKey = JSONIndexKey(stringValue: "super")
}
