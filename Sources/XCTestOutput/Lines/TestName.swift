//===----------------------------------------------------------------------===//
// TestName.swift: a test name as printed, normalised across console formats.
//===----------------------------------------------------------------------===//

/// A test's normalised name and, when the console printed one, its module.
struct TestName: Hashable {
    /// `Class.method`, or a Swift Testing function or display name.
    var name: String
    /// The module from `-[Module.Class method]`, else `nil`.
    var module: String?

    /// Normalises an XCTest name: `-[Module.Class method]` → `Class.method` in `Module`;
    /// `Class.method()` (xcodebuild) and `Class/method()` → `Class.method`; `Class.method` stays.
    static func xctest(_ raw: Substring) -> TestName {
        if raw.hasPrefix("-["), raw.hasSuffix("]"), raw.count > 3 {
            let inner = raw.dropFirst(2).dropLast()
            if let space = inner.firstIndex(of: " ") {
                let owner = inner[..<space]
                let method = inner[inner.index(after: space)...]
                if let dot = owner.firstIndex(of: "."), dot != owner.startIndex, owner.index(after: dot) != owner.endIndex {
                    let module = String(owner[..<dot])
                    return TestName(name: "\(owner[owner.index(after: dot)...]).\(method)", module: module)
                }
                return TestName(name: "\(owner).\(method)", module: nil)
            }
        }
        // `Class/method()`: how xcodebuild's restart lines name an XCTest case.
        let dotted = raw.contains("/") ? Substring(raw.split(separator: "/", omittingEmptySubsequences: false).joined(separator: ".")) : raw
        if dotted.hasSuffix("()"), dotted.count > 2 {
            return TestName(name: String(dotted.dropLast(2)), module: nil)
        }
        return TestName(name: String(dotted), module: nil)
    }

    /// Normalises a Swift Testing name: `"display name"` loses its quotes; `f()` stays.
    static func swiftTesting(_ raw: Substring) -> TestName {
        if raw.count >= 2, raw.hasPrefix("\""), raw.hasSuffix("\"") {
            return TestName(name: String(raw.dropFirst().dropLast()), module: nil)
        }
        return TestName(name: String(raw), module: nil)
    }
}
