//===----------------------------------------------------------------------===//
// CompilationCondition.swift: what an `#if` condition is on the machine the gate runs on.
//===----------------------------------------------------------------------===//

/// An `#if` condition read as far as the gate can tell without the compiler: `os(…)`,
/// `canImport(…)` of the modules whose presence it knows, `targetEnvironment(…)`, `swift(…)` and
/// `compiler(…)` (taken as true: the toolchain that runs the suite is a recent one), `true` and
/// `false`, joined by `!`, `&&`, `||` and parentheses. Anything else (`DEBUG`, a custom flag,
/// `arch(…)`) is ``unknown``, and so is a condition that cannot be read: the scanner then counts
/// no test in that branch, so a test a flag may compile out is never called missing.
enum CompilationCondition: Equatable {
    /// Compiled here.
    case yes
    /// Not compiled here.
    case no
    /// Cannot be told.
    case unknown

    /// The operating system the gate runs on, as `os(…)` names it.
    static var currentOS: String {
        #if os(Linux)
            "Linux"
        #elseif os(macOS)
            "macOS"
        #elseif os(Windows)
            "Windows"
        #else
            ""
        #endif
    }

    /// Modules known to import on Linux / on a Mac.
    private static let importable: Set<String> = {
        #if os(Linux)
            ["XCTest", "Testing", "Foundation", "Dispatch", "Glibc", "FoundationNetworking", "FoundationEssentials", "FoundationXML"]
        #else
            ["XCTest", "Testing", "Foundation", "Dispatch", "Darwin", "ObjectiveC", "FoundationEssentials"]
        #endif
    }()
    /// Modules known not to import on Linux / on a Mac.
    private static let notImportable: Set<String> = {
        #if os(Linux)
            ["Darwin", "ObjectiveC", "UIKit", "AppKit", "SwiftUI", "Combine", "WatchKit", "XCTestDynamicOverlay", "os"]
        #else
            ["Glibc", "Musl", "WinSDK", "Android", "FoundationNetworking"]
        #endif
    }()

    /// Reads `text` (what follows `#if` or `#elseif`).
    static func evaluate(_ text: String) -> CompilationCondition {
        var reader = Reader(characters: Array(text.prefix(1000)))
        let value = reader.disjunction(depth: 0)
        reader.skipSpaces()
        return reader.position == reader.characters.count ? value : .unknown
    }

    private static func and(_ left: Self, _ right: Self) -> Self {
        if left == .no || right == .no { return .no }
        return left == .yes && right == .yes ? .yes : .unknown
    }

    private static func or(_ left: Self, _ right: Self) -> Self {
        if left == .yes || right == .yes { return .yes }
        return left == .no && right == .no ? .no : .unknown
    }

    private static func not(_ value: Self) -> Self {
        switch value {
        case .yes: .no
        case .no: .yes
        case .unknown: .unknown
        }
    }

    /// A recursive-descent reader over the condition's characters, bounded in depth.
    private struct Reader {
        let characters: [Character]
        var position = 0

        mutating func skipSpaces() {
            while position < characters.count, characters[position].isWhitespace { position += 1 }
        }

        mutating func take(_ text: String) -> Bool {
            skipSpaces()
            let wanted = Array(text)
            guard position + wanted.count <= characters.count, Array(characters[position..<(position + wanted.count)]) == wanted else {
                return false
            }
            position += wanted.count
            return true
        }

        mutating func disjunction(depth: Int) -> CompilationCondition {
            var value = conjunction(depth: depth)
            while take("||") { value = CompilationCondition.or(value, conjunction(depth: depth)) }
            return value
        }

        mutating func conjunction(depth: Int) -> CompilationCondition {
            var value = unary(depth: depth)
            while take("&&") { value = CompilationCondition.and(value, unary(depth: depth)) }
            return value
        }

        mutating func unary(depth: Int) -> CompilationCondition {
            guard depth < 32 else {
                position = characters.count
                return .unknown
            }
            if take("!") { return CompilationCondition.not(unary(depth: depth + 1)) }
            if take("(") {
                let value = disjunction(depth: depth + 1)
                return take(")") ? value : .unknown
            }
            return atom()
        }

        mutating func atom() -> CompilationCondition {
            skipSpaces()
            var word = ""
            while position < characters.count, characters[position].isLetter || characters[position].isNumber || characters[position] == "_"
            {
                word.append(characters[position])
                position += 1
            }
            guard !word.isEmpty else { return .unknown }
            guard take("(") else {
                if word == "true" { return .yes }
                return word == "false" ? .no : .unknown
            }
            var argument = ""
            while position < characters.count, characters[position] != ")" {
                argument.append(characters[position])
                position += 1
            }
            guard take(")") else { return .unknown }
            let value = String(argument.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
            switch word {
            case "os": return value == CompilationCondition.currentOS ? .yes : .no
            case "canImport":
                let module = String(value.prefix { $0 != "." && $0 != "," && !$0.isWhitespace })
                if CompilationCondition.importable.contains(module) { return .yes }
                return CompilationCondition.notImportable.contains(module) ? .no : .unknown
            case "targetEnvironment":
                #if os(Linux)
                    return .no
                #else
                    return .unknown
                #endif
            case "swift", "compiler", "hasFeature", "hasAttribute": return .yes
            default: return .unknown
            }
        }
    }
}
