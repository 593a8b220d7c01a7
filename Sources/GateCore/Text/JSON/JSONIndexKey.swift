//===----------------------------------------------------------------------===//
// JSONIndexKey.swift: the coding key of an array element or of a super decoder.
//===----------------------------------------------------------------------===//

/// The coding key ``JSONValueDecoder`` puts in coding paths for an array element (`Index 2`, int
/// value 2, as `JSONDecoder` names it, so callers that turn paths into `suites[2]` keep working)
/// and for `superDecoder()` (`super`).
struct JSONIndexKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    /// The key `superDecoder()` decodes under.
    static let superKey = JSONIndexKey(stringValue: "super")
}
