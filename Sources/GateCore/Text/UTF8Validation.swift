//===----------------------------------------------------------------------===//
// UTF8Validation.swift: whether bytes are well-formed UTF-8, on every deployment target.
//===----------------------------------------------------------------------===//

/// Whether bytes are well-formed UTF-8. `String(validating:as:)` says the same but needs macOS 15
/// and iOS 18; this decodes with the standard library's `UTF8` codec, which every target has.
package enum UTF8Validation {
    /// Whether `bytes` decode as UTF-8 with no ill-formed sequence.
    package static func isValid<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
