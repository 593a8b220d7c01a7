//===----------------------------------------------------------------------===//
// ConfigKey.swift: a coding key for any member name or array index of the configuration.
//===----------------------------------------------------------------------===//

/// A coding key that takes any member name (to list an object's keys, known or not, and to read
/// environment variables) or an array index (to name an element in a key path).
struct ConfigKey: CodingKey {
    let stringValue: String
    /// The index of an array element; `nil` for a member name, even one written as digits.
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}
