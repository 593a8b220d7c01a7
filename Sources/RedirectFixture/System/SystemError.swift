//===----------------------------------------------------------------------===//
// SystemError.swift: the C library's text for an error number.
//===----------------------------------------------------------------------===//

import GateCore

/// Turns C error numbers into text that fits inside a sentence.
enum SystemError {
    /// `strerror(code)` with its first letter lowercased, e.g. `address already in use`.
    static func message(_ code: Int32) -> String {
        guard let raw = strerror(code) else { return "error \(code)" }
        let text = String(cString: raw)
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}
