//===----------------------------------------------------------------------===//
// SwiftTestSource.swift: the classes, test methods and @Test functions one Swift file declares.
//===----------------------------------------------------------------------===//

/// What one Swift file of a test target declares, as far as the tests that should run go: its
/// top-level classes and what they inherit, the `func test…()` methods of its top-level types
/// and their extensions, and its `@Test` functions with their suites. Read from tokens
/// (``SwiftSourceTokens``), not compiled: declarations in an `#if` branch the gate cannot settle
/// (``CompilationCondition``) are left out, so what it lists is declared on this machine.
struct SwiftTestSource {
    /// A top-level class and the types after its colon.
    struct ClassDeclaration: Equatable {
        var name: String
        var inherits: [String]
    }

    /// A `func test…()` with no parameters, not static, not private, directly in a top-level
    /// type or an extension of one.
    struct TestMethod: Equatable {
        var type: String
        var name: String
        var line: Int
    }

    /// A `@Test` function.
    struct TestFunction: Equatable {
        var types: [String]
        var function: String
        var displayName: String?
        var line: Int
    }

    private(set) var classes: [ClassDeclaration] = []
    private(set) var methods: [TestMethod] = []
    private(set) var functions: [TestFunction] = []

    /// One `{ … }`: a type's body (its path from the top level) or anything else (a function's
    /// body, a closure, an accessor), in which no declaration counts.
    private struct Scope {
        var types: [String]?
        var isProtocol = false
    }

    private static let typeKeywords: Set<String> = ["class", "struct", "enum", "actor", "extension", "protocol"]
    /// Words after `class` that make it a modifier (`class func`), not a declaration.
    private static let notAClassName: Set<String> = [
        "func", "var", "let", "subscript", "override", "final", "public", "private", "internal", "open", "static", "fileprivate",
        "init", "deinit", "required", "convenience", "nonisolated", "package", "dynamic", "lazy", "weak", "unowned",
    ]

    /// The declaration modifiers that may stand between attributes and `func`.
    private static let modifierWords: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "static", "final", "override", "nonisolated", "mutating",
        "required", "convenience", "dynamic", "optional", "isolated", "consuming", "borrowing",
    ]

    /// Reads one file's bytes.
    init(_ bytes: [UInt8]) {
        let tokens = SwiftSourceTokens(bytes).tokens
        // The `#if` blocks around the current token: whether each one's branch is compiled here.
        struct Conditional {
            var taken = false
            var unsettled = false
            var active: Bool
        }
        var conditionals: [Conditional] = []
        var scopes: [Scope] = []
        var modifiers: Set<String> = []
        var testAttribute: (displayName: String?, present: Bool) = (nil, false)
        var pendingType: (types: [String], isProtocol: Bool)?
        var index = 0

        func token(_ at: Int) -> SwiftSourceTokens.Token? { tokens.indices.contains(at) ? tokens[at].token : nil }
        func word(_ at: Int) -> String? {
            if case .word(let text) = token(at) { return text }
            return nil
        }
        func isPunctuation(_ at: Int, _ character: Unicode.Scalar) -> Bool { token(at) == .punctuation(UInt8(ascii: character)) }
        /// The index after the bracket that closes the one at `open`.
        func skipBalanced(from open: Int) -> Int {
            var depth = 0
            var at = open
            while at < tokens.count {
                if case .punctuation(let byte) = tokens[at].token {
                    if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") { depth += 1 }
                    if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
                        depth -= 1
                        if depth <= 0 { return at + 1 }
                    }
                    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") { return at }
                }
                at += 1
            }
            return at
        }
        /// The type path the current scope is in, or `nil` inside code.
        func currentTypes() -> [String]? {
            guard let last = scopes.last else { return [] }
            return last.types
        }

        while index < tokens.count {
            let (current, line) = tokens[index]
            if case .directive(let keyword, let condition) = current {
                switch keyword {
                case "if":
                    let value = CompilationCondition.evaluate(condition)
                    conditionals.append(Conditional(taken: value == .yes, unsettled: value == .unknown, active: value == .yes))
                case "elseif":
                    if var last = conditionals.popLast() {
                        let value = last.taken ? CompilationCondition.no : CompilationCondition.evaluate(condition)
                        last.active = value == .yes
                        last.taken = last.taken || value == .yes
                        last.unsettled = last.unsettled || value == .unknown
                        conditionals.append(last)
                    }
                case "else":
                    if var last = conditionals.popLast() {
                        last.active = !last.taken && !last.unsettled
                        conditionals.append(last)
                    }
                default:
                    _ = conditionals.popLast()
                }
                index += 1
                continue
            }
            // A branch not compiled here (or not known to be) is skipped whole.
            if !conditionals.allSatisfy(\.active) {
                index += 1
                continue
            }
            switch current {
            case .punctuation(UInt8(ascii: "{")):
                if let type = pendingType, let outer = currentTypes() {
                    scopes.append(Scope(types: outer + type.types, isProtocol: type.isProtocol))
                } else {
                    scopes.append(Scope(types: nil))
                }
                pendingType = nil
                modifiers = []
                testAttribute = (nil, false)
                index += 1
            case .punctuation(UInt8(ascii: "}")):
                _ = scopes.popLast()
                pendingType = nil
                modifiers = []
                testAttribute = (nil, false)
                index += 1
            case .punctuation(UInt8(ascii: "@")):
                var next = index + 1
                var name = word(next) ?? ""
                // `@Testing.Test`
                if name == "Testing", isPunctuation(next + 1, "."), let qualified = word(next + 2) {
                    name = qualified
                    next += 2
                }
                next += 1
                var displayName: String?
                if isPunctuation(next, "(") {
                    if case .string(let text) = token(next + 1) { displayName = text }
                    next = skipBalanced(from: next)
                }
                if name == "Test" { testAttribute = (displayName, true) }
                index = max(next, index + 1)
            case .word(let keyword) where Self.typeKeywords.contains(keyword) && pendingType == nil:
                guard let name = word(index + 1), keyword != "class" || !Self.notAClassName.contains(name) else {
                    modifiers.insert(keyword)
                    index += 1
                    continue
                }
                var path = [name]
                var next = index + 2
                while keyword == "extension", isPunctuation(next, "."), let part = word(next + 1) {
                    path.append(part)
                    next += 2
                }
                // What the declaration inherits, up to its `where` or `{`.
                var inherits: [String] = []
                var angle = 0
                var afterColon = false
                var expectingName = false
                while next < tokens.count, !isPunctuation(next, "{"), !isPunctuation(next, "}"), word(next) != "where" {
                    if isPunctuation(next, "<") { angle += 1 }
                    if isPunctuation(next, ">") { angle = max(0, angle - 1) }
                    if angle == 0 && isPunctuation(next, ":") {
                        afterColon = true
                        expectingName = true
                    } else if angle == 0 && isPunctuation(next, ",") {
                        expectingName = afterColon
                    } else if afterColon && expectingName, let inherited = word(next) {
                        // `XCTest.XCTestCase` names the class after its module.
                        if isPunctuation(next + 1, "."), let member = word(next + 2) {
                            inherits.append(member)
                            next += 2
                        } else {
                            inherits.append(inherited)
                        }
                        expectingName = false
                    }
                    next += 1
                }
                if keyword == "class", currentTypes() == [] {
                    classes.append(ClassDeclaration(name: name, inherits: inherits))
                }
                pendingType = (path, keyword == "protocol")
                modifiers = []
                testAttribute = (nil, false)
                index = next
            case .word("func"):
                guard let name = word(index + 1), let types = currentTypes(), scopes.last?.isProtocol != true else {
                    modifiers = []
                    testAttribute = (nil, false)
                    index += 1
                    continue
                }
                var next = index + 2
                if isPunctuation(next, "<") {
                    var angle = 0
                    while next < tokens.count {
                        if isPunctuation(next, "<") { angle += 1 }
                        if isPunctuation(next, ">") {
                            angle -= 1
                            if angle == 0 { break }
                        }
                        if isPunctuation(next, "{") || isPunctuation(next, "(") { break }
                        next += 1
                    }
                    if isPunctuation(next, ">") { next += 1 }
                }
                guard isPunctuation(next, "(") else {
                    index = next
                    continue
                }
                let close = skipBalanced(from: next)
                let labels = Self.labels(tokens.map(\.token), from: next + 1, to: close - 1)
                if testAttribute.present {
                    let signature = name + "(" + labels.map { $0 + ":" }.joined() + ")"
                    functions.append(TestFunction(types: types, function: signature, displayName: testAttribute.displayName, line: line))
                } else if types.count == 1, name.hasPrefix("test"), labels.isEmpty,
                    modifiers.isDisjoint(with: ["static", "class", "private", "fileprivate"])
                {
                    methods.append(TestMethod(type: types[0], name: name, line: line))
                }
                modifiers = []
                testAttribute = (nil, false)
                index = close
            case .word(let modifier) where Self.modifierWords.contains(modifier):
                modifiers.insert(modifier)
                index += 1
            case .word:
                // Any other word ends what came before (`static var allTests = …` then `func testX()`).
                modifiers = []
                testAttribute = (nil, false)
                index += 1
            case .punctuation(UInt8(ascii: ";")):
                modifiers = []
                testAttribute = (nil, false)
                index += 1
            default:
                index += 1
            }
        }
    }

    /// The argument labels of the parameter list between `start` and `end` (exclusive): each
    /// parameter's first word (`_` for none).
    private static func labels(_ tokens: [SwiftSourceTokens.Token], from start: Int, to end: Int) -> [String] {
        guard start < end, end <= tokens.count else { return [] }
        var labels: [String] = []
        var depth = 0
        var expecting = true
        for at in start..<end {
            // `->` closes nothing.
            if tokens[at] == .punctuation(UInt8(ascii: ">")), at > start, tokens[at - 1] == .punctuation(UInt8(ascii: "-")) { continue }
            switch tokens[at] {
            case .punctuation(let byte) where byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "<"):
                depth += 1
            case .punctuation(let byte) where byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: ">"):
                depth -= 1
            case .punctuation(UInt8(ascii: ",")) where depth == 0:
                expecting = true
            case .word(let word) where depth == 0 && expecting:
                labels.append(word)
                expecting = false
            default:
                break
            }
        }
        return labels
    }
}
